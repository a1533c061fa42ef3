import { CREATE_PAYMENT_LINKS } from '../../src/domain/user';
import { MANAGE_ANCHOR } from '../../src/domain/admin';
import { addDays, differenceInCalendarDays, parseISO, startOfDay } from 'date-fns';
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/passwords';
import {
  type Anchor,
  type AnchorBankAccount,
  type AnchorSettings,
  type Db,
  type DistributorCompany,
  type Drawdown,
  type Invoice,
  type LoanApplication,
  type Payment,
  type PaymentLink,
  type Repayment,
  type Retailer,
  type RetailerInvoice,
  SCHEMA_VERSION,
  type StarResource,
  type User,
} from '../db';
import type { AccessType } from '../../src/domain/access';
import {
  type ApplicationStatus,
  closedStatusOf,
  PAY_SETTLEMENT_DAYS,
  type PaymentSource,
} from '../../src/domain/statuses';
import { REGIONS } from '../../src/domain/regions';
import { addDemoCustomers } from './demo';
import { creditRecords, gradeFields } from '../credit';
import { assessCredit } from '../../src/domain/credit';
import { drawdownFigures } from '../lending';
import { BANKS, COMPANY_SUFFIXES, REGION_STATES } from './geography';
import { isoDay } from '../../src/domain/dates';
import { createRandom, dayOffset, type Random } from './random';
import { CREDIT_PERIOD_DAYS } from '../../src/domain/thresholds';

export {
  DEMO_CUSTOMER_COUNT,
  DEMO_PAY_LINKS,
  EXPIRED_DEMO_PAY_TOKEN,
  LENDING_DEMO_CUSTOMER_COUNT,
  LENDING_DEMO_CUSTOMERS,
  MANY_DRAWDOWNS_CUSTOMER,
} from './demo';

export const DEFAULT_SEED = 1551;
export const DEMO_PASSWORD = 'Demo@1234';
export const SYSTEM_ANCHOR_ID = 1;
export const SPECIAL_ANCHOR_ID = 1551;

/** The demo logins, all with DEMO_PASSWORD. Listed in the README and the start banner. */
export const DEMO_LOGINS: readonly {
  email: string;
  event: AccessType | null;
  anchorId: number;
  first: string;
  last: string;
}[] = [
  { email: 't1@anchor.test', event: 't1', anchorId: SYSTEM_ANCHOR_ID, first: 'Asha', last: 'Verma' },
  { email: 't2@anchor.test', event: 't2', anchorId: SYSTEM_ANCHOR_ID, first: 'Rohan', last: 'Iyer' },
  { email: 't1t2@anchor.test', event: 't1t2', anchorId: SYSTEM_ANCHOR_ID, first: 'Meera', last: 'Nair' },
  { email: 'unset@anchor.test', event: null, anchorId: SYSTEM_ANCHOR_ID, first: 'Kabir', last: 'Singh' },
  { email: 'anchor1551@anchor.test', event: 't1', anchorId: SPECIAL_ANCHOR_ID, first: 'Vikram', last: 'Rao' },
];

/**
 * Spare logins for tests that change a password or otherwise alter a user, so they never disturb the
 * demo logins other tests use at the same time. Same password.
 */
export const QA_LOGINS: readonly { email: string; event: AccessType | null; first: string; last: string }[] = [
  { email: 'qa.reset@anchor.test', event: 't1t2', first: 'Quality', last: 'Reset' },
  { email: 'qa.profile@anchor.test', event: 't1', first: 'Quality', last: 'Profile' },
];

export interface SeedOptions {
  seed: number;
  /** Volume multiplier: 1 gives ~360 customers and ~4,400 invoices; 22 gives ~90k invoices. */
  scale: number;
  /** "Today" for the generated history: dates are laid out relative to it. */
  today: Date;
}

/** Customers per anchor at scale 1; invoices average about 12.5 per customer. */
const CUSTOMERS_AT_SCALE_1: Record<number, number> = { [SYSTEM_ANCHOR_ID]: 320, [SPECIAL_ANCHOR_ID]: 40 };

/**
 * Builds the whole provider database from a seed. Deterministic: the same seed, scale and day give
 * the same data, apart from the tokens of the seeded payment links that are not demo links (random, see
 * seededLinkToken). Derived figures (utilised limits, amounts paid) are computed from the generated rows,
 * so every aggregate the API serves can be traced back to them.
 */
