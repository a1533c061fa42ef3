import styled from 'styled-components';
import type { LeadList, LeadRow, LeadStatus } from '../../api/codecs/dashboard';
import { useSession } from '../../api/session-context';
import { countText, formatCount, formatDate } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS } from '../../domain/statuses';
import { DEFAULT_TABLE_STATE, type TableState } from '../../lib/table-state';
import { Modal, TABLE_MODAL_WIDTH } from '../../ui/Modal';
import { PeriodSelector } from '../../ui/PeriodSelector';
import { RiskBadge } from '../../ui/RiskBadge';
import { CardGrid, StatCard } from '../../ui/StatCard';
import { Skeleton } from '../../ui/Skeleton';
import { ListBlock } from '../../ui/ListBlock';
import { MODAL_TABLE_MAX_HEIGHT, type Column } from '../../ui/Table';
import { useList, type ListResult } from '../../ui/useList';
import { downloadLeads, fetchLeadList } from '../../api/dashboard';
import { useLeadStatusCounts } from './hooks';
import { SectionBox, SectionHeader } from '../../ui/layout';

const STATUS_TITLES = APPLICATION_STATUS_LABELS;
const LEAD_STATUSES: readonly { status: LeadStatus; title: string }[] = APPLICATION_STATUSES.map((status) => ({
  status,
  title: STATUS_TITLES[status],
}));

const COLUMNS: readonly Column<LeadRow>[] = [
  { key: 'name', header: 'Customer Name', render: (r) => r.name },
  { key: 'customer_code', header: 'Customer Code', render: (r) => r.customer_code },
  {
    key: 'amount_outstanding',
    header: 'Amount Outstanding',
    render: (r) => formatMoney(r.amount_outstanding),
    align: 'end',
  },
  { key: 'application_status', header: 'Application Status', render: (r) => STATUS_TITLES[r.application_status] },
  { key: 'risk_grading', header: 'Risk', render: (r) => <RiskBadge grade={r.risk_grading} /> },
  { key: 'eligibility_amount', header: 'Eligibility', render: (r) => formatMoney(r.eligibility_amount), align: 'end' },
  { key: 'created_at', header: 'Created At', render: (r) => formatDate(r.created_at) },
  { key: 'limit_sanctioned', header: 'Limit Sanctioned', render: (r) => formatMoney(r.limit_sanctioned), align: 'end' },
  { key: 'limit_utilized', header: 'Limit Utilised', render: (r) => formatMoney(r.limit_utilized), align: 'end' },
  {
    key: 'balance_available',
    header: 'Balance Available',
    render: (r) => formatMoney(r.balance_available),
    align: 'end',
  },
];

const isLeadStatus = (value: string | undefined): value is LeadStatus => LEAD_STATUSES.some((s) => s.status === value);

/**
 * The lead manager: a card per status with its count; each opens a modal table of those customers with
 * region, search, paging and CSV export. The open status and the table state live in the URL (`leads.*`).
 */
export function LeadManager() {
  const counts = useLeadStatusCounts();
  const list = useList({
    id: 'leads',
    resource: 'leads',
    params: (state) => (isLeadStatus(state.filters.status) ? { status: state.filters.status, state } : null),
    fetch: (client, { status, state }: { status: LeadStatus; state: TableState }) =>
      fetchLeadList(client, status, state),
  });
  const open = list.params?.status ?? null;
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
              onClick={() => list.update({ ...DEFAULT_TABLE_STATE, filters: { status } })}
            />
          );
        })}
      </CardGrid>
      <Modal
        open={open !== null}
        title={open ? STATUS_TITLES[open] : ''}
        width={TABLE_MODAL_WIDTH}
        onClose={list.reset}
      >
        {open && <LeadTable status={open} list={list} />}
      </Modal>
    </SectionBox>
  );
}

const Note = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.textMuted};
`;

function LeadTable({
  status,
  list,
}: {
  status: LeadStatus;
  list: ListResult<{ status: LeadStatus; state: TableState }, LeadList>;
}) {
  const { client } = useSession();
  const title = STATUS_TITLES[status];
  return (
    <>
      <Note>{list.data?.pagy ? countText(list.data.pagy.count, 'customer') : ' '}</Note>
      <ListBlock
        list={list}
        rows={list.data?.data}
        pagy={list.data?.pagy}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        caption={`${title} customers`}
        pagerLabel={`${title} customers`}
        search={{ label: 'Search leads', placeholder: 'Customer Name / Customer Code' }}
        exportCsv={{
          columns: list.data?.csv_headers_accepted ?? [],
          download: (keys) => downloadLeads(client, status, list.state, keys),
        }}
        maxHeight={MODAL_TABLE_MAX_HEIGHT}
      />
    </>
  );
}
