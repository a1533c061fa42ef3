/**
 * The manual invoice entry's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import { initialTransition, transition, type AnyEventObject } from 'xstate';
import type { PayDocument } from '../../src/domain/pay';
import { pathModel } from '../test-paths';
import { apiErrorFromBody } from '../../src/api/errors';
import { manualInvoiceMachine, type ManualInvoiceContext, type ManualInvoiceEvent } from './manual-invoice.machine';

export const TODAY = '2026-11-22';
export const created: PayDocument = {
  id: '901',
  document_number: 'MAN-1',
  invoice_date: '2026-11-20',
  due_date: TODAY,
  invoice_amount: 1_200_00,
  balance_due: 1_200_00,
  status: 'open',
  is_manual: true,
};

/** The invoke id of the creation (the machine leaves it unnamed): `xstate.done.actor.<id>` in the graph. */
export const CREATE_ID = manualInvoiceMachine.getStateNodeById('manualInvoice.creating').invoke[0]!.id;

export const fileA = new File([new Uint8Array(10)], 'invoice.pdf', { type: 'application/pdf', lastModified: 1 });
/** The same file chosen again: another object, same name, size, date and type. */
const fileAAgain = new File([new Uint8Array(10)], 'invoice.pdf', { type: 'application/pdf', lastModified: 1 });
const fileB = new File([new Uint8Array(20)], 'corrected.pdf', { type: 'application/pdf', lastModified: 2 });
const textFile = new File(['x'], 'invoice.txt', { type: 'text/plain' });
const FILE_NAMES = new Map<unknown, string>([
  [fileA, 'A'],
  [fileAAgain, 'A-again'],
  [fileB, 'B'],
  [textFile, 'txt'],
]);

/** The refusals of the creation the paths meet (the tests say what each must leave). */
export const REFUSED = {
  duplicate: apiErrorFromBody(422, {
    errors: [{ code: 'ER-VALIDATION', title: 'invoice[gst_invoice_id]', detail: 'Invoice MAN-1 already exists.' }],
  }),
  unavailable: apiErrorFromBody(503, { errors: [{ code: 'ER-503', detail: 'Try later.' }] }),
  offline: new Error('offline'),
};

const createdDone = { type: `xstate.done.actor.${CREATE_ID}`, output: { data: created } } as AnyEventObject;
const duplicate = { type: `xstate.error.actor.${CREATE_ID}`, error: REFUSED.duplicate } as AnyEventObject;
const unavailable = { type: `xstate.error.actor.${CREATE_ID}`, error: REFUSED.unavailable } as AnyEventObject;
const offline = { type: `xstate.error.actor.${CREATE_ID}`, error: REFUSED.offline } as AnyEventObject;

export const FILL: ManualInvoiceEvent[] = [
  { type: 'CHANGE', field: 'number', value: 'MAN-1' },
  { type: 'CHANGE', field: 'amount', value: '1200' },
  { type: 'CHANGE', field: 'date', value: '2026-11-20' },
];
export const EV = {
  man1: { type: 'CHANGE', field: 'number', value: 'MAN-1' },
  man2: { type: 'CHANGE', field: 'number', value: 'MAN-2' },
  amount: { type: 'CHANGE', field: 'amount', value: '1200' },
  pastedAmount: { type: 'CHANGE', field: 'amount', value: '1200.50' },
  date: { type: 'CHANGE', field: 'date', value: '2026-11-20' },
  futureDate: { type: 'CHANGE', field: 'date', value: '2026-12-01' },
  uploadA: { type: 'UPLOAD', file: fileA },
  uploadAAgain: { type: 'UPLOAD', file: fileAAgain },
  uploadB: { type: 'UPLOAD', file: fileB },
  uploadText: { type: 'UPLOAD', file: textFile },
  submit: { type: 'SUBMIT' },
  del: { type: 'DELETE' },
  confirm: { type: 'CONFIRM' },
  cancel: { type: 'CANCEL' },
} satisfies Record<string, ManualInvoiceEvent>;

/** Files serialise as {} in JSON: name them, or the graph takes every UPLOAD for one. */
const manualEvent = (e: AnyEventObject) =>
  JSON.stringify(e, (key, value: unknown) =>
    value instanceof Blob ? `file:${FILE_NAMES.get(value)}` : key === 'error' ? String(value) : value,
  );
/** Everything the guards read (values, file, sales order) and what the paths should tell apart. */
export const fullState = (s: { value: unknown; context: ManualInvoiceContext }) =>
  JSON.stringify([
    s.value,
    s.context.values,
    s.context.file?.name ?? null,
    s.context.errors,
    s.context.failure,
    s.context.key !== null,
  ]);
/**
 * Coarser: messages left out (the reference model still checks them), so the simple paths stay ~1,000;
 * a creation that follows a refusal (a retry) is told apart from the first, or no path could retry.
 */
export const coarseState = (
  s: { value: unknown; context: ManualInvoiceContext },
  _event?: unknown,
  prev?: { context: ManualInvoiceContext },
) =>
  JSON.stringify([
    s.value,
    s.context.values,
    s.context.file?.name ?? null,
    s.context.key !== null,
    s.context.failure !== null,
    s.value === 'creating' && prev?.context.failure != null,
  ]);
const canTake = ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never;
const graphInput = (isSalesOrder: boolean) => ({ isSalesOrder, today: TODAY, newKey: () => 'graph-key' });

let filled = initialTransition(manualInvoiceMachine, graphInput(false))[0];
for (const event of FILL) [filled] = transition(manualInvoiceMachine, filled, event);

export const manualInvoicePaths = pathModel({
  machine: manualInvoiceMachine,
  effects: [CREATE_ID],
  graphs: {
    /** An invoice from an empty entry, every event: every state by a shortest path. */
    fromEmpty: {
      input: graphInput(false),
      events: Object.values(EV).concat([createdDone, duplicate, unavailable, offline] as never[]),
      serializeState: fullState,
      serializeEvent: manualEvent,
      filterEvents: canTake,
    },
    /** An invoice from a filled entry (after FILL): creation settled, retried, renewed, deleted. */
    fromFilled: {
      input: graphInput(false),
      fromState: filled,
      events: [
        EV.man2,
        EV.uploadA,
        EV.uploadB,
        EV.uploadText,
        EV.del,
        EV.confirm,
        EV.cancel,
        createdDone,
        duplicate,
      ] as never,
      serializeState: coarseState,
      serializeEvent: manualEvent,
      filterEvents: canTake,
    },
    /** A sales order (Submit, no file). */
    salesOrder: {
      input: graphInput(true),
      events: [
        EV.man1,
        EV.amount,
        EV.date,
        EV.uploadA,
        EV.submit,
        EV.del,
        EV.confirm,
        EV.cancel,
        createdDone,
        duplicate,
      ] as never,
      serializeState: fullState,
      serializeEvent: manualEvent,
      filterEvents: canTake,
    },
  },
});
