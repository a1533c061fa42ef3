import { memo, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { PaymentList, PaymentRow } from '../../api/codecs/invoices';
import { useSession } from '../../api/session-context';
import { formatCount, formatDate, orMissing } from '../../lib/format';
import { formatMoney, formatShortMoney } from '../../domain/money';
import { DEFAULT_TABLE_STATE, type TableState } from '../../lib/table-state';
import { FilterButtons } from '../../ui/controls';
import { GhostButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { Skeleton } from '../../ui/Skeleton';
import { StarToggle } from '../../ui/StarToggle';
import { MODAL_TABLE_MAX_HEIGHT, type Column } from '../../ui/Table';
import { useList, type ListResult } from '../../ui/useList';
import { useTableState } from '../../ui/useTableState';
import { downloadPayments, fetchPayments } from '../../api/invoices';
import {
  COLLECTION_FILTER_LABELS,
  collectionFilterOf,
  DEFAULT_COLLECTION_FILTER,
  dueInText,
  OPEN_KEY,
  overdueByText,
  paymentParams,
  PERIOD_KEY,
  receivedOutsideText,
  REPORT_FILTER_LABELS,
  REPORT_FILTERS,
  reportFilterOf,
  starLabel,
  type ReportFilter,
} from './collections';
import { COLLECTION_FILTERS, type CollectionFilter, type PaymentListParams } from '../../api/invoice-queries';
import { useStarToggle } from './useStarToggle';

/** The collections table's state lives in the URL under `collections.*`, Today being the default (clean URL). */
const COLLECTIONS_ID = 'collections';
const COLLECTIONS_DEFAULTS: Partial<TableState> = { filters: { [PERIOD_KEY]: DEFAULT_COLLECTION_FILTER } };
/** The Complete Payment Report's state: `payment-report.f.open=1` while it is open, then its own filters. */
const REPORT_ID = 'payment-report';
const REPORT_TITLE = 'Complete Payment Report';
const SEARCH_PLACEHOLDER = 'Invoice No. / Customer Name';

const Section = styled.section`
  margin-bottom: 32px;
  h2 {
    margin: 0;
    font-size: 20px;
  }
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin: 8px 0 0;
  div {
    display: grid;
    gap: 2px;
    min-width: 120px;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
    font-size: 14px;
  }
  dd {
    margin: 0;
    font-size: 20px;
    font-weight: 800;
    line-height: 28px;
    min-height: 28px;
    transition: opacity 0.1s;
  }
  &[data-stale] dd {
    opacity: 0.55;
    transition: opacity 0.2s 0.15s;
  }
`;

/** The collections columns (spec §2.6), with the star toggle first. `today` feeds Due In and Overdue By. */
function paymentColumns(onStar: (row: PaymentRow) => void, today: Date): Column<PaymentRow>[] {
  return [
    {
      key: 'star',
      header: 'Star',
      render: (r) => <StarToggle starred={r.resource.starred} label={starLabel(r)} onToggle={() => onStar(r)} />,
    },
    { key: 'customer', header: 'Customer Name', render: (r) => orMissing(r.distributor_company.name) },
    { key: 'invoice', header: 'Invoice Number', pin: 'start', render: (r) => orMissing(r.invoice?.document_number) },
    { key: 'amount', header: 'Invoice Amount', align: 'end', render: (r) => formatMoney(r.invoice?.total) },
    { key: 'payment_date', header: 'Payment Date', render: (r) => formatDate(r.payment_date) },
    { key: 'drawdown_due_date', header: 'Drawdown Due Date', render: (r) => formatDate(r.drawdown_due_date) },
    { key: 'due_in', header: 'Due In', render: (r) => dueInText(r, today) },
    { key: 'overdue_by', header: 'Overdue By', render: (r) => overdueByText(r, today) },
    { key: 'amount_paid', header: 'Amount Paid', align: 'end', render: (r) => formatMoney(r.amount) },
    { key: 'reference', header: 'Payment Reference', render: (r) => orMissing(r.utr_number) },
    { key: 'outside', header: 'Received outside', render: (r) => receivedOutsideText(r) },
  ];
}

/**
 * Collection data (spec §3) over every matching payment: skeletons on the first load; while another filter
 * loads, the previous figures stay (dimmed, busy) until its answer arrives, like the table's rows.
 */
const CollectionFigures = memo(function CollectionFigures({
  list,
  loading,
  testId,
}: {
  list: PaymentList | undefined;
  loading: boolean;
  testId: string;
}) {
  const meta = list?.meta;
  const value = (text: string | undefined) => text ?? <Skeleton $width="80px" $height="24px" />;
  return (
    <Figures
      data-testid={testId}
      aria-busy={meta === undefined || loading}
      data-stale={(meta !== undefined && loading) || undefined}
    >
      <div>
        <dt>Total Collected</dt>
        <dd data-testid={`${testId}-total`} title={meta ? formatMoney(meta.total_collected_amount) : undefined}>
          {value(meta && formatShortMoney(meta.total_collected_amount))}
        </dd>
      </div>
      <div>
        <dt>No. of Invoices paid</dt>
        <dd data-testid={`${testId}-invoices`}>{value(meta && formatCount(meta.no_of_invoices))}</dd>
      </div>
      <div>
        <dt>No. of Customers</dt>
        <dd data-testid={`${testId}-customers`}>{value(meta && formatCount(meta.no_of_customers))}</dd>
      </div>
    </Figures>
  );
});

/** One pressed button at a time (aria-pressed), in a labelled group. */
function PeriodButtons<F extends string>({
  label,
  filters,
  labels,
  value,
  onChange,
}: {
  label: string;
  filters: readonly F[];
  labels: Record<F, string>;
  value: F;
  onChange: (filter: F) => void;
}) {
  return (
    <FilterButtons role="group" aria-label={label}>
      {filters.map((filter) => (
        <GhostButton key={filter} type="button" aria-pressed={value === filter} onClick={() => onChange(filter)}>
          {labels[filter]}
        </GhostButton>
      ))}
    </FilterButtons>
  );
}

/** Today, taken once when the section mounts: Due In and Overdue By count from it when the provider sends no count. */
function useToday(): Date {
  const [today] = useState(() => new Date());
  return today;
}

/**
 * The Collections section (spec §2.6): the collection figures, one period button at a time (Today on load),
 * region and search (3+ characters, 1 s pause), the payments with a star toggle on each row, paging,
 * Download Report of every matching payment, and Expand to the Complete Payment Report. Its state, and the
 * report's, live in the URL (`collections.*`, `payment-report.*`), so reload and shared links restore them.
 */
export function CollectionsSection() {
  const list = useList({
    id: COLLECTIONS_ID,
    defaults: COLLECTIONS_DEFAULTS,
    resource: 'payments',
    params: collectionsParams,
    fetch: fetchPayments,
  });
  const [report, updateReport] = useTableState(REPORT_ID);
  const filter = collectionFilterOf(list.state);
  const today = useToday();
  const headingId = useId();
  const open = report.filters[OPEN_KEY] === '1';
  const { update } = list;
  // The parts below are memoised on what they show: another table's change on the page leaves them alone.
  const filters = useMemo(
    () => (
      <PeriodButtons<CollectionFilter>
        label="Collections period"
        filters={COLLECTION_FILTERS}
        labels={COLLECTION_FILTER_LABELS}
        value={filter}
        // Starred sets the starred filter alone: the date filter is left blank (spec §4, src/api/invoice-queries.ts).
        onChange={(next) => update({ filters: { [PERIOD_KEY]: next } })}
      />
    ),
    [filter, update],
  );
  const closeReport = useCallback(() => updateReport({ ...DEFAULT_TABLE_STATE }), [updateReport]);

  return (
    <Section aria-labelledby={headingId}>
      <Header>
        <h2 id={headingId}>Collections</h2>
        <GhostButton
          type="button"
          aria-haspopup="dialog"
          onClick={() => updateReport({ ...DEFAULT_TABLE_STATE, filters: { [OPEN_KEY]: '1' } })}
        >
          Expand<span className="visually-hidden"> {REPORT_TITLE}</span>
        </GhostButton>
      </Header>
      <CollectionFigures list={list.data} loading={list.isLoading} testId="collections-figures" />
      <PaymentsList
        list={list}
        filters={filters}
        today={today}
        searchLabel="Search collections"
        caption="Collections table"
        pagerLabel="Collections table"
      />
      {/* Collapsing resets the report's filters to the defaults (spec §4): its whole state leaves the URL. */}
      <Modal open={open} title={REPORT_TITLE} width={TABLE_MODAL_WIDTH} onClose={closeReport}>
        {open && <PaymentReport today={today} />}
      </Modal>
    </Section>
  );
}

/**
 * The Complete Payment Report: every payment by default ('All'), the same period buttons, region and
 * search, the 'All Invoices' pager and Download Report of every matching payment.
 */
function PaymentReport({ today }: { today: Date }) {
  const list = useList({
    id: REPORT_ID,
    resource: 'payments',
    params: (state) => paymentParams(state, reportFilterOf(state)),
    fetch: fetchPayments,
  });
  const filter = reportFilterOf(list.state);

  return (
    <>
      <CollectionFigures list={list.data} loading={list.isLoading} testId="report-figures" />
      <PaymentsList
        list={list}
        filters={
          <PeriodButtons<ReportFilter>
            label="Payment report period"
            filters={REPORT_FILTERS}
            labels={REPORT_FILTER_LABELS}
            value={filter}
            onChange={(next) =>
              list.update({ filters: { ...list.state.filters, [PERIOD_KEY]: next === 'all' ? '' : next } })
            }
          />
        }
        today={today}
        searchLabel="Search payment report"
        caption={REPORT_TITLE}
        pagerLabel="All Invoices"
        showPagerLabel
        maxHeight={MODAL_TABLE_MAX_HEIGHT}
      />
    </>
  );
}

const paymentKey = (row: PaymentRow) => row.id;

const collectionsParams = (state: TableState) => paymentParams(state, collectionFilterOf(state));

/** The payments table on the list block: stars (optimistic), Download Report of every matching payment. */
const PaymentsList = memo(function PaymentsList(props: {
  list: ListResult<PaymentListParams, PaymentList>;
  filters: ReactNode;
  today: Date;
  searchLabel: string;
  caption: string;
  pagerLabel: string;
  showPagerLabel?: boolean;
  maxHeight?: number;
}) {
  const { list, today } = props;
  const { client } = useSession();
  const star = useStarToggle(list.mutate, 'Payment', 'payments');
  // Stable columns: a filter click re-renders the block, not the rows on screen, so it answers quickly (INP).
  const columns = useMemo(() => paymentColumns((row) => void star(row), today), [star, today]);
  return (
    <ListBlock
      list={list}
      rows={list.data?.data}
      pagy={list.data?.pagy}
      columns={columns}
      rowKey={paymentKey}
      caption={props.caption}
      pagerLabel={props.pagerLabel}
      pagerUnit="payments"
      showPagerLabel={props.showPagerLabel}
      search={{ label: props.searchLabel, placeholder: SEARCH_PLACEHOLDER }}
      filters={props.filters}
      exportCsv={{
        columns: list.data?.csv_headers_accepted ?? [],
        download: (keys) => downloadPayments(client, list.params!, keys),
      }}
      maxHeight={props.maxHeight}
    />
  );
});
