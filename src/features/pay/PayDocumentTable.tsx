import { useMemo, useState } from 'react';
import styled from 'styled-components';
import type { PaySelectionEvent } from '../../../machines/pay-selection/pay-selection.machine';
import {
  CREDIT_DISABLED_TEXT,
  creditDisabledReason,
  type CreditDisabledReason,
  type PayItem,
  type Selection,
} from '../../../machines/pay-selection/rules';
import { formatMoney } from '../../domain/money';
import { dueHint, type PayTab } from '../../domain/pay';
import { PAGE_SIZE } from '../../domain/thresholds';
import { formatDate, formatDateTime, orMissing } from '../../lib/format';
import type { Pagy } from '../../lib/pagination';
import { FieldError, GhostButton } from '../../ui/form';
import { Pagination } from '../../ui/Pagination';
import { Switch } from '../../ui/Switch';
import { Table, type Column } from '../../ui/Table';
import { discountBanner } from './hints';
import type { DocumentViewProps } from './PaymentControls';
import { amountInput } from './styles';

export interface PayDocumentTableProps extends DocumentViewProps {
  tab: PayTab;
  /** The current server page. */
  items: readonly PayItem[];
  /** The rows are being replaced by another tab's: show skeletons, not the old rows. */
  loading?: boolean;
  page: number;
  pagy: Pagy | undefined;
  onPage: (page: number) => void;
  /** The page's documents are being replaced (another tab or page is loading). */
  refreshing: boolean;
}

/** A row of the table: the document and its number in the list (counted over the pages). */
interface Row {
  item: PayItem;
  n: number;
}

type Sort = 'none' | 'asc' | 'desc';
const NEXT_SORT = { none: 'asc', asc: 'desc', desc: 'none' } as const;
const ARIA_SORT = { none: 'none', asc: 'ascending', desc: 'descending' } as const;
const SORT_ARROW = { none: '↕', asc: '↑', desc: '↓' } as const;

/**
 * The pay page's document list on wide screens: the kit's table and pager. Open and partial tabs carry the
 * payment controls per row (tick, Full|Part, the amount to approve, credit and pay switches); the closed tab
 * shows status and UTR instead. The date column sorts the page in view.
 */
export function PayDocumentTable(props: PayDocumentTableProps) {
  const {
    tab,
    items,
    page,
    pagy,
    onPage,
    refreshing,
    loading = false,
    label,
    today,
    showVirtualAccount,
    showCredit,
    showPay,
    selectionOf,
    creditLimit,
    creditRefused,
    send,
  } = props;
  const [sort, setSort] = useState<Sort>('none');
  const rows = useMemo<Row[]>(() => {
    const sorted =
      sort === 'none'
        ? items
        : [...items].sort((a, b) => (sort === 'asc' ? 1 : -1) * a.invoice_date.localeCompare(b.invoice_date));
    return sorted.map((item, index) => ({ item, n: PAGE_SIZE * (page - 1) + index + 1 }));
  }, [items, sort, page]);
  const closed = tab === 'closed';
  const allSelected = items.length > 0 && items.every((i) => selectionOf(i.id));

  const columns: Column<Row>[] = [
    { key: 'n', header: '#', render: ({ n }) => n },
    {
      key: 'number',
      header: `${label} No.`,
      render: ({ item }) => <DocumentNumber item={item} selected={Boolean(selectionOf(item.id))} closed={closed} />,
    },
    ...(showVirtualAccount
      ? [
          {
            key: 'van',
            header: 'Virtual Account Number',
            render: ({ item }: Row) => orMissing(item.virtual_account_number),
          },
        ]
      : []),
    {
      key: 'date',
      header: <SortButton sort={sort} onSort={() => setSort(NEXT_SORT[sort])} />,
      sort: ARIA_SORT[sort],
      render: ({ item }) => formatDate(item.invoice_date),
    },
    { key: 'due', header: 'Due Date', render: ({ item }) => <DueDate item={item} today={today} closed={closed} /> },
    {
      key: 'amount',
      header: 'Amount in Rs.',
      align: 'end',
      render: ({ item }) => (
        <>
          {formatMoney(item.invoice_amount)}
          {!closed && <small>Due {formatMoney(item.balance_due)}</small>}
        </>
      ),
    },
    ...(closed
      ? closedColumns()
      : openColumns({ allSelected, showCredit, showPay, selectionOf, creditLimit, creditRefused, today, send })),
  ];

  return (
    <Cells>
      <Table
        caption={`${label}s`}
        hideCaption
        columns={columns}
        rows={loading ? undefined : rows}
        rowKey={({ item }) => item.id}
        refreshing={refreshing}
      />
      <Pagination label={`${label}s`} unit="Entries" pagy={pagy} onPage={onPage} />
    </Cells>
  );
}

function closedColumns(): Column<Row>[] {
  return [
    { key: 'status', header: 'Status', render: ({ item }) => item.status },
    { key: 'utr', header: 'UTR Number', render: ({ item }) => orMissing(item.payment_utr) },
  ];
}

/** What the page says beside a disabled credit switch. */
const reasonText = (reason: CreditDisabledReason | null) => (reason === null ? null : CREDIT_DISABLED_TEXT[reason]);

