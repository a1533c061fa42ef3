/**
 * Lending and the credit-limit pipeline (spec 2 §2.1-2.6, §4, §9): the segment and payment-source filters
 * and what they send, the pipeline's fund windows, a drawdown's repayment status and due indicator, the
 * reduced lending table of anchor 1551, and the customer-master wizard's steps. The app, the machines and
 * the mock read them from here.
 */
import { daysBetween } from './dates';
import type { Paise } from './money';
import { OVERDUE_BUCKETS, type PaymentSource } from './statuses';

export const LENDING_TITLE = 'Customer Details';
export const PIPELINE_TITLE = 'Credit Limit Eligibility';
export const LENDING_SEARCH_PLACEHOLDER = 'Search by Customer Name / Customer ID';
export const NO_INVOICE_FOUND = 'No invoice found.';
/** The repayment tab's empty state (spec 2 §2.4: without the full stop). */
export const NO_REPAYMENTS = 'No data found';

/** The lending list is always asked for approved customers (spec 2 §4). */
export const LENDING_APPLICATION_STATUS = 'approved';

/** The anchor whose staff see the reduced lending table (spec 2 §2.1, §6). */
const REDUCED_LENDING_ANCHOR_ID = '1551';
export const usesReducedLendingTable = (anchorId: string | null | undefined): boolean =>
  anchorId === REDUCED_LENDING_ANCHOR_ID;

// ---------------------------------------------------------------------------------------------------
// Overdue segments
// ---------------------------------------------------------------------------------------------------

/** How an overdue filter compares a customer's overdue days with `overdue_by_days`. */
export const OVERDUE_CRITERIA = ['equal', 'greater_than'] as const;
export type OverdueCriterion = (typeof OVERDUE_CRITERIA)[number];

/** What a segment sends: `filter[overdue_by_days]` and `filter[overdue_criteria]`. */
export interface OverdueFilter {
  overdue_by_days: number;
  overdue_criteria: OverdueCriterion;
}

export interface Segment<K extends string = string> {
  key: K;
  label: string;
  /** null: no overdue filter (All). */
  filter: OverdueFilter | null;
}

const ALL: Segment<'all'> = { key: 'all', label: 'All', filter: null };
const REGULAR: Segment<'regular'> = {
  key: 'regular',
  label: 'Regular',
  filter: { overdue_by_days: 0, overdue_criteria: 'equal' },
};
const DPD: Segment<'dpd'> = {
  key: 'dpd',
  label: 'DPD',
  filter: { overdue_by_days: 0, overdue_criteria: 'greater_than' },
};
const OVER_30: Segment<'30_plus'> = {
  key: '30_plus',
  label: '30+',
  filter: { overdue_by_days: OVERDUE_BUCKETS.over30, overdue_criteria: 'greater_than' },
};
const OVER_90: Segment<'90_plus'> = {
  key: '90_plus',
  label: '90+',
  filter: { overdue_by_days: OVERDUE_BUCKETS.over90, overdue_criteria: 'greater_than' },
};

/** The lending page's segments (spec 2 §4): All none; Regular overdue days = 0; DPD > 0; 30+ > 30; 90+ > 90. */
export const LENDING_SEGMENTS = [ALL, REGULAR, DPD, OVER_30, OVER_90] as const;

/** The pipeline tables' segments: All, Regular, 30+, 90+. */
export const PIPELINE_SEGMENTS = [ALL, REGULAR, OVER_30, OVER_90] as const;

/** The segment with this key, or All for an unknown or absent key (a hand-edited URL). */
export function segmentOf<S extends Segment>(segments: readonly S[], key: string | undefined): S {
  return segments.find((s) => s.key === key) ?? segments[0]!;
}

/** True when a customer with `days` overdue days passes the filter (null passes everyone). */
export function matchesOverdue(days: number, filter: OverdueFilter | null): boolean {
  if (filter === null) return true;
  return filter.overdue_criteria === 'equal' ? days === filter.overdue_by_days : days > filter.overdue_by_days;
}

// ---------------------------------------------------------------------------------------------------
// Payment sources (the 'All Customer' modal)
// ---------------------------------------------------------------------------------------------------

export interface SourceFilter {
  key: 'all' | 'scf_pay' | 'scf' | 'pay';
  label: string;
  sources: readonly PaymentSource[];
}

/** Spec 2 §4: All = credit, pay and erp payment; 'SCF + Invoice Pay' = credit and pay; SCF = credit; 'Invoice Pay' = pay. */
export const SOURCE_FILTERS: readonly SourceFilter[] = [
  { key: 'all', label: 'All', sources: ['credit', 'pay', 'erp_payment'] },
  { key: 'scf_pay', label: 'SCF + Invoice Pay', sources: ['credit', 'pay'] },
  { key: 'scf', label: 'SCF', sources: ['credit'] },
  { key: 'pay', label: 'Invoice Pay', sources: ['pay'] },
];

/** A payment source's wire name: `{product}_credit`, `{product}_pay`, `erp_payment`. */
export const sourceWireName = (source: PaymentSource, product: string): string =>
  source === 'erp_payment' ? source : `${product}_${source}`;

/** `filter[payment_sources_filter]`: the comma list of wire names. */
export const sourcesFilterValue = (filter: SourceFilter, product: string): string =>
  filter.sources.map((s) => sourceWireName(s, product)).join(',');

/** Reads `filter[payment_sources_filter]` back; null when a name is not a payment source of this product. */
export function parseSourcesFilter(value: string, product: string): PaymentSource[] | null {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const out: PaymentSource[] = [];
  for (const name of names) {
    const source = (['credit', 'pay', 'erp_payment'] as const).find((s) => sourceWireName(s, product) === name);
    if (!source) return null;
    if (!out.includes(source)) out.push(source);
  }
  return out.length > 0 ? out : null;
}

