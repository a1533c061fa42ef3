import { RETAILER_INVOICE_PAGE_SIZE } from '../domain/admin';
import type { AccessType } from '../domain/access';
import type { TableState } from '../lib/table-state';
import type { ApiClient, Query } from './client';
import { AccountsReceivable, DistributorList, RetailerInvoiceList, RetailerList } from './codecs/admin';
import { csvExportQuery, pageQuery } from './list-query';

/** The retailer area's calls (spec 2 §7): accounts receivable, distributors, a distributor's retailers, a retailer's invoices. */

const regionOf = (state: TableState) => (state.region === 'all' ? undefined : state.region);
/** The channel-finance filter of the URL ('1', '0'; anything else is All). */
const channelFinanceOf = (state: TableState) =>
  state.filters.cf === '1' || state.filters.cf === '0' ? state.filters.cf : undefined;

/** GET /distributor_retailers/accounts_receivables with the user's type as `event` (null sends none). */
export const fetchAccountsReceivable = (client: ApiClient, accessType: AccessType | null) =>
  client
    .request({
      path: '/distributor_retailers/accounts_receivables',
      query: { event: accessType ?? undefined },
      codec: AccountsReceivable,
    })
    .then((r) => r.data);

function distributorsRequest(state: TableState): { path: string; query: Query } {
  return {
    path: '/distributor_retailers/distributor_details',
    query: pageQuery({ region: regionOf(state), channel_finance: channelFinanceOf(state) }, state.page),
  };
}

export const fetchDistributors = (client: ApiClient, state: TableState) =>
  client.request({ ...distributorsRequest(state), codec: DistributorList });

export function downloadDistributors(client: ApiClient, state: TableState, keys: string[]) {
  const { path, query } = distributorsRequest(state);
  return client.download({ path, query: csvExportQuery(query.filter as Query, keys) });
}

function retailersRequest(distributorId: string, state: TableState): { path: string; query: Query } {
  return {
    path: `/distributor_retailers/${encodeURIComponent(distributorId)}/distributor_retailer_details`,
    query: pageQuery({ region: regionOf(state), channel_finance: channelFinanceOf(state) }, state.page),
  };
}

export const fetchRetailers = (client: ApiClient, distributorId: string, state: TableState) =>
  client.request({ ...retailersRequest(distributorId, state), codec: RetailerList });

export function downloadRetailers(client: ApiClient, distributorId: string, state: TableState, keys: string[]) {
  const { path, query } = retailersRequest(distributorId, state);
  return client.download({ path, query: csvExportQuery(query.filter as Query, keys) });
}

/** GET /distributor_retailers/{id}/retailer_invoice_details: anchor_id, page and items (15). */
export const fetchRetailerInvoices = (client: ApiClient, retailerId: string, anchorId: string, page: number) =>
  client.request({
    path: `/distributor_retailers/${encodeURIComponent(retailerId)}/retailer_invoice_details`,
    query: { anchor_id: anchorId, page, items: RETAILER_INVOICE_PAGE_SIZE },
    codec: RetailerInvoiceList,
  });
