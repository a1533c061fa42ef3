import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { payCheckoutMachine } from '../../../machines/pay-checkout/pay-checkout.machine';
import { availCredit, bankGroups, directPayment, openLimitAvailCredit, sendOtp, verifyOtp } from '../../api/pay';
import type { ApiClient } from '../../api/client';
import { config } from '../../config';
import { useErrorToast } from '../../ui/toast';
import { isAllowedExternalUrl, PAY_STATEMENT_KEY, PAY_TOKEN_KEY } from './redirects';
import { useFlowMachine } from '../../lib/inspection';

/** The checkout states in which a request is under way (or the browser is about to leave): the buttons wait. */
const BUSY_STATES = ['sendingOtp', 'verifyingOtp', 'availing', 'paying', 'redirecting'] as const;

/** A payment link the page may follow: an allowed gateway origin (the mock's own in development). */
const gatewayAllowed = (url: string) =>
  isAllowedExternalUrl(url, config.gatewayOrigins, { dev: config.allowLocalGateway });

/**
 * Leaves for the payment gateway (the machine has checked the address), with the page token and the
 * statement link kept for the success page, which the gateway opens without them.
 */
function goToGateway(url: string, token: string, statement: string | null): void {
  sessionStorage.setItem(PAY_TOKEN_KEY, token);
  if (statement) sessionStorage.setItem(PAY_STATEMENT_KEY, statement);
  else sessionStorage.removeItem(PAY_STATEMENT_KEY);
  window.location.assign(url);
}

/**
 * The pay page's checkout (`payCheckoutMachine`) with its effects: the OTP, credit and direct-payment calls
 * of `src/api/pay.ts` (open-limit customers draw credit grouped by supplier bank account), and the redirect
 * to the gateway. A failure is toasted once when it appears.
 */
export function usePayCheckout({
  client,
  token,
  openLimit,
  statement,
}: {
  client: ApiClient;
  token: string;
  openLimit: boolean;
  statement: string | null;
}) {
  const machine = useMemo(
    () =>
      payCheckoutMachine.provide({
        actors: {
          sendOtp: fromPromise(({ input }) => sendOtp(client, token, input.loanApplicationId)),
          verifyOtp: fromPromise(({ input }) => verifyOtp(client, token, input)),
          availCredit: fromPromise(({ input }) =>
            openLimit
              ? openLimitAvailCredit(client, token, bankGroups(input.items), input.key)
              : availCredit(client, token, input.items, input.key),
          ),
          directPayment: fromPromise(({ input }) => directPayment(client, token, input.items, input.mode, input.key)),
        },
        actions: {
          redirect: (_, url) => goToGateway(url, token, statement),
        },
        // A link the page may not follow fails the attempt in the machine, so the page stays usable.
        guards: { gatewayAllowed: (_, { url }) => gatewayAllowed(url) },
      }),
    [client, token, openLimit, statement],
  );
  const [snapshot, send] = useFlowMachine(machine);
  const failed = snapshot.matches('failed');
  useErrorToast(failed ? snapshot.context.error : null);
  const busy = BUSY_STATES.some((state) => snapshot.matches(state));
  return { snapshot, send, busy, failed };
}
