import { describe, expect, it } from 'vitest';
import type { StatsFilterInformation } from '../../api/codecs/invoices';
import { rupeesToPaise } from '../../domain/money';
import type { ChartOption, TooltipItem, TooltipParams } from '../../ui/charts/echarts';
import {
  breakdownText,
  clearedBreakdown,
  clearedOption,
  clearedTooltip,
  hasStats,
  limitBreakdown,
  outstandingBreakdown,
  productNameOf,
  shareText,
  statsSeries,
  statsSummary,
  sumOfParts,
  totalInvoicesOption,
} from './stats-charts';

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

const item = (dataIndex: number, seriesIndex = 0) =>
  ({ componentType: 'series', name: '', dataIndex, seriesIndex }) as TooltipItem;

function tooltipOf(option: ChartOption): (params: TooltipParams) => string {
  const tooltip = option.tooltip as { formatter?: unknown };
  if (typeof tooltip.formatter !== 'function') throw new Error('expected a formatter function');
  return tooltip.formatter as (params: TooltipParams) => string;
}

const seriesOf = (option: ChartOption) =>
  option.series as { type: string; name: string; stack?: string; data: (number | null)[] }[];

// Amounts in paise, as the codec decodes them.
const month = (
  name: string,
  year: number | undefined,
  count: number,
  total: number,
  credit: number,
  pay: number,
  outside?: number,
) => ({
  month: name,
  ...(year === undefined ? {} : { year }),
  count,
  total_amount: total,
  paid_using_credit: credit,
  paid_using_pay: pay,
  ...(outside === undefined ? {} : { paid_outside: outside }),
});
const week = (n: number, count: number, total: number, credit: number, pay: number, outside?: number) => ({
  week: n,
  count,
  total_amount: total,
  paid_using_credit: credit,
  paid_using_pay: pay,
  ...(outside === undefined ? {} : { paid_outside: outside }),
});

// 22 Nov 2026: the yearly window is 23 Nov 2025 to 22 Nov 2026 (13 calendar months); the previous month
// (October) has 31 days, so the monthly view has ceil(31 / 7) = 5 weeks, and Week 5 (29-30 Nov) has not started.
const NOV_22 = new Date(2026, 10, 22);
// 15 Mar 2026: after a 28-day February the spec's rule gives 4 weeks.
const MAR_15 = new Date(2026, 2, 15);
const YEAR_LABELS = [
  'Nov 25',
  'Dec 25',
  'Jan 26',
  'Feb 26',
  'Mar 26',
  'Apr 26',
  'May 26',
  'Jun 26',
  'Jul 26',
  'Aug 26',
  'Sep 26',
  'Oct 26',
  'Nov 26',
];

describe('statsSeries', () => {
  it('yearly: the 13 calendar months of the window, oldest first, each row in its month of its year; missing months zero', () => {
    const info: StatsFilterInformation = [
      month('Nov', 2026, 3, 300_00, 100_00, 50_00, 150_00),
      month('Nov', 2025, 1, 7_00, 0, 0, 7_00),
      month('Jan', 2026, 1, 12_345, 0, 12_345, 0),
    ];
    const s = statsSeries(info, 'yearly', NOV_22);
    expect(s.categories).toEqual(YEAR_LABELS);
    expect(s.buckets[0]!.name).toBe('23–30 November 2025');
    expect(s.totals[0]).toBe(7_00); // last November stays apart from this one
    expect(s.outside[0]).toBe(7_00);
    expect(s.totals[2]).toBe(12_345);
    expect(s.pay[2]).toBe(12_345);
    expect(s.totals[12]).toBe(300_00);
    expect(s.counts[12]).toBe(3);
    expect(s.credit[12]).toBe(100_00);
    expect(s.totals.filter((t) => t !== 0)).toHaveLength(3);
    expect(s.totals.every((t) => t !== null)).toBe(true); // the window ends today: no month is in the future
  });

  it('yearly rows without a year (a provider that sends only the name) go to the latest month of that name', () => {
    const s = statsSeries(
      [month('Nov', undefined, 1, 5_00, 0, 0), month('Dec', undefined, 1, 9_00, 0, 0)],
      'yearly',
      NOV_22,
    );
    expect(s.totals[12]).toBe(5_00);
    expect(s.totals[0]).toBe(0);
    expect(s.totals[1]).toBe(9_00); // December 2025, the only December of the window
  });

  it("monthly: 'Week 1' to 'Week N' by the spec's week rule; a week that has not started is null, not 0", () => {
    const info: StatsFilterInformation = [
      { weekly_data: [week(1, 2, 500_00, 200_00, 100_00), week(3, 1, 99, 0, 0), week(5, 0, 0, 0, 0)] },
    ];
    const nov = statsSeries(info, 'monthly', NOV_22);
    expect(nov.categories).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5']);
    expect(nov.totals).toEqual([500_00, 0, 99, 0, null]);
    expect(nov.counts).toEqual([2, 0, 1, 0, null]);
    expect(nov.credit).toEqual([200_00, 0, 0, 0, null]);
    expect(nov.pay).toEqual([100_00, 0, 0, 0, null]);
    expect(nov.outside).toEqual([200_00, 0, 99, 0, null]); // not sent: the rest of the total
    expect(nov.other).toEqual([0, 0, 0, 0, null]);
  });

  it('monthly after February: 4 weeks, a fifth week of the answer is not drawn (the rule kept as the spec says)', () => {
    const info: StatsFilterInformation = [{ weekly_data: [week(2, 1, 10_00, 0, 0), week(5, 7, 70_00, 0, 0)] }];
    const s = statsSeries(info, 'monthly', MAR_15);
    expect(s.categories).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
    expect(s.totals).toEqual([0, 10_00, 0, null]); // week 4 (22-28 March) starts after the 15th
  });

  it('ignores rows of the other view (a previous answer while the next loads) and a missing answer', () => {
    const weekly: StatsFilterInformation = [{ weekly_data: [week(1, 2, 500_00, 0, 0)] }];
    expect(hasStats(statsSeries(weekly, 'yearly', NOV_22))).toBe(false);
    expect(hasStats(statsSeries([month('Jan', 2026, 1, 1, 0, 0)], 'monthly', NOV_22))).toBe(false);
    const none = statsSeries(undefined, 'yearly', NOV_22);
    expect(none.categories).toHaveLength(13);
    expect(hasStats(none)).toBe(false);
  });
});

