import { REGION_LABELS } from '../../domain/regions';
import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { FilterInformation, TopPerformers } from '../../api/codecs/dashboard';
import { chartWindow, type ChartPeriod } from '../../domain/chart-periods';
import { formatCount, formatDate, formatPercent } from '../../lib/format';
import { formatShortMoney } from '../../domain/money';
import { EChart } from '../../ui/charts/EChart';
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
import { homeChartOption, homeSeries, homeSummary } from './home-charts';

const CHART_TITLES: Record<HomeChart, string> = { shared: 'Invoices Shared', cleared: 'Invoices Cleared', payments: 'Payments' };

/** The dropdown's words for a period ('This Year' / 'This Month', spec 1 §2.5). */
const SECTION_NAMES: Record<ChartPeriod, string> = { yearly: 'This Year', monthly: 'This Month' };
/** The dropdown's value while the charts' periods differ (a chart's own toggle changed one). */
const MIXED = 'mixed';

/** What a card or a chart covers, in words and dates: 'This year: 23 Nov 2025 to 22 Nov 2026'. */
export function windowCaption(period: ChartPeriod, today: Date): string {
  const { from, to } = chartWindow(period, today);
  return `${period === 'yearly' ? 'This year' : 'This month'}: ${formatDate(from)} to ${formatDate(to)}`;
}

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

/** Invoices: the dropdown, the three cards (each opening its chart, one at a time) and the top performers. */
export function InvoicesSection({ today }: { today: Date }) {
  const panel = useChartPanel(HOME_CHARTS);
  const { open: expanded, section } = panel;
  const shared = useSharedGraph(windowOf(panel.periodOf('shared'), today));
  const cleared = useClearedGraph(windowOf(panel.periodOf('cleared'), today));
  const payments = usePaymentGraph(windowOf(panel.periodOf('payments'), today));
  // The dropdown names the charts' period when they share one; after a chart's own toggle it says they differ.
  const periods = HOME_CHARTS.map((c) => panel.periodOf(c));
  const uniform = periods.every((p) => p === periods[0]) ? periods[0]! : null;
  // Top performers follow the dropdown: the charts' one period, or while they differ its last choice.
  const performersPeriod = uniform ?? section;
  const performersWindow = chartWindow(performersPeriod, today);
  const performers = useTopPerformers({ from_date: performersWindow.from, to_date: performersWindow.to });
  const panelId = useId();
  const loading = <Skeleton $width="60%" $height="28px" />;

  return (
    <SectionBox aria-labelledby="invoices-title">
      <SectionHeader>
        <h2 id="invoices-title">Invoices</h2>
        <Label>
          Invoices period
          <Select value={uniform ?? MIXED} onChange={(e) => panel.setAll(e.target.value as ChartPeriod)}>
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
      <CardGrid>
        <StatCard
          testId="card-shared"
          label="Invoices Shared"
          value={shared.data ? formatShortMoney(shared.data.invoice_total) : loading}
          sub={<CardSub text={shared.data ? `${formatCount(shared.data.invoice_count)} invoices` : undefined} period={panel.periodOf('shared')} today={today} />}
          onClick={() => panel.toggle('shared')}
          expanded={expanded === 'shared'}
          controls={panelId}
        />
        <StatCard
          testId="card-cleared"
          label="Invoices Cleared"
          value={cleared.data ? formatShortMoney(cleared.data.invoice_total) : loading}
          sub={<CardSub text={cleared.data ? `${formatPercent(cleared.data.cleared_percentage)} cleared` : undefined} period={panel.periodOf('cleared')} today={today} />}
          onClick={() => panel.toggle('cleared')}
          expanded={expanded === 'cleared'}
          controls={panelId}
        />
        <StatCard
          testId="card-payments"
          // Not 'year to date': the card shows the window its caption names (the last 364 days, or this month).
          label="Payments Received"
          value={payments.data ? formatShortMoney(payments.data.payment_total) : loading}
          sub={<CardSub period={panel.periodOf('payments')} today={today} />}
          onClick={() => panel.toggle('payments')}
          expanded={expanded === 'payments'}
          controls={panelId}
        />
        <TopPerformersCard data={performers.data} caption={windowCaption(performersPeriod, today)} />
      </CardGrid>
      <div id={panelId}>
        {expanded && (
          <ChartPanel
            chart={expanded}
            view={panel.periodOf(expanded)}
            today={today}
            info={(expanded === 'shared' ? shared.data : expanded === 'cleared' ? cleared.data : payments.data)?.filter_information}
            onView={(period) => panel.setPeriod(expanded, period)}
            onClose={panel.close}
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
  h3 { margin: 0; }
  .toggles { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.primary}; color: ${({ theme }) => theme.primaryText}; }
  small { color: ${({ theme }) => theme.textMuted}; }
`;

function ChartPanel(props: {
  chart: HomeChart;
  view: ChartPeriod;
  today: Date;
  info: FilterInformation | undefined;
  onView: (view: ChartPeriod) => void;
  onClose: () => void;
}) {
  const { chart, view, today, info, onView, onClose } = props;
  const [custom, setCustom] = useState(false);
  // Spec: the CUSTOM range can be chosen but is not applied; it is kept while the panel is open.
  const [range, setRange] = useState({ from: '', to: '' });
  const rangeId = useId();
  const todayIso = chartWindow('monthly', today).to;
  const series = useMemo(() => homeSeries(info, view, today), [info, view, today]);
  const title = CHART_TITLES[chart];
  const option = useMemo(() => homeChartOption(chart, title, series), [chart, title, series]);
  return (
    <Panel aria-labelledby="chart-title" data-testid={`chart-${chart}`}>
      <PanelBar>
        <div>
          <h3 id="chart-title">{title}</h3>
          <small data-testid="window-caption">{windowCaption(view, today)}</small>
        </div>
        <div className="toggles" role="group" aria-label={`${title} view`}>
          <GhostButton type="button" aria-pressed={view === 'monthly'} onClick={() => onView('monthly')}>
            Monthly
          </GhostButton>
          <GhostButton type="button" aria-pressed={view === 'yearly'} onClick={() => onView('yearly')}>
            Yearly
          </GhostButton>
          <GhostButton type="button" aria-pressed={custom} onClick={() => setCustom((c) => !c)}>
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
          <DateField id={`${rangeId}-from`} label="From date" value={range.from} max={todayIso} onChange={(from) => setRange((r) => ({ ...r, from }))} />
          <Label htmlFor={`${rangeId}-to`}>To</Label>
          <DateField id={`${rangeId}-to`} label="To date" value={range.to} max={todayIso} onChange={(to) => setRange((r) => ({ ...r, to }))} />
          <small>A custom range is not applied yet: the chart keeps its Monthly or Yearly window.</small>
        </PanelBar>
      )}
      <EChart
        option={option}
        label={`${title}, ${view === 'yearly' ? 'by month over the last 12 months' : 'by week this month'}`}
        height={300}
        summary={homeSummary(series)}
      />
    </Panel>
  );
}

const Performers = styled.div`
  display: grid;
  gap: 10px;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h3 { margin: 0; font-size: 16px; color: ${({ theme }) => theme.textMuted}; }
  .row { display: grid; gap: 4px; }
  .row span { display: flex; justify-content: space-between; gap: 8px; }
`;

function TopPerformersCard({ data, caption }: { data: TopPerformers | undefined; caption: string }) {
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
}
