import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { apiErrorFromBody, clientError } from '../../src/api/errors';
import type { ErrorEntry } from '../../src/domain/errors';
import type { InvoiceDetail } from '../../src/domain/pay';
import type { PaymentMode } from '../../src/domain/payments';
import { effectOutcome, fakeEffect, pathName, replay, settle } from '../test-paths';
import {
  GATEWAY_REDIRECT_MS,
  GATEWAY_REFUSED,
  OTP_NOT_VERIFIED,
  payCheckoutMachine,
  type CheckoutContext,
  type CheckoutEvent,
} from './pay-checkout.machine';
import { AFTER_REDIRECT, checkoutState, FAILURES, items, otherItems, payCheckoutPaths } from './pay-checkout.paths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The machine with scripted effects: each call takes the next answer from its queue (an Error rejects). */
function harness(
  answers: { sendOtp?: unknown[]; verifyOtp?: unknown[]; availCredit?: unknown[]; directPayment?: unknown[] } = {},
) {
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
      verifyOtp: effect<{ verified: boolean }, { loanApplicationId: string; otp: string; referenceId: string }>(
        'verifyOtp',
      ),
      availCredit: effect<{ message: string }, { key: string; items: typeof items }>('availCredit'),
      directPayment: effect<
        { message: string; payment_link_url?: string },
        { key: string; items: typeof items; mode: 'upi' | 'net_banking' }
      >('directPayment'),
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
    const wrong = Object.assign(new Error('wrong'), {
      errors: [{ code: 'ER-OTP-101', detail: 'The OTP is not correct.' }],
    });
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
    const h = harness({
      availCredit: [new Error('network down'), { message: 'Credit availed successfully.' }, { message: 'again' }],
    });
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
});

// ---------------------------------------------------------------------------------------------------
// Every path: the machine's graph, each simple path replayed on a live actor whose four effects are held
// open until the path settles them, and checked after every step against a reference model written
// here (state, context, effect calls and their input, redirects).

/** The machine with effects the test settles, and the redirects it asked for. */
function pathHarness() {
  const fakes = {
    sendOtp: fakeEffect<{ otp_reference_id: string }, { loanApplicationId: string }>(),
    verifyOtp: fakeEffect<{ verified: boolean }, { loanApplicationId: string; otp: string; referenceId: string }>(),
    availCredit: fakeEffect<{ message: string }, { key: string; items: InvoiceDetail[] }>(),
    directPayment: fakeEffect<
      { message: string; payment_link_url?: string },
      { key: string; items: InvoiceDetail[]; mode: PaymentMode }
    >(),
  };
  const redirects: string[] = [];
  const machine = payCheckoutMachine.provide({
    actors: {
      sendOtp: fakes.sendOtp.logic,
      verifyOtp: fakes.verifyOtp.logic,
      availCredit: fakes.availCredit.logic,
      directPayment: fakes.directPayment.logic,
    },
    actions: { redirect: (_, url) => void redirects.push(url) },
  });
  return { actor: createActor(machine).start(), fakes, redirects };
}

type EffectName = keyof ReturnType<typeof pathHarness>['fakes'];
type CheckoutValue =
  | 'idle'
  | 'sendingOtp'
  | 'awaitingOtp'
  | 'verifyingOtp'
  | 'availing'
  | 'paying'
  | 'redirecting'
  | 'redirected'
  | 'succeeded'
  | 'failed';

/** The effect each loading state runs. */
const EFFECT_OF: Partial<Record<CheckoutValue, EffectName>> = {
  sendingOtp: 'sendOtp',
  verifyingOtp: 'verifyOtp',
  availing: 'availCredit',
  paying: 'directPayment',
};

/** The entries each failure of the paths must leave in `context.error` (written out, not computed). */
const ENTRIES = new Map<unknown, ErrorEntry[]>([
  [FAILURES.otpNotSent, [{ code: 'ER-OTP-500', detail: 'The OTP could not be sent.' }]],
  [FAILURES.otpWrong, [{ code: 'ER-OTP-101', detail: 'The OTP is not correct.' }]],
  [FAILURES.networkDown, [{ code: 'ERROR', detail: 'network down' }]],
  [FAILURES.unreachable, [{ code: 'ERROR', detail: 'Could not reach the provider.' }]],
]);

const EMPTY: CheckoutContext = {
  attempt: null,
  otpReferenceId: null,
  error: null,
  message: null,
  gatewayUrl: null,
  retryable: false,
};

