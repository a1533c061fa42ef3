import styled from 'styled-components';
import { useSearch } from 'wouter';
import { useApi } from '../../api/useApi';
import { errorEntriesOf, toastText } from '../../domain/errors';
import { config } from '../../config';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { Skeleton } from '../../ui/Skeleton';
import { paymentSuccess } from '../../api/pay';
import { PayFrame } from './PayFrame';
import { PAY_STATEMENT_KEY } from './redirects';
import { storedPayToken } from './pay-token';

const Card = styled.section`
  display: grid;
  gap: 16px;
  max-width: 560px;
  margin: 24px auto;
  padding: 24px;
  border-radius: 16px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h1 {
    margin: 0;
    color: ${({ theme }) => theme.success};
  }
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 8px 16px;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  /* A long transaction number wraps rather than widen the page on a phone. */
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const Balance = styled.div`
  padding: 16px;
  border-radius: 12px;
  background: ${({ theme }) => theme.surfaceRaised};
  strong {
    display: block;
    font-size: 24px;
  }
`;

/** Spec: the Available Balance box shows a fixed figure. */
export const SUCCESS_PAGE_BALANCE = '5,00,000';

/** The spec's error text, with the support contacts. */
function SupportLine() {
  return (
    <p>
      Something went wrong, we will already be looking into it. Write to{' '}
      <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> or call{' '}
      <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</a>.
    </p>
  );
}

/**
 * Back to the pay link to try again (only when this tab knows the link's token). The address carries no
 * token: the pay page takes it from this tab's session storage, where it was kept when the link was opened.
 */
function BackToPayLink({ token }: { token: string }) {
  if (!token) return null;
  return <a href={`/pay-with-${config.product}`}>Back to the payment page</a>;
}

/**
 * `/pay-with-{product}-success?order_id&success`: the gateway's return page. A payment the gateway
 * reports as paid is confirmed with the provider (which needs the pay link's token, kept in this tab's
 * session storage). Opened in another tab, the page says what the gateway reported and that it cannot
 * show the details here, rather than calling a paid order a failure. A failed payment says so, that
 * nothing was charged, and leads back to the pay link.
 */
export default function PaySuccessScreen() {
  const params = new URLSearchParams(useSearch());
  const orderId = params.get('order_id') ?? '';
  const failed = params.get('success') === 'false' || orderId === '';
  const token = storedPayToken();
  const statement = sessionStorage.getItem(PAY_STATEMENT_KEY);
  const { data, error } = useApi(failed || !token ? null : ['payment-success', orderId], (client) =>
    paymentSuccess(client, token, orderId),
  );

  if (failed || error) {
    return (
      <PayFrame>
        <Card role="alert">
          <h1 style={{ color: 'inherit' }}>Payment not completed</h1>
          <SupportLine />
          {failed ? (
            <p>
              The payment{orderId ? ` for order ${orderId}` : ''} did not go through: your invoices are not paid and
              nothing was charged. You can try again from the payment page.
            </p>
          ) : (
            <p>
              The payment gateway reported order {orderId} as paid, but it could not be confirmed:{' '}
              {toastText(errorEntriesOf(error))}.
            </p>
          )}
          <BackToPayLink token={token} />
        </Card>
      </PayFrame>
    );
  }
  if (!token) {
    return (
      <PayFrame>
        <Card role="status" aria-labelledby="reported-title">
          <h1 id="reported-title" style={{ color: 'inherit' }}>
            Payment reported by the gateway
          </h1>
          <p>
            The payment gateway reported order {orderId} as paid. Its details cannot be shown in this tab, because the
            payment page was opened in another one: open your payment link again to see the payment in your statement.
          </p>
        </Card>
      </PayFrame>
    );
  }
  return (
    <PayFrame>
      <Card aria-labelledby="success-title">
        <h1 id="success-title">Payment Succesful !</h1>
        {!data ? (
          <Skeleton $height="96px" />
        ) : (
          <dl>
            <dt>Transaction Number</dt>
            <dd>{data.transation_number}</dd>
            <dt>Transaction Date</dt>
            <dd>{formatDateTime(data.transation_date)}</dd>
            <dt>Amount Paid</dt>
            <dd>{formatMoney(data.amount_paid)}</dd>
          </dl>
        )}
        <Balance>
          Available Balance
          <strong>₹{SUCCESS_PAGE_BALANCE}</strong>
        </Balance>
        {statement ? (
          <a href={statement} target="_blank" rel="noreferrer">
            View Statement
          </a>
        ) : (
          <BackToPayLink token={token} />
        )}
      </Card>
    </PayFrame>
  );
}
