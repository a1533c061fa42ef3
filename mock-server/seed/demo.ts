import { addDays } from 'date-fns';
import {
  type Db,
  type DistributorCompany,
  type Drawdown,
  type Invoice,
  type LoanApplication,
  nextId,
  type Payment,
  type PaySettingsOverride,
  type Retailer,
  type RetailerInvoice,
} from '../db';
import {
  type ApplicationStatus,
  closedStatusOf,
  PAY_SETTLEMENT_DAYS,
  type PaymentSource,
} from '../../src/domain/statuses';
import type { Region } from '../../src/domain/regions';
import { isoDay } from '../../src/domain/dates';
import { dayOffset } from './random';
import { rupeesToPaise } from '../../src/domain/money';
import { drawdownFigures } from '../lending';

/**
 * Demo pay links: fixed tokens (the same whatever the seed, scale or day) that open the public pay page
 * (`/pay-with-{product}?token=<token>`) on one customer built for one scenario. The customers are ordinary
 * seeded customers of the two anchors (they show up in the anchor's lists and dashboards too), but their
 * invoices, limits and drawdowns are fixed here rather than drawn at random, so every scenario is there
 * at any seed and scale. Amounts below are rupees; dates are relative to the seed's "today".
 *
 * The anchor's settings drive the page; where one anchor cannot show every scenario, the link carries a
 * `settings_override` (see PaymentLink). Demo links never expire and are customer-wide (every document of
 * their customer), where a link sent from the portal covers only the invoices it names.
 */
export interface DemoPayLink {
  token: string;
  scenario: string;
}

/** A demo link whose date has passed: the pay page answers 401 ER-PAY-401 for it. Not in DEMO_PAY_LINKS. */
export const EXPIRED_DEMO_PAY_TOKEN = 'demo-expired';

/** When demo links expire: never, in practice. */
const DEMO_LINK_EXPIRES_AT = '2099-12-31T23:59:59.000Z';

interface DemoPayment {
  amount: number;
  source: PaymentSource;
  daysAgo: number;
  /** For credit: how much of the drawdown was repaid (and how many days ago). */
  repaid?: { amount: number; daysAgo: number };
  /** Open-limit customers: the anchor account (1-based position among the anchor's accounts) the credit went to. */
  bank?: number;
  /** For credit: the interest billed up to today was paid (else what was billed is left unpaid). */
  interestPaid?: boolean;
}

interface DemoInvoice {
  total: number;
  /** Days since the invoice date. */
  issued: number;
  /** Credit term in days: due date = invoice date + term. */
  term: number;
  payments?: DemoPayment[];
  /** A drawdown request in flight (the invoice is in progress with a DDR of this status). */
  ddr?: 'draft' | 'verified';
  /** A credit draw that failed this many days ago: a failed drawdown of the balance; the invoice stays unpaid. */
  failedDdr?: number;
  /** Cash discount for paying by five days before the due date. */
  discount?: number;
  starred?: boolean;
}

/** What a demo customer's company, loan, invoices, payments and drawdowns are made from. */
interface DemoCompanySpec {
  anchorId: number;
  name: string;
  contact: string;
  region: Region;
  status: ApplicationStatus;
  loan: { sanctioned: number; openLimit: boolean } | null;
  salesOrders?: boolean;
  /** The risk grade and eligibility follow from these, as every customer's do (the seed's assessCredit). */
  invoices: DemoInvoice[];
}

interface DemoCustomer extends DemoCompanySpec {
  token: string;
  scenario: string;
  override?: PaySettingsOverride;
}

const SYSTEM_ANCHOR = 1;
const SALES_ORDER_ANCHOR = 1551;

const paid = (
  amount: number,
  source: PaymentSource,
  daysAgo: number,
  extra: Partial<DemoPayment> = {},
): DemoPayment[] => [{ amount, source, daysAgo, ...extra }];

