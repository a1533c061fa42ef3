import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { Skeleton } from '../Skeleton';
import { chartTheme } from './chart-theme';
import { showsLegend } from './options';
import { nextTask } from '../../lib/next-task';
import { afterPaint, whenVisibleOrIdle } from '../schedule';
import type * as Charts from './echarts';

/** The lazily loaded ECharts module (see `./echarts`). */
export type ChartsModule = typeof Charts;
export type { EChartsCoreOption } from './echarts';

const DEFAULT_CHART_HEIGHT = 280;

/**
 * Loads the ECharts chunk; the bundler and the browser cache the module, so this fetches it once. (One chunk, not
 * several evaluated in turn: each split costs about 2 KiB of gzip in names shared between the pieces.)
 */
export function loadCharts(): Promise<ChartsModule> {
  return import('./echarts');
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
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
  /** Pixels; the skeleton shown until the chart is drawn has the same height, so nothing moves. Default 280. */
  height?: number;
  /** The figures as text, read by screen readers and visually hidden. */
  summary?: ReactNode;
}

/**
 * The first option drawn on a new chart is drawn in steps, each in a task of its own: first only its grid and axes
 * (ECharts' first layout measures every axis label, and runs much of its code for the first time), then the whole
 * option's model, then (at ECharts' next frame) its views and paint. A first chart then never blocks the page for
 * one long task; later options are drawn in one step (model now, views and paint at the next frame).
 */
export function axesOnly(option: Charts.EChartsCoreOption): Charts.EChartsCoreOption {
  const { grid, xAxis, yAxis } = option as { grid?: unknown; xAxis?: unknown; yAxis?: unknown };
  return {
    animation: false,
    ...(grid === undefined ? {} : { grid }),
    ...(xAxis === undefined ? {} : { xAxis }),
    ...(yAxis === undefined ? {} : { yAxis }),
  };
}

/**
 * An ECharts chart. ECharts is imported when the chart is first needed, so it is its own chunk and pages without
 * charts never load it (nor the legend, unless the option shows one). The chart is created once it scrolls near the
 * viewport or the browser is idle, whichever comes first; until it is drawn a skeleton of the chart's height holds
 * the space. Loading, creating the chart and drawing are separate tasks that wait for the next paint (the first draw
 * in several steps, see {@link axesOnly}), so a click that opens a chart or switches its figures paints at once and
 * no step blocks the page for long. The container is `aria-busy` until ECharts has painted the current option. The
 * chart follows the app theme (text, axes, legend and tooltip colours via an ECharts theme, re-applied when the
 * theme changes), resizes with its container and is disposed on unmount.
 */
export function EChart({ option, label, height = DEFAULT_CHART_HEIGHT, summary }: EChartProps) {
  const theme = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Charts.ECharts | null>(null);
  /** The option the chart shows (null until the first draw). */
  const [drawn, setDrawn] = useState<Charts.EChartsCoreOption | null>(null);
  const [failed, setFailed] = useState(false);
  // A chart is created with the legend once an option shows one (the legend takes part in the instance's set-up).
  const [withLegend, setWithLegend] = useState(() => showsLegend(option));
  if (!withLegend && showsLegend(option)) setWithLegend(true);
  // The theme the creation effect needs, without re-running it.
  const latestTheme = useRef(theme);
  const appliedTheme = useRef<typeof theme | null>(null);

  useEffect(() => {
    latestTheme.current = theme;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let instance: Charts.ECharts | null = null;
    let observer: ResizeObserver | null = null;
    const create = async () => {
      const charts = await loadCharts();
      if (withLegend) await charts.loadLegend();
      // Loading ECharts (its first evaluation) and creating the chart are two tasks, not one long one.
      await nextTask();
      if (cancelled) return;
      const current = latestTheme.current;
      instance = charts.init(host, chartTheme(current, prefersReducedMotion()), { renderer: 'canvas' });
      appliedTheme.current = current;
      if (typeof ResizeObserver !== 'undefined') {
        const resized = instance;
        let last = `${host.clientWidth}x${host.clientHeight}`;
        observer = new ResizeObserver(() => {
          const now = `${host.clientWidth}x${host.clientHeight}`;
          if (now === last || resized.isDisposed()) return;
          last = now;
          resized.resize();
        });
        observer.observe(host);
      }
      setChart(instance);
    };
    const cancelWait = whenVisibleOrIdle(host, () => {
      create().catch((error: unknown) => {
        if (cancelled) return;
        console.error('Chart could not be loaded', error);
        setFailed(true);
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      observer?.disconnect();
      instance?.dispose();
      appliedTheme.current = null;
      // When the chart is made again (with the legend), the new one draws from scratch.
      setChart(null);
      setDrawn(null);
    };
  }, [withLegend]);

  // Each new option is drawn after the next paint; a newer one arriving first replaces it. ECharts builds the
  // option's model at once and renders it at its next frame ('rendered' follows the paint).
  const firstDraw = useRef<Charts.ECharts | null>(null);
  useEffect(() => {
    if (!chart) return;
    let cancelStep = () => {};
    const onRendered = () => setDrawn(option);
    const draw = () => {
      if (chart.isDisposed()) return;
      chart.on('rendered', onRendered);
      chart.setOption(option, { notMerge: true, lazyUpdate: true });
    };
    if (firstDraw.current === chart) {
      cancelStep = afterPaint(draw);
    } else {
      cancelStep = afterPaint(() => {
        if (chart.isDisposed()) return;
        firstDraw.current = chart;
        chart.setOption(axesOnly(option), { notMerge: true });
        cancelStep = afterPaint(draw);
      });
    }
    return () => {
      cancelStep();
      if (!chart.isDisposed()) chart.off('rendered', onRendered);
    };
  }, [chart, option]);

  useEffect(() => {
    if (!chart || appliedTheme.current === theme) return;
    return afterPaint(() => {
      if (chart.isDisposed()) return;
      appliedTheme.current = theme;
      chart.setTheme(chartTheme(theme, prefersReducedMotion()));
    });
  }, [chart, theme]);

  const busy = !failed && drawn !== option;
  return (
    <div>
      <Frame
        $height={height}
        role="img"
        aria-label={failed ? `${label} (the chart could not be loaded)` : label}
        aria-busy={busy}
      >
        <Host ref={hostRef} />
        {drawn === null && !failed && (
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
