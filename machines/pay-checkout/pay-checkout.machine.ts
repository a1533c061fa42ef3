import { and, assign, fromPromise, setup } from 'xstate';
import { errorEntriesOf, isRetryableFailure, type ErrorEntry } from '../../src/domain/errors';
import type { InvoiceDetail } from '../../src/domain/pay';
import type { PaymentMode } from '../../src/domain/payments';

/** Spec 3 §9: the browser goes to the payment gateway 8 seconds after the popup. */
export const GATEWAY_REDIRECT_MS = 8000;
export const OTP_LENGTH = 6;
export const OTP_NOT_VERIFIED = 'The OTP could not be verified. Please check it, or resend it.';
/** A failed step: its entries, and whether a retry can fix it. */
const failure = (error: unknown) => ({ error: errorEntriesOf(error), retryable: isRetryableFailure(error) });

export const GATEWAY_REFUSED = 'The payment gateway address is not one we can send you to. Nothing was charged.';

/** One payment attempt: what is paid and the idempotency key made for it (kept when it is retried). */
type Attempt =
  | { kind: 'credit'; key: string; items: InvoiceDetail[]; requireOtp: boolean; loanApplicationId: string }
  | { kind: 'pay'; key: string; items: InvoiceDetail[]; mode: PaymentMode };

export interface CheckoutContext {
  attempt: Attempt | null;
  otpReferenceId: string | null;
  /** The failure of the last step, shown to the customer; cleared when the next step starts. */
  error: ErrorEntry[] | null;
  /** The provider's answer to a credit draw. */
  message: string | null;
  /** Where a direct payment continues. */
  gatewayUrl: string | null;
  /** The last failure is one a retry can fix (no answer, or the provider's own trouble); refusals are not. */
  retryable: boolean;
}

