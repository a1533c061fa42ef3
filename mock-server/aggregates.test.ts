import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  bucketize,
  creditLimitSummary,
  invoicesCleared,
  invoicesShared,
  leadFigures,
  leadStatusCounts,
  lendingSummary,
  parseDay,
  regionCredit,
  paymentsReceived,
  topPerformers,
  weeklyWindow,
  yearlyWindow,
  type Buckets,
} from './aggregates';
import type { Drawdown, ReadonlyDb, Repayment } from './db';
import type { Region } from '../src/domain/regions';
import { generateDb } from './seed';

/**
 * Every dashboard figure checked against a sum written out here over the raw rows (not the helpers under
 * test). "Today" is 2026-11-22; the yearly window is 2025-11-23..2026-11-22 and the weekly one
 * 2026-11-01..2026-11-22, written by hand.
 */
const today = new Date('2026-11-22T10:00:00');
const db: ReadonlyDb = generateDb({ seed: 1551, scale: 1, today });
const ANCHOR = 1;
const YEAR = { from: '2025-11-23', to: '2026-11-22' };
const MONTH = { from: '2026-11-01', to: '2026-11-22' };
const MONTH_AGO = '2026-10-23';
const NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ORDER: Region[] = ['north', 'east', 'west', 'south'];

const within = (day: string, w: { from: string; to: string }) => day >= w.from && day <= w.to;
/** Whole days between two 'YYYY-MM-DD' days (UTC parsing of date-only strings is exact). */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
/** A day's calendar month as 'Nov 2025' (the yearly buckets keep the year). */
const monthOf = (day: string) => `${NAMES[new Date(`${day}T00:00:00`).getMonth()]!} ${day.slice(0, 4)}`;
/** The 13 calendar months the yearly window 2025-11-23..2026-11-22 touches, oldest first. */
const YEAR_MONTHS = ['Nov 2025', 'Dec 2025', ...NAMES.slice(0, 11).map((m) => `${m} 2026`)];
const weekNo = (day: string) => Math.ceil(new Date(`${day}T00:00:00`).getDate() / 7);
const regionOfCompany = new Map(
  db.distributor_companies.filter((c) => c.anchor_id === ANCHOR).map((c) => [c.id, c.region]),
);

function months(b: Buckets) {
  if (b.type !== 'yearly') throw new Error('expected yearly buckets');
  return b.months;
}
function weeks(b: Buckets) {
  if (b.type !== 'weekly') throw new Error('expected weekly buckets');
  return b.weeks;
}

/** Hand buckets: amount and distinct invoice ids per key. */
function handBuckets(rows: { day: string; amount: number; invoice: number }[], key: (day: string) => string | number) {
  const out = new Map<string | number, { total: number; ids: Set<number> }>();
  for (const row of rows) {
    const k = key(row.day);
    const entry = out.get(k) ?? { total: 0, ids: new Set<number>() };
    entry.total += row.amount;
    entry.ids.add(row.invoice);
    out.set(k, entry);
  }
  return out;
}

describe('date windows', () => {
  it('yearly is 364 days back to today, weekly the current month so far', () => {
    expect(yearlyWindow(today)).toEqual(YEAR);
    expect(weeklyWindow(today)).toEqual(MONTH);
    expect(yearlyWindow(new Date('2026-11-22T23:59:59'))).toEqual(YEAR);
  });

  it('accepts only real YYYY-MM-DD days', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00',
      '',
      'today',
      20260101,
      undefined,
    ]) {
      expect(parseDay(bad)).toBeNull();
    }
  });
});

