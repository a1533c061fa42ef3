/**
 * The add-bank-account form's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import { initialTransition, transition, type AnyEventObject } from 'xstate';
import { pathModel } from '../test-paths';
import { apiErrorFromBody } from '../../src/api/errors';
import {
  addBankAccountMachine,
  type AddBankAccountContext,
  type AddBankAccountEvent,
  type BankAccountField,
  type BankLookupResult,
} from './add-bank-account.machine';

export const SBI: BankLookupResult = { BANK: 'State Bank of India', BRANCH: 'Mumbai Main' };
/** The four fields the lookup has nothing to do with. */
export const PLAIN = {
  account_name: 'Acme Traders',
  account_number: '123456789012',
  account_type: 'CA',
  region: 'north',
} as const;

/** The refusals of the creation the paths meet (the tests say what each must leave). */
export const REFUSED = {
  bankUnknown: apiErrorFromBody(422, {
    errors: [{ code: 'ER-VALIDATION', title: 'bank_name', detail: 'Bank name is not known' }],
  }),
  offline: new TypeError('Failed to fetch'),
};

/** Each effect's answers and failures. */
export const EFFECT_EVENTS = {
  lookedUp: { type: 'xstate.done.actor.lookupBank', output: SBI },
  foundNothing: { type: 'xstate.done.actor.lookupBank', output: { BANK: '', BRANCH: '' } },
  lookupFailed: {
    type: 'xstate.error.actor.lookupBank',
    error: apiErrorFromBody(404, { errors: [{ code: 'ER-404', detail: 'Invalid Ifsc code.' }] }),
  },
  created: { type: 'xstate.done.actor.createBankAccount', output: { id: '9' } },
  refused: { type: 'xstate.error.actor.createBankAccount', error: REFUSED.bankUnknown },
  offline: { type: 'xstate.error.actor.createBankAccount', error: REFUSED.offline },
} satisfies Record<string, AnyEventObject>;
const { lookedUp, foundNothing, lookupFailed, created, refused, offline } = EFFECT_EVENTS;

/** The four plain fields filled: where the IFSC graphs start. */
export const FILL_PLAIN = Object.entries(PLAIN).map(
  ([field, value]) => ({ type: 'CHANGE', field, value }) as AddBankAccountEvent,
);
let filled = initialTransition(addBankAccountMachine)[0];
for (const event of FILL_PLAIN) [filled] = transition(addBankAccountMachine, filled, event);

const change = (field: BankAccountField, value: string) => ({ type: 'CHANGE', field, value });
export const bankState = (s: { value: unknown; context: AddBankAccountContext }) =>
  JSON.stringify([s.value, s.context.values, s.context.errors, s.context.failure, s.context.locked]);
/** Errors serialise alike: numbered. */
const serializeEvent = (e: AnyEventObject) =>
  JSON.stringify(e, (key, value: unknown) =>
    key === 'error' ? `${String(value)}#${Object.values(REFUSED).indexOf(value as never)}` : value,
  );
const canTake = (s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e);

/** The IFSC, its lookup (answered, or `unanswered`) and the bank fields once the rest is filled. */
const ifscGraph = (unanswered: AnyEventObject) => ({
  fromState: filled,
  events: [
    change('ifsc', 'SBIN0000001'),
    change('ifsc', 'HDFC0000001'),
    change('ifsc', 'SBIN00000'),
    change('ifsc', 'SBIN1000001'),
    change('bank_name', 'Typed Bank'),
    change('branch_name', 'Typed Branch'),
    { type: 'SUBMIT' },
    { type: 'RESET' },
    lookedUp,
    unanswered,
    created,
    refused,
    offline,
  ] as never,
  serializeState: bankState,
  serializeEvent,
  filterEvents: canTake as never,
});

export const addBankAccountPaths = pathModel({
  machine: addBankAccountMachine,
  effects: ['lookupBank', 'createBankAccount'],
  graphs: {
    /** The whole form from empty: every message, the masked IFSC looked up, sent, refused. */
    fromEmpty: {
      events: [
        change('account_name', PLAIN.account_name),
        change('account_number', PLAIN.account_number),
        change('account_number', '12345'),
        change('account_type', 'CA'),
        change('region', 'north'),
        change('ifsc', 'sbin 000'),
        change('ifsc', 'sbin0000001'),
        { type: 'SUBMIT' },
        { type: 'RESET' },
        lookedUp,
        lookupFailed,
        created,
        refused,
      ] as never,
      serializeState: bankState,
      serializeEvent,
      filterEvents: canTake as never,
    },
    /** A failed lookup and an empty answer leave the same state: each gets its own graph, so its paths are generated. */
    ifscLookupFailed: ifscGraph(lookupFailed),
    ifscFoundNothing: ifscGraph(foundNothing),
  },
});
