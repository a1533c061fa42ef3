import { assign, fromPromise, setup } from 'xstate';
import type { AccessType } from '../../src/domain/access';
import { errorEntriesOf, isRetryableFailure, type ErrorEntry } from '../../src/domain/errors';
import type { User } from '../../src/domain/user';

/**
 * The tokens of a login: what `login` resolves with, what the machine keeps, and what survives a reload
 * (local storage keys auth_token, refresh_token, user_id, event: the spec's name for the access type).
 */
export interface SessionTokens {
  authToken: string;
  refreshToken: string;
  userId: string;
  /** The access type from login (the spec's `event`, kept in the login state); null is unset. */
  accessType: AccessType | null;
}

/** A failure as the provider's list of entries, shown as 'CODE: detail' joined by commas. */
type SessionError = ErrorEntry[];

export interface SessionContext {
  authToken: string | null;
  refreshToken: string | null;
  userId: string | null;
  /** The access type: from login (kept in storage), replaced by the loaded user's when it has one. */
  accessType: AccessType | null;
  user: User | null;
  /** Why the session is not (or no longer) logged in: a refused login, a failed refresh, an ended session. */
  error: SessionError | null;
  /** Why the profile could not be loaded. */
  userError: SessionError | null;
  /** Why the server refused to log out. */
  logoutError: SessionError | null;
  /** Retries of the refresh under way after a failure a retry can fix (0 on the first try). */
  refreshRetries: number;
}

export type SessionEvent =
  | { type: 'LOGIN'; email: string; password: string }
  | { type: 'TOKEN_EXPIRED'; token: string }
  | { type: 'TOKEN_INVALID'; token: string }
  | { type: 'LOGOUT' }
  | { type: 'RELOAD_USER' }
  /** Another tab stored newer tokens (it refreshed): use them. */
  | { type: 'TOKENS_CHANGED'; authToken: string; refreshToken: string }
  /** Another tab logged out (the stored tokens are gone). */
  | { type: 'ENDED_ELSEWHERE' };

const SESSION_ENDED: SessionError = [{ code: 'ER-AUTH-102', detail: 'Your session has ended. Please log in again.' }];
const cleared = {
  authToken: null,
  refreshToken: null,
  userId: null,
  accessType: null,
  user: null,
  userError: null,
  logoutError: null,
  refreshRetries: 0,
} as const;

/**
 * A refresh that failed for a reason a retry can fix (no answer, a timeout, 5xx, 429: `isRetryableFailure`)
 * is tried again this many times, after REFRESH_RETRY_DELAY_MS times the retry's number (1 s, then 2 s),
 * with the same refresh token: the provider answers a lost rotation again within its grace window. A
 * refusal (401 ER-AUTH-102) ends the session at once.
 */
export const REFRESH_RETRIES = 2;
export const REFRESH_RETRY_DELAY_MS = 1000;

