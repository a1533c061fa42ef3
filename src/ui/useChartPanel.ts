import { useMemo } from 'react';
import { chartPanelMachine, periodOf } from '../../machines/chart-panel/chart-panel.machine';
import type { ChartPeriod } from '../domain/chart-periods';
import { useFlowMachine } from '../lib/inspection';

/**
 * A panel of charts where one is open at a time and each keeps its own period (the home invoices section,
 * the invoices page's statistics): the chart-panel machine behind a small API. `charts` must be a constant.
 * The actions keep their identity across renders, so memoised cards and panels that take them do not re-render
 * when only another chart's state changes.
 */
export function useChartPanel<C extends string>(
  charts: readonly C[],
  period: ChartPeriod = 'yearly',
  periods?: Partial<Record<C, ChartPeriod>>,
) {
  const [state, send] = useFlowMachine(chartPanelMachine, {
    input: { charts, period, ...(periods ? { periods } : {}) },
  });
  const { context } = state;
  const actions = useMemo(
    () => ({
      toggle: (chart: C) => send({ type: 'TOGGLE', chart }),
      close: () => send({ type: 'CLOSE' }),
      setPeriod: (chart: C, next: ChartPeriod) => send({ type: 'SET_PERIOD', chart, period: next }),
      setAll: (next: ChartPeriod) => send({ type: 'SET_ALL', period: next }),
    }),
    [send],
  );
  return {
    open: context.open as C | null,
    section: context.section,
    periodOf: (chart: C) => periodOf(context, chart),
    ...actions,
  };
}
