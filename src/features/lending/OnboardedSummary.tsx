import styled from 'styled-components';
import { config } from '../../config';
import type { OnboardedCustomer, OnboardedSummary as Summary } from '../../api/codecs/lending';
import { fetchOnboardedList } from '../../api/lending';
import { SOURCE_FILTERS, type LendingPeriod } from '../../domain/lending';
import { formatMoney, formatShortMoney } from '../../domain/money';
import { APPLICATION_STATUS_LABELS } from '../../domain/statuses';
import { formatCount } from '../../lib/format';
import type { TableState } from '../../lib/table-state';
import { FilterButtons } from '../../ui/controls';
import { GhostButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { PERIOD_NAMES } from '../../ui/PeriodSelector';
import { RiskBadge } from '../../ui/RiskBadge';
import { Skeleton } from '../../ui/Skeleton';
import { CardGrid, StatCard } from '../../ui/StatCard';
import { MODAL_TABLE_MAX_HEIGHT, type Column } from '../../ui/Table';
import { useList } from '../../ui/useList';

const Row = styled.div`
  margin-bottom: 24px;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  margin: 8px 0 0;
  font-size: 14px;
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: end;
  }
`;

const Card = styled.div`
  display: grid;
  gap: 4px;
  align-content: start;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h2 {
    margin: 0;
    font-size: 16px;
    color: ${({ theme }) => theme.textMuted};
  }
  .value {
    font-size: 24px;
    font-weight: 800;
  }
  .head {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
  }
`;

const COLUMNS: readonly Column<OnboardedCustomer>[] = [
  { key: 'name', header: 'Customer Name', render: (r) => r.name },
  { key: 'customer_code', header: 'Customer ID', render: (r) => r.customer_code },
  {
    key: 'amount_outstanding',
    header: 'Amount Outstanding',
    render: (r) => formatMoney(r.amount_outstanding),
    align: 'end',
  },
  {
    key: 'application_status',
    header: 'Customer Status',
    render: (r) => (r.application_status ? APPLICATION_STATUS_LABELS[r.application_status] : '-'),
  },
  { key: 'risk_grading', header: 'Risk', render: (r) => <RiskBadge grade={r.risk_grading} /> },
  { key: 'eligibility_amount', header: 'Eligibility', render: (r) => formatMoney(r.eligibility_amount), align: 'end' },
  {
    key: 'availed',
    header: 'Availed',
    render: (r) => (r.availed === null || r.availed === undefined ? '-' : r.availed ? 'Yes' : 'No'),
  },
  { key: 'availed_amount', header: 'Availed amount', render: (r) => formatMoney(r.availed_amount), align: 'end' },
];

/**
 * The customer-onboarded card (spec 2 §2.1): customers onboarded (paid through SCF, Invoice Pay or ERP),
 * those on SCF + Invoice Pay and those on Invoice Pay only; the rest are said, so the parts add up to the
 * whole. 'Expand' opens the 'All Customer' modal. Beside it: accounts receivable and the available limit.
 */
export function OnboardedSummary({
  summary,
  failed,
  period,
}: {
  summary: Summary | undefined;
  failed: boolean;
  period: LendingPeriod;
}) {
  const list = useList({
    id: 'onboarded',
    resource: 'onboarded',
    params: (state: TableState) => (state.filters.open === '1' ? state : null),
    fetch: (client, state: TableState) => fetchOnboardedList(client, state, config.product),
  });
  const loading = <Skeleton $width="40%" $height="28px" />;
  const value = (text: string) => (summary ? text : failed ? '-' : loading);
  const sources = SOURCE_FILTERS.find((f) => f.key === list.state.filters.sources) ?? SOURCE_FILTERS[0]!;
  const payOnly = summary ? summary.distributors_using_credit_and_pay - summary.distributors_using_credit : 0;
  const erpOnly = summary ? summary.onboarded_distributors_count - summary.distributors_using_credit_and_pay : 0;

  return (
    <Row>
      <CardGrid>
        <Card data-testid="onboarded-card">
          <div className="head">
            <h2>Customers onboarded</h2>
            <GhostButton type="button" aria-haspopup="dialog" onClick={() => list.update({ filters: { open: '1' } })}>
              Expand
            </GhostButton>
          </div>
          <span className="value">{value(formatCount(summary?.onboarded_distributors_count))}</span>
          {summary && (
            <Figures>
              <dt>SCF + Invoice Pay</dt>
              <dd data-testid="onboarded-scf-pay">{formatCount(summary.distributors_using_credit_and_pay)}</dd>
              <dt>of which SCF</dt>
              <dd>{formatCount(summary.distributors_using_credit)}</dd>
              <dt>of which Invoice Pay only</dt>
              <dd data-testid="onboarded-pay-only">{formatCount(payOnly)}</dd>
              <dt>ERP payments only</dt>
              <dd>{formatCount(erpOnly)}</dd>
            </Figures>
          )}
        </Card>
        <StatCard
          testId="receivables-card"
          label="Accounts receivables"
          value={value(formatShortMoney(summary?.account_receivables))}
          sub={`Approved customers' unpaid invoices dated ${PERIOD_NAMES[period].toLowerCase()}`}
        />
        <StatCard
          testId="available-limit-card"
          label="Available limit"
          value={value(formatShortMoney(summary?.available_limit))}
          sub="Sanctioned less utilised, approved customers"
        />
      </CardGrid>
      <Modal open={list.params !== null} title="All Customer" width={TABLE_MODAL_WIDTH} onClose={list.reset}>
        {list.params !== null && (
          <ListBlock
            list={list}
            rows={list.data?.data}
            pagy={list.data?.pagy}
            columns={COLUMNS}
            rowKey={(r) => r.id}
            caption="All customers"
            pagerLabel="All customers"
            pagerUnit="customers"
            search={{ label: 'Search all customers', placeholder: LENDING_PLACEHOLDER }}
            maxHeight={MODAL_TABLE_MAX_HEIGHT}
            filters={
              <FilterButtons role="group" aria-label="Payment source">
                {SOURCE_FILTERS.map((f) => (
                  <GhostButton
                    key={f.key}
                    type="button"
                    aria-pressed={sources.key === f.key}
                    onClick={() => list.update({ filters: { open: '1', sources: f.key } })}
                  >
                    {f.label}
                  </GhostButton>
                ))}
              </FilterButtons>
            }
          />
        )}
      </Modal>
    </Row>
  );
}

const LENDING_PLACEHOLDER = 'Customer Name / Customer ID';
