/**
 * Typed option builders for the dashboard's amount charts. Amounts are plotted in rupees (the axis reads better
 * than paise) and shown in full in the tooltip: the value is turned back into paise with the kernel's parser
 * and formatted with {@link formatMoney}, next to the number of invoices behind it.
 */
import { formatCount } from '../../lib/format';
import { formatMoney, formatShortMoney, rupeesToPaise } from '../../domain/money';
import { escapeHtml } from './chart-theme';
import type { ChartOption, TooltipItem, TooltipParams } from './echarts';

/** One series of amounts: a value in rupees and an invoice count per category. */
export interface AmountSeries {
  name: string;
  /** Rupees, one per category. */
  values: readonly number[];
  /** Invoices, one per category. */
  counts: readonly number[];
}

export interface LineOptionInput extends AmountSeries {
  categories: readonly string[];
}

export interface BarOptionInput {
  categories: readonly string[];
  series: readonly AmountSeries[];
  /** Stack the series on one bar per category (default: side by side). */
  stacked?: boolean;
  /** A tooltip of the chart's own (default: {@link amountTooltip}, each series' amount and count). */
  tooltip?: (params: TooltipParams) => string;
}

/** A rupee value as the full amount, via whole paise: 1234.5 -> '₹1,234.50'. Non-finite -> '-'. */
export function rupeesText(value: number | null | undefined): string {
  if (value === null || value === undefined) return formatMoney(null);
  return formatMoney(rupeesToPaise(value));
}

/** A rupee value on the amount axis, in short form: 150000 -> '₹1.50 L'. */
export function rupeesAxisLabel(value: number): string {
  const paise = rupeesToPaise(value);
  return paise === null ? '' : formatShortMoney(paise);
}

function items(params: TooltipParams): TooltipItem[] {
  return Array.isArray(params) ? [...params] : [params];
}

/**
 * The tooltip of an amount chart (axis trigger: one entry per series at the hovered category). Each entry reads
 * `<series>: ₹<amount>` and `Invoices: <count>`, under the category. Names are HTML-escaped.
 */
export function amountTooltip(
  categories: readonly string[],
  series: readonly AmountSeries[],
): (params: TooltipParams) => string {
  return (params) => {
    const entries = items(params);
    const first = entries[0];
    if (!first) return '';
    const category = categories[first.dataIndex] ?? first.name;
    const lines = entries.map((entry) => {
      const source = entry.seriesIndex === undefined ? undefined : series[entry.seriesIndex];
      const value = source?.values[entry.dataIndex];
      const count = source?.counts[entry.dataIndex];
      const marker = typeof entry.marker === 'string' ? entry.marker : '';
      const name = escapeHtml(source?.name ?? entry.seriesName ?? '');
      return `<div>${marker}${name}: <strong>${rupeesText(value)}</strong><br/>Invoices: ${formatCount(count)}</div>`;
    });
    return `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(category)}</div>${lines.join('')}`;
  };
}

const GRID = { left: 12, right: 20, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' } as const;

/** A line of amounts over categories (e.g. months or weeks), with a light area under it. */
export function lineOption({ categories, values, counts, name }: LineOptionInput): ChartOption {
  return {
    grid: { ...GRID, top: 24 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: amountTooltip(categories, [{ name, values, counts }]),
    },
    xAxis: { type: 'category', data: [...categories], boundaryGap: false },
    yAxis: { type: 'value', axisLabel: { formatter: rupeesAxisLabel } },
    series: [{ type: 'line', name, data: [...values], areaStyle: { opacity: 0.15 } }],
  };
}

/**
 * Bars of amounts per category: one series, or several side by side or stacked. Several series have a legend;
 * a single one has none (not even a hidden one: the legend is loaded only for charts that show it, see
 * {@link showsLegend}).
 */
export function barOption({ categories, series, stacked = false, tooltip }: BarOptionInput): ChartOption {
  const legend = series.length > 1;
  return {
    grid: { ...GRID, top: legend ? 40 : 24 },
    ...(legend ? { legend: { show: true, top: 0 } } : {}),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: tooltip ?? amountTooltip(categories, series),
    },
    xAxis: { type: 'category', data: [...categories] },
    yAxis: { type: 'value', axisLabel: { formatter: rupeesAxisLabel } },
    series: series.map((s) => ({
      type: 'bar' as const,
      name: s.name,
      data: [...s.values],
      barMaxWidth: 32,
      ...(stacked ? { stack: 'total' } : {}),
    })),
  };
}

/** Whether an option shows a legend (ECharts shows one unless `show` is false), so the chart must load it first. */
export function showsLegend(option: object): boolean {
  const legend = (option as { legend?: unknown }).legend;
  const entries = Array.isArray(legend)
    ? (legend as unknown[])
    : legend === undefined || legend === null
      ? []
      : [legend];
  return entries.some(
    (entry) => typeof entry === 'object' && entry !== null && (entry as { show?: unknown }).show !== false,
  );
}