describe('hasStats', () => {
  it('is true as soon as one bucket has an invoice or an amount', () => {
    expect(hasStats(statsSeries([month('Mar', 2026, 1, 0, 0, 0)], 'yearly', NOV_22))).toBe(true);
    expect(hasStats(statsSeries([month('Mar', 2026, 0, 1, 0, 0)], 'yearly', NOV_22))).toBe(true);
    expect(hasStats(statsSeries([month('Mar', 2026, 0, 0, 0, 0)], 'yearly', NOV_22))).toBe(false);
  });
});

describe('totalInvoicesOption', () => {
  const s = statsSeries([month('Feb', 2026, 1200, 98_765_43, 0, 0)], 'yearly', NOV_22);
  const option = totalInvoicesOption(s);

  it('is a line of rupees over the months in time order, named Total Invoices', () => {
    expect(option.xAxis).toMatchObject({ type: 'category', data: YEAR_LABELS });
    expect(seriesOf(option)).toMatchObject([{ type: 'line', name: 'Total Invoices' }]);
    expect(seriesOf(option)[0]!.data[3]).toBe(98_765.43);
  });

  it("shows the bucket's full name, amount and invoice count", () => {
    expect(text(tooltipOf(option)([item(3)]))).toBe('February 2026\nTotal Invoices: ₹98,765.43\nInvoices: 1,200');
  });

  it('draws no point for a week that has not started, and says so', () => {
    const weeks = statsSeries([{ weekly_data: [week(1, 1, 10_00, 0, 0)] }], 'monthly', NOV_22);
    const line = totalInvoicesOption(weeks);
    expect(seriesOf(line)[0]!.data).toEqual([10, 0, 0, 0, null]);
    expect(text(tooltipOf(line)([item(4)]))).toBe('Week 5, 29–30 Nov\nTotal Invoices: not started yet');
  });
});

