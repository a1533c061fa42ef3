import { format } from 'date-fns';
import { formatCount, formatPercent } from '../../lib/format';
import { formatShortMoney } from '../../domain/money';
import { ProgressBar } from '../../ui/ProgressBar';
import { Skeleton } from '../../ui/Skeleton';
import { useLendingSummary } from './hooks';
import { Panel, SectionBox } from '../../ui/layout';

/** 'Lending Summary (as on today, DD/MM/YYYY)': sanctioned, customers, utilised against still unutilised, defaults. */
export function LendingSummaryBlock({ today }: { today: Date }) {
  const { data } = useLendingSummary();
  const utilised = data?.utilised_limit_summary.utilised_limit ?? 0;
  const unutilised = data?.utilised_limit_summary.unutilised_limit ?? 0;
  const share = utilised + unutilised > 0 ? (utilised / (utilised + unutilised)) * 100 : 0;
  return (
    <SectionBox aria-labelledby="lending-title">
      <Panel data-testid="lending-summary">
        <h2 id="lending-title">Lending Summary (as on today, {format(today, 'dd/MM/yyyy')})</h2>
        {!data ? (
          <Skeleton $height="120px" />
        ) : (
          <>
            <dl>
              <dt>Total Credit Limit Sanctioned</dt>
              <dd>{formatShortMoney(data.credit_limit_available.total)}</dd>
              <dt>No. of Customer</dt>
              <dd>{data.credit_limit_available.total_distributors === null ? '-' : formatCount(data.credit_limit_available.total_distributors)}</dd>
              <dt>Utilised</dt>
              <dd>
                {formatShortMoney(utilised)} ({formatPercent(share)})
              </dd>
              <dt>Still unutilised</dt>
              <dd>{formatShortMoney(unutilised)}</dd>
            </dl>
            <ProgressBar percent={share} label="Utilised share of the sanctioned limit" />
            <dl>
              <dt>Default</dt>
              <dd>{formatShortMoney(data.default.total)}</dd>
              <dt>30+ days</dt>
              <dd>{formatShortMoney(data.default.default_30days)}</dd>
              <dt>90+ days</dt>
              <dd>{formatShortMoney(data.default.default_90days)}</dd>
            </dl>
          </>
        )}
      </Panel>
    </SectionBox>
  );
}
