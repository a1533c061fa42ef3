import * as t from 'io-ts';
import type { PayDocument as PayDocumentShape } from '../../domain/pay';
import { Id, Money, Nullable, Optional, Pagy, type Decodes } from './common';

/**
 * The public pay page's calls (spec 3, §3 and §7). Every call is authorised by the page token from the
 * link. Field names that carry the product key (`show_{product}_credit_option`) are read through
 * `productFields(product)` so the key stays one configuration value.
 */

export const DdrStatus = t.type({ ddr_status: t.string, date: t.string });

/** An invoice or sales order on the pay page (a "collection item"). Amounts in paise. */
const PayDocument = t.intersection([
  t.type({
    id: Id,
    document_number: t.string,
    invoice_date: t.string,
    due_date: t.string,
    invoice_amount: Money,
    /** What is still to pay; null when the provider cannot say (credit is then disabled). */
    balance_due: Optional(Money),
    status: t.string,
  }),
  t.partial({
    bank_account_id: t.array(Id),
    pay_by_date: Nullable(t.string),
    discount_amount: Nullable(Money),
    is_selected: t.boolean,
    payment_utr: Nullable(t.string),
    virtual_account_number: Nullable(t.string),
    ddr_status_date: t.array(DdrStatus),
    /** A manual entry of an open-limit customer. */
    is_manual: t.boolean,
  }),
]);
true satisfies Decodes<typeof PayDocument, PayDocumentShape>;

const SupplierBankAccount = t.type({ id: Id, bank_account_name: t.string, bank_name: t.string });
type SupplierBankAccount = t.TypeOf<typeof SupplierBankAccount>;

/** The page's header and switches, with the product-keyed names resolved. */
function payMetaCodec(product: string) {
  return t.intersection([
    t.type({
      anchor_name: t.string,
      anchor_id: Id,
      distributor_name: t.string,
      distributor_code: t.string,
      /** The figures of the credit line: absent or null is shown as '-'. */
      loan_account_no: Optional(t.string),
      loan_account_status: Optional(t.string),
      sanctioned_limit: Optional(Money),
      overdue_amount: Optional(Money),
      overdue_days: Optional(t.number),
      credit_limit_utilised: Optional(Money),
      credit_limit_balance: Optional(Money),
      open_limit_customer: t.boolean,
      is_sales_order: t.boolean,
      require_otp: t.boolean,
      show_virtual_account_number: t.boolean,
      [`show_${product}_credit_option`]: t.boolean,
      [`show_${product}_pay_option`]: t.boolean,
    }),
    t.partial({
      soa_link: Nullable(t.string),
      loan_application_id: Nullable(Id),
      erp_distributor_id: Nullable(t.string),
      supplier_bank_accounts: t.array(SupplierBankAccount),
      partial_count: t.number,
    }),
  ]);
}

/** GET /invoice_collection?token&page&status=open|closed|partial. */
export function invoiceCollectionCodec(product: string) {
  return t.intersection([
    t.type({ data: t.array(PayDocument), meta: payMetaCodec(product) }),
    t.partial({ pagy: Pagy }),
  ]);
}

/** What every payment call answers with: a message, and for a direct payment the gateway link. */
export const PaymentAnswer = t.intersection([
  t.type({ message: t.string }),
  t.partial({ payment_link_url: t.string, order_id: t.string, drawdown_ids: t.array(Id) }),
]);
export type PaymentAnswer = t.TypeOf<typeof PaymentAnswer>;

/** POST /communications/send_otp (v2). */
export const SendOtpAnswer = t.type({ data: t.type({ otp_reference_id: t.string, expires_in: t.number }) });
/** POST /communications/verify_otp (v2). */
export const VerifyOtpAnswer = t.type({ data: t.type({ verified: t.boolean }) });

/** GET /direct_payments/cc_avenue_success?order_id: spelled as the provider spells it. */
export const PaymentSuccess = t.type({
  data: t.type({ transation_number: t.string, transation_date: t.string, amount_paid: Money }),
});

/** POST /create_invoice (open-limit customers): the created document, as it will appear in the open list. */
export const CreatedInvoice = t.type({ message: t.string, data: PayDocument });
export type CreatedInvoice = t.TypeOf<typeof CreatedInvoice>;
