// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { themes } from '../theme';
import { axesOnly, EChart, type EChartsCoreOption } from './EChart';

/** A stand-in for an ECharts instance: records what is drawn and lets the test say when ECharts has painted. */
function fakeChart() {
  const handlers = new Map<string, Set<() => void>>();
  return {
    setOption: vi.fn(),
    setTheme: vi.fn(),
    resize: vi.fn(),
    dispose: vi.fn(),
    isDisposed: () => false,
    on: (name: string, handler: () => void) => {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)!.add(handler);
    },
    off: (name: string, handler: () => void) => handlers.get(name)?.delete(handler),
    /** ECharts painted a frame. */
    rendered: () => {
      for (const handler of handlers.get('rendered') ?? []) handler();
    },
  };
}

const charts = vi.hoisted(() => ({
  made: [] as ReturnType<typeof fakeChart>[],
  legendLoads: 0,
  order: [] as string[],
}));

vi.mock('./echarts', () => ({
  init: () => {
    const chart = fakeChart();
    charts.made.push(chart);
    charts.order.push('init');
    return chart;
  },
  loadLegend: () => {
    charts.legendLoads += 1;
    charts.order.push('legend');
    return Promise.resolve();
  },
}));

type Observed = (entries: { isIntersecting: boolean }[]) => void;
let observers: Observed[] = [];
let idle: (() => void)[] = [];

beforeEach(() => {
  charts.made = [];
  charts.legendLoads = 0;
  charts.order = [];
  observers = [];
  idle = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Observed) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = {
  xAxis: { type: 'category', data: ['a', 'b'] },
  yAxis: { type: 'value' },
  grid: { top: 24 },
  tooltip: { trigger: 'axis' },
  series: [{ type: 'line', data: [1, 2] }],
};
const stacked = {
  ...line,
  legend: { show: true },
  series: [
    { type: 'bar', data: [1, 2], stack: 't' },
    { type: 'bar', data: [3, 4], stack: 't' },
  ],
};

const draw = (option: EChartsCoreOption) =>
  render(
    <ThemeProvider theme={themes.light}>
      <EChart option={option} label="Test chart" />
    </ThemeProvider>,
  );

describe('EChart', () => {
  it('is not created until it comes near the viewport, then draws its axes first and the whole option next, busy until painted', async () => {
    draw(line);
    const img = screen.getByRole('img', { name: 'Test chart' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(charts.made).toHaveLength(0);
    expect(img.getAttribute('aria-busy')).toBe('true');

    act(() => observers[0]!([{ isIntersecting: true }]));
    await vi.waitFor(() => expect(charts.made).toHaveLength(1));
    const chart = charts.made[0]!;
    await vi.waitFor(() => expect(chart.setOption).toHaveBeenCalledTimes(2));
    // First step: only the grid and the axes, drawn at once; then the whole option, rendered at ECharts' next frame.
    expect(chart.setOption.mock.calls[0]).toEqual([axesOnly(line), { notMerge: true }]);
    expect(chart.setOption.mock.calls[0]![0]).not.toHaveProperty('series');
    expect(chart.setOption.mock.calls[1]).toEqual([line, { notMerge: true, lazyUpdate: true }]);
    expect(img.getAttribute('aria-busy')).toBe('true');
    act(() => chart.rendered());
    expect(img.getAttribute('aria-busy')).toBe('false');
    expect(charts.legendLoads).toBe(0);
  });

  it('is created when the browser is idle, even out of view', async () => {
    draw(line);
    expect(charts.made).toHaveLength(0);
    act(() => idle[0]!());
    await vi.waitFor(() => expect(charts.made).toHaveLength(1));
  });

  it('loads the legend before creating a chart whose option shows one', async () => {
    draw(stacked);
    act(() => idle[0]!());
    await vi.waitFor(() => expect(charts.made).toHaveLength(1));
    expect(charts.order).toEqual(['legend', 'init']);
  });

  it('draws a later option in one step, and stays busy until it is painted', async () => {
    const view = draw(line);
    act(() => idle[0]!());
    await vi.waitFor(() => expect(charts.made[0]?.setOption).toHaveBeenCalledTimes(2));
    const chart = charts.made[0]!;
    act(() => chart.rendered());
    const weekly = { ...line, xAxis: { type: 'category', data: ['Week 1'] }, series: [{ type: 'line', data: [5] }] };
    view.rerender(
      <ThemeProvider theme={themes.light}>
        <EChart option={weekly} label="Test chart" />
      </ThemeProvider>,
    );
    const img = screen.getByRole('img', { name: 'Test chart' });
    expect(img.getAttribute('aria-busy')).toBe('true');
    await vi.waitFor(() => expect(chart.setOption).toHaveBeenCalledTimes(3));
    expect(chart.setOption.mock.calls[2]).toEqual([weekly, { notMerge: true, lazyUpdate: true }]);
    act(() => chart.rendered());
    expect(img.getAttribute('aria-busy')).toBe('false');
  });
});
