import type { ApiClient } from './client';
import {
  CreatedInvoice,
  invoiceCollectionCodec,
  PaymentAnswer,
  PaymentSuccess,
  SendOtpAnswer,
  VerifyOtpAnswer,
} from './codecs/pay';
import { paiseToRupees, paiseToText, type Paise } from '../domain/money';
import type { PaymentMode } from '../domain/payments';

import type { InvoiceDetail, PayTab } from '../domain/pay';

/* The pay page's calls. Every one is authorised by the page token from the link (spec 3 §6), sent in Authorization only. */

/** Open-limit credit: the documents grouped by supplier bank account, in first-seen order. */
export function bankGroups(items: readonly InvoiceDetail[]): { bankAccountId: string; items: InvoiceDetail[] }[] {
  const groups = new Map<string, InvoiceDetail[]>();
  for (const item of items) {
    const bank = item.bankAccountId ?? '';
    groups.set(bank, [...(groups.get(bank) ?? []), item]);
  }
  return [...groups].map(([bankAccountId, grouped]) => ({ bankAccountId, items: grouped }));
}

const details = (items: readonly InvoiceDetail[]) =>
  items.map((i) => ({ id: i.id, user_requested_amount: paiseToRupees(i.amount) }));
const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/**
 * GET /invoice_collection: one tab, one page, and the header data. The token goes in the Authorization
 * header only, not in the query as spec 3 §7 shows it.
 */
export function fetchCollection(client: ApiClient, product: string, token: string, status: PayTab, page: number) {
  // Departure from the spec (token in the query): query strings end up in server, proxy and browser logs, and the token pays.
  return client.request({
    path: '/invoice_collection',
    query: { status, page },
    codec: invoiceCollectionCodec(product),
    auth: { token },
  });
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
export function openLimitAvailCredit(
  client: ApiClient,
  token: string,
  groups: readonly { bankAccountId: string; items: readonly InvoiceDetail[] }[],
  key: string,
) {
  return client.request({
    method: 'POST',
    path: '/op_avail_credit',
    body: {
      source: 'anchor_portal',
      payment_gateway: groups.map((g) => ({ bank_account_id: g.bankAccountId, invoice_details: details(g.items) })),
    },
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
export function verifyOtp(
  client: ApiClient,
  token: string,
  input: { loanApplicationId: string; otp: string; referenceId: string },
) {
  return client
    .request({
      method: 'POST',
      path: '/communications/verify_otp',
      body: {
        data: {
          attributes: {
            loan_application_id: input.loanApplicationId,
            otp: input.otp,
            otp_reference_id: input.referenceId,
          },
        },
      },
      codec: VerifyOtpAnswer,
      auth: { token },
      version: 2,
    })
    .then((r) => r.data);
}

/** POST /direct_payments/cc_avenue: answers the gateway link to send the customer to. */
export function directPayment(
  client: ApiClient,
  token: string,
  items: readonly InvoiceDetail[],
  method: PaymentMode,
  key: string,
) {
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
  return client
    .request({
      path: '/direct_payments/cc_avenue_success',
      query: { order_id: orderId },
      codec: PaymentSuccess,
      auth: { token },
    })
    .then((r) => r.data);
}

/** What an open-limit customer enters for a manual invoice or sales order (spec 3 §2, §7). */
export interface ManualInvoiceInput {
  loanApplicationId: string;
  anchorId: string;
  erpDistributorId: string;
  customerCode: string;
  /** The number the customer typed: sent as gst_invoice_id. */
  number: string;
  amount: Paise;
  /** ISO date, not after today. */
  invoiceDate: string;
  /** Today, ISO date: manual documents fall due at once. */
  dueDate: string;
  /** The invoice image or PDF; absent for sales orders (they are submitted without a file). */
  file?: File;
}

/** Multipart field names: `invoice[...]`, the file as `invoice[invoice_image][file]`. */
function createInvoiceForm(input: ManualInvoiceInput): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    loan_application_id: input.loanApplicationId,
    anchor_id: input.anchorId,
    erp_distributor_id: input.erpDistributorId,
    customer_code: input.customerCode,
    invoice_date: input.invoiceDate,
    due_date: input.dueDate,
    total: paiseToText(input.amount),
    gst_invoice_id: input.number,
    source: 'open_limit_customer',
  };
  for (const [name, value] of Object.entries(fields)) form.append(`invoice[${name}]`, value);
  if (input.file) form.append('invoice[invoice_image][file]', input.file, input.file.name);
  return form;
}

/** POST /create_invoice (multipart): an open-limit customer's own invoice or sales order. */
export function createInvoice(client: ApiClient, token: string, input: ManualInvoiceInput, key: string) {
  return client.request({
    method: 'POST',
    path: '/create_invoice',
    body: createInvoiceForm(input),
    codec: CreatedInvoice,
    auth: { token },
    headers: idempotent(key),
  });
}
