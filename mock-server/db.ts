/**
 * The mock provider's data model. Money is integer paise everywhere in storage; routes turn it into
 * rupees on the wire. Dates are `YYYY-MM-DD`, timestamps ISO 8601 UTC. Payment sources are stored
 * product-neutral ('credit' | 'pay' | 'erp_payment') and named with the product key at the API edge.
 */
import type { AccessType } from '../src/domain/access';
import type { PaymentMode } from '../src/domain/payments';
import type { Region } from '../src/domain/regions';
import type {
  ApplicationStatus,
  ClosedStatus,
  InvoiceStatus,
  LinkStatus,
  PaymentSource,
  RiskGrade,
} from '../src/domain/statuses';

/** Bump when the shape changes: the mock refuses to start on stored data of another version (no migration). */
export const SCHEMA_VERSION = 3;

import type { Channel, ReminderTypeWire } from '../src/domain/reminders';

export interface Anchor {
  id: number;
  name: string;
  logo_url: string | null;
  is_system_generated: boolean;
  created_at: string;
  /**
   * When invoices last arrived by CSV upload (POST /invoices/upload with at least one row accepted), ISO
   * 8601; absent or null before the first upload. The due list's meta sends it as last_invoices_upload.
   */
  last_invoices_upload?: string | null;
}

export interface User {
  id: number;
  anchor_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  designation: string;
  role: string;
  role_id: number;
  virtual_id: string;
  /** The portal access type; null behaves like every type. */
  event: AccessType | null;
  password_hash: string;
  news_letter: boolean;
  send_email: boolean;
  is_system_generated: boolean;
  created_at: string;
  /** User-level checks (spec 1 §6): 'create_payment_links' shows and allows Create Payment Links. */
  permissions?: string[];
}

interface Address {
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  pin_code: string;
}

interface CompanyBankAccount {
  upi_id: string;
  account_number: string;
  ifsc: string;
  bank_name: string;
  branch: string;
}

export interface DistributorCompany {
  id: number;
  anchor_id: number;
  name: string;
  customer_code: string;
  region: Region;
  primary_user_name: string;
  primary_user_email: string;
  primary_user_mobile: string;
  business_email: string;
  mobile_number: string;
  company_address: Address;
  account_details: CompanyBankAccount[];
  application_status: ApplicationStatus;
  risk_grading: RiskGrade;
  /** Eligible limit from the provider's assessment, in paise. */
  eligibility_amount: number;
  channel_finance: boolean;
  virtual_account_number: string;
  loan_application_id: number | null;
  created_at: string;
}

export interface LoanApplication {
  id: number;
  anchor_id: number;
  distributor_company_id: number;
  cust_id: string;
  loan_account_no: string;
  application_status: ApplicationStatus;
  loan_status: 'active' | 'inactive' | 'closed';
  open_limit_customer: boolean;
  limit_sanctioned: number;
  /** Principal outstanding over this application's drawdowns, in paise (kept equal to their sum). */
  limit_utilized: number;
  limit_expiry_date: string;
  sanction_date: string;
  is_blocked: boolean;
}

interface DdrStatus {
  ddr_status: 'draft' | 'verified' | 'rejected';
  date: string;
}

export interface Invoice {
  id: number;
  anchor_id: number;
  distributor_company_id: number;
  document_number: string;
  erp_invoice_id: string;
  customer_code: string;
  total: number;
  amount_paid: number;
  invoice_date: string;
  due_date: string;
  status: InvoiceStatus;
  channel_finance: boolean;
  virtual_account_number: string;
  creation_date: string;
  ddr_status_date: DdrStatus[];
  invoice_rejected_ddr: boolean;
  is_sales_order: boolean;
  pay_by_date: string | null;
  discount_amount: number;
  /** For paid invoices: how they were closed. */
  closed_status: ClosedStatus | null;
  /**
   * Open-limit customers: the anchor bank account(s) a part-paid invoice is tied to (the one its earlier
   * credit went to); later credit on it must go to the same account. Absent or empty: any account.
   */
  bank_account_ids?: number[];
  /** The CSV upload (CsvUpload.id) that created this invoice, for invoices that arrived by POST /invoices/upload. */
  upload_id?: number;
  /** Added by an open-limit customer on the pay page (POST /create_invoice), not shared by the anchor. */
  is_manual?: boolean;
  /**
   * The invoice image or PDF a manual invoice was created with (the mock keeps its description, not the bytes).
   * `filename` is the provider's own name, `invoice-<id>.<pdf|png|jpg>` by the file's bytes; `original_filename`
   * the client's name as display text only (http.ts displayName), never a path.
   */
  invoice_image?: {
    filename: string;
    original_filename: string;
    content_type: string;
    size: number;
    sha256: string;
  } | null;
}

