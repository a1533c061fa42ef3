import { searchKeyword } from '../domain/thresholds';
import type { ApiClient, Query } from './client';
import { csvExportQuery, pageQuery } from './list-query';
import {
  ClearedGraph,
  CreditLimitSummary,
  LeadList,
  LeadStatusCounts,
  LendingSummary,
  PaymentGraph,
  SharedGraph,
  TopPerformers,
  type LeadStatus,
} from './codecs/dashboard';
import type { ChartPeriod } from '../domain/chart-periods';
import type { TableState } from '../lib/table-state';

export interface GraphWindow {
  period: ChartPeriod;
  from: string;
  to: string;
}

/** The home graphs name the monthly period 'weekly' on the wire (its buckets are weeks). */
const graphType = (period: ChartPeriod) => (period === 'monthly' ? 'weekly' : 'yearly');

/** GET /invoices/graph, /invoices/cleared_graph, /invoices/payment_graph: the spec's parameter names per chart. */
const graphRequests = {
  shared: (w: GraphWindow) => ({
    path: '/invoices/graph',
    query: { invoices_shared_from_date: w.from, invoices_shared_to_date: w.to, shared_type: graphType(w.period) },
    codec: SharedGraph,
  }),
  cleared: (w: GraphWindow) => ({
    path: '/invoices/cleared_graph',
    query: { invoices_cleared_from_date: w.from, invoices_cleared_to_date: w.to, cleared_type: graphType(w.period) },
    codec: ClearedGraph,
  }),
  payments: (w: GraphWindow) => ({
    path: '/invoices/payment_graph',
    query: { payments_data_from_date: w.from, payments_data_to_date: w.to, payment_type: graphType(w.period) },
    codec: PaymentGraph,
  }),
};

export const fetchSharedGraph = (client: ApiClient, w: GraphWindow) =>
  client.request(graphRequests.shared(w)).then((r) => r.data.invoices_shared[graphType(w.period)]);
export const fetchClearedGraph = (client: ApiClient, w: GraphWindow) =>
  client.request(graphRequests.cleared(w)).then((r) => r.data.invoices_cleared[graphType(w.period)]);
export const fetchPaymentGraph = (client: ApiClient, w: GraphWindow) =>
  client.request(graphRequests.payments(w)).then((r) => r.data.payments[graphType(w.period)]);

/** GET /payments/top_performers: by window (invoices card) or by period (credit card). */
export const fetchTopPerformers = (
  client: ApiClient,
  filter: { from_date: string; to_date: string } | { period: 'this_year' },
) => client.request({ path: '/payments/top_performers', query: { filter }, codec: TopPerformers }).then((r) => r.data);

export const fetchLeadStatusCounts = (client: ApiClient) =>
  client.request({ path: '/distributor_companies/statuses', codec: LeadStatusCounts }).then((r) => r.data);

/** New leads come from lead_list; the other statuses from distributor_companies with application_status. */
function leadListRequest(status: LeadStatus, state: TableState): { path: string; query: Query } {
  const filter = {
    application_status: status,
    region: state.region === 'all' ? undefined : state.region,
    search: searchKeyword(state.search),
  };
  return {
    path: status === 'new_leads' ? '/distributor_companies/lead_list' : '/distributor_companies',
    query: pageQuery(filter, state.page),
  };
}

export const fetchLeadList = (client: ApiClient, status: LeadStatus, state: TableState) =>
  client.request({ ...leadListRequest(status, state), codec: LeadList });

/** The CSV of every lead matching the table's filters, with the chosen columns. */
export function downloadLeads(client: ApiClient, status: LeadStatus, state: TableState, keys: string[]) {
  const { path, query } = leadListRequest(status, state);
  return client.download({ path, query: csvExportQuery(query.filter as Query, keys) });
}

export const fetchCreditLimitSummary = (client: ApiClient) =>
  client.request({ path: '/loan_applications/credit_limit_summary', codec: CreditLimitSummary }).then((r) => r.data);
export const fetchLendingSummary = (client: ApiClient) =>
  client.request({ path: '/loan_applications/lending_summary', codec: LendingSummary }).then((r) => r.data);
