import { assign, fromPromise, setup } from 'xstate';
import { errorEntriesOf, type ErrorEntry } from '../../src/domain/errors';

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** An entry of the server's refusal, for the toast (with its title when the form's refusal reader keeps it). */
export type FormFailure = ErrorEntry;

/** What a refusal leaves on the form: every entry for the toast, and the messages under the fields. */
interface FormRefusal {
  failure: FormFailure[];
  errors: FieldErrors;
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

/** RESET is taken by a reusable form only (see FormOptions). */
export type FormEvent = { type: 'CHANGE'; field: string; value: string } | { type: 'SUBMIT' } | { type: 'RESET' };

export interface FormOptions {
  /** The machine's id: what machines/registry.ts and a recording know it by. */
  id: string;
  /**
   * A form filled again in the same place (a modal that adds one user after another): RESET, while editing
   * or once done, empties it back to its initial values, and done waits for it instead of ending the actor
   * (so there is no output: read `result`).
   */
  reusable?: boolean;
  /** Reads a refusal; by default every entry without its title, and each titled entry's first message under that title. */
  readRefusal?: (error: unknown) => FormRefusal;
}

/** The default refusal reader: any title names a field. */
function failureOf(error: unknown): FormRefusal {
  const entries = errorEntriesOf(error);
  const errors: FieldErrors = {};
  for (const e of entries) if (e.title !== undefined) errors[e.title] ??= e.detail;
  return { failure: entries.map(({ code, detail }) => ({ code, detail })), errors };
}

/**
 * The form field an error entry's title names: the field itself ('email') or the provider's bracketed
 * parameter ('user[email]'); undefined for any other title.
 */
export function fieldOfTitle<F extends string>(title: string | undefined, fields: readonly F[]): F | undefined {
  if (title === undefined) return undefined;
  const name = /\[([^\]]+)\]$/.exec(title)?.[1] ?? title;
  return fields.find((field) => field === name);
}

/** A refusal read against known fields: every entry (titles kept) for the toast, and the first entry naming each field under that field. */
export function refusalOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): { failure: ErrorEntry[]; errors: Partial<Record<F, string>> } {
  const failure = errorEntriesOf(error);
  const errors: Partial<Record<F, string>> = {};
  for (const entry of failure) {
    const field = fieldOfTitle(entry.title, fields);
    if (field !== undefined) errors[field] ??= entry.detail;
  }
  return { failure, errors };
}

/**
 * A form machine: a form that is checked, then sent once: editing -> submitting -> done (final, with the
 * answer as output, unless the form is reusable). A failed check stays in editing with the messages per
 * field; a refused submit comes back to editing with the refusal's field messages and its failure (nothing
 * typed is lost). SUBMIT while submitting is ignored, so a double click sends one request; CHANGE is too,
 * so what was sent is what the form shows. Editing a field clears that field's message. The `submit`
 * effect sends the values; the `submitted` action runs once it answers (what else the answer changes).
 */
export function createFormMachine({ id, reusable = false, readRefusal = failureOf }: FormOptions) {
  const emptied = ({ context }: { context: FormContext }) => ({
    values: { ...context.initial },
    errors: {},
    failure: null,
    result: null,
  });
  return setup({
    types: {
      context: {} as FormContext,
      events: {} as FormEvent,
      input: {} as FormInput,
      output: {} as { result: unknown },
    },
    actors: {
      submit: fromPromise<unknown, FormValues>(() => new Promise(() => {})),
    },
    actions: {
      /** What else a sent form changes (a list to revalidate); nothing by default. */
      submitted: () => {},
    },
    guards: {
      isInvalid: ({ context }) => Object.keys(context.validate(context.values)).length > 0,
    },
  }).createMachine({
    id,
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
            {
              guard: 'isInvalid',
              actions: assign({ errors: ({ context }) => context.validate(context.values), failure: null }),
            },
            { target: 'submitting', actions: assign({ errors: {}, failure: null }) },
          ],
          ...(reusable ? { RESET: { actions: assign(emptied) } } : {}),
        },
      },
      submitting: {
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: {
            target: 'done',
            actions: [assign({ failure: null, result: ({ event }) => event.output }), 'submitted'],
          },
          onError: { target: 'editing', actions: assign(({ event }) => readRefusal(event.error)) },
        },
      },
      done: reusable ? { on: { RESET: { target: 'editing', actions: assign(emptied) } } } : { type: 'final' },
    },
    output: ({ context }) => ({ result: context.result }),
  });
}

/** The plain form: the password and e-mail screens give it their values and check as input. */
export const formMachine = createFormMachine({ id: 'form' });