export type CheckoutEvent =
  | { type: 'AVAIL_CREDIT'; key: string; items: InvoiceDetail[]; requireOtp: boolean; loanApplicationId: string }
  | { type: 'PAY'; key: string; items: InvoiceDetail[]; mode: PaymentMode }
  | { type: 'OTP_ENTERED'; otp: string }
  | { type: 'RESEND_OTP' }
  | { type: 'RETRY' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' };

/**
 * The pay page's checkout. Credit: OTP first when the anchor requires it (send, enter 6 digits, verify),
 * then the credit request. Pay: the direct-payment request, then a popup and the redirect to the gateway
 * after 8 s. A request that fails can be retried with the SAME idempotency key, so the provider answers a
 * repeat with the first result and nothing is ever paid twice; a new click makes a new attempt and key.
 * Effects are stubs here, provided by the pay screen.
 */
export const payCheckoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent },
  actors: {
    sendOtp: fromPromise<{ otp_reference_id: string }, { loanApplicationId: string }>(() => new Promise(() => {})),
    verifyOtp: fromPromise<{ verified: boolean }, { loanApplicationId: string; otp: string; referenceId: string }>(
      () => new Promise(() => {}),
    ),
    availCredit: fromPromise<{ message: string }, { key: string; items: InvoiceDetail[] }>(() => new Promise(() => {})),
    directPayment: fromPromise<
      { message: string; payment_link_url?: string },
      { key: string; items: InvoiceDetail[]; mode: PaymentMode }
    >(() => new Promise(() => {})),
  },
  actions: {
    /** Sends the browser to the gateway (the screen checks the URL against the allow-list). */
    redirect: (_, _url: string) => {},
    startAttempt: assign(({ event }) => ({
      attempt:
        event.type === 'AVAIL_CREDIT'
          ? {
              kind: 'credit' as const,
              key: event.key,
              items: event.items,
              requireOtp: event.requireOtp,
              loanApplicationId: event.loanApplicationId,
            }
          : event.type === 'PAY'
            ? { kind: 'pay' as const, key: event.key, items: event.items, mode: event.mode }
            : null,
      error: null,
      message: null,
      gatewayUrl: null,
      otpReferenceId: null,
      retryable: false,
    })),
    endAttempt: assign({
      attempt: null,
      error: null,
      message: null,
      gatewayUrl: null,
      otpReferenceId: null,
      retryable: false,
    }),
  },
  guards: {
    needsOtp: ({ event }) => event.type === 'AVAIL_CREDIT' && event.requireOtp,
    isSixDigits: ({ event }) => event.type === 'OTP_ENTERED' && new RegExp(`^\\d{${OTP_LENGTH}}$`).test(event.otp),
    lastWasCredit: ({ context }) => context.attempt?.kind === 'credit',
    retryable: ({ context }) => context.retryable,
    /** The payment link may be followed: any link here; the screen's hook adds its allow-list. */
    gatewayAllowed: (_, { url }: { url: string }) => url !== '',
    /** A credit attempt that needs an OTP and never got one sent: a retry must send it, not draw credit. */
    otpNotSent: ({ context }) =>
      context.attempt?.kind === 'credit' && context.attempt.requireOtp && context.otpReferenceId === null,
  },
  delays: { gatewayRedirect: GATEWAY_REDIRECT_MS },
}).createMachine({
  id: 'payCheckout',
  context: { attempt: null, otpReferenceId: null, error: null, message: null, gatewayUrl: null, retryable: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        AVAIL_CREDIT: [
          { guard: 'needsOtp', target: 'sendingOtp', actions: 'startAttempt' },
          { target: 'availing', actions: 'startAttempt' },
        ],
        PAY: { target: 'paying', actions: 'startAttempt' },
      },
    },
    sendingOtp: {
      entry: assign({ error: null }),
      invoke: {
        id: 'sendOtp',
        src: 'sendOtp',
        input: ({ context }) => ({
          loanApplicationId: context.attempt?.kind === 'credit' ? context.attempt.loanApplicationId : '',
        }),
        onDone: {
          target: 'awaitingOtp',
          actions: assign({ otpReferenceId: ({ event }) => event.output.otp_reference_id }),
        },
        onError: { target: 'failed', actions: assign(({ event }) => failure(event.error)) },
      },
    },
    awaitingOtp: {
      on: {
        OTP_ENTERED: { guard: 'isSixDigits', target: 'verifyingOtp' },
        RESEND_OTP: 'sendingOtp',
        CANCEL: { target: 'idle', actions: 'endAttempt' },
      },
    },
    verifyingOtp: {
      entry: assign({ error: null }),
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context, event }) => ({
          loanApplicationId: context.attempt?.kind === 'credit' ? context.attempt.loanApplicationId : '',
          otp: event.type === 'OTP_ENTERED' ? event.otp : '',
          referenceId: context.otpReferenceId ?? '',
        }),
        // Credit goes out only on an explicit `verified: true`; any other answer is a wrong OTP.
        onDone: [
          { guard: ({ event }) => event.output.verified, target: 'availing' },
          { target: 'awaitingOtp', actions: assign({ error: [{ code: 'ER-OTP', detail: OTP_NOT_VERIFIED }] }) },
        ],
        // A wrong or expired OTP: back to the entry with the provider's message (resend is there).
        onError: { target: 'awaitingOtp', actions: assign({ error: ({ event }) => errorEntriesOf(event.error) }) },
      },
    },
    availing: {
      entry: assign({ error: null }),
      invoke: {
        id: 'availCredit',
        src: 'availCredit',
        input: ({ context }) => ({ key: context.attempt?.key ?? '', items: context.attempt?.items ?? [] }),
        onDone: { target: 'succeeded', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: { target: 'failed', actions: assign(({ event }) => failure(event.error)) },
      },
    },
    paying: {
      entry: assign({ error: null }),
      invoke: {
        id: 'directPayment',
        src: 'directPayment',
        input: ({ context }) => ({
          key: context.attempt?.key ?? '',
          items: context.attempt?.items ?? [],
          mode: context.attempt?.kind === 'pay' ? context.attempt.mode : 'upi',
        }),
        onDone: [
          {
            guard: { type: 'gatewayAllowed', params: ({ event }) => ({ url: event.output.payment_link_url ?? '' }) },
            target: 'redirecting',
            actions: assign({ gatewayUrl: ({ event }) => event.output.payment_link_url ?? null }),
          },
          // A link the page may not follow, or none: the same request would answer the same, so no retry.
          {
            guard: ({ event }) =>
              typeof event.output.payment_link_url === 'string' && event.output.payment_link_url !== '',
            target: 'failed',
            actions: assign({ error: [{ code: 'ERROR', detail: GATEWAY_REFUSED }], retryable: false }),
          },
          {
            target: 'failed',
            actions: assign({
              error: [{ code: 'ERROR', detail: 'The provider did not send a payment link.' }],
              retryable: false,
            }),
          },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => failure(event.error)) },
      },
    },
    redirecting: {
      // The customer may stop during the 8 s: nothing was charged; a new Pay makes a new order.
      on: { CANCEL: { target: 'idle', actions: 'endAttempt' } },
      after: {
        gatewayRedirect: {
          target: 'redirected',
          actions: { type: 'redirect', params: ({ context }) => context.gatewayUrl ?? '' },
        },
      },
    },
    redirected: { type: 'final' },
    succeeded: {
      on: { DISMISS: { target: 'idle', actions: 'endAttempt' } },
    },
    failed: {
      on: {
        // The same attempt again, same key: a request that did reach the provider is not done twice. A credit
        // attempt whose OTP could not be sent starts again at the OTP: credit never goes out unverified.
        // Only a failure a retry can fix is retried (not 'already paid', 'overdue', a refused gateway).
        RETRY: [
          { guard: and(['retryable', 'otpNotSent']), target: 'sendingOtp' },
          { guard: and(['retryable', 'lastWasCredit']), target: 'availing' },
          { guard: 'retryable', target: 'paying' },
        ],
        DISMISS: { target: 'idle', actions: 'endAttempt' },
      },
    },
  },
});
