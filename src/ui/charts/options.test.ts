import { describe, expect, it } from 'vitest';
import { themes } from '../theme';
import { chartTheme, escapeHtml } from './chart-theme';
import type { ChartOption, TooltipItem, TooltipParams } from './echarts';
import { amountTooltip, barOption, lineOption, rupeesAxisLabel, rupeesText, showsLegend } from './options';
import { growthColor, orderedRegions, regionTooltipLines, signedPercent, type RegionFigures } from './region-map';

/** The tooltip formatter of an option, called as ECharts calls it. */
function tooltipOf(option: ChartOption): (params: TooltipParams) => string {
  const tooltip = option.tooltip;
  if (!tooltip || Array.isArray(tooltip)) throw new Error('expected one tooltip');
  const formatter = (tooltip as { formatter?: unknown }).formatter;
  if (typeof formatter !== 'function') throw new Error('expected a formatter function');
  return (params) => {
    const result: unknown = (formatter as (p: TooltipParams, ticket: string, cb: () => void) => unknown)(
      params,
      '',
      () => undefined,
    );
    if (typeof result !== 'string') throw new Error('expected a string');
    return result;
  };
}

function item(fields: {
  seriesIndex: number;
  dataIndex: number;
  name?: string;
  seriesName?: string;
  marker?: string;
}): TooltipItem {
  return { componentType: 'series', name: '', ...fields } as TooltipItem;
}

/** Tooltip HTML as the text a reader sees. */
function text(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/div>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();
}

describe('rupeesText and rupeesAxisLabel', () => {
  it('formats rupees through whole paise', () => {
    expect(rupeesText(1234.5)).toBe('₹1,234.50');
    expect(rupeesText(0.1 + 0.2)).toBe('₹0.30');
    expect(rupeesText(1234567.891)).toBe('₹12,34,567.89');
    expect(rupeesText(0)).toBe('₹0.00');
    expect(rupeesText(Number.NaN)).toBe('-');
    expect(rupeesText(undefined)).toBe('-');
  });

  it('labels the amount axis in short form', () => {
    expect(rupeesAxisLabel(150_000)).toBe('₹1.50 L');
    expect(rupeesAxisLabel(25_000_000)).toBe('₹2.50 C');
    expect(rupeesAxisLabel(0)).toBe('₹0.00');
  });
});

describe('lineOption', () => {
  const option = lineOption({
    name: 'Invoices Shared',
    categories: ['Jan', 'Feb'],
    values: [1234.5, 98765.43],
    counts: [3, 1200],
  });

  it('shows the amount and the invoice count of the hovered category', () => {
    const html = tooltipOf(option)([
      item({ seriesIndex: 0, dataIndex: 1, name: 'Feb', seriesName: 'Invoices Shared', marker: '<i></i>' }),
    ]);
    expect(text(html)).toBe('Feb\nInvoices Shared: ₹98,765.43\nInvoices: 1,200');
    expect(html).toContain('<i></i>');
  });

  it('accepts a single item as well as an array', () => {
    expect(text(tooltipOf(option)(item({ seriesIndex: 0, dataIndex: 0 })))).toBe(
      'Jan\nInvoices Shared: ₹1,234.50\nInvoices: 3',
    );
  });

  it('plots rupees on a category axis', () => {
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Jan', 'Feb'] });
    expect(option.series).toMatchObject([{ type: 'line', name: 'Invoices Shared', data: [1234.5, 98765.43] }]);
  });
});

