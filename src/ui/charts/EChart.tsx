import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { Skeleton } from '../Skeleton';
import { chartTheme } from './chart-theme';
import type * as Charts from './echarts';

/** The lazily loaded ECharts module (see `./echarts`). */
export type ChartsModule = typeof Charts;
export type { ChartOption, ECharts, EChartsCoreOption } from './echarts';

export const DEFAULT_CHART_HEIGHT = 280;

/** Loads the ECharts chunk; the bundler and the browser cache the module, so this fetches it once. */
export function loadCharts(): Promise<ChartsModule> {
  return import('./echarts');
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const Frame = styled.div<{ $height: number }>`
  position: relative;
  width: 100%;
  height: ${({ $height }) => $height}px;
`;

const Host = styled.div`
  position: absolute;
  inset: 0;
`;

const Cover = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.textMuted};
`;

export interface EChartProps {
  /** The chart. A new object redraws it (`notMerge`), so memoise it. */
  option: Charts.EChartsCoreOption;
  /** What the chart shows, for screen readers (the container is `role="img"`). */
  label: string;
  /** Pixels; the skeleton shown while ECharts loads has the same height. Default 280. */
  height?: number;
  /** The figures as text, read by screen readers and visually hidden. */
  summary?: ReactNode;
  /** Called once with the instance after the first draw (e.g. to `dispatchAction`). It is disposed on unmount. */
  onReady?: (chart: Charts.ECharts) => void;
  /** Runs once after ECharts loads and before the chart is created, e.g. to register a map. */
  prepare?: (charts: ChartsModule) => void | Promise<void>;
}

/**
 * An ECharts chart. ECharts is imported on mount, so it is its own chunk and pages without charts never load it;
 * until it arrives a skeleton of the chart's height holds the space. The chart follows the app theme (text, axes,
 * legend and tooltip colours via an ECharts theme, re-applied when the theme changes), resizes with its container
 * and is disposed on unmount.
 */
export function EChart({ option, label, height = DEFAULT_CHART_HEIGHT, summary, onReady, prepare }: EChartProps) {
  const theme = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Charts.ECharts | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest props the one-off effects need, without re-running them.
  const latest = useRef({ theme, onReady, prepare });
  const appliedTheme = useRef<typeof theme | null>(null);

  useEffect(() => {
    latest.current = { theme, onReady, prepare };
  });

  useEffect(() => {
    let cancelled = false;
    let instance: Charts.ECharts | null = null;
    let observer: ResizeObserver | null = null;
    (async () => {
      const charts = await loadCharts();
      await latest.current.prepare?.(charts);
      const host = hostRef.current;
      if (cancelled || !host) return;
      const current = latest.current.theme;
      instance = charts.init(host, chartTheme(current, prefersReducedMotion()), { renderer: 'canvas' });
      appliedTheme.current = current;
      if (typeof ResizeObserver !== 'undefined') {
        const resized = instance;
        observer = new ResizeObserver(() => {
          if (!resized.isDisposed()) resized.resize();
        });
        observer.observe(host);
      }
      setChart(instance);
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('Chart could not be loaded', error);
      setFailed(true);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      instance?.dispose();
      appliedTheme.current = null;
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    chart.setOption(option, { notMerge: true });
  }, [chart, option]);

  useEffect(() => {
    if (!chart || appliedTheme.current === theme) return;
    appliedTheme.current = theme;
    chart.setTheme(chartTheme(theme, prefersReducedMotion()));
  }, [chart, theme]);

  useEffect(() => {
    if (chart) latest.current.onReady?.(chart);
  }, [chart]);

  return (
    <div>
      <Frame $height={height} role="img" aria-label={failed ? `${label} (the chart could not be loaded)` : label} aria-busy={!chart && !failed}>
        <Host ref={hostRef} />
        {!chart && !failed && (
          <Cover aria-hidden>
            <Skeleton $height={`${height}px`} />
          </Cover>
        )}
        {failed && <Cover aria-hidden>The chart could not be loaded.</Cover>}
      </Frame>
      {summary !== undefined && summary !== null && <div className="visually-hidden">{summary}</div>}
    </div>
  );
}
