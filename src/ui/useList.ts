import { useCallback, useDeferredValue, useMemo } from 'react';
import type { ApiClient } from '../api/client';
import { useApi } from '../api/useApi';
import { DEFAULT_TABLE_STATE, type TableState } from '../lib/table-state';
import { useTableState } from './useTableState';

export interface ListSpec<P, T> {
  /** The table's id: its page, region, search and filters live in the URL under `<id>.`. */
  id: string;
  /** The table's defaults (a constant: it is compared by identity). */
  defaults?: Partial<TableState>;
  /** The provider resource, first in the SWR key ('invoices', 'payments', ...). */
  resource: string;
  /**
   * What the table's state asks the provider for; null sends nothing (a closed modal). A module-level function
   * (or one memoised) keeps the params, and so the list object, the same between renders.
   */
  params: (state: TableState) => P | null;
  fetch: (client: ApiClient, params: P) => Promise<T>;
}

/**
 * A paged provider list: its state in the URL under the table's id, one SWR key rule
 * (`[resource, params]`, so every filter, the page and the search are in the key and nothing else is),
 * the previous page kept on screen while the next loads (`keepPreviousData` in `useApi`). Any change but the
 * page goes back to page 1; `reset` clears the table's keys from the URL (a modal collapsing goes back to its
 * defaults).
 *
 * - `state` is the URL's state now: controls show it (a filter button is pressed at once).
 * - `params` (and the request, and so the rows) follow it a moment later, as a deferred value: the URL comes
 *   through `useSyncExternalStore`, which React renders at once and `startTransition` cannot defer, so the
 *   click that changes a filter renders only the controls and the busy table; the new key, the request and
 *   the rows render after the browser has painted that, so the click answers at once (INP).
 * - `isLoading`: rows other than those on screen are on their way (a new key, or a change of the params not
 *   yet applied);
 *   `data` is then the previous answer, kept until the next arrives. `isValidating`: the same rows are being
 *   fetched again.
 */
export function useList<P, T>(spec: ListSpec<P, T>) {
  const { params: paramsOf, defaults } = spec;
  const [state, update] = useTableState(spec.id, defaults);
  const applied = useDeferredValue(state);
  const params = useMemo(() => paramsOf(applied), [paramsOf, applied]);
  // A change the request does not see (the ticked rows) is not a load.
  const pending = applied !== state && JSON.stringify(paramsOf(state)) !== JSON.stringify(params);
  const answer = useApi(params === null ? null : [spec.resource, params], (client) => spec.fetch(client, params as P));
  const reset = useCallback(() => update({ ...DEFAULT_TABLE_STATE, ...defaults }), [update, defaults]);
  const { data, error, mutate } = answer;
  const isLoading = answer.isLoading || pending;
  const isValidating = answer.isValidating || pending;
  // One object while nothing in it changes, so a memoised part of the screen can take the whole list.
  return useMemo(
    () => ({ state, update, reset, params, data, error, mutate, isLoading, isValidating }),
    [state, update, reset, params, data, error, mutate, isLoading, isValidating],
  );
}

export type ListResult<P, T> = ReturnType<typeof useList<P, T>>;
