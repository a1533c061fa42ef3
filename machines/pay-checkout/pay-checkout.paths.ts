/**
 * The checkout's path model: the graph its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import type { InvoiceDetail } from '../../src/domain/pay';
import { pathModel } from '../test-paths';
import { apiErrorFromBody, clientError } from '../../src/api/errors';
import { payCheckoutMachine, type CheckoutContext } from './pay-checkout.machine';

export const items = [{ id: '7', amount: 12_345_00 }];
export const otherItems: InvoiceDetail[] = [{ id: '8', amount: 500_00 }];
/** The redirect's delay ended (the graph sends it; a replay advances the timer). */
export const AFTER_REDIRECT = 'xstate.after.gatewayRedirect.payCheckout.redirecting';

/** The failures the paths meet (the tests say what each must leave). */
export const FAILURES = {
  otpNotSent: apiErrorFromBody(503, { errors: [{ code: 'ER-OTP-500', detail: 'The OTP could not be sent.' }] }),
  otpWrong: apiErrorFromBody(422, { errors: [{ code: 'ER-OTP-101', detail: 'The OTP is not correct.' }] }),
  networkDown: new Error('network down'),
  unreachable: clientError('Could not reach the provider.'),
};

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as AnyEventObject;
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as AnyEventObject;
const PATH_EVENTS = [
  { type: 'AVAIL_CREDIT', key: 'k-otp', items, requireOtp: true, loanApplicationId: '1001' },
  { type: 'AVAIL_CREDIT', key: 'k-credit', items: otherItems, requireOtp: false, loanApplicationId: '1002' },
  { type: 'PAY', key: 'k-pay', items, mode: 'net_banking' },
  { type: 'OTP_ENTERED', otp: '123456' },
  { type: 'OTP_ENTERED', otp: '12345' },
  { type: 'RESEND_OTP' },
  { type: 'RETRY' },
  { type: 'DISMISS' },
  { type: 'CANCEL' },
  done('sendOtp', { otp_reference_id: 'ref-1' }),
  done('sendOtp', { otp_reference_id: 'ref-2' }),
  error('sendOtp', FAILURES.otpNotSent),
  done('verifyOtp', { verified: true }),
  done('verifyOtp', { verified: false }),
  error('verifyOtp', FAILURES.otpWrong),
  done('availCredit', { message: 'Credit availed successfully.' }),
  error('availCredit', FAILURES.networkDown),
  done('directPayment', { message: 'ok', payment_link_url: 'https://gateway.test/pay/1' }),
  done('directPayment', { message: 'ok' }),
  error('directPayment', FAILURES.unreachable),
  { type: AFTER_REDIRECT },
] as AnyEventObject[];

export const checkoutState = (s: { value: unknown; context: CheckoutContext }) =>
  JSON.stringify([
    s.value,
    s.context.attempt?.key ?? null,
    s.context.otpReferenceId,
    s.context.error,
    s.context.message,
    s.context.gatewayUrl,
  ]);

export const payCheckoutPaths = pathModel({
  machine: payCheckoutMachine,
  effects: ['sendOtp', 'verifyOtp', 'availCredit', 'directPayment'],
  graphs: {
    /** Credit with and without an OTP, a payment by gateway; every effect answered and failed; the redirect. */
    checkout: {
      events: PATH_EVENTS as never,
      serializeState: checkoutState,
      filterEvents: ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never,
    },
  },
});
