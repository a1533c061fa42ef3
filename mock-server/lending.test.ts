import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueIndicator, repaymentStatus } from '../src/domain/lending';
import type { Drawdown, Repayment } from './db';
import {
  accrue,
  drawdownFigures,
  INTEREST_RATE,
  loanFigures,
  NO_CHARGES,
  PENAL_RATE,
  plusDays,
  type DrawdownFigures,
} from './lending';

/**
 * The charge model (mock-server/lending.ts) with a clock moved day by day over one drawdown: ₹1,00,000
 * disbursed on 2026-01-01, due 60 days later (2026-03-02).
 */

const DISBURSED = '2026-01-01';
const DUE = plusDays(DISBURSED, 60);
const PRINCIPAL = 100_000_00;
const day = (n: number) => plusDays(DISBURSED, n);

function drawdown(extra: Partial<Drawdown> = {}): Drawdown {
  return {
    id: 1,
    drawdown_number: 'DDR0000001',
    loan_application_id: 1001,
    distributor_company_id: 1,
    disbursement_date: DISBURSED,
    status: 'completed',
    amount: PRINCIPAL,
    utr: 'N1',
    due_date: DUE,
    invoice_ids: [],
    principal_outstanding: PRINCIPAL,
    interest_paid: 0,
    penal_paid: 0,
    ...extra,
  };
}

function repayment(on: string, amount: number, status: Repayment['status'] = 'success', drawdownId = 1): Repayment {
  // Midday local time, so its local calendar day is `on` whatever the time zone.
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return {
    id: 1,
    loan_application_id: 1001,
    drawdown_id: drawdownId,
    created_at: new Date(y, m - 1, d, 12).toISOString(),
    order_id: 'ORD1',
    amount,
    payment_mode: 'upi',
    status,
    utr: 'R1',
  };
}

const interest = (days: number, principal = PRINCIPAL) => accrue(principal, INTEREST_RATE, days);
const penal = (days: number, principal = PRINCIPAL) => accrue(principal, PENAL_RATE, days);

/** What the due indicator and the repayment status show for the drawdown on `today`. */
function shown(d: Drawdown, f: DrawdownFigures, today: string) {
  const due = {
    status: d.status,
    totalOutstandingAmount: f.totalOutstandingAmount,
    dpdPrincipal: f.dpdPrincipal,
    dpdInterest: f.dpdInterest,
    dueDate: d.due_date,
  };
  return { indicator: dueIndicator(due, today), status: repaymentStatus(due) };
}

const addsUp = (f: DrawdownFigures, principal: number) =>
  expect(f.totalOutstandingAmount).toBe(
    principal + f.postedInterestAmount + f.accruedInterestAmount + f.postedPenalAmount + f.accruedPenalAmount,
  );

