import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type InspectionEvent } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { apiErrorFromBody } from '../../src/api/errors';
import { EMPTY_NEW_USER, type NewUserForm } from '../../src/domain/admin';
import type { ErrorEntry } from '../../src/domain/errors';
import type { FieldErrors, FormContext, FormEvent, FormValues } from '../form/form.machine';
import { createRecorder } from '../recorder';
import type { Recording } from '../recording';
import { MACHINES } from '../registry';
import { replayRecording } from '../replay';
import { effectOutcome, fakeEffect, pathName, replay, settle } from '../test-paths';
import { ADD_USER_INPUT, addedUserName, addUserMachine } from './add-user.machine';
import { addUserPaths, REFUSED, userState, VALID } from './add-user.paths';

/** The add-user flow as the modal runs it: the form machine with the add-user input, its effects fakes. */
function harness(inspect?: (event: InspectionEvent) => void) {
  const create = fakeEffect<unknown, FormValues>();
  const refreshUsers = vi.fn();
  const actor = createActor(
    addUserMachine.provide({ actors: { submit: create.logic }, actions: { submitted: refreshUsers } }),
    { input: ADD_USER_INPUT, inspect },
  ).start();
  const send = (event: FormEvent) => actor.send(event);
  const fill = (values: Partial<NewUserForm>) => {
    for (const [field, value] of Object.entries(values)) send({ type: 'CHANGE', field, value });
  };
  return {
    actor,
    create,
    refreshUsers,
    send,
    fill,
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
  };
}

/** A fresh form's context: the input, the empty values, nothing sent. */
const START: FormContext = {
  ...ADD_USER_INPUT,
  values: { ...EMPTY_NEW_USER },
  errors: {},
  failure: null,
  result: null,
};

/** The spec's messages (spec 2 §5), written out. */
const MESSAGES = {
  name: 'Must be more then one character',
  emailRequired: 'Email is required',
  emailInvalid: 'Must be a valid email',
  phoneRequired: 'Mobile number is Required',
  phoneInvalid: 'Mobile number is not valid',
};

describe('add user: the checks', () => {
  it('starts on an empty form with designation portal_user', () => {
    const h = harness();
    expect(h.snapshot().value).toBe('editing');
    expect(h.context().values).toEqual({
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      designation: 'portal_user',
    });
    expect(h.context()).toEqual(START);
  });

  it('shows every message of an empty form and sends nothing', () => {
    const h = harness();
    h.send({ type: 'SUBMIT' });
    expect(h.snapshot().value).toBe('editing');
    expect(h.context().errors).toEqual({
      first_name: MESSAGES.name,
      last_name: MESSAGES.name,
      email: MESSAGES.emailRequired,
      phone_number: MESSAGES.phoneRequired,
    });
    expect(h.create.calls).toHaveLength(0);
  });

  it('asks for more than one character in each name (spaces do not count)', () => {
    const h = harness();
    h.fill({ ...VALID, first_name: 'A', last_name: ' B ' });
    h.send({ type: 'SUBMIT' });
    expect(h.context().errors).toEqual({ first_name: MESSAGES.name, last_name: MESSAGES.name });
    h.fill({ first_name: 'Al', last_name: 'Bo' });
    expect(h.context().errors).toEqual({});
    h.send({ type: 'SUBMIT' });
    expect(h.snapshot().value).toBe('submitting');
  });

  it('asks for a valid e-mail of at most 255 characters', () => {
    const h = harness();
    for (const email of ['asha', 'asha@example', 'asha @example.test', `${'a'.repeat(250)}@example.test`]) {
      h.fill({ ...VALID, email });
      h.send({ type: 'SUBMIT' });
      expect(h.context().errors, email).toEqual({ email: MESSAGES.emailInvalid });
    }
    h.fill({ email: '   ' });
    h.send({ type: 'SUBMIT' });
    expect(h.context().errors).toEqual({ email: MESSAGES.emailRequired });
    expect(h.create.calls).toHaveLength(0);
  });

  it('takes a phone number of 10 digits, with or without a country prefix', () => {
    const cases: [string, string | undefined][] = [
      ['+91 9876543210', undefined],
      ['+91-9876543210', undefined],
      ['9876543210', undefined],
      ['+1 9876543210', undefined],
      ['+919876543210', undefined],
      ['98765', MESSAGES.phoneInvalid],
      ['+12345 9876543210', MESSAGES.phoneInvalid],
      ['91 9876543210', MESSAGES.phoneInvalid],
      ['98765432101', MESSAGES.phoneInvalid],
      ['+91 98765 43210', MESSAGES.phoneInvalid],
      ['', MESSAGES.phoneRequired],
    ];
    for (const [phone, message] of cases) {
      const h = harness();
      h.fill({ ...VALID, phone_number: phone });
      h.send({ type: 'SUBMIT' });
      expect(h.context().errors.phone_number, phone).toBe(message);
      expect(h.snapshot().value, phone).toBe(message === undefined ? 'submitting' : 'editing');
    }
  });

  it('refuses a designation other than portal_user', () => {
    const h = harness();
    h.fill({ ...VALID, designation: 'admin' });
    h.send({ type: 'SUBMIT' });
    expect(h.context().errors).toEqual({ designation: 'Choose a designation from the list' });
  });

  it('clears a field message when that field changes, and only that one', () => {
    const h = harness();
    h.send({ type: 'SUBMIT' });
    h.send({ type: 'CHANGE', field: 'email', value: 'x' });
    expect(h.context().errors).toEqual({
      first_name: MESSAGES.name,
      last_name: MESSAGES.name,
      phone_number: MESSAGES.phoneRequired,
    });
  });
});