const CUSTOMERS: readonly DemoCustomer[] = [
  {
    token: 'demo-closed-limit',
    scenario:
      'Closed-limit customer, no OTP: 14 open invoices over two pages (due today, in 2 days, overdue 10 and 75 days, a cash discount, a draft DDR, two part-paid), paid ones with UTRs; limit ₹5,00,000, ₹1,20,000 used, ₹3,80,000 available; virtual account column on',
    anchorId: SYSTEM_ANCHOR,
    name: 'Shree Ganesh Traders',
    contact: 'Ramesh Agarwal',
    region: 'west',
    status: 'approved',
    loan: { sanctioned: 500_000, openLimit: false },
    override: { require_otp: false, show_virtual_account_number: true },
    invoices: [
      { total: 48_250.5, issued: 5, term: 30 },
      { total: 112_400, issued: 16, term: 30, starred: true },
      { total: 36_780.25, issued: 30, term: 30 },
      { total: 22_150, issued: 28, term: 30 },
      { total: 245_000, issued: 20, term: 60 },
      { total: 15_600.75, issued: 40, term: 30 },
      { total: 67_890, issued: 105, term: 30 },
      { total: 54_300, issued: 15, term: 45, discount: 543 },
      { total: 91_000, issued: 10, term: 30, ddr: 'draft' },
      { total: 28_450, issued: 15, term: 60 },
      { total: 73_125.5, issued: 5, term: 60 },
      { total: 19_999.99, issued: 0, term: 60 },
      { total: 80_000, issued: 20, term: 30, payments: paid(30_000, 'pay', 5) },
      { total: 150_000, issued: 25, term: 60, payments: paid(50_000, 'erp_payment', 3) },
      { total: 120_000, issued: 25, term: 30, payments: paid(120_000, 'credit', 20) },
      {
        total: 85_000,
        issued: 95,
        term: 30,
        payments: paid(85_000, 'credit', 90, { repaid: { amount: 85_000, daysAgo: 35 } }),
      },
      { total: 42_000, issued: 50, term: 30, payments: paid(42_000, 'pay', 40) },
      { total: 65_500, issued: 80, term: 30, payments: paid(65_500, 'erp_payment', 70) },
    ],
  },
  {
    token: 'demo-open-limit',
    scenario:
      'Open-limit customer, no OTP: adds own invoices and picks a supplier bank account; limit ₹4,00,000, ₹1,20,000 used, ₹2,80,000 available; one part-paid invoice tied to a bank account',
    anchorId: SYSTEM_ANCHOR,
    name: 'Balaji Enterprises',
    contact: 'Venkatesh Reddy',
    region: 'south',
    status: 'approved',
    loan: { sanctioned: 400_000, openLimit: true },
    override: { require_otp: false },
    invoices: [
      { total: 56_700, issued: 7, term: 30 },
      { total: 23_450.75, issued: 20, term: 30 },
      { total: 134_000, issued: 4, term: 60 },
      { total: 90_000, issued: 10, term: 45, payments: paid(40_000, 'credit', 6, { bank: 1 }) },
      { total: 80_000, issued: 15, term: 30, payments: paid(80_000, 'credit', 12, { bank: 1 }) },
      { total: 31_000, issued: 40, term: 30, payments: paid(31_000, 'pay', 25) },
    ],
  },
  {
    token: 'demo-overdue',
    scenario:
      'Customer with overdue credit dues: ₹42,500 overdue by 20 days, so the page shows the overdue view with Clear Credit Dues (new credit is refused until it is cleared); pay still works',
    anchorId: SYSTEM_ANCHOR,
    name: 'Kaveri Agencies',
    contact: 'Suresh Gowda',
    region: 'south',
    status: 'approved',
    loan: { sanctioned: 250_000, openLimit: false },
    override: { require_otp: false },
    invoices: [
      { total: 44_800, issued: 18, term: 30 },
      { total: 27_300.5, issued: 35, term: 30 },
      { total: 61_200, issued: 6, term: 45 },
      { total: 9_875, issued: 100, term: 30 },
      {
        total: 60_000,
        issued: 85,
        term: 30,
        payments: paid(60_000, 'credit', 80, { repaid: { amount: 17_500, daysAgo: 40 } }),
      },
      { total: 30_000, issued: 12, term: 30, payments: paid(30_000, 'credit', 10) },
    ],
  },
  {
    token: 'demo-sales-order',
    scenario:
      'Sales orders (anchor 1551, is_sales_order on) with the anchor’s own settings (OTP required): limit ₹3,50,000, ₹70,000 used, ₹2,80,000 available',
    anchorId: SALES_ORDER_ANCHOR,
    name: 'Green Valley Agri Inputs',
    contact: 'Harpreet Sandhu',
    region: 'north',
    status: 'approved',
    loan: { sanctioned: 350_000, openLimit: false },
    salesOrders: true,
    invoices: [
      { total: 38_400, issued: 6, term: 30 },
      { total: 52_750.25, issued: 14, term: 30 },
      { total: 118_000, issued: 3, term: 60 },
      { total: 24_600, issued: 27, term: 30 },
      { total: 66_000, issued: 12, term: 45 },
      { total: 70_000, issued: 20, term: 30, payments: paid(70_000, 'credit', 15) },
      { total: 44_000, issued: 40, term: 30, payments: paid(44_000, 'pay', 28) },
    ],
  },
  {
    token: 'demo-otp',
    scenario:
      'Closed-limit customer that must confirm credit with an OTP (read it in the dev outbox or the mock log): limit ₹3,00,000, ₹50,000 used, ₹2,50,000 available',
    anchorId: SYSTEM_ANCHOR,
    name: 'Lakshmi Distributors',
    contact: 'Priya Menon',
    region: 'east',
    status: 'approved',
    loan: { sanctioned: 300_000, openLimit: false },
    override: { require_otp: true },
    invoices: [
      { total: 32_500, issued: 10, term: 30 },
      { total: 47_800.5, issued: 8, term: 30 },
      { total: 18_250, issued: 25, term: 30 },
      { total: 75_000, issued: 3, term: 45 },
      { total: 12_340.4, issued: 29, term: 30 },
      { total: 105_000, issued: 2, term: 60 },
      { total: 50_000, issued: 12, term: 30, payments: paid(50_000, 'credit', 10) },
      { total: 26_000, issued: 45, term: 30, payments: paid(26_000, 'pay', 30) },
    ],
  },
  {
    token: 'demo-no-credit',
    scenario:
      'Customer without a credit line (a new lead): the credit option is hidden, pay by net banking or UPI only',
    anchorId: SYSTEM_ANCHOR,
    name: 'Annapurna Stores',
    contact: 'Kavita Joshi',
    region: 'north',
    status: 'new_leads',
    loan: null,
    override: { show_credit_option: false },
    invoices: [
      { total: 14_500, issued: 9, term: 30 },
      { total: 8_250.5, issued: 22, term: 30 },
      { total: 31_800, issued: 30, term: 30 },
      { total: 19_400, issued: 4, term: 45 },
      { total: 40_000, issued: 12, term: 30, payments: paid(15_000, 'pay', 6) },
      { total: 12_000, issued: 45, term: 30, payments: paid(12_000, 'pay', 35) },
      { total: 27_500, issued: 75, term: 30, payments: paid(27_500, 'erp_payment', 60) },
    ],
  },
];