export function generateDb({ seed, scale, today: now }: SeedOptions): Db {
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`scale must be a positive number, got ${scale}`);
  const today = startOfDay(now);
  const r = createRandom(seed);
  const db: Db = {
    meta: { schema: SCHEMA_VERSION, seed, scale, seeded_at: now.toISOString() },
    anchors: anchors(today),
    users: [],
    anchor_settings: [],
    anchor_account_details: [],
    distributor_companies: [],
    loan_applications: [],
    invoices: [],
    payments: [],
    drawdowns: [],
    repayments: [],
    retailers: [],
    retailer_invoices: [],
    payment_links: [],
    resources: [],
    reset_tokens: [],
    mails: [],
    idempotency_keys: [],
    otps: [],
    gateway_orders: [],
    csv_uploads: [],
    invoice_history: [],
    reminders: [],
    admin_changes: [],
  };
  db.users = users(r, seed, today);
  db.anchor_settings = db.anchors.map((anchor) => anchorSettings(anchor, today));
  db.anchor_account_details = bankAccounts(r, today);

  for (const anchor of db.anchors) {
    const count = Math.max(1, Math.round(CUSTOMERS_AT_SCALE_1[anchor.id]! * scale));
    for (let i = 0; i < count; i++) {
      const { company, conduct } = distributorCompany(r, db, anchor.id, i, today);
      db.distributor_companies.push(company);
      const loan =
        company.application_status === 'approved' || company.application_status === 'work_in_progress'
          ? loanApplication(r, db, company, today)
          : null;
      if (loan) {
        db.loan_applications.push(loan);
        company.loan_application_id = loan.id;
      }
      invoiceHistory(r, db, company, loan, conduct, today);
      if (loan) fitWithinLimit(r, db, loan, today);
    }
  }
  forceDueBuckets(db, today);
  retailers(r, db, today);
  paymentLinks(r, db, today);
  stars(r, db);
  // Last, and without the random sequence, so the generated data above is the same with or without them.
  addDemoCustomers(db, today);
  gradeCustomers(db, today);
  return db;
}

/** Every customer's risk grade and eligible limit, from its invoices as the seed left them (src/domain/credit.ts). */
function gradeCustomers(db: Db, today: Date): void {
  const records = creditRecords(db, null);
  const day = isoDay(today);
  for (const company of db.distributor_companies)
    Object.assign(company, gradeFields(assessCredit(records.get(company.id) ?? [], day)));
}

function anchors(today: Date): Anchor[] {
  const createdAt = addDays(today, -900).toISOString();
  return [
    {
      id: SYSTEM_ANCHOR_ID,
      name: 'Sarvodaya Consumer Products Ltd',
      logo_url: null,
      is_system_generated: true,
      created_at: createdAt,
    },
    {
      id: SPECIAL_ANCHOR_ID,
      name: 'Meridian Agro Industries',
      logo_url: '/assets/logos/1551.svg',
      is_system_generated: false,
      created_at: createdAt,
    },
  ];
}

