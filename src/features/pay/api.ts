import type { ApiClient } from '../../api/client';
import { invoiceCollectionCodec, PaymentAnswer, PaymentSuccess, SendOtpAnswer, VerifyOtpAnswer } from '../../api/codecs/pay';
import { paiseToRupees, type Paise } from '../../lib/money';

/** The pay page's calls. Every one is authorised by the page token from the link (spec 3 §6). */
export type PayTab = 'open' | 'closed' | 'partial';

export interface InvoiceDetail {
  id: string;
  amount: Paise;
}

const details = (items: readonly InvoiceDetail[]) => items.map((i) => ({ id: i.id, user_requested_amount: paiseToRupees(i.amount) }));
const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** GET /invoice_collection: one tab, one page, and the header data. */
export function fetchCollection(client: ApiClient, product: string, token: string, status: PayTab, page: number) {
  return client.request({ path: '/invoice_collection', query: { token, status, page }, codec: invoiceCollectionCodec(product), auth: { token } });
}

/** POST /avail_credit (closed-limit customers). */
export function availCredit(client: ApiClient, token: string, items: readonly InvoiceDetail[], key: string) {
  return client.request({
    method: 'POST',
    path: '/avail_credit',
    body: { source: 'anchor_portal', payment_gateway: { invoice_details: details(items) } },
    codec: PaymentAnswer,
    auth: { token },
    headers: idempotent(key),
  });
}

/** POST /op_avail_credit (open-limit customers): invoices grouped by the supplier bank account chosen. */
export function openLimitAvailCredit(client: ApiClient, token: string, groups: readonly { bankAccountId: string; items: readonly InvoiceDetail[] }[], key: string) {
  return client.request({
    method: 'POST',
    path: '/op_avail_credit',
    body: { source: 'anchor_portal', payment_gateway: groups.map((g) => ({ bank_account_id: g.bankAccountId, invoice_details: details(g.items) })) },
    codec: PaymentAnswer,
    auth: { token },
    headers: idempotent(key),
  });
}

/** POST /communications/send_otp (version 2). */
export function sendOtp(client: ApiClient, token: string, loanApplicationId: string) {
  return client
    .request({
      method: 'POST',
      path: '/communications/send_otp',
      body: { data: { attributes: { loan_application_id: loanApplicationId } } },
      codec: SendOtpAnswer,
      auth: { token },
      version: 2,
    })
    .then((r) => r.data);
}

/** POST /communications/verify_otp (version 2). */
export function verifyOtp(client: ApiClient, token: string, input: { loanApplicationId: string; otp: string; referenceId: string }) {
  return client
    .request({
      method: 'POST',
      path: '/communications/verify_otp',
      body: { data: { attributes: { loan_application_id: input.loanApplicationId, otp: input.otp, otp_reference_id: input.referenceId } } },
      codec: VerifyOtpAnswer,
      auth: { token },
      version: 2,
    })
    .then((r) => r.data);
}

/** POST /direct_payments/cc_avenue: answers the gateway link to send the customer to. */
export function directPayment(client: ApiClient, token: string, items: readonly InvoiceDetail[], method: 'net_banking' | 'upi', key: string) {
  return client.request({
    method: 'POST',
    path: '/direct_payments/cc_avenue',
    body: { direct_payment: { invoice_details: details(items), payment_method: method } },
    codec: PaymentAnswer,
    auth: { token },
    headers: idempotent(key),
  });
}

/** GET /direct_payments/cc_avenue_success. */
export function paymentSuccess(client: ApiClient, token: string, orderId: string) {
  return client.request({ path: '/direct_payments/cc_avenue_success', query: { order_id: orderId }, codec: PaymentSuccess, auth: { token } }).then((r) => r.data);
}