interface LendingDemoCustomer extends DemoCompanySpec {
  /** What the customer shows on the lending and pipeline pages. */
  shows: string;
}

/**
 * The lending page's and the pipeline's demo customers (anchor 1, the system anchor of t1@anchor.test), so
 * every case is there at any seed and scale, under a name a browser test can search for. Their drawdowns
 * are credit payments of their invoices (disbursed `daysAgo`, due 60 days later); the due indicator and
 * the segments follow from the charge model (mock-server/lending.ts) on the seed's day and move with the
 * clock. On the seed's day:
 *
 * - Vardhman Wholesale Mart (west, approved): 13 drawdowns (two pages of the Drawdown tab): green 'Due in
 *   N days' (5, 12, 25 days old; 40 days old with its billed interest paid; 55 days old repaid in part 20
 *   days ago, after its interest was billed), amber (45 days old, the interest billed 15 days ago unpaid),
 *   red (72 days old, 12 days past due), four Paid, one pending (a drawdown request in flight) and one
 *   failed; five repayments. Its DPD is 15 (segment DPD).
 * - Narmada Trading Co (east, approved): a drawdown 45 days past due with its interest paid: DPD 45
 *   (segment 30+), and a green one.
 * - Tapti Agro Suppliers (north, approved): a drawdown 110 days past due, repaid in part: DPD 110 (90+).
 * - Godavari Retail Links (south, approved): one green drawdown and no repayments (the Repayment tab's
 *   'No data found'); DPD 0 (Regular).
 * - Leads with eligibility (the pipeline's fund tables), graded from their invoices like every customer:
 *   24 hours (risk L or M): Sabari Foods (L, nothing overdue), Krishna Valley Traders (M, an invoice 45 days
 *   overdue); 5 working days (risk H or R): Mahanadi Provisions (H: paid on time but for one invoice 120
 *   days overdue, which no Low or Medium grade may have), Cauvery Consumer Goods (R: nothing due yet),
 *   Sharavati Essentials (H, 40 days), Pennar Distributors (H, 100 days).
 *
 * (The pay-page demo customers add more: Kaveri Agencies has a drawdown 20 days past due, Shree Ganesh
 * Traders one Paid and one green. Anchor 1551's approved customers are the seeded ones and Green Valley
 * Agri Inputs.)
 */
