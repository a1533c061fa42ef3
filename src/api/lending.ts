import {
  LENDING_APPLICATION_STATUS,
  LENDING_SEGMENTS,
  PIPELINE_SEGMENTS,
  segmentOf,
  sourcesFilterValue,
  SOURCE_FILTERS,
  type FundInDays,
  type LendingPeriod,
} from '../domain/lending';
import { searchKeyword } from '../domain/thresholds';
import type { TableState } from '../lib/table-state';
import type { ApiClient, Query } from './client';
import {
  CreditEvaluation,
  CreditLineSummary,
  DrawdownInvoices,
  DrawdownPage,
  FundList,
  lendingListCodec,
  OnboardedList,
  RepaymentPage,
} from './codecs/lending';
import { csvExportQuery, pageQuery } from './list-query';

/**
 * The lending page's and the pipeline's calls (spec 2 §7). Paths the spec leaves out are the catalogue's
 * (spec 3 §7): the lending customers are GET /distributor_companies/lending_list, the onboarded list
 * GET /distributor_companies/list, funds available GET /distributor_companies/fund_available. The credit
 * evaluation behind the wizard's Complete has no catalogue entry: POST /distributor_companies/credit_evaluation.
 */

const regionOf = (state: TableState) => (state.region === 'all' ? undefined : state.region);

/** The lending table's filters in the URL (`lending.f.*`): segment and period. */
export const lendingPeriodOf = (state: TableState): LendingPeriod =>
  state.filters.period === 'this_month' ? 'this_month' : 'this_year';

/** GET /distributor_companies/lending_list: always approved customers (spec 2 §4), the segment's overdue filter, search, region, period. */
export function lendingListRequest(state: TableState): { path: string; query: Query } {
  const segment = segmentOf(LENDING_SEGMENTS, state.filters.segment);
  const filter = {
    application_status: LENDING_APPLICATION_STATUS,
    ...segment.filter,
    search: searchKeyword(state.search),
    region: regionOf(state),
    period: lendingPeriodOf(state),
  };
  return { path: '/distributor_companies/lending_list', query: pageQuery(filter, state.page) };
}

export const fetchLendingList = (client: ApiClient, state: TableState, product: string) =>
  client.request({ ...lendingListRequest(state), codec: lendingListCodec(product) });

/** The CSV of every customer matching the lending table's filters, with the chosen columns. */
export function downloadLendingList(client: ApiClient, state: TableState, keys: string[]) {
  const { path, query } = lendingListRequest(state);
  return client.download({ path, query: csvExportQuery(query.filter as Query, keys) });
}

/** GET /distributor_companies/list ('All Customer'): the payment-source filter as a comma list, region, search. */
export function onboardedListRequest(state: TableState, product: string): { path: string; query: Query } {
  const sources = SOURCE_FILTERS.find((f) => f.key === state.filters.sources) ?? SOURCE_FILTERS[0]!;
  const filter = {
    payment_sources_filter: sourcesFilterValue(sources, product),
    region: regionOf(state),
    search: searchKeyword(state.search),
  };
  return { path: '/distributor_companies/list', query: pageQuery(filter, state.page) };
}

export const fetchOnboardedList = (client: ApiClient, state: TableState, product: string) =>
  client.request({ ...onboardedListRequest(state, product), codec: OnboardedList });

/** GET /distributor_companies/fund_available: one window ('1' or '5' days), the segment's overdue filter, region. */
export function fundAvailableRequest(days: FundInDays, state: TableState): { path: string; query: Query } {
  const segment = segmentOf(PIPELINE_SEGMENTS, state.filters.segment);
  const filter = { fund_in_days: days, ...segment.filter, region: regionOf(state) };
  return { path: '/distributor_companies/fund_available', query: pageQuery(filter, state.page) };
}

export const fetchFundAvailable = (client: ApiClient, days: FundInDays, state: TableState) =>
  client.request({ ...fundAvailableRequest(days, state), codec: FundList });

/** Whose drawdowns or repayments, and which zero-based page. */
export interface LoanPageParams {
  custId: string;
  loanApplicationId: string;
  /** Zero-based. */
  page: number;
}

const loanQuery = (p: LoanPageParams): Query => ({
  cust_id: p.custId,
  loan_application_id: p.loanApplicationId,
  page: p.page,
});

export const fetchDrawdowns = (client: ApiClient, params: LoanPageParams) =>
  client.request({ path: '/distributor_companies/drawdowns', query: loanQuery(params), codec: DrawdownPage });

export const fetchDrawdownInvoices = (client: ApiClient, drawdownId: string) =>
  client
    .request({
      path: '/distributor_companies/drawdown_invoices',
      query: { drawdown_id: drawdownId },
      codec: DrawdownInvoices,
    })
    .then((r) => r.data);

export const fetchRepayments = (client: ApiClient, params: LoanPageParams) =>
  client.request({ path: '/distributor_companies/repayments', query: loanQuery(params), codec: RepaymentPage });

export const fetchCreditLineSummary = (client: ApiClient) =>
  client.request({ path: '/loan_applications/credit_line_summary', codec: CreditLineSummary }).then((r) => r.data);

/** The wizard's Complete: grades the customers the uploads `fileIds` named; with none, every lead waiting for a grade. */
export const runCreditEvaluation = (client: ApiClient, fileIds: readonly string[]) =>
  client
    .request({
      method: 'POST',
      path: '/distributor_companies/credit_evaluation',
      body: fileIds.length > 0 ? { file_ids: [...fileIds] } : {},
      codec: CreditEvaluation,
    })
    .then((r) => r.data);
