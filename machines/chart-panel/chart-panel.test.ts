import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { ChartPeriod } from '../../src/domain/chart-periods';
import { pathName, type GraphPath } from '../test-paths';
import {
  chartPanelMachine,
  periodOf,
  type ChartPanelContext,
  type ChartPanelEvent,
  type ChartPanelInput,
} from './chart-panel.machine';
import { chartPanelPaths, full, HOME, openChart, STATS } from './chart-panel.paths';

const home = () => createActor(chartPanelMachine, { input: { charts: ['shared', 'cleared', 'payments'] } }).start();

describe('chart panel machine', () => {
  it('opens one chart at a time and closes it', () => {
    const actor = home();
    actor.send({ type: 'OPEN', chart: 'shared' });
    expect(actor.getSnapshot().context.open).toBe('shared');
    actor.send({ type: 'OPEN', chart: 'payments' });
    expect(actor.getSnapshot().context.open).toBe('payments');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.open).toBeNull();
  });

  it('a card toggles its chart: opens it, switches from another, closes it when it is the open one', () => {
    const actor = home();
    actor.send({ type: 'TOGGLE', chart: 'cleared' });
    expect(actor.getSnapshot().context.open).toBe('cleared');
    actor.send({ type: 'TOGGLE', chart: 'shared' });
    expect(actor.getSnapshot().context.open).toBe('shared');
    actor.send({ type: 'TOGGLE', chart: 'shared' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.open).toBeNull();
  });

  it('keeps each chart’s period, and the dropdown sets all three', () => {
    const actor = home();
    actor.send({ type: 'SET_PERIOD', chart: 'cleared', period: 'monthly' });
    expect(actor.getSnapshot().context.periods).toEqual({ shared: 'yearly', cleared: 'monthly', payments: 'yearly' });
    actor.send({ type: 'OPEN', chart: 'shared' });
    actor.send({ type: 'CLOSE' });
    expect(periodOf(actor.getSnapshot().context, 'cleared')).toBe('monthly');
    actor.send({ type: 'SET_ALL', period: 'monthly' });
    expect(actor.getSnapshot().context.periods).toEqual({ shared: 'monthly', cleared: 'monthly', payments: 'monthly' });
    expect(actor.getSnapshot().context.section).toBe('monthly');
    actor.send({ type: 'SET_ALL', period: 'yearly' });
    expect(actor.getSnapshot().context.periods).toEqual({ shared: 'yearly', cleared: 'yearly', payments: 'yearly' });
  });

  it('ignores charts it does not have', () => {
    const actor = createActor(chartPanelMachine, {
      input: { charts: ['box', 'shared', 'cleared'], period: 'monthly' },
    }).start();
    actor.send({ type: 'OPEN', chart: 'payments' });
    actor.send({ type: 'SET_PERIOD', chart: 'payments', period: 'yearly' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.periods).toEqual({ box: 'monthly', shared: 'monthly', cleared: 'monthly' });
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path: the panel's graph replayed on a live actor, checked after every step against a tiny
// reference model computed here from the events alone (which chart is open, each chart's period).

/** The panel as the spec puts it: at most one chart open, a period per chart, the dropdown sets them all. */
function referencePanel(input: ChartPanelInput) {
  const charts = [...input.charts];
  const section: ChartPeriod = input.period ?? 'yearly';
  const state = {
    open: null as string | null,
    section,
    periods: Object.fromEntries(charts.map((c) => [c, input.periods?.[c] ?? section])) as Record<string, ChartPeriod>,
  };
  const has = (chart: string) => charts.includes(chart);
  return {
    state,
    send(event: ChartPanelEvent) {
      if (event.type === 'OPEN' && has(event.chart)) state.open = event.chart;
      if (event.type === 'TOGGLE' && has(event.chart)) state.open = state.open === event.chart ? null : event.chart;
      if (event.type === 'CLOSE') state.open = null;
      if (event.type === 'SET_PERIOD' && has(event.chart))
        state.periods = { ...state.periods, [event.chart]: event.period };
      if (event.type === 'SET_ALL') {
        state.section = event.period;
        state.periods = Object.fromEntries(charts.map((c) => [c, event.period]));
      }
    },
  };
}

const UNKNOWN: ChartPanelEvent[] = [
  { type: 'OPEN', chart: 'nope' },
  { type: 'TOGGLE', chart: 'nope' },
  { type: 'SET_PERIOD', chart: 'nope', period: 'monthly' },
];

/** Replays a path on a live panel; after every step (and after events naming no chart of it) it is the reference. */
function replayPanel(
  input: ChartPanelInput,
  path: GraphPath<{ value: unknown; context: ChartPanelContext }>,
  serialize: (s: { value: unknown; context: ChartPanelContext }) => string,
  /** Events sent after step `index` (to both), which must not change what `serialize` keeps. */
  between: (index: number) => ChartPanelEvent[] = () => [],
) {
  const name = pathName(path);
  const actor = createActor(chartPanelMachine, { input }).start();
  const reference = referencePanel(input);
  const expectReference = (at: string) => {
    const { value, context } = actor.getSnapshot();
    expect(context, at).toEqual({ charts: input.charts, ...reference.state });
    expect(value, at).toBe(reference.state.open === null ? 'closed' : 'open');
    for (const chart of input.charts) expect(periodOf(context, chart), at).toBe(reference.state.periods[chart]);
    expect(periodOf(context, 'nope'), at).toBe(reference.state.section);
  };
  path.steps.forEach((step, index) => {
    if (index > 0) {
      actor.send(step.event as ChartPanelEvent);
      reference.send(step.event as ChartPanelEvent);
    }
    expect(serialize(actor.getSnapshot()), `${name} @${index}`).toBe(serialize(step.state));
    expectReference(`${name} @${index}`);
    for (const event of between(index)) {
      actor.send(event);
      reference.send(event);
      expectReference(`${name} @${index} > ${JSON.stringify(event)}`);
    }
  });
  for (const event of UNKNOWN) actor.send(event);
  expectReference(`${name} > charts it does not have`);
  actor.stop();
  return reference.state;
}

describe('chart panel: every path', () => {
  for (const [label, input, graph] of [
    ['the home panel', HOME, chartPanelPaths.graphs.home],
    ['the statistics panel (a chart starting on its own period)', STATS, chartPanelPaths.graphs.stats],
  ] as const) {
    it(`reaches every combination of open chart, section and periods of ${label}, each matching the reference`, () => {
      const paths = getShortestPaths(chartPanelPaths.machine, graph);
      // 4 open choices (none or one of 3) x 2 section periods x 2^3 chart periods.
      expect(paths.length).toBe(64);
      expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(['closed', 'open']));
      for (const path of paths) replayPanel(input, path, full);
    });
  }

  it('replays every simple path over the open chart, periods changed between the steps, matching the reference', () => {
    // Only `open` is serialised (the next open chart depends on nothing else), so the simple paths are
    // every order of opening, switching and closing; the periods are then changed between the steps.
    const paths = getSimplePaths(chartPanelPaths.machine, chartPanelPaths.graphs.homeOpenChart);
    expect(paths.length).toBeGreaterThan(50);
    const periods: ChartPeriod[] = ['monthly', 'yearly'];
    let switched = 0;
    paths.forEach((path, p) => {
      const between = (index: number): ChartPanelEvent[] =>
        index % 3 === 2
          ? [{ type: 'SET_ALL', period: periods[(p + index) % 2]! }]
          : [
              {
                type: 'SET_PERIOD',
                chart: HOME.charts[(p + index) % HOME.charts.length]!,
                period: periods[(p + index + 1) % 2]!,
              },
            ];
      const end = replayPanel(HOME, path, openChart, between);
      if (
        end.open !== null &&
        path.steps.filter((s) => s.event.type === 'OPEN' || s.event.type === 'TOGGLE').length > 1
      )
        switched++;
    });
    expect(switched).toBeGreaterThan(10);
  });
});
