import { describe, expect, it } from 'vitest';
import {
  dueIndicator,
  fundWindowOf,
  invoiceOverdueText,
  LENDING_SEGMENTS,
  matchesOverdue,
  parseSourcesFilter,
  periodStart,
  PIPELINE_SEGMENTS,
  repaymentStatus,
  segmentOf,
  SOURCE_FILTERS,
  sourcesFilterValue,
  usesReducedLendingTable,
  type DrawdownDue,
} from './lending';

const TODAY = '2026-11-22';
const drawdown = (over: Partial<DrawdownDue>): DrawdownDue => ({
  status: 'completed',
  totalOutstandingAmount: 100_00,
  dpdPrincipal: 0,
  dpdInterest: 0,
  dueDate: '2026-12-02',
  ...over,
});

describe('repayment status (spec 2 §4)', () => {
  it('is To be Paid while anything is outstanding, Paid when nothing is, for completed drawdowns only', () => {
    expect(repaymentStatus(drawdown({}))).toBe('To be Paid');
    expect(repaymentStatus(drawdown({ totalOutstandingAmount: 0 }))).toBe('Paid');
    expect(repaymentStatus(drawdown({ status: 'COMPLETED', totalOutstandingAmount: 0 }))).toBe('Paid');
    expect(repaymentStatus(drawdown({ status: 'pending' }))).toBeNull();
    expect(repaymentStatus(drawdown({ status: 'failed', totalOutstandingAmount: 0 }))).toBeNull();
  });
});

describe('the due indicator with a fixed clock (spec 2 §4)', () => {
  it('is red overdue when principal days past due are above 0, even before the due date', () => {
    expect(dueIndicator(drawdown({ dpdPrincipal: 3 }), TODAY)).toEqual({ tone: 'red', text: 'overdue' });
  });
  it('is red overdue when the due date is before today', () => {
    expect(dueIndicator(drawdown({ dueDate: '2026-11-21' }), TODAY)).toEqual({ tone: 'red', text: 'overdue' });
    expect(dueIndicator(drawdown({ dueDate: '2026-11-21T18:30:00Z' }), TODAY)).toEqual({
      tone: 'red',
      text: 'overdue',
    });
  });
  it('is amber when only interest is past due', () => {
    expect(dueIndicator(drawdown({ dpdInterest: 4 }), TODAY)).toEqual({ tone: 'amber', text: 'Due in 10 days' });
    expect(dueIndicator(drawdown({ dpdInterest: 4, dueDate: TODAY }), TODAY)).toEqual({
      tone: 'amber',
      text: 'Due Today',
    });
  });
  it('is green when neither is past due', () => {
    expect(dueIndicator(drawdown({}), TODAY)).toEqual({ tone: 'green', text: 'Due in 10 days' });
    expect(dueIndicator(drawdown({ dueDate: '2026-11-23' }), TODAY)).toEqual({ tone: 'green', text: 'Due in 1 day' });
    expect(dueIndicator(drawdown({ dueDate: TODAY }), TODAY)).toEqual({ tone: 'green', text: 'Due Today' });
  });
  it("is '-' (null) otherwise: not completed, nothing outstanding, no due date, negative figures", () => {
    expect(dueIndicator(drawdown({ status: 'pending', dpdPrincipal: 5 }), TODAY)).toBeNull();
    expect(dueIndicator(drawdown({ totalOutstandingAmount: 0, dpdPrincipal: 5 }), TODAY)).toBeNull();
    expect(dueIndicator(drawdown({ dueDate: null }), TODAY)).toBeNull();
    expect(dueIndicator(drawdown({ dpdPrincipal: -1 }), TODAY)).toBeNull();
  });
});

describe('segments (spec 2 §4)', () => {
  it('map to the overdue criteria: All none; Regular = 0; DPD > 0; 30+ > 30; 90+ > 90', () => {
    expect(LENDING_SEGMENTS.map((s) => [s.label, s.filter])).toEqual([
      ['All', null],
      ['Regular', { overdue_by_days: 0, overdue_criteria: 'equal' }],
      ['DPD', { overdue_by_days: 0, overdue_criteria: 'greater_than' }],
      ['30+', { overdue_by_days: 30, overdue_criteria: 'greater_than' }],
      ['90+', { overdue_by_days: 90, overdue_criteria: 'greater_than' }],
    ]);
    expect(PIPELINE_SEGMENTS.map((s) => s.label)).toEqual(['All', 'Regular', '30+', '90+']);
  });
  it('match customers by their overdue days', () => {
    const pass = (key: string, days: number) => matchesOverdue(days, segmentOf(LENDING_SEGMENTS, key).filter);
    expect([0, 1, 30, 31, 90, 91].filter((d) => pass('regular', d))).toEqual([0]);
    expect([0, 1, 30, 31, 90, 91].filter((d) => pass('dpd', d))).toEqual([1, 30, 31, 90, 91]);
    expect([0, 1, 30, 31, 90, 91].filter((d) => pass('30_plus', d))).toEqual([31, 90, 91]);
    expect([0, 1, 30, 31, 90, 91].filter((d) => pass('90_plus', d))).toEqual([91]);
    expect([0, 91].filter((d) => pass('all', d))).toEqual([0, 91]);
  });
  it('fall back to All for an unknown key', () => {
    expect(segmentOf(PIPELINE_SEGMENTS, 'dpd').key).toBe('all');
    expect(segmentOf(LENDING_SEGMENTS, undefined).key).toBe('all');
  });
});

describe('payment-source filter (spec 2 §4)', () => {
  it('sends the product-named comma lists and reads them back', () => {
    expect(SOURCE_FILTERS.map((f) => [f.label, sourcesFilterValue(f, 'acme')])).toEqual([
      ['All', 'acme_credit,acme_pay,erp_payment'],
      ['SCF + Invoice Pay', 'acme_credit,acme_pay'],
      ['SCF', 'acme_credit'],
      ['Invoice Pay', 'acme_pay'],
    ]);
    expect(parseSourcesFilter('acme_pay, erp_payment,acme_pay', 'acme')).toEqual(['pay', 'erp_payment']);
    expect(parseSourcesFilter('provider_pay', 'acme')).toBeNull();
    expect(parseSourcesFilter(' , ', 'acme')).toBeNull();
  });
});

describe('periods, fund windows and the 1551 table', () => {
  it('starts This Year on 1 January and This Month on the 1st', () => {
    expect(periodStart('this_year', TODAY)).toBe('2026-01-01');
    expect(periodStart('this_month', TODAY)).toBe('2026-11-01');
  });
  it('puts Low and Medium risk in 24 hours, High and ungraded in 5 working days', () => {
    expect(['L', 'M', 'H', 'R'].map(fundWindowOf)).toEqual(['1', '1', '5', '5']);
  });
  it('names invoice overdue status by bucket', () => {
    expect([0, 1, 12, 31, 95].map(invoiceOverdueText)).toEqual([
      'Regular',
      'Overdue 1 day',
      'Overdue 12 days',
      '30+ days (31 days)',
      '90+ days (95 days)',
    ]);
  });
  it('gives only anchor 1551 the reduced table', () => {
    expect([usesReducedLendingTable('1551'), usesReducedLendingTable('1'), usesReducedLendingTable(null)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
