import styled from 'styled-components';
import { useSearch } from 'wouter';
import { useApi } from '../../api/use-api';
import { config } from '../../config';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { Skeleton } from '../../ui/Skeleton';
import { paymentSuccess } from '../../api/pay';
import { PayFrame } from './PayFrame';
import { PAY_TOKEN_KEY } from './redirects';

const Card = styled.section`
  display: grid;
  gap: 16px;
  max-width: 560px;
  margin: 24px auto;
  padding: 24px;
  border-radius: 16px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h1 { margin: 0; color: ${({ theme }) => theme.success}; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0; }
  dt { color: ${({ theme }) => theme.textMuted}; }
  dd { margin: 0; font-weight: 700; }
`;

const Balance = styled.div`
  padding: 16px;
  border-radius: 12px;
  background: ${({ theme }) => theme.surfaceRaised};
  strong { display: block; font-size: 24px; }
`;

/** Spec: the Available Balance box shows a fixed figure. */
export const SUCCESS_PAGE_BALANCE = '5,00,000';

/** `/pay-with-{product}-success?order_id&success`: the gateway's return page. */
export default function PaySuccessScreen() {
  const params = new URLSearchParams(useSearch());
  const orderId = params.get('order_id') ?? '';
  const failed = params.get('success') === 'false' || orderId === '';
  const token = sessionStorage.getItem(PAY_TOKEN_KEY) ?? '';
  const { data, error } = useApi(failed || !token ? null : ['payment-success', orderId], (client) => paymentSuccess(client, token, orderId));

  if (failed || error || (!token && !failed)) {
    return (
      <PayFrame>
        <Card role="alert">
          <h1 style={{ color: 'inherit' }}>Payment not completed</h1>
          <p>
            Something went wrong, we will already be looking into it. Write to <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> or call{' '}
            <a href={`tel:${config.supportPhone.replace(/\s/g, '')}`}>{config.supportPhone}</a>.
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
        <a href={`/pay-with-${config.product}?token=${encodeURIComponent(token)}`}>View Statement</a>
      </Card>
    </PayFrame>
  );
}
