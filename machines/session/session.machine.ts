import { assign, fromPromise, setup } from 'xstate';
import type { SessionTokens } from '../../src/api/auth';
import type { AccessType, User } from '../../src/api/codecs/session';

/** What survives a reload (local storage keys auth_token, refresh_token, user_id). */
export interface StoredSession {
  authToken: string;
  refreshToken: string;
  userId: string;
}

export interface SessionError {
  code: string;
  detail: string;
}

export interface SessionContext {
  authToken: string | null;
  refreshToken: string | null;
  userId: string | null;
  /** The access type from login; the loaded user's own wins once it is there. */
  event: AccessType | null;
  user: User | null;
  /** The last failure (login, refresh, user load, logout), for the screen to show. */
  error: SessionError | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'TOKEN_EXPIRED'; token: string }
  | { type: 'TOKEN_INVALID'; token: string }
  | { type: 'LOGOUT' }
  | { type: 'RELOAD_USER' };

/** Turns whatever an effect threw into a code and detail. */
function toSessionError(error: unknown, fallbackCode: string): SessionError {
  if (typeof error === 'object' && error !== null && 'errors' in error && Array.isArray(error.errors)) {
    const first = error.errors[0] as { code?: string; detail?: string } | undefined;
    const text = 'text' in error && typeof error.text === 'string' ? error.text : undefined;
    return { code: first?.code ?? fallbackCode, detail: text ?? first?.detail ?? 'Something went wrong!' };
  }
  return { code: fallbackCode, detail: error instanceof Error ? error.message : 'Something went wrong!' };
}

const cleared = { authToken: null, refreshToken: null, userId: null, event: null, user: null } as const;

/**
 * The session: login, restore on reload, load the current user, single-flight token refresh and logout.
 * While `loggedIn`, three regions run side by side: the token (valid or refreshing), the user profile
 * (loading, ready, failed) and logout (idle or pending). A refresh can therefore run while the user
 * loads or while a logout request waits for a fresh token. `refreshing` ignores further TOKEN_EXPIRED
 * events, which is what makes any number of concurrent expired answers cause one refresh.
 *
 * Effects are stubs here; `src/api/session.ts` provides the real ones (HTTP calls and storage).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { stored: StoredSession | null },
  },
  actors: {
    login: fromPromise<SessionTokens, { email: string; password: string }>(() => new Promise(() => {})),
    loadUser: fromPromise<User, { userId: string }>(() => new Promise(() => {})),
    refresh: fromPromise<{ authToken: string; refreshToken: string }, { refreshToken: string }>(() => new Promise(() => {})),
    logout: fromPromise<unknown, { authToken: string }>(() => new Promise(() => {})),
  },
  actions: {
    /** Writes tokens and user id to storage. */
    persist: (_, _params: StoredSession) => {},
    /** Removes auth token, refresh token and user id from storage. */
    clearPersisted: () => {},
  },
  guards: {
    hasStoredSession: ({ context }) => context.authToken !== null && context.refreshToken !== null && context.userId !== null,
    isCurrentToken: ({ context, event }) => 'token' in event && event.token === context.authToken,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    authToken: input.stored?.authToken ?? null,
    refreshToken: input.stored?.refreshToken ?? null,
    userId: input.stored?.userId ?? null,
    event: null,
    user: null,
    error: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasStoredSession', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        LOGIN: { target: 'loggingIn', actions: assign({ error: null }) },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => (event.type === 'LOGIN' ? { email: event.email, password: event.password } : { email: '', password: '' }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({
              authToken: event.output.authToken,
              refreshToken: event.output.refreshToken,
              userId: event.output.userId,
              event: event.output.event,
              error: null,
            })),
            {
              type: 'persist',
              params: ({ event }) => ({ authToken: event.output.authToken, refreshToken: event.output.refreshToken, userId: event.output.userId }),
            },
          ],
        },
        onError: { target: 'loggedOut', actions: assign({ error: ({ event }) => toSessionError(event.error, 'ERROR') }) },
      },
    },
    loggedIn: {
      type: 'parallel',
      on: {
        TOKEN_INVALID: {
          guard: 'isCurrentToken',
          target: 'loggedOut',
          actions: [assign({ ...cleared, error: { code: 'ER-AUTH-102', detail: 'Your session has ended. Please log in again.' } }), 'clearPersisted'],
        },
      },
      states: {
        token: {
          initial: 'valid',
          states: {
            valid: {
              on: { TOKEN_EXPIRED: { guard: 'isCurrentToken', target: 'refreshing' } },
            },
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'refresh',
                input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
                onDone: {
                  target: 'valid',
                  actions: [
                    assign(({ event }) => ({ authToken: event.output.authToken, refreshToken: event.output.refreshToken })),
                    {
                      type: 'persist',
                      params: ({ context, event }) => ({
                        authToken: event.output.authToken,
                        refreshToken: event.output.refreshToken,
                        userId: context.userId ?? '',
                      }),
                    },
                  ],
                },
                onError: {
                  target: '#session.loggedOut',
                  actions: [assign({ ...cleared, error: ({ event }) => toSessionError(event.error, 'ER-AUTH-102') }), 'clearPersisted'],
                },
              },
            },
          },
        },
        user: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadUser',
                src: 'loadUser',
                input: ({ context }) => ({ userId: context.userId ?? '' }),
                onDone: {
                  target: 'ready',
                  actions: assign(({ event, context }) => ({ user: event.output, event: event.output.event ?? context.event, error: null })),
                },
                onError: { target: 'failed', actions: assign({ error: ({ event }) => toSessionError(event.error, 'ERROR') }) },
              },
            },
            ready: { on: { RELOAD_USER: 'loading' } },
            failed: { on: { RELOAD_USER: 'loading' } },
          },
        },
        logout: {
          initial: 'idle',
          states: {
            idle: { on: { LOGOUT: { target: 'pending', actions: assign({ error: null }) } } },
            pending: {
              invoke: {
                id: 'logout',
                src: 'logout',
                input: ({ context }) => ({ authToken: context.authToken ?? '' }),
                onDone: { target: '#session.loggedOut', actions: [assign({ ...cleared, error: null }), 'clearPersisted'] },
                onError: { target: 'idle', actions: assign({ error: ({ event }) => toSessionError(event.error, 'ERROR') }) },
              },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