function users(r: Random, seed: number, today: Date): User[] {
  // Deterministic salts keep "same seed, same data" true for the password hashes too.
  const salt = (email: string) => createHash('sha256').update(`${seed}:${email}`).digest().subarray(0, 16);
  const rows: User[] = DEMO_LOGINS.map((login, index) => ({
    id: index + 1,
    anchor_id: login.anchorId,
    first_name: login.first,
    last_name: login.last,
    email: login.email,
    phone_number: r.mobile(),
    designation: index === 0 ? 'admin' : 'portal_user',
    role: index === 0 ? 'Admin' : 'Portal User',
    role_id: index === 0 ? 1 : 5,
    virtual_id: String(index === 0 ? 1 : 5),
    event: login.event,
    password_hash: hashPassword(DEMO_PASSWORD, salt(login.email)),
    news_letter: true,
    send_email: true,
    is_system_generated: true,
    created_at: addDays(today, -800).toISOString(),
    // The demo logins may create payment links (spec 1 §6's user-level check) and manage their anchor (add and
    // delete users, add bank accounts, change the configuration); QA logins and other staff may not.
    permissions: [CREATE_PAYMENT_LINKS, MANAGE_ANCHOR],
  }));
  for (const qa of QA_LOGINS) {
    rows.push({
      id: rows.length + 1,
      anchor_id: SYSTEM_ANCHOR_ID,
      first_name: qa.first,
      last_name: qa.last,
      email: qa.email,
      phone_number: r.mobile(),
      designation: 'portal_user',
      role: 'Portal User',
      role_id: 5,
      virtual_id: '5',
      event: qa.event,
      password_hash: hashPassword(DEMO_PASSWORD, salt(qa.email)),
      news_letter: false,
      send_email: false,
      is_system_generated: true,
      created_at: addDays(today, -700).toISOString(),
    });
  }
  // A few more staff so the admin list has people in it; they share the demo password.
  for (let i = 0; i < 8; i++) {
    const first = r.faker.person.firstName();
    const last = r.faker.person.lastName();
    const email = `${first}.${last}.${i + 1}@anchor.test`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
    rows.push({
      id: rows.length + 1,
      anchor_id: i < 6 ? SYSTEM_ANCHOR_ID : SPECIAL_ANCHOR_ID,
      first_name: first,
      last_name: last,
      email,
      phone_number: r.mobile(),
      designation: 'portal_user',
      role: 'Portal User',
      role_id: 5,
      virtual_id: '5',
      event: r.pick(['t1', 't2', 't1t2', null] as const),
      password_hash: hashPassword(DEMO_PASSWORD, salt(email)),
      news_letter: r.chance(0.5),
      send_email: r.chance(0.7),
      is_system_generated: false,
      created_at: addDays(today, -r.int(10, 600)).toISOString(),
    });
  }
  return rows;
}

/** The anchor configuration. Product-specific keys are stored neutral and renamed at the API edge. */
function anchorSettings(anchor: Anchor, today: Date): AnchorSettings {
  const bool = (value: boolean, description: string) => ({ type: 'boolean' as const, default: value, description });
  return {
    id: anchor.id,
    anchor_id: anchor.id,
    settings: {
      customer_consent: bool(false, 'Ask customers for consent before sharing their invoices.'),
      customer_notification: bool(true, 'Notify customers when invoices are shared.'),
      default_drawdown_status: {
        type: 'dropdown',
        default: 'Verified',
        options: ['Verified', 'Draft'],
        description: 'Status given to new drawdown requests.',
      },
      email_blocked: bool(false, 'Block e-mail messages to customers.'),
      is_sales_order: bool(anchor.id === SPECIAL_ANCHOR_ID, 'Customers pay sales orders instead of invoices.'),
      require_otp: bool(true, 'Ask for an OTP before a credit drawdown.'),
      send_clear_dues_mail_after_invoice_created: bool(true, 'Mail the customer when an invoice is created.'),
      send_clear_dues_mail_after_invoice_file_received: bool(false, 'Mail the customer when an invoice file arrives.'),
      send_payments: bool(true, 'Send payment confirmations.'),
      show_credit_option: bool(true, 'Show the credit option on the pay page.'),
      show_pay_option: bool(true, 'Show the pay option on the pay page.'),
      sms_blocked: bool(anchor.id === SPECIAL_ANCHOR_ID, 'Block SMS messages to customers.'),
      whats_app_notification_after_invoice_file_received: bool(
        true,
        'WhatsApp the customer when an invoice file arrives.',
      ),
      whatsapp_blocked: bool(false, 'Block WhatsApp messages to customers.'),
    },
    setting_updated_by: anchor.id === SYSTEM_ANCHOR_ID ? 'Asha Verma' : null,
    updated_at: addDays(today, -30).toISOString(),
  };
}

function bankAccounts(r: Random, today: Date): AnchorBankAccount[] {
  const specs = [
    { anchor: SYSTEM_ANCHOR_ID, name: 'Sarvodaya Collections', type: 'CA', region: 'west' },
    { anchor: SYSTEM_ANCHOR_ID, name: 'Sarvodaya North Receipts', type: 'CC', region: 'north' },
    { anchor: SPECIAL_ANCHOR_ID, name: 'Meridian Agro Current', type: 'CA', region: 'south' },
  ] as const;
  return specs.map((spec, index) => {
    const bank = r.pick(BANKS);
    return {
      id: index + 1,
      anchor_id: spec.anchor,
      account_name: spec.name,
      account_number: r.digits(14),
      account_type: spec.type,
      ifsc: `${bank.ifscPrefix}${r.digits(6)}`,
      bank_name: bank.name,
      branch_name: r.pick(REGION_STATES[spec.region]).cities[0]!,
      region: spec.region,
      created_at: addDays(today, -700 + index).toISOString(),
    };
  });
}

