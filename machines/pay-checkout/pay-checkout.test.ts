import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { GATEWAY_REDIRECT_MS, OTP_NOT_VERIFIED, payCheckoutMachine } from './pay-checkout.machine';

const items = [{ id: '7', amount: 12_345_00 }];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The machine with scripted effects: each call takes the next answer from its queue (an Error rejects). */
function harness(answers: { sendOtp?: unknown[]; verifyOtp?: unknown[]; availCredit?: unknown[]; directPayment?: unknown[] } = {}) {
  const calls: { name: string; input: unknown }[] = [];
  const redirects: string[] = [];
  const effect = <T, I>(name: keyof typeof answers) =>
    fromPromise<T, I>(({ input }) => {
      calls.push({ name, input });
      const next = answers[name]?.shift();
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next as T);
    });
  const machine = payCheckoutMachine.provide({
    actors: {
      sendOtp: effect<{ otp_reference_id: string }, { loanApplicationId: string }>('sendOtp'),
      verifyOtp: effect<{ verified: boolean }, { loanApplicationId: string; otp: string; referenceId: string }>('verifyOtp'),
      availCredit: effect<{ message: string }, { key: string; items: typeof items }>('availCredit'),
      directPayment: effect<{ message: string; payment_link_url?: string }, { key: string; items: typeof items; mode: 'upi' | 'net_banking' }>('directPayment'),
    },
    actions: { redirect: (_, url) => void redirects.push(url) },
  });
  return { actor: createActor(machine).start(), calls, redirects };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('pay checkout machine', () => {
  it('draws credit straight away when no OTP is required', async () => {
    const h = harness({ availCredit: [{ message: 'Credit availed successfully.' }] });
    h.actor.send({ type: 'AVAIL_CREDIT', key: 'k1', items, requireOtp: false, loanApplicationId: '1001' });
    await flush();
    expect(h.calls).toEqual([{ name: 'availCredit', input: { key: 'k1', items } }]);
    expect(h.actor.getSnapshot().value).toBe('succeeded');
    expect(h.actor.getSnapshot().context.message).toBe('Credit availed successfully.');
  });

  it('asks for the OTP first when required: 6 digits only, a wrong one keeps the entry open, then credit', async () => {
    const wrong = Object.assign(new Error('wrong'), { errors: [{ code: 'ER-OTP-101', detail: 'The OTP is not correct.' }] });
    const h = harness({
      sendOtp: [{ otp_reference_id: 'ref-1' }],
      verifyOtp: [wrong, { verified: true }],
      availCredit: [{ message: 'Credit availed successfully.' }],
    });
    h.actor.send({ type: 'AVAIL_CREDIT', key: 'k1', items, requireOtp: true, loanApplicationId: '1001' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('awaitingOtp');
    h.actor.send({ type: 'OTP_ENTERED', otp: '12345' });
    expect(h.actor.getSnapshot().value).toBe('awaitingOtp'); // five digits do nothing
    h.actor.send({ type: 'OTP_ENTERED', otp: '111111' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('awaitingOtp');
    expect(h.actor.getSnapshot().context.error).toEqual([{ code: 'ER-OTP-101', detail: 'The OTP is not correct.' }]);
    h.actor.send({ type: 'OTP_ENTERED', otp: '123456' });
    await flush();
    expect(h.calls.map((c) => c.name)).toEqual(['sendOtp', 'verifyOtp', 'verifyOtp', 'availCredit']);
    expect(h.calls[2]!.input).toEqual({ loanApplicationId: '1001', otp: '123456', referenceId: 'ref-1' });
    expect(h.actor.getSnapshot().value).toBe('succeeded');
  });

  it('does not draw credit when the provider answers the OTP check with verified: false', async () => {
    const h = harness({ sendOtp: [{ otp_reference_id: 'ref-1' }], verifyOtp: [{ verified: false }] });
    h.actor.send({ type: 'AVAIL_CREDIT', key: 'k1', items, requireOtp: true, loanApplicationId: '1001' });
    await flush();
    h.actor.send({ type: 'OTP_ENTERED', otp: '123456' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('awaitingOtp');
    expect(h.actor.getSnapshot().context.error).toEqual([{ code: 'ER-OTP', detail: OTP_NOT_VERIFIED }]);
    expect(h.calls.map((c) => c.name)).toEqual(['sendOtp', 'verifyOtp']);
  });

  it('resends the OTP on request', async () => {
    const h = harness({ sendOtp: [{ otp_reference_id: 'ref-1' }, { otp_reference_id: 'ref-2' }] });
    h.actor.send({ type: 'AVAIL_CREDIT', key: 'k1', items, requireOtp: true, loanApplicationId: '1001' });
    await flush();
    h.actor.send({ type: 'RESEND_OTP' });
    await flush();
    expect(h.actor.getSnapshot().context.otpReferenceId).toBe('ref-2');
  });

  it('retries a failed request with the same idempotency key; a new attempt gets a new one', async () => {
    const h = harness({ availCredit: [new Error('network down'), { message: 'Credit availed successfully.' }, { message: 'again' }] });
    h.actor.send({ type: 'AVAIL_CREDIT', key: 'attempt-1', items, requireOtp: false, loanApplicationId: '1001' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toEqual([{ code: 'ERROR', detail: 'network down' }]);
    h.actor.send({ type: 'RETRY' });
    await flush();
    expect(h.calls.map((c) => (c.input as { key: string }).key)).toEqual(['attempt-1', 'attempt-1']);
    h.actor.send({ type: 'DISMISS' });
    h.actor.send({ type: 'AVAIL_CREDIT', key: 'attempt-2', items, requireOtp: false, loanApplicationId: '1001' });
    await flush();
    expect((h.calls[2]!.input as { key: string }).key).toBe('attempt-2');
  });

  it('ignores a second click while a request is on its way', async () => {
    const h = harness({ directPayment: [{ message: 'ok', payment_link_url: 'https://gateway.test/pay/1' }] });
    h.actor.send({ type: 'PAY', key: 'k1', items, mode: 'upi' });
    h.actor.send({ type: 'PAY', key: 'k2', items, mode: 'upi' });
    await flush();
    expect(h.calls).toHaveLength(1);
  });

  it('redirects to the gateway 8 seconds after the payment link arrives, not before', async () => {
    vi.useFakeTimers();
    const h = harness({ directPayment: [{ message: 'ok', payment_link_url: 'https://gateway.test/pay/1' }] });
    h.actor.send({ type: 'PAY', key: 'k1', items, mode: 'net_banking' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().value).toBe('redirecting');
    expect(h.calls[0]!.input).toEqual({ key: 'k1', items, mode: 'net_banking' });
    await vi.advanceTimersByTimeAsync(GATEWAY_REDIRECT_MS - 1);
    expect(h.redirects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.redirects).toEqual(['https://gateway.test/pay/1']);
    expect(h.actor.getSnapshot().status).toBe('done');
  });

  it('fails clearly when the provider sends no payment link', async () => {
    const h = harness({ directPayment: [{ message: 'ok' }] });
    h.actor.send({ type: 'PAY', key: 'k1', items, mode: 'upi' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(h.actor.getSnapshot().context.error?.[0]?.detail).toBe('The provider did not send a payment link.');
  });

  it('reaches every state by a shortest path', () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as AnyEventObject;
    const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(id) }) as AnyEventObject;
    const paths = getShortestPaths(payCheckoutMachine, {
      events: [
        { type: 'AVAIL_CREDIT', key: 'k', items, requireOtp: true, loanApplicationId: '1' },
        { type: 'AVAIL_CREDIT', key: 'k', items, requireOtp: false, loanApplicationId: '1' },
        { type: 'PAY', key: 'k', items, mode: 'upi' },
        { type: 'OTP_ENTERED', otp: '123456' },
        { type: 'RETRY' },
        { type: 'DISMISS' },
        { type: 'CANCEL' },
        done('sendOtp', { otp_reference_id: 'r' }),
        error('sendOtp'),
        done('verifyOtp', { verified: true }),
        error('verifyOtp'),
        done('availCredit', { message: 'ok' }),
        error('availCredit'),
        done('directPayment', { message: 'ok', payment_link_url: 'https://g.test' }),
        error('directPayment'),
      ] as never,
      serializeState: (s) => JSON.stringify(s.value),
    });
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(['idle', 'sendingOtp', 'awaitingOtp', 'verifyingOtp', 'availing', 'paying', 'redirecting', 'succeeded', 'failed']),
    );
  });
});
