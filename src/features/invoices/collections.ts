import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';
import type { PaymentRow } from '../../api/codecs/invoices';
import { MISSING } from '../../domain/money';
import type { TableState } from '../../lib/table-state';
import { searchKeyword } from '../../domain/thresholds';
import { COLLECTION_FILTERS, type CollectionFilter, type PaymentListParams } from '../../api/invoice-queries';

/**
 * The Collections section's pure rules (spec 1 §2.6, §4): the filter buttons and how the URL state maps to
 * them, and the cells computed from a payment (Due In, Overdue By, Received outside).
 */

/** The filter buttons' labels, as the spec names them. */
export const COLLECTION_FILTER_LABELS: Record<CollectionFilter, string> = {
  starred: 'Starred',
  today: 'Today',
  last_30_days: 'Last 30 Days',
  last_60_days: 'Last 60 Days',
  last_90_days: 'Last 90 Days',
};

/** The Complete Payment Report adds 'All' (every payment, its default) before the same buttons. */
const ALL_PAYMENTS = 'all';
export type ReportFilter = CollectionFilter | typeof ALL_PAYMENTS;
export const REPORT_FILTERS: readonly ReportFilter[] = [ALL_PAYMENTS, ...COLLECTION_FILTERS];
export const REPORT_FILTER_LABELS: Record<ReportFilter, string> = { all: 'All', ...COLLECTION_FILTER_LABELS };

/** The collections table opens on what was collected today (the spec's 'collected-today list'). */
export const DEFAULT_COLLECTION_FILTER: CollectionFilter = 'today';

/** The URL filter key (`collections.f.period`, `payment-report.f.period`). */
export const PERIOD_KEY = 'period';
/** The URL filter key that marks the Complete Payment Report as open (`payment-report.f.open=1`). */
export const OPEN_KEY = 'open';

const isCollectionFilter = (value: string | undefined): value is CollectionFilter =>
  (COLLECTION_FILTERS as readonly (string | undefined)[]).includes(value);

/** The collections table's button: the one in the URL, or the default when none (or an unknown one) is there. */
export function collectionFilterOf(state: Pick<TableState, 'filters'>): CollectionFilter {
  const value = state.filters[PERIOD_KEY];
  return isCollectionFilter(value) ? value : DEFAULT_COLLECTION_FILTER;
}

/** The report's button: one of the collection filters, else 'all'. */
export function reportFilterOf(state: Pick<TableState, 'filters'>): ReportFilter {
  const value = state.filters[PERIOD_KEY];
  return isCollectionFilter(value) ? value : ALL_PAYMENTS;
}

/** The GET /payments params of a table state and its button ('all': no filter, every payment). */
export function paymentParams(state: TableState, filter: ReportFilter): PaymentListParams {
  return {
    filter: filter === ALL_PAYMENTS ? null : filter,
    region: state.region,
    search: searchKeyword(state.search) ?? '',
    page: state.page,
  };
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A 'YYYY-MM-DD' (or ISO) date as a local calendar date, or null. */
function calendarDay(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

type DrawdownTiming = Pick<PaymentRow, 'drawdown_due_date' | 'due_in_days' | 'overdue_by_days'>;

/**
 * Days from `today` until the drawdown falls due (0 on the day), or null once it is past or without a
 * drawdown. The provider's own count (`due_in_days`) wins when it sends one, so the table agrees with the
 * export; otherwise it is worked out from `drawdown_due_date` in calendar days.
 */
export function dueInDays(row: DrawdownTiming, today: Date): number | null {
  if (row.due_in_days !== undefined) return row.due_in_days;
  const due = calendarDay(row.drawdown_due_date);
  if (!due) return null;
  const n = differenceInCalendarDays(due, today);
  return n >= 0 ? n : null;
}

/** Days the drawdown is past due, or null when it is not (yet) or there is none. Provider's count first. */
export function overdueByDays(row: DrawdownTiming, today: Date): number | null {
  if (row.overdue_by_days !== undefined) return row.overdue_by_days;
  const due = calendarDay(row.drawdown_due_date);
  if (!due) return null;
  const n = differenceInCalendarDays(today, due);
  return n > 0 ? n : null;
}

/** The Due In cell: 'Today', '1 day', 'N days', or '-'. */
export function dueInText(row: DrawdownTiming, today: Date): string {
  const n = dueInDays(row, today);
  if (n === null || n < 0) return MISSING;
  return n === 0 ? 'Today' : days(n);
}

/** The Overdue By cell: '1 day', 'N days', or '-'. */
export function overdueByText(row: DrawdownTiming, today: Date): string {
  const n = overdueByDays(row, today);
  return n === null || n <= 0 ? MISSING : days(n);
}

/** 'Received outside': Yes when the payment came from the ERP (source erp_payment), else '-' (spec §2.6, §3). */
export function receivedOutsideText(row: Pick<PaymentRow, 'source'>): string {
  return row.source === 'erp_payment' ? 'Yes' : MISSING;
}

/** The star toggle's name: it names the invoice, and the payment reference tells apart two payments of one invoice. */
export function starLabel(row: Pick<PaymentRow, 'id' | 'invoice' | 'utr_number'>): string {
  const invoice = row.invoice?.document_number;
  const reference = row.utr_number.trim();
  return `Star payment ${reference || row.id} for invoice ${invoice ?? '-'}`;
}
