import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { readTableState, withChange, writeTableState, type TableState } from '../lib/table-state';
import { useQueryPart } from './query-store';

/** This table's part of the query (its keys, as written), so other tables' changes leave its state alone. */
function ownPart(search: string, tableId: string): string {
  const prefix = `${tableId}.`;
  const own = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(search)) if (key.startsWith(prefix)) own.append(key, value);
  return own.toString();
}

/**
 * A table's page, region, search and filters, kept in the URL query under the table's id, so reload,
 * back and a shared link restore them. Any change other than the page goes back to page 1.
 * `defaults` must be a constant (it is compared by identity).
 *
 * The component renders again only when this table's keys change (a change to another table on the same page,
 * or to the page's other query keys, does not reach it), and the state keeps its identity while they are
 * unchanged, so what is memoised on it stays memoised. Needs a QueryStoreProvider above it.
 */
export function useTableState(tableId: string, defaults?: Partial<TableState>) {
  const select = useCallback((search: string) => ownPart(search, tableId), [tableId]);
  const { part: own, store } = useQueryPart(select);
  const [location, navigate] = useLocation();
  // Read from this table's keys alone: the same keys give the same state object.
  const state = useMemo(() => readTableState(own, tableId, defaults), [own, tableId, defaults]);
  // `update` keeps its identity (what a row or a memoised column calls does not change with the URL); it
  // writes over the whole query as last rendered, with this table's state as last rendered.
  const latest = useRef({ state, location });
  useLayoutEffect(() => {
    latest.current = { state, location };
  });
  const update = useCallback(
    (change: Partial<TableState>) => {
      const now = latest.current;
      const search = store.get();
      const query = writeTableState(search, tableId, withChange(now.state, change), defaults);
      if (query === search.replace(/^\?/, '')) return;
      navigate(`${now.location}${query ? `?${query}` : ''}`);
    },
    [tableId, defaults, navigate, store],
  );
  return [state, update] as const;
}