const LENDING_CUSTOMERS: readonly LendingDemoCustomer[] = [
  {
    shows: 'more than 10 drawdowns: red, amber, green, Paid, pending and failed; DPD segment',
    anchorId: SYSTEM_ANCHOR,
    name: 'Vardhman Wholesale Mart',
    contact: 'Sanjay Jain',
    region: 'west',
    status: 'approved',
    loan: { sanctioned: 1_200_000, openLimit: false },
    invoices: [
      { total: 50_000, issued: 6, term: 30, payments: paid(50_000, 'credit', 5) },
      { total: 75_000, issued: 14, term: 30, payments: paid(75_000, 'credit', 12) },
      { total: 60_000, issued: 27, term: 30, payments: paid(60_000, 'credit', 25) },
      { total: 40_000, issued: 47, term: 45, payments: paid(40_000, 'credit', 45) },
      { total: 55_000, issued: 42, term: 45, payments: paid(55_000, 'credit', 40, { interestPaid: true }) },
      { total: 90_000, issued: 75, term: 30, payments: paid(90_000, 'credit', 72, { interestPaid: true }) },
      {
        total: 30_000,
        issued: 102,
        term: 30,
        payments: paid(30_000, 'credit', 100, { repaid: { amount: 30_000, daysAgo: 45 } }),
      },
      {
        total: 45_000,
        issued: 132,
        term: 30,
        payments: paid(45_000, 'credit', 130, { repaid: { amount: 45_000, daysAgo: 75 } }),
      },
      {
        total: 65_000,
        issued: 162,
        term: 30,
        payments: paid(65_000, 'credit', 160, { repaid: { amount: 65_000, daysAgo: 100 } }),
      },
      {
        total: 35_000,
        issued: 57,
        term: 30,
        payments: paid(35_000, 'credit', 55, { repaid: { amount: 15_000, daysAgo: 20 } }),
      },
      {
        total: 80_000,
        issued: 192,
        term: 30,
        payments: paid(80_000, 'credit', 190, { repaid: { amount: 80_000, daysAgo: 130 } }),
      },
      { total: 70_000, issued: 3, term: 30, ddr: 'verified' },
      { total: 25_000, issued: 9, term: 30, failedDdr: 8 },
      { total: 48_000, issued: 10, term: 30 },
      { total: 33_000, issued: 20, term: 45, payments: paid(33_000, 'pay', 12) },
    ],
  },
  {
    shows: 'a drawdown 45 days past due: segment 30+',
    anchorId: SYSTEM_ANCHOR,
    name: 'Narmada Trading Co',
    contact: 'Arvind Patel',
    region: 'east',
    status: 'approved',
    loan: { sanctioned: 500_000, openLimit: false },
    invoices: [
      { total: 60_000, issued: 108, term: 30, payments: paid(60_000, 'credit', 105, { interestPaid: true }) },
      { total: 40_000, issued: 12, term: 30, payments: paid(40_000, 'credit', 10) },
      { total: 52_000, issued: 50, term: 30 },
    ],
  },
  {
    shows: 'a drawdown 110 days past due, repaid in part: segment 90+',
    anchorId: SYSTEM_ANCHOR,
    name: 'Tapti Agro Suppliers',
    contact: 'Manoj Yadav',
    region: 'north',
    status: 'approved',
    loan: { sanctioned: 300_000, openLimit: false },
    invoices: [
      {
        total: 40_000,
        issued: 172,
        term: 30,
        payments: paid(40_000, 'credit', 170, { repaid: { amount: 10_000, daysAgo: 100 } }),
      },
      { total: 28_000, issued: 130, term: 30 },
    ],
  },
  {
    shows: 'one green drawdown and no repayments: segment Regular',
    anchorId: SYSTEM_ANCHOR,
    name: 'Godavari Retail Links',
    contact: 'Lakshmi Rao',
    region: 'south',
    status: 'approved',
    loan: { sanctioned: 250_000, openLimit: false },
    invoices: [
      { total: 20_000, issued: 11, term: 30, payments: paid(20_000, 'credit', 10) },
      { total: 36_000, issued: 15, term: 45 },
      { total: 18_000, issued: 40, term: 30, payments: paid(18_000, 'pay', 30) },
    ],
  },
  {
    shows: 'funds in 24 hours (risk L): both invoices due so far paid on time, none overdue',
    anchorId: SYSTEM_ANCHOR,
    name: 'Sabari Foods',
    contact: 'Joseph Thomas',
    region: 'south',
    status: 'new_leads',
    loan: null,
    invoices: [
      { total: 42_000, issued: 10, term: 30 },
      { total: 30_000, issued: 50, term: 30, payments: paid(30_000, 'erp_payment', 35) },
      { total: 36_000, issued: 80, term: 30, payments: paid(36_000, 'erp_payment', 55) },
    ],
  },
  {
    shows: 'funds in 24 hours (risk M): three invoices paid on time, one 45 days overdue (30+)',
    anchorId: SYSTEM_ANCHOR,
    name: 'Krishna Valley Traders',
    contact: 'Deepak Shah',
    region: 'west',
    status: 'work_in_progress',
    loan: null,
    invoices: [
      { total: 38_000, issued: 75, term: 30 },
      { total: 40_000, issued: 60, term: 30, payments: paid(40_000, 'erp_payment', 35) },
      { total: 35_000, issued: 100, term: 30, payments: paid(35_000, 'erp_payment', 75) },
      { total: 30_000, issued: 130, term: 30, payments: paid(30_000, 'erp_payment', 105) },
    ],
  },
  {
    shows: 'funds in 5 working days (risk H): nine invoices paid on time, but one 120 days overdue (90+)',
    anchorId: SYSTEM_ANCHOR,
    name: 'Mahanadi Provisions',
    contact: 'Bikash Das',
    region: 'east',
    status: 'new_leads',
    loan: null,
    invoices: [
      { total: 26_000, issued: 150, term: 30 },
      ...Array.from({ length: 9 }, (_, i): DemoInvoice => ({
        total: 24_000,
        issued: 40 + 30 * i,
        term: 30,
        payments: paid(24_000, 'erp_payment', 15 + 30 * i),
      })),
    ],
  },
  {
    shows: 'funds in 5 working days (risk R, need more data): its one invoice is not due yet',
    anchorId: SYSTEM_ANCHOR,
    name: 'Cauvery Consumer Goods',
    contact: 'Ravi Kumar',
    region: 'south',
    status: 'work_in_progress',
    loan: null,
    invoices: [{ total: 15_000, issued: 5, term: 30 }],
  },
  {
    shows: 'funds in 5 working days (risk H): an invoice 40 days overdue (30+)',
    anchorId: SYSTEM_ANCHOR,
    name: 'Sharavati Essentials',
    contact: 'Ganesh Hegde',
    region: 'north',
    status: 'new_leads',
    loan: null,
    invoices: [{ total: 22_000, issued: 70, term: 30 }],
  },
  {
    shows: 'funds in 5 working days (risk H): an invoice 100 days overdue (90+)',
    anchorId: SYSTEM_ANCHOR,
    name: 'Pennar Distributors',
    contact: 'Srinivas Naidu',
    region: 'east',
    status: 'new_leads',
    loan: null,
    invoices: [{ total: 19_000, issued: 130, term: 30 }],
  },
];

