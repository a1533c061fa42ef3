import useSWR from 'swr';
import { fetchCollection } from '../../api/pay';
import type { ApiClient } from '../../api/client';
import { PAY_TABS, type PayTab } from '../../domain/pay';
import { config } from '../../config';
import { useTableState } from '../../ui/useTableState';

export type Collection = Awaited<ReturnType<typeof fetchCollection>>;
export type PayMeta = Collection['meta'];

/** The list's URL state: the tab is the filter `docs.f.tab` ('open' is left out of the URL), the page `docs.page`. */
const DEFAULTS = { filters: { tab: 'open' } };

const isPayTab = (value: string | undefined): value is PayTab => (PAY_TABS as readonly (string | undefined)[]).includes(value);

/**
 * One tab and page of the pay page's documents (with the header data), the tab and page kept in the URL beside
 * the page token, so reload and back restore them. Another tab goes back to page 1.
 */
export function usePayDocuments(client: ApiClient, token: string) {
  const [state, update] = useTableState('docs', DEFAULTS);
  const tab: PayTab = isPayTab(state.filters.tab) ? state.filters.tab : 'open';
  const page = state.page;
  const list = useSWR(['invoice-collection', token, tab, page], () => fetchCollection(client, config.product, token, tab, page), { keepPreviousData: true });
  return {
    list,
    tab,
    page,
    setTab: (next: PayTab) => update({ filters: { ...state.filters, tab: next }, page: 1 }),
    setPage: (next: number) => update({ page: next }),
  };
}