export interface Payment {
  id: number;
  anchor_id: number;
  invoice_id: number;
  distributor_company_id: number;
  amount: number;
  payment_date: string;
  settlement_date: string | null;
  settlement_amount: number;
  utr_number: string;
  source: PaymentSource;
  drawdown_id: number | null;
  status: 'paid';
}

export interface Drawdown {
  id: number;
  drawdown_number: string;
  loan_application_id: number;
  distributor_company_id: number;
  disbursement_date: string;
  status: 'completed' | 'pending' | 'failed';
  amount: number;
  utr: string;
  due_date: string;
  invoice_ids: number[];
  /** Principal still to repay, in paise (repayments reduce it). */
  principal_outstanding: number;
  /**
   * Interest paid against the interest posted since the accrual start (the disbursement, or the day of the
   * last successful repayment: interest up to a repayment is taken as collected with it), in paise. The
   * charges themselves are not stored: `drawdownFigures` (mock-server/lending.ts) works them out from the
   * mock's clock, so a drawdown goes from due to overdue as the days pass.
   */
  interest_paid: number;
  /** Penal interest paid against the penal posted so far, in paise. */
  penal_paid: number;
}

export interface Repayment {
  id: number;
  loan_application_id: number;
  drawdown_id: number;
  created_at: string;
  order_id: string;
  amount: number;
  payment_mode: 'upi' | 'net_banking' | 'nach';
  status: 'success' | 'failed';
  utr: string;
}

export interface Retailer {
  id: number;
  anchor_id: number;
  distributor_company_id: number;
  application_id: string;
  cust_id: string;
  name: string;
  retailer_code: string;
  mobile_number: string;
  region: Region;
  channel_finance: boolean;
  total_limit_sanctioned: number;
  limit_utilised: number;
}

export interface RetailerInvoice {
  id: number;
  retailer_id: number;
  document_number: string;
  total: number;
  amount_paid: number;
  invoice_date: string;
  due_date: string;
  status: 'open' | 'partially_paid' | 'paid';
}

/**
 * Pay-page switches a link may set over its anchor's settings (demo links use them where one anchor's
 * settings cannot show every scenario). Absent keys follow the anchor.
 */
export interface PaySettingsOverride {
  require_otp?: boolean;
  show_credit_option?: boolean;
  show_pay_option?: boolean;
  show_virtual_account_number?: boolean;
}

/**
 * A payment link sent to a customer. Its token is the pay page's credential: it identifies one customer
 * (distributor company) of one anchor until `expires_at`. Paid links still open the page (closed tab).
 */
export interface PaymentLink {
  id: number;
  anchor_id: number;
  distributor_company_id: number;
  invoice_ids: number[];
  token: string;
  mode_of_communication: Channel[];
  status: LinkStatus;
  created_at: string;
  expires_at: string;
  settings_override?: PaySettingsOverride;
  /**
   * A link for every document of its customer with its anchor (the demo links). Any other link shows and pays
   * only the invoices it names, and the customer's own manual ones on an open-limit account (pay.ts linkCovers).
   */
  customer_wide?: boolean;
}

export interface SettingDefinition {
  type: 'boolean' | 'dropdown';
  default: boolean | string;
  options?: string[];
  description: string;
}

