import { addDays, addMonths, getDaysInMonth, isValid, parse, parseISO, startOfDay, startOfMonth } from 'date-fns';
import { type LoanApplication, type ReadonlyDb } from './db';
import { APPLICATION_STATUSES, OVERDUE_BUCKETS, type ApplicationStatus } from '../src/domain/statuses';
import { YEARLY_WINDOW_DAYS } from '../src/domain/chart-periods';
import { daysBetween, isoDay, MONTHS } from '../src/domain/dates';
import { REGIONS, type Region } from '../src/domain/regions';

/**
 * The dashboard's figures, computed from the rows of a `ReadonlyDb` for one anchor and one "today" (the server's
 * clock, taken as a local calendar day). Pure: no request, no clock of their own. Amounts are integer
 * paise; routes turn them into rupees on the wire. Percentages are rounded to 2 decimals here.
 */

// ---------------------------------------------------------------------------------------------------
// Days and windows
// ---------------------------------------------------------------------------------------------------

/** An inclusive window of calendar days, as 'YYYY-MM-DD' (so string comparison orders them). */
export interface DateWindow {
  from: string;
  to: string;
}

export type GraphType = 'yearly' | 'weekly';
export const GRAPH_TYPES: readonly GraphType[] = ['yearly', 'weekly'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The local calendar day an ISO timestamp (`2026-01-01T18:30:00.000Z`) falls on. */
export function localDayOf(timestamp: string): string {
  const date = new Date(timestamp); // ISO 8601 with a zone: the instant; local getters give its day here
  if (Number.isNaN(date.getTime())) return isoDay(parseISO(timestamp));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight of the server's "now". */
export function todayOf(now: Date | number): Date {
  return startOfDay(now);
}

/** Strict 'YYYY-MM-DD' with a real calendar date (no 2026-02-30), else null. */
export function parseDay(text: unknown): string | null {
  if (typeof text !== 'string' || !DAY.test(text)) return null;
  const date = parse(text, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) && isoDay(date) === text ? text : null;
}

/** The yearly view: 364 days back to today (365 calendar days, both ends included). */
export function yearlyWindow(today: Date): DateWindow {
  const day = todayOf(today);
  return { from: isoDay(addDays(day, -YEARLY_WINDOW_DAYS)), to: isoDay(day) };
}

/** The weekly view: the first of the current month to today. */
export function weeklyWindow(today: Date): DateWindow {
  const day = todayOf(today);
  return { from: isoDay(startOfMonth(day)), to: isoDay(day) };
}

export function defaultWindow(type: GraphType, today: Date): DateWindow {
  return type === 'yearly' ? yearlyWindow(today) : weeklyWindow(today);
}

const inWindow = (day: string, window: DateWindow) => day >= window.from && day <= window.to;

/** Days past a due date: positive once it is behind us (due yesterday = 1). */
export function daysPast(day: string, today: Date): number {
  return daysBetween(day, isoDay(today))!;
}

// ---------------------------------------------------------------------------------------------------
// Buckets (filter_information)
// ---------------------------------------------------------------------------------------------------

/** Amounts in paise. */
interface Bucket {
  total: number;
  no_of_invoices: number;
}
interface MonthBucket extends Bucket {
  month: (typeof MONTHS)[number];
  year: number;
}
interface WeekBucket extends Bucket {
  week: number;
}
export type Buckets = { type: 'yearly'; months: MonthBucket[] } | { type: 'weekly'; weeks: WeekBucket[] };

/** Week of the month: days 1-7 are week 1, 8-14 week 2, ..., 29-31 week 5. */
export const weekOfMonth = (day: string) => Math.floor((Number(day.slice(8, 10)) - 1) / 7) + 1;
/** Month index 0..11 of a 'YYYY-MM-DD' day. */
const monthIndex = (day: string) => Number(day.slice(5, 7)) - 1;
/** The calendar month of a 'YYYY-MM-DD' day as a number that orders months: year * 12 + month index. */
export const monthKey = (day: string) => Number(day.slice(0, 4)) * 12 + monthIndex(day);

/**
 * The calendar months a window touches, oldest first, as `monthKey`s with their name and year: the yearly
 * window (364 days back to today) touches 13 (the first and the last partial), 12 when it starts on the 1st.
 */
export function windowMonths(window: DateWindow): { key: number; month: (typeof MONTHS)[number]; year: number }[] {
  const out: { key: number; month: (typeof MONTHS)[number]; year: number }[] = [];
  const last = monthKey(window.to);
  for (let start = startOfMonth(parseISO(window.from)); monthKey(isoDay(start)) <= last; start = addMonths(start, 1)) {
    out.push({ key: monthKey(isoDay(start)), month: MONTHS[start.getMonth()]!, year: start.getFullYear() });
  }
  return out;
}

/**
 * How many week buckets the provider answers for the weekly view: ceil(days in the month of `to` / 7), so
 * every day of the month is in a bucket. The app draws the spec's count (src/domain/chart-periods.ts:
 * the previous month's days / 7), a kept quirk documented in docs/screens.md.
 */
export function weekCount(window: DateWindow): number {
  return Math.ceil(getDaysInMonth(parseISO(window.to)) / 7);
}

interface Dated {
  day: string;
  amount: number;
  invoiceId: number;
}

/**
 * Sums rows (already inside the window) into buckets. Yearly: one bucket per calendar month the window
 * touches, oldest first, each with its year (a 364-day window meets 13 months; the same month name of two
 * years stays two buckets). Weekly: weeks 1..weekCount by day of month, whatever the month; a window reaching into a longer month
 * than `to`'s gets the extra week too, so the buckets always add up to the card. no_of_invoices counts
 * distinct invoice ids per bucket.
 */
export function bucketize(rows: readonly Dated[], type: GraphType, window: DateWindow): Buckets {
  const idsOf = new Map<number, Set<number>>();
  const totals = new Map<number, number>();
  const keyOf = type === 'yearly' ? monthKey : weekOfMonth;
  for (const row of rows) {
    const key = keyOf(row.day);
    totals.set(key, (totals.get(key) ?? 0) + row.amount);
    let ids = idsOf.get(key);
    if (!ids) idsOf.set(key, (ids = new Set()));
    ids.add(row.invoiceId);
  }
  const bucket = (key: number): Bucket => ({ total: totals.get(key) ?? 0, no_of_invoices: idsOf.get(key)?.size ?? 0 });
  if (type === 'yearly')
    return { type, months: windowMonths(window).map(({ key, month, year }) => ({ month, year, ...bucket(key) })) };
  const weeks = Math.max(weekCount(window), ...totals.keys());
  return { type, weeks: Array.from({ length: weeks }, (_, i) => ({ week: i + 1, ...bucket(i + 1) })) };
}

// ---------------------------------------------------------------------------------------------------
// Invoice cards
// ---------------------------------------------------------------------------------------------------

export interface SharedCard {
  invoice_count: number;
  invoice_total: number;
  buckets: Buckets;
}

/** Invoices shared: the anchor's invoices with invoice_date in the window; count and sum of `total`. */
export function invoicesShared(db: ReadonlyDb, anchorId: number, window: DateWindow, type: GraphType): SharedCard {
  const rows = db.invoices.filter((inv) => inv.anchor_id === anchorId && inWindow(inv.invoice_date, window));
  return {
    invoice_count: rows.length,
    invoice_total: sum(rows.map((inv) => inv.total)),
    buckets: bucketize(
      rows.map((inv) => ({ day: inv.invoice_date, amount: inv.total, invoiceId: inv.id })),
      type,
      window,
    ),
  };
}

export interface ClearedCard {
  invoice_count: number;
  invoice_total: number;
  /** Cleared total / shared total of the same window, in percent (0 when nothing was shared). */
  cleared_percentage: number;
  buckets: Buckets;
}

/** Invoices cleared: those of the window (by invoice_date) with status 'paid'; sum of `total`. */
export function invoicesCleared(db: ReadonlyDb, anchorId: number, window: DateWindow, type: GraphType): ClearedCard {
  const shared = db.invoices.filter((inv) => inv.anchor_id === anchorId && inWindow(inv.invoice_date, window));
  const paid = shared.filter((inv) => inv.status === 'paid');
  const total = sum(paid.map((inv) => inv.total));
  return {
    invoice_count: paid.length,
    invoice_total: total,
    cleared_percentage: percent(total, sum(shared.map((inv) => inv.total))),
    buckets: bucketize(
      paid.map((inv) => ({ day: inv.invoice_date, amount: inv.total, invoiceId: inv.id })),
      type,
      window,
    ),
  };
}

export interface PaymentsCard {
  payment_total: number;
  buckets: Buckets;
}

/** Payments received: the anchor's payments with payment_date in the window; sum of `amount`. */
export function paymentsReceived(db: ReadonlyDb, anchorId: number, window: DateWindow, type: GraphType): PaymentsCard {
  const rows = db.payments.filter((p) => p.anchor_id === anchorId && inWindow(p.payment_date, window));
  return {
    payment_total: sum(rows.map((p) => p.amount)),
    buckets: bucketize(
      rows.map((p) => ({ day: p.payment_date, amount: p.amount, invoiceId: p.invoice_id })),
      type,
      window,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// Top performers
// ---------------------------------------------------------------------------------------------------

export interface TopPerformersFigures {
  /** The two regions with the most payments received, most first (ties: north, east, west, south order). */
  top_performers: { region: Region; payment_received: number }[];
  total_payments_received: number;
  /** Absent when no region has a paid invoice in the window (there is then no fastest region to name). */
  credit_top_performers: {
    credit_utilisation: { region: Region; utilised: number };
    credit_limit_growth: { region: Region; growth: number };
    invoice_clearance: { region: Region; average_days: number };
  } | null;
}

/**
 * Payments of the window by the paying company's region; the credit leaders: highest utilised limit and
 * highest 30-day utilisation growth (both as in the credit limit summary), and the lowest average days
 * from invoice_date to the last payment of the paid invoices whose invoice_date is in the window.
 */
export function topPerformers(db: ReadonlyDb, anchorId: number, window: DateWindow, today: Date): TopPerformersFigures {
  const regionOf = companyRegions(db, anchorId);
  const received = zeroByRegion();
  let total = 0;
  for (const payment of db.payments) {
    if (payment.anchor_id !== anchorId || !inWindow(payment.payment_date, window)) continue;
    total += payment.amount;
    const region = regionOf.get(payment.distributor_company_id);
    if (region) received[region] += payment.amount;
  }
  const ranked = [...REGIONS].sort((a, b) => received[b] - received[a] || REGIONS.indexOf(a) - REGIONS.indexOf(b));
  const top_performers = ranked.slice(0, 2).map((region) => ({ region, payment_received: received[region] }));

  const clearance = clearanceDaysByRegion(db, anchorId, window, regionOf);
  const fastest = REGIONS.filter((r) => clearance[r] !== null).sort(
    (a, b) => clearance[a]! - clearance[b]! || REGIONS.indexOf(a) - REGIONS.indexOf(b),
  )[0];
  if (fastest === undefined) return { top_performers, total_payments_received: total, credit_top_performers: null };

  const regions = regionCredit(db, anchorId, today);
  const highest = <K extends 'total_utilised' | 'utilisation_growth'>(key: K) =>
    [...regions].sort(
      (a, b) => b.region_data[key] - a.region_data[key] || REGIONS.indexOf(a.region) - REGIONS.indexOf(b.region),
    )[0]!;
  const utilisation = highest('total_utilised');
  const growth = highest('utilisation_growth');
  return {
    top_performers,
    total_payments_received: total,
    credit_top_performers: {
      credit_utilisation: { region: utilisation.region, utilised: utilisation.region_data.total_utilised },
      credit_limit_growth: { region: growth.region, growth: growth.region_data.utilisation_growth },
      invoice_clearance: { region: fastest, average_days: round2(clearance[fastest]!) },
    },
  };
}

/** Average days from invoice_date to the last payment_date, over paid invoices with invoice_date in the window. */
function clearanceDaysByRegion(
  db: ReadonlyDb,
  anchorId: number,
  window: DateWindow,
  regionOf = companyRegions(db, anchorId),
): Record<Region, number | null> {
  const lastPayment = new Map<number, string>();
  for (const payment of db.payments) {
    if (payment.anchor_id !== anchorId) continue;
    const last = lastPayment.get(payment.invoice_id);
    if (last === undefined || payment.payment_date > last) lastPayment.set(payment.invoice_id, payment.payment_date);
  }
  const days = zeroByRegion();
  const counts = zeroByRegion();
  for (const invoice of db.invoices) {
    if (invoice.anchor_id !== anchorId || invoice.status !== 'paid' || !inWindow(invoice.invoice_date, window))
      continue;
    const last = lastPayment.get(invoice.id);
    const region = regionOf.get(invoice.distributor_company_id);
    if (last === undefined || region === undefined) continue;
    days[region] += daysBetween(invoice.invoice_date, last)!;
    counts[region] += 1;
  }
  const out = {} as Record<Region, number | null>;
  for (const region of REGIONS) out[region] = counts[region] === 0 ? null : days[region] / counts[region];
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------------

export const LEAD_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES;

/** How many of the anchor's customers are in each application status (all four, 0 when none). */
export function leadStatusCounts(
  db: ReadonlyDb,
  anchorId: number,
): { current_status: ApplicationStatus; total_applications: number }[] {
  const counts = new Map<ApplicationStatus, number>();
  for (const company of db.distributor_companies) {
    if (company.anchor_id === anchorId)
      counts.set(company.application_status, (counts.get(company.application_status) ?? 0) + 1);
  }
  return LEAD_STATUSES.map((status) => ({ current_status: status, total_applications: counts.get(status) ?? 0 }));
}

/** A lead row's money figures, in paise; the limit figures are 0 when the company has no loan application. */
export interface LeadFigures {
  amount_outstanding: number;
  limit_sanctioned: number;
  limit_utilized: number;
  balance_available: number;
}

/**
 * Per company of the anchor: what it still owes on invoices that are not paid (total - amount_paid), and
 * the limits of its loan application (balance = sanctioned - utilised; all 0 without one).
 */
export function leadFigures(db: ReadonlyDb, anchorId: number): Map<number, LeadFigures> {
  const outstanding = new Map<number, number>();
  for (const invoice of db.invoices) {
    if (invoice.anchor_id !== anchorId || invoice.status === 'paid') continue;
    outstanding.set(
      invoice.distributor_company_id,
      (outstanding.get(invoice.distributor_company_id) ?? 0) + invoice.total - invoice.amount_paid,
    );
  }
  const loans = loansByCompany(db, anchorId);
  const out = new Map<number, LeadFigures>();
  for (const company of db.distributor_companies) {
    if (company.anchor_id !== anchorId) continue;
    const loan = loans.get(company.id);
    out.set(company.id, {
      amount_outstanding: outstanding.get(company.id) ?? 0,
      limit_sanctioned: loan?.limit_sanctioned ?? 0,
      limit_utilized: loan?.limit_utilized ?? 0,
      balance_available: loan ? loan.limit_sanctioned - loan.limit_utilized : 0,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Credit
// ---------------------------------------------------------------------------------------------------

export interface RegionCredit {
  region: Region;
  region_data: {
    /** Sum of limit_utilized of the region's approved loan applications. */
    total_utilised: number;
    /** Percent growth of the utilised limit over the last 30 days (0 when nothing was utilised then). */
    utilisation_growth: number;
    /** Principal outstanding of completed drawdowns more than 90 days past due. */
    overdue_90_days: number;
  };
}

export interface DefaultFigures {
  total: number;
  default_30days: number;
  default_90days: number;
}

/** The limit sanctioned to the anchor's customers and how many customers hold one. */
interface SanctionedFigures {
  total: number;
  customers: number;
}

export interface CreditLimitFigures {
  regionwise_credit_utilisation: RegionCredit[];
  utilised_limit_summary: { utilised_limit: number; unutilised_limit: number };
  overdue_summary: { overdue_90_days: number; total_overdue: number };
  total_credit_limit_sanctioned: { total: number; active_customers: number };
  default: DefaultFigures;
  credit_utilisation_summary: { overall_credit_utilised: number; channel_finance_peneration: number };
}

export interface LendingFigures {
  credit_limit_available: { total: number; total_distributors: number };
  utilised_limit_summary: { utilised_limit: number; unutilised_limit: number };
  default: DefaultFigures;
}

/** The anchor's loan applications with application_status 'approved'. */
function approvedLoans(db: ReadonlyDb, anchorId: number): LoanApplication[] {
  return db.loan_applications.filter((loan) => loan.anchor_id === anchorId && loan.application_status === 'approved');
}

/**
 * What 'Total Credit Limit Sanctioned' sums and counts, for every card that shows it: the limits of the
 * approved loan applications and the customers holding them, active loan accounts or not (an inactive
 * account's limit is in the total, so its customer is in the count).
 */
function sanctionedLimits(db: ReadonlyDb, anchorId: number): SanctionedFigures {
  const loans = approvedLoans(db, anchorId);
  return {
    total: sum(loans.map((loan) => loan.limit_sanctioned)),
    customers: new Set(loans.map((loan) => loan.distributor_company_id)).size,
  };
}

/** Completed drawdowns of the anchor's approved loan applications. */
function completedDrawdowns(db: ReadonlyDb, anchorId: number) {
  const loanIds = new Set(approvedLoans(db, anchorId).map((loan) => loan.id));
  return db.drawdowns.filter((d) => d.status === 'completed' && loanIds.has(d.loan_application_id));
}

/**
 * Overdue principal of completed drawdowns: total = past due_date, 30 / 90 = more than that many days past.
 * So default_90days <= default_30days <= total.
 */
function defaults(db: ReadonlyDb, anchorId: number, today: Date): DefaultFigures {
  const out: DefaultFigures = { total: 0, default_30days: 0, default_90days: 0 };
  const day = isoDay(today);
  for (const drawdown of completedDrawdowns(db, anchorId)) {
    const past = daysBetween(drawdown.due_date, day)!;
    if (past > 0) out.total += drawdown.principal_outstanding;
    if (past > OVERDUE_BUCKETS.over30) out.default_30days += drawdown.principal_outstanding;
    if (past > OVERDUE_BUCKETS.over90) out.default_90days += drawdown.principal_outstanding;
  }
  return out;
}

/**
 * What a drawdown's principal was at the end of `day`: amount less successful repayments made on or
 * before it (local calendar day of created_at), floored at 0; 0 if it was not disbursed by then.
 */
function principalOn(
  drawdown: { disbursement_date: string; amount: number; id: number },
  day: string,
  repaid: Map<number, { day: string; amount: number }[]>,
): number {
  if (drawdown.disbursement_date > day) return 0;
  const back = sum((repaid.get(drawdown.id) ?? []).filter((r) => r.day <= day).map((r) => r.amount));
  return Math.max(0, drawdown.amount - back);
}

/** One entry per region, in the order north, east, west, south. */
export function regionCredit(db: ReadonlyDb, anchorId: number, today: Date): RegionCredit[] {
  const regionOf = companyRegions(db, anchorId);
  const utilised = zeroByRegion();
  for (const loan of approvedLoans(db, anchorId)) {
    const region = regionOf.get(loan.distributor_company_id);
    if (region) utilised[region] += loan.limit_utilized;
  }
  const drawdowns = completedDrawdowns(db, anchorId);
  const ids = new Set(drawdowns.map((d) => d.id));
  const repaid = new Map<number, { day: string; amount: number }[]>();
  for (const repayment of db.repayments) {
    if (repayment.status !== 'success' || !ids.has(repayment.drawdown_id)) continue;
    const list = repaid.get(repayment.drawdown_id) ?? [];
    list.push({ day: localDayOf(repayment.created_at), amount: repayment.amount });
    repaid.set(repayment.drawdown_id, list);
  }
  const todayDay = isoDay(today);
  const monthAgo = isoDay(addDays(todayOf(today), -30));
  const before = zeroByRegion();
  const overdue90 = zeroByRegion();
  for (const drawdown of drawdowns) {
    const region = regionOf.get(drawdown.distributor_company_id);
    if (!region) continue;
    before[region] += principalOn(drawdown, monthAgo, repaid);
    if (daysBetween(drawdown.due_date, todayDay)! > 90) overdue90[region] += drawdown.principal_outstanding;
  }
  return REGIONS.map((region) => ({
    region,
    region_data: {
      total_utilised: utilised[region],
      utilisation_growth:
        before[region] === 0 ? 0 : round2(((utilised[region] - before[region]) / before[region]) * 100),
      overdue_90_days: overdue90[region],
    },
  }));
}

/** GET /loan_applications/credit_limit_summary, over the anchor's approved loan applications. */
export function creditLimitSummary(db: ReadonlyDb, anchorId: number, today: Date): CreditLimitFigures {
  const { total: sanctioned, customers } = sanctionedLimits(db, anchorId);
  const utilised = sum(approvedLoans(db, anchorId).map((loan) => loan.limit_utilized));
  const dues = defaults(db, anchorId, today);
  const companies = db.distributor_companies.filter((c) => c.anchor_id === anchorId);
  return {
    regionwise_credit_utilisation: regionCredit(db, anchorId, today),
    utilised_limit_summary: { utilised_limit: utilised, unutilised_limit: sanctioned - utilised },
    overdue_summary: { overdue_90_days: dues.default_90days, total_overdue: dues.total },
    // The wire's name says active; it carries the customers the sanctioned total covers, as the lending summary does.
    total_credit_limit_sanctioned: { total: sanctioned, active_customers: customers },
    default: dues,
    credit_utilisation_summary: {
      overall_credit_utilised: percent(utilised, sanctioned),
      channel_finance_peneration: percent(companies.filter((c) => c.channel_finance).length, companies.length),
    },
  };
}

/** GET /loan_applications/lending_summary. */
export function lendingSummary(db: ReadonlyDb, anchorId: number, today: Date): LendingFigures {
  const { total: sanctioned, customers } = sanctionedLimits(db, anchorId);
  const utilised = sum(approvedLoans(db, anchorId).map((loan) => loan.limit_utilized));
  return {
    credit_limit_available: { total: sanctioned, total_distributors: customers },
    utilised_limit_summary: { utilised_limit: utilised, unutilised_limit: sanctioned - utilised },
    default: defaults(db, anchorId, today),
  };
}

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Rounded to 2 decimals, half away from zero. */
function round2(value: number): number {
  return Math.sign(value) * (Math.round((Math.abs(value) + Number.EPSILON) * 100) / 100);
}

/** part / whole * 100 to 2 decimals; 0 when the whole is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part / whole) * 100);
}

function zeroByRegion(): Record<Region, number> {
  return { north: 0, east: 0, west: 0, south: 0 };
}

/** The region of each of the anchor's companies, by id. */
function companyRegions(db: ReadonlyDb, anchorId: number): Map<number, Region> {
  const out = new Map<number, Region>();
  for (const company of db.distributor_companies)
    if (company.anchor_id === anchorId) out.set(company.id, company.region);
  return out;
}

/** Each of the anchor's companies' loan application: the one its loan_application_id names, else any that names it. */
function loansByCompany(db: ReadonlyDb, anchorId: number): Map<number, LoanApplication> {
  const byId = new Map<number, LoanApplication>();
  const byCompany = new Map<number, LoanApplication>();
  for (const loan of db.loan_applications) {
    if (loan.anchor_id !== anchorId) continue;
    byId.set(loan.id, loan);
    if (!byCompany.has(loan.distributor_company_id)) byCompany.set(loan.distributor_company_id, loan);
  }
  const out = new Map<number, LoanApplication>();
  for (const company of db.distributor_companies) {
    if (company.anchor_id !== anchorId) continue;
    const loan =
      (company.loan_application_id === null ? undefined : byId.get(company.loan_application_id)) ??
      byCompany.get(company.id);
    if (loan) out.set(company.id, loan);
  }
  return out;
}

/** Paise as the wire's rupee number (123456 -> 1234.56). */
export const rupees = (paise: number) => paise / 100;
