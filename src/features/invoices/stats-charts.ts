/**
 * The invoice statistics' charts (spec 1 §2.6 'Invoice statistics', §3 'Invoice stats'), as pure builders:
 * the buckets of a GET /invoices/stats graph as chart series, the 'Total Invoices' line and the 'Cleared'
 * bar chart split credit, pay and paid outside (stacked to the bucket's total, which its tooltip gives with
 * each part's percent), and the boxes' parts that add up to their whole. No React and no ECharts here
 * (option objects only), so they are tested alone.
 */
import type { StatsFilterInformation } from '../../api/codecs/invoices';
import { bucketIndexOf, chartBuckets, type ChartBucket, type ChartPeriod } from '../../domain/chart-periods';
import { formatCount, formatPercent } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { escapeHtml } from '../../ui/charts/chart-theme';
import type { ChartOption, TooltipParams } from '../../ui/charts/echarts';
import { barOption, lineOption } from '../../ui/charts/options';

/** The provider's product key as a name ('provider' -> 'Provider'), as the top bar shows it. */
export const productNameOf = (product: string) => product.charAt(0).toUpperCase() + product.slice(1);

/** What a bucket that has not started yet shows instead of figures. */
const NOT_STARTED = 'not started yet';

/**
 * One chart's buckets in time order. Amounts in paise; every list is null where the bucket has not started
 * yet (a week after today), so the chart draws nothing there. For each started bucket
 * credit + pay + outside + other = total.
 */
export interface StatsSeries {
  buckets: ChartBucket[];
  /** The axis labels: 'Nov 25' ... 'Nov 26' (yearly) or 'Week 1'..'Week N' (monthly). */
  categories: string[];
  /** Invoices in each bucket (the cleared chart: cleared invoices). */
  counts: (number | null)[];
  /** Their total amount. */
  totals: (number | null)[];
  /** What of it was paid by the provider's credit, by its pay, and outside it. */
  credit: (number | null)[];
  pay: (number | null)[];
  outside: (number | null)[];
  /** The rest of the total that the provider's parts leave out (0 when they add up, as the mock's do). */
  other: (number | null)[];
}

type Amounts = {
  count: number;
  total_amount: number;
  paid_using_credit: number;
  paid_using_pay: number;
  paid_outside?: number;
};

/**
 * The buckets of a graph as series (`chartBuckets`): yearly, each calendar month the window touches with its
 * year, oldest first; monthly, 'Week N' for N from 1 to the spec's week count. A bucket the answer does not
 * have is zero; one outside the buckets is not drawn; a bucket that has not started is null. What was paid
 * outside is the provider's paid_outside, or (when it leaves it out) the rest of the total after credit
 * and pay; whatever the parts still leave out is `other`, so the parts always add up to the total.
 */
export function statsSeries(info: StatsFilterInformation | undefined, view: ChartPeriod, today: Date): StatsSeries {
  const buckets = chartBuckets(view, today);
  const sums = buckets.map((b) => (b.future ? null : { count: 0, total: 0, credit: 0, pay: 0, outside: 0 }));
  const add = (i: number, row: Amounts) => {
    const sum = i < 0 ? null : sums[i];
    if (!sum) return;
    sum.count += row.count;
    sum.total += row.total_amount;
    sum.credit += row.paid_using_credit;
    sum.pay += row.paid_using_pay;
    sum.outside += row.paid_outside ?? row.total_amount - row.paid_using_credit - row.paid_using_pay;
  };
  for (const entry of info ?? []) {
    if ('weekly_data' in entry) {
      if (view === 'monthly')
        for (const week of entry.weekly_data) add(bucketIndexOf(buckets, { week: week.week }), week);
    } else if (view === 'yearly') {
      add(
        bucketIndexOf(
          buckets,
          entry.year === undefined ? { month: entry.month } : { month: entry.month, year: entry.year },
        ),
        entry,
      );
    }
  }
  const pick = (f: (s: NonNullable<(typeof sums)[number]>) => number) => sums.map((s) => (s === null ? null : f(s)));
  return {
    buckets,
    categories: buckets.map((b) => b.label),
    counts: pick((s) => s.count),
    totals: pick((s) => s.total),
    credit: pick((s) => s.credit),
    pay: pick((s) => s.pay),
    outside: pick((s) => s.outside),
    other: pick((s) => s.total - s.credit - s.pay - s.outside),
  };
}

