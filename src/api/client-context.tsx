import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './client';

const ClientContext = createContext<ApiClient | null>(null);

/**
 * The API client the screens below use: the session's client in the logged-in app (SessionProvider hands it
 * in), the public client on the pay pages, which have no session. A component test may hand in a fake.
 */
export function ClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useClient(): ApiClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient outside ClientProvider (or SessionProvider)');
  return client;
}