export interface AnchorSettings {
  id: number;
  anchor_id: number;
  settings: Record<string, SettingDefinition>;
  setting_updated_by: string | null;
  updated_at: string;
}

export interface AnchorBankAccount {
  id: number;
  anchor_id: number;
  account_name: string;
  account_number: string;
  account_type: 'CA' | 'CC';
  ifsc: string;
  bank_name: string;
  branch_name: string;
  region: Region;
  created_at: string;
}

/** What an admin change did (the admin area, spec 2 §6-§7). */
type AdminChangeKind = 'user_added' | 'user_deleted' | 'user_flag_changed' | 'bank_account_added' | 'setting_changed';

/**
 * The audit log of the admin area: every change made through it, with who made it, when (the mock's
 * clock) and what. The configuration's 'Updated By' reads the anchor's last `setting_changed`.
 */
export interface AdminChange {
  id: number;
  anchor_id: number;
  /** Who made it: the user's id and name then (kept when the user is deleted later). */
  user_id: number;
  user_name: string;
  /** ISO 8601. */
  at: string;
  kind: AdminChangeKind;
  /** The user, bank account or anchor-settings row (`AnchorSettings.id`) changed. */
  target_id: number;
  /** The target as it was called then: a user's name and e-mail, an account's name, number and IFSC. */
  target_label: string;
  /** Toggles and settings: the flag (news_letter, send_email) or the setting's stored (product-neutral) name. */
  field?: string;
  before?: boolean | string | null;
  after?: boolean | string | null;
}

/** A star on an invoice or payment, per anchor. */
export interface StarResource {
  id: number;
  anchor_id: number;
  resource_type: 'Invoice' | 'Payment';
  resource_id: number;
  starred: boolean;
}