function distributorCompany(
  r: Random,
  db: Db,
  anchorId: number,
  index: number,
  today: Date,
): { company: DistributorCompany; conduct: Conduct } {
  const region = REGIONS[index % REGIONS.length]!;
  const place = r.pick(REGION_STATES[region]);
  const city = r.pick(place.cities);
  const owner = r.faker.person.lastName();
  const name = `${owner} ${r.pick(COMPANY_SUFFIXES)}`;
  const slug = owner.toLowerCase().replace(/[^a-z]/g, '');
  const id = db.distributor_companies.length + 1;
  const status = r.weighted<ApplicationStatus>([
    ['approved', 50],
    ['new_leads', 20],
    ['work_in_progress', 20],
    ['declined', 10],
  ]);
  const bank = r.pick(BANKS);
  const contact = `${r.faker.person.firstName()} ${owner}`;
  const company: DistributorCompany = {
    id,
    anchor_id: anchorId,
    name,
    customer_code: `C${anchorId === SYSTEM_ANCHOR_ID ? 'S' : 'M'}${String(id).padStart(6, '0')}`,
    region,
    primary_user_name: contact,
    primary_user_email: `${slug}.${id}@example.in`,
    primary_user_mobile: r.mobile(),
    business_email: `accounts.${slug}.${id}@example.in`,
    mobile_number: r.mobile(),
    company_address: {
      address_1: `${r.int(1, 400)}, ${r.faker.location.street()}`,
      address_2: r.pick(['Industrial Area', 'Market Yard', 'Main Road', 'Commercial Complex', 'Trade Centre']),
      city,
      state: place.state,
      pin_code: `${place.pin}${r.digits(3)}`,
    },
    account_details: [
      {
        upi_id: `${slug}${id}@ok${bank.ifscPrefix.slice(0, 4).toLowerCase()}`,
        account_number: r.digits(r.int(11, 14)),
        ifsc: `${bank.ifscPrefix}${r.digits(6)}`,
        bank_name: bank.name,
        branch: city,
      },
    ],
    application_status: status,
    // Graded from its invoices once they are laid out (gradeCustomers).
    risk_grading: 'R',
    eligibility_amount: 0,
    channel_finance: status === 'approved' && r.chance(0.7),
    virtual_account_number: `VA${anchorId}${r.digits(10)}`,
    loan_application_id: null,
    created_at: addDays(today, -r.int(1, 540)).toISOString(),
  };
  const conduct = r.weighted<Conduct>([
    ['punctual', 45],
    ['slow', 30],
    ['late', 15],
    ['new', 10],
  ]);
  return { company, conduct };
}

function loanApplication(r: Random, db: Db, company: DistributorCompany, today: Date): LoanApplication {
  const approved = company.application_status === 'approved';
  const sanctionDaysAgo = r.int(120, 720);
  return {
    id: db.loan_applications.length + 1001,
    anchor_id: company.anchor_id,
    distributor_company_id: company.id,
    cust_id: `CUST${r.digits(8)}`,
    loan_account_no: `LAN${r.digits(10)}`,
    application_status: company.application_status,
    loan_status: approved
      ? r.weighted([
          ['active', 90],
          ['inactive', 10],
        ])
      : 'inactive',
    open_limit_customer: approved && r.chance(0.15),
    // Sized to a distributor's trade (invoices of ₹5k-₹5L, a few a month), so utilisation looks like a real programme.
    limit_sanctioned: approved ? r.rupees(200_000, 1_500_000, 50_000) : 0,
    limit_utilized: 0,
    limit_expiry_date: dayOffset(today, r.int(-20, 365)),
    sanction_date: dayOffset(today, -sanctionDaysAgo),
    is_blocked: approved && r.chance(0.05),
  };
}

