import { format } from 'date-fns';
import type { InvoiceListParams, InvoiceStatsParams } from '../../api/invoice-queries';
import { fetchDistributorDetails, fetchInvoices, fetchInvoiceStats } from '../../api/invoices';
import { useApi } from '../../api/useApi';

/** The invoices page's data that is not a paged table (those use the list hook, `src/ui/useList.ts`). */

/** Keyed on the calendar day, so the windows move at midnight and not on every render. */
export function useInvoiceStats(params: InvoiceStatsParams) {
  const day = format(new Date(), 'yyyy-MM-dd');
  return useApi(['invoice-stats', params.box, params.shared, params.cleared, day], (c) =>
    fetchInvoiceStats(c, { ...params, today: new Date() }),
  );
}

/**
 * One invoice list answer outside a table (its meta: the last upload), keyed as the list hook keys the
 * tables (`[resource, params]`), so the same params share one request with the Invoices Due table.
 */
export const useInvoices = (params: InvoiceListParams) => useApi(['invoices', params], (c) => fetchInvoices(c, params));

export const useDistributorDetails = () => useApi(['distributor-details'], fetchDistributorDetails);
