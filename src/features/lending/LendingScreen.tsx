import styled from 'styled-components';
import { config } from '../../config';
import type { LendingCustomer } from '../../api/codecs/lending';
import { useSession, useSessionState } from '../../api/session-context';
import { downloadLendingList, fetchLendingList, lendingPeriodOf } from '../../api/lending';
import {
  LENDING_SEARCH_PLACEHOLDER,
  LENDING_SEGMENTS,
  LENDING_TITLE,
  segmentOf,
  usesReducedLendingTable,
  type LendingPeriod,
} from '../../domain/lending';
import type { TableState } from '../../lib/table-state';
import { FilterButtons } from '../../ui/controls';
import { GhostButton } from '../../ui/form';
import { ListBlock } from '../../ui/ListBlock';
import { PeriodSelector } from '../../ui/PeriodSelector';
import { useList } from '../../ui/useList';
import { useTableState } from '../../ui/useTableState';
import { fullColumns, reducedColumns } from './columns';
import { CustomerModal, CUSTOMER_TABLE } from './CustomerModal';
import { OnboardedSummary } from './OnboardedSummary';

const Page = styled.div`
  padding: 24px;
  h1 {
    margin: 0 0 24px;
  }
`;

const PERIODS: readonly LendingPeriod[] = ['this_year', 'this_month'];

/**
 * The lending page (spec 2 §2.1), 'Customer Details': the onboarded summary with the receivables and the
 * available limit, then the approved customers with segment, period, search, region, paging and CSV
 * download, all in the URL (`lending.*`). Anchor 1551 gets the reduced table. A customer's name opens
 * its drawdowns and repayments.
 */
export default function LendingScreen() {
  const { client } = useSession();
  const anchorId = useSessionState((s) => s.context.user?.anchor?.id ?? null);
  const list = useList({
    id: 'lending',
    resource: 'lending',
    params: (state: TableState) => state,
    fetch: (c, state: TableState) => fetchLendingList(c, state, config.product),
  });
  const [, openCustomer] = useTableState(CUSTOMER_TABLE);
  const open = (row: LendingCustomer) =>
    openCustomer({ filters: { cust: row.cust_id, loan: row.application_id, name: row.name } });
  const columns = usesReducedLendingTable(anchorId) ? reducedColumns(open) : fullColumns(open);
  const segment = segmentOf(LENDING_SEGMENTS, list.state.filters.segment).key;
  const period = lendingPeriodOf(list.state);
  const setFilter = (name: 'segment' | 'period', value: string) =>
    list.update({ filters: { ...list.state.filters, [name]: value } });

  return (
    <Page>
      <h1>{LENDING_TITLE}</h1>
      <OnboardedSummary
        summary={list.data?.meta}
        failed={list.error !== undefined && list.data === undefined}
        period={period}
      />
      <section aria-labelledby="lending-customers-title">
        <h2 id="lending-customers-title" className="visually-hidden">
          Approved customers
        </h2>
        <ListBlock
          list={list}
          rows={list.data?.data}
          pagy={list.data?.pagy}
          columns={columns}
          rowKey={(r) => r.id}
          caption="Approved customers"
          pagerLabel="Approved customers"
          pagerUnit="customers"
          search={{ label: 'Search customers', placeholder: LENDING_SEARCH_PLACEHOLDER }}
          exportCsv={{
            columns: list.data?.csv_headers_accepted ?? [],
            download: (keys) => downloadLendingList(client, list.state, keys),
          }}
          filters={
            <>
              <FilterButtons role="group" aria-label="Overdue segment">
                {LENDING_SEGMENTS.map((s) => (
                  <GhostButton
                    key={s.key}
                    type="button"
                    aria-pressed={segment === s.key}
                    onClick={() => setFilter('segment', s.key)}
                  >
                    {s.label}
                  </GhostButton>
                ))}
              </FilterButtons>
              <PeriodSelector
                label="Period"
                value={period}
                options={PERIODS}
                onChange={(p) => setFilter('period', p)}
              />
            </>
          }
        />
      </section>
      <CustomerModal />
    </Page>
  );
}