/**
 * How a customer pays, drawn once per customer so that its record reads as one customer's (and its grade,
 * read from the record, spreads as a programme's do): the chance a payment comes by the due date, and the
 * chance an invoice this many days past due has been paid. New customers have a few recent invoices.
 */
type Conduct = 'punctual' | 'slow' | 'late' | 'new';
const CONDUCT: Record<Conduct, { onTime: number; settled: (daysPastDue: number) => number }> = {
  punctual: { onTime: 0.97, settled: (days) => (days > 0 ? 0.995 : 0.2) },
  slow: { onTime: 0.8, settled: (days) => (days > 60 ? 0.995 : days > 0 ? 0.6 : 0.2) },
  late: { onTime: 0.4, settled: (days) => (days > 120 ? 0.85 : days > 0 ? 0.45 : 0.2) },
  new: { onTime: 0.9, settled: (days) => (days > 0 ? 0.9 : 0.2) },
};

/** Invoices of one customer over the last ~13 months (one to four in the last two months for a new one), with the payments, drawdowns and repayments behind them. */
function invoiceHistory(
  r: Random,
  db: Db,
  company: DistributorCompany,
  loan: LoanApplication | null,
  conduct: Conduct,
  today: Date,
): void {
  const habit = CONDUCT[conduct];
  const count = conduct === 'new' ? r.int(1, 4) : r.int(3, 22);
  const creditCustomer = loan !== null && loan.application_status === 'approved' && loan.loan_status === 'active';
  for (let i = 0; i < count; i++) {
    const invoiceDate = addDays(today, -r.int(0, conduct === 'new' ? 60 : 400));
    const dueDate = addDays(invoiceDate, r.pick([15, 30, 45, 60]));
    const daysPastDue = differenceInCalendarDays(today, dueDate);
    const total = r.rupees(5_000, 500_000) + r.int(0, 99);
    const invoice: Invoice = {
      id: db.invoices.length + 1,
      anchor_id: company.anchor_id,
      distributor_company_id: company.id,
      document_number: `INV/${invoiceDate.getFullYear() % 100}${(invoiceDate.getFullYear() + 1) % 100}/${String(db.invoices.length + 1).padStart(6, '0')}`,
      erp_invoice_id: `ERP${r.digits(9)}`,
      customer_code: company.customer_code,
      total,
      amount_paid: 0,
      invoice_date: isoDay(invoiceDate),
      due_date: isoDay(dueDate),
      status: 'open',
      channel_finance: company.channel_finance,
      virtual_account_number: company.virtual_account_number,
      // Shared with the provider 0-2 days after the invoice date, but never after today.
      creation_date: new Date(Math.min(addDays(invoiceDate, r.int(0, 2)).getTime(), today.getTime())).toISOString(),
      ddr_status_date: [],
      invoice_rejected_ddr: false,
      is_sales_order: false,
      pay_by_date: null,
      discount_amount: 0,
      closed_status: null,
    };
    db.invoices.push(invoice);

    const paidChance = habit.settled(daysPastDue);
    const roll = r.faker.number.float({ min: 0, max: 1 });
    if (roll < paidChance) {
      payInvoice(r, db, invoice, company, loan, creditCustomer, invoice.total, habit.onTime, today);
    } else if (roll < paidChance + 0.15) {
      const part = Math.round((invoice.total * r.int(20, 80)) / 100);
      payInvoice(r, db, invoice, company, loan, creditCustomer, part, habit.onTime, today);
    } else if (creditCustomer && loan && daysPastDue <= 0 && r.chance(0.12)) {
      // A drawdown request in flight: the invoice is in progress and may carry a draft DDR.
      invoice.status = 'in-progress';
      const requested = addDays(today, -r.int(0, 3));
      invoice.ddr_status_date = [{ ddr_status: r.chance(0.5) ? 'draft' : 'verified', date: requested.toISOString() }];
      db.drawdowns.push(newDrawdown(r, db, loan, invoice, invoice.total, requested, 'pending'));
    }
    if (invoice.status === 'open' && daysPastDue < -5 && r.chance(0.2)) {
      invoice.pay_by_date = dayOffset(dueDate, -5);
      invoice.discount_amount = Math.round(invoice.total * 0.01);
    }
  }
}

