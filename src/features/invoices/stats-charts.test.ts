import { describe, expect, it } from 'vitest';
import type { StatsFilterInformation } from '../../api/codecs/invoices';
import type { ChartOption, TooltipItem, TooltipParams } from '../../ui/charts/echarts';
import { clearedOption, clearedTooltip, hasStats, productNameOf, shareText, statsSeries, statsSummary, totalInvoicesOption } from './stats-charts';

/** Tooltip HTML as the text a reader sees. */
const text = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/div>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n+/g, '\n')
    .trim();

const item = (dataIndex: number, seriesIndex = 0) => ({ componentType: 'series', name: '', dataIndex, seriesIndex }) as TooltipItem;

function tooltipOf(option: ChartOption): (params: TooltipParams) => string {
  const tooltip = option.tooltip as { formatter?: unknown };
  if (typeof tooltip.formatter !== 'function') throw new Error('expected a formatter function');
  return tooltip.formatter as (params: TooltipParams) => string;
}

// Amounts in paise, as the codec decodes them.
const month = (name: string, count: number, total: number, credit: number, pay: number) => ({
  month: name,
  count,
  total_amount: total,
  paid_using_credit: credit,
  paid_using_pay: pay,
});
const week = (n: number, count: number, total: number, credit: number, pay: number) => ({ week: n, count, total_amount: total, paid_using_credit: credit, paid_using_pay: pay });

// 22 Nov 2026: the previous month (October) has 31 days, so the monthly view has ceil(31 / 7) = 5 weeks.
const NOV_22 = new Date(2026, 10, 22);
// 15 Mar 2026: after a 28-day February the spec's rule gives 4 weeks.
const MAR_15 = new Date(2026, 2, 15);

describe('statsSeries', () => {
  it('yearly: the 12 months Jan to Dec whatever order the answer has, missing months as zero', () => {
    const info: StatsFilterInformation = [month('Nov', 3, 300_00, 100_00, 50_00), month('Jan', 1, 12_345, 0, 12_345)];
    const s = statsSeries(info, 'yearly', NOV_22);
    expect(s.categories).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(s.totals[0]).toBe(12_345);
    expect(s.pay[0]).toBe(12_345);
    expect(s.totals[10]).toBe(300_00);
    expect(s.counts[10]).toBe(3);
    expect(s.credit[10]).toBe(100_00);
    expect(s.totals.filter((t) => t !== 0)).toHaveLength(2);
  });

  it("monthly: 'Week 1' to 'Week N' by the spec's week rule", () => {
    const info: StatsFilterInformation = [{ weekly_data: [week(1, 2, 500_00, 200_00, 100_00), week(3, 1, 99, 0, 0)] }];
    const nov = statsSeries(info, 'monthly', NOV_22);
    expect(nov.categories).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5']);
    expect(nov.totals).toEqual([500_00, 0, 99, 0, 0]);
    expect(nov.counts).toEqual([2, 0, 1, 0, 0]);
    expect(nov.credit).toEqual([200_00, 0, 0, 0, 0]);
    expect(nov.pay).toEqual([100_00, 0, 0, 0, 0]);
  });

  it('monthly after February: 4 weeks, a fifth week of the answer is not drawn (the rule kept as the spec says)', () => {
    const info: StatsFilterInformation = [{ weekly_data: [week(4, 1, 10_00, 0, 0), week(5, 7, 70_00, 0, 0)] }];
    const s = statsSeries(info, 'monthly', MAR_15);
    expect(s.categories).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    expect(s.totals).toEqual([0, 0, 0, 10_00]);
  });

  it('ignores rows of the other view (a previous answer while the next loads) and a missing answer', () => {
    const weekly: StatsFilterInformation = [{ weekly_data: [week(1, 2, 500_00, 0, 0)] }];
    expect(hasStats(statsSeries(weekly, 'yearly', NOV_22))).toBe(false);
    expect(hasStats(statsSeries([month('Jan', 1, 1, 0, 0)], 'monthly', NOV_22))).toBe(false);
    const none = statsSeries(undefined, 'yearly', NOV_22);
    expect(none.categories).toHaveLength(12);
    expect(hasStats(none)).toBe(false);
  });
});

