/**
 * The chart legend, its own chunk (see ./echarts `loadLegend`): only charts of several series show one. The plain
 * legend only: no chart here has so many series that its legend would need to scroll.
 */
import { LegendPlainComponent } from 'echarts/components';
import { use as registerModules } from 'echarts/core';

let registered = false;

export function registerLegend(): void {
  if (registered) return;
  registered = true;
  registerModules([LegendPlainComponent]);
}
