import { localDayOf } from './aggregates';
import type { Drawdown, LoanApplication, Repayment } from './db';
import { dayNumber } from '../src/domain/dates';

/**
 * The drawdown charge model: what a drawdown owes on a given day, worked out from its stored principal and
 * payments and the mock's clock (nothing but the principal is stored, so as the days pass a drawdown is
 * first due, then has interest billed, then is past its due date). Pure: no clock of its own. Paise.
 *
 * - Interest: 18 % a year, simple, on the principal outstanding, accrued daily from the accrual start to
 *   today. The accrual start is the later of the disbursement date and the day of the drawdown's last
 *   successful repayment (on or before today): the interest up to a repayment is taken as collected with
 *   it, so `interest_paid` counts interest paid since then.
 * - Posting: interest is posted (billed) every 30 days after the disbursement date. Posted = the interest
 *   accrued from the accrual start up to the last posting day on or before today (0 when no posting day
 *   falls after the accrual start); accrued = the rest, up to today. Unpaid posted interest
 *   (posted - interest_paid, not below 0) is due on its posting day.
 * - dpdInterest: days from the first posting day whose interest is unpaid (the first posting day at which
 *   the interest posted so far is more than interest_paid) to today, when unpaid posted interest > 0 and
 *   that day is before today; else 0 (interest posted today is due today).
 * - dpdPrincipal: days past due_date while principal is outstanding and today is after due_date; else 0.
 * - Penal: 2 % a year on the principal for the days past due_date; posted at every 30 days past due, the
 *   rest accrued; penal_paid is taken off the posted penal (not below 0).
 * - overduePrincipalAmount: the principal when past due, else 0; overdueInterestAmount: the unpaid posted
 *   interest when dpdInterest > 0, else 0.
 * - postedInterestAmount and postedPenalAmount are what is posted and still unpaid, so
 *   totalOutstandingAmount = principal + postedInterest + accruedInterest + postedPenal + accruedPenal.
 * - A drawdown that is not completed (pending, failed) owes nothing: every figure is 0.
 */

export const INTEREST_RATE = 0.18;
export const PENAL_RATE = 0.02;
/** Interest is posted every this many days after the disbursement; penal every this many days past due. */
const POSTING_DAYS = 30;

/** The spec's drawdown figures (spec 2 §3), in paise and days. */
export interface DrawdownFigures {
  totalOutstandingAmount: number;
  dpdPrincipal: number;
  dpdInterest: number;
  postedInterestAmount: number;
  postedPenalAmount: number;
  overduePrincipalAmount: number;
  overdueInterestAmount: number;
  accruedInterestAmount: number;
  accruedPenalAmount: number;
}

export const NO_CHARGES: Readonly<DrawdownFigures> = Object.freeze({
  totalOutstandingAmount: 0,
  dpdPrincipal: 0,
  dpdInterest: 0,
  postedInterestAmount: 0,
  postedPenalAmount: 0,
  overduePrincipalAmount: 0,
  overdueInterestAmount: 0,
  accruedInterestAmount: 0,
  accruedPenalAmount: 0,
});

export type ChargedDrawdown = Pick<
  Drawdown,
  'id' | 'status' | 'disbursement_date' | 'due_date' | 'principal_outstanding' | 'interest_paid' | 'penal_paid'
>;

/** Simple interest on `principal` for `days` days at `rate` a year, to the paisa. */
export const accrue = (principal: number, rate: number, days: number) =>
  days <= 0 || principal <= 0 ? 0 : Math.round((principal * rate * days) / 365);

/** An ISO day `days` days after `day` (date-only strings are UTC midnight, so this is exact). */
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * When interest on `d` starts accruing: the later of its disbursement date and the (local calendar) day of
 * its last successful repayment on or before today. `repayments` may hold other drawdowns' rows too.
 */
function accrualStart(
  d: Pick<Drawdown, 'id' | 'disbursement_date'>,
  repayments: readonly Repayment[],
  today: string,
): string {
  let start = d.disbursement_date;
  for (const r of repayments) {
    if (r.drawdown_id !== d.id || r.status !== 'success') continue;
    const day = localDayOf(r.created_at);
    if (day > start && day <= today) start = day;
  }
  return start;
}