/** The lending demo customers' names and what each shows (for tests and docs/running.md). */
export const LENDING_DEMO_CUSTOMERS: readonly { name: string; shows: string }[] = LENDING_CUSTOMERS.map(
  ({ name, shows }) => ({ name, shows }),
);
/** How many customers the lending demo adds to the seed. */
export const LENDING_DEMO_CUSTOMER_COUNT = LENDING_CUSTOMERS.length;
/** The lending customer with more than 10 drawdowns (two pages of the Drawdown tab). */
export const MANY_DRAWDOWNS_CUSTOMER = 'Vardhman Wholesale Mart';
/** Numbers the lending demo customers' contact details after the pay-page ones. */
const LENDING_NUMBER_FROM = 11;

/** The demo pay links, for the README and the start banner: open `/pay-with-{product}?token=<token>`. */
export const DEMO_PAY_LINKS: readonly DemoPayLink[] = CUSTOMERS.map(({ token, scenario }) => ({ token, scenario }));

/** How many customers the demo links add to the seed. */
export const DEMO_CUSTOMER_COUNT = CUSTOMERS.length;

/** The seed's amounts are written in rupees: the one parser makes them paise. */
const paise = (rupees: number) => rupeesToPaise(rupees) ?? 0;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Adds one demo customer with its loan, invoices, payments, drawdowns and repayments; the ids of its unpaid invoices. */
function addDemoCustomer(
  db: Db,
  spec: DemoCompanySpec,
  n: number,
  today: Date,
): { company: DistributorCompany; unpaid: number[] } {
  const company = demoCompany(db, spec, n, today);
  db.distributor_companies.push(company);
  const loan = spec.loan ? demoLoan(db, spec, company, n, today) : null;
  if (loan) {
    db.loan_applications.push(loan);
    company.loan_application_id = loan.id;
  }
  const unpaid: number[] = [];
  for (const item of spec.invoices) {
    const invoice = demoInvoice(db, spec, company, item, today);
    db.invoices.push(invoice);
    for (const payment of item.payments ?? []) demoPayment(db, invoice, loan, payment, today);
    if (item.ddr && loan) demoDdr(db, invoice, loan, item.ddr, today);
    if (item.failedDdr !== undefined && loan) demoFailedDdr(db, invoice, loan, item.failedDdr, today);
    if (invoice.status !== 'paid') unpaid.push(invoice.id);
    if (item.starred) {
      db.resources.push({
        id: nextId(db.resources),
        anchor_id: spec.anchorId,
        resource_type: 'Invoice',
        resource_id: invoice.id,
        starred: true,
      });
    }
  }
  if (loan) {
    loan.limit_utilized = db.drawdowns
      .filter((d) => d.loan_application_id === loan.id && d.status === 'completed')
      .reduce((sum, d) => sum + d.principal_outstanding, 0);
  }
  return { company, unpaid };
}

/**
 * Adds the demo customers (the pay-page ones with their links, then the lending ones), their loans,
 * invoices, payments and drawdowns, then the retailer page's demo retailers. Uses no randomness.
 */
export function addDemoCustomers(db: Db, today: Date): void {
  CUSTOMERS.forEach((spec, index) => {
    const { company, unpaid } = addDemoCustomer(db, spec, index + 1, today);
    db.payment_links.push({
      id: nextId(db.payment_links),
      anchor_id: spec.anchorId,
      distributor_company_id: company.id,
      invoice_ids: unpaid,
      token: spec.token,
      mode_of_communication: ['whatsapp', 'email'],
      status: 'pending',
      created_at: addDays(today, -1).toISOString(),
      expires_at: DEMO_LINK_EXPIRES_AT,
      // The demo page shows the customer's whole account: every due, the part-paid and the paid ones.
      customer_wide: true,
      ...(spec.override ? { settings_override: { ...spec.override } } : {}),
    });
    if (index === 0) {
      db.payment_links.push({
        id: nextId(db.payment_links),
        anchor_id: spec.anchorId,
        distributor_company_id: company.id,
        invoice_ids: unpaid,
        token: EXPIRED_DEMO_PAY_TOKEN,
        mode_of_communication: ['sms'],
        status: 'expired',
        created_at: addDays(today, -10).toISOString(),
        expires_at: addDays(today, -3).toISOString(),
      });
    }
  });
  LENDING_CUSTOMERS.forEach((spec, index) => addDemoCustomer(db, spec, LENDING_NUMBER_FROM + index, today));
  addDemoRetailers(db, today);
}

function demoCompany(db: Db, spec: DemoCompanySpec, n: number, today: Date): DistributorCompany {
  const id = nextId(db.distributor_companies);
  const slug = spec.name.toLowerCase().replace(/[^a-z]/g, '');
  return {
    id,
    anchor_id: spec.anchorId,
    name: spec.name,
    customer_code: `C${spec.anchorId === SYSTEM_ANCHOR ? 'S' : 'M'}${pad(id, 6)}`,
    region: spec.region,
    primary_user_name: spec.contact,
    primary_user_email: `owner@${slug}.example.in`,
    primary_user_mobile: `98765${pad(n, 5)}`,
    business_email: `accounts@${slug}.example.in`,
    mobile_number: `98766${pad(n, 5)}`,
    company_address: {
      address_1: `${10 + n}, Station Road`,
      address_2: 'Market Yard',
      city: 'Pune',
      state: 'Maharashtra',
      pin_code: `4110${pad(n, 2)}`,
    },
    account_details: [
      {
        upi_id: `${slug}@okhdfc`,
        account_number: `5010${pad(n, 8)}`,
        ifsc: `HDFC0${pad(n, 6)}`,
        bank_name: 'HDFC Bank',
        branch: 'Pune',
      },
    ],
    application_status: spec.status,
    risk_grading: 'R',
    eligibility_amount: 0,
    channel_finance: spec.status === 'approved',
    virtual_account_number: `VA${spec.anchorId}${pad(9_000_000_000 + n, 10)}`,
    loan_application_id: null,
    created_at: addDays(today, -200 - n).toISOString(),
  };
}

