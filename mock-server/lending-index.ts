import { todayOf } from './aggregates';
import { isoDay } from '../src/domain/dates';
import type { DistributorCompany, Drawdown, Invoice, LoanApplication, Payment, ReadonlyDb, Repayment } from './db';
import { anyAdded, appendedRows, followEdits, seeRows, type Seen } from './appended-rows';
import { drawdownFigures, loanFigures, NO_CHARGES, type DrawdownFigures } from './lending';
import {
  fundWindowOf,
  matchesOverdue,
  periodStart,
  type FundInDays,
  type LendingPeriod,
  type OverdueFilter,
} from '../src/domain/lending';
import type { Region } from '../src/domain/regions';
import type { ApplicationStatus, PaymentSource } from '../src/domain/statuses';

/**
 * Per-anchor indexes for the lending page and the pipeline (the lending customers and their summary, the
 * 'All Customer' list, funds available, the credit line summary, a loan's drawdowns and repayments), so a
 * request costs a memo lookup and its page rather than a scan of every invoice and drawdown.
 *
 * Shape. For each anchor, built on first use for one day of the mock's clock: per customer, its loan
 * application, its invoices, what it still owes on them (all of them, and those dated this year and this
 * month up to today), its invoice overdue days (the most days past due of its unpaid invoices), the payment
 * sources it has used, its loan's drawdowns and repayments (newest first) and, from the charge model
 * (mock-server/lending.ts), each completed drawdown's figures and the customer's overdue amount and days
 * past due; the customers in name order; drawdowns by number. A list query (status, segment, search,
 * region; sources; fund window) filters the name order once and is memoised until the data changes; its
 * pages are slices of that.
 *
 * Staying correct. The figures move with the day, so the index is for one day: on the first read of
 * another day it is rebuilt. New invoices and customers (uploads, manual invoices) are taken in place: a new
 * invoice recomputes its customer's receivables, a new customer joins the name order; the memo is dropped.
 * Anything else drops the anchor's index, rebuilt on its next read: an edited row (a payment moving its
 * invoice on, a draw raising its loan's utilisation, a credit evaluation's grades), a new payment, drawdown
 * or repayment (which come with such an edit). A new loan, an edit without an anchor or a removal drops them
 * all (appended-rows.ts).
 */

/** The collections the lending index follows: loans may not change, the rest may grow. */
const TRACKED = [
  'distributor_companies',
  'loan_applications',
  'invoices',
  'payments',
  'drawdowns',
  'repayments',
] as const;

// ---------------------------------------------------------------------------------------------------
// The index
// ---------------------------------------------------------------------------------------------------

const SOURCE_BITS: Record<PaymentSource, number> = { credit: 1, pay: 2, erp_payment: 4 };
const sourceMask = (sources: readonly PaymentSource[]) => sources.reduce((mask, s) => mask | SOURCE_BITS[s], 0);

/** One customer of the anchor and its figures on the index's day, in paise and days. */
export interface LendingCustomer {
  company: DistributorCompany;
  /** Its loan application: the one it names, else any that names it; null without one. */
  loan: LoanApplication | null;
  invoices: Invoice[];
  /** What it still owes on invoices not paid (total - amount_paid): all of them, this year's, this month's (invoice_date to today). */
  unpaidAll: number;
  unpaidYear: number;
  unpaidMonth: number;
  /** The most days past due_date of its unpaid invoices; 0 when none is past due. */
  invoiceOverdueDays: number;
  /** The payment sources it has paid through (bits of SOURCE_BITS). */
  sources: number;
  /** Its loan's drawdowns, newest disbursement first (then highest id). */
  drawdowns: Drawdown[];
  /** Its loan's repayments, newest first (then highest id). */
  repayments: Repayment[];
  /** Σ overdue principal and overdue interest of its completed drawdowns. */
  overdue: number;
  /** Days past due: the most of dpdPrincipal and dpdInterest over its completed drawdowns. */
  overdueByDays: number;
  /** Completed drawdowns and what they add up to. */
  availedCount: number;
  availedAmount: number;
}

