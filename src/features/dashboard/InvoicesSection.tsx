import { REGION_LABELS } from '../../domain/regions';
import { memo, startTransition, useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { FilterInformation, TopPerformers } from '../../api/codecs/dashboard';
import { chartWindow, type ChartPeriod } from '../../domain/chart-periods';
import { formatCount, formatPercent, windowCaption } from '../../lib/format';
import { formatShortMoney } from '../../domain/money';
import { EChart, loadCharts } from '../../ui/charts/EChart';
import { Label, Select } from '../../ui/controls';
import { DateField } from '../../ui/DateField';
import { GhostButton } from '../../ui/form';
import { ProgressBar } from '../../ui/ProgressBar';
import { CardGrid, StatCard } from '../../ui/StatCard';
import { Skeleton } from '../../ui/Skeleton';
import { type GraphWindow } from '../../api/dashboard';
import { useClearedGraph, usePaymentGraph, useSharedGraph, useTopPerformers } from './hooks';
import { SectionHeader, SectionBox } from '../../ui/layout';
import { useChartPanel } from '../../ui/useChartPanel';
import { homeChartOption, homeSeries, homeSummary, type HomeSeries } from './home-charts';

const CHART_TITLES: Record<HomeChart, string> = {
  shared: 'Invoices Shared',
  cleared: 'Invoices Cleared',
  payments: 'Payments',
};

/** The dropdown's words for a period ('This Year' / 'This Month', spec 1 §2.5). */
const SECTION_NAMES: Record<ChartPeriod, string> = { yearly: 'This Year', monthly: 'This Month' };
/** The dropdown's value while the charts' periods differ (a chart's own toggle changed one). */
const MIXED = 'mixed';

const Caption = styled.span`
  display: block;
  font-size: 13px;
`;

/** A card's line under its figure: what it counts (when there is something to say) and the window it covers. */
function CardSub({ text, period, today }: { text?: string | undefined; period: ChartPeriod; today: Date }) {
  return (
    <>
      {text !== undefined && <span>{text}</span>}
      <Caption data-testid="card-window">{windowCaption(period, today)}</Caption>
    </>
  );
}

const windowOf = (period: ChartPeriod, today: Date): GraphWindow => ({ period, ...chartWindow(period, today) });

const HOME_CHARTS = ['shared', 'cleared', 'payments'] as const;
type HomeChart = (typeof HOME_CHARTS)[number];

const CARD_LABELS: Record<HomeChart, string> = {
  shared: 'Invoices Shared',
  cleared: 'Invoices Cleared',
  // Not 'year to date': the card shows the window its caption names (the last 364 days, or this month).
  payments: 'Payments Received',
};

/** Whether a graph answer has the shape of a view: weekly rows for Monthly, month rows for Yearly. */
function fitsView(info: FilterInformation, view: ChartPeriod): boolean {
  return info.every((entry) => 'weekly_data' in entry === (view === 'monthly'));
}

let chartsRequested = false;
/** Starts loading the chart library when the user points at or focuses a card, before the click that needs it. */
function preloadCharts(): void {
  if (chartsRequested) return;
  chartsRequested = true;
  loadCharts().catch(() => {
    chartsRequested = false;
  });
}

const LOADING = <Skeleton $width="60%" $height="28px" />;

/** One card that opens its chart. Memoised: opening another chart or changing another card's period leaves it be. */
const InvoiceCard = memo(function InvoiceCard(props: {
  chart: HomeChart;
  /** The figure, or undefined while it loads. */
  value: string | undefined;
  /** What it counts, when there is something to say. */
  text?: string | undefined;
  period: ChartPeriod;
  today: Date;
  expanded: boolean;
  controls: string;
  onToggle: (chart: HomeChart) => void;
}) {
  const { chart, value, text, period, today, expanded, controls, onToggle } = props;
  return (
    <StatCard
      testId={`card-${chart}`}
      label={CARD_LABELS[chart]}
      value={value ?? LOADING}
      sub={<CardSub text={text} period={period} today={today} />}
      onClick={() => onToggle(chart)}
      expanded={expanded}
      controls={controls}
    />
  );
});

/**
 * Invoices: the dropdown, the three cards (each opening its chart, one at a time) and the top performers.
 *
 * A click answers at once: the dropdown, the pressed cards and toggles and the cards' captions follow the chart
 * panel's state straight away, while what it costs (opening the chart panel; for a new period the requests, the top
 * performers and the open chart's series) runs from deferred copies of the state (`useDeferredValue`), a render
 * React can interrupt. The panel's state lives in a machine read through `useSyncExternalStore`, whose updates React
 * always renders at once, so `startTransition` around its events would defer nothing; the deferred values are what
 * move the work off the click. The chart itself draws after the next paint (EChart).
 */
export function InvoicesSection({ today }: { today: Date }) {
  const panel = useChartPanel(HOME_CHARTS);
  const { open: expanded, section, toggle, setAll, setPeriod, close } = panel;
  // The card shows itself pressed at once; the panel it opens (or the next one) renders in a deferred pass.
  const shownChart = useDeferredValue(expanded);
  const periods = HOME_CHARTS.map((c) => panel.periodOf(c));
  const [sharedPeriod, clearedPeriod, paymentsPeriod] = periods as [ChartPeriod, ChartPeriod, ChartPeriod];
  // The work a period change starts follows these copies, one render behind the click.
  const requestedKey = useDeferredValue(periods.join(' '));
  const requested = requestedKey.split(' ') as [ChartPeriod, ChartPeriod, ChartPeriod];
  const [sharedWindow, clearedWindow, paymentsWindow] = useMemo(
    () =>
      (requestedKey.split(' ') as ChartPeriod[]).map((p) => windowOf(p, today)) as [
        GraphWindow,
        GraphWindow,
        GraphWindow,
      ],
    [requestedKey, today],
  );
  const shared = useSharedGraph(sharedWindow);
  const cleared = useClearedGraph(clearedWindow);
  const payments = usePaymentGraph(paymentsWindow);
  // The dropdown names the charts' period when they share one; after a chart's own toggle it says they differ.
  const uniform = periods.every((p) => p === periods[0]) ? periods[0]! : null;
  const requestedUniform = requested.every((p) => p === requested[0]) ? requested[0] : null;
  // Top performers follow the dropdown: the charts' one period, or while they differ its last choice.
  const performersPeriod = requestedUniform ?? section;
  const performersFilter = useMemo(() => {
    const w = chartWindow(performersPeriod, today);
    return { from_date: w.from, to_date: w.to };
  }, [performersPeriod, today]);
  const performers = useTopPerformers(performersFilter);
  const panelId = useId();
  const info: Record<HomeChart, FilterInformation | undefined> = {
    shared: shared.data?.filter_information,
    cleared: cleared.data?.filter_information,
    payments: payments.data?.filter_information,
  };
  const onView = useCallback((chart: HomeChart, period: ChartPeriod) => setPeriod(chart, period), [setPeriod]);

  return (
    <SectionBox aria-labelledby="invoices-title">
      <SectionHeader>
        <h2 id="invoices-title">Invoices</h2>
        <Label>
          Invoices period
          <Select value={uniform ?? MIXED} onChange={(e) => setAll(e.target.value as ChartPeriod)}>
            <option value="yearly">{SECTION_NAMES.yearly}</option>
            <option value="monthly">{SECTION_NAMES.monthly}</option>
            {uniform === null && (
              <option value={MIXED} disabled>
                Differs per card
              </option>
            )}
          </Select>
        </Label>
      </SectionHeader>
      <CardGrid onPointerOver={preloadCharts} onFocus={preloadCharts}>
        <InvoiceCard
          chart="shared"
          value={shared.data && formatShortMoney(shared.data.invoice_total)}
          text={shared.data && `${formatCount(shared.data.invoice_count)} invoices`}
          period={sharedPeriod}
          today={today}
          expanded={expanded === 'shared'}
          controls={panelId}
          onToggle={toggle}
        />
        <InvoiceCard
          chart="cleared"
          value={cleared.data && formatShortMoney(cleared.data.invoice_total)}
          text={cleared.data && `${formatPercent(cleared.data.cleared_percentage)} cleared`}
          period={clearedPeriod}
          today={today}
          expanded={expanded === 'cleared'}
          controls={panelId}
          onToggle={toggle}
        />
        <InvoiceCard
          chart="payments"
          value={payments.data && formatShortMoney(payments.data.payment_total)}
          period={paymentsPeriod}
          today={today}
          expanded={expanded === 'payments'}
          controls={panelId}
          onToggle={toggle}
        />
        <TopPerformersCard data={performers.data} caption={windowCaption(performersPeriod, today)} />
      </CardGrid>
      <div id={panelId}>
        {shownChart && (
          <ChartPanel
            chart={shownChart}
            view={panel.periodOf(shownChart)}
            requested={requested[HOME_CHARTS.indexOf(shownChart)]!}
            today={today}
            info={info[shownChart]}
            onView={onView}
            onClose={close}
          />
        )}
      </div>
    </SectionBox>
  );
}

const Panel = styled.section`
  margin-top: 16px;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
`;

const PanelBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  h3 {
    margin: 0;
  }
  .toggles {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.primary};
    color: ${({ theme }) => theme.primaryText};
  }
  small {
    color: ${({ theme }) => theme.textMuted};
  }
