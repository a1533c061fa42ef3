import {
  createActor,
  fromPromise,
  type Actor,
  type AnyStateMachine,
  type InputFrom,
  type InspectionEvent,
} from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CsvUploadResult } from '../src/domain/csv';
import type { InvoiceDetail } from '../src/domain/pay';
import type { PaymentMode } from '../src/domain/payments';
import { csvUploadMachine, type CsvUploadActorInput } from './csv-upload/csv-upload.machine';
import { formMachine } from './form/form.machine';
import { payCheckoutMachine } from './pay-checkout/pay-checkout.machine';
import { sendLinksMachine, type SendLinksRequest } from './payment-links/send-links.machine';
import { profileMachine } from './profile/profile.machine';
import { createRecorder } from './recorder';
import { machineVersion, maskedDifference, parseRecording, SecretMasker, toJson, type Recording } from './recording';
import { MACHINES } from './registry';
import { formatReplay, replayRecording } from './replay';
import { settle } from './test-paths';

describe('masking', () => {
  it('masks the value of every secret key, keeping length and character classes', () => {
    const masker = new SecretMasker();
    const masked = masker.maskJson({
      email: 'a@b.in',
      password: 'Demo@1234',
      auth_token: 'at_9f8e',
      otp: '482913',
      pin_code: '560001',
    });
    expect(masked).toEqual({
      email: 'a@b.in',
      password: 'Aaaa*0000',
      auth_token: 'aa*0a0a',
      otp: '000000',
      pin_code: '560001',
    });
  });

  it('masks the value a form event carries for a secret field, and nothing of other fields', () => {
    const masker = new SecretMasker();
    expect(masker.maskJson({ type: 'CHANGE', field: 'current_password', value: 'Old@12345' })).toEqual({
      type: 'CHANGE',
      field: 'current_password',
      value: 'Aaa*00000',
    });
    expect(masker.maskJson({ type: 'CHANGE', field: 'email', value: 'qa@anchor.test' })).toEqual({
      type: 'CHANGE',
      field: 'email',
      value: 'qa@anchor.test',
    });
  });

  it('masks nested secrets: headers, lists, objects under a secret key', () => {
    const masker = new SecretMasker();
    expect(
      masker.maskJson({
        headers: { Authorization: 'Bearer x1' },
        tokens: ['ab', 'cd'],
        card: { card_number: '4111111111111111', cvv: '123' },
      }),
    ).toEqual({
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

  it('never masks a secret as itself, even one that is its own shape', () => {
    const masker = new SecretMasker();
    const zeros = masker.mask('000000');
    expect(zeros).not.toBe('000000');
    expect(zeros).toMatch(/^\d{6}$/);
    expect(masker.mask('482913')).toBe('000000');
    expect(masker.maskJson({ password: 'aaaaaaaa' })).toEqual({ password: 'aaaaaaab' });
  });

  it('keeps files as their name, size and type, errors with their message, and a form check by its name', () => {
    const file = new File(['a,b\n'], 'invoices.csv', { type: 'text/csv' });
    const check = Object.assign(() => ({}), { replayName: 'passwordChange' });
    expect(toJson({ file, error: Object.assign(new Error('refused'), { status: 422 }), check })).toEqual({
      file: { $file: true, name: 'invoices.csv', size: 4, type: 'text/csv' },
      error: { $error: true, name: 'Error', message: 'refused', status: 422 },
      check: { $function: 'passwordChange' },
    });
  });
});

/** Records a profile password change: a check that fails, a refused submit, then one that succeeds. */
async function recordPasswordChange(): Promise<Recording> {
  let clock = 0;
  const recorder = createRecorder({
    machines: MACHINES,
    now: () => clock,
    clock: () => new Date('2026-11-22T10:00:00Z'),
  });
  let answer: 'refuse' | 'accept' = 'refuse';
  const machine = profileMachine.provide({
    actors: {
      passwordForm: formMachine.provide({
        actors: {
          submit: fromPromise(() =>
            answer === 'refuse'
              ? Promise.reject(
                  Object.assign(new Error('refused'), {
                    errors: [
                      {
                        code: 'ER-VALIDATION',
                        title: 'current_password',
                        detail: 'The current password is not correct.',
                      },
                    ],
                  }),
                )
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
    expect(profile!.steps.map((s) => s.event.type)).toEqual([
      'OPEN',
      'CHANGE_PASSWORD',
      'xstate.done.actor.passwordForm',
      'DONE',
    ]);
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
    expect(form!.steps.at(-1)).toMatchObject({
      event: { output: { message: 'Password Changed Successfully!' } },
      status: 'done',
    });
    expect(form!.steps[5]!.event).toMatchObject({
      error: { errors: [{ code: 'ER-VALIDATION', title: 'current_password' }] },
    });
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
      expect.objectContaining({
        kind: 'divergence',
        machine: 'form',
        index: 5,
        expected: 'submitting (active)',
        actual: 'editing (active)',
      }),
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
    expect(parseRecording('{"format":"other"}')).toEqual({
      error: "The file is not a flow recording (format 'anchor-portal-flow-recording').",
    });
  });
});

// -------------------------------------------------------------------------------------------------
// What the recorded flows (tests/flows/) needed of the engine
// -------------------------------------------------------------------------------------------------

/** Records what `drive` does to a new actor of `logic` (the recording as a file would hold it). */
async function record<TLogic extends AnyStateMachine>(
  logic: TLogic,
  input: InputFrom<TLogic>,
  drive: (actor: Actor<TLogic>) => Promise<void> | void,
): Promise<Recording> {
  let clock = 0;
  const recorder = createRecorder({
    machines: MACHINES,
    now: () => (clock += 10),
    clock: () => new Date('2026-11-22T10:00:00Z'),
  });
  const actor = createActor(logic as AnyStateMachine, {
    input,
    inspect: (event: InspectionEvent) => recorder.observe(event),
  }) as Actor<TLogic>;
  recorder.start('/flow');
  actor.start();
  await drive(actor);
  const recording = recorder.stop();
  actor.stop();
  if (!recording) throw new Error('no recording');
  return JSON.parse(JSON.stringify(recording)) as Recording;
}

describe('recording and replaying what the main flows hold', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names a function by its replayName, else by the key it sits under: a production build minifies names', () => {
    const minified = Object.defineProperty(() => 'key-1', 'name', { value: 'Gt' });
    expect(
      toJson({
        newKey: minified,
        validate: Object.assign(() => ({}), { replayName: 'passwordChange' }),
        list: [minified],
      }),
    ).toEqual({
      newKey: { $function: 'newKey' },
      validate: { $function: 'passwordChange' },
      list: [{ $function: 'Gt' }],
    });
  });

  it('compares a value under a secret key by the shape of its mask, everything else exactly', () => {
    const masker = new SecretMasker();
    const recorded = masker.maskJson({
      errors: { password: 'New Password is required' },
      email: 'qa@anchor.test',
      otp: 482913,
    });
    expect(
      maskedDifference(recorded, {
        errors: { password: 'New Password is required' },
        email: 'qa@anchor.test',
        otp: 111111,
      }),
    ).toBeNull();
    expect(
      maskedDifference(recorded, { errors: { password: 'Too short' }, email: 'qa@anchor.test', otp: 111111 }),
    ).toEqual({
      path: 'errors.password',
      recorded: (recorded as { errors: { password: string } }).errors.password,
      actual: 'Too short',
    });
    expect(
      maskedDifference(recorded, { errors: { password: 'New Password is required' }, email: 'qb@anchor.test', otp: 1 }),
    ).toMatchObject({ path: 'email' });
    expect(maskedDifference({ rows: [1, 2] }, { rows: [1, 3] })).toEqual({ path: 'rows[1]', recorded: 2, actual: 3 });
  });

  it('compares the context after each step too: the first field that differs is the divergence', async () => {
    const recording = await recordPasswordChange();
    const form = recording.actors[1]!;
    // As if the machine now kept another failure for the refused submit (the state is the same: editing).
    (form.steps[5]!.context as { failure: { detail: string }[] }).failure[0]!.detail = 'Another message';
    const result = replayRecording(recording, MACHINES);
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: 'divergence',
        machine: 'form',
        index: 5,
        path: 'failure[0].detail',
        expected: 'context.failure[0].detail = "Another message"',
      }),
    ]);
    expect(result.problems[0]!.message).toContain(
      'in editing the recording has context.failure[0].detail = "Another message", the replay "The current password is not correct."',
    );
  });

  it('replays a file chosen and a failure thrown as a plain Error (read with instanceof Error) to the same context', async () => {
    let answer: () => Promise<CsvUploadResult> = () => Promise.reject(new TypeError('Failed to fetch'));
    const logic = csvUploadMachine.provide({
      actors: { upload: fromPromise<CsvUploadResult, CsvUploadActorInput>(() => answer()) },
    });
    const recording = await record(logic, { csvtype: 'invoice' }, async (actor) => {
      actor.send({ type: 'SELECT_FILE', file: new File(['PK'], 'photo.png', { type: 'image/png' }) });
      actor.send({
        type: 'SELECT_FILE',
        file: new File(['invoice_number\r\nA-1\r\n'], 'invoices.csv', { type: 'text/csv' }),
      });
      actor.send({ type: 'UPLOAD' });
      await settle();
      expect(actor.getSnapshot().context.error?.text).toBe('Failed to fetch');
      actor.send({ type: 'BACK' });
      answer = () =>
        Promise.resolve({
          rows: [{ status: 'Failed', invoice_number: 'A-1', failure_reason: 'Row 2: amount is required' }],
          meta: null,
        });
      actor.send({ type: 'UPLOAD' });
      await settle();
    });
    const steps = recording.actors[0]!.steps;
    expect(steps.map((s) => [s.event.type, s.value])).toEqual([
      ['SELECT_FILE', 'form'],
      ['SELECT_FILE', 'form'],
      ['UPLOAD', 'reading'],
      ['xstate.done.actor.read', 'uploading'],
      ['xstate.error.actor.upload', 'failure'],
      ['BACK', 'form'],
      ['UPLOAD', 'reading'],
      ['xstate.done.actor.read', 'uploading'],
      ['xstate.done.actor.upload', 'success'],
    ]);
    expect(steps[1]!.event).toMatchObject({ file: { $file: true, name: 'invoices.csv', type: 'text/csv' } });
    expect(steps[4]!.event).toMatchObject({ error: { $error: true, name: 'TypeError', message: 'Failed to fetch' } });
    expect(replayRecording(recording, MACHINES).problems).toEqual([]);

    // Replayed as a plain object, the error would lose its message (errorEntriesOf asks instanceof Error).
    delete (steps[4]!.event.error as Record<string, unknown>).$error;
    expect(replayRecording(recording, MACHINES).problems).toEqual([
      expect.objectContaining({ kind: 'divergence', index: 4, path: 'error.entries[0].detail' }),
    ]);
  });

  it('replays a function the context holds (a minified key maker) as one answering its name, and does not compare its answers', async () => {
    const newKey = Object.defineProperty(() => crypto.randomUUID(), 'name', { value: 'Gt' });
    const logic = sendLinksMachine.provide({
      actors: { sendLinks: fromPromise<unknown, SendLinksRequest>(() => Promise.resolve({ message: 'sent' })) },
    });
    const recording = await record(logic, { blocked: [], newKey }, async (actor) => {
      actor.send({
        type: 'SELECT_CUSTOMER',
        customer: { id: '7', name: 'Shree Traders', email: 'owner@example.in', mobile: null },
      });
      actor.send({ type: 'TOGGLE_INVOICE', id: '70' });
      actor.send({ type: 'TOGGLE_CHANNEL', channel: 'email' });
      actor.send({ type: 'SEND' });
      await settle();
    });
    const [links] = recording.actors;
    expect(links!.start.context).toMatchObject({ newKey: { $function: 'newKey' } });
    expect((links!.steps[3]!.context as { key: string }).key).toMatch(/^[0-9a-f-]{36}$/);
    const result = replayRecording(recording, MACHINES);
    expect(result.problems).toEqual([]);
    expect(Object.values(result.finalStates)).toEqual([{ machine: 'sendLinks', state: 'editing', status: 'active' }]);
  });

  it('replays a delayed transition (after) from the event the recording kept', async () => {
    vi.useFakeTimers();
    const logic = payCheckoutMachine.provide({
      actors: {
        directPayment: fromPromise<
          { message: string; payment_link_url?: string },
          { key: string; items: InvoiceDetail[]; mode: PaymentMode }
        >(() => Promise.resolve({ message: 'Order created', payment_link_url: 'https://gateway.example/pay/1' })),
      },
    });
    const recording = await record(logic, undefined as never, async (actor) => {
      actor.send({ type: 'PAY', key: 'k-1', items: [], mode: 'upi' });
      await settle();
      await vi.advanceTimersByTimeAsync(8000);
    });
    const steps = recording.actors[0]!.steps;
    expect(steps.map((s) => [s.event.type, s.value, s.status])).toEqual([
      ['PAY', 'paying', 'active'],
      ['xstate.done.actor.directPayment', 'redirecting', 'active'],
      ['xstate.after.gatewayRedirect.payCheckout.redirecting', 'redirected', 'done'],
    ]);
    vi.useRealTimers();
    const result = replayRecording(recording, MACHINES);
    expect(result.problems).toEqual([]);
    expect(Object.values(result.finalStates)).toEqual([
      { machine: 'payCheckout', state: 'redirected', status: 'done' },
    ]);
    expect(formatReplay(result)).toMatch(/payCheckout\s+after gatewayRedirect\s+-> redirected \(done\)/);
  });
});
