import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readTableState, withChange, writeTableState, type TableState } from '../lib/table-state';

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
 * The state keeps its identity while this table's keys are unchanged: a change to another table on the same
 * page (or to the page's other query keys) gives the same object, so what is memoised on it stays memoised.
 */
export function useTableState(tableId: string, defaults?: Partial<TableState>) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const own = useMemo(() => ownPart(search, tableId), [search, tableId]);
  // Read from this table's keys alone: the same keys give the same state object.
  const state = useMemo(() => readTableState(own, tableId, defaults), [own, tableId, defaults]);
  // `update` keeps its identity (what a row or a memoised column calls does not change with the URL); it
  // writes over the URL as last rendered.
  const latest = useRef({ search, state, location });
  useLayoutEffect(() => {
    latest.current = { search, state, location };
  });
  const update = useCallback(
    (change: Partial<TableState>) => {
      const now = latest.current;
      const query = writeTableState(now.search, tableId, withChange(now.state, change), defaults);
      if (query === now.search.replace(/^\?/, '')) return;
      navigate(`${now.location}${query ? `?${query}` : ''}`);
    },
    [tableId, defaults, navigate],
  );
  return [state, update] as const;
}
