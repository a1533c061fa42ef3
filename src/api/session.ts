import { createActor, fromPromise, waitFor, type Actor, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { sessionMachine, type StoredSession } from '../../machines/session/session.machine';
import { getUser, login, logout, refreshTokens } from './auth';
import { createApiClient, type ApiClient, type ClientOptions, type SessionPort } from './client';

/** The storage keys the spec names. */
export const STORAGE_KEYS = { authToken: 'auth_token', refreshToken: 'refresh_token', userId: 'user_id' } as const;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readStoredSession(storage: KeyValueStorage): StoredSession | null {
  const authToken = storage.getItem(STORAGE_KEYS.authToken);
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
  const userId = storage.getItem(STORAGE_KEYS.userId);
  return authToken && refreshToken && userId ? { authToken, refreshToken, userId } : null;
}

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
const isRefreshing = (s: SessionSnapshot) => s.matches({ loggedIn: { token: 'refreshing' } });
const isSettled = (s: SessionSnapshot) => !isRefreshing(s) && !s.matches('loggingIn') && !s.matches('restoring');

export interface Session {
  actor: Actor<typeof sessionMachine>;
  client: ApiClient;
  stop(): void;
}

export interface SessionOptions extends Omit<ClientOptions, 'session'> {
  storage: KeyValueStorage;
  /** Receives every inspection event of the session actor (the Stately inspector, recordings). */
  inspect?: (event: InspectionEvent) => void;
}

/**
 * Wires the session machine to the API client: the machine's effects call the client, and the client
 * asks the machine (through SessionPort) for the token to use and what to do on a 401.
 */
export function createSession(options: SessionOptions): Session {
  const { storage, inspect, ...clientOptions } = options;
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
      refresh: fromPromise(({ input }) => refreshTokens(client, input.refreshToken)),
      logout: fromPromise(({ input }) => logout(client, input.authToken)),
    },
    actions: {
      persist: (_, stored) => {
        storage.setItem(STORAGE_KEYS.authToken, stored.authToken);
        storage.setItem(STORAGE_KEYS.refreshToken, stored.refreshToken);
        storage.setItem(STORAGE_KEYS.userId, stored.userId);
      },
      clearPersisted: () => {
        storage.removeItem(STORAGE_KEYS.authToken);
        storage.removeItem(STORAGE_KEYS.refreshToken);
        storage.removeItem(STORAGE_KEYS.userId);
      },
    },
  });
  actor = createActor(machine, { input: { stored: readStoredSession(storage) }, ...(inspect ? { inspect } : {}) });
  actor.start();
  return { actor, client, stop: () => running().stop() };
}