/** Whether a failure can be fixed by a retry: no answer (no status, or 0), or 5xx / 408 / 429. */
const retryableOf = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return status === 0 || status >= 500 || status === 408 || status === 429;
};

/** What the checkout should do, written from its description: one state, the context, every call made. */
class CheckoutModel {
  value: CheckoutValue = 'idle';
  context: CheckoutContext = { ...EMPTY };
  calls: Record<EffectName, unknown[]> = { sendOtp: [], verifyOtp: [], availCredit: [], directPayment: [] };
  redirects: string[] = [];

  /** Enters a state; a loading state clears the last failure and makes exactly one request. */
  private enter(value: CheckoutValue, otp = '') {
    this.value = value;
    const attempt = this.context.attempt!;
    const effect = EFFECT_OF[value];
    if (effect === undefined) return;
    this.context = { ...this.context, error: null };
    const loanApplicationId = attempt.kind === 'credit' ? attempt.loanApplicationId : '';
    if (effect === 'sendOtp') this.calls.sendOtp.push({ loanApplicationId });
    if (effect === 'verifyOtp')
      this.calls.verifyOtp.push({ loanApplicationId, otp, referenceId: this.context.otpReferenceId ?? '' });
    if (effect === 'availCredit') this.calls.availCredit.push({ key: attempt.key, items: attempt.items });
    if (effect === 'directPayment')
      this.calls.directPayment.push({
        key: attempt.key,
        items: attempt.items,
        mode: attempt.kind === 'pay' ? attempt.mode : 'upi',
      });
  }

  private fail(value: CheckoutValue, error: ErrorEntry[], retryable?: boolean) {
    this.value = value;
    this.context = { ...this.context, error, ...(retryable === undefined ? {} : { retryable }) };
  }

  private end() {
    this.value = 'idle';
    this.context = { ...EMPTY };
  }

  send(event: AnyEventObject) {
    const e = event as CheckoutEvent;
    const outcome = effectOutcome(event);
    const expectedEntries = (error: unknown) => ENTRIES.get(error) ?? [];
    switch (this.value) {
      case 'idle':
        if (e.type === 'AVAIL_CREDIT') {
          this.context = {
            ...EMPTY,
            attempt: {
              kind: 'credit',
              key: e.key,
              items: e.items,
              requireOtp: e.requireOtp,
              loanApplicationId: e.loanApplicationId,
            },
          };
          this.enter(e.requireOtp ? 'sendingOtp' : 'availing');
        } else if (e.type === 'PAY') {
          this.context = { ...EMPTY, attempt: { kind: 'pay', key: e.key, items: e.items, mode: e.mode } };
          this.enter('paying');
        }
        return;
      case 'sendingOtp':
        if (outcome?.id !== 'sendOtp') return;
        if (!outcome.ok) return this.fail('failed', expectedEntries(outcome.error), retryableOf(outcome.error));
        this.context = {
          ...this.context,
          otpReferenceId: (outcome.output as { otp_reference_id: string }).otp_reference_id,
        };
        this.value = 'awaitingOtp';
        return;
      case 'awaitingOtp':
        if (e.type === 'OTP_ENTERED' && /^\d{6}$/.test(e.otp)) this.enter('verifyingOtp', e.otp);
        else if (e.type === 'RESEND_OTP') this.enter('sendingOtp');
        else if (e.type === 'CANCEL') this.end();
        return;
      case 'verifyingOtp':
        if (outcome?.id !== 'verifyOtp') return;
        if (!outcome.ok) return this.fail('awaitingOtp', expectedEntries(outcome.error));
        if ((outcome.output as { verified: boolean }).verified === true) this.enter('availing');
        else this.fail('awaitingOtp', [{ code: 'ER-OTP', detail: OTP_NOT_VERIFIED }]);
        return;
      case 'availing':
        if (outcome?.id !== 'availCredit') return;
        if (!outcome.ok) return this.fail('failed', expectedEntries(outcome.error), retryableOf(outcome.error));
        this.context = { ...this.context, message: (outcome.output as { message: string }).message };
        this.value = 'succeeded';
        return;
      case 'paying': {
        if (outcome?.id !== 'directPayment') return;
        if (!outcome.ok) return this.fail('failed', expectedEntries(outcome.error), retryableOf(outcome.error));
        const link = (outcome.output as { payment_link_url?: string }).payment_link_url;
        if (link === undefined || link === '')
          return this.fail('failed', [{ code: 'ERROR', detail: 'The provider did not send a payment link.' }], false);
        this.context = { ...this.context, gatewayUrl: link };
        this.value = 'redirecting';
        return;
      }
      case 'redirecting':
        if (event.type === AFTER_REDIRECT) {
          this.redirects.push(this.context.gatewayUrl!);
          this.value = 'redirected';
        } else if (e.type === 'CANCEL') this.end();
        return;
      case 'succeeded':
        if (e.type === 'DISMISS') this.end();
        return;
      case 'failed':
        // The same attempt again (same key); a credit attempt whose OTP could not be sent sends it again.
        // Only a failure a retry can fix is retried.
        if (e.type === 'RETRY' && this.context.retryable) {
          const attempt = this.context.attempt!;
          this.enter(
            attempt.kind === 'credit'
              ? attempt.requireOtp && this.context.otpReferenceId === null
                ? 'sendingOtp'
                : 'availing'
              : 'paying',
          );
        } else if (e.type === 'DISMISS') this.end();
        return;
      case 'redirected':
        return;
    }
  }
}