export interface LendingIndex {
  anchorId: number;
  day: string;
  yearStart: string;
  monthStart: string;
  customers: Map<number, LendingCustomer>;
  /** Name A-Z, then id. */
  byName: LendingCustomer[];
  /** Loan id to its customer (only the loan each customer uses). */
  byLoan: Map<number, LendingCustomer>;
  drawdownsByNumber: Map<string, Drawdown>;
  repaymentsByDrawdown: Map<number, Repayment[]>;
  /** Completed drawdowns' figures by drawdown id. */
  figures: Map<number, DrawdownFigures>;
  memo: Map<string, unknown>;
}

interface LendingCache {
  day: string;
  seen: Record<(typeof TRACKED)[number], Seen>;
  anchors: Map<number, LendingIndex>;
}

const caches = new WeakMap<ReadonlyDb, LendingCache>();

function newCache(db: ReadonlyDb, day: string): LendingCache {
  // An edited row drops its anchor's index; an edit it cannot place, every index.
  followEdits(db, 'lending-index', TRACKED, (anchors) => {
    const cache = caches.get(db);
    if (!cache) return;
    if (anchors === null) caches.delete(db);
    else for (const anchorId of anchors) cache.anchors.delete(anchorId);
  });
  return {
    day,
    seen: seeRows(db, TRACKED),
    anchors: new Map(),
  };
}

const collator = new Intl.Collator('en');
const byName = (a: LendingCustomer, b: LendingCustomer) =>
  collator.compare(a.company.name, b.company.name) || a.company.id - b.company.id;
/** Newest disbursement first, then the highest id. */
const byDisbursementDesc = (a: Drawdown, b: Drawdown) =>
  a.disbursement_date < b.disbursement_date ? 1 : a.disbursement_date > b.disbursement_date ? -1 : b.id - a.id;
const byCreatedDesc = (a: Repayment, b: Repayment) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** Where `row` goes in `sorted` (after any equal). */
function insertSorted<T>(sorted: T[], row: T, cmp: (a: T, b: T) => number): void {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(sorted[mid]!, row) > 0) hi = mid;
    else lo = mid + 1;
  }
  sorted.splice(lo, 0, row);
}

function newCustomer(company: DistributorCompany, loan: LoanApplication | null): LendingCustomer {
  return {
    company,
    loan,
    invoices: [],
    unpaidAll: 0,
    unpaidYear: 0,
    unpaidMonth: 0,
    invoiceOverdueDays: 0,
    sources: 0,
    drawdowns: [],
    repayments: [],
    overdue: 0,
    overdueByDays: 0,
    availedCount: 0,
    availedAmount: 0,
  };
}

/** Days from one ISO day to another (date-only strings parse as UTC midnight, so this is exact). */
const daysFrom = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The customer's receivables on the index's day. */
function computeReceivables(index: LendingIndex, c: LendingCustomer): void {
  let all = 0;
  let year = 0;
  let month = 0;
  let oldestDue: string | null = null;
  const { day, yearStart, monthStart } = index;
  for (const inv of c.invoices) {
    if (inv.status === 'paid') continue;
    const balance = inv.total - inv.amount_paid;
    all += balance;
    if (inv.invoice_date <= day) {
      if (inv.invoice_date >= yearStart) year += balance;
      if (inv.invoice_date >= monthStart) month += balance;
    }
    if (oldestDue === null || inv.due_date < oldestDue) oldestDue = inv.due_date;
  }
  c.unpaidAll = all;
  c.unpaidYear = year;
  c.unpaidMonth = month;
  c.invoiceOverdueDays = oldestDue === null ? 0 : Math.max(0, daysFrom(oldestDue, day));
}

