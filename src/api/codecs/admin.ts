import * as t from 'io-ts';
import { ACCOUNT_TYPES } from '../../domain/admin';
import { Id, list, Money, Nullable, oneOf, Optional } from './common';
import { Region } from './customers';
import { CsvHeader } from './dashboard';

/**
 * The admin area and the retailer area (spec 2 §3, §7): users, bank accounts, the bank lookup, the anchor's
 * configuration, and the distributor-retailer lists. Amounts are rupees on the wire, paise here.
 */

/** A user of the anchor (spec 2 §3): GET /users. */
export const AdminUser = t.intersection([
  t.type({ id: Id, name: t.string, email: t.string }),
  t.partial({
    news_letter: Nullable(t.boolean),
    send_email: Nullable(t.boolean),
    designation: Nullable(t.string),
    virtual_id: Nullable(t.string),
    is_system_generated: Nullable(t.boolean),
  }),
]);
export type AdminUser = t.TypeOf<typeof AdminUser>;
export const AdminUserList = list(AdminUser, t.UnknownRecord);
export type AdminUserList = t.TypeOf<typeof AdminUserList>;
export const AdminUserAnswer = t.type({ data: AdminUser });

/** An anchor bank account (spec 2 §3): GET and POST /anchor_account_details. */
export const BankAccount = t.intersection([
  t.type({
    id: Id,
    account_name: t.string,
    account_number: t.string,
    account_type: oneOf(ACCOUNT_TYPES),
    ifsc: t.string,
    bank_name: t.string,
    branch_name: t.string,
    region: Region,
  }),
  t.partial({ created_at: Nullable(t.string) }),
]);
export type BankAccount = t.TypeOf<typeof BankAccount>;
export const BankAccountList = list(BankAccount, t.UnknownRecord);
export type BankAccountList = t.TypeOf<typeof BankAccountList>;
export const BankAccountAnswer = t.type({ data: BankAccount });

/** GET /bank_details_by_ifsc: the bank and branch of an IFSC (spec 2 §7: BANK and BRANCH). */
export const BankLookup = t.type({ BANK: t.string, BRANCH: t.string });
export type BankLookup = t.TypeOf<typeof BankLookup>;

/** One setting of the configuration: its kind, current value ('default') and, for dropdowns, the options. */
export const SettingDefinition = t.intersection([
  t.type({ type: t.keyof({ boolean: null, dropdown: null }), default: t.union([t.boolean, t.string]) }),
  t.partial({ options: t.array(t.string), description: Nullable(t.string) }),
]);
export type SettingDefinition = t.TypeOf<typeof SettingDefinition>;

/**
 * GET /anchor_settings/{id} and the answer of PUT /anchor_settings/{id}/settings: settings by their wire
 * names (`show_{product}_credit_option`), who changed them last, and whether the anchor is system generated.
 */
export const AnchorSettings = t.type({
  data: t.type({ id: Id, settings: t.record(t.string, SettingDefinition) }),
  meta: t.intersection([
    t.type({ is_system_generated: t.boolean }),
    t.partial({ setting_updated_by: Optional(t.string), setting_updated_at: Optional(t.string) }),
  ]),
});
export type AnchorSettings = t.TypeOf<typeof AnchorSettings>;

/** GET /distributor_retailers/accounts_receivables (spec 2 §3); the distributor figure is not sent to t2. */
export const AccountsReceivable = t.type({
  data: t.type({
    outstanding_invoices_for_retailer: Money,
    outstanding_invoices_for_distributor: Optional(Money),
    total_limit_sanctioned: Money,
    total_utilised_limit: Money,
    total_limit_balance: Money,
  }),
});
export type AccountsReceivable = t.TypeOf<typeof AccountsReceivable>['data'];

/** A distributor row (spec 2 §3): GET /distributor_retailers/distributor_details. */
export const DistributorRow = t.intersection([
  t.type({ id: Id, name: t.string }),
  t.partial({
    anchor_id: Nullable(Id),
    total_no_of_retailers: Nullable(t.number),
    total_retailers_on_channel_finance: Nullable(t.number),
    total_limit_sanctioned: Nullable(Money),
    limit_utilised: Nullable(Money),
    available_limit: Nullable(Money),
    thirty_plus_retailers: Nullable(t.number),
    thirty_plus_value: Nullable(Money),
    ninty_plus_retailers: Nullable(t.number),
    ninty_plus_value: Nullable(Money),
  }),
]);
export type DistributorRow = t.TypeOf<typeof DistributorRow>;
export const DistributorList = t.intersection([
  list(DistributorRow, t.UnknownRecord),
  t.partial({ csv_headers_accepted: t.array(CsvHeader) }),
]);
export type DistributorList = t.TypeOf<typeof DistributorList>;

/** A retailer row (spec 2 §3): GET /distributor_retailers/{id}/distributor_retailer_details. */
export const RetailerRow = t.intersection([
  t.type({ id: Id, name: t.string }),
  t.partial({
    anchor_id: Nullable(Id),
    application_id: Nullable(t.string),
    cust_id: Nullable(t.string),
    retailer_code: Nullable(t.string),
    mobile_number: Nullable(t.string),
    channel_finance: Nullable(t.boolean),
    total_limit_sanctioned: Nullable(Money),
    limit_utilised: Nullable(Money),
    available_limit: Nullable(Money),
    amount_outstanding: Nullable(Money),
    amount_overdue: Nullable(Money),
    unpaid_invoice_amount: Nullable(Money),
    unpaid_invoice_count: Nullable(t.number),
  }),
]);
export type RetailerRow = t.TypeOf<typeof RetailerRow>;
export const RetailerList = t.intersection([
  list(RetailerRow, t.UnknownRecord),
  t.partial({ csv_headers_accepted: t.array(CsvHeader) }),
]);
export type RetailerList = t.TypeOf<typeof RetailerList>;

/** A retailer invoice (spec 2 §3): GET /distributor_retailers/{id}/retailer_invoice_details. */
export const RetailerInvoice = t.intersection([
  t.type({ document_number: t.string, total: Money }),
  t.partial({
    id: Nullable(Id),
    invoice_date: Nullable(t.string),
    due_date: Nullable(t.string),
    status: Nullable(t.string),
    /** Days past the due date (0 when not yet due). */
    invoice_ageing: Nullable(t.number),
    amount_paid: Nullable(Money),
  }),
]);
export type RetailerInvoice = t.TypeOf<typeof RetailerInvoice>;
export const RetailerInvoiceList = list(RetailerInvoice, t.UnknownRecord);
export type RetailerInvoiceList = t.TypeOf<typeof RetailerInvoiceList>;