// ---------------------------------------------------------------------------------------------------
// Periods and the pipeline's fund windows
// ---------------------------------------------------------------------------------------------------

/** The lending page's period (spec 2 §9): it scopes the receivables to invoices dated in the period. */
export const LENDING_PERIODS = ['this_year', 'this_month'] as const;
export type LendingPeriod = (typeof LENDING_PERIODS)[number];

/** The period's first day: 1 January or the 1st of this month of `today` (ISO date); the period runs to today. */
export function periodStart(period: LendingPeriod, today: string): string {
  return period === 'this_year' ? `${today.slice(0, 4)}-01-01` : `${today.slice(0, 7)}-01`;
}

/** The pipeline's two tables (spec 2 §4): `filter[fund_in_days]` '1' and '5'. */
export const FUND_WINDOWS = [
  { days: '1', title: 'Funds Available in 24 Hours' },
  { days: '5', title: 'Funds Available in 5 working days (Need KYC + Financial Documents)' },
] as const;
export type FundInDays = (typeof FUND_WINDOWS)[number]['days'];

/**
 * Which window a lead's funds fall in: Low and Medium risk customers can be funded on the data the anchor
 * shared (24 hours); High risk and those without a grade ('R', need more data) need KYC and financial
 * documents first (5 working days).
 */
export const fundWindowOf = (risk: string): FundInDays => (risk === 'L' || risk === 'M' ? '1' : '5');

/**
 * The Credit Line Summary's 'Total Credit Limit Eligible' (spec 2 §2.5): the limit sanctioned to approved
 * customers plus what the leads in the fund tables are eligible for and have yet to avail, so Yet to Avail
 * is always part of it.
 */
export const creditLimitEligible = (summary: { sanctioned: Paise; yetToAvail: Paise }): Paise =>
  summary.sanctioned + summary.yetToAvail;

/** A customer's invoice overdue status in the pipeline tables. */
export function invoiceOverdueText(days: number): string {
  if (days <= 0) return 'Regular';
  if (days > OVERDUE_BUCKETS.over90) return `90+ days (${days} days)`;
  if (days > OVERDUE_BUCKETS.over30) return `30+ days (${days} days)`;
  return `Overdue ${days} ${days === 1 ? 'day' : 'days'}`;
}

// ---------------------------------------------------------------------------------------------------
// Drawdowns
// ---------------------------------------------------------------------------------------------------

/** What the repayment status and the due indicator read of a drawdown (spec 2 §3). */
export interface DrawdownDue {
  status: string;
  totalOutstandingAmount: number;
  dpdPrincipal: number;
  dpdInterest: number;
  /** ISO date (or date-time); null when the provider has none. */
  dueDate: string | null;
}

const isCompleted = (d: Pick<DrawdownDue, 'status'>) => d.status.toLowerCase() === 'completed';

/** Spec 2 §4: only completed drawdowns have one: 'To be Paid' while anything is outstanding, else 'Paid'. */
export function repaymentStatus(
  d: Pick<DrawdownDue, 'status' | 'totalOutstandingAmount'>,
): 'To be Paid' | 'Paid' | null {
  if (!isCompleted(d)) return null;
  return d.totalOutstandingAmount > 0 ? 'To be Paid' : 'Paid';
}

export type DueTone = 'red' | 'amber' | 'green';
export interface DueIndicator {
  tone: DueTone;
  text: string;
}

const dueText = (days: number) => (days === 0 ? 'Due Today' : `Due in ${days} ${days === 1 ? 'day' : 'days'}`);

/**
 * The 'Repayment due in' indicator (spec 2 §4), for a completed drawdown with something outstanding:
 * red 'overdue' if dpdPrincipal > 0 or the due date is before today; else amber 'Due in N days' / 'Due
 * Today' when only interest is past due (dpdPrincipal 0, dpdInterest > 0); else green when both are 0.
 * Anything else (not completed, nothing outstanding, no due date) is null, shown as '-'.
 */
export function dueIndicator(d: DrawdownDue, today: string): DueIndicator | null {
  if (!isCompleted(d) || d.totalOutstandingAmount <= 0) return null;
  const days = d.dueDate === null ? null : daysBetween(today, d.dueDate);
  if (d.dpdPrincipal > 0 || (days !== null && days < 0)) return { tone: 'red', text: 'overdue' };
  if (days === null) return null;
  if (d.dpdPrincipal === 0 && d.dpdInterest > 0) return { tone: 'amber', text: dueText(days) };
  if (d.dpdPrincipal === 0 && d.dpdInterest === 0) return { tone: 'green', text: dueText(days) };
  return null;
}

/** A zero-based page of drawdowns or repayments (spec 2 §3). */
export interface ZeroBasedPage {
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

// ---------------------------------------------------------------------------------------------------
// The customer-master wizard
// ---------------------------------------------------------------------------------------------------

/** Spec 2 §2.6, §4: steps 0-2 are the work, 3 the success result and 4 the error result. */
export const WIZARD_STEPS = [
  { step: 0, title: 'Upload Customer Master via CSV', csvtype: 'demographic_data' },
  { step: 1, title: 'Upload Customer historical invoice data via CSV', csvtype: 'transaction_data' },
  { step: 2, title: 'Credit Evalution Service', csvtype: null },
] as const;
export type WizardWorkStep = (typeof WIZARD_STEPS)[number]['step'];
export type WizardUploadType = NonNullable<(typeof WIZARD_STEPS)[number]['csvtype']>;
export const WIZARD_SUCCESS_STEP = 3;
export const WIZARD_ERROR_STEP = 4;