function payInvoice(
  r: Random,
  db: Db,
  invoice: Invoice,
  company: DistributorCompany,
  loan: LoanApplication | null,
  creditCustomer: boolean,
  amount: number,
  onTime: number,
  today: Date,
): void {
  const invoiceDate = parseISO(invoice.invoice_date);
  const sinceInvoice = differenceInCalendarDays(today, invoiceDate);
  const term = differenceInCalendarDays(parseISO(invoice.due_date), invoiceDate);
  // Paid by the due date, or up to 45 days after it (never after today).
  const late = !r.chance(onTime) && sinceInvoice > term;
  const [fromDay, toDay] = late
    ? [term + 1, Math.min(sinceInvoice, term + 45)]
    : [0, Math.max(0, Math.min(sinceInvoice, term))];
  const splits =
    amount === invoice.total && r.chance(0.3)
      ? [Math.round(amount * 0.4), amount - Math.round(amount * 0.4)]
      : [amount];
  // A paid invoice is closed by its latest payment (by date, then the later one), as the invoice lists show it.
  let latestSource: PaymentSource = 'pay';
  let lastPaymentDate = invoiceDate;
  for (const part of splits) {
    const source = creditCustomer
      ? r.weighted<PaymentSource>([
          ['credit', 45],
          ['pay', 35],
          ['erp_payment', 20],
        ])
      : r.weighted<PaymentSource>([
          ['pay', 60],
          ['erp_payment', 40],
        ]);
    const paymentDate = addDays(invoiceDate, r.int(fromDay, toDay));
    if (paymentDate >= lastPaymentDate) {
      lastPaymentDate = paymentDate;
      latestSource = source;
    }
    const settled = differenceInCalendarDays(today, paymentDate) >= PAY_SETTLEMENT_DAYS || source !== 'pay';
    const drawdown =
      source === 'credit' && loan ? newDrawdown(r, db, loan, invoice, part, paymentDate, 'completed') : null;
    if (drawdown) db.drawdowns.push(drawdown);
    const payment: Payment = {
      id: db.payments.length + 1,
      anchor_id: invoice.anchor_id,
      invoice_id: invoice.id,
      distributor_company_id: company.id,
      amount: part,
      payment_date: isoDay(paymentDate),
      settlement_date: settled ? dayOffset(paymentDate, source === 'pay' ? 1 : 0) : null,
      settlement_amount: settled ? part : 0,
      utr_number: `UTR${r.upper(4)}${r.digits(10)}`,
      source,
      drawdown_id: drawdown?.id ?? null,
      status: 'paid',
    };
    db.payments.push(payment);
    invoice.amount_paid += part;
  }
  if (invoice.amount_paid >= invoice.total) {
    invoice.status = 'paid';
    const settledLast = differenceInCalendarDays(today, lastPaymentDate) >= PAY_SETTLEMENT_DAYS;
    invoice.closed_status = closedStatusOf(latestSource, settledLast);
  } else {
    invoice.status = 'partially_paid';
  }
}

function newDrawdown(
  r: Random,
  db: Db,
  loan: LoanApplication,
  invoice: Invoice,
  amount: number,
  disbursed: Date,
  status: Drawdown['status'],
): Drawdown {
  const dueDate = addDays(disbursed, CREDIT_PERIOD_DAYS);
  const id = db.drawdowns.length + 1;
  return {
    id,
    drawdown_number: `DDR${String(id).padStart(7, '0')}`,
    loan_application_id: loan.id,
    distributor_company_id: loan.distributor_company_id,
    disbursement_date: isoDay(disbursed),
    status,
    amount,
    utr: status === 'completed' ? `N${r.digits(15)}` : '',
    due_date: isoDay(dueDate),
    invoice_ids: [invoice.id],
    principal_outstanding: status === 'completed' ? amount : 0,
    interest_paid: 0,
    penal_paid: 0,
  };
}

/**
 * Repays this loan's completed drawdowns as customers would (most pay near the due date, some are late),
 * then keeps the outstanding principal within the sanctioned limit, and stores utilisation as the sum.
 * Interest and penal are not stored (mock-server/lending.ts works them out from the clock); most customers
 * pay the interest billed so far (three drawdowns in four, by id, with no draw on the random sequence), the
 * rest leave it unpaid, so the book has drawdowns that are due, billed and unpaid, and past due.
 */
