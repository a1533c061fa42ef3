import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { createSession, type Session } from '../api/session';
import { config } from '../config';
import { inspectOption } from '../lib/inspection';
import { ClientProvider } from './client-context';

/** One session per page: the machine actor and the client that waits on it. */
let session: Session | null = null;
function appSession(): Session {
  session ??= createSession({
    baseUrl: config.apiBaseUrl,
    product: config.product,
    storage: window.localStorage,
    storageEvents: window,
    ...(config.requestTimeoutMs ? { timeoutMs: config.requestTimeoutMs } : {}),
    ...inspectOption(),
  });
  return session;
}

const SessionContext = createContext<Session | null>(null);

/** The page's session, and its client for `useClient`; a component test may hand in its own (a fake client). */
export function SessionProvider({ children, session }: { children: ReactNode; session?: Session }) {
  const value = session ?? appSession();
  return (
    <SessionContext.Provider value={value}>
      <ClientProvider client={value.client}>{children}</ClientProvider>
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The session's snapshot, re-rendering only when the selected part changes. */
export function useSessionState<T>(select: (snapshot: ReturnType<Session['actor']['getSnapshot']>) => T): T {
  return useSelector(useSession().actor, select);
}
