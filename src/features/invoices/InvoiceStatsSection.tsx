import { format, parseISO } from 'date-fns';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { InvoiceStats, StatsFilterInformation } from '../../api/codecs/invoices';
import { config } from '../../config';
import { formatCount, windowCaption } from '../../lib/format';
import { formatMoney, formatShortMoney } from '../../domain/money';
import { EChart } from '../../ui/charts/EChart';
import { FilterButtons } from '../../ui/controls';
import { ErrorMessage } from '../../ui/LoadFailed';
import { GhostButton } from '../../ui/form';
import { Skeleton } from '../../ui/Skeleton';
import { CardGrid } from '../../ui/StatCard';
import { EMPTY_TEXT } from '../../ui/Table';
import { Panel, SectionBox, SectionHeader } from '../../ui/layout';
import { useInvoiceStats } from './hooks';
import { LoadError } from './layout';
import { type InvoiceStatsParams } from '../../api/invoice-queries';
import { type ChartPeriod } from '../../domain/chart-periods';
import { useChartPanel } from '../../ui/useChartPanel';
import {
  breakdownText,
  clearedBreakdown,
  clearedOption,
  hasStats,
  limitBreakdown,
  outstandingBreakdown,
  productNameOf,
  shareText,
  statsSeries,
  statsSummary,
  totalInvoicesOption,
  type BoxPart,
} from './stats-charts';

type StatsChart = 'shared' | 'cleared';

const CHART_TITLES: Record<StatsChart, string> = { shared: 'Total Invoices', cleared: 'Cleared' };
const VIEW_NAMES: Record<ChartPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };
const productName = productNameOf(config.product);

/**
 * Box 1 and the two charts each have a period: Box 1 starts on Monthly, the charts on Yearly (spec 1 §7:
 * 'Monthly invoice stats cover the current month; the default graph range is the last 364 days').
 */
const STATS_PARTS = ['box', 'shared', 'cleared'] as const;
const STATS_START = { box: 'monthly' } as const;

const Box = styled(Panel)`
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  .big {
    font-size: 24px;
    font-weight: 800;
  }
  .muted {
    color: ${({ theme }) => theme.textMuted};
    font-size: 14px;
    margin: 0;
  }
  /* A part inside another part (90+ of 30+) is indented under it. */
  dt.within {
    padding-inline-start: 16px;
  }
  dd.within {
    font-weight: 600;
  }
`;

const Toggles = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const FigureButton = styled.button`
  display: grid;
  gap: 2px;
  width: 100%;
  padding: 10px 12px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  .label {
    color: ${({ theme }) => theme.textMuted};
    font-weight: 600;
  }
  .value {
    font-size: 22px;
    font-weight: 800;
  }
  .sub {
    color: ${({ theme }) => theme.textMuted};
    font-size: 14px;
  }
  &[aria-expanded='true'] {
    border-color: ${({ theme }) => theme.primary};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.primary};
  }
`;

const ChartPanel = styled.section`
  margin-top: 16px;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    margin-bottom: 8px;
  }
  h3 {
    margin: 0;
  }
  header small {
    color: ${({ theme }) => theme.textMuted};
  }
  .empty {
    display: grid;
    place-items: center;
    min-height: 120px;
    color: ${({ theme }) => theme.textMuted};
  }
`;

/** What a part of the section can show: the answer for its own view, a load under way, or a failure. */
type Part<T> = { state: 'ready'; value: T } | { state: 'loading' } | { state: 'failed' };

function ViewToggle({
  label,
  view,
  onChange,
}: {
  label: string;
  view: ChartPeriod;
  onChange: (view: ChartPeriod) => void;
}) {
  return (
    <FilterButtons role="group" aria-label={label}>
      {(['monthly', 'yearly'] as const).map((v) => (
        <GhostButton key={v} type="button" aria-pressed={view === v} onClick={() => onChange(v)}>
          {VIEW_NAMES[v]}
        </GhostButton>
      ))}
    </FilterButtons>
  );
}

/**
 * A box's parts under its whole, and the line that says they add up to it (and which part lies inside
 * another). Each value is short money with the exact amount in its title.
 */
