import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { formMachine, type FormValues } from '../form/form.machine';
import { PASSWORD_MISMATCH, profileMachine, validatePasswordChange } from './profile.machine';

function harness(submit: (values: FormValues) => Promise<unknown>) {
  const sent: FormValues[] = [];
  const machine = profileMachine.provide({
    actors: { passwordForm: formMachine.provide({ actors: { submit: fromPromise(({ input }) => (sent.push(input), submit(input))) } }) },
  });
  return { actor: createActor(machine).start(), sent };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const form = (actor: ReturnType<typeof harness>['actor']) => actor.getSnapshot().children.passwordForm!;

describe('password change checks', () => {
  it('requires both fields and a matching confirmation', () => {
    expect(validatePasswordChange({ password: '', password_confirmation: '' })).toEqual({
      password: 'New Password is required',
      password_confirmation: 'Confirm Password is required',
    });
    expect(validatePasswordChange({ password: 'Secret@123', password_confirmation: 'Secret@124' })).toEqual({ password_confirmation: PASSWORD_MISMATCH });
    expect(validatePasswordChange({ password: 'short', password_confirmation: 'short' })).toEqual({ password: 'Password must be at least 8 characters.' });
    expect(validatePasswordChange({ password: 'Secret@123', password_confirmation: 'Secret@123' })).toEqual({});
  });
});

describe('profile machine', () => {
  it('goes view -> password -> success -> closed on a successful change', async () => {
    const { actor, sent } = harness(() => Promise.resolve({ message: 'Password Changed Successfully!' }));
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toEqual({ open: 'view' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    expect(actor.getSnapshot().value).toEqual({ open: 'password' });
    form(actor).send({ type: 'CHANGE', field: 'password', value: 'Secret@123' });
    form(actor).send({ type: 'CHANGE', field: 'password_confirmation', value: 'Secret@123' });
    form(actor).send({ type: 'SUBMIT' });
    await flush();
    expect(sent).toEqual([{ password: 'Secret@123', password_confirmation: 'Secret@123' }]);
    expect(actor.getSnapshot().value).toEqual({ open: 'success' });
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('shows the mismatch under the confirmation and sends nothing', () => {
    const { actor, sent } = harness(() => Promise.resolve({}));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    form(actor).send({ type: 'CHANGE', field: 'password', value: 'Secret@123' });
    form(actor).send({ type: 'CHANGE', field: 'password_confirmation', value: 'Other@123' });
    form(actor).send({ type: 'SUBMIT' });
    expect(form(actor).getSnapshot().context.errors).toEqual({ password_confirmation: PASSWORD_MISMATCH });
    expect(sent).toEqual([]);
  });

  it('stays on the password step with the server error when the change is refused', async () => {
    const { actor } = harness(() => Promise.reject(Object.assign(new Error('refused'), { errors: [{ code: 'ER-VALIDATION', title: 'password', detail: 'The new password must differ from the current one.' }] })));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    form(actor).send({ type: 'CHANGE', field: 'password', value: 'Demo@1234' });
    form(actor).send({ type: 'CHANGE', field: 'password_confirmation', value: 'Demo@1234' });
    form(actor).send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ open: 'password' });
    expect(form(actor).getSnapshot().context.errors).toEqual({ password: 'The new password must differ from the current one.' });
    expect(form(actor).getSnapshot().context.values).toEqual({ password: 'Demo@1234', password_confirmation: 'Demo@1234' });
  });

  it('resets the form when the popup closes and opens again', () => {
    const { actor } = harness(() => Promise.resolve({}));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    form(actor).send({ type: 'CHANGE', field: 'password', value: 'typed' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().children.passwordForm).toBeUndefined();
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toEqual({ open: 'view' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    expect(form(actor).getSnapshot().context.values).toEqual({ password: '', password_confirmation: '' });
  });

  it('reaches every step by its shortest path', () => {
    const paths = getShortestPaths(profileMachine, {
      events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'CHANGE_PASSWORD' }, { type: 'DONE' }, { type: 'xstate.done.actor.passwordForm', output: { result: {} } } as AnyEventObject] as never,
    });
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(['"closed"', '{"open":"view"}', '{"open":"password"}', '{"open":"success"}']),
    );
  });
});
