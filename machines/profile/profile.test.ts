import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { apiErrorFromBody } from '../../src/api/errors';
import { formMachine, type FormValues } from '../form/form.machine';
import { fakeEffect, pathName, replay, settle } from '../test-paths';
import { profileMachine, validatePasswordChange, type ProfileEvent } from './profile.machine';
import { profilePaths, profileState, valueOf, type ProfileValue } from './profile.paths';
import { PASSWORD_MISMATCH } from '../../src/domain/validation';

function harness(submit: (values: FormValues) => Promise<unknown>) {
  const sent: FormValues[] = [];
  const machine = profileMachine.provide({
    actors: {
      passwordForm: formMachine.provide({
        actors: { submit: fromPromise(({ input }) => (sent.push(input), submit(input))) },
      }),
    },
  });
  return { actor: createActor(machine).start(), sent };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const form = (actor: ReturnType<typeof harness>['actor']) => actor.getSnapshot().children.passwordForm!;

describe('password change checks', () => {
  it('requires the current password, both new fields and a matching confirmation', () => {
    expect(validatePasswordChange({ current_password: '', password: '', password_confirmation: '' })).toEqual({
      current_password: 'Current Password is required',
      password: 'New Password is required',
      password_confirmation: 'Confirm Password is required',
    });
    const current = { current_password: 'Demo@1234' };
    expect(validatePasswordChange({ ...current, password: 'Secret@123', password_confirmation: 'Secret@124' })).toEqual(
      { password_confirmation: PASSWORD_MISMATCH },
    );
    expect(validatePasswordChange({ ...current, password: 'short', password_confirmation: 'short' })).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    expect(validatePasswordChange({ ...current, password: 'Secret@123', password_confirmation: 'Secret@123' })).toEqual(
      {},
    );
  });
});

describe('profile machine', () => {
  it('goes view -> password -> success -> closed on a successful change', async () => {
    const { actor, sent } = harness(() => Promise.resolve({ message: 'Password Changed Successfully!' }));
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toEqual({ open: 'view' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    expect(actor.getSnapshot().value).toEqual({ open: 'password' });
    form(actor).send({ type: 'CHANGE', field: 'current_password', value: 'Demo@1234' });
    form(actor).send({ type: 'CHANGE', field: 'password', value: 'Secret@123' });
    form(actor).send({ type: 'CHANGE', field: 'password_confirmation', value: 'Secret@123' });
    form(actor).send({ type: 'SUBMIT' });
    await flush();
    expect(sent).toEqual([
      { current_password: 'Demo@1234', password: 'Secret@123', password_confirmation: 'Secret@123' },
    ]);
    expect(actor.getSnapshot().value).toEqual({ open: 'success' });
    actor.send({ type: 'DONE' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('shows the mismatch under the confirmation and sends nothing', () => {
    const { actor, sent } = harness(() => Promise.resolve({}));
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    form(actor).send({ type: 'CHANGE', field: 'current_password', value: 'Demo@1234' });
    form(actor).send({ type: 'CHANGE', field: 'password', value: 'Secret@123' });
    form(actor).send({ type: 'CHANGE', field: 'password_confirmation', value: 'Other@123' });
    form(actor).send({ type: 'SUBMIT' });
    expect(form(actor).getSnapshot().context.errors).toEqual({ password_confirmation: PASSWORD_MISMATCH });
    expect(sent).toEqual([]);
  });

  it('stays on the password step with the server error under the current password when it is wrong', async () => {
    const { actor } = harness(() =>
      Promise.reject(
        Object.assign(new Error('refused'), {
          errors: [
            { code: 'ER-VALIDATION', title: 'current_password', detail: 'The current password is not correct.' },
          ],
        }),
      ),
    );
    actor.send({ type: 'OPEN' });
    actor.send({ type: 'CHANGE_PASSWORD' });
    const typed = { current_password: 'Guess@1234', password: 'Secret@123', password_confirmation: 'Secret@123' };
    for (const [field, value] of Object.entries(typed)) form(actor).send({ type: 'CHANGE', field, value });
    form(actor).send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ open: 'password' });
    expect(form(actor).getSnapshot().context.errors).toEqual({
      current_password: 'The current password is not correct.',
    });
    expect(form(actor).getSnapshot().context.values).toEqual(typed); // nothing typed is lost
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
    expect(form(actor).getSnapshot().context.values).toEqual({
      current_password: '',
      password: '',
      password_confirmation: '',
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path: the popup's graph (its child form's end is the `xstate.done.actor.passwordForm` event),
// each path replayed on a live popup. The child's end is not sent: the test types in the live child
// form and settles its submit effect, held open until then, with the path's output. Two scripts run
// each path: straight (valid at once, a double click), and careful (a mismatch first, then a refusal by
// the server, a close while a change is on its way).

type Script = 'straight' | 'careful';

const NEW_PASSWORD = { current_password: 'Demo@1234', password: 'Secret@123', password_confirmation: 'Secret@123' };
const refusedChange = apiErrorFromBody(422, {
  errors: [{ code: 'ER-VALIDATION', title: 'password', detail: 'The new password must differ from the current one.' }],
});

function profileHarness() {
  const submit = fakeEffect<unknown, FormValues>();
  const machine = profileMachine.provide({
    actors: { passwordForm: formMachine.provide({ actors: { submit: submit.logic } }) },
  });
  return { actor: createActor(machine).start(), submit };
}

describe('profile: every path', () => {
  const paths = getSimplePaths(profilePaths.machine, profilePaths.graphs.closedFrom);

  it('reaches every step, and closes from each of them', () => {
    const paths = getShortestPaths(profilePaths.machine, profilePaths.graphs.byStep);
    expect(new Set(paths.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set(['"closed"', '{"open":"view"}', '{"open":"password"}', '{"open":"success"}']),
    );
    expect(
      new Set(
        getSimplePaths(profilePaths.machine, profilePaths.graphs.closedFrom).map((p) =>
          profileState(p.state, undefined, p.steps.at(-2)?.state),
        ),
      ),
    ).toEqual(
      new Set([
        '["closed"]',
        '["view"]',
        '["password"]',
        '["success"]',
        '["closed","view"]',
        '["closed","password"]',
        '["closed","success"]',
      ]),
    );
  });

  for (const script of ['straight', 'careful'] as const satisfies readonly Script[]) {
    it(`replays every path (${script}) on a live popup and its live password form`, async () => {
      expect(paths.length).toBeGreaterThanOrEqual(8);
      for (const path of paths) {
        const name = `${script}: ${pathName(path)}`;
        const h = profileHarness();
        let model = 'closed' as ProfileValue;
        /** Every change request the form should have sent (each is the typed pair). */
        const sent: FormValues[] = [];
        const form = () => h.actor.getSnapshot().children.passwordForm!;
        const type = (values: FormValues) => {
          for (const [field, value] of Object.entries(values)) form().send({ type: 'CHANGE', field, value });
        };
        const expectStep = (at: string) => {
          const snapshot = h.actor.getSnapshot();
          expect(valueOf(snapshot.value), at).toBe(model);
          expect(snapshot.value, at).toEqual(model === 'closed' ? 'closed' : { open: model });
          // The form runs exactly while the password step is shown.
          expect(snapshot.children.passwordForm === undefined, at).toBe(model !== 'password');
          expect(
            h.submit.calls.map((c) => c.input),
            at,
          ).toEqual(sent);
          expect(h.submit.pending(), at).toHaveLength(0);
          expect(snapshot.status, at).toBe('active');
        };
        await replay(path, {
          effects: {},
          send: (event) => {
            if (event.type === 'CLOSE' && model === 'password' && script === 'careful') {
              // Closing while a change is on its way: the request is abandoned, its late answer ignored.
              type(NEW_PASSWORD);
              form().send({ type: 'SUBMIT' });
              sent.push(NEW_PASSWORD);
              const call = h.submit.pending()[0]!;
              h.actor.send({ type: 'CLOSE' });
              expect(call.signal.aborted, name).toBe(true);
              call.resolve({ message: 'late' });
              return;
            }
            h.actor.send(event as ProfileEvent);
          },
          drive: async (event) => {
            if (event.type !== 'xstate.done.actor.passwordForm') return false;
            const output = event.output as { result: unknown };
            if (script === 'careful') {
              type({ current_password: 'Demo@1234', password: 'Secret@123', password_confirmation: 'Secret@124' });
              form().send({ type: 'SUBMIT' });
              expect(form().getSnapshot().context.errors, name).toEqual({ password_confirmation: PASSWORD_MISMATCH });
              form().send({ type: 'CHANGE', field: 'password_confirmation', value: 'Secret@123' });
              expect(form().getSnapshot().context.errors, name).toEqual({});
              form().send({ type: 'SUBMIT' });
              sent.push(NEW_PASSWORD);
              h.submit.pending()[0]!.reject(refusedChange);
              await settle();
              expect(h.actor.getSnapshot().value, name).toEqual({ open: 'password' });
              expect(form().getSnapshot().context).toMatchObject({
                values: NEW_PASSWORD,
                errors: { password: 'The new password must differ from the current one.' },
                failure: [{ code: 'ER-VALIDATION', detail: 'The new password must differ from the current one.' }],
              });
            } else {
              type(NEW_PASSWORD);
            }
            form().send({ type: 'SUBMIT' });
            form().send({ type: 'SUBMIT' }); // a double click sends once
            sent.push(NEW_PASSWORD);
            expect(h.submit.pending(), name).toHaveLength(1);
            h.submit.pending()[0]!.resolve(output.result);
            return true;
          },
          check: (expected, index, event) => {
            if (index > 0) {
              if (event.type === 'OPEN' && model === 'closed') model = 'view';
              else if (event.type === 'CLOSE' && model !== 'closed') model = 'closed';
              else if (event.type === 'CHANGE_PASSWORD' && model === 'view') model = 'password';
              else if (event.type === 'xstate.done.actor.passwordForm' && model === 'password') model = 'success';
              else if (event.type === 'DONE' && model === 'success') model = 'closed';
            }
            const at = `${name} @${index}`;
            expect(profileState(h.actor.getSnapshot()), at).toBe(profileState(expected as never));
            expectStep(at);
            // A password step always starts on an empty, quiet form.
            if (event.type === 'CHANGE_PASSWORD') {
              expect(form().getSnapshot().context, at).toMatchObject({
                values: { password: '', password_confirmation: '' },
                errors: {},
                failure: null,
                result: null,
              });
            }
          },
        });

        // Opening again, from wherever the path ended, starts clean: nothing typed is kept.
        if (model !== 'password') {
          if (model !== 'closed') {
            h.actor.send({ type: 'CLOSE' });
            model = 'closed';
          }
          h.actor.send({ type: 'OPEN' });
          h.actor.send({ type: 'CHANGE_PASSWORD' });
          model = 'password';
          await settle();
          expectStep(`${name} > reopened`);
          expect(form().getSnapshot().context).toMatchObject({
            values: { password: '', password_confirmation: '' },
            errors: {},
            failure: null,
          });
        }
        h.actor.stop();
      }
    });
  }
});
