import type { Query } from './client';
import { csvExportQuery, pageQuery } from './list-query';
import { CLOSED_STATUSES, DUE_STATUSES, OVERDUE_BUCKETS, UNPAID_STATUSES, type ClosedStatus } from '../domain/statuses';
import { chartWindow, type ChartPeriod } from '../domain/chart-periods';
import type { RegionFilter } from '../domain/regions';
import { INVOICE_SEARCH_MIN_LENGTH } from '../domain/reminders';
import { isSearchable, searchKeyword } from '../domain/thresholds';

/**
 * The invoices page's filters as the screen names them, and the provider queries they become (spec 1 §4,
 * §7). Pure (no React, no configuration), so the fetchers in ./invoices.ts, the tests and the mock benchmark
 * all build the same queries.
 */

const regionValue = (region: RegionFilter | undefined) =>
  region === undefined || region === 'all' ? undefined : region;

// ---------------------------------------------------------------------------------------------------
// Invoice statistics
// ---------------------------------------------------------------------------------------------------

export interface InvoiceStatsParams {
  /** Box 1 (invoices shared and cleared). */
  box: ChartPeriod;
  /** The 'Total Invoices' line chart. */
  shared: ChartPeriod;
  /** The 'Cleared' bar chart. */
  cleared: ChartPeriod;
}

export function invoiceStatsQuery(params: InvoiceStatsParams, today: Date): Query {
  const box = chartWindow(params.box, today);
  const shared = chartWindow(params.shared, today);
  const cleared = chartWindow(params.cleared, today);
  return {
    invoices_summary_from: box.from,
    invoices_summary_to: box.to,
    invoice_box: params.box,
    shared_invoices_graph_from: shared.from,
    shared_invoices_graph_to: shared.to,
    shared_type: params.shared,
    cleared_invoices_graph_from: cleared.from,
    cleared_invoices_graph_to: cleared.to,
    cleared_type: params.cleared,
  };
}

// ---------------------------------------------------------------------------------------------------
// Invoices Due and the Detailed Invoice table
// ---------------------------------------------------------------------------------------------------

/** The Invoices Due buttons, in screen order; one at a time, Due Today on load (spec §4). */
export const DUE_FILTERS = [
  'starred',
  'open',
  'in_progress',
  'due_today',
  'overdue_under_30',
  'overdue_30',
  'overdue_90',
] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const DEFAULT_DUE_FILTER: DueFilter = 'due_today';

/** The Detailed Invoice table's status filter; 'closed' brings up the closed-status filter. */
export const DETAILED_STATUS_FILTERS = [
  'all',
  'not_overdue',
  'in_progress',
  'overdue_30',
  'overdue_90',
  'closed',
] as const;
export type DetailedStatusFilter = (typeof DETAILED_STATUS_FILTERS)[number];

/** Every invoice filter the page can ask for (60+ is one of the spec's overdue classes). */
export type InvoiceFilter = DueFilter | DetailedStatusFilter | 'overdue_60';

export const CHANNEL_FINANCE_FILTERS = ['all', 'channel_finance', 'non_channel_finance'] as const;
export type ChannelFinanceFilter = (typeof CHANNEL_FINANCE_FILTERS)[number];

export const CLOSED_STATUS_FILTERS = ['all', ...CLOSED_STATUSES] as const;
export type ClosedStatusFilter = 'all' | ClosedStatus;

const DUE = DUE_STATUSES;

/**
 * Spec §4, one rule per filter. Overdue days are today - due date: Due Today = 0, Not Overdue <= 0,
 * '<30' <= 30 (as the spec words it, so it includes invoices not yet due), 30+ / 60+ / 90+ > 30 / 60 / 90;
 * those and All / Open keep the default statuses open and partially_paid. Starred covers every unpaid status.
 */
