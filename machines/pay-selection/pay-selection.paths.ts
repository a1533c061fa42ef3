/**
 * The pay selection's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`).
 * The machine has one state ('ready'): the graphs walk the whole selection (flags, amounts, errors, popup)
 * over small fixed worlds. Test support, imported by tests only.
 */
import type { SnapshotFrom } from 'xstate';
import { pathModel } from '../test-paths';
import { paySelectionMachine, type PaySelectionEvent, type PaySelectionInput } from './pay-selection.machine';
import type { PayItem, SelectionOptions } from './rules';

export const TODAY = '2026-03-01';
export const options: SelectionOptions = { product: 'provider', variant: 'payment-page', isSalesOrder: false };

export function item(id: string, overrides: Partial<PayItem> = {}): PayItem {
  return {
    id,
    document_number: `INV-${id}`,
    invoice_date: '2026-02-01',
    due_date: '2026-03-10',
    invoice_amount: 100_000,
    balance_due: 100_000,
    status: 'open',
    ...overrides,
  };
}

/** Two documents of 1,000.00 and a limit of 1,500.00: only one fits on credit in full. */
export const WORLD: PaySelectionInput = {
  items: [item('a'), item('b')],
  creditLimitBalance: 150_000,
  today: TODAY,
  options,
};
/** On the boundary: 1,000.00 + 500.00 fill the limit of 1,500.00 exactly. */
export const BOUNDARY: PaySelectionInput = {
  ...WORLD,
  items: [item('a'), item('b', { invoice_amount: 50_000, balance_due: 50_000 })],
};

const events: PaySelectionEvent[] = [
  { type: 'TOGGLE', id: 'a' },
  { type: 'TOGGLE', id: 'b' },
  { type: 'SELECT_ALL' },
  { type: 'CLEAR_ALL' },
  { type: 'SET_CREDIT', id: 'a', on: true },
  { type: 'SET_CREDIT', id: 'b', on: true },
  { type: 'SET_CREDIT', id: 'a', on: false },
  { type: 'SET_PAY', id: 'a', on: true },
  { type: 'SET_PAY', id: 'b', on: true },
  { type: 'SET_PART', id: 'a', on: true },
  { type: 'SET_PART', id: 'a', on: false },
  { type: 'SET_PART_AMOUNT', id: 'a', text: '400' },
  { type: 'SET_PART_AMOUNT', id: 'a', text: '600' },
  { type: 'SET_PART_AMOUNT', id: 'a', text: 'x' },
  { type: 'DISMISS_POPUP' },
];
export const key = (snapshot: SnapshotFrom<typeof paySelectionMachine>) =>
  JSON.stringify({ value: snapshot.value, selections: snapshot.context.selections, popup: snapshot.context.popup });

export const paySelectionPaths = pathModel({
  machine: paySelectionMachine,
  effects: [],
  graphs: {
    world: { input: WORLD, events, serializeState: key },
    boundary: { input: BOUNDARY, events, serializeState: key },
  },
});
