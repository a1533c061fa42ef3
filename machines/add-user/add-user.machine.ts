import { assign, fromPromise, setup } from 'xstate';
import { EMPTY_NEW_USER, newUserProblems, type NewUserForm } from '../../src/domain/admin';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';

/**
 * The Add New User modal (spec 2 §2.7, §2.8, §4, §5, §6, §8): a form (first and last name, e-mail, phone
 * number, designation) checked by the kernel's `newUserProblems`, sent once through the `createUser`
 * effect (POST /users with role_id '5'), then the success screen ('User Added Successfully!' with the
 * user's name). A refusal comes back to the form with the provider's entries (the screen toasts them as
 * 'CODE: detail') and the entries whose title names a field under that field; nothing typed is lost.
 *
 * States: editing -> sending -> done; sending -> editing on a refusal; RESET (editing, done) -> an empty
 * editing. SUBMIT and CHANGE are not taken while sending (a double click sends once; what was sent is what
 * the form shows), nor is RESET (the modal stays open while a user is being added).
 */

export type NewUserField = keyof NewUserForm;
export type NewUserErrors = Partial<Record<NewUserField, string>>;

/** What the effect resolves with: the user the provider created (only the name is shown). */
export interface CreatedUser {
  name: string;
}

export interface AddUserContext {
  values: NewUserForm;
  errors: NewUserErrors;
  /** The provider's refusal of the last submit, for the toast; cleared on the next submit. */
  failure: ErrorEntry[] | null;
  /** The created user's name, for the success screen (in `done`). */
  created: { name: string } | null;
}

export type AddUserEvent = { type: 'CHANGE'; field: NewUserField; value: string } | { type: 'SUBMIT' } | { type: 'RESET' };

export const NEW_USER_FIELDS: readonly NewUserField[] = ['first_name', 'last_name', 'email', 'phone_number', 'designation'];

/**
 * The form field an error entry's title names: the field itself ('email') or the provider's bracketed
 * parameter ('user[email]'); undefined for any other title.
 */
export function fieldOfTitle<F extends string>(title: string | undefined, fields: readonly F[]): F | undefined {
  if (title === undefined) return undefined;
  const name = /\[([^\]]+)\]$/.exec(title)?.[1] ?? title;
  return fields.find((field) => field === name);
}

/** A refusal: every entry for the toast, and the first entry naming each field under that field. */
export function refusalOf<F extends string>(error: unknown, fields: readonly F[]): { failure: ErrorEntry[]; errors: Partial<Record<F, string>> } {
  const failure = errorEntriesOf(error);
  const errors: Partial<Record<F, string>> = {};
  for (const entry of failure) {
    const field = fieldOfTitle(entry.title, fields);
    if (field !== undefined) errors[field] ??= entry.detail;
  }
  return { failure, errors };
}

/** The name the success screen shows: the provider's, else the one typed. */
function createdName(user: CreatedUser | null | undefined, values: NewUserForm): string {
  const name = user?.name?.trim() ?? '';
  return name !== '' ? name : `${values.first_name.trim()} ${values.last_name.trim()}`.trim();
}

const emptyForm = (): Pick<AddUserContext, 'values' | 'errors' | 'failure' | 'created'> => ({ values: { ...EMPTY_NEW_USER }, errors: {}, failure: null, created: null });

export const addUserMachine = setup({
  types: {
    context: {} as AddUserContext,
    events: {} as AddUserEvent,
  },
  actors: {
    createUser: fromPromise<CreatedUser, NewUserForm>(() => new Promise(() => {})),
  },
  actions: {
    /** Revalidates every users list (the admin page's Existing Users). */
    refreshUsers: () => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(newUserProblems(context.values)).length > 0,
  },
}).createMachine({
  id: 'addUser',
  context: emptyForm,
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const { [event.field]: _cleared, ...errors } = context.errors;
            return { values: { ...context.values, [event.field]: event.value }, errors };
          }),
        },
        SUBMIT: [
          { guard: 'invalid', actions: assign(({ context }) => ({ errors: newUserProblems(context.values), failure: null })) },
          { target: 'sending', actions: assign({ errors: {}, failure: null }) },
        ],
        RESET: { target: 'editing', reenter: true, actions: assign(emptyForm) },
      },
    },
    sending: {
      invoke: {
        id: 'createUser',
        src: 'createUser',
        input: ({ context }) => context.values,
        onDone: {
          target: 'done',
          actions: [assign(({ context, event }) => ({ created: { name: createdName(event.output, context.values) }, failure: null })), 'refreshUsers'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => refusalOf(event.error, NEW_USER_FIELDS)),
        },
      },
    },
    done: {
      on: { RESET: { target: 'editing', actions: assign(emptyForm) } },
    },
  },
});

export type AddUserMachine = typeof addUserMachine;
