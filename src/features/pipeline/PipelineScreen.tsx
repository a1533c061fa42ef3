import { useId, useState } from 'react';
import styled from 'styled-components';
import type { FundCustomer } from '../../api/codecs/lending';
import { fetchCreditLineSummary, fetchFundAvailable } from '../../api/lending';
import { useApi } from '../../api/useApi';
import { UPLOAD_TEXTS } from '../../domain/csv';
import {
  creditLimitEligible,
  FUND_WINDOWS,
  invoiceOverdueText,
  PIPELINE_SEGMENTS,
  PIPELINE_TITLE,
  segmentOf,
  type FundInDays,
} from '../../domain/lending';
import { formatMoney, formatShortMoney } from '../../domain/money';
import { formatCount, formatDate, formatPercent } from '../../lib/format';
import type { TableState } from '../../lib/table-state';
import { FilterButtons } from '../../ui/controls';
import { CsvUploadModal } from '../../ui/csv-upload/CsvUploadModal';
import { Button, GhostButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { LoadFailed } from '../../ui/LoadFailed';
import { Modal } from '../../ui/Modal';
import { ProgressBar } from '../../ui/ProgressBar';
import { RiskBadge } from '../../ui/RiskBadge';
import { Skeleton } from '../../ui/Skeleton';
import type { Column } from '../../ui/Table';
import { useList } from '../../ui/useList';
import { CustomerMasterWizard } from './CustomerMasterWizard';

const Page = styled.div`
  padding: 24px;
  h1 {
    margin: 0 0 24px;
  }
  > section {
    margin-bottom: 32px;
  }
  h2 {
    margin: 0 0 12px;
    font-size: 20px;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 16px;
`;

const Card = styled.div`
  display: grid;
  gap: 6px;
  align-content: start;
  padding: 16px;
  border-radius: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  h3 {
    margin: 0;
    font-size: 16px;
    color: ${({ theme }) => theme.textMuted};
  }
  .value {
    font-size: 24px;
    font-weight: 800;
  }
  .sub {
    color: ${({ theme }) => theme.textMuted};
    font-size: 14px;
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 4px 12px;
    margin: 0;
    font-size: 14px;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: end;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: 8px;
  }
`;

const Preview = styled.p`
  padding: 12px;
  border-radius: 8px;
  border: 1px dashed ${({ theme }) => theme.border};
  color: ${({ theme }) => theme.textMuted};
`;

const useCreditLineSummary = () => useApi(['credit-line-summary'], fetchCreditLineSummary);

/** 'Add New Invoices and Customers' (spec 2 §2.5): when invoices last arrived, and the two uploads. */
function UploadCard() {
  const summary = useCreditLineSummary();
  const [open, setOpen] = useState<'invoices' | 'customers' | null>(null);
  const titleId = useId();
  const close = () => {
    setOpen(null);
    void summary.mutate();
  };
  return (
    <Card as="section" aria-labelledby={titleId} data-testid="pipeline-upload-card">
      <h3 id={titleId}>Add New Invoices and Customers</h3>
      <dl>
        <dt>{UPLOAD_TEXTS.lastReceived}</dt>
        <dd data-testid="pipeline-last-invoice" aria-busy={!summary.data && !summary.error}>
          {summary.data ? (
            formatDate(summary.data.last_uploaded_invoice)
          ) : summary.error ? (
            '-'
          ) : (
            <Skeleton $width="110px" $height="20px" />
          )}
        </dd>
      </dl>
      <div className="actions">
        <Button type="button" aria-haspopup="dialog" onClick={() => setOpen('invoices')}>
          New Invoices
        </Button>
        <GhostButton type="button" aria-haspopup="dialog" onClick={() => setOpen('customers')}>
          Customer Master
        </GhostButton>
      </div>
      <CsvUploadModal open={open === 'invoices'} onClose={close} />
      <CustomerMasterWizard open={open === 'customers'} onClose={close} />
    </Card>
  );
}

/**
 * The Credit Line Summary (spec 2 §2.5). Eligible is what approved customers were sanctioned plus what the
 * leads in the fund tables are eligible for and have yet to avail (`creditLimitEligible`); Available is the
 * sanctioned limit not utilised; Yet to Avail is the leads' part, by their invoices' overdue status. Each
 * card's lines add up to its figure (1-30 days is what the total holds besides Regular and 30+; 90+ sits
 * inside 30+).
 */
function CreditLineSummaryCards() {
  const summary = useCreditLineSummary();
  const d = summary.data;
  if (summary.error && !d) return <LoadFailed error={summary.error} onRetry={() => void summary.mutate()} />;
  const loading = <Skeleton $width="50%" $height="28px" />;
  const yet = d?.yet_to_avail_credit_details;
  const sanctioned = d?.total_credit_limit_sanctioned.total;
  return (
    <Grid aria-busy={!d}>
      <Card data-testid="eligible-card">
        <h3>Total Credit Limit Eligible</h3>
        <span className="value">
          {yet && sanctioned !== undefined
            ? formatShortMoney(creditLimitEligible({ sanctioned, yetToAvail: yet.total }))
            : loading}
        </span>
        {yet && sanctioned !== undefined && (
          <>
            <span className="sub">
              Sanctioned to approved customers, plus what the leads below are eligible for and have yet to avail
            </span>
            <dl>
              <dt>Sanctioned</dt>
              <dd>{formatMoney(sanctioned)}</dd>
              <dt>Yet to avail</dt>
              <dd>{formatMoney(yet.total)}</dd>
            </dl>
          </>
        )}
      </Card>
      <Card data-testid="available-card">
        <h3>Available Credit Limit</h3>
        <span className="value">{d ? formatShortMoney(d.total_credit_limit_available.total) : loading}</span>
        {d && (
          <>
            <ProgressBar percent={d.utilised_limit_summary.utilised_limit_percentage} label="Utilised limit" />
            <span className="sub">
              {formatPercent(d.utilised_limit_summary.utilised_limit_percentage)} of the sanctioned limit utilised ·{' '}
              {formatCount(d.total_credit_limit_available.active_distributors)} active customers
            </span>
          </>
        )}
      </Card>
      <Card data-testid="yet-to-avail-card">
        <h3>Yet to Avail</h3>
        <span className="value">{yet ? formatShortMoney(yet.total) : loading}</span>
        {yet && (
          <>
            <span className="sub">
              Eligibility of the leads in the fund tables below, by their invoices&apos; overdue status
            </span>
            <dl>
              <dt>Regular</dt>
              <dd>{formatMoney(yet.regular)}</dd>
              <dt>1-30 days</dt>
              <dd>{formatMoney(yet.total - yet.regular - yet['30_days'])}</dd>
              <dt>30+ days</dt>
              <dd>{formatMoney(yet['30_days'])}</dd>
              <dt>90+ days (of 30+)</dt>
              <dd>{formatMoney(yet['90_days'])}</dd>
            </dl>
          </>
        )}
      </Card>
    </Grid>
  );
}

const FUND_COLUMNS: readonly Column<FundCustomer>[] = [
  { key: 'name', header: 'Customer Name', render: (r) => r.name },
  { key: 'customer_code', header: 'Customer ID', render: (r) => r.customer_code },
  {
    key: 'amount_outstanding',
    header: 'Amount Receivable',
    render: (r) => formatMoney(r.amount_outstanding),
    align: 'end',
  },
  { key: 'overdue', header: 'Customer Invoice Overdue Status', render: (r) => invoiceOverdueText(r.overdue_by_days) },
  { key: 'risk_grading', header: 'Risk', render: (r) => <RiskBadge grade={r.risk_grading} /> },
  { key: 'eligibility_amount', header: 'Eligibility', render: (r) => formatMoney(r.eligibility_amount), align: 'end' },
];

/** One of the two fund tables: its window, segment, region and page in the URL (`fund1.*`, `fund5.*`). */
function FundTable({ days, title }: { days: FundInDays; title: string }) {
  const list = useList({
    id: `fund${days}`,
    resource: 'fund-available',
    params: (state: TableState) => ({ days, state }),
    fetch: (c, p: { days: FundInDays; state: TableState }) => fetchFundAvailable(c, p.days, p.state),
  });
  const segment = segmentOf(PIPELINE_SEGMENTS, list.state.filters.segment).key;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={FUND_COLUMNS}
        rowKey={(r) => r.id}
        caption={title}
        pagerLabel={title}
        pagerUnit="customers"
        filters={
          <FilterButtons role="group" aria-label={`${title}: overdue segment`}>
            {PIPELINE_SEGMENTS.map((s) => (
              <GhostButton
                key={s.key}
                type="button"
                aria-pressed={segment === s.key}
                onClick={() => list.update({ filters: { segment: s.key } })}
              >
                {s.label}
              </GhostButton>
            ))}
          </FilterButtons>
        }
      />
    </section>
  );
}