function fitWithinLimit(r: Random, db: Db, loan: LoanApplication, today: Date): void {
  const mine = db.drawdowns.filter((d) => d.loan_application_id === loan.id && d.status === 'completed');
  const firstRepayment = db.repayments.length;
  for (const drawdown of mine) {
    const due = parseISO(drawdown.due_date);
    const daysPastDue = differenceInCalendarDays(today, due);
    // Most drawdowns are repaid around their due date; a few early; some run late (the overdue book).
    const repaidShare =
      daysPastDue > 10
        ? r.chance(0.85)
          ? 1
          : r.int(0, 60) / 100
        : daysPastDue > -20
          ? r.int(0, 60) / 100
          : r.chance(0.1)
            ? 1
            : 0;
    repay(r, db, drawdown, Math.round(drawdown.amount * repaidShare), today);
  }
  let outstanding = mine.reduce((sum, d) => sum + d.principal_outstanding, 0);
  for (const drawdown of mine) {
    if (outstanding <= loan.limit_sanctioned) break;
    const before = drawdown.principal_outstanding;
    repay(r, db, drawdown, before, today);
    outstanding -= before;
  }
  const repayments = db.repayments.slice(firstRepayment);
  const day = isoDay(today);
  for (const drawdown of mine) {
    if (drawdown.id % 4 === 0) continue;
    const billed = drawdownFigures(drawdown, repayments, day);
    drawdown.interest_paid = billed.postedInterestAmount;
    if (drawdown.id % 2 === 0) drawdown.penal_paid = billed.postedPenalAmount;
  }
  loan.limit_utilized = mine.reduce((sum, d) => sum + d.principal_outstanding, 0);
}

function repay(r: Random, db: Db, drawdown: Drawdown, amount: number, today: Date): void {
  if (amount <= 0) return;
  const disbursed = parseISO(drawdown.disbursement_date);
  const span = Math.max(0, Math.min(differenceInCalendarDays(today, disbursed), CREDIT_PERIOD_DAYS + 15));
  const parts =
    amount > 100_000_00 && r.chance(0.4) ? [Math.round(amount / 2), amount - Math.round(amount / 2)] : [amount];
  for (const part of parts) {
    const id = db.repayments.length + 1;
    db.repayments.push({
      id,
      loan_application_id: drawdown.loan_application_id,
      drawdown_id: drawdown.id,
      created_at: addDays(disbursed, r.int(0, span)).toISOString(),
      order_id: `ORD${String(id).padStart(8, '0')}`,
      amount: part,
      payment_mode: r.pick(['upi', 'net_banking', 'nach'] as const),
      status: 'success',
      utr: `R${r.digits(15)}`,
    } satisfies Repayment);
  }
  drawdown.principal_outstanding -= amount;
}

/**
 * Random dates cover every bucket at this volume, but a small seed or scale might not: make sure each
 * anchor has open invoices due today, in each overdue bucket and not yet due, whatever the draw.
 */
function forceDueBuckets(db: Db, today: Date): void {
  const offsets = [0, 0, 0, 1, 2, 5, -3, -15, -29, -31, -45, -61, -75, -91, -120, -200];
  for (const anchor of db.anchors) {
    const open = db.invoices.filter((inv) => inv.anchor_id === anchor.id && inv.status === 'open');
    const step = Math.max(1, Math.floor(open.length / offsets.length));
    offsets.forEach((offset, i) => {
      const invoice = open[i * step];
      if (!invoice) return;
      invoice.due_date = dayOffset(today, offset);
      invoice.invoice_date = dayOffset(today, offset - 30);
      invoice.creation_date = addDays(today, offset - 30).toISOString();
      invoice.pay_by_date = null;
      invoice.discount_amount = 0;
    });
  }
}

