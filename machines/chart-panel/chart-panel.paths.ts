/**
 * The chart panel's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import { pathModel } from '../test-paths';
import {
  chartPanelMachine,
  type ChartPanelContext,
  type ChartPanelEvent,
  type ChartPanelInput,
} from './chart-panel.machine';

export const HOME: ChartPanelInput = { charts: ['shared', 'cleared', 'payments'] };
export const STATS: ChartPanelInput = {
  charts: ['box', 'shared', 'cleared'],
  period: 'monthly',
  periods: { box: 'yearly' },
};

/** Every event for each chart of the panel and one it does not have. */
export const panelEvents = (input: ChartPanelInput): ChartPanelEvent[] => [
  ...[...input.charts, 'payments-not-here'].flatMap((chart): ChartPanelEvent[] => [
    { type: 'OPEN', chart },
    { type: 'TOGGLE', chart },
    { type: 'SET_PERIOD', chart, period: 'monthly' },
    { type: 'SET_PERIOD', chart, period: 'yearly' },
  ]),
  { type: 'CLOSE' },
  { type: 'SET_ALL', period: 'monthly' },
  { type: 'SET_ALL', period: 'yearly' },
];
const canTake = ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never;

/** Everything the panel holds: the open chart, the section's period and each chart's. */
export const full = (s: { value: unknown; context: ChartPanelContext }) =>
  JSON.stringify([s.value, s.context.open, s.context.section, s.context.periods]);
/** Only the open chart (the next open chart depends on nothing else): the simple paths are every order of opening, switching and closing. */
export const openChart = (s: { value: unknown; context: ChartPanelContext }) =>
  JSON.stringify([s.value, s.context.open]);

export const chartPanelPaths = pathModel({
  machine: chartPanelMachine,
  effects: [],
  graphs: {
    /** The home panel: every combination of open chart, section and periods. */
    home: { input: HOME, events: panelEvents(HOME), serializeState: full, filterEvents: canTake },
    /** The statistics panel (a chart starting on its own period): the same. */
    stats: { input: STATS, events: panelEvents(STATS), serializeState: full, filterEvents: canTake },
    /** The home panel by its open chart alone (for the simple paths). */
    homeOpenChart: { input: HOME, events: panelEvents(HOME), serializeState: openChart, filterEvents: canTake },
  },
});