function Breakdown<T>({
  id,
  whole,
  part,
  parts,
}: {
  id: string;
  whole: string;
  part: Part<T>;
  parts: readonly BoxPart[];
}) {
  return (
    <>
      <dl>
        {parts.map((p) => (
          <div key={p.id} style={{ display: 'contents' }}>
            <dt className={p.within ? 'within' : undefined}>{p.label}</dt>
            <dd className={p.within ? 'within' : undefined} data-testid={p.id}>
              {money(part, () => p.amount ?? 0)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted" data-testid={id}>
        {breakdownText(whole, parts)}
      </p>
    </>
  );
}

/** A figure's value: short money when ready, a skeleton while it loads, '-' when it failed. */
function money<T>(part: Part<T>, pick: (value: T) => number): ReactNode {
  if (part.state === 'ready')
    return <span title={formatMoney(pick(part.value))}>{formatShortMoney(pick(part.value))}</span>;
  if (part.state === 'loading') return <Skeleton $width="90px" $height="22px" />;
  return '-';
}

/**
 * Invoice statistics (spec 1 §2.6, §3 'Invoice stats'): Box 1 invoices shared and cleared (how: credit or
 * pay) in the Monthly or Yearly window; Box 2 today's outstanding by overdue class; Box 3 the limits
 * available. The shared and cleared figures open their chart ('Total Invoices' line, 'Cleared' bars split
 * credit versus pay), one at a time, each with its own Monthly/Yearly toggle. A toggle asks for a new answer;
 * until it arrives only the parts it changes show skeletons. A failed load is toasted (by the app's SWR
 * configuration) and shown here with Retry.
 */
export function InvoiceStatsSection() {
  const panel = useChartPanel(STATS_PARTS, 'yearly', STATS_START);
  const params: InvoiceStatsParams = {
    box: panel.periodOf('box'),
    shared: panel.periodOf('shared'),
    cleared: panel.periodOf('cleared'),
  };
  const expanded = panel.open === 'box' ? null : panel.open;
  const stats = useInvoiceStats(params);
  const day = format(new Date(), 'yyyy-MM-dd');
  const today = useMemo(() => parseISO(day), [day]);
  const ids = { title: useId(), panel: useId() };

  // The answer and the views it was asked for (SWR keeps the previous answer while the next one loads).
  const [loaded, setLoaded] = useState<{ params: InvoiceStatsParams; data: InvoiceStats } | null>(null);
  if (stats.data && !stats.isLoading && stats.error === undefined && loaded?.data !== stats.data)
    setLoaded({ params, data: stats.data });

  const failed = stats.error !== undefined;
  const part = <T,>(fresh: boolean, pick: (data: InvoiceStats) => T): Part<T> =>
    loaded && fresh
      ? { state: 'ready', value: pick(loaded.data) }
      : failed
        ? { state: 'failed' }
        : { state: 'loading' };
  const summary = part(loaded?.params.box === params.box, (d) => d.invoices_summary);
  const outstanding = part(true, (d) => d.overdue_invoices_summary);
  const limits = part(true, (d) => d.available_limits_summary);
  const setView = (which: keyof InvoiceStatsParams) => (period: ChartPeriod) => panel.setPeriod(which, period);
  // A chart opens on its box's window, so the figure clicked and the chart drawn cover the same days.
  const toggle = (chart: StatsChart) => {
    if (panel.open !== chart) panel.setPeriod(chart, params.box);
    panel.toggle(chart);
  };

  const sharedSub =
    summary.state === 'ready' && summary.value.shared_invoice_count !== undefined
      ? `${formatCount(summary.value.shared_invoice_count)} invoices`
      : undefined;
  const clearedSub =
    summary.state === 'ready'
      ? [
          summary.value.cleared_invoice_count === undefined
            ? null
            : `${formatCount(summary.value.cleared_invoice_count)} invoices`,
          `${shareText(summary.value.total_cleared_amount, summary.value.shared_invoice_total_amount)} of shared`,
        ]
          .filter((s) => s !== null)
          .join(', ')
      : undefined;

  return (
    <SectionBox aria-labelledby={ids.title} data-testid="invoice-stats">
      <SectionHeader>
        <h2 id={ids.title}>Invoice Statistics</h2>
      </SectionHeader>
      {failed && (
        <LoadError role="alert" style={{ marginBottom: 16 }}>
          <ErrorMessage error={stats.error} />
          <GhostButton type="button" onClick={() => void stats.mutate()}>
            Retry
          </GhostButton>
        </LoadError>
      )}
      <CardGrid>
        <Box data-testid="stats-box-invoices" aria-busy={summary.state === 'loading'}>
          <header>
            <h3>Total Invoices</h3>
            <ViewToggle label="Invoice summary period" view={params.box} onChange={setView('box')} />
          </header>
          <p className="muted" data-testid="box-window">
            {windowCaption(params.box, today)}
          </p>
          <FigureButton
            type="button"
            data-testid="stats-shared"
            aria-expanded={expanded === 'shared'}
            aria-controls={ids.panel}
            onClick={() => toggle('shared')}
          >
            <span className="label">Total Invoices Shared with {productName}</span>
            <span className="value">{money(summary, (s) => s.shared_invoice_total_amount)}</span>
            {sharedSub && <span className="sub">{sharedSub}</span>}
          </FigureButton>
          <FigureButton
            type="button"
            data-testid="stats-cleared"
            aria-expanded={expanded === 'cleared'}
            aria-controls={ids.panel}
            onClick={() => toggle('cleared')}
          >
            <span className="label">Total Cleared</span>
            <span className="value">{money(summary, (s) => s.total_cleared_amount)}</span>
            {clearedSub && <span className="sub">{clearedSub}</span>}
          </FigureButton>
          <Breakdown
            id="stats-cleared-sum"
            whole="Total Cleared"
            part={summary}
            parts={clearedBreakdown(summary.state === 'ready' ? summary.value : undefined, productName)}
          />
        </Box>

        <Box data-testid="stats-box-outstanding" aria-busy={outstanding.state === 'loading'}>
          <h3>Current Outstanding</h3>
          <span className="big" data-testid="stats-outstanding">
            {money(outstanding, (o) => o.total_overdue_invoices_amount)}
          </span>
          <Breakdown
            id="stats-outstanding-sum"
            whole="Current Outstanding"
            part={outstanding}
            parts={outstandingBreakdown(outstanding.state === 'ready' ? outstanding.value : undefined)}
          />
        </Box>

        <Box data-testid="stats-box-limit" aria-busy={limits.state === 'loading'}>
          <h3>Limit Available</h3>
          <dl>
            <dt>Limit Available for Drawdown</dt>
            <dd data-testid="stats-limit-total">{money(limits, (l) => l.total_available_limit)}</dd>
          </dl>
          <Breakdown
            id="stats-limit-sum"
            whole="Limit Available for Drawdown"
            part={limits}
            parts={limitBreakdown(limits.state === 'ready' ? limits.value : undefined)}
          />
        </Box>
      </CardGrid>

      <div id={ids.panel}>
        {expanded && (
          <StatsChartPanel
            chart={expanded}
            view={params[expanded]}
            today={today}
            part={part(loaded?.params[expanded] === params[expanded], (d) =>
              expanded === 'shared'
                ? d.shared_invoices_graph_data.filter_information
                : d.cleared_invoices_graph_data.filter_information,
            )}
            onView={setView(expanded)}
            onClose={panel.close}
          />
        )}
      </div>
    </SectionBox>
  );
}

function StatsChartPanel(props: {
  chart: StatsChart;
  view: ChartPeriod;
  today: Date;
  part: Part<StatsFilterInformation>;
  onView: (view: ChartPeriod) => void;
  onClose: () => void;
}) {
  const { chart, view, today, part, onView, onClose } = props;
  const title = CHART_TITLES[chart];
  const titleId = useId();
  const info = part.state === 'ready' ? part.value : undefined;
  const series = useMemo(() => statsSeries(info, view, today), [info, view, today]);
  const option = useMemo(
    () => (chart === 'shared' ? totalInvoicesOption(series) : clearedOption(series, productName)),
    [chart, series],
  );
  const described = view === 'yearly' ? 'by month over the last 12 months' : 'by week this month';
  // Opened under the boxes, it may start below the fold: brought into view, as far as it takes.
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [chart]);
  return (
    <ChartPanel
      ref={panelRef}
      aria-labelledby={titleId}
      data-testid={`stats-chart-${chart}`}
      aria-busy={part.state === 'loading'}
    >
      <header>
        <div>
          <h3 id={titleId}>{title}</h3>
          <small data-testid="window-caption">{windowCaption(view, today)}</small>
        </div>
        <Toggles>
          <ViewToggle label={`${title} chart period`} view={view} onChange={onView} />
          <GhostButton type="button" onClick={onClose} aria-label={`Close ${title} chart`}>
            ×
          </GhostButton>
        </Toggles>
      </header>
      {part.state === 'loading' && <Skeleton $height="300px" />}
      {part.state === 'failed' && <p className="empty">The chart could not be loaded.</p>}
      {part.state === 'ready' && !hasStats(series) && <p className="empty">{EMPTY_TEXT}</p>}
      {part.state === 'ready' && hasStats(series) && (
        <EChart
          option={option}
          label={`${title}, ${described}`}
          height={300}
          summary={statsSummary(chart, series, productName)}
        />
      )}
    </ChartPanel>
  );
}