/** A double click: the same user event again at once, with another key for a new attempt. */
const doubleOf = (event: AnyEventObject): AnyEventObject | null =>
  event.type === 'AVAIL_CREDIT' || event.type === 'PAY'
    ? { ...event, key: 'double-click' }
    : ['OTP_ENTERED', 'RESEND_OTP', 'RETRY'].includes(event.type)
      ? event
      : null;

describe('pay checkout: every path', () => {
  it('reaches every state by a shortest path', () => {
    const paths = getShortestPaths(payCheckoutPaths.machine, payCheckoutPaths.graphs.checkout);
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set([
        'idle',
        'sendingOtp',
        'awaitingOtp',
        'verifyingOtp',
        'availing',
        'paying',
        'redirecting',
        'redirected',
        'succeeded',
        'failed',
      ]),
    );
  });

  it(
    'replays every simple path with its effects settled, matching the reference context, calls and redirects',
    { timeout: 30_000 },
    async () => {
      vi.useFakeTimers();
      const paths = getSimplePaths(payCheckoutPaths.machine, payCheckoutPaths.graphs.checkout);
      expect(paths.length).toBeGreaterThan(150);
      let retried = 0;
      let redirected = 0;
      for (const path of paths) {
        const name = pathName(path);
        const h = pathHarness();
        const model = new CheckoutModel();
        const expectMatches = (label: string) => {
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value, label).toBe(model.value);
          expect(snapshot.context, label).toEqual(model.context);
          for (const effect of Object.keys(h.fakes) as EffectName[]) {
            expect(
              h.fakes[effect].calls.map((c) => c.input),
              `${label}: ${effect} calls`,
            ).toEqual(model.calls[effect]);
            // Only the effect of the current state is under way; a left state's request is not pending.
            expect(h.fakes[effect].pending(), `${label}: ${effect} pending`).toHaveLength(
              EFFECT_OF[model.value] === effect ? 1 : 0,
            );
          }
          expect(h.redirects, label).toEqual(model.redirects);
          expect(snapshot.status, label).toBe(model.value === 'redirected' ? 'done' : 'active');
          expect(snapshot.output, label).toBeUndefined();
        };
        await replay(path, {
          effects: h.fakes,
          send: (event) => {
            h.actor.send(event as CheckoutEvent);
            const double = doubleOf(event);
            if (double) h.actor.send(double as CheckoutEvent);
          },
          drive: (event) => {
            if (event.type !== AFTER_REDIRECT) return false;
            // Not a moment before 8 s.
            vi.advanceTimersByTime(GATEWAY_REDIRECT_MS - 1);
            expect(h.actor.getSnapshot().value, name).toBe('redirecting');
            expect(h.redirects, name).toEqual([]);
            vi.advanceTimersByTime(1);
            return true;
          },
          check: (expected, index, event) => {
            if (index > 0) {
              model.send(event);
              const double = doubleOf(event);
              if (double) model.send(double);
            }
            expect(checkoutState(h.actor.getSnapshot()), `${name} @${index}`).toBe(checkoutState(expected));
            expectMatches(`${name} @${index}`);
          },
        });

        // A retry of the unchanged attempt sends the key of the attempt again.
        const keys = [...model.calls.availCredit, ...model.calls.directPayment].map((c) => (c as { key: string }).key);
        if (path.steps.some((s) => s.event.type === 'RETRY')) {
          retried++;
          const attempt = path.steps.find((s) => s.event.type === 'AVAIL_CREDIT' || s.event.type === 'PAY')!.event as {
            key: string;
          };
          expect(new Set(keys), name).toEqual(new Set([attempt.key]));
        }
        if (model.value === 'redirected') redirected++;

        // Then a new click is a new attempt with its own key (the old one is never reused).
        if (model.value === 'succeeded' || model.value === 'failed' || model.value === 'idle') {
          if (model.value !== 'idle') {
            h.actor.send({ type: 'DISMISS' });
            model.send({ type: 'DISMISS' });
            expectMatches(`${name} > DISMISS`);
            expect(h.actor.getSnapshot().context).toEqual(EMPTY);
          }
          const next = { type: 'PAY', key: 'k-next', items: otherItems, mode: 'upi' } as const;
          h.actor.send(next);
          model.send(next);
          await settle();
          expectMatches(`${name} > PAY k-next`);
          expect(h.fakes.directPayment.calls.at(-1)?.input, name).toEqual({
            key: 'k-next',
            items: otherItems,
            mode: 'upi',
          });
        }
        h.actor.stop();
      }
      expect(retried).toBeGreaterThan(10);
      expect(redirected).toBeGreaterThan(0);
    },
  );

  it('retrying a credit attempt whose OTP could not be sent sends the OTP again and draws no credit', async () => {
    const h = pathHarness();
    h.actor.send({ type: 'AVAIL_CREDIT', key: 'k-otp', items, requireOtp: true, loanApplicationId: '1001' });
    await settle();
    h.fakes.sendOtp.pending()[0]!.reject(new Error('sms down'));
    await settle();
    expect(h.actor.getSnapshot().value).toBe('failed');
    h.actor.send({ type: 'RETRY' });
    await settle();
    // What should happen: the OTP is sent again; credit waits for a verified OTP.
    expect(h.fakes.availCredit.calls).toHaveLength(0);
    expect(h.actor.getSnapshot().value).toBe('sendingOtp');
  });
});

