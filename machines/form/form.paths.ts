/**
 * The form's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import { pathModel } from '../test-paths';
import { apiErrorFromBody } from '../../src/api/errors';
import { formMachine, type FieldErrors, type FormContext, type FormInput, type FormValues } from './form.machine';

export const validate = (values: FormValues): FieldErrors => (values.email ? {} : { email: 'Email ID is required' });
export const input = { initial: { email: '' }, validate };
export const prefilledInput = { initial: { email: 'x@y.in' }, validate };

/** The refusals the paths meet (the tests say what each must leave). */
export const REFUSED = {
  invalidEmail: apiErrorFromBody(422, {
    errors: [
      { code: 'ER-VALIDATION', title: 'email', detail: 'email is not a valid e-mail address' },
      { code: 'ER-VALIDATION', title: 'email', detail: 'a second message for the field' },
      { code: 'ER-X', detail: 'also this' },
    ],
  }),
  offline: new Error('offline'),
};

const FORM_EVENTS = [
  { type: 'CHANGE', field: 'email', value: 'a@b.in' },
  { type: 'CHANGE', field: 'email', value: '' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.submit', output: { message: 'sent' } },
  { type: 'xstate.error.actor.submit', error: REFUSED.invalidEmail },
  { type: 'xstate.error.actor.submit', error: REFUSED.offline },
] as AnyEventObject[];

export const formState = (s: { value: unknown; context: FormContext }) =>
  JSON.stringify([s.value, s.context.values, s.context.errors, s.context.failure, s.context.result]);
const formGraph = (formInput: FormInput) => ({
  input: formInput,
  events: FORM_EVENTS as never,
  serializeState: formState as never,
  serializeEvent: ((e: AnyEventObject) =>
    JSON.stringify(e, (key, value: unknown) => (key === 'error' ? String(value) : value))) as never,
  filterEvents: ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never,
});

export const formPaths = pathModel({
  machine: formMachine,
  effects: ['submit'],
  graphs: {
    /** Each state by the value typed: editing, submitting, done. */
    byState: {
      input,
      events: [
        { type: 'CHANGE', field: 'email', value: 'a@b.in' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.submit', output: 'ok' } as AnyEventObject,
        { type: 'xstate.error.actor.submit', error: new Error('no') } as AnyEventObject,
      ] as never,
      serializeState: (s) => `${JSON.stringify(s.value)}|${s.context.values.email}`,
    },
    /** An empty form: values, messages, both refusals, the answer. */
    empty: formGraph(input),
    /** A prefilled form: the same. */
    prefilled: formGraph(prefilledInput),
  },
});