/** The customer's drawdown figures and loan figures on the index's day. */
function computeLoan(index: LendingIndex, c: LendingCustomer): void {
  let availedCount = 0;
  let availedAmount = 0;
  const figures: DrawdownFigures[] = [];
  for (const d of c.drawdowns) {
    if (d.status !== 'completed') continue;
    availedCount += 1;
    availedAmount += d.amount;
    const f = drawdownFigures(d, index.repaymentsByDrawdown.get(d.id) ?? [], index.day);
    index.figures.set(d.id, f);
    figures.push(f);
  }
  c.availedCount = availedCount;
  c.availedAmount = availedAmount;
  if (c.loan === null) {
    c.overdue = 0;
    c.overdueByDays = 0;
    return;
  }
  const totals = loanFigures(c.loan, figures);
  c.overdue = totals.overdue;
  c.overdueByDays = totals.overdueByDays;
}

function buildIndex(db: ReadonlyDb, anchorId: number, day: string): LendingIndex {
  const index: LendingIndex = {
    anchorId,
    day,
    yearStart: periodStart('this_year', day),
    monthStart: periodStart('this_month', day),
    customers: new Map(),
    byName: [],
    byLoan: new Map(),
    drawdownsByNumber: new Map(),
    repaymentsByDrawdown: new Map(),
    figures: new Map(),
    memo: new Map(),
  };
  const loanById = new Map<number, LoanApplication>();
  const loanByCompany = new Map<number, LoanApplication>();
  for (const loan of db.loan_applications) {
    if (loan.anchor_id !== anchorId) continue;
    loanById.set(loan.id, loan);
    if (!loanByCompany.has(loan.distributor_company_id)) loanByCompany.set(loan.distributor_company_id, loan);
  }
  for (const company of db.distributor_companies) {
    if (company.anchor_id !== anchorId) continue;
    const loan =
      (company.loan_application_id === null ? undefined : loanById.get(company.loan_application_id)) ??
      loanByCompany.get(company.id) ??
      null;
    const customer = newCustomer(company, loan);
    index.customers.set(company.id, customer);
    index.byName.push(customer);
    if (loan) index.byLoan.set(loan.id, customer);
  }
  index.byName.sort(byName);
  for (const inv of db.invoices)
    if (inv.anchor_id === anchorId) index.customers.get(inv.distributor_company_id)?.invoices.push(inv);
  for (const p of db.payments) if (p.anchor_id === anchorId) addSource(index, p);
  for (const d of db.drawdowns) {
    const customer = index.byLoan.get(d.loan_application_id);
    if (!customer) continue;
    customer.drawdowns.push(d);
    index.drawdownsByNumber.set(d.drawdown_number.toLowerCase(), d);
  }
  for (const r of db.repayments) {
    const customer = index.byLoan.get(r.loan_application_id);
    if (!customer) continue;
    customer.repayments.push(r);
    addRepayment(index, r);
  }
  for (const customer of index.customers.values()) {
    customer.drawdowns.sort(byDisbursementDesc);
    customer.repayments.sort(byCreatedDesc);
    computeReceivables(index, customer);
    computeLoan(index, customer);
  }
  return index;
}

function addSource(index: LendingIndex, p: Payment): LendingCustomer | undefined {
  const customer = index.customers.get(p.distributor_company_id);
  if (customer) customer.sources |= SOURCE_BITS[p.source];
  return customer;
}

function addRepayment(index: LendingIndex, r: Repayment): void {
  const list = index.repaymentsByDrawdown.get(r.drawdown_id);
  if (list) list.push(r);
  else index.repaymentsByDrawdown.set(r.drawdown_id, [r]);
}

