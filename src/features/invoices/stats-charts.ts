/**
 * The invoice statistics' charts (spec 1 §2.6 'Invoice statistics', §3 'Invoice stats'), as pure builders:
 * the buckets of a GET /invoices/stats graph as chart series, the 'Total Invoices' line and the 'Cleared'
 * bar chart split credit versus pay, whose tooltip gives the bucket's totals and each part's percent.
 * No React and no ECharts here (option objects only), so they are tested alone.
 */
import type { StatsFilterInformation } from '../../api/codecs/invoices';
import { type ChartPeriod, MONTHS, weekLabels } from '../../domain/chart-periods';
import { formatCount, formatPercent } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { escapeHtml } from '../../ui/charts/chart-theme';
import type { ChartOption, TooltipParams } from '../../ui/charts/echarts';
import { barOption, lineOption } from '../../ui/charts/options';

/** The provider's product key as a name ('provider' -> 'Provider'), as the top bar shows it. */
export const productNameOf = (product: string) => product.charAt(0).toUpperCase() + product.slice(1);

/** One chart's buckets in display order. Amounts in paise. */
export interface StatsSeries {
  /** 'Jan'..'Dec' (yearly) or 'Week 1'..'Week N' (monthly). */
  categories: string[];
  /** Invoices in each bucket (the cleared chart: cleared invoices). */
  counts: number[];
  /** Their total amount. */
  totals: number[];
  /** What of it was paid by the provider's credit, and by its pay. */
  credit: number[];
  pay: number[];
}

/**
 * The buckets of a graph as series. Yearly: the 12 months Jan to Dec. Monthly: 'Week N' for N from 1 to the
 * spec's week count (the days of the previous month divided by 7, rounded up; see `weekLabels`), as on the
 * home charts. A bucket the answer does not have is zero; one outside the categories is not drawn.
 */
export function statsSeries(info: StatsFilterInformation | undefined, view: ChartPeriod, today: Date): StatsSeries {
  const categories = view === 'yearly' ? [...MONTHS] : weekLabels(today);
  const buckets = new Map<string, { count: number; total_amount: number; paid_using_credit: number; paid_using_pay: number }>();
  for (const entry of info ?? []) {
    if ('weekly_data' in entry) {
      if (view === 'monthly') for (const week of entry.weekly_data) buckets.set(`Week ${week.week}`, week);
    } else if (view === 'yearly') {
      buckets.set(entry.month, entry);
    }
  }
  const pick = (field: 'count' | 'total_amount' | 'paid_using_credit' | 'paid_using_pay') => categories.map((c) => buckets.get(c)?.[field] ?? 0);
  return { categories, counts: pick('count'), totals: pick('total_amount'), credit: pick('paid_using_credit'), pay: pick('paid_using_pay') };
}

/** Whether a chart has anything to draw: an invoice or an amount in some bucket. Else it says 'No data found.'. */
export const hasStats = (series: StatsSeries) => series.counts.some((c) => c > 0) || series.totals.some((t) => t !== 0);

const rupees = (paise: readonly number[]) => paise.map((p) => p / 100);

/** The 'Total Invoices' line: each bucket's total, with its amount and invoice count in the tooltip. */
export function totalInvoicesOption(series: StatsSeries): ChartOption {
  return lineOption({ name: 'Total Invoices', categories: series.categories, values: rupees(series.totals), counts: series.counts });
}

/** A part of a whole as a percent text ('-' when the whole is zero). */
export const shareText = (part: number, whole: number) => formatPercent(whole > 0 ? (part / whole) * 100 : null);

/** The cleared chart's series names: what was paid by the provider's credit, and by its pay. */
export function clearedSeriesNames(productName: string) {
  return { credit: `${productName} Credit`, pay: `${productName} Pay` } as const;
}

/**
 * The 'Cleared' tooltip of the hovered bucket: the cleared total and invoice count, then the credit and the pay
 * part with their percent of that total, and what was paid outside the provider when there is any. HTML-escaped.
 */
export function clearedTooltip(series: StatsSeries, productName: string): (params: TooltipParams) => string {
  const names = clearedSeriesNames(productName);
  return (params) => {
    const first = Array.isArray(params) ? (params as readonly { dataIndex: number }[])[0] : (params as { dataIndex: number });
    if (!first) return '';
    const i = first.dataIndex;
    const category = series.categories[i];
    if (category === undefined) return '';
    const total = series.totals[i] ?? 0;
    const credit = series.credit[i] ?? 0;
    const pay = series.pay[i] ?? 0;
    const outside = total - credit - pay;
    const line = (name: string, amount: number) => `<div>${escapeHtml(name)}: <strong>${formatMoney(amount)}</strong> (${shareText(amount, total)})</div>`;
    return [
      `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(category)}</div>`,
      `<div>Total cleared: <strong>${formatMoney(total)}</strong></div>`,
      `<div>Invoices: ${formatCount(series.counts[i] ?? 0)}</div>`,
      line(names.credit, credit),
      line(names.pay, pay),
      outside > 0 ? line('Paid outside', outside) : '',
    ].join('');
  };
}

/** The 'Cleared' bars: the credit and the pay part stacked on one bar per bucket, with the tooltip above. */
export function clearedOption(series: StatsSeries, productName: string): ChartOption {
  const names = clearedSeriesNames(productName);
  return barOption({
    categories: series.categories,
    series: [
      { name: names.credit, values: rupees(series.credit), counts: series.counts },
      { name: names.pay, values: rupees(series.pay), counts: series.counts },
    ],
    stacked: true,
    tooltip: clearedTooltip(series, productName),
  });
}

/** The figures as text for screen readers (the chart itself is a picture). */
export function statsSummary(chart: 'shared' | 'cleared', series: StatsSeries, productName: string): string {
  const names = clearedSeriesNames(productName);
  const parts = series.categories.map((c, i) => {
    const total = series.totals[i] ?? 0;
    const base = `${c}: ${formatMoney(total)}, ${formatCount(series.counts[i] ?? 0)} invoices`;
    if (chart === 'shared') return base;
    const credit = series.credit[i] ?? 0;
    const pay = series.pay[i] ?? 0;
    return `${base} (${names.credit} ${formatMoney(credit)}, ${shareText(credit, total)}; ${names.pay} ${formatMoney(pay)}, ${shareText(pay, total)})`;
  });
  const sum = series.totals.reduce((a, b) => a + b, 0);
  return `${parts.join('; ')}. Total ${formatMoney(sum)}.`;
}
