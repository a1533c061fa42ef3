import { assign, fromPromise, setup } from 'xstate';
import {
  bankAccountProblems,
  EMPTY_BANK_ACCOUNT,
  isIfsc,
  maskIfsc,
  wantsBankLookup,
  type BankAccountForm,
} from '../../src/domain/admin';
import type { ErrorEntry } from '../../src/domain/errors';
import { refusalOf } from '../form/form.machine';

/**
 * The Add Bank Account modal (spec 2 §2.7, §2.8, §4, §5, §7, §8): the seven fields, the IFSC masked as it
 * is typed (the kernel's `maskIfsc`). A full IFSC (`wantsBankLookup` and `isIfsc`) is looked up through the
 * `lookupBank` effect: its answer fills the bank and branch names and locks them (CHANGE of those two is
 * then ignored); a failed lookup leaves them editable, with no message (spec 2 §8). Editing the IFSC again
 * cancels a lookup under way, unlocks the two and clears what the lookup filled. SUBMIT checks the form
 * with the kernel's `bankAccountProblems`, then sends it once through `createBankAccount`; success is
 * `done` (the screen toasts 'Bank account added successfully.' and closes), a refusal comes back to
 * editing with the provider's entries (field ones under their field), nothing typed lost.
 *
 * States: editing (idle | lookingUp) -> sending -> done; sending -> editing on a refusal; RESET (editing,
 * done) -> an empty editing. SUBMIT, CHANGE and RESET are not taken while sending.
 */

export type BankAccountField = keyof BankAccountForm;
export type BankAccountErrors = Partial<Record<BankAccountField, string>>;

/** What the lookup answers (GET /bank_details_by_ifsc, spec 2 §7). */
export interface BankLookupResult {
  BANK: string;
  BRANCH: string;
}

export interface AddBankAccountContext {
  values: BankAccountForm;
  errors: BankAccountErrors;
  /** The provider's refusal of the last submit, for the toast; cleared on the next submit. */
  failure: ErrorEntry[] | null;
  /** The bank and branch names come from the IFSC lookup: shown read-only, CHANGE of them ignored. */
  locked: boolean;
}

export type AddBankAccountEvent =
  { type: 'CHANGE'; field: BankAccountField; value: string } | { type: 'SUBMIT' } | { type: 'RESET' };

const BANK_ACCOUNT_FIELDS: readonly BankAccountField[] = [
  'account_name',
  'account_number',
  'account_type',
  'ifsc',
  'bank_name',
  'branch_name',
  'region',
];
/** The fields a lookup fills (and locks). */
const LOOKED_UP_FIELDS: readonly BankAccountField[] = ['bank_name', 'branch_name'];

/** An IFSC the machine looks up. */
export const shouldLookUp = (ifsc: string): boolean => wantsBankLookup(ifsc) && isIfsc(ifsc);

const emptyForm = (): AddBankAccountContext => ({
  values: { ...EMPTY_BANK_ACCOUNT },
  errors: {},
  failure: null,
  locked: false,
});

const isLookedUpField = (field: BankAccountField) => LOOKED_UP_FIELDS.includes(field);
const maskedIfsc = (event: AddBankAccountEvent) =>
  event.type === 'CHANGE' && event.field === 'ifsc' ? maskIfsc(event.value) : null;

