import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { chartPanelMachine, periodOf } from './chart-panel.machine';

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
    const actor = createActor(chartPanelMachine, { input: { charts: ['box', 'shared', 'cleared'], period: 'monthly' } }).start();
    actor.send({ type: 'OPEN', chart: 'payments' });
    actor.send({ type: 'SET_PERIOD', chart: 'payments', period: 'yearly' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.periods).toEqual({ box: 'monthly', shared: 'monthly', cleared: 'monthly' });
  });
});