function demoLoan(db: Db, spec: DemoCompanySpec, company: DistributorCompany, n: number, today: Date): LoanApplication {
  return {
    id: db.loan_applications.reduce((max, loan) => Math.max(max, loan.id), 1000) + 1,
    anchor_id: spec.anchorId,
    distributor_company_id: company.id,
    cust_id: `CUST${pad(90_000_000 + n, 8)}`,
    loan_account_no: `LAN${pad(9_000_000_000 + n, 10)}`,
    application_status: 'approved',
    loan_status: 'active',
    open_limit_customer: spec.loan!.openLimit,
    limit_sanctioned: paise(spec.loan!.sanctioned),
    limit_utilized: 0,
    limit_expiry_date: dayOffset(today, 365),
    sanction_date: dayOffset(today, -300),
    is_blocked: false,
  };
}

function demoInvoice(
  db: Db,
  spec: DemoCompanySpec,
  company: DistributorCompany,
  item: DemoInvoice,
  today: Date,
): Invoice {
  const id = nextId(db.invoices);
  const invoiceDate = addDays(today, -item.issued);
  const dueDate = addDays(invoiceDate, item.term);
  const year = invoiceDate.getFullYear() % 100;
  return {
    id,
    anchor_id: spec.anchorId,
    distributor_company_id: company.id,
    document_number: `${spec.salesOrders ? 'SO' : 'INV'}/${pad(year, 2)}${pad((year + 1) % 100, 2)}/D${pad(id, 6)}`,
    erp_invoice_id: `ERPD${pad(id, 8)}`,
    customer_code: company.customer_code,
    total: paise(item.total),
    amount_paid: 0,
    invoice_date: isoDay(invoiceDate),
    due_date: isoDay(dueDate),
    status: 'open',
    channel_finance: company.channel_finance,
    virtual_account_number: company.virtual_account_number,
    creation_date: invoiceDate.toISOString(),
    ddr_status_date: [],
    invoice_rejected_ddr: false,
    is_sales_order: spec.salesOrders === true,
    pay_by_date: item.discount ? dayOffset(dueDate, -5) : null,
    discount_amount: item.discount ? paise(item.discount) : 0,
    closed_status: null,
  };
}

function demoPayment(db: Db, invoice: Invoice, loan: LoanApplication | null, spec: DemoPayment, today: Date): void {
  const amount = paise(spec.amount);
  const day = addDays(today, -spec.daysAgo);
  let drawdown: Drawdown | null = null;
  if (spec.source === 'credit') {
    if (!loan) throw new Error(`demo invoice ${invoice.document_number}: credit without a loan`);
    const id = nextId(db.drawdowns);
    drawdown = {
      id,
      drawdown_number: `DDR${pad(id, 7)}`,
      loan_application_id: loan.id,
      distributor_company_id: loan.distributor_company_id,
      disbursement_date: isoDay(day),
      status: 'completed',
      amount,
      utr: `N9${pad(id, 14)}`,
      due_date: dayOffset(day, 60),
      invoice_ids: [invoice.id],
      principal_outstanding: amount,
      interest_paid: 0,
      penal_paid: 0,
    };
    db.drawdowns.push(drawdown);
    if (spec.repaid) {
      const repaymentId = nextId(db.repayments);
      db.repayments.push({
        id: repaymentId,
        loan_application_id: loan.id,
        drawdown_id: id,
        created_at: addDays(today, -spec.repaid.daysAgo).toISOString(),
        order_id: `ORD${pad(repaymentId, 8)}`,
        amount: paise(spec.repaid.amount),
        payment_mode: 'net_banking',
        status: 'success',
        utr: `R9${pad(repaymentId, 14)}`,
      });
      drawdown.principal_outstanding -= paise(spec.repaid.amount);
    }
    if (spec.interestPaid) {
      const repayments = db.repayments.filter((r) => r.drawdown_id === id);
      drawdown.interest_paid = drawdownFigures(drawdown, repayments, isoDay(today)).postedInterestAmount;
    }
    if (spec.bank !== undefined) {
      const account = db.anchor_account_details.filter((a) => a.anchor_id === invoice.anchor_id)[spec.bank - 1];
      if (account) invoice.bank_account_ids = [account.id];
    }
  }
  const settled = spec.source !== 'pay' || spec.daysAgo >= PAY_SETTLEMENT_DAYS;
  const paymentId = nextId(db.payments);
  const payment: Payment = {
    id: paymentId,
    anchor_id: invoice.anchor_id,
    invoice_id: invoice.id,
    distributor_company_id: invoice.distributor_company_id,
    amount,
    payment_date: isoDay(day),
    settlement_date: settled ? dayOffset(day, spec.source === 'pay' ? 1 : 0) : null,
    settlement_amount: settled ? amount : 0,
    utr_number: `UTRDEMO${pad(paymentId, 10)}`,
    source: spec.source,
    drawdown_id: drawdown?.id ?? null,
    status: 'paid',
  };
  db.payments.push(payment);
  invoice.amount_paid += amount;
  if (invoice.amount_paid >= invoice.total) {
    invoice.status = 'paid';
    invoice.closed_status = closedStatusOf(spec.source, settled);
  } else {
    invoice.status = 'partially_paid';
  }
}

