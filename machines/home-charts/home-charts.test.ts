import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { homeChartsMachine } from './home-charts.machine';

describe('home charts machine', () => {
  it('opens one chart at a time and closes it', () => {
    const actor = createActor(homeChartsMachine).start();
    actor.send({ type: 'EXPAND', chart: 'shared' });
    expect(actor.getSnapshot().context.expanded).toBe('shared');
    actor.send({ type: 'EXPAND', chart: 'payments' });
    expect(actor.getSnapshot().context.expanded).toBe('payments');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('collapsed');
    expect(actor.getSnapshot().context.expanded).toBeNull();
  });

  it('keeps each chart’s view, and the dropdown sets all three', () => {
    const actor = createActor(homeChartsMachine).start();
    actor.send({ type: 'SET_VIEW', chart: 'cleared', view: 'weekly' });
    expect(actor.getSnapshot().context.views).toEqual({ shared: 'yearly', cleared: 'weekly', payments: 'yearly' });
    actor.send({ type: 'EXPAND', chart: 'shared' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.views.cleared).toBe('weekly');
    actor.send({ type: 'SET_ALL', view: 'weekly' });
    expect(actor.getSnapshot().context.views).toEqual({ shared: 'weekly', cleared: 'weekly', payments: 'weekly' });
    expect(actor.getSnapshot().context.section).toBe('weekly');
    actor.send({ type: 'SET_ALL', view: 'yearly' });
    expect(actor.getSnapshot().context.views).toEqual({ shared: 'yearly', cleared: 'yearly', payments: 'yearly' });
  });

  it('reaches every expanded chart by a shortest path', () => {
    const paths = getShortestPaths(homeChartsMachine, {
      events: [{ type: 'EXPAND', chart: 'shared' }, { type: 'EXPAND', chart: 'cleared' }, { type: 'EXPAND', chart: 'payments' }, { type: 'CLOSE' }],
      serializeState: (s) => `${JSON.stringify(s.value)}:${s.context.expanded}`,
    });
    expect(new Set(paths.map((p) => `${JSON.stringify(p.state.value)}:${p.state.context.expanded}`))).toEqual(
      new Set(['"collapsed":null', '"expanded":shared', '"expanded":cleared', '"expanded":payments']),
    );
  });
});
