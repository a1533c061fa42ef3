import type { ApiClient } from './client';
import {
  DistributorDetails,
  invoiceListCodec,
  invoiceStatsCodec,
  paymentListCodec,
  StarAnswer,
  type InvoiceList,
  type InvoiceStats,
  type PaymentList,
  type StarResourceType,
} from './codecs/invoices';
import { config } from '../config';
import {
  invoiceCsvQuery,
  invoiceListQuery,
  invoiceStatsQuery,
  paymentCsvQuery,
  paymentListQuery,
  type InvoiceListParams,
  type InvoiceStatsParams,
  type PaymentListParams,
} from './invoice-queries';

/**
 * The invoices page's calls (spec 1 §7). Every fetcher is `(client, params, product?) => Promise`, so a
 * screen can hand it to the list hook (`src/ui/useList.ts`) or `useApi` with the params as the key.
 * Filters are named as the screen names them (./invoice-queries.ts) and become the provider's
 * `filter[...]` query there.
 */

// ---------------------------------------------------------------------------------------------------
// Invoice statistics
// ---------------------------------------------------------------------------------------------------

/** GET /invoices/stats. */
export function fetchInvoiceStats(
  client: ApiClient,
  params: InvoiceStatsParams & { today?: Date },
  product: string = config.product,
): Promise<InvoiceStats> {
  return client
    .request({
      path: '/invoices/stats',
      query: invoiceStatsQuery(params, params.today ?? new Date()),
      codec: invoiceStatsCodec(product),
    })
    .then((r) => r.data);
}

// ---------------------------------------------------------------------------------------------------
// Invoices Due and the Detailed Invoice table
// ---------------------------------------------------------------------------------------------------

/** GET /invoices: one page, the due-list meta and the export columns. */
export function fetchInvoices(
  client: ApiClient,
  params: InvoiceListParams,
  product: string = config.product,
): Promise<InvoiceList> {
  return client.request({ path: '/invoices', query: invoiceListQuery(params), codec: invoiceListCodec(product) });
}

/** Download Report: every invoice matching the list's filters (not just the page), in the chosen columns. */
export function downloadInvoices(
  client: ApiClient,
  params: InvoiceListParams,
  columns: readonly string[],
): Promise<string> {
  return client.download({ path: '/invoices', query: invoiceCsvQuery(params, columns) });
}

// ---------------------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------------------

/** GET /payments: one page of collections, the collection figures and the export columns. */
export function fetchPayments(
  client: ApiClient,
  params: PaymentListParams,
  product: string = config.product,
): Promise<PaymentList> {
  return client.request({ path: '/payments', query: paymentListQuery(params), codec: paymentListCodec(product) });
}

/** Download Report for collections: every matching payment, in the chosen columns. */
export function downloadPayments(
  client: ApiClient,
  params: PaymentListParams,
  columns: readonly string[],
): Promise<string> {
  return client.download({ path: '/payments', query: paymentCsvQuery(params, columns) });
}

// ---------------------------------------------------------------------------------------------------
// Stars and the utilisation card
// ---------------------------------------------------------------------------------------------------

export interface StarParams {
  type: StarResourceType;
  id: string;
  starred: boolean;
}

/** POST /resources/create_or_update: stars or unstars an invoice or payment; answers the star as stored. */
export function setStarred(client: ApiClient, params: StarParams): Promise<StarAnswer['data']> {
  return client
    .request({
      method: 'POST',
      path: '/resources/create_or_update',
      body: { resource: { resource_type: params.type, resource_id: params.id, starred: params.starred } },
      codec: StarAnswer,
    })
    .then((r) => r.data);
}

/** GET /distributor_companies/details: the distributor utilisation card. */
export function fetchDistributorDetails(client: ApiClient): Promise<DistributorDetails> {
  return client.request({ path: '/distributor_companies/details', codec: DistributorDetails }).then((r) => r.data);
}