function demoDdr(db: Db, invoice: Invoice, loan: LoanApplication, status: 'draft' | 'verified', today: Date): void {
  const requested = addDays(today, -1);
  invoice.status = 'in-progress';
  invoice.ddr_status_date = [
    { ddr_status: status, date: new Date(requested.getTime() + 11 * 3_600_000).toISOString() },
  ];
  pushUndisbursed(db, invoice, loan, requested, 'pending');
}

/** A credit draw on the invoice that failed `daysAgo` days ago: nothing was paid, the invoice stays as it was. */
function demoFailedDdr(db: Db, invoice: Invoice, loan: LoanApplication, daysAgo: number, today: Date): void {
  pushUndisbursed(db, invoice, loan, addDays(today, -daysAgo), 'failed');
}

/** A drawdown requested on `requested` for what the invoice still owes that paid nothing out (pending or failed). */
function pushUndisbursed(
  db: Db,
  invoice: Invoice,
  loan: LoanApplication,
  requested: Date,
  status: 'pending' | 'failed',
): void {
  const id = nextId(db.drawdowns);
  db.drawdowns.push({
    id,
    drawdown_number: `DDR${pad(id, 7)}`,
    loan_application_id: loan.id,
    distributor_company_id: loan.distributor_company_id,
    disbursement_date: isoDay(requested),
    status,
    amount: invoice.total - invoice.amount_paid,
    utr: '',
    due_date: dayOffset(requested, 60),
    invoice_ids: [invoice.id],
    principal_outstanding: 0,
    interest_paid: 0,
    penal_paid: 0,
  });
}

// ---------------------------------------------------------------------------------------------------
// The retailer page's demo retailers
// ---------------------------------------------------------------------------------------------------

interface DemoRetailerInvoice {
  /** Rupees. */
  total: number;
  /** Days since the invoice date. */
  issued: number;
  /** Credit term in days: due date = invoice date + term. */
  term: number;
  /** Rupees paid so far (default 0): 0 is open, less than the total part-paid, the total paid. */
  paid?: number;
}

interface DemoRetailer {
  name: string;
  /** Default: the distributor's region. */
  region?: Region;
  /** On channel finance: its limit in rupees (sanctioned and utilised); null when not on channel finance. */
  limit: { sanctioned: number; utilised: number } | null;
  invoices: DemoRetailerInvoice[];
}

const rinv = (total: number, issued: number, term = 30, paid = 0): DemoRetailerInvoice => ({
  total,
  issued,
  term,
  paid,
});

/**
 * The retailer page's demo rows (anchor 1, under existing lending demo distributors), fixed at any seed and
 * scale; ageing on the seed's day (days past the due date):
 *
 * - Godavari Retail Links (south): 12 retailers (two pages of 10), channel finance and not, two of them in
 *   the west; Sri Venkateswara Bazaar has 18 invoices (two pages of 15) from not yet due to 120 days past
 *   due; ageing on the bucket edges: exactly 30 and exactly 90 days (not 30+ / 90+), 31 and 91 days (are).
 * - Narmada Trading Co (east): 3 retailers, none on channel finance (listed under Non-Channel Finance only).
 * - Tapti Agro Suppliers (north): 2 retailers, both on channel finance (listed under Channel Finance only).
 */
