import { assign, fromPromise, setup } from 'xstate';
import { errorEntriesOf } from '../../src/domain/errors';

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

export interface FormFailure {
  code: string;
  detail: string;
}

export interface FormInput {
  initial: FormValues;
  /** Pure check of the values: the message per invalid field; empty when the form may be sent. */
  validate: (values: FormValues) => FieldErrors;
}

export interface FormContext extends FormInput {
  values: FormValues;
  errors: FieldErrors;
  /** The server's refusal of the last submit, for a toast; cleared on the next submit. */
  failure: FormFailure[] | null;
  /** The server's answer once sent. */
  result: unknown;
}

export type FormEvent = { type: 'CHANGE'; field: string; value: string } | { type: 'SUBMIT' };

/** The refusal as the provider's entries (for the toast) and the messages of the entries that name a field. */
function failureOf(error: unknown): { failure: FormFailure[]; fields: FieldErrors } {
  const entries = errorEntriesOf(error);
  const fields: FieldErrors = {};
  for (const e of entries) if (e.title !== undefined) fields[e.title] ??= e.detail;
  return { failure: entries.map(({ code, detail }) => ({ code, detail })), fields };
}

/**
 * A form that is checked, then sent once: editing -> submitting -> done (final, with the answer as output).
 * A failed check stays in editing with the messages per field; a refused submit comes back to editing
 * with the server's field messages and its failure (nothing typed is lost). SUBMIT while submitting is
 * ignored, so a double click sends one request. Editing a field clears that field's message.
 */
export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
    output: {} as { result: unknown },
  },
  actors: {
    submit: fromPromise<unknown, FormValues>(() => new Promise(() => {})),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(context.validate(context.values)).length > 0,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({ ...input, values: { ...input.initial }, errors: {}, failure: null, result: null }),
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
          { guard: 'isInvalid', actions: assign({ errors: ({ context }) => context.validate(context.values), failure: null }) },
          { target: 'submitting', actions: assign({ errors: {}, failure: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.values,
        onDone: { target: 'done', actions: assign({ failure: null, result: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const { failure, fields } = failureOf(event.error);
            return { failure, errors: fields };
          }),
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result }),
});

export type FormMachine = typeof formMachine;
