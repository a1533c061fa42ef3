/**
 * The session's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`). The wait
 * before a refresh is retried is ended by its delayed event (`RETRY_REFRESH`), which the graphs send like
 * any other. Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import type { User } from '../../src/domain/user';
import { pathModel } from '../test-paths';
import { apiErrorFromBody, clientError } from '../../src/api/errors';
import { sessionMachine, type SessionContext, type SessionEvent, type SessionTokens } from './session.machine';

export const user: User = {
  id: '1',
  name: 'Asha Verma',
  email: 't1@anchor.test',
  role: 'Admin',
  role_id: 1,
  accessType: 't1',
  anchor: { name: 'Sarvodaya', logo_url: null },
};
export const tokens: SessionTokens = { authToken: 'at-1', refreshToken: 'rt-1', userId: '1', accessType: 't1' };
/** The session the restored graphs start from. */
export const RESTORED = { ...tokens, accessType: 't2' } as const;
const userWithoutType: User = { id: '1', name: 'Asha Verma', email: 't1@anchor.test', role: 'Admin', role_id: 1 };

/** The delayed event that ends the wait before a refresh is retried. */
export const RETRY_REFRESH = { type: 'xstate.after.refreshRetry.session.loggedIn.token.retryWait' } as AnyEventObject;

/** The failures the paths meet (the tests say what each must leave, and which a retry can fix). */
export const FAILURES = {
  // The graph by state value: one failure of each effect, and a lost refresh.
  loginFailed: new Error('bad credentials'),
  loadUserFailed: new Error('timeout'),
  /** A refused refresh is a 401. */
  refreshRevoked: Object.assign(new Error('revoked'), { status: 401 }),
  logoutFailed: new Error('offline'),
  noAnswer: clientError('No answer.'),
  // The graphs with effects.
  loginRefused: apiErrorFromBody(401, { errors: [{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }] }),
  userFailed: new Error('timeout'),
  /** A 401 with no code in the answer. */
  refreshRefused: { status: 401, errors: [{ detail: 'Refresh token is invalid, expired or revoked.' }] },
  /** No answer (the answer was lost, or the request timed out). */
  refreshLost: clientError('Could not reach the provider. Check the connection and try again.'),
  /** The provider's own trouble. */
  refreshUnavailable: apiErrorFromBody(503, { errors: [{ code: 'ER-UNAVAILABLE', detail: 'Try again later.' }] }),
  logoutRefused: new Error('offline'),
};

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as AnyEventObject;
const error = (id: string, failure: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error: failure }) as AnyEventObject;
const byValueEvents = [
  { type: 'LOGIN', email: 't1@anchor.test', password: 'Demo@1234' },
  { type: 'TOKEN_EXPIRED', token: 'at-1' },
  { type: 'TOKEN_INVALID', token: 'at-1' },
  { type: 'LOGOUT' },
  { type: 'RELOAD_USER' },
  done('login', tokens),
  error('login', FAILURES.loginFailed),
  done('loadUser', user),
  error('loadUser', FAILURES.loadUserFailed),
  done('refresh', { authToken: 'at-1', refreshToken: 'rt-2' }),
  error('refresh', FAILURES.refreshRevoked),
  error('refresh', FAILURES.noAnswer),
  RETRY_REFRESH,
  done('logout', { message: 'ok' }),
  error('logout', FAILURES.logoutFailed),
] as AnyEventObject[];