const RETAILER_GROUPS: readonly { distributor: string; retailers: readonly DemoRetailer[] }[] = [
  {
    distributor: 'Godavari Retail Links',
    retailers: [
      {
        name: 'Sri Venkateswara Bazaar',
        limit: { sanctioned: 600_000, utilised: 245_000 },
        invoices: [
          rinv(12_450, 2),
          rinv(8_320.5, 5),
          rinv(15_000, 9, 30, 15_000),
          rinv(22_780.25, 14),
          rinv(9_999, 18, 30, 5_000),
          rinv(31_200, 23),
          rinv(6_750.75, 27, 30, 6_750.75),
          rinv(18_400, 33),
          rinv(27_000, 38, 30, 13_500),
          rinv(11_250, 44),
          rinv(42_600, 52, 30, 42_600),
          rinv(7_800, 59),
          rinv(14_350.5, 66),
          rinv(25_000, 75, 30, 10_000),
          rinv(19_200, 88, 30, 19_200),
          rinv(33_333.33, 105),
          rinv(12_000, 130, 30, 4_000),
          rinv(9_450, 150),
        ],
      },
      {
        name: 'Coromandel Fresh Stores',
        limit: { sanctioned: 300_000, utilised: 240_000 },
        invoices: [rinv(58_300.75, 125), rinv(21_000, 5)],
      },
      {
        name: 'Nilgiri Departmental Store',
        limit: null,
        invoices: [rinv(36_000, 70, 30, 12_000), rinv(15_500, 40, 30, 15_500)],
      },
      { name: 'Palar Chemists', limit: null, invoices: [] },
      {
        name: 'Marina Emporium',
        limit: { sanctioned: 200_000, utilised: 0 },
        invoices: [rinv(18_000, 60, 30, 18_000), rinv(9_750.5, 35, 30, 9_750.5)],
      },
      { name: 'Chola Emporium', limit: { sanctioned: 450_000, utilised: 100_000 }, invoices: [rinv(27_400, 42)] },
      { name: 'Pandya Bazaar', limit: null, invoices: [rinv(11_111.11, 61)] },
      {
        name: 'Hampi Fresh Stores',
        limit: { sanctioned: 150_000, utilised: 150_000 },
        invoices: [rinv(14_000, 60), rinv(8_000, 120)],
      },
      {
        name: 'Konark Departmental Store',
        region: 'west',
        limit: { sanctioned: 250_000, utilised: 75_000 },
        invoices: [rinv(19_999.99, 30)],
      },
      { name: 'Malabar Chemists', region: 'west', limit: null, invoices: [rinv(6_400.4, 121)] },
      {
        name: 'Vembanad Bazaar',
        limit: { sanctioned: 100_000, utilised: 25_000 },
        invoices: [rinv(40_000, 28, 30, 10_000)],
      },
      { name: 'Ooty Emporium', limit: null, invoices: [rinv(22_000, 50, 30, 22_000)] },
    ],
  },
  {
    distributor: 'Narmada Trading Co',
    retailers: [
      { name: 'Brahmaputra Bazaar', limit: null, invoices: [rinv(17_500, 80)] },
      { name: 'Puri Fresh Stores', limit: null, invoices: [rinv(9_200, 10)] },
      { name: 'Sundarban Emporium', limit: null, invoices: [] },
    ],
  },
  {
    distributor: 'Tapti Agro Suppliers',
    retailers: [
      {
        name: 'Doaba Bazaar',
        limit: { sanctioned: 350_000, utilised: 120_000 },
        invoices: [rinv(45_000, 130), rinv(12_000, 45, 30, 12_000)],
      },
      { name: 'Shivalik Fresh Stores', limit: { sanctioned: 200_000, utilised: 50_000 }, invoices: [rinv(16_800, 7)] },
    ],
  },
];

/** The demo distributor with more than 10 retailers (two pages of the Distributor-Retailer Detail). */
export const MANY_RETAILERS_DISTRIBUTOR = 'Godavari Retail Links';
/** The demo retailer with more than 15 invoices (two pages of the Retailer Invoice Detail). */
export const MANY_INVOICES_RETAILER = 'Sri Venkateswara Bazaar';
/** A demo distributor whose retailers are all on channel finance. */
export const CHANNEL_FINANCE_ONLY_DISTRIBUTOR = 'Tapti Agro Suppliers';
/** A demo distributor none of whose retailers is on channel finance. */
export const NO_CHANNEL_FINANCE_DISTRIBUTOR = 'Narmada Trading Co';

/** Adds the demo retailers and their invoices under their (already added) demo distributors of anchor 1. */
function addDemoRetailers(db: Db, today: Date): void {
  let n = 0;
  for (const group of RETAILER_GROUPS) {
    const distributor = db.distributor_companies.find(
      (c) => c.anchor_id === SYSTEM_ANCHOR && c.name === group.distributor,
    );
    if (!distributor) throw new Error(`demo retailers: no distributor ${group.distributor}`);
    for (const spec of group.retailers) {
      n += 1;
      const id = nextId(db.retailers);
      const retailer: Retailer = {
        id,
        anchor_id: distributor.anchor_id,
        distributor_company_id: distributor.id,
        application_id: `APPD${pad(n, 8)}`,
        cust_id: `RCUSTD${pad(n, 6)}`,
        name: spec.name,
        retailer_code: `R${pad(id, 6)}`,
        mobile_number: `97654${pad(n, 5)}`,
        region: spec.region ?? distributor.region,
        channel_finance: spec.limit !== null,
        total_limit_sanctioned: paise(spec.limit?.sanctioned ?? 0),
        limit_utilised: paise(spec.limit?.utilised ?? 0),
      };
      db.retailers.push(retailer);
      for (const item of spec.invoices) {
        const invoiceId = nextId(db.retailer_invoices);
        const invoiceDate = addDays(today, -item.issued);
        const total = paise(item.total);
        const amountPaid = paise(item.paid ?? 0);
        const status: RetailerInvoice['status'] =
          amountPaid >= total ? 'paid' : amountPaid > 0 ? 'partially_paid' : 'open';
        db.retailer_invoices.push({
          id: invoiceId,
          retailer_id: id,
          document_number: `RINV/${pad(invoiceId, 7)}`,
          total,
          amount_paid: amountPaid,
          invoice_date: isoDay(invoiceDate),
          due_date: dayOffset(invoiceDate, item.term),
          status,
        });
      }
    }
  }
}