export const addBankAccountMachine = setup({
  types: {
    context: {} as AddBankAccountContext,
    events: {} as AddBankAccountEvent,
  },
  actors: {
    lookupBank: fromPromise<BankLookupResult, { ifsc: string }>(() => new Promise(() => {})),
    createBankAccount: fromPromise<unknown, BankAccountForm>(() => new Promise(() => {})),
  },
  actions: {
    /** Revalidates every bank-account list (the admin page's Anchor Bank Accounts). */
    refreshBankAccounts: () => {},
    /** A new IFSC: masked, its message cleared; a looked-up bank and branch are cleared and unlocked. */
    changeIfsc: assign(({ context, event }) => {
      const ifsc = maskedIfsc(event) ?? context.values.ifsc;
      const { ifsc: _cleared, ...errors } = context.errors;
      const values = context.locked
        ? { ...context.values, ifsc, bank_name: '', branch_name: '' }
        : { ...context.values, ifsc };
      return { values, errors, locked: false };
    }),
  },
  guards: {
    lockedField: ({ context, event }) => event.type === 'CHANGE' && context.locked && isLookedUpField(event.field),
    sameIfsc: ({ context, event }) => maskedIfsc(event) === context.values.ifsc,
    lookupIfsc: ({ event }) => {
      const ifsc = maskedIfsc(event);
      return ifsc !== null && shouldLookUp(ifsc);
    },
    isIfscChange: ({ event }) => maskedIfsc(event) !== null,
    invalid: ({ context }) => Object.keys(bankAccountProblems(context.values)).length > 0,
    /** A lookup answer worth locking: both names present. */
    found: ({ event }) => {
      const output = (event as { output?: Partial<BankLookupResult> }).output;
      return (
        typeof output?.BANK === 'string' &&
        output.BANK.trim() !== '' &&
        typeof output.BRANCH === 'string' &&
        output.BRANCH.trim() !== ''
      );
    },
  },
}).createMachine({
  id: 'addBankAccount',
  context: emptyForm,
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        CHANGE: [
          // Filled from the IFSC: read-only until the IFSC changes.
          { guard: 'lockedField' },
          // The mask left the IFSC as it was (a character it refuses): nothing changes, a lookup under way goes on.
          { guard: 'sameIfsc' },
          // A full IFSC: looked up (a lookup under way for the previous one is cancelled).
          { guard: 'lookupIfsc', target: '.lookingUp', reenter: true, actions: 'changeIfsc' },
          { guard: 'isIfscChange', target: '.idle', actions: 'changeIfsc' },
          {
            actions: assign(({ context, event }) => {
              const { [event.field]: _cleared, ...errors } = context.errors;
              return { values: { ...context.values, [event.field]: event.value }, errors };
            }),
          },
        ],
        SUBMIT: [
          {
            guard: 'invalid',
            actions: assign(({ context }) => ({ errors: bankAccountProblems(context.values), failure: null })),
          },
          { target: 'sending', actions: assign({ errors: {}, failure: null }) },
        ],
        RESET: { target: 'editing', reenter: true, actions: assign(emptyForm) },
      },
      states: {
        idle: {},
        lookingUp: {
          invoke: {
            id: 'lookupBank',
            src: 'lookupBank',
            input: ({ context }) => ({ ifsc: context.values.ifsc }),
            onDone: [
              {
                guard: 'found',
                target: 'idle',
                actions: assign(({ context, event }) => {
                  const { bank_name: _bank, branch_name: _branch, ...errors } = context.errors;
                  return {
                    values: {
                      ...context.values,
                      bank_name: event.output.BANK.trim(),
                      branch_name: event.output.BRANCH.trim(),
                    },
                    errors,
                    locked: true,
                  };
                }),
              },
              // An answer without a bank or a branch is no better than a failure: the fields stay editable.
              { target: 'idle' },
            ],
            // Spec 2 §8: a failed lookup leaves the bank and branch editable, with no message.
            onError: { target: 'idle' },
          },
        },
      },
    },
    sending: {
      invoke: {
        id: 'createBankAccount',
        src: 'createBankAccount',
        input: ({ context }) => context.values,
        onDone: { target: 'done', actions: [assign({ failure: null }), 'refreshBankAccounts'] },
        onError: { target: 'editing', actions: assign(({ event }) => refusalOf(event.error, BANK_ACCOUNT_FIELDS)) },
      },
    },
    done: {
      on: { RESET: { target: 'editing', actions: assign(emptyForm) } },
    },
  },
});