/** A stored ISO day as a whole day number (stored days are well formed). */
const dayOf = (day: string) => dayNumber(day)!;

/** The drawdown's figures on `today` (ISO day), from its repayments (rows of other drawdowns are ignored). */
export function drawdownFigures(d: ChargedDrawdown, repayments: readonly Repayment[], today: string): DrawdownFigures {
  const principal = d.principal_outstanding;
  // Nothing accrues on nothing: a repaid drawdown owes no interest, no penal and is late on nothing.
  if (d.status !== 'completed' || principal <= 0) return { ...NO_CHARGES };
  const now = dayOf(today);
  const disbursed = dayOf(d.disbursement_date);
  const startDay = accrualStart(d, repayments, today);
  const start = startDay === d.disbursement_date ? disbursed : dayOf(startDay);

  // Interest: accrued from the start; posted up to the last posting day (disbursement + 30k) on or before today.
  const postings = Math.max(0, Math.floor((now - disbursed) / POSTING_DAYS));
  const lastPosting = disbursed + postings * POSTING_DAYS;
  const interestToDate = accrue(principal, INTEREST_RATE, now - start);
  const posted = postings > 0 && lastPosting > start ? accrue(principal, INTEREST_RATE, lastPosting - start) : 0;
  const unpaidInterest = Math.max(0, posted - d.interest_paid);
  let dpdInterest = 0;
  if (unpaidInterest > 0) {
    // The first posting day whose interest is not covered by what was paid.
    for (let k = Math.max(1, Math.floor((start - disbursed) / POSTING_DAYS) + 1); k <= postings; k++) {
      const day = disbursed + k * POSTING_DAYS;
      if (day <= start) continue;
      if (accrue(principal, INTEREST_RATE, day - start) > d.interest_paid) {
        if (day < now) dpdInterest = now - day;
        break;
      }
    }
  }

  // Principal and penal: past the due date.
  const pastDue = Math.max(0, now - dayOf(d.due_date));
  const penalToDate = accrue(principal, PENAL_RATE, pastDue);
  const penalPosted = accrue(principal, PENAL_RATE, Math.floor(pastDue / POSTING_DAYS) * POSTING_DAYS);
  const unpaidPenal = Math.max(0, penalPosted - d.penal_paid);

  const figures: DrawdownFigures = {
    totalOutstandingAmount: 0,
    dpdPrincipal: pastDue,
    dpdInterest,
    postedInterestAmount: unpaidInterest,
    postedPenalAmount: unpaidPenal,
    overduePrincipalAmount: pastDue > 0 ? principal : 0,
    overdueInterestAmount: dpdInterest > 0 ? unpaidInterest : 0,
    accruedInterestAmount: interestToDate - posted,
    accruedPenalAmount: penalToDate - penalPosted,
  };
  figures.totalOutstandingAmount =
    principal +
    figures.postedInterestAmount +
    figures.accruedInterestAmount +
    figures.postedPenalAmount +
    figures.accruedPenalAmount;
  return figures;
}

/** A customer's lending figures for one loan application on one day, in paise and days. */
export interface LoanFigures {
  /** Σ over completed drawdowns of overdue principal + overdue interest. */
  overdue: number;
  /** Days past due: the most of dpdPrincipal and dpdInterest over its completed drawdowns (0 without any). */
  overdueByDays: number;
  /** Utilised beyond the sanctioned limit (0 within it). */
  excessCredit: number;
  /** Sanctioned - utilised, not below 0. */
  balanceAvailable: number;
}

/** Figures of the loan from its completed drawdowns' figures (`figures` of other drawdowns are all 0 anyway). */
export function loanFigures(
  loan: Pick<LoanApplication, 'limit_sanctioned' | 'limit_utilized'>,
  figures: Iterable<DrawdownFigures>,
): LoanFigures {
  let overdue = 0;
  let overdueByDays = 0;
  for (const f of figures) {
    overdue += f.overduePrincipalAmount + f.overdueInterestAmount;
    overdueByDays = Math.max(overdueByDays, f.dpdPrincipal, f.dpdInterest);
  }
  return {
    overdue,
    overdueByDays,
    excessCredit: Math.max(0, loan.limit_utilized - loan.limit_sanctioned),
    balanceAvailable: Math.max(0, loan.limit_sanctioned - loan.limit_utilized),
  };
}