describe('hasStats', () => {
  it('is true as soon as one bucket has an invoice or an amount', () => {
    expect(hasStats(statsSeries([month('Mar', 1, 0, 0, 0)], 'yearly', NOV_22))).toBe(true);
    expect(hasStats(statsSeries([month('Mar', 0, 1, 0, 0)], 'yearly', NOV_22))).toBe(true);
    expect(hasStats(statsSeries([month('Mar', 0, 0, 0, 0)], 'yearly', NOV_22))).toBe(false);
  });
});

describe('totalInvoicesOption', () => {
  const s = statsSeries([month('Feb', 1200, 98_765_43, 0, 0)], 'yearly', NOV_22);
  const option = totalInvoicesOption(s);

  it('is a line of rupees over the months, named Total Invoices', () => {
    expect(option.xAxis).toMatchObject({ type: 'category', data: s.categories });
    expect(option.series).toMatchObject([{ type: 'line', name: 'Total Invoices' }]);
    expect((option.series as { data: number[] }[])[0]!.data[1]).toBe(98_765.43);
  });

  it("shows the bucket's amount and invoice count", () => {
    expect(text(tooltipOf(option)([item(1)]))).toBe('Feb\nTotal Invoices: ₹98,765.43\nInvoices: 1,200');
  });
});

describe('clearedOption and its tooltip', () => {
  // Week 2: ₹1,000 cleared over 4 invoices, ₹600 by credit, ₹300 by pay, ₹100 outside.
  const s = statsSeries([{ weekly_data: [week(2, 4, 1000_00, 600_00, 300_00), week(3, 1, 250_00, 0, 250_00)] }], 'monthly', NOV_22);
  const option = clearedOption(s, 'Provider');

  it('stacks the credit and the pay part (rupees) on one bar per week, with a legend', () => {
    expect(option.series).toMatchObject([
      { type: 'bar', name: 'Provider Credit', stack: 'total', data: [0, 600, 0, 0, 0] },
      { type: 'bar', name: 'Provider Pay', stack: 'total', data: [0, 300, 250, 0, 0] },
    ]);
    expect(option.legend).toMatchObject({ show: true });
    expect(option.xAxis).toMatchObject({ data: ['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5'] });
  });

  it('gives the total, the count, and each part with its percent of the total; what was paid outside too', () => {
    const shown = text(tooltipOf(option)([item(1, 0), item(1, 1)]));
    expect(shown).toBe(
      ['Week 2', 'Total cleared: ₹1,000.00', 'Invoices: 4', 'Provider Credit: ₹600.00 (60.00%)', 'Provider Pay: ₹300.00 (30.00%)', 'Paid outside: ₹100.00 (10.00%)'].join('\n'),
    );
  });

  it('leaves out the outside line when credit and pay make up the total; answers a single item too', () => {
    expect(text(clearedTooltip(s, 'Provider')(item(2)))).toBe(
      ['Week 3', 'Total cleared: ₹250.00', 'Invoices: 1', 'Provider Credit: ₹0.00 (0.00%)', 'Provider Pay: ₹250.00 (100.00%)'].join('\n'),
    );
  });

  it("an empty week reads zero with '-' for the percent; names are escaped", () => {
    expect(text(clearedTooltip(s, '<b>')([item(0)]))).toBe(['Week 1', 'Total cleared: ₹0.00', 'Invoices: 0', '<b> Credit: ₹0.00 (-)', '<b> Pay: ₹0.00 (-)'].join('\n'));
    expect(clearedTooltip(s, '<b>')([item(0)])).not.toContain('<b> Credit');
    expect(clearedTooltip(s, 'Provider')([])).toBe('');
  });
});

describe('statsSummary, shareText, productNameOf', () => {
  it('reads every bucket for screen readers, with the split on the cleared chart', () => {
    const s = statsSeries([{ weekly_data: [week(1, 2, 200_00, 150_00, 50_00)] }], 'monthly', MAR_15);
    expect(statsSummary('shared', s, 'Provider')).toBe(
      'Week 1: ₹200.00, 2 invoices; Week 2: ₹0.00, 0 invoices; Week 3: ₹0.00, 0 invoices; Week 4: ₹0.00, 0 invoices. Total ₹200.00.',
    );
    expect(statsSummary('cleared', s, 'Provider')).toContain('Week 1: ₹200.00, 2 invoices (Provider Credit ₹150.00, 75.00%; Provider Pay ₹50.00, 25.00%)');
  });

  it('percent of a whole, and the product name', () => {
    expect(shareText(1, 3)).toBe('33.33%');
    expect(shareText(5, 0)).toBe('-');
    expect(productNameOf('provider')).toBe('Provider');
  });
});
