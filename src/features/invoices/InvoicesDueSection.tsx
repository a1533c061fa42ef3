import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { InvoiceList, InvoiceRow } from '../../api/codecs/invoices';
import { useSession } from '../../api/session-context';
import { formatCount, formatDate, orMissing } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { isSearchable } from '../../domain/thresholds';
import type { TableState } from '../../lib/table-state';
import { FilterButtons, Label, Select, Toolbar } from '../../ui/controls';
import { ExportPanel } from '../../ui/ExportPanel';
import { GhostButton } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { Pagination } from '../../ui/Pagination';
import { RegionFilter } from '../../ui/RegionFilter';
import { SearchBox } from '../../ui/SearchBox';
import { StarToggle } from '../../ui/StarToggle';
import { MODAL_TABLE_MAX_HEIGHT, Table, type Column } from '../../ui/Table';
import { useTableState } from '../../ui/useTableState';
import { downloadInvoices, useInvoices } from './api';
import {
  CHANNEL_FINANCE_FILTERS,
  CLOSED_STATUS_FILTERS,
  DEFAULT_DUE_FILTER,
  DETAILED_STATUS_FILTERS,
  DUE_FILTERS,
  type ChannelFinanceFilter,
  type ClosedStatusFilter,
  type DetailedStatusFilter,
  type DueFilter,
  type InvoiceListParams,
} from './queries';
import { useStarToggle } from './useStarToggle';

/** The filter buttons' labels, as the spec writes them (§2.6). */
export const DUE_FILTER_LABELS: Record<DueFilter, string> = {
  starred: 'Starred',
  open: 'Open',
  in_progress: 'In-Progress',
  due_today: 'Due Today',
  overdue_under_30: 'Overdue < 30Days',
  overdue_30: '30+',
  overdue_90: '90+',
};
const STATUS_LABELS: Record<DetailedStatusFilter, string> = {
  all: 'All',
  not_overdue: 'Not Overdue',
  in_progress: 'In-Progress',
  overdue_30: '30+',
  overdue_90: '90+',
  closed: 'Closed',
};
const CHANNEL_LABELS: Record<ChannelFinanceFilter, string> = { all: 'All', channel_finance: 'Channel Finance', non_channel_finance: 'Non-Channel Finance' };
const CLOSED_LABELS: Record<ClosedStatusFilter, string> = { all: 'All', credit: 'Credit', pay: 'Pay', settled: 'Settled', pending_settlement: 'Pending for Settlement' };
const STATUS_TEXT: Record<InvoiceRow['status'], string> = { open: 'Open', partially_paid: 'Partially paid', paid: 'Paid', 'in-progress': 'In-Progress' };
const SOURCE_TEXT = { credit: 'Credit', pay: 'Pay', erp_payment: 'Outside' } as const;

/** The due-days filter cleared by a search (spec §4): kept in the URL as this value. */
const NO_FILTER = 'none';
const DUE_DEFAULTS: Partial<TableState> = { filters: { due: DEFAULT_DUE_FILTER } };

/** 'Overdue by N days', 'Due today', 'Due in N days' from overdue_by_days (today - due date). */
export function ageingText(overdueByDays: number, status: InvoiceRow['status']): string {
  if (status === 'paid') return '-';
  if (overdueByDays > 0) return `Overdue by ${overdueByDays} day${overdueByDays === 1 ? '' : 's'}`;
  if (overdueByDays === 0) return 'Due today';
  return `Due in ${-overdueByDays} day${overdueByDays === -1 ? '' : 's'}`;
}

/** The filter a due-list state asks for: the button chosen, or none once a search cleared it. */
export function dueFilterOf(state: Pick<TableState, 'filters'>): DueFilter | null {
  const value = state.filters.due;
  return (DUE_FILTERS as readonly string[]).includes(value ?? '') ? (value as DueFilter) : null;
}


const Summary = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.textMuted};
  strong { color: ${({ theme }) => theme.text}; }
