import { useState } from 'react';
import type { PayTab } from '../../domain/pay';
import { useList } from '../../ui/useList';
import { DOCS_DEFAULTS, DOCS_TABLE, docsParams, fetchDocs, type Collection } from './pay-link';

export type { Collection } from './pay-link';
export type PayMeta = Collection['meta'];

/**
 * One tab and page of the pay page's documents (with the header data), on the list hook: the tab and page
 * live in the URL beside the page token, so reload and back restore them. Another tab goes back to page 1.
 * The first view takes the answer the entry asked for while the code downloaded (pay-link.ts).
 */
export function usePayDocuments(token: string) {
  const list = useList({
    id: DOCS_TABLE,
    defaults: DOCS_DEFAULTS,
    resource: 'invoice-collection',
    params: (state) => docsParams(token, state),
    fetch: fetchDocs,
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
