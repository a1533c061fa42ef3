import { describe, expect, it } from 'vitest';
import {
  assessCredit,
  bestGradeFor,
  creditFacts,
  eligibilityOf,
  evaluationReason,
  riskGradeOf,
  type CreditRecordInvoice,
  type EvaluatedCustomer,
} from './credit';

const TODAY = '2026-11-22';
const inv = (invoice_date: string, due_date: string, rupees: number, paid_on: string | null): CreditRecordInvoice => ({
  invoice_date,
  due_date,
  total: rupees * 100,
  paid_on,
});
/** `n` monthly invoices of `rupees` from January 2026, due on the 28th; the first `late` paid on the 8th of the next month, the rest on the 20th. */
const monthly = (n: number, rupees: number, late = 0) =>
  Array.from({ length: n }, (_, i) => {
    const month = `2026-${String(1 + i).padStart(2, '0')}`;
    const next = `2026-${String(2 + i).padStart(2, '0')}`;
    return inv(`${month}-01`, `${month}-28`, rupees, i < late ? `${next}-08` : `${month}-20`);
  });

describe('riskGradeOf', () => {
  it('grades by the share of judged invoices paid by the due date: 90 % Low, 70 % Medium, else High', () => {
    expect(riskGradeOf(creditFacts(monthly(10, 20_000, 1), TODAY))).toBe('L');
    expect(riskGradeOf(creditFacts(monthly(10, 20_000, 2), TODAY))).toBe('M');
    expect(riskGradeOf(creditFacts(monthly(10, 20_000, 3), TODAY))).toBe('M');
    expect(riskGradeOf(creditFacts(monthly(10, 20_000, 4), TODAY))).toBe('H');
  });

  it('counts an unpaid invoice past due as late, and one not yet due not at all', () => {
    const paid = monthly(9, 20_000);
    expect(creditFacts([...paid, inv('2026-11-01', '2026-12-01', 5_000, null)], TODAY)).toEqual({
      invoices: 10,
      judged: 9,
      paidOnTime: 9,
      overdueDays: 0,
    });
    expect(creditFacts([...paid, inv('2026-10-01', '2026-11-01', 5_000, null)], TODAY)).toEqual({
      invoices: 10,
      judged: 10,
      paidOnTime: 9,
      overdueDays: 21,
    });
  });

  it('is never better than the overdue days allow: more than 30 days at best Medium, more than 90 High', () => {
    const punctual = monthly(9, 20_000);
    expect(bestGradeFor(30)).toBe('L');
    expect(bestGradeFor(31)).toBe('M');
    expect(bestGradeFor(91)).toBe('H');
    // 9 of 10 on time would be Low; the one left unpaid decides.
    expect(assessCredit([...punctual, inv('2026-10-01', '2026-10-22', 5_000, null)], TODAY).risk).toBe('M');
    expect(assessCredit([...punctual, inv('2026-07-01', '2026-08-22', 5_000, null)], TODAY).risk).toBe('H');
    expect(assessCredit([...punctual, inv('2026-10-01', '2026-10-23', 5_000, null)], TODAY).risk).toBe('L');
  });

  it('needs more data (R) when nothing is judged yet: no invoice, or none due', () => {
    expect(assessCredit([], TODAY).risk).toBe('R');
    expect(assessCredit([inv('2026-11-10', '2026-12-10', 15_000, null)], TODAY).risk).toBe('R');
    // Paid early counts even before the due date.
    expect(assessCredit([inv('2026-11-10', '2026-12-10', 15_000, '2026-11-20')], TODAY).risk).toBe('L');
  });
});

describe('eligibilityOf', () => {
  it('is three months of the average monthly billing over the months the record spans, rounded down to ₹1,000', () => {
    expect(eligibilityOf(monthly(10, 20_000))).toBe(60_000_00);
    expect(eligibilityOf(monthly(10, 35_500))).toBe(106_000_00);
    // Two invoices five months apart: the empty months in between count.
    expect(
      eligibilityOf([
        inv('2026-01-05', '2026-02-04', 100_000, '2026-02-01'),
        inv('2026-06-05', '2026-07-05', 100_000, '2026-07-01'),
      ]),
    ).toBe(100_000_00);
  });

  it('is never more than the whole record bills, and nothing without a record', () => {
    expect(eligibilityOf([inv('2026-11-10', '2026-12-10', 15_000, null)])).toBe(15_000_00);
    expect(
      eligibilityOf([inv('2026-10-01', '2026-10-31', 40_000, null), inv('2026-10-20', '2026-11-19', 2_500, null)]),
    ).toBe(42_000_00);
    expect(eligibilityOf([])).toBe(0);
  });
});

describe('evaluationReason', () => {
  const customer = (facts: Partial<EvaluatedCustomer>): EvaluatedCustomer => ({
    customer_code: 'C1',
    name: 'A',
    risk_grading: 'L',
    eligibility_amount: 0,
    invoices: 0,
    judged: 0,
    paid_on_time: 0,
    overdue_days: 0,
    ...facts,
  });

  it('says what the grade was read from', () => {
    expect(evaluationReason(customer({}))).toBe('no invoice on record');
    expect(evaluationReason(customer({ invoices: 1 }))).toBe('its 1 invoice is not due yet');
    expect(evaluationReason(customer({ invoices: 3 }))).toBe('none of its 3 invoices is due yet');
    expect(evaluationReason(customer({ invoices: 10, judged: 10, paid_on_time: 9 }))).toBe(
      '9 of 10 invoices paid by the due date',
    );
    expect(evaluationReason(customer({ invoices: 1, judged: 1, overdue_days: 1 }))).toBe(
      '0 of 1 invoice paid by the due date; one unpaid 1 day past due',
    );
    expect(evaluationReason(customer({ invoices: 12, judged: 10, paid_on_time: 9, overdue_days: 120 }))).toBe(
      '9 of 10 invoices paid by the due date; one unpaid 120 days past due',
    );
  });
});