`;


/** The columns of both invoice tables (spec §2.6); the virtual account column only when the anchor shows it. */
function invoiceColumns(options: { showVirtualAccount: boolean; onStar: (row: InvoiceRow) => void; select?: { selected: ReadonlySet<string>; toggle: (id: string) => void } }): Column<InvoiceRow>[] {
  const { showVirtualAccount, onStar, select } = options;
  return [
    ...(select
      ? [
          {
            key: 'select',
            header: 'Select',
            render: (r: InvoiceRow) => (
              <input type="checkbox" style={{ width: 22, height: 22 }} aria-label={`Select invoice ${r.document_number}`} checked={select.selected.has(r.id)} onChange={() => select.toggle(r.id)} />
            ),
          },
        ]
      : []),
    {
      key: 'star',
      header: 'Star',
      render: (r) => (
        <StarToggle starred={r.resource.starred} label={`Star invoice ${r.document_number}`} onToggle={() => onStar(r)} />
      ),
    },
    { key: 'customer', header: 'Customer Name', render: (r) => r.distributor_company.name },
    { key: 'code', header: 'Customer Code', render: (r) => r.customer_code },
    { key: 'number', header: 'Invoice No.', render: (r) => r.document_number },
    ...(showVirtualAccount ? [{ key: 'va', header: 'Virtual Account Number', render: (r: InvoiceRow) => orMissing(r.virtual_account_number) }] : []),
    { key: 'amount', header: 'Invoice Amount', align: 'end', render: (r) => formatMoney(r.total) },
    { key: 'date', header: 'Invoice Date', render: (r) => formatDate(r.invoice_date) },
    { key: 'due', header: 'Due Date', render: (r) => formatDate(r.due_date) },
    { key: 'status', header: 'Status', render: (r) => STATUS_TEXT[r.status] },
    { key: 'ageing', header: 'Ageing', render: (r) => ageingText(r.overdue_by_days, r.status) },
    { key: 'available', header: 'Available Limit', align: 'end', render: (r) => formatMoney(r.available_limit) },
    { key: 'approved', header: 'Approved Limit', align: 'end', render: (r) => formatMoney(r.approved_limit) },
    { key: 'balance', header: 'Balance', align: 'end', render: (r) => formatMoney(r.balance_amount) },
    {
      key: 'settlement',
      header: 'Settlement',
      render: (r) =>
        r.latest_payment_settlement_amount == null
          ? '-'
          : `${formatMoney(r.latest_payment_settlement_amount)} · ${formatDate(r.latest_payment_settlement_date)}${r.latest_payment_source ? ` · ${SOURCE_TEXT[r.latest_payment_source]}` : ''}`,
    },
    { key: 'utr', header: 'UTR', render: (r) => orMissing(r.latest_payment_utr_number) },
  ];
}

function DueSummary({ list }: { list: InvoiceList | undefined }) {
  if (!list) return <Summary aria-hidden>&nbsp;</Summary>;
  return (
    <Summary>
      Total due <strong>{formatMoney(list.meta.total_due)}</strong> · <strong>{formatCount(list.meta.no_of_invoices)}</strong> invoices ·{' '}
      <strong>{formatCount(list.meta.no_of_customers)}</strong> customers
    </Summary>
  );
}

/**
 * The Invoices Due table (spec §2.6, §4): one filter button at a time (Due Today on load), region and
 * search, the star toggle on each row, paging, Download Report of every matching row, and the expand
 * control opening the Detailed Invoice table. All of its state lives in the URL (`due.*`).
 */
export function InvoicesDueSection() {
  const [state, update] = useTableState('due', DUE_DEFAULTS);
  const filter = dueFilterOf(state);
  const params: InvoiceListParams = { filter, region: state.region, search: state.search, page: state.page };
  const list = useInvoices(params);
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const showVirtualAccount = list.data?.meta.show_virtual_account_number ?? false;

  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 32 }}>
      <h2 id={headingId} style={{ margin: 0, fontSize: 20 }}>
        Invoices Due
      </h2>
      <DueSummary list={list.data} />
      <Toolbar>
        <FilterButtons role="group" aria-label="Due filter">
          {DUE_FILTERS.map((value) => (
            <GhostButton key={value} type="button" aria-pressed={filter === value} onClick={() => update({ filters: { due: value } })}>
              {DUE_FILTER_LABELS[value]}
            </GhostButton>
          ))}
        </FilterButtons>
      </Toolbar>
      <InvoicesList
        list={list}
        params={params}
        search={state.search}
        region={state.region}
        // A real search clears the due-days filter and its label (spec §4); clearing the search keeps it cleared.
        onSearch={(search) => update(isSearchable(search) ? { search, filters: { due: NO_FILTER } } : { search })}
        onRegion={(region) => update({ region })}
        onPage={(page) => update({ page })}
        searchLabel="Search invoices"
        caption="Invoices Due list"
        pagerLabel="Invoices Due"
        showVirtualAccount={showVirtualAccount}
        tools={
          <>
            <GhostButton type="button" onClick={() => setExpanded(true)}>
              Expand
            </GhostButton>
            <GhostButton type="button" disabled aria-describedby={`${headingId}-links`}>
              Send Payment Links
            </GhostButton>
            <small id={`${headingId}-links`}>Payment links and reminders arrive in a later release.</small>
          </>
        }
      />
      {expanded && <DetailedInvoices showVirtualAccount={showVirtualAccount} onClose={() => setExpanded(false)} />}
    </section>
  );
}

interface DetailedState {
  status: DetailedStatusFilter;
  channelFinance: ChannelFinanceFilter;
  closedStatus: ClosedStatusFilter;
  region: TableState['region'];
  search: string;
  page: number;
}
const DETAILED_DEFAULTS: DetailedState = { status: 'all', channelFinance: 'all', closedStatus: 'all', region: 'all', search: '', page: 1 };

/**
 * The Detailed Invoice table, in a modal (spec §2.6): channel finance and invoice status filters, the
 * closed-status filter while 'Closed' is chosen, region, search, row checkboxes and Download Report. Its
 * filters live only while it is open: collapsing it resets them to the defaults (spec §4).
 */
function DetailedInvoices({ showVirtualAccount, onClose }: { showVirtualAccount: boolean; onClose: () => void }) {
  const [state, setState] = useState<DetailedState>(DETAILED_DEFAULTS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const change = (next: Partial<DetailedState>) => setState((s) => ({ ...s, page: 1, ...next }));
  const params: InvoiceListParams = {
    filter: state.status,
    channelFinance: state.channelFinance,
    closedStatus: state.closedStatus,
    region: state.region,
    search: state.search,
    page: state.page,
  };
  const list = useInvoices(params);
  const ids = useId();
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Modal open title="Detailed Invoice table" width="90%" onClose={onClose}>
      <DueSummary list={list.data} />
      <Toolbar>
        <Label htmlFor={`${ids}-channel`}>Channel finance</Label>
        <Select id={`${ids}-channel`} value={state.channelFinance} onChange={(e) => change({ channelFinance: e.target.value as ChannelFinanceFilter })}>
          {CHANNEL_FINANCE_FILTERS.map((v) => (
            <option key={v} value={v}>
              {CHANNEL_LABELS[v]}
            </option>
          ))}
        </Select>
        <Label htmlFor={`${ids}-status`}>Invoice status</Label>
        <Select id={`${ids}-status`} value={state.status} onChange={(e) => change({ status: e.target.value as DetailedStatusFilter, closedStatus: 'all' })}>
          {DETAILED_STATUS_FILTERS.map((v) => (
            <option key={v} value={v}>
              {STATUS_LABELS[v]}
            </option>
          ))}
        </Select>
        {state.status === 'closed' && (
          <>
            <Label htmlFor={`${ids}-closed`}>Closed status</Label>
            <Select id={`${ids}-closed`} value={state.closedStatus} onChange={(e) => change({ closedStatus: e.target.value as ClosedStatusFilter })}>
              {CLOSED_STATUS_FILTERS.map((v) => (
                <option key={v} value={v}>
                  {CLOSED_LABELS[v]}
                </option>
              ))}
            </Select>
          </>
        )}
      </Toolbar>
      <InvoicesList
        list={list}
        params={params}
        search={state.search}
        region={state.region}
        onSearch={(search) => change({ search })}
        onRegion={(region) => change({ region })}
        onPage={(page) => setState((s) => ({ ...s, page }))}
        searchLabel="Search detailed invoices"
        caption="Detailed Invoice table"
        pagerLabel="Detailed Invoice table"
        showVirtualAccount={showVirtualAccount}
        select={{ selected, toggle }}
        maxHeight={MODAL_TABLE_MAX_HEIGHT}
        tools={<span aria-live="polite">{selected.size} selected</span>}
      />
    </Modal>
  );
}

/**
 * Search, region and Download Report over an invoice table (stars, refresh state, optional row checkboxes),
 * with extra `tools` in the toolbar, and its pager.
 */
function InvoicesList(props: {
  list: ReturnType<typeof useInvoices>;
  params: InvoiceListParams;
  search: string;
  region: TableState['region'];
  onSearch: (search: string) => void;
  onRegion: (region: TableState['region']) => void;
  onPage: (page: number) => void;
  searchLabel: string;
  caption: string;
  pagerLabel: string;
  showVirtualAccount: boolean;
  select?: { selected: ReadonlySet<string>; toggle: (id: string) => void };
  maxHeight?: number;
  tools?: ReactNode;
}) {
  const { list, params, showVirtualAccount, select } = props;
  const { client } = useSession();
  const star = useStarToggle(list.mutate, 'Invoice', 'invoices');
  return (
    <>
      <Toolbar>
        <SearchBox label={props.searchLabel} placeholder="Invoice No., Customer Name" value={props.search} onSearch={props.onSearch} />
        <RegionFilter value={props.region} onChange={props.onRegion} />
        <ExportPanel columns={list.data?.csv_headers_accepted ?? []} onDownload={(keys) => downloadInvoices(client, params, keys)} />
        {props.tools}
      </Toolbar>
      <Table
        caption={props.caption}
        hideCaption
        columns={invoiceColumns({ showVirtualAccount, onStar: (row) => void star(row), select })}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        refreshing={list.isValidating}
        error={list.error}
        onRetry={() => void list.mutate()}
        maxHeight={props.maxHeight}
      />
      <Pagination label={props.pagerLabel} pagy={list.data?.pagy} onPage={props.onPage} />
    </>
  );
}
