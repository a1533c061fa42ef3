import { createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSearch } from 'wouter';

/**
 * The URL query as a store that each table reads a part of, so a click renders again only what it changes (INP).
 * Through wouter's `useSearch`, every component with a table on the page rendered again on any change of the
 * query: a due filter's click rendered the collections, the payment-link figures and every closed modal too.
 * Here one provider follows the query, and a table renders again only when its own part changes.
 */
interface QueryStore {
  /** The query as last rendered by the provider, without '?'. */
  get: () => string;
  subscribe: (listener: () => void) => () => void;
}

const QueryStoreContext = createContext<(QueryStore & { set: (search: string) => void }) | null>(null);

function createQueryStore(initial: string) {
  let search = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => search,
    set: (next: string) => {
      if (next === search) return;
      search = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * Follows the router's query (browser or memory location, whichever `Router` is above) for the tables below.
 * The app's roots (App, PayApp) have one; a test of a table's hook wraps it in one.
 */
export function QueryStoreProvider({ children }: { children: ReactNode }) {
  const search = useSearch();
  const [store] = useState(() => createQueryStore(search));
  // Passed on once the provider has rendered: the tables whose part changed render in the same task.
  useLayoutEffect(() => store.set(search), [store, search]);
  return <QueryStoreContext.Provider value={store}>{children}</QueryStoreContext.Provider>;
}

function useQueryStore(): QueryStore {
  const store = useContext(QueryStoreContext);
  if (!store) throw new Error('a table state needs a QueryStoreProvider above it (src/ui/query-store.tsx)');
  return store;
}

/**
 * `select`'s answer for the query now, re-rendering only when that answer changes (compared as a string).
 * Returns the store too, for a write that needs the whole query.
 */
export function useQueryPart(select: (search: string) => string): { part: string; store: QueryStore } {
  const store = useQueryStore();
  const part = useSyncExternalStore(store.subscribe, () => select(store.get()));
  return { part, store };
}