function retailers(r: Random, db: Db, today: Date): void {
  const distributors = db.distributor_companies.filter(
    (c) => c.anchor_id === SYSTEM_ANCHOR_ID && c.application_status === 'approved',
  );
  distributors.forEach((distributor, index) => {
    if (index % 3 !== 0) return;
    const count = r.int(2, 10);
    for (let i = 0; i < count; i++) {
      const id = db.retailers.length + 1;
      const channelFinance = r.chance(0.6);
      const sanctioned = channelFinance ? r.rupees(50_000, 1_000_000, 10_000) : 0;
      const retailer: Retailer = {
        id,
        anchor_id: distributor.anchor_id,
        distributor_company_id: distributor.id,
        application_id: `APP${r.digits(8)}`,
        cust_id: `RCUST${r.digits(7)}`,
        name: `${r.faker.person.lastName()} ${r.pick(['Kirana Store', 'General Store', 'Mart', 'Supermarket', 'Provisions', 'Medicals'])}`,
        retailer_code: `R${String(id).padStart(6, '0')}`,
        mobile_number: r.mobile(),
        region: distributor.region,
        channel_finance: channelFinance,
        total_limit_sanctioned: sanctioned,
        limit_utilised: Math.round((sanctioned * r.int(0, 90)) / 100),
      };
      db.retailers.push(retailer);
      const invoices = r.int(0, 6);
      for (let k = 0; k < invoices; k++) {
        const invoiceDate = addDays(today, -r.int(0, 150));
        const total = r.rupees(1_000, 80_000) + r.int(0, 99);
        const status = r.weighted<RetailerInvoice['status']>([
          ['open', 45],
          ['partially_paid', 20],
          ['paid', 35],
        ]);
        db.retailer_invoices.push({
          id: db.retailer_invoices.length + 1,
          retailer_id: id,
          document_number: `RINV/${String(db.retailer_invoices.length + 1).padStart(7, '0')}`,
          total,
          amount_paid: status === 'paid' ? total : status === 'partially_paid' ? Math.round(total / 2) : 0,
          invoice_date: isoDay(invoiceDate),
          due_date: dayOffset(invoiceDate, 30),
          status,
        });
      }
    }
  });
}

/**
 * A seeded payment link's token: random from the operating system (144 bits, base64url), never from the
 * seed, which is public: no two installs share a live token. The durable store keeps it, so it stays for
 * that install; `npm run mock:reset` makes new ones. Only the documented `demo-*` links have fixed tokens.
 * The seed's own draw is still made (and dropped), so the random sequence, and every row generated after
 * the links, stay what they were.
 */
function seededLinkToken(r: Random): string {
  r.faker.string.alphanumeric({ length: 32, casing: 'lower' });
  return randomBytes(18).toString('base64url');
}

/** Links sent over the last 90 days for unpaid and since-paid invoices; seven-day expiry. */
function paymentLinks(r: Random, db: Db, today: Date): void {
  const recent = db.invoices.filter(
    (inv) => inv.anchor_id === SYSTEM_ANCHOR_ID && differenceInCalendarDays(today, parseISO(inv.invoice_date)) <= 90,
  );
  const target = Math.round(recent.length / 8);
  for (let i = 0; i < target; i++) {
    const invoice = r.pick(recent);
    const createdDaysAgo = Math.min(r.int(0, 89), differenceInCalendarDays(today, parseISO(invoice.invoice_date)));
    const createdAt = addDays(today, -createdDaysAgo);
    const status: PaymentLink['status'] =
      invoice.status === 'paid' ? 'paid' : createdDaysAgo > 7 ? 'expired' : 'pending';
    db.payment_links.push({
      id: db.payment_links.length + 1,
      anchor_id: invoice.anchor_id,
      distributor_company_id: invoice.distributor_company_id,
      invoice_ids: [invoice.id],
      token: seededLinkToken(r),
      mode_of_communication: r.weighted([
        [['whatsapp'], 3],
        [['sms', 'email'], 2],
        [['whatsapp', 'sms', 'email'], 2],
        [['email'], 1],
      ]),
      status,
      created_at: createdAt.toISOString(),
      expires_at: addDays(createdAt, 7).toISOString(),
    });
  }
}

function stars(r: Random, db: Db): void {
  const add = (resourceType: StarResource['resource_type'], anchorId: number, resourceId: number) =>
    db.resources.push({
      id: db.resources.length + 1,
      anchor_id: anchorId,
      resource_type: resourceType,
      resource_id: resourceId,
      starred: true,
    });
  for (const invoice of db.invoices)
    if (invoice.status !== 'paid' && r.chance(0.04)) add('Invoice', invoice.anchor_id, invoice.id);
  for (const payment of db.payments) if (r.chance(0.03)) add('Payment', payment.anchor_id, payment.id);
}