/** Whether a chart has anything to draw: an invoice or an amount in some bucket. Else it says 'No data found.'. */
export const hasStats = (series: StatsSeries) =>
  series.counts.some((c) => c !== null && c > 0) || series.totals.some((t) => t !== null && t !== 0);

const rupees = (paise: readonly (number | null)[]) => paise.map((p) => (p === null ? null : p / 100));

/** The tooltip's heading: the bucket's full name ('23–30 November 2025', 'Week 4, 22–28 Nov'). */
const heading = (bucket: ChartBucket) =>
  `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(bucket.name)}</div>`;

/** The hovered bucket's index (axis tooltips get one item per series; all share it). */
function hoveredIndex(params: TooltipParams): number | undefined {
  const first = Array.isArray(params)
    ? (params as readonly { dataIndex: number }[])[0]
    : (params as { dataIndex: number });
  return first?.dataIndex;
}

/**
 * The 'Total Invoices' line: each bucket's total, with its amount and invoice count in the tooltip; no point
 * where the bucket has not started.
 */
export function totalInvoicesOption(series: StatsSeries): ChartOption {
  const name = 'Total Invoices';
  const data = rupees(series.totals);
  // The kit's builder takes numbers; the future buckets' null goes back into the series' data below.
  const base = lineOption({
    name,
    categories: series.categories,
    values: data.map((v) => v ?? 0),
    counts: series.counts.map((c) => c ?? 0),
  });
  const tooltip = (params: TooltipParams) => {
    const i = hoveredIndex(params);
    const bucket = i === undefined ? undefined : series.buckets[i];
    if (i === undefined || !bucket) return '';
    const total = series.totals[i] ?? null;
    if (total === null) return `${heading(bucket)}<div>${name}: ${NOT_STARTED}</div>`;
    return `${heading(bucket)}<div>${name}: <strong>${formatMoney(total)}</strong><br/>Invoices: ${formatCount(series.counts[i])}</div>`;
  };
  const [line] = base.series as object[];
  return { ...base, tooltip: { ...(base.tooltip as object), formatter: tooltip }, series: [{ ...line, data }] };
}

/** A part of a whole as a percent text ('-' when the whole is zero). */
export const shareText = (part: number, whole: number) => formatPercent(whole > 0 ? (part / whole) * 100 : null);

/** The cleared chart's series names: what was paid by the provider's credit, by its pay, outside it, and the rest. */
function clearedSeriesNames(productName: string) {
  return {
    credit: `${productName} Credit`,
    pay: `${productName} Pay`,
    outside: 'Paid outside',
    other: 'Not itemised',
  } as const;
}

/** The parts the cleared bars stack, in order: credit, pay, outside, and the rest only when the provider leaves some out. */
function clearedParts(series: StatsSeries, productName: string): { name: string; values: (number | null)[] }[] {
  const names = clearedSeriesNames(productName);
  const parts = [
    { name: names.credit, values: series.credit },
    { name: names.pay, values: series.pay },
    { name: names.outside, values: series.outside },
  ];
  return series.other.some((v) => v !== null && v !== 0)
    ? [...parts, { name: names.other, values: series.other }]
    : parts;
}

/**
 * The 'Cleared' tooltip of the hovered bucket: the cleared total and invoice count, then every stacked part
 * (credit, pay, paid outside) with its percent of that total. HTML-escaped.
 */
export function clearedTooltip(series: StatsSeries, productName: string): (params: TooltipParams) => string {
  const parts = clearedParts(series, productName);
  return (params) => {
    const i = hoveredIndex(params);
    const bucket = i === undefined ? undefined : series.buckets[i];
    if (i === undefined || !bucket) return '';
    const total = series.totals[i] ?? null;
    if (total === null) return `${heading(bucket)}<div>Cleared: ${NOT_STARTED}</div>`;
    const line = (name: string, amount: number) =>
      `<div>${escapeHtml(name)}: <strong>${formatMoney(amount)}</strong> (${shareText(amount, total)})</div>`;
    return [
      heading(bucket),
      `<div>Total cleared: <strong>${formatMoney(total)}</strong></div>`,
      `<div>Invoices: ${formatCount(series.counts[i] ?? 0)}</div>`,
      ...parts.map((p) => line(p.name, p.values[i] ?? 0)),
    ].join('');
  };
}

