import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { formMachine } from './form/form.machine';
import { profileMachine } from './profile/profile.machine';
import { createRecorder } from './recorder';
import { machineVersion, parseRecording, SecretMasker, toJson, type Recording } from './recording';
import { MACHINES } from './registry';
import { formatReplay, replayRecording } from './replay';
import { settle } from './test-paths';

describe('masking', () => {
  it('masks the value of every secret key, keeping length and character classes', () => {
    const masker = new SecretMasker();
    const masked = masker.maskJson({ email: 'a@b.in', password: 'Demo@1234', auth_token: 'at_9f8e', otp: '482913', pin_code: '560001' });
    expect(masked).toEqual({ email: 'a@b.in', password: 'Aaaa*0000', auth_token: 'aa*0a0a', otp: '000000', pin_code: '560001' });
  });

  it('masks the value a form event carries for a secret field, and nothing of other fields', () => {
    const masker = new SecretMasker();
    expect(masker.maskJson({ type: 'CHANGE', field: 'current_password', value: 'Old@12345' })).toEqual({ type: 'CHANGE', field: 'current_password', value: 'Aaa*00000' });
    expect(masker.maskJson({ type: 'CHANGE', field: 'email', value: 'qa@anchor.test' })).toEqual({ type: 'CHANGE', field: 'email', value: 'qa@anchor.test' });
  });

  it('masks nested secrets: headers, lists, objects under a secret key', () => {
    const masker = new SecretMasker();
    expect(masker.maskJson({ headers: { Authorization: 'Bearer x1' }, tokens: ['ab', 'cd'], card: { card_number: '4111111111111111', cvv: '123' } })).toEqual({
      headers: { Authorization: 'Aaaaaa*a0' },
      tokens: ['aa', 'ab'],
      card: { card_number: '0000000000000000', cvv: '000' },
    });
  });

  it('gives one secret one mask and two secrets two masks, and leaves a mask as it is', () => {
    const masker = new SecretMasker();
    const a = masker.mask('Secret@123');
    expect(masker.mask('Secret@123')).toBe(a);
    const b = masker.mask('Public@456');
    expect(b).not.toBe(a);
    expect(b).toHaveLength(a.length);
    expect(masker.mask(a)).toBe(a);
  });

  it('keeps files as their name, size and type, errors with their message, and a form check by its name', () => {
    const file = new File(['a,b\n'], 'invoices.csv', { type: 'text/csv' });
    const check = Object.assign(() => ({}), { replayName: 'passwordChange' });
    expect(toJson({ file, error: Object.assign(new Error('refused'), { status: 422 }), check })).toEqual({
      file: { $file: true, name: 'invoices.csv', size: 4, type: 'text/csv' },
      error: { name: 'Error', message: 'refused', status: 422 },
      check: { $function: 'passwordChange' },
    });
  });
});

/** Records a profile password change: a check that fails, a refused submit, then one that succeeds. */
async function recordPasswordChange(): Promise<Recording> {
  let clock = 0;
  const recorder = createRecorder({ machines: MACHINES, now: () => clock, clock: () => new Date('2026-11-22T10:00:00Z') });
  let answer: 'refuse' | 'accept' = 'refuse';
  const machine = profileMachine.provide({
    actors: {
      passwordForm: formMachine.provide({
        actors: {
          submit: fromPromise(() =>
            answer === 'refuse'
              ? Promise.reject(Object.assign(new Error('refused'), { errors: [{ code: 'ER-VALIDATION', title: 'current_password', detail: 'The current password is not correct.' }] }))
              : Promise.resolve({ message: 'Password Changed Successfully!' }),
          ),
        },
      }),
    },
  });
  const actor = createActor(machine, { inspect: (event) => recorder.observe(event) });
  actor.start();
  recorder.start('/home');
  actor.send({ type: 'OPEN' });
  actor.send({ type: 'CHANGE_PASSWORD' });
  const form = () => actor.getSnapshot().children.passwordForm!;
  const type = (field: string, value: string) => {
    clock += 100;
    form().send({ type: 'CHANGE', field, value });
  };
  form().send({ type: 'SUBMIT' }); // nothing typed: the check refuses it
  type('current_password', 'Wrong@1234');
  type('password', 'Changed@123');
  type('password_confirmation', 'Changed@123');
  form().send({ type: 'SUBMIT' });
  await settle();
  answer = 'accept';
  type('current_password', 'Demo@1234');
  form().send({ type: 'SUBMIT' });
  await settle();
  actor.send({ type: 'DONE' });
  const recording = recorder.stop();
  actor.stop();
  if (!recording) throw new Error('no recording');
  return JSON.parse(JSON.stringify(recording)) as Recording;
}