describe.each([
  ['yearly', YEAR],
  ['weekly', MONTH],
] as const)('invoice cards, %s window', (type, window) => {
  const shared = db.invoices.filter((inv) => inv.anchor_id === ANCHOR && within(inv.invoice_date, window));
  const paid = shared.filter((inv) => inv.status === 'paid');
  const payments = db.payments.filter((p) => p.anchor_id === ANCHOR && within(p.payment_date, window));
  let sharedTotal = 0;
  for (const inv of shared) sharedTotal += inv.total;
  let paidTotal = 0;
  for (const inv of paid) paidTotal += inv.total;
  let paymentTotal = 0;
  for (const p of payments) paymentTotal += p.amount;
  const key = type === 'yearly' ? monthOf : weekNo;

  it('has data to check', () => {
    expect(shared.length).toBeGreaterThan(type === 'yearly' ? 1000 : 20);
    expect(paid.length).toBeGreaterThan(0);
    expect(payments.length).toBeGreaterThan(0);
  });

  const check = (buckets: Buckets, hand: ReturnType<typeof handBuckets>, total: number, count?: number) => {
    if (type === 'yearly') {
      const rows = months(buckets);
      expect(rows.map((m) => `${m.month} ${m.year}`)).toEqual(YEAR_MONTHS);
      for (const m of rows) {
        expect(m.total).toBe(hand.get(`${m.month} ${m.year}`)?.total ?? 0);
        expect(m.no_of_invoices).toBe(hand.get(`${m.month} ${m.year}`)?.ids.size ?? 0);
      }
      expect(rows.reduce((s, m) => s + m.total, 0)).toBe(total);
      if (count !== undefined) expect(rows.reduce((s, m) => s + m.no_of_invoices, 0)).toBe(count);
    } else {
      const rows = weeks(buckets);
      expect(rows.map((w) => w.week)).toEqual([1, 2, 3, 4, 5]); // November: 30 days, ceil(30 / 7) = 5
      for (const w of rows) {
        expect(w.total).toBe(hand.get(w.week)?.total ?? 0);
        expect(w.no_of_invoices).toBe(hand.get(w.week)?.ids.size ?? 0);
      }
      expect(rows[3]!.total + rows[4]!.total).toBe(hand.get(4)?.total ?? 0); // 22 Nov is in week 4; week 5 is empty
      expect(rows.reduce((s, w) => s + w.total, 0)).toBe(total);
      if (count !== undefined) expect(rows.reduce((s, w) => s + w.no_of_invoices, 0)).toBe(count);
    }
  };

  it('invoices shared: count and total of the window, spread over the buckets', () => {
    const card = invoicesShared(db, ANCHOR, window, type);
    expect(card.invoice_count).toBe(shared.length);
    expect(card.invoice_total).toBe(sharedTotal);
    check(
      card.buckets,
      handBuckets(
        shared.map((inv) => ({ day: inv.invoice_date, amount: inv.total, invoice: inv.id })),
        key,
      ),
      sharedTotal,
      shared.length,
    );
  });

  it('invoices cleared: paid invoices of the window and their share of the shared total', () => {
    const card = invoicesCleared(db, ANCHOR, window, type);
    expect(card.invoice_total).toBe(paidTotal);
    expect(card.invoice_count).toBe(paid.length);
    expect(card.cleared_percentage).toBeCloseTo((paidTotal / sharedTotal) * 100, 2);
    expect(Number(card.cleared_percentage.toFixed(2))).toBe(card.cleared_percentage);
    check(
      card.buckets,
      handBuckets(
        paid.map((inv) => ({ day: inv.invoice_date, amount: inv.total, invoice: inv.id })),
        key,
      ),
      paidTotal,
      paid.length,
    );
  });

  it('payments: amounts of the window; a bucket counts the distinct invoices paid in it', () => {
    const card = paymentsReceived(db, ANCHOR, window, type);
    expect(card.payment_total).toBe(paymentTotal);
    check(
      card.buckets,
      handBuckets(
        payments.map((p) => ({ day: p.payment_date, amount: p.amount, invoice: p.invoice_id })),
        key,
      ),
      paymentTotal,
    );
  });
});