describe('add user: sending', () => {
  it('sends the typed form once however often it is submitted, then shows the created name', async () => {
    const h = harness();
    h.fill(VALID);
    h.send({ type: 'SUBMIT' });
    h.send({ type: 'SUBMIT' });
    h.send({ type: 'CHANGE', field: 'first_name', value: 'Changed' });
    h.send({ type: 'RESET' });
    expect(h.snapshot().value).toBe('submitting');
    expect(h.create.calls.map((c) => c.input)).toEqual([VALID]);
    expect(h.context().values).toEqual(VALID);
    h.create.calls[0]!.resolve({ name: 'Asha Rao' });
    await settle();
    expect(h.snapshot().value).toBe('done');
    expect(h.snapshot().status).toBe('active');
    expect(addedUserName(h.context())).toBe('Asha Rao');
    expect(h.refreshUsers).toHaveBeenCalledTimes(1);
    // Done: a clean form for the next user.
    h.send({ type: 'RESET' });
    expect(h.context()).toEqual(START);
    expect(h.snapshot().value).toBe('editing');
  });

  it('shows the typed name when the answer has none', async () => {
    const h = harness();
    h.fill({ ...VALID, first_name: ' Asha ', last_name: 'Rao ' });
    h.send({ type: 'SUBMIT' });
    h.create.calls[0]!.resolve({ name: '  ' });
    await settle();
    expect(addedUserName(h.context())).toBe('Asha Rao');
  });

  it('comes back to editing on a refusal: every entry for the toast, field ones under their field, nothing lost', async () => {
    const h = harness();
    h.fill(VALID);
    h.send({ type: 'SUBMIT' });
    h.create.calls[0]!.reject(
      apiErrorFromBody(422, {
        errors: [
          { code: 'ER-USER-101', title: 'email', detail: 'Email has already been taken' },
          { code: 'ER-VALIDATION', title: 'user[phone_number]', detail: 'Phone number is taken' },
          { code: 'ER-VALIDATION', title: 'email', detail: 'second message' },
          { code: 'ER-OTHER', title: 'role', detail: 'not a field' },
        ],
      }),
    );
    await settle();
    expect(h.snapshot().value).toBe('editing');
    expect(h.context().values).toEqual(VALID);
    expect(h.context().errors).toEqual({
      email: 'Email has already been taken',
      phone_number: 'Phone number is taken',
    });
    expect(h.context().failure).toEqual([
      { code: 'ER-USER-101', title: 'email', detail: 'Email has already been taken' },
      { code: 'ER-VALIDATION', title: 'user[phone_number]', detail: 'Phone number is taken' },
      { code: 'ER-VALIDATION', title: 'email', detail: 'second message' },
      { code: 'ER-OTHER', title: 'role', detail: 'not a field' },
    ]);
    expect(h.refreshUsers).not.toHaveBeenCalled();
    // Sending again clears the refusal and sends what is typed.
    h.send({ type: 'CHANGE', field: 'email', value: 'asha.r@example.test' });
    h.send({ type: 'SUBMIT' });
    expect(h.context().failure).toBeNull();
    expect(h.create.calls.map((c) => c.input.email)).toEqual([VALID.email, 'asha.r@example.test']);
  });

  it('turns a network failure into an ERROR entry', async () => {
    const h = harness();
    h.fill(VALID);
    h.send({ type: 'SUBMIT' });
    h.create.calls[0]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(h.context().failure).toEqual([{ code: 'ERROR', detail: 'Failed to fetch' }]);
    expect(h.context().errors).toEqual({});
  });
});