/** Rows appended since the cache last looked, for every built anchor index they belong to. */
function addRows(
  cache: LendingCache,
  added: {
    companies: readonly DistributorCompany[];
    invoices: readonly Invoice[];
    payments: readonly Payment[];
    drawdowns: readonly Drawdown[];
    repayments: readonly Repayment[];
  },
): void {
  const receivables = new Set<LendingCustomer>();
  const changed = new Set<LendingIndex>();
  for (const company of added.companies) {
    const index = cache.anchors.get(company.anchor_id);
    if (!index) continue;
    if (company.loan_application_id !== null) {
      // A new customer that comes with a loan: rare enough to rebuild its anchor's index.
      cache.anchors.delete(company.anchor_id);
      continue;
    }
    const customer = newCustomer(company, null);
    index.customers.set(company.id, customer);
    insertSorted(index.byName, customer, byName);
    changed.add(index);
  }
  for (const inv of added.invoices) {
    const index = cache.anchors.get(inv.anchor_id);
    const customer = index?.customers.get(inv.distributor_company_id);
    if (!index || !customer) continue;
    customer.invoices.push(inv);
    receivables.add(customer);
    changed.add(index);
  }
  // Payments and draws come with their invoice and loan edited, which drops the anchor's index anyway; rows
  // added on their own (a provider state putting rows back) drop it too.
  for (const p of added.payments) cache.anchors.delete(p.anchor_id);
  for (const row of [...added.drawdowns, ...added.repayments]) {
    for (const [anchorId, index] of cache.anchors)
      if (index.byLoan.has(row.loan_application_id)) cache.anchors.delete(anchorId);
  }
  for (const index of changed) {
    if (cache.anchors.get(index.anchorId) !== index) continue;
    for (const customer of receivables)
      if (index.customers.get(customer.company.id) === customer) computeReceivables(index, customer);
    // Lists, counts and sums memoised over the old figures are gone.
    index.memo = new Map();
  }
}

/** Takes the rows appended since the cache last looked; false when something else changed (rebuild). */
function catchUp(db: ReadonlyDb, cache: LendingCache): boolean {
  const added = appendedRows(db, cache.seen, ['loan_applications']);
  if (added === null) return false;
  if (cache.anchors.size > 0 && anyAdded(added)) {
    const { distributor_companies: companies, invoices, payments, drawdowns, repayments } = added;
    addRows(cache, { companies, invoices, payments, drawdowns, repayments });
  }
  return true;
}

/** The anchor's lending index for the day of `now`: brought up to date with appended rows, rebuilt otherwise. */
export function lendingIndex(db: ReadonlyDb, anchorId: number, now: number): LendingIndex {
  const day = isoDay(todayOf(now));
  let cache = caches.get(db);
  if (!cache || cache.day !== day || !catchUp(db, cache)) {
    cache = newCache(db, day);
    caches.set(db, cache);
  }
  let index = cache.anchors.get(anchorId);
  if (!index) {
    index = buildIndex(db, anchorId, day);
    cache.anchors.set(anchorId, index);
  }
  return index;
}

function memo<T>(index: LendingIndex, key: string, compute: () => T): T {
  if (index.memo.has(key)) return index.memo.get(key) as T;
  const value = compute();
  if (index.memo.size >= 500) index.memo.delete(index.memo.keys().next().value!);
  index.memo.set(key, value);
  return value;
}

/** Builds (or brings up to date) the anchor's lending index and its common lists, so no request waits for it. */
export function warmLending(db: ReadonlyDb, anchorId: number, now: number): void {
  lendingSummary(db, anchorId, 'this_year', now);
  creditLineFigures(db, anchorId, now);
}

/** Every anchor's lending index: called when the mock starts. */
export function warmLendingIndexes(db: ReadonlyDb, now: number): void {
  for (const anchor of db.anchors) warmLending(db, anchor.id, now);
}

// ---------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------

/** What the customer owes on unpaid invoices dated in the period (to today). */
export const amountInPeriod = (c: LendingCustomer, period: LendingPeriod) =>
  period === 'this_year' ? c.unpaidYear : c.unpaidMonth;
export const balanceAvailable = (loan: LoanApplication | null) =>
  loan === null ? 0 : Math.max(0, loan.limit_sanctioned - loan.limit_utilized);
export const excessCredit = (loan: LoanApplication | null) =>
  loan === null ? 0 : Math.max(0, loan.limit_utilized - loan.limit_sanctioned);