describe('bucket edges', () => {
  it('the yearly window meets November twice and keeps the two apart, oldest first', () => {
    const lastYear = db.invoices.filter(
      (inv) => inv.anchor_id === ANCHOR && within(inv.invoice_date, { from: '2025-11-23', to: '2025-11-30' }),
    );
    const thisYear = db.invoices.filter(
      (inv) => inv.anchor_id === ANCHOR && within(inv.invoice_date, { from: '2026-11-01', to: '2026-11-22' }),
    );
    expect(lastYear.length).toBeGreaterThan(0);
    const rows = months(invoicesShared(db, ANCHOR, YEAR, 'yearly').buckets);
    expect(rows).toHaveLength(13);
    const [first, last] = [rows[0]!, rows[12]!];
    expect([first.month, first.year, last.month, last.year]).toEqual(['Nov', 2025, 'Nov', 2026]);
    expect(first.no_of_invoices).toBe(lastYear.length);
    expect(first.total).toBe(lastYear.reduce((s, inv) => s + inv.total, 0));
    expect(last.no_of_invoices).toBe(thisYear.length);
    expect(last.total).toBe(thisYear.reduce((s, inv) => s + inv.total, 0));
    // December of last year comes right after last November, before January.
    expect(rows.slice(1, 3).map((m) => `${m.month} ${m.year}`)).toEqual(['Dec 2025', 'Jan 2026']);
  });

  it('a window starting on the 1st has 12 whole months; a window of one day has one', () => {
    expect(months(bucketize([], 'yearly', { from: '2025-12-01', to: '2026-11-30' })).map((m) => m.month)).toEqual([
      ...NAMES.slice(11),
      ...NAMES.slice(0, 11),
    ]);
    expect(months(bucketize([], 'yearly', { from: '2026-03-05', to: '2026-03-05' }))).toEqual([
      { month: 'Mar', year: 2026, total: 0, no_of_invoices: 0 },
    ]);
  });

  it('weekly buckets follow the month of `to`, and grow to hold a longer month the window reaches into', () => {
    const row = (day: string, amount: number, invoice: number) => ({ day, amount, invoiceId: invoice });
    expect(weeks(bucketize([], 'weekly', { from: '2026-02-01', to: '2026-02-28' })).map((w) => w.week)).toEqual([
      1, 2, 3, 4,
    ]);
    const spill = weeks(
      bucketize([row('2026-01-31', 500, 1), row('2026-02-07', 100, 2), row('2026-02-08', 50, 2)], 'weekly', {
        from: '2026-01-25',
        to: '2026-02-28',
      }),
    );
    expect(spill).toEqual([
      { week: 1, total: 100, no_of_invoices: 1 },
      { week: 2, total: 50, no_of_invoices: 1 },
      { week: 3, total: 0, no_of_invoices: 0 },
      { week: 4, total: 0, no_of_invoices: 0 },
      { week: 5, total: 500, no_of_invoices: 1 },
    ]);
  });

  it('an anchor with no rows gets zeros, and 0% cleared rather than a division by zero', () => {
    const card = invoicesCleared(db, 999, YEAR, 'yearly');
    expect(card.cleared_percentage).toBe(0);
    expect(months(card.buckets).every((m) => m.total === 0 && m.no_of_invoices === 0)).toBe(true);
    expect(invoicesShared(db, 999, MONTH, 'weekly').invoice_count).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------
// Credit, by hand
// ---------------------------------------------------------------------------------------------------

const approved = db.loan_applications.filter((l) => l.anchor_id === ANCHOR && l.application_status === 'approved');
const approvedIds = new Set(approved.map((l) => l.id));
const completed = db.drawdowns.filter((d) => d.status === 'completed' && approvedIds.has(d.loan_application_id));
const handSanctioned = approved.reduce((s, l) => s + l.limit_sanctioned, 0);
const handUtilised = approved.reduce((s, l) => s + l.limit_utilized, 0);
const pastDue = (d: { due_date: string }) => daysBetween(d.due_date, '2026-11-22');

function handRegionUtilised(region: Region) {
  let total = 0;
  for (const loan of approved)
    if (regionOfCompany.get(loan.distributor_company_id) === region) total += loan.limit_utilized;
  return total;
}
function handRegionMonthAgo(region: Region) {
  let total = 0;
  for (const d of completed) {
    if (regionOfCompany.get(d.distributor_company_id) !== region || d.disbursement_date > MONTH_AGO) continue;
    let repaid = 0;
    for (const r of db.repayments) {
      if (r.drawdown_id === d.id && r.status === 'success' && format(new Date(r.created_at), 'yyyy-MM-dd') <= MONTH_AGO)
        repaid += r.amount;
    }
    total += Math.max(0, d.amount - repaid);
  }
  return total;
}
function handGrowth(region: Region) {
  const before = handRegionMonthAgo(region);
  return before === 0 ? 0 : ((handRegionUtilised(region) - before) / before) * 100;
}
function handOverdue(region: Region | null, moreThan: number) {
  let total = 0;
  for (const d of completed) {
    if (region !== null && regionOfCompany.get(d.distributor_company_id) !== region) continue;
    if (pastDue(d) > moreThan) total += d.principal_outstanding;
  }
  return total;
}

describe('credit limit and lending summaries', () => {
  const summary = creditLimitSummary(db, ANCHOR, today);

  it('the seed keeps each loan’s utilised limit equal to its drawdowns’ outstanding principal', () => {
    for (const loan of approved) {
      const mine = completed
        .filter((d) => d.loan_application_id === loan.id)
        .reduce((s, d) => s + d.principal_outstanding, 0);
      expect(loan.limit_utilized).toBe(mine);
    }
  });

  it('sanctioned, utilised and unutilised of the approved applications', () => {
    expect(handSanctioned).toBeGreaterThan(0);
    expect(handUtilised).toBeGreaterThan(0);
    expect(summary.total_credit_limit_sanctioned).toEqual({
      total: handSanctioned,
      active_customers: new Set(approved.map((l) => l.distributor_company_id)).size,
    });
    expect(summary.utilised_limit_summary).toEqual({
      utilised_limit: handUtilised,
      unutilised_limit: handSanctioned - handUtilised,
    });
    expect(summary.utilised_limit_summary.utilised_limit + summary.utilised_limit_summary.unutilised_limit).toBe(
      summary.total_credit_limit_sanctioned.total,
    );
  });

  it('region-wise utilisation, growth over 30 days and 90+ overdue, north east west south', () => {
    expect(summary.regionwise_credit_utilisation.map((r) => r.region)).toEqual(ORDER);
    for (const { region, region_data } of summary.regionwise_credit_utilisation) {
      expect(region_data.total_utilised).toBe(handRegionUtilised(region));
      expect(region_data.overdue_90_days).toBe(handOverdue(region, 90));
      expect(region_data.utilisation_growth).toBeCloseTo(handGrowth(region), 2);
    }
    expect(summary.regionwise_credit_utilisation.reduce((s, r) => s + r.region_data.total_utilised, 0)).toBe(
      handUtilised,
    );
    expect(summary.regionwise_credit_utilisation.reduce((s, r) => s + r.region_data.overdue_90_days, 0)).toBe(
      summary.overdue_summary.overdue_90_days,
    );
    expect(ORDER.some((r) => handRegionMonthAgo(r) > 0)).toBe(true);
  });

  it('overdue and default buckets nest: 90+ <= 30+ <= total', () => {
    const total = handOverdue(null, 0);
    expect(total).toBeGreaterThan(0);
    expect(summary.overdue_summary).toEqual({ total_overdue: total, overdue_90_days: handOverdue(null, 90) });
    expect(summary.default).toEqual({
      total,
      default_30days: handOverdue(null, 30),
      default_90days: handOverdue(null, 90),
    });
    expect(summary.default.default_90days).toBeLessThanOrEqual(summary.default.default_30days);
    expect(summary.default.default_30days).toBeLessThanOrEqual(summary.default.total);
  });

  it('overall utilisation and channel finance penetration in percent', () => {
    const companies = db.distributor_companies.filter((c) => c.anchor_id === ANCHOR);
    expect(summary.credit_utilisation_summary.overall_credit_utilised).toBeCloseTo(
      (handUtilised / handSanctioned) * 100,
      2,
    );
    expect(summary.credit_utilisation_summary.channel_finance_peneration).toBeCloseTo(
      (companies.filter((c) => c.channel_finance).length / companies.length) * 100,
      2,
    );
  });

  it('the sanctioned total carries one customer count on both cards: every customer holding an approved limit, inactive accounts too', () => {
    const inactive = approved.filter((l) => l.loan_status !== 'active');
    expect(inactive.length).toBeGreaterThan(0);
    const customers = new Set(approved.map((l) => l.distributor_company_id)).size;
    expect(summary.total_credit_limit_sanctioned.active_customers).toBe(customers);
    expect(lendingSummary(db, ANCHOR, today).credit_limit_available).toEqual({
      total: summary.total_credit_limit_sanctioned.total,
      total_distributors: customers,
    });
  });

  it('a customer with two approved applications is one customer under the sanctioned total', () => {
    const first = approved[0]!;
    const book: ReadonlyDb = {
      ...db,
      loan_applications: [...db.loan_applications, { ...first, id: 999_999, limit_sanctioned: 100 }],
    };
    const customers = new Set(approved.map((l) => l.distributor_company_id)).size;
    expect(creditLimitSummary(book, ANCHOR, today).total_credit_limit_sanctioned).toEqual({
      total: handSanctioned + 100,
      active_customers: customers,
    });
    expect(lendingSummary(book, ANCHOR, today).credit_limit_available).toEqual({
      total: handSanctioned + 100,
      total_distributors: customers,
    });
  });

  it('the lending summary tells the same story', () => {
    expect(lendingSummary(db, ANCHOR, today)).toEqual({
      credit_limit_available: {
        total: handSanctioned,
        total_distributors: new Set(approved.map((l) => l.distributor_company_id)).size,
      },
      utilised_limit_summary: { utilised_limit: handUtilised, unutilised_limit: handSanctioned - handUtilised },
      default: {
        total: handOverdue(null, 0),
        default_30days: handOverdue(null, 30),
        default_90days: handOverdue(null, 90),
      },
    });
  });

  it('an anchor without loans gets zeros, not NaN', () => {
    const empty = creditLimitSummary(db, 999, today);
    expect(empty.credit_utilisation_summary).toEqual({ overall_credit_utilised: 0, channel_finance_peneration: 0 });
    expect(empty.regionwise_credit_utilisation.every((r) => r.region_data.utilisation_growth === 0)).toBe(true);
  });
});

describe('credit boundaries, on a hand-made book', () => {
  // One east customer of anchor 7 with an approved loan; drawdowns placed on each boundary.
  const company = {
    ...db.distributor_companies[0]!,
    id: 1,
    anchor_id: 7,
    region: 'east' as const,
    loan_application_id: 1,
  };
  const base = db.drawdowns.find((d) => d.status === 'completed')!;
  const drawdown = (
    id: number,
    due: string,
    disbursed: string,
    amount: number,
    outstanding: number,
    status: Drawdown['status'] = 'completed',
  ): Drawdown => ({
    ...base,
    id,
    loan_application_id: 1,
    distributor_company_id: 1,
    due_date: due,
    disbursement_date: disbursed,
    amount,
    principal_outstanding: outstanding,
    status,
  });
  const repayment = (
    id: number,
    drawdownId: number,
    localTime: string,
    amount: number,
    status: Repayment['status'] = 'success',
  ): Repayment => ({
    ...db.repayments[0]!,
    id,
    loan_application_id: 1,
    drawdown_id: drawdownId,
    created_at: new Date(localTime).toISOString(),
    amount,
    status,
  });
  const drawdowns = [
    drawdown(1, '2026-11-22', '2026-10-24', 1, 1), // due today: not overdue
    drawdown(2, '2026-11-21', '2026-10-24', 10, 10), // 1 day past
    drawdown(3, '2026-10-23', '2026-10-24', 100, 100), // 30 days past: overdue, not 30+
    drawdown(4, '2026-10-22', '2026-10-24', 1000, 1000), // 31
    drawdown(5, '2026-08-24', '2026-10-24', 10000, 10000), // 90: 30+, not 90+
    drawdown(6, '2026-08-23', '2026-10-24', 100000, 100000), // 91
    drawdown(7, '2026-01-01', '2025-11-01', 5, 5, 'pending'), // not completed: never counts
    drawdown(8, '2026-12-22', '2026-10-23', 200, 120), // disbursed on today-30
    drawdown(9, '2026-12-23', '2026-10-24', 999, 999), // disbursed after today-30
  ];
  const repayments = [
    repayment(1, 8, '2026-10-23T00:00:00', 20),
    repayment(2, 8, '2026-10-23T23:59:00', 30), // both on today-30, local time
    repayment(3, 8, '2026-10-20T12:00:00', 100, 'failed'), // failed: repays nothing
    repayment(4, 8, '2026-10-24T00:00:00', 30), // after today-30
  ];
  const utilised = 1 + 10 + 100 + 1000 + 10000 + 100000 + 120 + 999;
  const loan = {
    ...approved[0]!,
    id: 1,
    anchor_id: 7,
    distributor_company_id: 1,
    limit_sanctioned: 500000,
    limit_utilized: utilised,
  };
  const book: ReadonlyDb = {
    ...db,
    distributor_companies: [company],
    loan_applications: [loan],
    drawdowns,
    repayments,
  };

  it('buckets overdue principal strictly past 0, 30 and 90 days, completed drawdowns only', () => {
    const summary = creditLimitSummary(book, 7, today);
    expect(summary.default).toEqual({ total: 111110, default_30days: 111000, default_90days: 100000 });
    expect(summary.overdue_summary).toEqual({ total_overdue: 111110, overdue_90_days: 100000 });
    expect(summary.regionwise_credit_utilisation.find((r) => r.region === 'east')!.region_data.overdue_90_days).toBe(
      100000,
    );
  });

  it('grows from what was outstanding at the end of today-30: disbursed by then, less successful repayments by then', () => {
    const east = regionCredit(book, 7, today).find((r) => r.region === 'east')!;
    const monthAgo = 200 - 20 - 30; // only drawdown 8 was out then
    expect(east.region_data.total_utilised).toBe(utilised);
    expect(east.region_data.utilisation_growth).toBe(Math.round(((utilised - monthAgo) / monthAgo) * 100 * 100) / 100);
    expect(
      regionCredit(book, 7, today)
        .filter((r) => r.region !== 'east')
        .every((r) => r.region_data.utilisation_growth === 0),
    ).toBe(true);
  });
});

describe('top performers', () => {
  const figures = topPerformers(db, ANCHOR, YEAR, today);

  it('the two regions with the most payments received in the window, and the window’s total', () => {
    const byRegion = new Map<Region, number>(ORDER.map((r) => [r, 0]));
    let total = 0;
    for (const p of db.payments) {
      if (p.anchor_id !== ANCHOR || !within(p.payment_date, YEAR)) continue;
      total += p.amount;
      const region = regionOfCompany.get(p.distributor_company_id)!;
      byRegion.set(region, byRegion.get(region)! + p.amount);
    }
    const ranked = [...byRegion.entries()].sort((a, b) => b[1] - a[1]);
    expect(figures.top_performers).toEqual(
      ranked.slice(0, 2).map(([region, amount]) => ({ region, payment_received: amount })),
    );
    expect(figures.top_performers[0]!.payment_received).toBeGreaterThanOrEqual(
      figures.top_performers[1]!.payment_received,
    );
    expect(figures.total_payments_received).toBe(total);
    expect(topPerformers(db, ANCHOR, MONTH, today).total_payments_received).toBe(
      db.payments
        .filter((p) => p.anchor_id === ANCHOR && within(p.payment_date, MONTH))
        .reduce((s, p) => s + p.amount, 0),
    );
  });

  it('credit leaders: most utilised, fastest growing, quickest to clear', () => {
    const credit = figures.credit_top_performers!;
    const mostUtilised = [...ORDER].sort((a, b) => handRegionUtilised(b) - handRegionUtilised(a))[0]!;
    expect(credit.credit_utilisation).toEqual({ region: mostUtilised, utilised: handRegionUtilised(mostUtilised) });
    const fastestGrowth = [...ORDER].sort((a, b) => handGrowth(b) - handGrowth(a))[0]!;
    expect(credit.credit_limit_growth.region).toBe(fastestGrowth);
    expect(credit.credit_limit_growth.growth).toBeCloseTo(handGrowth(fastestGrowth), 2);

    const average = new Map<Region, { days: number; n: number }>();
    for (const inv of db.invoices) {
      if (inv.anchor_id !== ANCHOR || inv.status !== 'paid' || !within(inv.invoice_date, YEAR)) continue;
      const last = db.payments
        .filter((p) => p.invoice_id === inv.id)
        .map((p) => p.payment_date)
        .sort()
        .at(-1)!;
      const region = regionOfCompany.get(inv.distributor_company_id)!;
      const entry = average.get(region) ?? { days: 0, n: 0 };
      entry.days += daysBetween(inv.invoice_date, last);
      entry.n += 1;
      average.set(region, entry);
    }
    const [quickest, days] = [...average.entries()]
      .map(([r, e]) => [r, e.days / e.n] as const)
      .sort((a, b) => a[1] - b[1])[0]!;
    expect(credit.invoice_clearance.region).toBe(quickest);
    expect(credit.invoice_clearance.average_days).toBeCloseTo(days, 2);
    expect(Number(credit.invoice_clearance.average_days.toFixed(2))).toBe(credit.invoice_clearance.average_days);
  });

  it('leaves the credit leaders out when no invoice of the window is paid', () => {
    expect(topPerformers(db, ANCHOR, { from: '2030-01-01', to: '2030-12-31' }, today)).toEqual({
      top_performers: [
        { region: 'north', payment_received: 0 },
        { region: 'east', payment_received: 0 },
      ],
      total_payments_received: 0,
      credit_top_performers: null,
    });
  });
});

describe('leads', () => {
  const companies = db.distributor_companies.filter((c) => c.anchor_id === ANCHOR);

  it('counts the anchor’s customers in each of the four statuses', () => {
    const counts = leadStatusCounts(db, ANCHOR);
    expect(counts.map((c) => c.current_status)).toEqual(['new_leads', 'work_in_progress', 'approved', 'declined']);
    for (const c of counts)
      expect(c.total_applications).toBe(companies.filter((x) => x.application_status === c.current_status).length);
    expect(counts.reduce((s, c) => s + c.total_applications, 0)).toBe(companies.length);
    expect(leadStatusCounts(db, 999).every((c) => c.total_applications === 0)).toBe(true);
  });

  it('outstanding over unpaid invoices and the loan application’s limits', () => {
    const figures = leadFigures(db, ANCHOR);
    expect(figures.size).toBe(companies.length);
    let withLoan = 0;
    for (const company of companies) {
      let owed = 0;
      for (const inv of db.invoices)
        if (inv.distributor_company_id === company.id && inv.status !== 'paid') owed += inv.total - inv.amount_paid;
      const loan = db.loan_applications.find((l) => l.distributor_company_id === company.id);
      const row = figures.get(company.id)!;
      expect(row.amount_outstanding).toBe(owed);
      if (loan) {
        withLoan += 1;
        expect(row).toMatchObject({
          limit_sanctioned: loan.limit_sanctioned,
          limit_utilized: loan.limit_utilized,
          balance_available: loan.limit_sanctioned - loan.limit_utilized,
        });
      } else {
        expect(row).toMatchObject({ limit_sanctioned: 0, limit_utilized: 0, balance_available: 0 });
      }
    }
    expect(withLoan).toBeGreaterThan(0);
    expect(withLoan).toBeLessThan(companies.length);
  });
});
