import { useState } from 'react';
import styled from 'styled-components';
import type { Drawdown, Repayment } from '../../api/codecs/lending';
import { fetchDrawdownInvoices, fetchDrawdowns, fetchRepayments, type LoanPageParams } from '../../api/lending';
import { useApi } from '../../api/useApi';
import { dueIndicator, NO_INVOICE_FOUND, NO_REPAYMENTS, repaymentStatus, type DueTone } from '../../domain/lending';
import { formatMoney } from '../../domain/money';
import { formatDate, orMissing } from '../../lib/format';
import { pagyOfZeroBased } from '../../lib/pagination';
import { DEFAULT_TABLE_STATE, type TableState } from '../../lib/table-state';
import { GhostButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { LoadFailed } from '../../ui/LoadFailed';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { Skeleton } from '../../ui/Skeleton';
import { MODAL_TABLE_MAX_HEIGHT, type Column } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { useList } from '../../ui/useList';
import { useTableState } from '../../ui/useTableState';
import { capitalised } from './columns';

/**
 * The open customer lives in the URL (`customer.f.cust`, `.loan`, `.name`, `.tab`, and the tab's page as
 * `customer.page`), so reload keeps it open. Switching tabs is a filter change: the new tab starts on page 1.
 */
export const CUSTOMER_TABLE = 'customer';

type Tab = 'drawdown' | 'repayment';
const TABS = [
  { key: 'drawdown', label: 'Drawdown' },
  { key: 'repayment', label: 'Repayment' },
] as const;

/** Today's local calendar day as YYYY-MM-DD (the en-CA locale writes dates in that order). */
const today = () => new Date().toLocaleDateString('en-CA');

const Tone = styled.span<{ $tone: DueTone }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-weight: 700;
  font-size: 13px;
  border: 1px solid
    ${({ theme, $tone }) => theme[$tone === 'red' ? 'danger' : $tone === 'amber' ? 'warning' : 'success']};
  color: ${({ theme, $tone }) => theme[$tone === 'red' ? 'danger' : $tone === 'amber' ? 'warning' : 'success']};
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
  button {
    min-height: 32px;
    padding: 0 10px;
    font-size: 13px;
  }
`;

const DetailBox = styled.div`
  display: grid;
  gap: 8px;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  h3 {
    margin: 0 0 4px;
    font-size: 14px;
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 4px 16px;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-weight: 600;
  }
  dt.total,
  dd.total {
    font-weight: 800;
    color: ${({ theme }) => theme.text};
    border-top: 1px solid ${({ theme }) => theme.border};
    padding-top: 4px;
  }
`;

/** The 'Repayment due in' cell: the kernel's rule, its tone in text as well as colour. */
function DueCell({ drawdown }: { drawdown: Drawdown }) {
  const due = dueIndicator(drawdown, today());
  if (!due) return <>-</>;
  return (
    <Tone $tone={due.tone} data-tone={due.tone}>
      {due.text}
    </Tone>
  );
}

function InvoicesDetail({ drawdownId }: { drawdownId: string }) {
  const answer = useApi(['drawdown-invoices', drawdownId], (client) => fetchDrawdownInvoices(client, drawdownId));
  if (answer.error) return <LoadFailed error={answer.error} onRetry={() => void answer.mutate()} />;
  if (!answer.data) return <Skeleton $width="60%" />;
  if (answer.data.length === 0) return <p>{NO_INVOICE_FOUND}</p>;
  return (
    <div>
      <h3>Invoices of {drawdownId}</h3>
      <dl>
        {answer.data.map((inv) => (
          <div key={inv.invoiceNumber} style={{ display: 'contents' }}>
            <dt>{inv.invoiceNumber}</dt>
            <dd>{formatMoney(inv.invoiceAmount)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * A drawdown's dues from its own fields (spec 2 §2.3): the principal is what the total holds besides the
 * interest and penal charges, so the lines add up to the total outstanding.
 */
function DuesDetail({ d }: { d: Drawdown }) {
  const charges = d.postedInterestAmount + d.accruedInterestAmount + d.postedPenalAmount + d.accruedPenalAmount;
  const principal = d.totalOutstandingAmount - charges;
  return (
    <div>
      <h3>Dues of {d.drawdownId}</h3>
      <dl>
        <dt>Principal outstanding</dt>
        <dd>{formatMoney(principal)}</dd>
        <dt>of which overdue</dt>
        <dd>{formatMoney(d.overduePrincipalAmount)}</dd>
        <dt>Interest billed</dt>
        <dd>{formatMoney(d.postedInterestAmount)}</dd>
        <dt>of which overdue</dt>
        <dd>{formatMoney(d.overdueInterestAmount)}</dd>
        <dt>Interest accrued, not yet billed</dt>
        <dd>{formatMoney(d.accruedInterestAmount)}</dd>
        <dt>Penal charges billed</dt>
        <dd>{formatMoney(d.postedPenalAmount)}</dd>
        <dt>Penal charges accrued</dt>
        <dd>{formatMoney(d.accruedPenalAmount)}</dd>
        <dt>Days past due (principal / interest)</dt>
        <dd>
          {d.dpdPrincipal} / {d.dpdInterest}
        </dd>
        <dt className="total">Total outstanding</dt>
        <dd className="total">{formatMoney(d.totalOutstandingAmount)}</dd>
      </dl>
    </div>
  );
}

const MODES: Record<string, string> = { upi: 'UPI', net_banking: 'Net Banking', nach: 'NACH' };

const REPAYMENT_COLUMNS: readonly Column<Repayment>[] = [
  { key: 'createdAt', header: 'Date', render: (r) => formatDate(r.createdAt) },
  { key: 'loanApplicationId', header: 'Loan App ID', render: (r) => r.loanApplicationId },
  { key: 'orderId', header: 'Transaction ID', render: (r) => orMissing(r.orderId) },
  { key: 'amount', header: 'Amount', render: (r) => formatMoney(r.amount), align: 'end' },
  {
    key: 'paymentMode',
    header: 'Mode',
    render: (r) => (r.paymentMode ? (MODES[r.paymentMode] ?? capitalised(r.paymentMode)) : '-'),
  },
  { key: 'status', header: 'Status', render: (r) => capitalised(r.status) },
  { key: 'utr', header: 'UTR', render: (r) => orMissing(r.utr) },
];

/** Which parts of each drawdown row are open, by drawdown id. */
type OpenParts = Record<string, { invoices?: boolean; dues?: boolean }>;

function DrawdownTab({ loan }: { loan: Omit<LoanPageParams, 'page'> }) {
  const list = useList({
    id: CUSTOMER_TABLE,
    resource: 'drawdowns',
    params: (state: TableState) => ({ ...loan, page: state.page - 1 }),
    fetch: fetchDrawdowns,
  });
  const [open, setOpen] = useState<OpenParts>({});
  const toggle = (id: string, part: 'invoices' | 'dues') =>
    setOpen((o) => ({ ...o, [id]: { ...o[id], [part]: !o[id]?.[part] } }));
  const columns: Column<Drawdown>[] = [
    { key: 'drawdownId', header: 'DDR ID', render: (d) => d.drawdownId },
    { key: 'loanApplicationId', header: 'Loan App ID', render: (d) => d.loanApplicationId },
    { key: 'disbursementDate', header: 'DDR Date', render: (d) => formatDate(d.disbursementDate) },
    { key: 'status', header: 'Status', render: (d) => capitalised(d.status) },
    { key: 'drawdownAmount', header: 'Amount', render: (d) => formatMoney(d.drawdownAmount), align: 'end' },
    { key: 'utr', header: 'UTR', render: (d) => orMissing(d.utr) },
    { key: 'repaymentStatus', header: 'Repayment Status', render: (d) => repaymentStatus(d) ?? '-' },
    { key: 'dueDate', header: 'DDR Due Date', render: (d) => formatDate(d.dueDate) },
    { key: 'dueIn', header: 'Repayment due in', render: (d) => <DueCell drawdown={d} /> },
    {
      key: 'action',
      header: 'Action',
      // Kept at the right end in view: the spec puts Action last, and the end is where a row's actions are looked for.
      pin: 'end',
      render: (d) => (
        <Actions>
          <GhostButton
            type="button"
            aria-expanded={Boolean(open[d.drawdownId]?.invoices)}
            onClick={() => toggle(d.drawdownId, 'invoices')}
          >
            {open[d.drawdownId]?.invoices ? 'Hide Invoice(s)' : 'View Invoice(s)'}
            <span className="visually-hidden"> of {d.drawdownId}</span>
          </GhostButton>
          <GhostButton
            type="button"
            aria-expanded={Boolean(open[d.drawdownId]?.dues)}
            onClick={() => toggle(d.drawdownId, 'dues')}
          >
            {open[d.drawdownId]?.dues ? 'Hide Dues' : 'View Dues'}
            <span className="visually-hidden"> of {d.drawdownId}</span>
          </GhostButton>
        </Actions>
      ),
    },
  ];
  const detail = (d: Drawdown) => {
    const shown = open[d.drawdownId];
    if (!shown?.invoices && !shown?.dues) return null;
    return (
      <DetailBox>
        {shown.invoices && <InvoicesDetail drawdownId={d.drawdownId} />}
        {shown.dues && <DuesDetail d={d} />}
      </DetailBox>
    );
  };
  return (
    <ListBlock
      list={list}
      rows={list.data?.data}
      pagy={list.data ? pagyOfZeroBased(list.data) : undefined}
      columns={columns}
      rowKey={(d) => d.drawdownId}
      caption="Drawdowns"
      pagerLabel="Drawdowns"
      pagerUnit="drawdowns"
      region={false}
      maxHeight={MODAL_TABLE_MAX_HEIGHT}
      detail={detail}
    />
  );
}

function RepaymentTab({ loan }: { loan: Omit<LoanPageParams, 'page'> }) {
  const list = useList({
    id: CUSTOMER_TABLE,
    resource: 'repayments',
    params: (state: TableState) => ({ ...loan, page: state.page - 1 }),
    fetch: fetchRepayments,
  });
  return (
    <ListBlock
      list={list}
      rows={list.data?.data}
      pagy={list.data ? pagyOfZeroBased(list.data) : undefined}
      columns={REPAYMENT_COLUMNS}
      rowKey={(r) => `${r.orderId ?? ''}-${r.createdAt}-${r.amount}`}
      caption="Repayments"
      pagerLabel="Repayments"
      pagerUnit="repayments"
      region={false}
      maxHeight={MODAL_TABLE_MAX_HEIGHT}
      emptyText={NO_REPAYMENTS}
    />
  );
}

/** The customer modal (spec 2 §2.3-2.4): Drawdown and Repayment tabs, each paged from 0 by the provider. */
export function CustomerModal() {
  const [state, update] = useTableState(CUSTOMER_TABLE);
  const { cust, loan, name } = state.filters;
  const tab: Tab = state.filters.tab === 'repayment' ? 'repayment' : 'drawdown';
  const open = Boolean(cust && loan);
  const close = () => update({ ...DEFAULT_TABLE_STATE });
  const params = { custId: cust ?? '', loanApplicationId: loan ?? '' };
  return (
    <Modal open={open} title={name ?? 'Customer'} width={TABLE_MODAL_WIDTH} onClose={close}>
      {open && (
        <Tabs
          label={`${name ?? 'Customer'}: drawdowns and repayments`}
          tabs={TABS}
          value={tab}
          onChange={(t) => update({ filters: { ...state.filters, tab: t } })}
        >
          {tab === 'drawdown' ? <DrawdownTab loan={params} /> : <RepaymentTab loan={params} />}
        </Tabs>
      )}
    </Modal>
  );
}
