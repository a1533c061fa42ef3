import type { ApiClient } from '../api/client';
import { useApi } from '../api/use-api';
import { DEFAULT_TABLE_STATE, type TableState } from '../lib/table-state';
import { useTableState } from './useTableState';

export interface ListSpec<P, T> {
  /** The table's id: its page, region, search and filters live in the URL under `<id>.`. */
  id: string;
  /** The table's defaults (a constant: it is compared by identity). */
  defaults?: Partial<TableState>;
  /** The provider resource, first in the SWR key ('invoices', 'payments', ...). */
  resource: string;
  /** What the table's state asks the provider for; null sends nothing (a closed modal). */
  params: (state: TableState) => P | null;
  fetch: (client: ApiClient, params: P) => Promise<T>;
}

/**
 * A paged provider list: its state in the URL under the table's id, one SWR key rule
 * (`[resource, params]`, so every filter, the page and the search are in the key and nothing else is),
 * the previous page kept on screen while the next loads. Any change but the page goes back to page 1;
 * `reset` clears the table's keys from the URL (a modal collapsing goes back to its defaults).
 */
export function useList<P, T>(spec: ListSpec<P, T>) {
  const [state, update] = useTableState(spec.id, spec.defaults);
  const params = spec.params(state);
  const answer = useApi(params === null ? null : [spec.resource, params], (client) => spec.fetch(client, params as P));
  const reset = () => update({ ...DEFAULT_TABLE_STATE, ...spec.defaults });
  return { state, update, reset, params, ...answer };
}

export type ListResult<P, T> = ReturnType<typeof useList<P, T>>;
