/**
 * The one module that imports ECharts. It is loaded with dynamic `import()` by {@link ./EChart}, so ECharts is
 * its own chunk and a page without charts never fetches it. Other modules may only take *types* from here
 * (`import type`), which the compiler erases.
 *
 * Only what the app draws is registered (tree-shaken `echarts/core`): line, bar and map series; tooltip, grid and
 * legend components; the canvas renderer. The map series brings the geo coordinate system it needs with it.
 * The canvas renderer is enough for the region map too: ECharts parses a registered SVG map into its own shapes
 * and paints them like any other series, so the SVG renderer (another ~20 KiB) is not needed.
 */
import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption, MapChart, type MapSeriesOption } from 'echarts/charts';
import { GridComponent, type GridComponentOption, LegendComponent, type LegendComponentOption, TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { type ComposeOption, type ECharts, type EChartsCoreOption, init, registerMap, type SetThemeOpts, use as registerModules } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerModules([LineChart, BarChart, MapChart, TooltipComponent, GridComponent, LegendComponent, CanvasRenderer]);

export { init, registerMap };

/** A chart instance. */
export type { ECharts, EChartsCoreOption, SetThemeOpts };

/** An option built only from the series and components registered above. */
export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | MapSeriesOption | TooltipComponentOption | GridComponentOption | LegendComponentOption
>;

export type { BarSeriesOption, LineSeriesOption, MapSeriesOption, TooltipComponentOption };

/** The callback form of `tooltip.formatter`, and the parameters ECharts calls it with (one item, or one per series on an axis). */
export type TooltipFormatter = Extract<NonNullable<TooltipComponentOption['formatter']>, (...args: never[]) => unknown>;
export type TooltipParams = Parameters<TooltipFormatter>[0];
/** One series' entry in {@link TooltipParams}. */
export type TooltipItem = Exclude<TooltipParams, readonly unknown[]>;