describe('barOption', () => {
  const series = [
    { name: 'Cleared', values: [100, 200.25], counts: [1, 2] },
    { name: 'Pending <b>', values: [0.01, 5_000_000], counts: [0, 45] },
  ];

  it('lists every series at the category, with its amount and count, names escaped', () => {
    const html = tooltipOf(barOption({ categories: ['Week 1', 'Week 2'], series }))([
      item({ seriesIndex: 0, dataIndex: 1 }),
      item({ seriesIndex: 1, dataIndex: 1 }),
    ]);
    expect(html).not.toContain('<b>');
    expect(text(html)).toBe('Week 2\nCleared: ₹200.25\nInvoices: 2\nPending <b>: ₹50,00,000.00\nInvoices: 45');
  });

  it('shows a dash for a missing count rather than a wrong figure', () => {
    const html = amountTooltip(
      ['A'],
      [{ name: 'S', values: [10], counts: [] }],
    )([item({ seriesIndex: 0, dataIndex: 0 })]);
    expect(text(html)).toBe('A\nS: ₹10.00\nInvoices: -');
  });

  it('stacks only when asked and shows a legend only for several series', () => {
    const side = barOption({ categories: ['a'], series });
    const stacked = barOption({ categories: ['a'], series, stacked: true });
    const single = barOption({ categories: ['a'], series: series.slice(0, 1) });
    expect(side.series).toMatchObject([{ type: 'bar' }, { type: 'bar' }]);
    expect((side.series as { stack?: string }[]).every((s) => s.stack === undefined)).toBe(true);
    expect((stacked.series as { stack?: string }[]).map((s) => s.stack)).toEqual(['total', 'total']);
    expect(side.legend).toMatchObject({ show: true });
    expect(single.legend).toBeUndefined();
    expect(showsLegend(side)).toBe(true);
    expect(showsLegend(single)).toBe(false);
  });

  it('says whether an option shows a legend (shown unless show is false)', () => {
    expect(showsLegend({})).toBe(false);
    expect(showsLegend({ legend: { show: false } })).toBe(false);
    expect(showsLegend({ legend: {} })).toBe(true);
    expect(showsLegend({ legend: [{ show: false }, { top: 0 }] })).toBe(true);
  });
});

describe('region map', () => {
  const dark = themes.dark;
  const regions: RegionFigures[] = [
    { region: 'south', utilised: 2_50_000_00, growth: -3.2, overdue90: 4_500_00 },
    { region: 'north', utilised: 1_50_00_000_00, growth: 12.5, overdue90: 2_00_000_00 },
  ];

  it('signs growth in text, so colour is not the only cue', () => {
    expect(signedPercent(12.5)).toBe('+12.50%');
    expect(signedPercent(-3.2)).toBe('\u22123.20%');
    expect(signedPercent(0)).toBe('0.00%');
    expect(signedPercent(-0.001)).toBe('0.00%');
    expect(signedPercent(Number.NaN)).toBe('-');
    expect(growthColor(dark, 1)).toBe(dark.success);
    expect(growthColor(dark, -1)).toBe(dark.danger);
    expect(growthColor(dark, 0)).toBe(dark.textMuted);
  });

  it('shows the region, utilised, signed growth and 90+ overdue in the tooltip', () => {
    const [south, north] = regions as [RegionFigures, RegionFigures];
    expect(regionTooltipLines(north)).toEqual({
      title: 'North',
      utilised: 'Utilised ₹1.50 C',
      growth: '+12.50%',
      direction: 'up',
      overdue90: '90+ overdue ₹2.00 L',
    });
    expect(regionTooltipLines(south)).toEqual({
      title: 'South',
      utilised: 'Utilised ₹2.50 L',
      growth: '\u22123.20%',
      direction: 'down',
      overdue90: '90+ overdue ₹4.50 K',
    });
  });

  it('lists the regions given once each, in display order', () => {
    expect(orderedRegions([...regions, regions[0]!]).map((r) => r.region)).toEqual(['north', 'south']);
  });
});

describe('chart theme and escaping', () => {
  it('takes text and axis colours from the app theme', () => {
    const light = chartTheme(themes.light);
    expect(light).toMatchObject({
      textStyle: { color: themes.light.text },
      valueAxis: { axisLabel: { color: themes.light.textMuted } },
    });
    expect(chartTheme(themes.dark).darkMode).toBe(true);
    expect(chartTheme(themes.dark, true).animation).toBe(false);
    expect('animation' in chartTheme(themes.dark)).toBe(false);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});