/**
 * The session: login, restore on reload, load the current user, single-flight token refresh and logout.
 * A refresh that failed for a reason a retry can fix (no answer, timeout, 5xx, 429) is retried twice after
 * a short wait (`retryWait`) before the session ends; a refusal ends it at once.
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
    input: {} as { stored: SessionTokens | null },
  },
  actors: {
    login: fromPromise<SessionTokens, { email: string; password: string }>(() => new Promise(() => {})),
    loadUser: fromPromise<User, { userId: string }>(() => new Promise(() => {})),
    refresh: fromPromise<{ authToken: string; refreshToken: string }, { refreshToken: string }>(
      () => new Promise(() => {}),
    ),
    logout: fromPromise<unknown>(() => new Promise(() => {})),
  },
  actions: {
    /** Writes tokens and user id to storage. */
    persist: (_, _params: SessionTokens) => {},
    /** Removes auth token, refresh token and user id from storage. */
    clearPersisted: () => {},
  },
  guards: {
    hasSessionTokens: ({ context }) =>
      context.authToken !== null && context.refreshToken !== null && context.userId !== null,
    isCurrentToken: ({ context, event }) => 'token' in event && event.token === context.authToken,
    canRetryRefresh: ({ context, event }) =>
      context.refreshRetries < REFRESH_RETRIES && 'error' in event && isRetryableFailure(event.error),
  },
  delays: {
    /** 1 s before the first retry, 2 s before the second. */
    refreshRetry: ({ context }) => REFRESH_RETRY_DELAY_MS * Math.max(1, context.refreshRetries),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    authToken: input.stored?.authToken ?? null,
    refreshToken: input.stored?.refreshToken ?? null,
    userId: input.stored?.userId ?? null,
    accessType: input.stored?.accessType ?? null,
    user: null,
    error: null,
    userError: null,
    logoutError: null,
    refreshRetries: 0,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasSessionTokens', target: 'loggedIn' }, { target: 'loggedOut' }],
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
        input: ({ event }) =>
          event.type === 'LOGIN' ? { email: event.email, password: event.password } : { email: '', password: '' },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign(({ event }) => ({
              authToken: event.output.authToken,
              refreshToken: event.output.refreshToken,
              userId: event.output.userId,
              accessType: event.output.accessType,
              error: null,
            })),
            {
              type: 'persist',
              params: ({ event }) => ({
                authToken: event.output.authToken,
                refreshToken: event.output.refreshToken,
                userId: event.output.userId,
                accessType: event.output.accessType,
              }),
            },
          ],
        },
        onError: { target: 'loggedOut', actions: assign({ error: ({ event }) => errorEntriesOf(event.error) }) },
      },
    },
    loggedIn: {
      type: 'parallel',
      on: {
        TOKEN_INVALID: {
          guard: 'isCurrentToken',
          target: 'loggedOut',
          actions: [assign({ ...cleared, error: SESSION_ENDED }), 'clearPersisted'],
        },
        ENDED_ELSEWHERE: { target: 'loggedOut', actions: assign({ ...cleared, error: null }) },
      },
      states: {
        token: {
          initial: 'valid',
          states: {
            valid: {
              on: {
                TOKEN_EXPIRED: {
                  guard: 'isCurrentToken',
                  target: 'refreshing',
                  actions: assign({ refreshRetries: 0 }),
                },
                TOKENS_CHANGED: {
                  actions: assign(({ event }) => ({ authToken: event.authToken, refreshToken: event.refreshToken })),
                },
              },
            },
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'refresh',
                input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
                onDone: {
                  target: 'valid',
                  actions: [
                    assign(({ event }) => ({
                      authToken: event.output.authToken,
                      refreshToken: event.output.refreshToken,
                      refreshRetries: 0,
                    })),
                    {
                      type: 'persist',
                      params: ({ context, event }) => ({
                        authToken: event.output.authToken,
                        refreshToken: event.output.refreshToken,
                        userId: context.userId ?? '',
                        accessType: context.accessType,
                      }),
                    },
                  ],
                },
                onError: [
                  {
                    guard: 'canRetryRefresh',
                    target: 'retryWait',
                    actions: assign({ refreshRetries: ({ context }) => context.refreshRetries + 1 }),
                  },
                  {
                    target: '#session.loggedOut',
                    actions: [
                      assign({ ...cleared, error: ({ event }) => errorEntriesOf(event.error, 'ER-AUTH-102') }),
                      'clearPersisted',
                    ],
                  },
                ],
              },
            },
            /** A retryable refresh failure: the same refresh is sent again after a short wait. Requests keep waiting. */
            retryWait: {
              after: { refreshRetry: 'refreshing' },
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
                  // The user's own access type wins when the provider sends one (null means unset).
                  actions: assign(({ event, context }) => ({
                    user: event.output,
                    accessType: event.output.accessType !== undefined ? event.output.accessType : context.accessType,
                    userError: null,
                  })),
                },
                onError: {
                  target: 'failed',
                  actions: assign({ userError: ({ event }) => errorEntriesOf(event.error) }),
                },
              },
            },
            ready: { on: { RELOAD_USER: 'loading' } },
            failed: { on: { RELOAD_USER: 'loading' } },
          },
        },
        logout: {
          initial: 'idle',
          states: {
            idle: { on: { LOGOUT: { target: 'pending', actions: assign({ logoutError: null }) } } },
            pending: {
              invoke: {
                id: 'logout',
                src: 'logout',
                onDone: {
                  target: '#session.loggedOut',
                  actions: [assign({ ...cleared, error: null }), 'clearPersisted'],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ logoutError: ({ event }) => errorEntriesOf(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});
