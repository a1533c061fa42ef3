import { assign, setup } from 'xstate';
import type { ChartView } from '../../src/lib/dashboard-windows';

export type HomeChart = 'shared' | 'cleared' | 'payments';

export interface HomeChartsContext {
  /** The section dropdown's choice; the invoices top-performers card follows it. */
  section: ChartView;
  /** Each chart's own view (its Monthly/Yearly toggle). */
  views: Record<HomeChart, ChartView>;
  /** The chart that is open, when one is. */
  expanded: HomeChart | null;
}

export type HomeChartsEvent =
  | { type: 'EXPAND'; chart: HomeChart }
  | { type: 'CLOSE' }
  | { type: 'SET_VIEW'; chart: HomeChart; view: ChartView }
  /** The section dropdown ('This Year' / 'This Month') sets all three views together. */
  | { type: 'SET_ALL'; view: ChartView };

/**
 * The invoices section of the home page: at most one chart expanded at a time (none, shared, cleared,
 * payments); each chart keeps its own view; the section dropdown sets every chart's view at once.
 */
export const homeChartsMachine = setup({
  types: { context: {} as HomeChartsContext, events: {} as HomeChartsEvent },
}).createMachine({
  id: 'homeCharts',
  context: { section: 'yearly', views: { shared: 'yearly', cleared: 'yearly', payments: 'yearly' }, expanded: null },
  initial: 'collapsed',
  on: {
    SET_VIEW: { actions: assign({ views: ({ context, event }) => ({ ...context.views, [event.chart]: event.view }) }) },
    SET_ALL: {
      actions: assign({ section: ({ event }) => event.view, views: ({ event }) => ({ shared: event.view, cleared: event.view, payments: event.view }) }),
    },
  },
  states: {
    collapsed: {
      on: { EXPAND: { target: 'expanded', actions: assign({ expanded: ({ event }) => event.chart }) } },
    },
    expanded: {
      on: {
        EXPAND: { actions: assign({ expanded: ({ event }) => event.chart }) },
        CLOSE: { target: 'collapsed', actions: assign({ expanded: null }) },
      },
    },
  },
});