describe('add user: a recording', () => {
  it('names the machine addUser and its check by name, and replays to the states it recorded', async () => {
    let clock = 0;
    const recorder = createRecorder({
      machines: MACHINES,
      now: () => (clock += 10),
      clock: () => new Date('2026-11-22T10:00:00Z'),
    });
    const h = harness((event) => recorder.observe(event));
    recorder.start('/admin');
    h.send({ type: 'SUBMIT' });
    h.fill(VALID);
    h.send({ type: 'SUBMIT' });
    h.create.calls[0]!.reject(REFUSED.emailTaken);
    await settle();
    h.send({ type: 'SUBMIT' });
    h.create.calls[1]!.resolve({ name: 'Asha Rao' });
    await settle();
    h.send({ type: 'RESET' });
    const recording = JSON.parse(JSON.stringify(recorder.stop())) as Recording;
    h.actor.stop();
    const [recorded] = recording.actors;
    expect(recorded!.machine).toBe('addUser');
    expect(recorded!.start.context).toMatchObject({ validate: { $function: 'newUser' } });
    expect(recorded!.steps.map((step) => step.value).at(-2)).toBe('done');
    expect(replayRecording(recording, MACHINES).problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every state by its shortest path: the graph over the form's values, messages, refusal and answer, each
// path replayed on a live actor whose submit effect is held open until the path settles it, checked
// after every step against a reference model written here (every message spelt out).

type UserValue = 'editing' | 'submitting' | 'done';

/** What each refusal of the paths must leave (written out). */
const REFUSALS = new Map<unknown, { errors: FieldErrors; failure: ErrorEntry[] }>([
  [
    REFUSED.emailTaken,
    {
      errors: { email: 'Email has already been taken' },
      failure: [{ code: 'ER-USER-101', title: 'email', detail: 'Email has already been taken' }],
    },
  ],
  [REFUSED.unavailable, { errors: {}, failure: [{ code: 'ERROR', detail: 'Something went wrong!' }] }],
]);

/** The reference model: the spec's rules for the values the paths type, with the messages written out. */
function expectedProblems(values: FormValues): FieldErrors {
  const { first_name = '', last_name = '', email = '', phone_number = '' } = values;
  const found: FieldErrors = {};
  if (first_name.trim().length < 2) found.first_name = MESSAGES.name;
  if (last_name.trim().length < 2) found.last_name = MESSAGES.name;
  if (email === '') found.email = MESSAGES.emailRequired;
  else if (email !== VALID.email) found.email = MESSAGES.emailInvalid;
  if (phone_number === '') found.phone_number = MESSAGES.phoneRequired;
  else if (!['+91 9876543210', '+91-9876543210', '9876543210'].includes(phone_number))
    found.phone_number = MESSAGES.phoneInvalid;
  return found;
}

class UserModel {
  value: UserValue = 'editing';
  context: FormContext = START;
  sent: FormValues[] = [];
  refreshed = 0;

  send(event: AnyEventObject) {
    const e = event as FormEvent;
    const outcome = effectOutcome(event);
    const c = this.context;
    if (this.value === 'editing' && e.type === 'CHANGE') {
      const { [e.field]: _cleared, ...errors } = c.errors;
      this.context = { ...c, values: { ...c.values, [e.field]: e.value }, errors };
    } else if (this.value === 'editing' && e.type === 'SUBMIT') {
      const problems = expectedProblems(c.values);
      this.context = { ...c, errors: problems, failure: null };
      if (Object.keys(problems).length === 0) {
        this.value = 'submitting';
        this.sent.push(c.values);
      }
    } else if ((this.value === 'editing' || this.value === 'done') && e.type === 'RESET') {
      this.value = 'editing';
      this.context = START;
    } else if (this.value === 'submitting' && outcome?.id === 'submit') {
      if (outcome.ok) {
        this.value = 'done';
        this.context = { ...c, failure: null, result: outcome.output };
        this.refreshed++;
      } else {
        this.value = 'editing';
        this.context = { ...c, ...REFUSALS.get(outcome.error)! };
      }
    }
  }
}

describe('add user: every state by its shortest path', () => {
  const paths = getShortestPaths(addUserPaths.machine, addUserPaths.graphs.form);

  it('reaches editing, submitting and done, with every message and both refusals', () => {
    expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['editing', 'submitting', 'done']));
    const messages = new Set(paths.flatMap((p) => Object.values(p.state.context.errors)));
    expect(messages).toEqual(new Set([...Object.values(MESSAGES), 'Email has already been taken']));
    expect(paths.some((p) => p.state.context.failure?.[0]?.code === 'ERROR')).toBe(true);
    expect(paths.length).toBeGreaterThan(400);
  });

  it(
    'replays every path live (double submits included), matching the graph and the reference model',
    { timeout: 60_000 },
    async () => {
      const ends = new Set<string>();
      for (const path of paths) {
        const name = pathName(path);
        const h = harness();
        const model = new UserModel();
        await replay(path, {
          effects: { submit: h.create },
          send: (event) => {
            h.actor.send(event as FormEvent);
            if (event.type === 'SUBMIT') h.actor.send({ type: 'SUBMIT' }); // a double click
          },
          check: (expected, index, event) => {
            if (index > 0) {
              model.send(event);
              if (event.type === 'SUBMIT') model.send(event);
            }
            const at = `${name} @${index}`;
            const snapshot = h.snapshot();
            expect(userState(snapshot), at).toBe(userState(expected as never));
            expect(snapshot.value, at).toBe(model.value);
            expect(snapshot.context, at).toEqual(model.context);
            expect(
              h.create.calls.map((c) => c.input),
              at,
            ).toEqual(model.sent);
            expect(h.create.pending(), at).toHaveLength(model.value === 'submitting' ? 1 : 0);
            expect(h.refreshUsers, at).toHaveBeenCalledTimes(model.refreshed);
            expect(snapshot.status, at).toBe('active');
          },
        });
        ends.add(model.value);
        h.actor.stop();
      }
      expect(ends).toEqual(new Set(['editing', 'submitting', 'done']));
    },
  );
});
