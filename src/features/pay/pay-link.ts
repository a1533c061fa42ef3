import type { ApiClient } from '../../api/client';
import { fetchCollection } from '../../api/pay';
import { publicClient } from '../../api/public-client';
import { config } from '../../config';
import { PAY_TABS, type PayTab } from '../../domain/pay';
import { readTableState, type TableState } from '../../lib/table-state';
import { linkPayToken, storedPayToken } from './pay-token';

export type Collection = Awaited<ReturnType<typeof fetchCollection>>;

/** The documents list's URL state: table `docs`, the tab is the filter `docs.f.tab` ('open' is left out of the URL), the page `docs.page`. */
export const DOCS_TABLE = 'docs';
export const DOCS_DEFAULTS: Partial<TableState> = { filters: { tab: 'open' } };

/** What one view of the documents asks the provider for. */
export interface DocsParams {
  token: string;
  tab: PayTab;
  page: number;
}

const isPayTab = (value: string | undefined): value is PayTab =>
  (PAY_TABS as readonly (string | undefined)[]).includes(value);

/** The request of a list state: an unknown tab is the open one. */
export function docsParams(token: string, state: TableState): DocsParams {
  return { token, tab: isPayTab(state.filters.tab) ? state.filters.tab : 'open', page: state.page };
}

/** The request the entry sent before the page's code arrived, until the page takes it. */
let early: { params: DocsParams; answer: Promise<Collection> } | null = null;

/**
 * Sends the pay page's first request from the entry, while React and the page's code are still downloading:
 * the documents of the token (the link's, else the one this tab kept) for the tab and page in the address.
 * The token goes in the Authorization header only, as on every pay-page call. Nothing is sent without a token.
 */
export function startPayLinkRequest(search: string): void {
  const token = linkPayToken(search) || storedPayToken();
  if (!token) return;
  const params = docsParams(token, readTableState(search, DOCS_TABLE, DOCS_DEFAULTS));
  const answer = fetchCollection(publicClient(), config.product, params.token, params.tab, params.page);
  // A failure is the page's to show when it takes the answer; until then it is not an unhandled rejection.
  answer.catch(() => undefined);
  early = { params, answer };
}

/**
 * One view of the documents: the entry's answer if it was sent for exactly this view and not taken yet (the
 * first load), else a new request (another tab or page, Retry, a reload of the list after a payment).
 */
export function fetchDocs(client: ApiClient, params: DocsParams): Promise<Collection> {
  const sent = early;
  if (
    sent &&
    sent.params.token === params.token &&
    sent.params.tab === params.tab &&
    sent.params.page === params.page
  ) {
    early = null;
    return sent.answer;
  }
  return fetchCollection(client, config.product, params.token, params.tab, params.page);
}