describe('failures leave the page usable; only a fixable one offers a retry', () => {
  const items: InvoiceDetail[] = [{ id: '1', amount: 100_00 }];
  function checkout(answers: { directPayment: () => Promise<{ message: string; payment_link_url?: string }> }) {
    const payments: string[] = [];
    const machine = payCheckoutMachine.provide({
      actors: {
        directPayment: fromPromise<
          { message: string; payment_link_url?: string },
          { key: string; items: InvoiceDetail[]; mode: PaymentMode }
        >(({ input }) => {
          payments.push(input.key);
          return answers.directPayment();
        }),
      },
      guards: { gatewayAllowed: (_, { url }: { url: string }) => url.startsWith('https://gateway.test/') },
    });
    return { actor: createActor(machine).start(), payments };
  }

  it('a gateway address the page may not follow fails without a retry; Close and Pay again make a new order', async () => {
    const { actor, payments } = checkout({
      directPayment: () => Promise.resolve({ message: 'ok', payment_link_url: 'http://evil.test/pay' }),
    });
    actor.send({ type: 'PAY', key: 'k1', items, mode: 'upi' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({
      error: [{ code: 'ERROR', detail: GATEWAY_REFUSED }],
      retryable: false,
      gatewayUrl: null,
    });
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(payments).toEqual(['k1']);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'PAY', key: 'k2', items, mode: 'upi' });
    await settle();
    expect(payments).toEqual(['k1', 'k2']);
  });

  it('a refusal (already paid: 422) is not retried; no answer or a 5xx is, with the same key', async () => {
    let answer: () => Promise<{ message: string }> = () =>
      Promise.reject(apiErrorFromBody(422, { errors: [{ code: 'ER-PAY-409', detail: 'Already paid.' }] }));
    const { actor, payments } = checkout({ directPayment: () => answer() });
    actor.send({ type: 'PAY', key: 'k1', items, mode: 'upi' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      error: [{ code: 'ER-PAY-409', detail: 'Already paid.' }],
      retryable: false,
    });
    actor.send({ type: 'RETRY' });
    await settle();
    expect(payments).toEqual(['k1']);
    actor.send({ type: 'DISMISS' });
    answer = () => Promise.reject(apiErrorFromBody(503, {}));
    actor.send({ type: 'PAY', key: 'k2', items, mode: 'upi' });
    await settle();
    expect(actor.getSnapshot().context.retryable).toBe(true);
    answer = () => Promise.reject(clientError('Could not reach the provider.'));
    actor.send({ type: 'RETRY' });
    await settle();
    expect(payments).toEqual(['k1', 'k2', 'k2']);
    expect(actor.getSnapshot().context.retryable).toBe(true);
  });
});
