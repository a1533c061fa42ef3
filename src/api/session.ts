import { ACCESS_TYPES } from '../domain/access';
import { createActor, fromPromise, waitFor, type Actor, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionTokens } from '../../machines/session/session.machine';
import { getUser, login, logout, refreshTokens } from './auth';
import { createApiClient, type ApiClient, type ClientOptions, type SessionPort } from './client';

/** The storage keys the spec names, and the login's access type ('' when unset). */
import { STORAGE_KEYS } from '../domain/session-storage';

export { STORAGE_KEYS };

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readSessionTokens(storage: KeyValueStorage): SessionTokens | null {
  const authToken = storage.getItem(STORAGE_KEYS.authToken);
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
  const userId = storage.getItem(STORAGE_KEYS.userId);
  const stored = storage.getItem(STORAGE_KEYS.accessType);
  const accessType = ACCESS_TYPES.find((type) => type === stored) ?? null;
  return authToken && refreshToken && userId ? { authToken, refreshToken, userId, accessType } : null;
}

/** Runs `task` while holding a lock shared by every tab of this origin, where the browser has Web Locks. */
function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(name, task) : task();
}

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
/** A refresh under way, or waiting to be retried: requests wait for it either way. */
const isRefreshing = (s: SessionSnapshot) =>
  s.matches({ loggedIn: { token: 'refreshing' } }) || s.matches({ loggedIn: { token: 'retryWait' } });
const isSettled = (s: SessionSnapshot) => !isRefreshing(s) && !s.matches('loggingIn') && !s.matches('restoring');

export interface Session {
  actor: Actor<typeof sessionMachine>;
  client: ApiClient;
  stop(): void;
}

export interface SessionOptions extends Omit<ClientOptions, 'session'> {
  storage: KeyValueStorage;
  /** Where other tabs' storage changes arrive ('storage' events); the window in the browser. */
  storageEvents?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Receives every inspection event of the session actor (the Stately inspector, recordings). */
  inspect?: (event: InspectionEvent) => void;
}

/**
 * Wires the session machine to the API client: the machine's effects call the client, and the client
 * asks the machine (through SessionPort) for the token to use and what to do on a 401.
 */
export function createSession(options: SessionOptions): Session {
  const { storage, storageEvents, inspect, ...clientOptions } = options;
  let actor: Actor<typeof sessionMachine> | null = null;
  const running = () => {
    if (!actor) throw new Error('session not started');
    return actor;
  };

  const port: SessionPort = {
    async currentToken() {
      const settled = await waitFor(running(), isSettled, { timeout: Infinity });
      return settled.matches('loggedIn') ? settled.context.authToken : null;
    },
    async expired(token) {
      const session = running();
      const now = session.getSnapshot();
      if (!now.matches('loggedIn')) return null;
      // Only the current token can trigger a refresh; a 401 for an older one just retries with the newer.
      if (now.context.authToken === token) session.send({ type: 'TOKEN_EXPIRED', token });
      const settled = await waitFor(session, (s) => !isRefreshing(s), { timeout: Infinity });
      return settled.matches('loggedIn') && settled.context.authToken !== token ? settled.context.authToken : null;
    },
    async invalid(token) {
      const session = running();
      const settled = await waitFor(session, (s) => !isRefreshing(s), { timeout: Infinity });
      if (settled.matches('loggedIn') && settled.context.authToken !== token) return settled.context.authToken;
      session.send({ type: 'TOKEN_INVALID', token });
      return null;
    },
  };

  const client = createApiClient({ ...clientOptions, session: port });
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => login(client, input)),
      loadUser: fromPromise(({ input }) => getUser(client, input.userId)),
      // Tabs share one stored session. Under a cross-tab lock, a tab whose refresh token was already
      // rotated by another tab takes the stored pair instead of reusing its old token (which the provider
      // would treat as theft and answer by revoking the whole login).
      refresh: fromPromise(({ input }) =>
        withTabLock('anchor-portal-refresh', async () => {
          const stored = readSessionTokens(storage);
          if (stored && stored.refreshToken !== input.refreshToken)
            return { authToken: stored.authToken, refreshToken: stored.refreshToken };
          return refreshTokens(client, input.refreshToken);
        }),
      ),
      logout: fromPromise<unknown>(() => logout(client)),
    },
    actions: {
      persist: (_, stored) => {
        storage.setItem(STORAGE_KEYS.authToken, stored.authToken);
        storage.setItem(STORAGE_KEYS.refreshToken, stored.refreshToken);
        storage.setItem(STORAGE_KEYS.userId, stored.userId);
        storage.setItem(STORAGE_KEYS.accessType, stored.accessType ?? '');
      },
      clearPersisted: () => {
        for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
      },
    },
  });
  actor = createActor(machine, { input: { stored: readSessionTokens(storage) }, ...(inspect ? { inspect } : {}) });
  actor.start();

  // Follow the other tabs: their refreshed tokens, and their logout.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !Object.values(STORAGE_KEYS).includes(event.key as never)) return;
    const session = running();
    if (!session.getSnapshot().matches('loggedIn')) return;
    const stored = readSessionTokens(storage);
    if (!stored) session.send({ type: 'ENDED_ELSEWHERE' });
    else if (stored.authToken !== session.getSnapshot().context.authToken) {
      session.send({ type: 'TOKENS_CHANGED', authToken: stored.authToken, refreshToken: stored.refreshToken });
    }
  };
  storageEvents?.addEventListener('storage', onStorage as EventListener);
  return {
    actor,
    client,
    stop: () => {
      storageEvents?.removeEventListener('storage', onStorage as EventListener);
      running().stop();
    },
  };
}