`;

/** The chart's series: drawn from an answer only once it has the view's shape, so a period change draws once. */
function useShownSeries(info: FilterInformation | undefined, view: ChartPeriod, today: Date): HomeSeries {
  const fits = info !== undefined && fitsView(info, view);
  const [shown, setShown] = useState(() => ({ info: fits ? info : undefined, view }));
  // While the new period's answer is on its way, the previous answer (kept by SWR) stays drawn with its own view.
  if (fits && (shown.info !== info || shown.view !== view)) setShown({ info, view });
  if (info === undefined && shown.info !== undefined) setShown({ info: undefined, view });
  return useMemo(() => homeSeries(shown.info, shown.view, today), [shown, today]);
}

const ChartPanel = memo(function ChartPanel(props: {
  chart: HomeChart;
  /** The chart's period, as its toggles show it. */
  view: ChartPeriod;
  /** The period its figures are requested for (the deferred copy of `view`). */
  requested: ChartPeriod;
  today: Date;
  info: FilterInformation | undefined;
  onView: (chart: HomeChart, view: ChartPeriod) => void;
  onClose: () => void;
}) {
  const { chart, view, requested, today, info, onView, onClose } = props;
  const [custom, setCustom] = useState(false);
  // Spec: the CUSTOM range can be chosen but is not applied; it is kept while the panel is open.
  const [range, setRange] = useState({ from: '', to: '' });
  const rangeId = useId();
  const todayIso = chartWindow('monthly', today).to;
  const series = useShownSeries(info, requested, today);
  const title = CHART_TITLES[chart];
  const option = useMemo(() => homeChartOption(chart, title, series), [chart, title, series]);
  const summary = useMemo(() => homeSummary(series), [series]);
  return (
    <Panel aria-labelledby="chart-title" data-testid={`chart-${chart}`}>
      <PanelBar>
        <div>
          <h3 id="chart-title">{title}</h3>
          <small data-testid="window-caption">{windowCaption(view, today)}</small>
        </div>
        <div className="toggles" role="group" aria-label={`${title} view`}>
          <GhostButton type="button" aria-pressed={view === 'monthly'} onClick={() => onView(chart, 'monthly')}>
            Monthly
          </GhostButton>
          <GhostButton type="button" aria-pressed={view === 'yearly'} onClick={() => onView(chart, 'yearly')}>
            Yearly
          </GhostButton>
          <GhostButton type="button" aria-pressed={custom} onClick={() => startTransition(() => setCustom((c) => !c))}>
            CUSTOM
          </GhostButton>
          <GhostButton type="button" onClick={onClose} aria-label={`Close ${title} chart`}>
            ×
          </GhostButton>
        </div>
      </PanelBar>
      {custom && (
        <PanelBar>
          <Label htmlFor={`${rangeId}-from`}>From</Label>
          <DateField
            id={`${rangeId}-from`}
            label="From date"
            value={range.from}
            max={todayIso}
            onChange={(from) => setRange((r) => ({ ...r, from }))}
          />
          <Label htmlFor={`${rangeId}-to`}>To</Label>
          <DateField
            id={`${rangeId}-to`}
            label="To date"
            value={range.to}
            max={todayIso}
            onChange={(to) => setRange((r) => ({ ...r, to }))}
          />
          <small>A custom range is not applied yet: the chart keeps its Monthly or Yearly window.</small>
        </PanelBar>
      )}
      <EChart
        option={option}
        label={`${title}, ${view === 'yearly' ? 'by month over the last 12 months' : 'by week this month'}`}
        height={300}
        summary={summary}
      />
    </Panel>
  );
});

const Performers = styled.div`
  display: grid;
  gap: 10px;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h3 {
    margin: 0;
    font-size: 16px;
    color: ${({ theme }) => theme.textMuted};
  }
  .row {
    display: grid;
    gap: 4px;
  }
  .row span {
    display: flex;
    justify-content: space-between;
    gap: 8px;
  }
`;

/** Memoised: a chart toggle that does not change the top performers' window leaves it be. */
const TopPerformersCard = memo(function TopPerformersCard({
  data,
  caption,
}: {
  data: TopPerformers | undefined;
  caption: string;
}) {
  return (
    <Performers data-testid="top-performers">
      <h3>Top Performers</h3>
      <Caption className="window">{caption}</Caption>
      {!data && <Skeleton $height="48px" />}
      {data?.top_performers.length === 0 && <p>No data found.</p>}
      {data?.top_performers.map((p) => {
        const share = data.total_payments_received > 0 ? (p.payment_received / data.total_payments_received) * 100 : 0;
        return (
          <div className="row" key={p.region}>
            <span>
              <strong>{REGION_LABELS[p.region]}</strong>
              <span>{formatShortMoney(p.payment_received)}</span>
            </span>
            <ProgressBar percent={share} label={`${REGION_LABELS[p.region]} share of payments received`} />
          </div>
        );
      })}
    </Performers>
  );
});
