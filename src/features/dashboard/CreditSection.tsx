import { useMemo } from 'react';
import { REGION_LABELS } from '../../domain/regions';
import type { CreditLimitSummary, TopPerformers } from '../../api/codecs/dashboard';
import { countText, formatPercent } from '../../lib/format';
import { formatShortMoney } from '../../domain/money';
import { IndiaRegionMap } from '../../ui/charts/IndiaRegionMap';
import { PeriodSelector } from '../../ui/PeriodSelector';
import { ProgressBar } from '../../ui/ProgressBar';
import { CardGrid, StatCard } from '../../ui/StatCard';
import { LoadFailed } from '../../ui/LoadFailed';
import { Skeleton } from '../../ui/Skeleton';
import { useCreditLimitSummary, useTopPerformers } from './hooks';
import { Panel, SectionBox, SectionHeader } from '../../ui/layout';

const CREDIT_PERIOD = { period: 'this_year' } as const;

/**
 * The default's parts, which add up to it: 1–30 days and 30+ days past due; 90+ is part of 30+
 * (default_90days <= default_30days <= total).
 */
function defaultParts(d: { total: number; default_30days: number; default_90days: number }): string {
  return `1–30 days ${formatShortMoney(d.total - d.default_30days)} + 30+ ${formatShortMoney(d.default_30days)} (of which 90+ ${formatShortMoney(d.default_90days)})`;
}

/** Credit limit available: the summary cards, the region map, the credit top performers and overall utilisation. */
export function CreditSection() {
  const summary = useCreditLimitSummary();
  const performers = useTopPerformers(CREDIT_PERIOD);
  const s = summary.data;
  const regions = useMemo(
    () =>
      s?.regionwise_credit_utilisation.map((r) => ({
        region: r.region,
        utilised: r.region_data.total_utilised,
        growth: r.region_data.utilisation_growth,
        overdue90: r.region_data.overdue_90_days,
      })),
    [s],
  );
  const pending = <Skeleton $width="60%" $height="28px" />;
  return (
    <SectionBox aria-labelledby="credit-title">
      <SectionHeader>
        <h2 id="credit-title">Credit Limit Available</h2>
        <PeriodSelector label="Credit period" value="this_year" options={['this_year']} onChange={() => {}} />
      </SectionHeader>
      {summary.error !== undefined && !s && (
        <div style={{ marginBottom: 16 }}>
          <LoadFailed error={summary.error} onRetry={() => void summary.mutate()} retrying={summary.isValidating} />
        </div>
      )}
      <CardGrid>
        <StatCard
          testId="credit-sanctioned"
          label="Total Credit Limit Sanctioned"
          value={s ? formatShortMoney(s.total_credit_limit_sanctioned.total) : pending}
          sub={
            s
              ? countText(
                  s.total_credit_limit_sanctioned.active_customers,
                  'customer with a sanctioned limit',
                  'customers with a sanctioned limit',
                )
              : undefined
          }
        />
        <StatCard
          testId="credit-utilised"
          label="Utilised"
          value={s ? formatShortMoney(s.utilised_limit_summary.utilised_limit) : pending}
          sub={s ? `Unutilised ${formatShortMoney(s.utilised_limit_summary.unutilised_limit)}` : undefined}
        />
        <StatCard
          testId="credit-default"
          label="Default"
          value={s ? formatShortMoney(s.default.total) : pending}
          sub={s ? defaultParts(s.default) : undefined}
        />
      </CardGrid>
      <CardGrid style={{ marginTop: 16 }}>
        <Panel data-testid="region-map">
          <h3>Region-Wise Credit Utilisation</h3>
          <IndiaRegionMap regions={regions} />
        </Panel>
        <div style={{ display: 'grid', gap: 16, alignContent: 'start' }}>
          <CreditTopPerformers data={performers.data} />
          <OverallUtilisation summary={s} />
        </div>
      </CardGrid>
    </SectionBox>
  );
}

function CreditTopPerformers({ data }: { data: TopPerformers | undefined }) {
  const leaders = data?.credit_top_performers;
  return (
    <Panel data-testid="credit-top-performers">
      <h3>Top Performers</h3>
      {!data ? (
        <Skeleton $height="72px" />
      ) : !leaders ? (
        <p>No data found.</p>
      ) : (
        <dl>
          <dt>Credit utilisation</dt>
          <dd>
            {REGION_LABELS[leaders.credit_utilisation.region]} · {formatShortMoney(leaders.credit_utilisation.utilised)}
          </dd>
          <dt>Credit limit growth</dt>
          <dd>
            {REGION_LABELS[leaders.credit_limit_growth.region]} · {formatPercent(leaders.credit_limit_growth.growth)}
          </dd>
          <dt>Fastest invoice clearance</dt>
          <dd>
            {REGION_LABELS[leaders.invoice_clearance.region]} · {leaders.invoice_clearance.average_days.toFixed(2)} days
          </dd>
        </dl>
      )}
    </Panel>
  );
}

function OverallUtilisation({ summary }: { summary: CreditLimitSummary | undefined }) {
  const figures = summary?.credit_utilisation_summary;
  return (
    <Panel data-testid="overall-utilisation">
      <h3>Overall Credit Utilisation</h3>
      {!figures ? (
        <Skeleton $height="72px" />
      ) : (
        <>
          <dl>
            <dt>Credit utilised</dt>
            <dd>{formatPercent(figures.overall_credit_utilised)}</dd>
          </dl>
          <ProgressBar percent={figures.overall_credit_utilised} label="Overall credit utilised" />
          <dl>
            <dt>Channel finance penetration</dt>
            <dd>{formatPercent(figures.channel_finance_peneration)}</dd>
          </dl>
          <ProgressBar percent={figures.channel_finance_peneration} label="Channel finance penetration" />
        </>
      )}
    </Panel>
  );
}
