import { useApi } from '../../api/useApi';
import {
  fetchClearedGraph,
  fetchCreditLimitSummary,
  fetchLendingSummary,
  fetchLeadStatusCounts,
  fetchPaymentGraph,
  fetchSharedGraph,
  fetchTopPerformers,
  type GraphWindow,
} from '../../api/dashboard';

/** The home dashboard's data, one `useApi` each; the key holds everything the request depends on. */
export const useSharedGraph = (w: GraphWindow) => useApi(['shared-graph', w], (c) => fetchSharedGraph(c, w));
export const useClearedGraph = (w: GraphWindow) => useApi(['cleared-graph', w], (c) => fetchClearedGraph(c, w));
export const usePaymentGraph = (w: GraphWindow) => useApi(['payment-graph', w], (c) => fetchPaymentGraph(c, w));
export const useTopPerformers = (filter: Parameters<typeof fetchTopPerformers>[1]) =>
  useApi(['top-performers', filter], (c) => fetchTopPerformers(c, filter));
export const useLeadStatusCounts = () => useApi(['lead-statuses'], fetchLeadStatusCounts);
export const useCreditLimitSummary = () => useApi(['credit-limit-summary'], fetchCreditLimitSummary);
export const useLendingSummary = () => useApi(['lending-summary'], fetchLendingSummary);