/**
 * The 'Cleared' bars: credit, pay and paid outside stacked on one bar per bucket, so each bar is as tall as
 * the bucket's cleared total (the tooltip's 'Total cleared'); no bar where the bucket has not started.
 */
export function clearedOption(series: StatsSeries, productName: string): ChartOption {
  const parts = clearedParts(series, productName);
  const base = barOption({
    categories: series.categories,
    series: parts.map((p) => ({
      name: p.name,
      values: rupees(p.values).map((v) => v ?? 0),
      counts: series.counts.map((c) => c ?? 0),
    })),
    stacked: true,
    tooltip: clearedTooltip(series, productName),
  });
  // The kit's builder takes numbers; the future buckets' null goes back into each series' data.
  const bars = (base.series as object[]).map((bar, k) => ({ ...bar, data: rupees(parts[k]!.values) }));
  return { ...base, series: bars };
}

/** The figures as text for screen readers (the chart itself is a picture): every bucket by its full name. */
export function statsSummary(chart: 'shared' | 'cleared', series: StatsSeries, productName: string): string {
  const parts = series.buckets.map((bucket, i) => {
    const total = series.totals[i] ?? null;
    if (total === null) return `${bucket.name}: ${NOT_STARTED}`;
    const base = `${bucket.name}: ${formatMoney(total)}, ${formatCount(series.counts[i] ?? 0)} invoices`;
    if (chart === 'shared') return base;
    const split = clearedParts(series, productName).map(
      (p) => `${p.name} ${formatMoney(p.values[i] ?? 0)}, ${shareText(p.values[i] ?? 0, total)}`,
    );
    return `${base} (${split.join('; ')})`;
  });
  const sum = series.totals.reduce<number>((a, b) => a + (b ?? 0), 0);
  return `${parts.join('; ')}. Total ${formatMoney(sum)}.`;
}

// ---------------------------------------------------------------------------------------------------
// The boxes' parts
// ---------------------------------------------------------------------------------------------------

/** A figure under a box's whole, in paise (null until the answer is there). */
export interface BoxPart {
  /** Its test id on the page ('stats-cleared-credit'). */
  id: string;
  label: string;
  amount: number | null;
  /** Set on a part that lies inside another part (90+ inside 30+): it is not added again to the whole. */
  within?: string;
}

/** The parts that are added up to the whole (not the ones inside another part). */
const addedParts = (parts: readonly BoxPart[]) => parts.filter((p) => p.within === undefined);

/** The sum of the added parts; null while a part is unknown. */
export function sumOfParts(parts: readonly BoxPart[]): number | null {
  let sum = 0;
  for (const part of addedParts(parts)) {
    if (part.amount === null) return null;
    sum += part.amount;
  }
  return sum;
}

/** The rest of a whole that the provider's parts leave out, as a part of its own when it is not zero. */
function withRest(whole: number | undefined, parts: BoxPart[], id: string, label: string): BoxPart[] {
  const sum = sumOfParts(parts);
  if (whole === undefined || sum === null || sum === whole) return parts;
  return [...parts, { id, label, amount: whole - sum }];
}

const NOT_ITEMISED = 'Not itemised';

type ClearedSummary = {
  total_cleared_amount: number;
  cleared_using_credit: number;
  cleared_using_pay: number;
  cleared_outside?: number | undefined;
};

/**
 * Box 1's Total Cleared and its parts: cleared using the limit (credit), using pay, and paid outside (the
 * provider's cleared_outside, or the rest when it does not send it). They add up to Total Cleared; if the
 * provider's three do not, the difference shows as 'Not itemised'.
 */
