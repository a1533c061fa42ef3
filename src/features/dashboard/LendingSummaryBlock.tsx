import { format } from 'date-fns';
import styled from 'styled-components';
import { formatCount, formatPercent } from '../../lib/format';
import { formatShortMoney } from '../../domain/money';
import { ProgressBar } from '../../ui/ProgressBar';
import { LoadFailed } from '../../ui/LoadFailed';
import { Skeleton } from '../../ui/Skeleton';
import { useLendingSummary } from './hooks';
import { Panel, SectionBox } from '../../ui/layout';

const Note = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.textMuted};
`;

/** 'Lending Summary (as on today, DD/MM/YYYY)': sanctioned, customers, utilised against still unutilised, defaults. */
export function LendingSummaryBlock({ today }: { today: Date }) {
  const { data, error, mutate, isValidating } = useLendingSummary();
  const utilised = data?.utilised_limit_summary.utilised_limit ?? 0;
  const unutilised = data?.utilised_limit_summary.unutilised_limit ?? 0;
  const share = utilised + unutilised > 0 ? (utilised / (utilised + unutilised)) * 100 : 0;
  return (
    <SectionBox aria-labelledby="lending-title">
      <Panel data-testid="lending-summary">
        <h2 id="lending-title">Lending Summary (as on today, {format(today, 'dd/MM/yyyy')})</h2>
        {!data && error !== undefined ? (
          <LoadFailed error={error} onRetry={() => void mutate()} retrying={isValidating} />
        ) : !data ? (
          <Skeleton $height="120px" />
        ) : (
          <>
            <dl>
              <dt>Total Credit Limit Sanctioned</dt>
              <dd>{formatShortMoney(data.credit_limit_available.total)}</dd>
              <dt>No. of Customer</dt>
              <dd>
                {data.credit_limit_available.total_distributors === null
                  ? '-'
                  : formatCount(data.credit_limit_available.total_distributors)}
              </dd>
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
              <dd data-testid="lending-default">{formatShortMoney(data.default.total)}</dd>
              <dt>1–30 days</dt>
              <dd data-testid="lending-default-1-30">
                {formatShortMoney(data.default.total - data.default.default_30days)}
              </dd>
              <dt>30+ days</dt>
              <dd data-testid="lending-default-30">{formatShortMoney(data.default.default_30days)}</dd>
              <dt style={{ paddingInlineStart: 16 }}>90+ days (of 30+)</dt>
              <dd data-testid="lending-default-90">{formatShortMoney(data.default.default_90days)}</dd>
            </dl>
            <Note>1–30 days + 30+ days = Default; 90+ days is part of 30+ days.</Note>
          </>
        )}
      </Panel>
    </SectionBox>
  );
}
