import { assign, setup } from 'xstate';
import type { ChartPeriod } from '../../src/domain/chart-periods';

export interface ChartPanelInput {
  /** Every chart (or box) of the panel that has its own period, in screen order. */
  charts: readonly string[];
  /** The period every chart starts on (and the section's). */
  period?: ChartPeriod;
  /** Charts that start on another period. */
  periods?: Readonly<Partial<Record<string, ChartPeriod>>>;
}

export interface ChartPanelContext {
  charts: readonly string[];
  /** The panel's own choice (the home section dropdown); SET_ALL sets it and every chart's period. */
  section: ChartPeriod;
  /** Each chart's own period (its Monthly / Yearly toggle). */
  periods: Readonly<Record<string, ChartPeriod>>;
  /** The chart that is open, when one is. */
  open: string | null;
}

export type ChartPanelEvent =
  /** Open a chart (another open one closes). */
  | { type: 'OPEN'; chart: string }
  /** A chart's card: opens it, or closes it when it is the open one. */
  | { type: 'TOGGLE'; chart: string }
  | { type: 'CLOSE' }
  | { type: 'SET_PERIOD'; chart: string; period: ChartPeriod }
  /** The section dropdown ('This Year' / 'This Month') sets every chart's period together. */
  | { type: 'SET_ALL'; period: ChartPeriod };

const everyChart = (charts: readonly string[], period: ChartPeriod) =>
  Object.fromEntries(charts.map((c) => [c, period]));

/**
 * "One chart open, a period per chart" (spec 1 §4 home invoices section, §6 invoice statistics): at most
 * one chart is open at a time; each chart keeps its own period while others open and close; the section
 * dropdown sets every period at once. Events naming a chart the panel does not have are ignored.
 */
export const chartPanelMachine = setup({
  types: { context: {} as ChartPanelContext, events: {} as ChartPanelEvent, input: {} as ChartPanelInput },
  guards: {
    known: ({ context, event }) => 'chart' in event && context.charts.includes(event.chart),
    isOpenChart: ({ context, event }) => 'chart' in event && context.open === event.chart,
  },
}).createMachine({
  id: 'chartPanel',
  // No input (a graph traversal, an inspector) means the home page's three charts.
  context: ({ input }) => {
    const given = input as ChartPanelInput | undefined;
    const charts = given?.charts ?? ['shared', 'cleared', 'payments'];
    const period = given?.period ?? 'yearly';
    const starting = Object.fromEntries(charts.map((c) => [c, given?.periods?.[c] ?? period]));
    return { charts, section: period, periods: starting, open: null };
  },
  initial: 'closed',
  on: {
    SET_PERIOD: {
      guard: 'known',
      actions: assign({ periods: ({ context, event }) => ({ ...context.periods, [event.chart]: event.period }) }),
    },
    SET_ALL: {
      actions: assign({
        section: ({ event }) => event.period,
        periods: ({ context, event }) => everyChart(context.charts, event.period),
      }),
    },
  },
  states: {
    closed: {
      on: {
        OPEN: { guard: 'known', target: 'open', actions: assign({ open: ({ event }) => event.chart }) },
        TOGGLE: { guard: 'known', target: 'open', actions: assign({ open: ({ event }) => event.chart }) },
      },
    },
    open: {
      on: {
        OPEN: { guard: 'known', actions: assign({ open: ({ event }) => event.chart }) },
        TOGGLE: [
          { guard: 'isOpenChart', target: 'closed', actions: assign({ open: null }) },
          { guard: 'known', actions: assign({ open: ({ event }) => event.chart }) },
        ],
        CLOSE: { target: 'closed', actions: assign({ open: null }) },
      },
    },
  },
});

/** A chart's period (the panel's section period for a chart it does not know). */
export const periodOf = (context: ChartPanelContext, chart: string): ChartPeriod =>
  context.periods[chart] ?? context.section;
