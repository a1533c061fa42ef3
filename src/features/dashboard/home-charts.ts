/**
 * The home invoice charts (spec 1 §2.5) as pure builders: a graph answer's rows as series over the chart's
 * buckets (src/domain/chart-periods.ts `chartBuckets`: calendar months with their year, or 'Week N'), and the
 * ECharts option of each chart. A bucket that has not started yet has no value (null): the chart draws no
 * point or bar there, and says so in its tooltip and its text for screen readers.
 */
import type { FilterInformation } from '../../api/codecs/dashboard';
import { bucketIndexOf, chartBuckets, type ChartBucket, type ChartPeriod } from '../../domain/chart-periods';
import { formatMoney } from '../../domain/money';
import { formatCount } from '../../lib/format';
import { escapeHtml } from '../../ui/charts/chart-theme';
import type { ChartOption, TooltipParams } from '../../ui/charts/echarts';
import { barOption, lineOption } from '../../ui/charts/options';

/** One chart's buckets in time order; amounts in paise; null where the bucket has not started yet. */
export interface HomeSeries {
  buckets: ChartBucket[];
  /** The axis labels: 'Nov 25' ... 'Nov 26', or 'Week 1' ... 'Week N'. */
  categories: string[];
  values: (number | null)[];
  counts: (number | null)[];
}

/** The text a bucket that has not started yet shows instead of an amount. */
const NOT_STARTED = 'not started yet';

/**
 * The rows of a graph answer over the buckets of `view` on `today`. A bucket the answer does not have is zero
 * (it has started: nothing happened in it); a row outside the buckets is not drawn; a future bucket is null.
 */
export function homeSeries(info: FilterInformation | undefined, view: ChartPeriod, today: Date): HomeSeries {
  const buckets = chartBuckets(view, today);
  const values: (number | null)[] = buckets.map((b) => (b.future ? null : 0));
  const counts: (number | null)[] = buckets.map((b) => (b.future ? null : 0));
  const add = (i: number, total: number, count: number) => {
    if (i < 0 || buckets[i]!.future) return;
    values[i] = (values[i] ?? 0) + total;
    counts[i] = (counts[i] ?? 0) + count;
  };
  for (const entry of info ?? []) {
    if ('weekly_data' in entry) {
      if (view === 'monthly')
        for (const w of entry.weekly_data) add(bucketIndexOf(buckets, { week: w.week }), w.total, w.no_of_invoices);
    } else if (view === 'yearly') {
      add(
        bucketIndexOf(
          buckets,
          entry.year === undefined ? { month: entry.month } : { month: entry.month, year: entry.year },
        ),
        entry.total,
        entry.no_of_invoices,
      );
    }
  }
  return { buckets, categories: buckets.map((b) => b.label), values, counts };
}

const rupees = (values: readonly (number | null)[]) => values.map((p) => (p === null ? null : p / 100));

/** The tooltip of the hovered bucket: its full name, the amount and the invoices, or that it has not started. */
function homeTooltip(series: HomeSeries, title: string): (params: TooltipParams) => string {
  return (params) => {
    const first = Array.isArray(params)
      ? (params as readonly { dataIndex: number }[])[0]
      : (params as { dataIndex: number });
    const bucket = first ? series.buckets[first.dataIndex] : undefined;
    if (!first || !bucket) return '';
    const value = series.values[first.dataIndex] ?? null;
    const head = `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(bucket.name)}</div>`;
    if (value === null) return `${head}<div>${escapeHtml(`${title}: ${NOT_STARTED}`)}</div>`;
    return `${head}<div>${escapeHtml(title)}: <strong>${formatMoney(value)}</strong><br/>Invoices: ${formatCount(series.counts[first.dataIndex])}</div>`;
  };
}

/** A home chart: a line for invoices shared, bars for cleared and payments; no point where a bucket has not started. */
export function homeChartOption(
  chart: 'shared' | 'cleared' | 'payments',
  title: string,
  series: HomeSeries,
): ChartOption {
  const data = rupees(series.values);
  // The kit's builders take numbers; the future buckets' null is put back into the series' data below.
  const input = {
    categories: series.categories,
    values: data.map((v) => v ?? 0),
    counts: series.counts.map((c) => c ?? 0),
  };
  const base =
    chart === 'shared'
      ? lineOption({ name: title, ...input })
      : barOption({
          categories: input.categories,
          series: [{ name: title, values: input.values, counts: input.counts }],
        });
  const [first] = base.series as object[];
  return {
    ...base,
    tooltip: { ...(base.tooltip as object), formatter: homeTooltip(series, title) },
    series: [{ ...first, data }],
  };
}

/** The figures as text for screen readers: every bucket by its full name, and the total. */
export function homeSummary(series: HomeSeries): string {
  const parts = series.buckets.map((b, i) => {
    const value = series.values[i] ?? null;
    return value === null
      ? `${b.name}: ${NOT_STARTED}`
      : `${b.name}: ${formatMoney(value)}, ${formatCount(series.counts[i])} invoices`;
  });
  const total = series.values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
  return `${parts.join('; ')}. Total ${formatMoney(total)}.`;
}