describe('drawdownFigures with a moving clock', () => {
  it('goes green, then amber when billed interest is unpaid, then red past the due date', () => {
    const d = drawdown();

    // Day 10: nothing billed yet, interest accruing: green.
    let f = drawdownFigures(d, [], day(10));
    expect(f).toMatchObject({
      postedInterestAmount: 0,
      accruedInterestAmount: interest(10),
      dpdInterest: 0,
      dpdPrincipal: 0,
      overduePrincipalAmount: 0,
    });
    addsUp(f, PRINCIPAL);
    expect(shown(d, f, day(10))).toEqual({
      indicator: { tone: 'green', text: 'Due in 50 days' },
      status: 'To be Paid',
    });

    // Day 30: the first 30 days of interest are billed today and due today: still green.
    f = drawdownFigures(d, [], day(30));
    expect(f).toMatchObject({
      postedInterestAmount: interest(30),
      accruedInterestAmount: 0,
      dpdInterest: 0,
      overdueInterestAmount: 0,
    });
    expect(shown(d, f, day(30)).indicator).toEqual({ tone: 'green', text: 'Due in 30 days' });

    // Day 31: the billed interest is a day late: amber, and it is overdue interest.
    f = drawdownFigures(d, [], day(31));
    expect(f).toMatchObject({
      postedInterestAmount: interest(30),
      accruedInterestAmount: interest(31) - interest(30),
      dpdInterest: 1,
      overdueInterestAmount: interest(30),
      dpdPrincipal: 0,
    });
    addsUp(f, PRINCIPAL);
    expect(shown(d, f, day(31)).indicator).toEqual({ tone: 'amber', text: 'Due in 29 days' });

    // Day 45, still unpaid: 15 days past the posting.
    f = drawdownFigures(d, [], day(45));
    expect(f.dpdInterest).toBe(15);
    expect(shown(d, f, day(45)).indicator).toEqual({ tone: 'amber', text: 'Due in 15 days' });

    // The customer pays the billed interest: green again.
    const paidInterest = drawdown({ interest_paid: interest(30) });
    f = drawdownFigures(paidInterest, [], day(45));
    expect(f).toMatchObject({
      postedInterestAmount: 0,
      dpdInterest: 0,
      overdueInterestAmount: 0,
      accruedInterestAmount: interest(45) - interest(30),
    });
    expect(shown(paidInterest, f, day(45)).indicator).toEqual({ tone: 'green', text: 'Due in 15 days' });

    // Day 60: the due date, and the second 30 days billed today: 'Due Today', green.
    f = drawdownFigures(paidInterest, [], DUE);
    expect(f).toMatchObject({ postedInterestAmount: interest(60) - interest(30), dpdInterest: 0, dpdPrincipal: 0 });
    expect(shown(paidInterest, f, DUE).indicator).toEqual({ tone: 'green', text: 'Due Today' });

    // Day 61: past the due date: red, the principal is overdue, penal starts.
    f = drawdownFigures(paidInterest, [], day(61));
    expect(f).toMatchObject({
      dpdPrincipal: 1,
      dpdInterest: 1,
      overduePrincipalAmount: PRINCIPAL,
      accruedPenalAmount: penal(1),
      postedPenalAmount: 0,
    });
    addsUp(f, PRINCIPAL);
    expect(shown(paidInterest, f, day(61)).indicator).toEqual({ tone: 'red', text: 'overdue' });

    // Day 91: 31 days past due: 30 days of penal posted, one accruing.
    f = drawdownFigures(paidInterest, [], day(91));
    expect(f).toMatchObject({
      dpdPrincipal: 31,
      postedPenalAmount: penal(30),
      accruedPenalAmount: penal(31) - penal(30),
    });
    addsUp(f, PRINCIPAL);
    // Penal paid comes off the posted penal.
    expect(
      drawdownFigures(drawdown({ interest_paid: interest(30), penal_paid: penal(30) }), [], day(91)).postedPenalAmount,
    ).toBe(0);
  });

  it('takes the interest up to a repayment as collected with it, and accrues on what is left', () => {
    const d = drawdown({ principal_outstanding: 60_000_00 });
    const repaid = [repayment(day(40), 40_000_00)];
    // Day 45: the posting on day 30 was before the repayment, so nothing billed is unpaid.
    const f = drawdownFigures(d, repaid, day(45));
    expect(f).toMatchObject({ postedInterestAmount: 0, dpdInterest: 0, accruedInterestAmount: interest(5, 60_000_00) });
    addsUp(f, 60_000_00);
    expect(shown(d, f, day(45)).indicator).toEqual({ tone: 'green', text: 'Due in 15 days' });
    // A failed repayment, or another drawdown's, collects nothing.
    expect(
      drawdownFigures(d, [repayment(day(40), 40_000_00, 'failed'), repayment(day(40), 1, 'success', 2)], day(45))
        .dpdInterest,
    ).toBe(15);
    // Day 61: billed from the repayment to day 60 (20 days), due on day 60, a day late.
    expect(drawdownFigures(d, repaid, day(61))).toMatchObject({
      postedInterestAmount: interest(20, 60_000_00),
      dpdInterest: 1,
      dpdPrincipal: 1,
    });
  });

  it('is Paid once the principal is repaid, and owes nothing when not completed', () => {
    const repaid = drawdown({ principal_outstanding: 0 });
    const f = drawdownFigures(repaid, [repayment(day(50), PRINCIPAL)], day(90));
    expect(f).toEqual(NO_CHARGES);
    expect(shown(repaid, f, day(90))).toEqual({ indicator: null, status: 'Paid' });
    for (const status of ['pending', 'failed'] as const) {
      const d = drawdown({ status });
      const none = drawdownFigures(d, [], day(90));
      expect(none).toEqual(NO_CHARGES);
      expect(shown(d, none, day(90))).toEqual({ indicator: null, status: null });
    }
  });

  it('always adds up: total = principal + charges, none negative, dpd only when something is late', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000_00 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 60_000_00 }),
        fc.integer({ min: 0, max: 2_000_00 }),
        fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
        (principal, today, interestPaid, penalPaid, repaidOn) => {
          const d = drawdown({ principal_outstanding: principal, interest_paid: interestPaid, penal_paid: penalPaid });
          const f = drawdownFigures(d, repaidOn === undefined ? [] : [repayment(day(repaidOn), 1)], day(today));
          for (const value of Object.values(f)) expect(value).toBeGreaterThanOrEqual(0);
          addsUp(f, principal);
          expect(f.dpdPrincipal > 0).toBe(principal > 0 && today > 60);
          expect(f.overdueInterestAmount > 0).toBe(f.dpdInterest > 0);
          if (f.dpdInterest > 0) expect(f.postedInterestAmount).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('loanFigures', () => {
  it('sums the overdue amounts, takes the most days past due, and splits the limit into available and excess', () => {
    const red = drawdownFigures(drawdown(), [], day(75));
    const amber = drawdownFigures(drawdown({ disbursement_date: day(30), due_date: day(90) }), [], day(75));
    expect([red.dpdPrincipal, amber.dpdInterest]).toEqual([15, 15]);
    const figures = loanFigures({ limit_sanctioned: 500_000_00, limit_utilized: 200_000_00 }, [
      red,
      amber,
      { ...NO_CHARGES },
    ]);
    expect(figures).toEqual({
      overdue: red.overduePrincipalAmount + red.overdueInterestAmount + amber.overdueInterestAmount,
      overdueByDays: Math.max(red.dpdPrincipal, red.dpdInterest, amber.dpdInterest),
      excessCredit: 0,
      balanceAvailable: 300_000_00,
    });
    expect(figures.overdueByDays).toBe(45); // red's interest billed on day 30, unpaid
    expect(loanFigures({ limit_sanctioned: 100_00, limit_utilized: 150_00 }, [])).toEqual({
      overdue: 0,
      overdueByDays: 0,
      excessCredit: 50_00,
      balanceAvailable: 0,
    });
  });
});