const matches = (c: LendingCustomer, search: string | null, region: Region | null) =>
  (region === null || c.company.region === region) &&
  (search === null ||
    c.company.name.toLowerCase().includes(search) ||
    c.company.customer_code.toLowerCase().includes(search));

export interface LendingQuery {
  status: ApplicationStatus;
  /** On the customer's days past due. */
  overdue: OverdueFilter | null;
  /** Lower-cased, 3+ characters; matches the name or the customer code. */
  search: string | null;
  region: Region | null;
}

/** The lending list: customers in `status` with a loan application, by name. */
export function lendingCustomers(
  db: ReadonlyDb,
  anchorId: number,
  q: LendingQuery,
  now: number,
): readonly LendingCustomer[] {
  const index = lendingIndex(db, anchorId, now);
  const key = `lending|${q.status}|${q.overdue ? `${q.overdue.overdue_criteria}${q.overdue.overdue_by_days}` : '*'}|${q.region ?? '*'}|${q.search ?? ''}`;
  return memo(index, key, () =>
    index.byName.filter(
      (c) =>
        c.loan !== null &&
        c.company.application_status === q.status &&
        matchesOverdue(c.overdueByDays, q.overdue) &&
        matches(c, q.search, q.region),
    ),
  );
}

/** The onboarded summary (the lending list's meta), in paise. */
export interface LendingSummary {
  onboarded: number;
  creditAndPay: number;
  credit: number;
  accountReceivables: number;
  availableLimit: number;
}

/**
 * Over every customer of the anchor: who paid through credit, pay or ERP (onboarded), through credit or pay,
 * through credit; and over the approved customers with a loan application (the unfiltered lending list):
 * what they owe on invoices dated in the period, and their balance available.
 */
export function lendingSummary(db: ReadonlyDb, anchorId: number, period: LendingPeriod, now: number): LendingSummary {
  const index = lendingIndex(db, anchorId, now);
  return memo(index, `summary|${period}`, () => {
    const out: LendingSummary = { onboarded: 0, creditAndPay: 0, credit: 0, accountReceivables: 0, availableLimit: 0 };
    for (const c of index.customers.values()) {
      if (c.sources !== 0) out.onboarded += 1;
      if ((c.sources & (SOURCE_BITS.credit | SOURCE_BITS.pay)) !== 0) out.creditAndPay += 1;
      if ((c.sources & SOURCE_BITS.credit) !== 0) out.credit += 1;
    }
    for (const c of lendingCustomers(
      db,
      anchorId,
      { status: 'approved', overdue: null, search: null, region: null },
      now,
    )) {
      out.accountReceivables += amountInPeriod(c, period);
      out.availableLimit += balanceAvailable(c.loan);
    }
    return out;
  });
}

/** The 'All Customer' list: customers who paid through at least one of the sources, by name. */
export function onboardedCustomers(
  db: ReadonlyDb,
  anchorId: number,
  q: { sources: readonly PaymentSource[]; search: string | null; region: Region | null },
  now: number,
): readonly LendingCustomer[] {
  const index = lendingIndex(db, anchorId, now);
  const mask = sourceMask(q.sources);
  return memo(index, `onboarded|${mask}|${q.region ?? '*'}|${q.search ?? ''}`, () =>
    index.byName.filter((c) => (c.sources & mask) !== 0 && matches(c, q.search, q.region)),
  );
}

/** Customers not yet approved (new leads, work in progress). */
export const FUND_STATUSES = ['new_leads', 'work_in_progress'] as const satisfies readonly ApplicationStatus[];

export interface FundQuery {
  days: FundInDays;
  statuses: readonly ApplicationStatus[];
  /** On the customer's invoice overdue days. */
  overdue: OverdueFilter | null;
  search: string | null;
  region: Region | null;
}

const byEligibilityDesc = (a: LendingCustomer, b: LendingCustomer) =>
  b.company.eligibility_amount - a.company.eligibility_amount || byName(a, b);

