/**
 * The credit evaluation (spec 2 §2.5, §2.6): what a customer's invoice record says of its risk and of the
 * credit it is eligible for. The mock's seed and its credit evaluation (the wizard's Complete) both grade
 * with these, so every risk grade and eligibility the pipeline shows follows the same rules.
 *
 * A customer's record is every invoice the anchor raised on it, with the day it was paid in full (null
 * while anything is unpaid): its live invoices and the history uploaded for it.
 */
import { daysBetween } from './dates';
import { groupIndian, type Paise } from './money';
import { OVERDUE_BUCKETS, type RiskGrade } from './statuses';

export interface CreditRecordInvoice {
  /** ISO dates. */
  invoice_date: string;
  due_date: string;
  total: Paise;
  /** The day it was paid in full; null while anything is unpaid. */
  paid_on: string | null;
}

/** Eligibility is this many months of the customer's average billing. */
const ELIGIBLE_MONTHS = 3;
/** Eligibility is rounded down to ₹1,000. */
const ELIGIBILITY_STEP: Paise = 1_000_00;
/** Shares of judged invoices paid by their due date for a Low and a Medium grade; below them, High. */
const LOW_RISK_ON_TIME = 0.9;
const MEDIUM_RISK_ON_TIME = 0.7;

const RANK: Record<Exclude<RiskGrade, 'R'>, number> = { L: 0, M: 1, H: 2 };

/**
 * The best grade a customer this many days overdue may have: an invoice more than 90 days past due makes it
 * High, more than 30 days at best Medium, whatever its record of paying on time.
 */
export function bestGradeFor(overdueDays: number): Exclude<RiskGrade, 'R'> {
  if (overdueDays > OVERDUE_BUCKETS.over90) return 'H';
  if (overdueDays > OVERDUE_BUCKETS.over30) return 'M';
  return 'L';
}

/** What a grade is read from: the record's invoices, those judged, those paid by the due date, the overdue days. */
export interface CreditFacts {
  invoices: number;
  /** Paid in full, or unpaid and past the due date. */
  judged: number;
  /** Judged invoices paid in full on or before the due date. */
  paidOnTime: number;
  /** The most days an unpaid invoice is past its due date; 0 when none is. */
  overdueDays: number;
}

export function creditFacts(record: readonly CreditRecordInvoice[], today: string): CreditFacts {
  const facts: CreditFacts = { invoices: record.length, judged: 0, paidOnTime: 0, overdueDays: 0 };
  for (const invoice of record) {
    if (invoice.paid_on !== null) {
      facts.judged += 1;
      if (invoice.paid_on <= invoice.due_date) facts.paidOnTime += 1;
      continue;
    }
    const days = daysBetween(invoice.due_date, today) ?? 0;
    if (days > 0) facts.judged += 1;
    if (days > facts.overdueDays) facts.overdueDays = days;
  }
  return facts;
}

/**
 * The risk grade. None judged is 'R' (need more data). Of the judged, the share paid by the due date grades:
 * 90 % or more Low, 70 % or more Medium, else High; then no better than `bestGradeFor` the overdue days.
 */
export function riskGradeOf(facts: CreditFacts): RiskGrade {
  if (facts.judged === 0) return 'R';
  const share = facts.paidOnTime / facts.judged;
  const byPayments = share >= LOW_RISK_ON_TIME ? 'L' : share >= MEDIUM_RISK_ON_TIME ? 'M' : 'H';
  const cap = bestGradeFor(facts.overdueDays);
  return RANK[byPayments] >= RANK[cap] ? byPayments : cap;
}

/** Calendar months from the first invoice's month to the last's, both counted (1 for a single month). */
function monthsSpanned(record: readonly CreditRecordInvoice[]): number {
  let first = Infinity;
  let last = -Infinity;
  for (const invoice of record) {
    const month = Number(invoice.invoice_date.slice(0, 4)) * 12 + Number(invoice.invoice_date.slice(5, 7));
    if (month < first) first = month;
    if (month > last) last = month;
  }
  return last - first + 1;
}

/**
 * The eligible limit: three months of the customer's average monthly billing (its invoices' total over the
 * months its record spans, gaps included), never more than the whole record's total, rounded down to ₹1,000.
 * Nothing without a record.
 */
export function eligibilityOf(record: readonly CreditRecordInvoice[]): Paise {
  if (record.length === 0) return 0;
  const billed = record.reduce((sum, invoice) => sum + invoice.total, 0);
  const limit = Math.min(Math.floor((ELIGIBLE_MONTHS * billed) / monthsSpanned(record)), billed);
  return Math.floor(limit / ELIGIBILITY_STEP) * ELIGIBILITY_STEP;
}

export interface CreditAssessment extends CreditFacts {
  risk: RiskGrade;
  eligibility: Paise;
}

/** A customer's grade and eligible limit on `today` (ISO date), with the facts they were read from. */
export function assessCredit(record: readonly CreditRecordInvoice[], today: string): CreditAssessment {
  const facts = creditFacts(record, today);
  return { ...facts, risk: riskGradeOf(facts), eligibility: eligibilityOf(record) };
}

// ---------------------------------------------------------------------------------------------------
// The evaluation's answer (POST /distributor_companies/credit_evaluation)
// ---------------------------------------------------------------------------------------------------

/** One customer the evaluation graded or left needing more data ('R'), with what its grade was read from. */
export interface EvaluatedCustomer {
  customer_code: string;
  name: string;
  risk_grading: RiskGrade;
  eligibility_amount: Paise;
  invoices: number;
  judged: number;
  paid_on_time: number;
  overdue_days: number;
}

/** What the evaluation did: evaluated = graded + need_more_data; eligibility_total over the evaluated. */
export interface CreditEvaluationResult {
  evaluated: number;
  graded: number;
  need_more_data: number;
  eligibility_total: Paise;
  customers: EvaluatedCustomer[];
}

const invoicesText = (n: number) => `${groupIndian(String(n))} ${n === 1 ? 'invoice' : 'invoices'}`;

/** Why a customer got its grade, in words: what was on its record. */
export function evaluationReason(c: EvaluatedCustomer): string {
  if (c.invoices === 0) return 'no invoice on record';
  if (c.judged === 0)
    return c.invoices === 1 ? 'its 1 invoice is not due yet' : `none of its ${invoicesText(c.invoices)} is due yet`;
  const paid = `${groupIndian(String(c.paid_on_time))} of ${invoicesText(c.judged)} paid by the due date`;
  return c.overdue_days > 0
    ? `${paid}; one unpaid ${groupIndian(String(c.overdue_days))} ${c.overdue_days === 1 ? 'day' : 'days'} past due`
    : paid;
}