/**
 * The pipeline page (spec 2 §2.5), 'Credit Limit Eligibility': uploads, the credit line summary and the
 * funds that could become available in 24 hours or 5 working days. The spec's distributor-info modal is a
 * placeholder with static demo rows: it is offered as a labelled preview, with no made-up figures.
 */
export default function PipelineScreen() {
  const [preview, setPreview] = useState(false);
  return (
    <Page>
      <h1>{PIPELINE_TITLE}</h1>
      <section aria-label="Uploads">
        <Grid>
          <UploadCard />
        </Grid>
      </section>
      <section aria-labelledby="credit-line-title">
        <h2 id="credit-line-title">Credit Line Summary</h2>
        <CreditLineSummaryCards />
      </section>
      {FUND_WINDOWS.map((w) => (
        <FundTable key={w.days} days={w.days} title={w.title} />
      ))}
      <GhostButton type="button" aria-haspopup="dialog" onClick={() => setPreview(true)}>
        Distributor insights (preview)
      </GhostButton>
      <Modal open={preview} title="Distributor insights (preview)" onClose={() => setPreview(false)}>
        <Preview>
          Preview: a detailed view of each distributor with risk grading, credit status, limit and overdue buckets is on
          the way. It is not connected to data yet, so it shows nothing here rather than sample figures.
        </Preview>
      </Modal>
    </Page>
  );
}