describe('clearedOption and its tooltip', () => {
  // Week 2: ₹1,000 cleared over 4 invoices, ₹600 by credit, ₹300 by pay, ₹100 outside (not sent: the rest).
  const s = statsSeries(
    [{ weekly_data: [week(2, 4, 1000_00, 600_00, 300_00), week(3, 1, 250_00, 0, 250_00)] }],
    'monthly',
    NOV_22,
  );
  const option = clearedOption(s, 'Provider');

  it('stacks credit, pay and paid outside (rupees) on one bar per week, with a legend; no bar for a week not started', () => {
    expect(seriesOf(option)).toMatchObject([
      { type: 'bar', name: 'Provider Credit', stack: 'total', data: [0, 600, 0, 0, null] },
      { type: 'bar', name: 'Provider Pay', stack: 'total', data: [0, 300, 250, 0, null] },
      { type: 'bar', name: 'Paid outside', stack: 'total', data: [0, 100, 0, 0, null] },
    ]);
    expect(option.legend).toMatchObject({ show: true });
    expect(option.xAxis).toMatchObject({ data: ['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5'] });
  });

  it('every bar stacks to the total its tooltip gives (exact paise), for every bucket and every provider answer', () => {
    const answers: [StatsFilterInformation, 'monthly' | 'yearly'][] = [
      // A January whose bar once left out paid outside: ₹7.44 C cleared, of which credit and pay are ₹4.75 C;
      // paid outside sent.
      [
        [
          month('Jan', 2026, 348, 74_429_088_88, 12_182_979_09, 35_276_411_86, 26_969_697_93),
          month('Nov', 2025, 2, 3_00, 1_00, 1_00, 1_00),
        ],
        'yearly',
      ],
      // Paid outside not sent: the rest of the total.
      [[month('Jan', 2026, 348, 74_429_088_88, 12_182_979_09, 35_276_411_86)], 'yearly'],
      // The provider's parts leave ₹0.07 out: a 'Not itemised' part makes up the bar.
      [[{ weekly_data: [week(1, 3, 1_000_07, 500_00, 300_00, 200_00), week(4, 1, 1_00, 0, 1_00, 0)] }], 'monthly'],
    ];
    for (const [info, view] of answers) {
      const series = statsSeries(info, view, NOV_22);
      const chart = clearedOption(series, 'Provider');
      const bars = seriesOf(chart);
      const tooltip = tooltipOf(chart);
      series.categories.forEach((_, i) => {
        const shown = text(tooltip(bars.map((__, k) => item(i, k))));
        const total = /Total cleared: ₹([\d,.]+)/.exec(shown);
        if (series.totals[i] === null) {
          expect(bars.every((b) => b.data[i] === null)).toBe(true);
          expect(shown).toContain('not started yet');
          return;
        }
        const stacked = bars.reduce((sum, b) => sum + (rupeesToPaise(b.data[i] ?? 0) ?? NaN), 0);
        expect(stacked, `${view} ${series.categories[i]}`).toBe(series.totals[i]);
        expect(rupeesToPaise(total![1]!, { grouping: true })).toBe(stacked);
      });
    }
  });

  it("adds a 'Not itemised' part only when the provider's parts leave some of the total out", () => {
    const off = statsSeries([{ weekly_data: [week(1, 3, 1_000_07, 500_00, 300_00, 200_00)] }], 'monthly', NOV_22);
    expect(seriesOf(clearedOption(off, 'Provider')).map((b) => b.name)).toEqual([
      'Provider Credit',
      'Provider Pay',
      'Paid outside',
      'Not itemised',
    ]);
    expect(off.other[0]).toBe(7);
    expect(seriesOf(option).map((b) => b.name)).not.toContain('Not itemised');
  });

  it('gives the total, the count, and each part with its percent of the total', () => {
    const shown = text(tooltipOf(option)([item(1, 0), item(1, 1), item(1, 2)]));
    expect(shown).toBe(
      [
        'Week 2, 8–14 Nov',
        'Total cleared: ₹1,000.00',
        'Invoices: 4',
        'Provider Credit: ₹600.00 (60.00%)',
        'Provider Pay: ₹300.00 (30.00%)',
        'Paid outside: ₹100.00 (10.00%)',
      ].join('\n'),
    );
  });

  it('answers a single item too; paid outside reads zero when credit and pay make up the total', () => {
    expect(text(clearedTooltip(s, 'Provider')(item(2)))).toBe(
      [
        'Week 3, 15–21 Nov',
        'Total cleared: ₹250.00',
        'Invoices: 1',
        'Provider Credit: ₹0.00 (0.00%)',
        'Provider Pay: ₹250.00 (100.00%)',
        'Paid outside: ₹0.00 (0.00%)',
      ].join('\n'),
    );
  });

  it("an empty week reads zero with '-' for the percent; a week not started says so; names are escaped", () => {
    expect(text(clearedTooltip(s, '<b>')([item(0)]))).toBe(
      [
        'Week 1, 1–7 Nov',
        'Total cleared: ₹0.00',
        'Invoices: 0',
        '<b> Credit: ₹0.00 (-)',
        '<b> Pay: ₹0.00 (-)',
        'Paid outside: ₹0.00 (-)',
      ].join('\n'),
    );
    expect(clearedTooltip(s, '<b>')([item(0)])).not.toContain('<b> Credit');
    expect(text(clearedTooltip(s, 'Provider')([item(4)]))).toBe('Week 5, 29–30 Nov\nCleared: not started yet');
    expect(clearedTooltip(s, 'Provider')([])).toBe('');
  });
});

