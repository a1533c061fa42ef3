import styled from 'styled-components';
import type { LeadRow, LeadStatus } from '../../api/codecs/dashboard';
import { useSession } from '../../api/session-context';
import { formatCount, formatDate } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { DEFAULT_TABLE_STATE, type TableState } from '../../lib/table-state';
import { Toolbar } from '../../ui/controls';
import { ExportPanel } from '../../ui/ExportPanel';
import { Modal } from '../../ui/Modal';
import { Pagination } from '../../ui/Pagination';
import { PeriodSelector } from '../../ui/PeriodSelector';
import { RegionFilter } from '../../ui/RegionFilter';
import { RiskBadge } from '../../ui/RiskBadge';
import { SearchBox } from '../../ui/SearchBox';
import { CardGrid, StatCard } from '../../ui/StatCard';
import { Skeleton } from '../../ui/Skeleton';
import { MODAL_TABLE_MAX_HEIGHT, Table, type Column } from '../../ui/Table';
import { useTableState } from '../../ui/useTableState';
import { downloadLeads, useLeadList, useLeadStatusCounts } from './api';
import { SectionBox, SectionHeader } from '../../ui/layout';

export const LEAD_STATUSES: readonly { status: LeadStatus; title: string }[] = [
  { status: 'new_leads', title: 'New Leads' },
  { status: 'work_in_progress', title: 'Work In Progress' },
  { status: 'approved', title: 'Approved' },
  { status: 'declined', title: 'Declined' },
];
const STATUS_TITLES = Object.fromEntries(LEAD_STATUSES.map((s) => [s.status, s.title])) as Record<LeadStatus, string>;

const COLUMNS: readonly Column<LeadRow>[] = [
  { key: 'name', header: 'Customer Name', render: (r) => r.name },
  { key: 'customer_code', header: 'Customer Code', render: (r) => r.customer_code },
  { key: 'amount_outstanding', header: 'Amount Outstanding', render: (r) => formatMoney(r.amount_outstanding), align: 'end' },
  { key: 'application_status', header: 'Application Status', render: (r) => STATUS_TITLES[r.application_status] },
  { key: 'risk_grading', header: 'Risk', render: (r) => <RiskBadge grade={r.risk_grading} /> },
  { key: 'eligibility_amount', header: 'Eligibility', render: (r) => formatMoney(r.eligibility_amount), align: 'end' },
  { key: 'created_at', header: 'Created At', render: (r) => formatDate(r.created_at) },
  { key: 'limit_sanctioned', header: 'Limit Sanctioned', render: (r) => formatMoney(r.limit_sanctioned), align: 'end' },
  { key: 'limit_utilized', header: 'Limit Utilised', render: (r) => formatMoney(r.limit_utilized), align: 'end' },
  { key: 'balance_available', header: 'Balance Available', render: (r) => formatMoney(r.balance_available), align: 'end' },
];

const isLeadStatus = (value: string | undefined): value is LeadStatus => LEAD_STATUSES.some((s) => s.status === value);

/**
 * The lead manager: a card per status with its count; each opens a modal table of those customers with
 * region, search, paging and CSV export. The open status and the table state live in the URL (`leads.*`).
 */
export function LeadManager() {
  const counts = useLeadStatusCounts();
  const [state, update] = useTableState('leads');
  const open = isLeadStatus(state.filters.status) ? state.filters.status : null;
  const countOf = (status: LeadStatus) => counts.data?.find((c) => c.current_status === status)?.total_applications;

  return (
    <SectionBox aria-labelledby="leads-title">
      <SectionHeader>
        <h2 id="leads-title">Lead Manager</h2>
        <PeriodSelector label="Leads period" value="this_year" options={['this_year']} onChange={() => {}} />
      </SectionHeader>
      <CardGrid>
        {LEAD_STATUSES.map(({ status, title }) => {
          const count = countOf(status);
          return (
            <StatCard
              key={status}
              testId={`lead-card-${status}`}
              label={title}
              value={counts.data ? formatCount(count ?? 0) : <Skeleton $width="40%" $height="28px" />}
              sub="Leads added"
              onClick={() => update({ ...DEFAULT_TABLE_STATE, filters: { status } })}
            />
          );
        })}
      </CardGrid>
      <Modal open={open !== null} title={open ? STATUS_TITLES[open] : ''} onClose={() => update({ ...DEFAULT_TABLE_STATE })}>
        {open && <LeadTable status={open} state={state} update={update} />}
      </Modal>
    </SectionBox>
  );
}

const Note = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.textMuted};
`;

function LeadTable({ status, state, update }: { status: LeadStatus; state: TableState; update: (change: Partial<TableState>) => void }) {
  const { client } = useSession();
  const list = useLeadList(status, state);
  const title = STATUS_TITLES[status];
  return (
    <>
      <Note>{list.data?.pagy ? `${formatCount(list.data.pagy.count)} customers` : ' '}</Note>
      <Toolbar>
        <SearchBox label="Search leads" placeholder="Customer Name / Customer Code" value={state.search} onSearch={(search) => update({ search })} />
        <RegionFilter value={state.region} onChange={(region) => update({ region })} />
        <ExportPanel columns={list.data?.csv_headers_accepted ?? []} onDownload={(keys) => downloadLeads(client, status, state, keys)} />
      </Toolbar>
      <Table
        caption={`${title} customers`}
        hideCaption
        columns={COLUMNS}
        rows={list.data?.data}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        error={list.error}
        onRetry={() => void list.mutate()}
        maxHeight={MODAL_TABLE_MAX_HEIGHT}
      />
      <Pagination label={`${title} customers`} pagy={list.data?.pagy} onPage={(page) => update({ page })} />
    </>
  );
}
