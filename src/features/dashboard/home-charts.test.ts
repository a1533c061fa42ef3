import { describe, expect, it } from 'vitest';
import type { FilterInformation } from '../../api/codecs/dashboard';
import type { ChartOption, TooltipItem, TooltipParams } from '../../ui/charts/echarts';
import { homeChartOption, homeSeries, homeSummary } from './home-charts';

const NOV_22 = new Date(2026, 10, 22); // the yearly window: 23 Nov 2025 to 22 Nov 2026; November has 30 days

const text = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/div>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/\n+/g, '\n')
    .trim();
const item = (dataIndex: number) => ({ componentType: 'series', name: '', dataIndex, seriesIndex: 0 }) as TooltipItem;
const tooltipOf = (option: ChartOption) => (option.tooltip as { formatter: (p: TooltipParams) => string }).formatter;
const dataOf = (option: ChartOption) => (option.series as { data: (number | null)[] }[])[0]!.data;

describe('homeSeries', () => {
  it('yearly: 13 calendar months oldest first, two Novembers apart, December of last year before January', () => {
    const info: FilterInformation = [
      { month: 'Nov', year: 2025, total: 1_00, no_of_invoices: 1 },
      { month: 'Dec', year: 2025, total: 2_00, no_of_invoices: 2 },
      { month: 'Jan', year: 2026, total: 3_00, no_of_invoices: 3 },
      { month: 'Nov', year: 2026, total: 4_00, no_of_invoices: 4 },
    ];
    const s = homeSeries(info, 'yearly', NOV_22);
    expect(s.categories).toEqual([
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
    ]);
    expect(s.values).toEqual([1_00, 2_00, 3_00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4_00]);
    expect(s.counts[12]).toBe(4);
  });

  it('weekly: a week that has not started has no value (null), the others zero when empty', () => {
    const s = homeSeries(
      [
        {
          weekly_data: [
            { week: 1, total: 5_00, no_of_invoices: 1 },
            { week: 5, total: 0, no_of_invoices: 0 },
          ],
        },
      ],
      'monthly',
      NOV_22,
    );
    expect(s.categories).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5']);
    expect(s.values).toEqual([5_00, 0, 0, 0, null]);
    expect(s.counts).toEqual([1, 0, 0, 0, null]);
  });
});

describe('homeChartOption and homeSummary', () => {
  const weekly = homeSeries([{ weekly_data: [{ week: 2, total: 1_234_50, no_of_invoices: 3 }] }], 'monthly', NOV_22);

  it('draws no point or bar for a week that has not started, and its tooltip says so', () => {
    for (const chart of ['shared', 'cleared', 'payments'] as const) {
      const option = homeChartOption(chart, 'Invoices Shared', weekly);
      expect(dataOf(option)).toEqual([0, 1_234.5, 0, 0, null]);
      expect(text(tooltipOf(option)([item(4)]))).toBe('Week 5, 29–30 Nov\nInvoices Shared: not started yet');
    }
    const line = homeChartOption('shared', 'Invoices Shared', weekly);
    expect(line.series).toMatchObject([{ type: 'line' }]);
    expect(text(tooltipOf(line)([item(1)]))).toBe('Week 2, 8–14 Nov\nInvoices Shared: ₹1,234.50\nInvoices: 3');
    expect(homeChartOption('payments', 'Payments', weekly).series).toMatchObject([{ type: 'bar' }]);
  });

  it('reads every bucket by its full name, and the total', () => {
    expect(homeSummary(weekly)).toBe(
      'Week 1, 1–7 Nov: ₹0.00, 0 invoices; Week 2, 8–14 Nov: ₹1,234.50, 3 invoices; Week 3, 15–21 Nov: ₹0.00, 0 invoices; Week 4, 22–28 Nov: ₹0.00, 0 invoices; Week 5, 29–30 Nov: not started yet. Total ₹1,234.50.',
    );
  });
});
