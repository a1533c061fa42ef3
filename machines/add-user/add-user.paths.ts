/**
 * The add-user form's path model: the graph its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import type { NewUserForm } from '../../src/domain/admin';
import { pathModel } from '../test-paths';
import { apiErrorFromBody } from '../../src/api/errors';
import type { FormContext } from '../form/form.machine';
import { ADD_USER_INPUT, addUserMachine, type NewUserField } from './add-user.machine';

export const VALID: NewUserForm = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha.rao@example.test',
  phone_number: '+91 9876543210',
  designation: 'portal_user',
};

/** The refusals the paths meet (the tests say what each must leave). */
export const REFUSED = {
  emailTaken: apiErrorFromBody(422, {
    errors: [{ code: 'ER-USER-101', title: 'email', detail: 'Email has already been taken' }],
  }),
  unavailable: apiErrorFromBody(503, {}),
};

const change = (field: NewUserField, value: string) => ({ type: 'CHANGE', field, value });
const USER_EVENTS = [
  change('first_name', VALID.first_name),
  change('first_name', 'A'),
  change('last_name', VALID.last_name),
  change('email', VALID.email),
  change('email', 'asha@'),
  change('phone_number', '+91 9876543210'),
  change('phone_number', '+91-9876543210'),
  change('phone_number', '9876543210'),
  change('phone_number', '98765'),
  change('phone_number', '+12345 9876543210'),
  change('phone_number', '91 9876543210'),
  { type: 'SUBMIT' },
  { type: 'RESET' },
  { type: 'xstate.done.actor.submit', output: { name: 'Asha Rao' } },
  { type: 'xstate.error.actor.submit', error: REFUSED.emailTaken },
  { type: 'xstate.error.actor.submit', error: REFUSED.unavailable },
] as AnyEventObject[];

export const userState = (s: { value: unknown; context: FormContext }) =>
  JSON.stringify([s.value, s.context.values, s.context.errors, s.context.failure, s.context.result]);
/** Errors serialise alike: numbered. */
const serializeEvent = (e: AnyEventObject) =>
  JSON.stringify(e, (key, value: unknown) =>
    key === 'error' ? `${String(value)}#${Object.values(REFUSED).indexOf(value as never)}` : value,
  );

export const addUserPaths = pathModel({
  machine: addUserMachine,
  effects: ['submit'],
  graphs: {
    /** The form's values, every message, both refusals and the answer. */
    form: {
      input: ADD_USER_INPUT,
      events: USER_EVENTS as never,
      serializeState: userState,
      serializeEvent,
      filterEvents: ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never,
    },
  },
});
