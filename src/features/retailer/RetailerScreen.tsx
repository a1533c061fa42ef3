import styled from 'styled-components';
import { useSession, useSessionState } from '../../api/session-context';
import type { DistributorRow, RetailerInvoice, RetailerRow } from '../../api/codecs/admin';
import { useApi } from '../../api/useApi';
import {
  downloadDistributors,
  downloadRetailers,
  fetchAccountsReceivable,
  fetchDistributors,
  fetchRetailerInvoices,
  fetchRetailers,
} from '../../api/retailers';
import { CHANNEL_FINANCE_FILTERS } from '../../domain/admin';
import { formatMoney, formatShortMoney } from '../../domain/money';
import { formatCount, formatDate, orMissing } from '../../lib/format';
import { DEFAULT_TABLE_STATE, type TableState } from '../../lib/table-state';
import { FilterButtons } from '../../ui/controls';
import { GhostButton, LinkButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { LoadFailed } from '../../ui/LoadFailed';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { Skeleton } from '../../ui/Skeleton';
import { CardGrid, StatCard } from '../../ui/StatCard';
import { MODAL_TABLE_MAX_HEIGHT, type Column } from '../../ui/Table';
import { useList } from '../../ui/useList';
import { useTableState } from '../../ui/useTableState';

const Page = styled.div`
  padding: 24px;
  h1 {
    margin: 0 0 24px;
  }
  section {
    margin-bottom: 32px;
  }
  h2 {
    margin: 0 0 12px;
    font-size: 20px;
  }
`;

/** The distributor, and the retailer whose invoices are shown, live in the URL (`dr.f.*`): reload keeps them. */
// The name buttons say what they open in aria-label: a visually-hidden span (position: absolute) escaped the
// table's scroller, broke the cell's text onto two lines and gave the button the name 'X : retailers'.
const DETAIL_TABLE = 'dr';

const count = (n: number | null | undefined) => formatCount(n);

/** Accounts Receivables and the channel-finance status (spec 2 §2.9); t2 does not see the distributor figure. */
function Summary() {
  const accessType = useSessionState((s) => s.context.user?.accessType ?? null);
  const answer = useApi(['accounts-receivable', accessType], (client) => fetchAccountsReceivable(client, accessType));
  const d = answer.data;
  if (answer.error && !d) return <LoadFailed error={answer.error} onRetry={() => void answer.mutate()} />;
  const value = (paise: number | null | undefined) =>
    d ? formatShortMoney(paise) : <Skeleton $width="40%" $height="28px" />;
  return (
    <>
      <section aria-labelledby="receivables-title">
        <h2 id="receivables-title">Accounts Receivables</h2>
        <CardGrid>
          <StatCard
            testId="retailer-outstanding"
            label="Retailer outstanding invoice amount"
            value={value(d?.outstanding_invoices_for_retailer)}
          />
          {accessType !== 't2' && (
            <StatCard
              testId="distributor-outstanding"
              label="Distributor outstanding invoice amount"
              value={value(d?.outstanding_invoices_for_distributor)}
            />
          )}
        </CardGrid>
      </section>
      <section aria-labelledby="cf-status-title">
        <h2 id="cf-status-title">Distributor wise Retailer Channel Finance Status</h2>
        <CardGrid>
          <StatCard
            testId="cf-sanctioned"
            label="Total Limit Sanctioned"
            value={value(d?.total_limit_sanctioned)}
            sub={d ? formatMoney(d.total_limit_sanctioned) : undefined}
          />
          <StatCard
            testId="cf-utilised"
            label="Utilised"
            value={value(d?.total_utilised_limit)}
            sub={d ? formatMoney(d.total_utilised_limit) : undefined}
          />
          <StatCard
            testId="cf-available"
            label="Available"
            value={value(d?.total_limit_balance)}
            sub={d ? `${formatMoney(d.total_limit_balance)}: sanctioned less utilised` : undefined}
          />
        </CardGrid>
      </section>
    </>
  );
}

/** All, Channel Finance (1), Non-Channel Finance (0): `<table>.f.cf`. */
function ChannelFinanceFilter({
  state,
  update,
  label,
}: {
  state: TableState;
  update: (c: Partial<TableState>) => void;
  label: string;
}) {
  const current = state.filters.cf ?? 'all';
  return (
    <FilterButtons role="group" aria-label={label}>
      {CHANNEL_FINANCE_FILTERS.map((f) => (
        <GhostButton
          key={f.key}
          type="button"
          aria-pressed={current === f.key}
          onClick={() => update({ filters: { ...state.filters, cf: f.key === 'all' ? '' : f.key } })}
        >
          {f.label}
        </GhostButton>
      ))}
    </FilterButtons>
  );
}

function Distributors() {
  const { client } = useSession();
  const list = useList({
    id: 'distributors',
    resource: 'distributors',
    params: (state: TableState) => state,
    fetch: fetchDistributors,
  });
  const [, openDetail] = useTableState(DETAIL_TABLE);
  const columns: Column<DistributorRow>[] = [
    {
      key: 'name',
      header: 'Distributor Name',
      render: (d) => (
        <LinkButton
          type="button"
          aria-label={`${d.name}: retailers`}
          onClick={() => openDetail({ filters: { dist: d.id, dname: d.name } })}
        >
          {d.name}
        </LinkButton>
      ),
    },
    { key: 'retailers', header: 'Total Retailers', render: (d) => count(d.total_no_of_retailers), align: 'end' },
    {
      key: 'cf',
      header: 'On Channel Finance',
      render: (d) => count(d.total_retailers_on_channel_finance),
      align: 'end',
    },
    {
      key: 'sanctioned',
      header: 'Limit Sanctioned',
      render: (d) => formatMoney(d.total_limit_sanctioned),
      align: 'end',
    },
    { key: 'utilised', header: 'Limit Utilised', render: (d) => formatMoney(d.limit_utilised), align: 'end' },
    { key: 'available', header: 'Available Limit', render: (d) => formatMoney(d.available_limit), align: 'end' },
    { key: 'thirty', header: '30+ Retailers', render: (d) => count(d.thirty_plus_retailers), align: 'end' },
    { key: 'thirty_value', header: '30+ Value', render: (d) => formatMoney(d.thirty_plus_value), align: 'end' },
    { key: 'ninety', header: '90+ Retailers', render: (d) => count(d.ninty_plus_retailers), align: 'end' },
    { key: 'ninety_value', header: '90+ Value', render: (d) => formatMoney(d.ninty_plus_value), align: 'end' },
  ];
  return (
    <section aria-labelledby="distributors-title">
      <h2 id="distributors-title">Distributor wise retailer Detail</h2>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={columns}
        rowKey={(d) => d.id}
        caption="Distributor wise retailer Detail"
        pagerLabel="Distributors"
        pagerUnit="distributors"
        filters={<ChannelFinanceFilter state={list.state} update={list.update} label="Distributors: channel finance" />}
        exportCsv={{
          columns: list.data?.csv_headers_accepted ?? [],
          download: (keys) => downloadDistributors(client, list.state, keys),
        }}
      />
    </section>
  );
}

const INVOICE_COLUMNS: readonly Column<RetailerInvoice>[] = [
  { key: 'number', header: 'Invoice Number', render: (i) => i.document_number },
  { key: 'date', header: 'Invoice Date', render: (i) => formatDate(i.invoice_date) },
  { key: 'due', header: 'Due Date', render: (i) => formatDate(i.due_date) },
  { key: 'total', header: 'Amount', render: (i) => formatMoney(i.total), align: 'end' },
  { key: 'paid', header: 'Amount Paid', render: (i) => formatMoney(i.amount_paid), align: 'end' },
  { key: 'status', header: 'Status', render: (i) => (i.status ? i.status.replaceAll('_', ' ') : '-') },
  { key: 'ageing', header: 'Ageing (days)', render: (i) => count(i.invoice_ageing), align: 'end' },
];

function RetailerInvoices({ retailerId, anchorId }: { retailerId: string; anchorId: string }) {
  const list = useList({
    id: DETAIL_TABLE,
    resource: 'retailer-invoices',
    params: (state: TableState) => ({ retailerId, anchorId, page: state.page }),
    fetch: (c, p: { retailerId: string; anchorId: string; page: number }) =>
      fetchRetailerInvoices(c, p.retailerId, p.anchorId, p.page),
  });
  return (
    <ListBlock
      list={list}
      rows={list.data?.data}
      pagy={list.data?.pagy}
      columns={INVOICE_COLUMNS}
      rowKey={(i) => i.id ?? i.document_number}
      caption="Retailer Invoice Detail"
      pagerLabel="Retailer invoices"
      pagerUnit="invoices"
      region={false}
      maxHeight={MODAL_TABLE_MAX_HEIGHT}
    />
  );
}

function Retailers({ distributorId }: { distributorId: string }) {
  const { client } = useSession();
  const list = useList({
    id: DETAIL_TABLE,
    resource: 'retailers',
    params: (state: TableState) => ({ distributorId, state }),
    fetch: (c, p: { distributorId: string; state: TableState }) => fetchRetailers(c, p.distributorId, p.state),
  });
  const columns: Column<RetailerRow>[] = [
    {
      key: 'name',
      header: 'Retailer Name',
      render: (r) => (
        <LinkButton
          type="button"
          aria-label={`${r.name}: invoices`}
          onClick={() => list.update({ filters: { ...list.state.filters, ret: r.id, rname: r.name } })}
        >
          {r.name}
        </LinkButton>
      ),
    },
    { key: 'code', header: 'Retailer Code', render: (r) => orMissing(r.retailer_code) },
    { key: 'mobile', header: 'Mobile Number', render: (r) => orMissing(r.mobile_number) },
    {
      key: 'sanctioned',
      header: 'Limit Sanctioned',
      render: (r) => formatMoney(r.total_limit_sanctioned),
      align: 'end',
    },
    { key: 'utilised', header: 'Limit Utilised', render: (r) => formatMoney(r.limit_utilised), align: 'end' },
    { key: 'available', header: 'Available Limit', render: (r) => formatMoney(r.available_limit), align: 'end' },
    {
      key: 'outstanding',
      header: 'Amount Outstanding',
      render: (r) => formatMoney(r.amount_outstanding),
      align: 'end',
    },
    { key: 'overdue', header: 'Amount Overdue', render: (r) => formatMoney(r.amount_overdue), align: 'end' },
    { key: 'unpaid', header: 'Unpaid Invoices', render: (r) => count(r.unpaid_invoice_count), align: 'end' },
  ];
  return (
    <ListBlock
      list={list}
      rows={list.data?.data}
      pagy={list.data?.pagy}
      columns={columns}
      rowKey={(r) => r.id}
      caption="Distributor-Retailer Detail"
      pagerLabel="Retailers"
      pagerUnit="retailers"
      maxHeight={MODAL_TABLE_MAX_HEIGHT}
      filters={<ChannelFinanceFilter state={list.state} update={list.update} label="Retailers: channel finance" />}
      exportCsv={{
        columns: list.data?.csv_headers_accepted ?? [],
        download: (keys) => downloadRetailers(client, distributorId, list.state, keys),
      }}
    />
  );
}

/** 'Distributor-Retailer Detail' of the chosen distributor, then 'Retailer Invoice Detail' of a chosen retailer. */
function DetailModal() {
  const [state, update] = useTableState(DETAIL_TABLE);
  const anchorId = useSessionState((s) => s.context.user?.anchor?.id ?? '');
  const { dist, dname, ret, rname } = state.filters;
  const close = () => update({ ...DEFAULT_TABLE_STATE });
  // Back keeps the retailers' own filters (channel finance); it used to replace them with the distributor alone.
  const { ret: _ret, rname: _rname, ...retailerFilters } = state.filters;
  // The names come from the address: isolated, so a crafted link cannot turn the words around them.
  const title = ret ? (
    <>
      Retailer Invoice Detail: <bdi>{rname ?? ''}</bdi>
    </>
  ) : (
    <>
      Distributor-Retailer Detail: <bdi>{dname ?? ''}</bdi>
    </>
  );
  return (
    <Modal open={Boolean(dist)} title={title} width={TABLE_MODAL_WIDTH} onClose={close}>
      {dist && ret && (
        <>
          <GhostButton type="button" onClick={() => update({ filters: retailerFilters })}>
            Back to retailers of <bdi>{dname}</bdi>
          </GhostButton>
          <RetailerInvoices retailerId={ret} anchorId={anchorId} />
        </>
      )}
      {dist && !ret && <Retailers distributorId={dist} />}
    </Modal>
  );
}

/**
 * The retailer area (spec 2 §2.9): accounts receivable and channel-finance status, the distributors with
 * their retailers' figures, a distributor's retailers and a retailer's invoices (15 a page, with ageing).
 */
export default function RetailerScreen() {
  return (
    <Page>
      <h1>Retailer Details</h1>
      <Summary />
      <Distributors />
      <DetailModal />
    </Page>
  );
}
