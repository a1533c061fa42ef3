import { useState } from 'react';
import { fetchCollection } from '../../api/pay';
import { PAY_TABS, type PayTab } from '../../domain/pay';
import { config } from '../../config';
import type { TableState } from '../../lib/table-state';
import { useList } from '../../ui/useList';

export type Collection = Awaited<ReturnType<typeof fetchCollection>>;
export type PayMeta = Collection['meta'];

/** The list's URL state: the tab is the filter `docs.f.tab` ('open' is left out of the URL), the page `docs.page`. */
const DEFAULTS: Partial<TableState> = { filters: { tab: 'open' } };

const isPayTab = (value: string | undefined): value is PayTab => (PAY_TABS as readonly (string | undefined)[]).includes(value);

/**
 * One tab and page of the pay page's documents (with the header data), on the list hook: the tab and page
 * live in the URL beside the page token, so reload and back restore them. Another tab goes back to page 1.
 */
export function usePayDocuments(token: string) {
  const list = useList({
    id: 'docs',
    defaults: DEFAULTS,
    resource: 'invoice-collection',
    params: (state) => ({ token, tab: isPayTab(state.filters.tab) ? state.filters.tab : 'open', page: state.page }),
    fetch: (client, p) => fetchCollection(client, config.product, p.token, p.tab, p.page),
  });
  const { tab, page } = list.params!;
  // The tab the rows on screen belong to: while another tab loads, its label must not sit over the old rows.
  const [shownTab, setShownTab] = useState(tab);
  if (!list.isLoading && list.data !== undefined && shownTab !== tab) setShownTab(tab);
  return {
    list,
    tab,
    page,
    /** Another tab is loading: the rows on screen are the previous tab's. */
    tabLoading: shownTab !== tab,
    setTab: (next: PayTab) => list.update({ filters: { ...list.state.filters, tab: next } }),
    setPage: (next: number) => list.update({ page: next }),
  };
}