const FILTER_RULES: Record<InvoiceFilter, Record<string, string | number | readonly string[]>> = {
  all: { status_in: DUE },
  open: { status_in: DUE },
  starred: { status_in: UNPAID_STATUSES, resource_starred_eq: 'true' },
  in_progress: { status_in: ['in-progress'] },
  due_today: { status_in: DUE, overdue_by_days: 0, overdue_criteria: 'eq' },
  not_overdue: { status_in: DUE, overdue_by_days: 0, overdue_criteria: 'lteq' },
  overdue_under_30: { status_in: DUE, overdue_by_days: OVERDUE_BUCKETS.over30, overdue_criteria: 'lteq' },
  overdue_30: { status_in: DUE, overdue_by_days: OVERDUE_BUCKETS.over30, overdue_criteria: 'gt' },
  overdue_60: { status_in: DUE, overdue_by_days: OVERDUE_BUCKETS.over60, overdue_criteria: 'gt' },
  overdue_90: { status_in: DUE, overdue_by_days: OVERDUE_BUCKETS.over90, overdue_criteria: 'gt' },
  closed: { status_in: ['paid'] },
};

export interface InvoiceListParams {
  /** The chosen filter; null when none is (a search cleared it): the open and part-paid invoices. */
  filter: InvoiceFilter | null;
  channelFinance?: ChannelFinanceFilter;
  /** Applies with the 'closed' filter only. */
  closedStatus?: ClosedStatusFilter;
  region?: RegionFilter;
  /** Sent only from 3 characters on. */
  search?: string;
  page?: number;
  /** One customer's invoices (the send-link modal). */
  customerId?: string;
  /** 'Search By Invoice No.' of the send-link modal: sent from 2 characters on (spec 1 §5). */
  numberSearch?: string;
}

/** The `filter` of a GET /invoices query. */
function invoiceFilter(params: InvoiceListParams): Query {
  const closed =
    params.filter === 'closed' && params.closedStatus !== undefined && params.closedStatus !== 'all'
      ? params.closedStatus
      : undefined;
  return {
    ...FILTER_RULES[params.filter ?? 'all'],
    channel_finance:
      params.channelFinance === 'channel_finance' ? 1 : params.channelFinance === 'non_channel_finance' ? 0 : undefined,
    closed_status: closed,
    distributor_company_region_eq: regionValue(params.region),
    search_keyword: searchKeyword(params.search),
    distributor_company_id: params.customerId,
    document_number_cont: isSearchable(params.numberSearch, INVOICE_SEARCH_MIN_LENGTH)
      ? params.numberSearch!.trim()
      : undefined,
  };
}

/** The GET /invoices query of a list page. */
export function invoiceListQuery(params: InvoiceListParams): Query {
  return pageQuery(invoiceFilter(params), params.page);
}

/** The Download Report query: every invoice matching the list's filters, in the chosen columns. */
export function invoiceCsvQuery(params: InvoiceListParams, columns: readonly string[]): Query {
  return csvExportQuery(invoiceFilter(params), columns);
}

// ---------------------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------------------

/** The collections buttons; Starred leaves the date filter blank (spec §4). */
export const COLLECTION_FILTERS = ['starred', 'today', 'last_30_days', 'last_60_days', 'last_90_days'] as const;
export type CollectionFilter = (typeof COLLECTION_FILTERS)[number];

/** payment_date_in_days: N means paid from N days ago to today (0: today). */
const COLLECTION_DAYS: Record<Exclude<CollectionFilter, 'starred'>, number> = {
  today: 0,
  last_30_days: 30,
  last_60_days: 60,
  last_90_days: 90,
};

export interface PaymentListParams {
  /** null: every payment (the Complete Payment Report). */
  filter: CollectionFilter | null;
  region?: RegionFilter;
  search?: string;
  page?: number;
}

/** The `filter` of a GET /payments query. */
export function paymentFilter(params: PaymentListParams): Query {
  return {
    status_in: ['paid'],
    region: regionValue(params.region),
    payment_date_in_days:
      params.filter === null || params.filter === 'starred' ? undefined : COLLECTION_DAYS[params.filter],
    starred: params.filter === 'starred' ? 'true' : undefined,
    search_keyword: searchKeyword(params.search),
  };
}

export function paymentListQuery(params: PaymentListParams): Query {
  return pageQuery(paymentFilter(params), params.page);
}

/** The Download Report query for collections. */
export function paymentCsvQuery(params: PaymentListParams, columns: readonly string[]): Query {
  return csvExportQuery(paymentFilter(params), columns);
}