function openColumns(
  options: Pick<
    PayDocumentTableProps,
    'showCredit' | 'showPay' | 'selectionOf' | 'creditLimit' | 'creditRefused' | 'today' | 'send'
  > & { allSelected: boolean },
): Column<Row>[] {
  const { allSelected, showCredit, showPay, selectionOf, creditLimit, creditRefused, today, send } = options;
  return [
    {
      key: 'select',
      header: (
        <label>
          <input
            type="checkbox"
            checked={allSelected}
            onChange={() => send({ type: allSelected ? 'CLEAR_ALL' : 'SELECT_ALL' })}
          />{' '}
          Click here to pay
        </label>
      ),
      render: ({ item }) => (
        <input
          type="checkbox"
          aria-label={`Click here to pay ${item.document_number}`}
          checked={Boolean(selectionOf(item.id))}
          onChange={() => send({ type: 'TOGGLE', id: item.id })}
        />
      ),
    },
    {
      key: 'part',
      header: 'Full|Part',
      render: ({ item }) => {
        const s = selectionOf(item.id);
        return (
          <Switch
            label={`Part payment for ${item.document_number}`}
            text={s?.partPayment ? 'Part' : 'Full'}
            checked={Boolean(s?.partPayment)}
            onChange={(on) => send({ type: 'SET_PART', id: item.id, on })}
          />
        );
      },
    },
    {
      key: 'approve',
      header: 'Approve Payment',
      align: 'end',
      render: ({ item }) => <ApproveAmount item={item} selection={selectionOf(item.id)} send={send} />,
    },
    ...(showCredit
      ? [
          {
            key: 'credit',
            header: 'Credit',
            render: ({ item }: Row) => (
              <Switch
                label={`Credit for ${item.document_number}`}
                checked={Boolean(selectionOf(item.id)?.credit)}
                disabled={creditDisabledReason(item, creditLimit, today, creditRefused) !== null}
                reason={reasonText(creditDisabledReason(item, creditLimit, today, creditRefused))}
                onChange={(on) => send({ type: 'SET_CREDIT', id: item.id, on })}
              />
            ),
          },
        ]
      : []),
    ...(showPay
      ? [
          {
            key: 'pay',
            header: 'Pay',
            render: ({ item }: Row) => (
              <Switch
                label={`Pay for ${item.document_number}`}
                checked={Boolean(selectionOf(item.id)?.pay)}
                onChange={(on) => send({ type: 'SET_PAY', id: item.id, on })}
              />
            ),
          },
        ]
      : []),
  ];
}

/** The date header: a button cycling none, ascending, descending (the column's `sort` announces which). */
function SortButton({ sort, onSort }: { sort: Sort; onSort: () => void }) {
  return (
    <GhostButton type="button" onClick={onSort}>
      Date {SORT_ARROW[sort]}
    </GhostButton>
  );
}

function DocumentNumber({ item, selected, closed }: { item: PayItem; selected: boolean; closed: boolean }) {
  const draft = item.ddr_status_date?.[0];
  const banner = closed ? null : discountBanner(item, formatDate);
  return (
    <>
      <span data-testid={`doc-${item.document_number}`}>{item.document_number}</span>
      {selected && <span aria-label="selected"> ★</span>}
      {draft && (
        <small title={formatDateTime(draft.date)}>
          {draft.ddr_status === 'draft' ? 'Draft' : 'In process'} · {formatDateTime(draft.date)}
        </small>
      )}
      {banner && <small className="hint">{banner}</small>}
    </>
  );
}

function DueDate({ item, today, closed }: { item: PayItem; today: string; closed: boolean }) {
  const hint = closed ? null : dueHint(item.due_date, today);
  return (
    <>
      {formatDate(item.due_date)}
      {hint && <small className={hint.late ? 'late' : 'hint'}>{hint.text}</small>}
    </>
  );
}

/** The amount to approve: the selection's (or the balance due), or the part amount being typed with its error. */
function ApproveAmount({
  item,
  selection: s,
  send,
}: {
  item: PayItem;
  selection: Selection | undefined;
  send: (event: PaySelectionEvent) => void;
}) {
  if (!s?.partPayment) return <>{formatMoney(s?.amount ?? item.balance_due)}</>;
  return (
    <>
      <input
        type="text"
        inputMode="decimal"
        aria-label={`Amount to pay for ${item.document_number}`}
        value={s.partAmountText}
        aria-invalid={s.error ? true : undefined}
        onChange={(e) => send({ type: 'SET_PART_AMOUNT', id: item.id, text: e.target.value })}
      />
      {s.error && <FieldError role="alert">{s.error}</FieldError>}
    </>
  );
}

/**
 * The controls and notes inside the kit's cells. Compact, so that every control of a row is in view without
 * sideways scrolling from 1280 px on: narrower cell padding, headers and notes (due hints, the discount banner,
 * the draft marker, why credit is off, a part amount's error) wrap, while numbers, dates and amounts stay on one line.
 */
const Cells = styled.div`
  table th,
  table td {
    padding: 8px;
  }
  table th {
    white-space: normal;
    vertical-align: bottom;
  }
  th button {
    white-space: nowrap;
    padding: 0 10px;
  }
  td {
    vertical-align: middle;
  }
  th label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  th input[type='checkbox'] {
    flex: none;
  }
  input[type='checkbox'] {
    width: 22px;
    height: 22px;
  }
  input[type='text'] {
    ${amountInput}
    width: 120px;
  }
  small {
    display: block;
    white-space: normal;
    color: ${({ theme }) => theme.textMuted};
  }
  td [role='alert'] {
    white-space: normal;
  }
  .hint {
    color: ${({ theme }) => theme.warning};
  }
  .late {
    color: ${({ theme }) => theme.danger};
  }
`;
