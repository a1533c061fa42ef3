import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readTableState, withChange, writeTableState, type TableState } from '../lib/table-state';

/**
 * A table's page, region, search and filters, kept in the URL query under the table's id, so reload,
 * back and a shared link restore them. Any change other than the page goes back to page 1.
 * `defaults` must be a constant (it is compared by identity).
 */
export function useTableState(tableId: string, defaults?: Partial<TableState>) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => readTableState(search, tableId, defaults), [search, tableId, defaults]);
  const update = useCallback(
    (change: Partial<TableState>) => {
      const query = writeTableState(search, tableId, withChange(state, change), defaults);
      if (query === search.replace(/^\?/, '')) return;
      navigate(`${location}${query ? `?${query}` : ''}`);
    },
    [search, tableId, state, defaults, location, navigate],
  );
  return [state, update] as const;
}