describe('statsSummary, shareText, productNameOf', () => {
  it('reads every bucket by its full name for screen readers, with the split on the cleared chart', () => {
    const s = statsSeries([{ weekly_data: [week(1, 2, 200_00, 150_00, 40_00)] }], 'monthly', MAR_15);
    expect(statsSummary('shared', s, 'Provider')).toBe(
      'Week 1, 1–7 Mar: ₹200.00, 2 invoices; Week 2, 8–14 Mar: ₹0.00, 0 invoices; Week 3, 15–21 Mar: ₹0.00, 0 invoices; Week 4, 22–28 Mar: not started yet. Total ₹200.00.',
    );
    expect(statsSummary('cleared', s, 'Provider')).toContain(
      'Week 1, 1–7 Mar: ₹200.00, 2 invoices (Provider Credit ₹150.00, 75.00%; Provider Pay ₹40.00, 20.00%; Paid outside ₹10.00, 5.00%)',
    );
  });

  it('percent of a whole, and the product name', () => {
    expect(shareText(1, 3)).toBe('33.33%');
    expect(shareText(5, 0)).toBe('-');
    expect(productNameOf('provider')).toBe('Provider');
  });
});

describe("the boxes' parts add up to their whole", () => {
  it('Total Cleared: credit + pay + paid outside (sent, or the rest), and Not itemised only when they fall short', () => {
    const sent = {
      total_cleared_amount: 1_22_65_694_16,
      cleared_using_credit: 28_83_036_50,
      cleared_using_pay: 53_78_302_34,
      cleared_outside: 40_04_355_32,
    };
    const parts = clearedBreakdown(sent, 'Provider');
    expect(parts.map((p) => [p.id, p.label, p.amount])).toEqual([
      ['stats-cleared-credit', 'Cleared using Limit (Provider Credit)', 28_83_036_50],
      ['stats-cleared-pay', 'Cleared using Pay (Provider Pay)', 53_78_302_34],
      ['stats-cleared-outside', 'Paid outside', 40_04_355_32],
    ]);
    expect(sumOfParts(parts)).toBe(sent.total_cleared_amount);
    const { cleared_outside: _, ...unsent } = sent;
    expect(clearedBreakdown(unsent, 'Provider')[2]!.amount).toBe(40_04_355_32);
    const short = clearedBreakdown({ ...sent, cleared_outside: 40_00_000_00 }, 'Provider');
    expect(short.at(-1)).toEqual({ id: 'stats-cleared-other', label: 'Not itemised', amount: 4_355_32 });
    expect(sumOfParts(short)).toBe(sent.total_cleared_amount);
    expect(clearedBreakdown(undefined, 'Provider').map((p) => p.amount)).toEqual([null, null, null]);
  });

  it('Current Outstanding: not overdue + 1–30 + 30+ + in-progress; 90+ lies inside 30+ and is not added again', () => {
    const o = {
      total_overdue_invoices_amount: 441_000_00,
      regular_open_invoices_amount: 55_000_00,
      overdue_invoices_amount_upto_30_days: 90_000_00,
      overdue_invoices_amount_30_days: 206_000_00,
      overdue_invoices_amount_90_days: 70_000_00,
      in_progress_invoices_amount: 90_000_00,
    };
    const parts = outstandingBreakdown(o);
    expect(parts.map((p) => p.label)).toEqual([
      'Not Overdue',
      'Overdue 1–30 days',
      'Overdue 30+',
      'Overdue 90+ (of 30+)',
      'In-Progress',
    ]);
    expect(parts[3]!.within).toBe('stats-overdue-30');
    expect(sumOfParts(parts)).toBe(o.total_overdue_invoices_amount);
    expect(breakdownText('Current Outstanding', parts)).toBe(
      'The parts add up to Current Outstanding; Overdue 90+ is part of Overdue 30+.',
    );
    // A provider without the 1–30 and in-progress figures: the rest shows as one part.
    const { overdue_invoices_amount_upto_30_days: _a, in_progress_invoices_amount: _b, ...spec } = o;
    const older = outstandingBreakdown(spec);
    expect(older.map((p) => [p.label, p.amount])).toEqual([
      ['Not Overdue', 55_000_00],
      ['Overdue 30+', 206_000_00],
      ['Overdue 90+ (of 30+)', 70_000_00],
      ['Not itemised', 180_000_00],
    ]);
    expect(sumOfParts(older)).toBe(o.total_overdue_invoices_amount);
  });

  it('Limit Available for Drawdown: the part pertaining to Not Overdue Invoices and the rest', () => {
    const parts = limitBreakdown({
      total_available_limit: 8_45_92_634_03,
      avl_limit_pertaining_for_open_invoices: 2_40_37_444_53,
    });
    expect(parts.map((p) => [p.label, p.amount])).toEqual([
      ['Limit Available for Drawdown pertaining to Not Overdue Invoices', 2_40_37_444_53],
      ['Rest of the Limit Available for Drawdown', 6_05_55_189_50],
    ]);
    expect(sumOfParts(parts)).toBe(8_45_92_634_03);
  });
});