describe('a recording and its replay', () => {
  it('records both machines, their events with the answers, and no password', async () => {
    const recording = await recordPasswordChange();
    expect(recording.actors.map((a) => [a.machine, a.invokeId ?? null])).toEqual([
      ['profile', null],
      ['form', 'passwordForm'],
    ]);
    const [profile, form] = recording.actors;
    expect(profile!.machineVersion).toBe(machineVersion(profileMachine));
    expect(profile!.steps.map((s) => s.event.type)).toEqual(['OPEN', 'CHANGE_PASSWORD', 'xstate.done.actor.passwordForm', 'DONE']);
    expect(form!.steps.map((s) => s.event.type)).toEqual([
      'SUBMIT',
      'CHANGE',
      'CHANGE',
      'CHANGE',
      'SUBMIT',
      'xstate.error.actor.submit',
      'CHANGE',
      'SUBMIT',
      'xstate.done.actor.submit',
    ]);
    expect(form!.steps.at(-1)).toMatchObject({ event: { output: { message: 'Password Changed Successfully!' } }, status: 'done' });
    expect(form!.steps[5]!.event).toMatchObject({ error: { errors: [{ code: 'ER-VALIDATION', title: 'current_password' }] } });
    const text = JSON.stringify(recording);
    for (const secret of ['Wrong@1234', 'Changed@123', 'Demo@1234']) expect(text).not.toContain(secret);
    expect(parseRecording(text)).toEqual(recording);
  });

  it('replays to the recorded states, and prints the timeline', async () => {
    const result = replayRecording(await recordPasswordChange(), MACHINES);
    expect(result.problems).toEqual([]);
    expect(Object.values(result.finalStates)).toEqual([
      { machine: 'profile', state: 'closed', status: 'active' },
      { machine: 'form', state: 'done', status: 'done' },
    ]);
    const text = formatReplay(result);
    expect(text).toContain('submit failed');
    expect(text).toMatch(/form\s+submit answered\s+-> done \(done\)/);
    expect(text).toContain('Replayed 13 steps: every state as recorded.');
  });

  it('reports where a replay diverges', async () => {
    const recording = await recordPasswordChange();
    const form = recording.actors[1]!;
    // As if the machine now ignored the refusal: the recording says editing, the replay would not be there.
    form.steps[5]!.value = 'submitting';
    const result = replayRecording(recording, MACHINES);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({ kind: 'divergence', machine: 'form', index: 5, expected: 'submitting (active)', actual: 'editing (active)' }),
    ]);
    expect(formatReplay(result)).toContain('FAILED form (');
  });

  it('refuses a recording of another machine version, and one of a machine this build lacks', async () => {
    const recording = await recordPasswordChange();
    recording.actors[0]!.machineVersion = '00000000';
    recording.actors[1]!.machine = 'retiredForm';
    const result = replayRecording(recording, MACHINES);
    expect(result.problems.map((p) => p.kind)).toEqual(['version', 'unknown-machine']);
    expect(result.problems[0]!.message).toContain('the machine changed since the recording');
  });

  it('refuses a file that is not a recording', () => {
    expect(parseRecording('{')).toEqual({ error: 'The file is not JSON.' });
    expect(parseRecording('{"format":"other"}')).toEqual({ error: "The file is not a flow recording (format 'anchor-portal-flow-recording')." });
  });
});