/** Funds available: customers in the statuses with eligibility > 0 whose risk puts them in the window; most eligible first. */
export function fundCustomers(db: ReadonlyDb, anchorId: number, q: FundQuery, now: number): readonly LendingCustomer[] {
  const index = lendingIndex(db, anchorId, now);
  const overdue = q.overdue ? `${q.overdue.overdue_criteria}${q.overdue.overdue_by_days}` : '*';
  return memo(
    index,
    `fund|${q.days}|${[...q.statuses].sort().join(',')}|${overdue}|${q.region ?? '*'}|${q.search ?? ''}`,
    () =>
      index.byName
        .filter(
          (c) =>
            q.statuses.includes(c.company.application_status) &&
            c.company.eligibility_amount > 0 &&
            fundWindowOf(c.company.risk_grading) === q.days &&
            matchesOverdue(c.invoiceOverdueDays, q.overdue) &&
            matches(c, q.search, q.region),
        )
        .sort(byEligibilityDesc),
  );
}

/** GET /loan_applications/credit_line_summary's figures, in paise. */
export interface CreditLineFigures {
  sanctioned: number;
  utilised: number;
  available: number;
  activeDistributors: number;
  yetToAvail: { regular: number; over30: number; over90: number; total: number };
}

/**
 * Over the anchor's approved loan applications: sanctioned, utilised, available (Σ balance available) and how
 * many are active; yet to avail: the eligibility of the funds-available customers of both windows, by
 * their invoice overdue days (regular = 0, over30 = more than 30, over90 = more than 90, total = all).
 */
export function creditLineFigures(db: ReadonlyDb, anchorId: number, now: number): CreditLineFigures {
  const index = lendingIndex(db, anchorId, now);
  return memo(index, 'credit-line', () => {
    const out: CreditLineFigures = {
      sanctioned: 0,
      utilised: 0,
      available: 0,
      activeDistributors: 0,
      yetToAvail: { regular: 0, over30: 0, over90: 0, total: 0 },
    };
    for (const loan of db.loan_applications) {
      if (loan.anchor_id !== anchorId || loan.application_status !== 'approved') continue;
      out.sanctioned += loan.limit_sanctioned;
      out.utilised += loan.limit_utilized;
      out.available += balanceAvailable(loan);
      if (loan.loan_status === 'active') out.activeDistributors += 1;
    }
    for (const days of ['1', '5'] as const) {
      for (const c of fundCustomers(
        db,
        anchorId,
        { days, statuses: FUND_STATUSES, overdue: null, search: null, region: null },
        now,
      )) {
        const eligibility = c.company.eligibility_amount;
        out.yetToAvail.total += eligibility;
        if (c.invoiceOverdueDays === 0) out.yetToAvail.regular += eligibility;
        if (c.invoiceOverdueDays > 30) out.yetToAvail.over30 += eligibility;
        if (c.invoiceOverdueDays > 90) out.yetToAvail.over90 += eligibility;
      }
    }
    return out;
  });
}

/** The customer whose loan this is, when the loan is the anchor's; null otherwise. */
export function loanCustomer(db: ReadonlyDb, anchorId: number, loanId: number, now: number): LendingCustomer | null {
  return lendingIndex(db, anchorId, now).byLoan.get(loanId) ?? null;
}

/** A drawdown's figures on the index's day (all 0 unless it is completed). */
export function figuresOf(db: ReadonlyDb, anchorId: number, drawdown: Drawdown, now: number): DrawdownFigures {
  return lendingIndex(db, anchorId, now).figures.get(drawdown.id) ?? { ...NO_CHARGES };
}

/** The anchor's drawdown with this number (case-insensitive), or null. */
export function drawdownByNumber(
  db: ReadonlyDb,
  anchorId: number,
  drawdownNumber: string,
  now: number,
): Drawdown | null {
  return lendingIndex(db, anchorId, now).drawdownsByNumber.get(drawdownNumber.toLowerCase()) ?? null;
}
