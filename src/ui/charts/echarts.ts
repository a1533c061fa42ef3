/**
 * The one module that imports ECharts (with ./echarts-legend, its optional part). It is loaded with dynamic
 * `import()` by {@link ./EChart}, so ECharts is its own chunk and a page without charts never fetches it. Other
 * modules may only take *types* from here (`import type`), which the compiler erases.
 *
 * Only what the app draws is registered (tree-shaken `echarts/core`): line and bar series; tooltip and grid
 * components; the canvas renderer (the SVG renderer is larger, and the charts' tests point at the canvas). The
 * legend, which only charts of several series show (the invoices page's stacked bars), is its own chunk
 * (./echarts-legend, {@link loadLegend}): the home charts have one series each and never load it. The region map
 * is not an ECharts chart (src/ui/charts/IndiaRegionMap.tsx draws pre-built outlines as SVG), so the map series,
 * the geo coordinate system and the SVG parser stay out.
 */
import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import {
  type ComposeOption,
  type ECharts,
  type EChartsCoreOption,
  init,
  type SetThemeOpts,
  use as registerModules,
} from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerModules([LineChart, BarChart, TooltipComponent, GridComponent, CanvasRenderer]);

export { init };

/**
 * Registers the legend (its own chunk). A chart instance takes the legend's data filter when it is created, so
 * call this before `init` for a chart that shows one.
 */
export function loadLegend(): Promise<void> {
  return import('./echarts-legend').then(({ registerLegend }) => registerLegend());
}

/** A chart instance. */
export type { ECharts, EChartsCoreOption, SetThemeOpts };

/** An option built only from the series and components registered above. */
export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | TooltipComponentOption | GridComponentOption | LegendComponentOption
>;

export type { BarSeriesOption, LineSeriesOption, TooltipComponentOption };

/** The callback form of `tooltip.formatter`, and the parameters ECharts calls it with (one item, or one per series on an axis). */
export type TooltipFormatter = Extract<NonNullable<TooltipComponentOption['formatter']>, (...args: never[]) => unknown>;
export type TooltipParams = Parameters<TooltipFormatter>[0];
/** One series' entry in {@link TooltipParams}. */
export type TooltipItem = Exclude<TooltipParams, readonly unknown[]>;
