import { useCallback, useId, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import type { InvoiceList, InvoiceRow } from '../../api/codecs/invoices';
import { useSession } from '../../api/session-context';
import { formatCount, formatDate, orMissing } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { isSearchable, searchKeyword } from '../../domain/thresholds';
import { DEFAULT_TABLE_STATE, type TableState } from '../../lib/table-state';
import { FilterButtons, Label, Select } from '../../ui/controls';
import { GhostButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { ReminderComposer } from './ReminderComposer';
import { SendPaymentLinksModal } from './SendPaymentLinksModal';
import { StarToggle } from '../../ui/StarToggle';
import { MODAL_TABLE_MAX_HEIGHT, type Column } from '../../ui/Table';
import { useList, type ListResult } from '../../ui/useList';
import { useTableState } from '../../ui/useTableState';
import { downloadInvoices, fetchInvoices } from '../../api/invoices';
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
} from '../../api/invoice-queries';
import { useStarToggle } from './useStarToggle';

/** The filter buttons' labels, as the spec writes them (§2.6). */
const DUE_FILTER_LABELS: Record<DueFilter, string> = {
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
const CHANNEL_LABELS: Record<ChannelFinanceFilter, string> = {
  all: 'All',
  channel_finance: 'Channel Finance',
  non_channel_finance: 'Non-Channel Finance',
};
const CLOSED_LABELS: Record<ClosedStatusFilter, string> = {
  all: 'All',
  credit: 'Credit',
  pay: 'Pay',
  settled: 'Settled',
  pending_settlement: 'Pending for Settlement',
};
const STATUS_TEXT: Record<InvoiceRow['status'], string> = {
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  'in-progress': 'In-Progress',
};
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
  strong {
    color: ${({ theme }) => theme.text};
  }
`;

/** The columns of both invoice tables (spec §2.6); the virtual account column only when the anchor shows it. */
function invoiceColumns(options: {
  showVirtualAccount: boolean;
  onStar: (row: InvoiceRow) => void;
  select?: { selected: ReadonlySet<string>; toggle: (id: string) => void };
}): Column<InvoiceRow>[] {
  const { showVirtualAccount, onStar, select } = options;
  return [
    ...(select
      ? [
          {
            key: 'select',
            header: 'Select',
            render: (r: InvoiceRow) => (
              <input
                type="checkbox"
                style={{ width: 22, height: 22 }}
                aria-label={`Select invoice ${r.document_number}`}
                checked={select.selected.has(r.id)}
                onChange={() => select.toggle(r.id)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'star',
      header: 'Star',
      pin: 'start',
      render: (r) => (
        <StarToggle
          starred={r.resource.starred}
          label={`Star invoice ${r.document_number}`}
          onToggle={() => onStar(r)}
        />
      ),
    },
    { key: 'customer', header: 'Customer Name', render: (r) => r.distributor_company.name },
    { key: 'code', header: 'Customer Code', render: (r) => r.customer_code },
    { key: 'number', header: 'Invoice No.', pin: 'start', render: (r) => r.document_number },
    ...(showVirtualAccount
      ? [
          {
            key: 'va',
            header: 'Virtual Account Number',
            render: (r: InvoiceRow) => orMissing(r.virtual_account_number),
          },
        ]
      : []),
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
      Total due <strong>{formatMoney(list.meta.total_due)}</strong> ·{' '}
      <strong>{formatCount(list.meta.no_of_invoices)}</strong> {list.meta.no_of_invoices === 1 ? 'invoice' : 'invoices'}{' '}
      · <strong>{formatCount(list.meta.no_of_customers)}</strong>{' '}
      {list.meta.no_of_customers === 1 ? 'customer' : 'customers'}
    </Summary>
  );
}

/** The Invoices Due list: the page's filters as the provider's params (the Due filter, region, search, page). */
function dueParams(state: TableState): InvoiceListParams {
  return {
    filter: dueFilterOf(state),
    region: state.region,
    search: searchKeyword(state.search) ?? '',
    page: state.page,
  };
}

/**
 * The Invoices Due table (spec §2.6, §4): one filter button at a time (Due Today on load), region and
 * search, the star toggle on each row, paging, Download Report of every matching row, and the expand
 * control opening the Detailed Invoice table. All of its state lives in the URL (`due.*`). Send Payment
 * Links and the reminder composer are there only for a user who may send links (`maySendLinks`): the
 * provider refuses both to anyone else.
 */
export function InvoicesDueSection({ maySendLinks }: { maySendLinks: boolean }) {
  const list = useList({
    id: 'due',
    defaults: DUE_DEFAULTS,
    resource: 'invoices',
    params: dueParams,
    fetch: fetchInvoices,
  });
  const filter = dueFilterOf(list.state);
  const [detailed, updateDetailed] = useTableState(DETAILED_ID, DETAILED_DEFAULTS);
  const expanded = detailed.filters.open === '1';
  const headingId = useId();
  const showVirtualAccount = list.data?.meta.show_virtual_account_number ?? false;
  // Open in the URL (`send-links.f.open=1`), like the other modals, so a reload keeps it open.
  const [sendLinks, updateSendLinks] = useTableState('send-links');
  const sending = sendLinks.filters.open === '1';
  const setSending = (open: boolean) => updateSendLinks({ filters: open ? { open: '1' } : {} });
  const { mutate } = list;
  const closeSending = useCallback(() => updateSendLinks({ filters: {} }), [updateSendLinks]);
  const onSent = useCallback(() => void mutate(), [mutate]);

  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 32 }}>
      <h2 id={headingId} style={{ margin: 0, fontSize: 20 }}>
        Invoices Due
      </h2>
      <DueSummary list={list.data} />
      <InvoicesList
        list={list}
        filters={
          <FilterButtons role="group" aria-label="Due filter">
            {DUE_FILTERS.map((value) => (
              <GhostButton
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => list.update({ filters: { due: value } })}
              >
                {DUE_FILTER_LABELS[value]}
              </GhostButton>
            ))}
          </FilterButtons>
        }
        // A real search clears the due-days filter and its label (spec §4); clearing the search keeps it cleared.
        onSearch={(search) => list.update(isSearchable(search) ? { search, filters: { due: NO_FILTER } } : { search })}
        searchLabel="Search invoices"
        caption="Invoices Due list"
        pagerLabel="Invoices Due"
        showVirtualAccount={showVirtualAccount}
        tools={
          <>
            <GhostButton
              type="button"
              onClick={() =>
                updateDetailed({ ...DEFAULT_TABLE_STATE, filters: { ...DETAILED_DEFAULTS.filters, open: '1' } })
              }
            >
              Expand
            </GhostButton>
            {maySendLinks && (
              <GhostButton type="button" aria-haspopup="dialog" onClick={() => setSending(true)}>
                Send Payment Links
              </GhostButton>
            )}
          </>
        }
      />
      {expanded && <DetailedInvoices showVirtualAccount={showVirtualAccount} maySendLinks={maySendLinks} />}
      {maySendLinks && (
        <SendPaymentLinksModal
          open={sending}
          onClose={closeSending}
          linksSent={list.data?.meta.total_payment_links}
          onSent={onSent}
        />
      )}
    </section>
  );
}

/**
 * The Detailed Invoice table's state (filters, page and ticked rows), kept under `detailed.*` while it is
 * open (`detailed.f.open=1`), so a reload or a shared link reopens it as it was; closing clears it all. 'all' is each filter's default.
 */
const DETAILED_ID = 'detailed';
const DETAILED_DEFAULTS: Partial<TableState> = { filters: { status: 'all', channel: 'all', closed: 'all' } };
const pick = <V extends string>(values: readonly V[], value: string | undefined): V =>
  values.includes(value as V) ? (value as V) : values[0]!;

function detailedParams(state: TableState): InvoiceListParams {
  return {
    filter: pick(DETAILED_STATUS_FILTERS, state.filters.status),
    channelFinance: pick(CHANNEL_FINANCE_FILTERS, state.filters.channel),
    closedStatus: pick(CLOSED_STATUS_FILTERS, state.filters.closed),
    region: state.region,
    search: searchKeyword(state.search) ?? '',
    page: state.page,
  };
}

/**
 * The Detailed Invoice table, in a modal (spec §2.6): channel finance and invoice status filters, the
 * closed-status filter while 'Closed' is chosen, region, search, row checkboxes and Download Report. Its
 * filters and ticked rows live in the URL only while it is open: collapsing it resets them to the defaults (spec §4).
 */
function DetailedInvoices({
  showVirtualAccount,
  maySendLinks,
}: {
  showVirtualAccount: boolean;
  maySendLinks: boolean;
}) {
  const list = useList({
    id: DETAILED_ID,
    defaults: DETAILED_DEFAULTS,
    resource: 'invoices',
    params: detailedParams,
    fetch: fetchInvoices,
  });
  const params = detailedParams(list.state);
  const { update } = list;
  const ticked = list.state.selected;
  // Kept while the ticked rows stay the same, so the rows are not rendered again for another filter or page.
  const select = useMemo(() => {
    const selected = new Set(ticked);
    return {
      selected,
      toggle: (id: string) => update({ selected: selected.has(id) ? ticked.filter((s) => s !== id) : [...ticked, id] }),
    };
  }, [ticked, update]);
  const { selected } = select;
  const setFilter = (name: string, value: string) => list.update({ filters: { ...list.state.filters, [name]: value } });
  const ids = useId();
  return (
    <Modal open title="Detailed Invoice table" width={TABLE_MODAL_WIDTH} onClose={list.reset}>
      <DueSummary list={list.data} />
      <InvoicesList
        list={list}
        filters={
          <>
            <Label htmlFor={`${ids}-channel`}>Channel finance</Label>
            <Select
              id={`${ids}-channel`}
              value={params.channelFinance}
              onChange={(e) => setFilter('channel', e.target.value)}
            >
              {CHANNEL_FINANCE_FILTERS.map((v) => (
                <option key={v} value={v}>
                  {CHANNEL_LABELS[v]}
                </option>
              ))}
            </Select>
            <Label htmlFor={`${ids}-status`}>Invoice status</Label>
            <Select
              id={`${ids}-status`}
              value={params.filter ?? 'all'}
              onChange={(e) =>
                list.update({ filters: { ...list.state.filters, status: e.target.value, closed: 'all' } })
              }
            >
              {DETAILED_STATUS_FILTERS.map((v) => (
                <option key={v} value={v}>
                  {STATUS_LABELS[v]}
                </option>
              ))}
            </Select>
            {params.filter === 'closed' && (
              <>
                <Label htmlFor={`${ids}-closed`}>Closed status</Label>
                <Select
                  id={`${ids}-closed`}
                  value={params.closedStatus}
                  onChange={(e) => setFilter('closed', e.target.value)}
                >
                  {CLOSED_STATUS_FILTERS.map((v) => (
                    <option key={v} value={v}>
                      {CLOSED_LABELS[v]}
                    </option>
                  ))}
                </Select>
              </>
            )}
          </>
        }
        searchLabel="Search detailed invoices"
        caption="Detailed Invoice table"
        pagerLabel="Detailed Invoice table"
        showVirtualAccount={showVirtualAccount}
        select={select}
        maxHeight={MODAL_TABLE_MAX_HEIGHT}
        tools={<span aria-live="polite">{selected.size} selected</span>}
      />
      {maySendLinks && (
        <ReminderComposer collapsible invoiceIds={list.state.selected} title="Reminder for the ticked invoices" />
      )}
    </Modal>
  );
}

const invoiceKey = (row: InvoiceRow) => row.id;

/** An invoice table on the list block: stars (optimistic), optional row checkboxes, Download Report. */
function InvoicesList(props: {
  list: ListResult<InvoiceListParams, InvoiceList>;
  filters: ReactNode;
  onSearch?: (search: string) => void;
  searchLabel: string;
  caption: string;
  pagerLabel: string;
  showVirtualAccount: boolean;
  select?: { selected: ReadonlySet<string>; toggle: (id: string) => void };
  maxHeight?: number;
  tools?: ReactNode;
}) {
  const { list, showVirtualAccount, select } = props;
  const { client } = useSession();
  const star = useStarToggle(list.mutate, 'Invoice', 'invoices');
  // Stable columns: a filter click re-renders the block, not the rows on screen, so it answers quickly (INP).
  const columns = useMemo(
    () => invoiceColumns({ showVirtualAccount, onStar: (row) => void star(row), select }),
    [showVirtualAccount, star, select],
  );
  return (
    <ListBlock
      list={list}
      rows={list.data?.data}
      pagy={list.data?.pagy}
      columns={columns}
      rowKey={invoiceKey}
      caption={props.caption}
      pagerLabel={props.pagerLabel}
      search={{ label: props.searchLabel, placeholder: 'Invoice No., Customer Name' }}
      onSearch={props.onSearch}
      filters={props.filters}
      exportCsv={{
        columns: list.data?.csv_headers_accepted ?? [],
        download: (keys) => downloadInvoices(client, list.params!, keys),
      }}
      tools={props.tools}
      maxHeight={props.maxHeight}
    />
  );
}