export function clearedBreakdown(summary: ClearedSummary | undefined, productName: string): BoxPart[] {
  const parts: BoxPart[] = [
    {
      id: 'stats-cleared-credit',
      label: `Cleared using Limit (${productName} Credit)`,
      amount: summary?.cleared_using_credit ?? null,
    },
    {
      id: 'stats-cleared-pay',
      label: `Cleared using Pay (${productName} Pay)`,
      amount: summary?.cleared_using_pay ?? null,
    },
    {
      id: 'stats-cleared-outside',
      label: 'Paid outside',
      amount: summary
        ? (summary.cleared_outside ??
          summary.total_cleared_amount - summary.cleared_using_credit - summary.cleared_using_pay)
        : null,
    },
  ];
  return withRest(summary?.total_cleared_amount, parts, 'stats-cleared-other', NOT_ITEMISED);
}

type OutstandingSummary = {
  total_overdue_invoices_amount: number;
  regular_open_invoices_amount: number;
  overdue_invoices_amount_upto_30_days?: number | undefined;
  overdue_invoices_amount_30_days: number;
  overdue_invoices_amount_90_days: number;
  in_progress_invoices_amount?: number | undefined;
};

/**
 * Box 2's Current Outstanding and its parts, disjoint as the due filters count them: Not Overdue, Overdue
 * 1–30 days, Overdue 30+ (with 90+ inside it, shown as 'of 30+') and In-Progress. They add up to the
 * outstanding; what a provider does not itemise (it may not send 1–30 days or in-progress) shows as 'Not itemised'.
 */
export function outstandingBreakdown(summary: OutstandingSummary | undefined): BoxPart[] {
  const parts: BoxPart[] = [
    { id: 'stats-not-overdue', label: 'Not Overdue', amount: summary?.regular_open_invoices_amount ?? null },
  ];
  if (!summary || summary.overdue_invoices_amount_upto_30_days !== undefined) {
    parts.push({
      id: 'stats-overdue-1-30',
      label: 'Overdue 1–30 days',
      amount: summary?.overdue_invoices_amount_upto_30_days ?? null,
    });
  }
  parts.push(
    { id: 'stats-overdue-30', label: 'Overdue 30+', amount: summary?.overdue_invoices_amount_30_days ?? null },
    {
      id: 'stats-overdue-90',
      label: 'Overdue 90+ (of 30+)',
      amount: summary?.overdue_invoices_amount_90_days ?? null,
      within: 'stats-overdue-30',
    },
  );
  if (!summary || summary.in_progress_invoices_amount !== undefined) {
    parts.push({ id: 'stats-in-progress', label: 'In-Progress', amount: summary?.in_progress_invoices_amount ?? null });
  }
  return withRest(summary?.total_overdue_invoices_amount, parts, 'stats-outstanding-other', NOT_ITEMISED);
}

type LimitSummary = { total_available_limit: number; avl_limit_pertaining_for_open_invoices: number };

/**
 * Box 3's Limit Available for Drawdown and its parts: the part pertaining to Not Overdue Invoices and the rest,
 * which add up to it.
 */
export function limitBreakdown(summary: LimitSummary | undefined): BoxPart[] {
  return [
    {
      id: 'stats-limit-open',
      label: 'Limit Available for Drawdown pertaining to Not Overdue Invoices',
      amount: summary?.avl_limit_pertaining_for_open_invoices ?? null,
    },
    {
      id: 'stats-limit-rest',
      label: 'Rest of the Limit Available for Drawdown',
      amount: summary ? summary.total_available_limit - summary.avl_limit_pertaining_for_open_invoices : null,
    },
  ];
}

/** The line under a box's parts that says how they make up the whole: 'The parts add up to X; D is part of B.' */
export function breakdownText(whole: string, parts: readonly BoxPart[]): string {
  const short = (p: BoxPart) => p.label.replace(/ \(of [^)]*\)$/, '');
  const inside = parts
    .filter((p) => p.within !== undefined)
    .map((p) => `${short(p)} is part of ${short(parts.find((q) => q.id === p.within)!)}`);
  return [`The parts add up to ${whole}`, ...inside].join('; ') + '.';
}