interface ResetToken {
  /** sha256 of the token: the token itself is only in the mail. */
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

/** The dev outbox: mails the provider "sent", readable at GET /__dev/outbox. In memory only (store/changes.ts). */
export interface Mail {
  id: number;
  to: string;
  subject: string;
  body: string;
  link: string | null;
  sent_at: string;
  /** For an OTP: the pay-page token it was sent for (GET /__dev/outbox?token=...). */
  pay_token?: string;
  /** How it went out: WhatsApp, SMS or e-mail (absent: e-mail, as for reset links and OTP mails). */
  channel?: Channel;
  /** The reminder schedule that sent it. */
  reminder_id?: number;
}

/** A dues reminder schedule (POST /schedule_reminders), delivered by the mock at its times. */
export interface Reminder {
  id: number;
  anchor_id: number;
  user_id: number;
  type: ReminderTypeWire;
  /** 'HH.00', 12 AM as '24.00'. */
  time: string;
  /** Monday-first 0/1. */
  days: string;
  invoice_ids: number[];
  modes: Channel[];
  category_type: string;
  created_at: string;
  /** When it runs next; null once a one-off reminder has run. */
  next_run_at: string | null;
  last_run_at: string | null;
}

/**
 * A pay-page POST already answered, per token and Idempotency-Key, kept 24 h: a repeat with the same
 * request gets this answer again; the same key with another request is refused.
 */
interface IdempotencyRecord {
  id: number;
  token: string;
  key: string;
  /** sha256 of method, path and the canonical JSON body. */
  fingerprint: string;
  status: number;
  body: unknown;
  created_at: string;
  expires_at: string;
}

/** A one-time password sent for a credit drawdown (the code itself is only in the dev outbox and the log). */
export interface OtpRequest {
  id: number;
  reference_id: string;
  token: string;
  loan_application_id: number;
  /** sha256 of `<reference_id>:<otp>`. */
  otp_hash: string;
  created_at: string;
  expires_at: string;
  /** Wrong answers so far; at 5 the OTP is locked. */
  attempts: number;
  verified_at: string | null;
  /** A newer OTP was sent to the same token. */
  superseded: boolean;
}

/** A direct payment sent to the (fake) payment gateway. */
export interface GatewayOrder {
  id: number;
  order_id: string;
  token: string;
  anchor_id: number;
  distributor_company_id: number;
  items: { invoice_id: number; amount: number }[];
  /** Sum of the items, in paise. */
  amount: number;
  method: PaymentMode;
  status: 'pending' | 'success' | 'failed';
  created_at: string;
  completed_at: string | null;
  utr: string | null;
  failure_reason: string | null;
  payment_ids: number[];
}

/** A CSV file the provider processed (POST /invoices/upload, POST /distributor_companies/upload). */
export interface CsvUpload {
  id: number;
  /** The id the answer gives for the file ('UPL-000001'). */
  file_id: string;
  anchor_id: number;
  user_id: number;
  /** What the file held, whichever csvtype name it came under. */
  kind: 'invoices' | 'customer_master' | 'customer_history';
  csvtype: string;
  /** The client's file name as display text (http.ts displayName). */
  filename: string;
  size: number;
  uploaded_at: string;
  total_rows: number;
  accepted_rows: number;
  rejected_rows: number;
  /** A customer master: the customers its accepted rows added or updated (a credit evaluation of the file grades them). */
  customer_ids?: number[];
}

/** One row of a customer's invoice history (transaction_data). Money in paise. */
interface HistoricalInvoice {
  id: number;
  anchor_id: number;
  distributor_company_id: number;
  customer_code: string;
  invoice_number: string;
  invoice_date: string;
  due_date: string;
  total: number;
  payment_date: string | null;
  upload_id: number;
  created_at: string;
}

export interface DbMeta {
  schema: number;
  seed: number;
  scale: number;
  seeded_at: string;
}

export interface Db {
  meta: DbMeta;
  anchors: Anchor[];
  users: User[];
  anchor_settings: AnchorSettings[];
  anchor_account_details: AnchorBankAccount[];
  distributor_companies: DistributorCompany[];
  loan_applications: LoanApplication[];
  invoices: Invoice[];
  payments: Payment[];
  drawdowns: Drawdown[];
  repayments: Repayment[];
  retailers: Retailer[];
  retailer_invoices: RetailerInvoice[];
  payment_links: PaymentLink[];
  resources: StarResource[];
  reset_tokens: ResetToken[];
  mails: Mail[];
  idempotency_keys: IdempotencyRecord[];
  otps: OtpRequest[];
  gateway_orders: GatewayOrder[];
  /** CSV files processed by the upload routes. Collections added after schema 2 may be absent in stored data: the repository adds them empty. */
  csv_uploads: CsvUpload[];
  /** Customers' historical invoices from transaction_data uploads: input for credit evaluation, not live invoices. */
  invoice_history: HistoricalInvoice[];
  reminders: Reminder[];
  /** The admin area's audit log. */
  admin_changes: AdminChange[];
}

/** A collection's name. */
type CollectionName = Exclude<keyof Db, 'meta'>;

/** A row of a collection. */
export type RowOf<C extends CollectionName> = Db[C][number];

/** The database as routes see it (`ctx.db()`): nothing writable; writes go through the repository (store/repository.ts). */
export type ReadonlyDb = { readonly meta: Readonly<DbMeta> } & {
  readonly [C in CollectionName]: readonly Readonly<RowOf<C>>[];
};

const largest = new WeakMap<readonly object[], { length: number; last: object | undefined; max: number }>();

/**
 * The next id for a collection: one more than the largest. Remembers the largest per array, so after rows
 * were only appended it reads just the new ones (a 100k-row collection is not scanned on every write).
 */
export function nextId(rows: readonly { id: number }[]): number {
  const seen = largest.get(rows);
  let max = 0;
  let from = 0;
  if (seen && rows.length >= seen.length && (seen.length === 0 || rows[seen.length - 1] === seen.last)) {
    max = seen.max;
    from = seen.length;
  }
  for (let i = from; i < rows.length; i++) if (rows[i]!.id > max) max = rows[i]!.id;
  largest.set(rows, { length: rows.length, last: rows[rows.length - 1], max });
  return max + 1;
}