const effectEvents = {
  loginDone: { type: 'xstate.done.actor.login', output: tokens },
  loginRefused: { type: 'xstate.error.actor.login', error: FAILURES.loginRefused },
  userLoaded: { type: 'xstate.done.actor.loadUser', output: { ...user, accessType: 't1t2' } },
  userLoadedWithoutType: { type: 'xstate.done.actor.loadUser', output: userWithoutType },
  userFailed: { type: 'xstate.error.actor.loadUser', error: FAILURES.userFailed },
  refreshedSameToken: { type: 'xstate.done.actor.refresh', output: { authToken: 'at-1', refreshToken: 'rt-2' } },
  refreshed: { type: 'xstate.done.actor.refresh', output: { authToken: 'at-2', refreshToken: 'rt-2' } },
  refreshRefused: { type: 'xstate.error.actor.refresh', error: FAILURES.refreshRefused },
  refreshLost: { type: 'xstate.error.actor.refresh', error: FAILURES.refreshLost },
  refreshUnavailable: { type: 'xstate.error.actor.refresh', error: FAILURES.refreshUnavailable },
  loggedOut: { type: 'xstate.done.actor.logout', output: { message: 'Logged out successfully.' } },
  logoutRefused: { type: 'xstate.error.actor.logout', error: FAILURES.logoutRefused },
} satisfies Record<string, AnyEventObject>;
const userEvents = {
  login: { type: 'LOGIN', email: 't1@anchor.test', password: 'Demo@1234' },
  expired: { type: 'TOKEN_EXPIRED', token: 'at-1' },
  expiredRotated: { type: 'TOKEN_EXPIRED', token: 'at-2' },
  invalid: { type: 'TOKEN_INVALID', token: 'at-1' },
  invalidRotated: { type: 'TOKEN_INVALID', token: 'at-2' },
  logout: { type: 'LOGOUT' },
  reload: { type: 'RELOAD_USER' },
  otherTab: { type: 'TOKENS_CHANGED', authToken: 'at-9', refreshToken: 'rt-9' },
  endedElsewhere: { type: 'ENDED_ELSEWHERE' },
} satisfies Record<string, SessionEvent>;
/** The wait before a refresh is retried, ended (the graph and the replay send it instead of a timer). */
const timerEvents = { retryRefresh: RETRY_REFRESH } satisfies Record<string, AnyEventObject>;
const canTake = ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never;

/**
 * Everything a guard or an effect's input reads, and what the paths should tell apart; for a session that
 * ended, what ended it (in the graph: a confirmed logout leaves the context another tab's logout leaves, but
 * it clears the storage, and the paths must replay it).
 */
export const fullSession = (s: { value: unknown; context: SessionContext }, event?: { type: string }) =>
  JSON.stringify([
    s.value,
    s.context.authToken,
    s.context.refreshToken,
    s.context.user?.id ?? null,
    s.context.accessType,
    s.context.error,
    s.context.userError,
    s.context.logoutError,
    s.context.refreshRetries,
    s.value === 'loggedOut' ? (event?.type ?? null) : null,
  ]);
/** State and the retries so far: they decide whether a lost refresh is retried again. */
export const byRetries = (s: { value: unknown; context: SessionContext }) =>
  JSON.stringify([s.value, s.context.refreshRetries, s.context.authToken]);
/** The state alone (the refresh of its graph keeps the access token, so the state says which token events apply). */
export const byState = (s: { value: unknown }) => JSON.stringify(s.value);

const everyEvent = [
  ...Object.values(userEvents),
  ...Object.values(effectEvents),
  ...Object.values(timerEvents),
] as never;
const { expired, expiredRotated, invalid, login, logout, reload, endedElsewhere } = userEvents;
const {
  loginDone,
  loginRefused,
  userLoaded,
  userFailed,
  refreshedSameToken,
  refreshed,
  refreshRefused,
  refreshLost,
  refreshUnavailable,
  loggedOut,
  logoutRefused,
} = effectEvents;

export const sessionPaths = pathModel({
  machine: sessionMachine,
  effects: ['login', 'refresh', 'loadUser', 'logout'],
  unreachable: {
    'session.restoring':
      'transient: its `always` transitions leave it at once, for loggedIn (stored tokens) or loggedOut, so no snapshot rests in it',
  },
  graphs: {
    /** Every configuration of the machine (each region's states) from a cold start. */
    byValue: { input: { stored: null }, events: byValueEvents as never, serializeState: byState },
    /** Every distinct session from a cold start, with every event. */
    cold: { input: { stored: null }, events: everyEvent, serializeState: fullSession, filterEvents: canTake },
    /** Every distinct session from a restored session, with every event. */
    restored: { input: { stored: RESTORED }, events: everyEvent, serializeState: fullSession, filterEvents: canTake },
    /** The refresh and its retries from a restored session (for the simple paths). */
    refreshRetries: {
      input: { stored: RESTORED },
      events: [
        expired,
        expiredRotated,
        refreshed,
        refreshRefused,
        refreshLost,
        refreshUnavailable,
        timerEvents.retryRefresh,
      ] as never,
      serializeState: byRetries,
      filterEvents: canTake,
    },
    /** Login, user, refresh and logout settled both ways, by state, from a cold start (for the simple paths). */
    byState: {
      input: { stored: null },
      events: [
        login,
        expired,
        invalid,
        logout,
        reload,
        endedElsewhere,
        loginDone,
        loginRefused,
        userLoaded,
        userFailed,
        refreshedSameToken,
        refreshRefused,
        loggedOut,
        logoutRefused,
      ] as never,
      serializeState: byState,
      filterEvents: canTake,
    },
  },
});
