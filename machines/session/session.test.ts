import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { apiErrorFromBody, clientError } from '../../src/api/errors';
import type { ErrorEntry } from '../../src/domain/errors';
import type { User } from '../../src/domain/user';
import { effectOutcome, fakeEffect, pathName, replay, type GraphPath } from '../test-paths';
import {
  REFRESH_RETRIES,
  REFRESH_RETRY_DELAY_MS,
  sessionMachine,
  type SessionContext,
  type SessionEvent,
  type SessionTokens,
} from './session.machine';
import {
  byRetries,
  byState,
  FAILURES,
  fullSession,
  RESTORED,
  RETRY_REFRESH,
  sessionPaths,
  tokens,
  user,
} from './session.paths';

const stored: SessionTokens = { authToken: 'at-1', refreshToken: 'rt-1', userId: '1', accessType: 't1' };

/** A promise the test settles by hand, so each step of a flow can be observed. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function harness(options: { stored?: SessionTokens | null } = {}) {
  const calls = { login: 0, loadUser: 0, refresh: 0, logout: 0 };
  const pending = {
    login: deferred<SessionTokens>(),
    loadUser: deferred<User>(),
    refresh: deferred<{ authToken: string; refreshToken: string }>(),
    logout: deferred<unknown>(),
  };
  const persist = vi.fn<(stored: SessionTokens) => void>();
  const clearPersisted = vi.fn();
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(() => (calls.login++, pending.login.promise)),
      loadUser: fromPromise(() => (calls.loadUser++, pending.loadUser.promise)),
      refresh: fromPromise(() => (calls.refresh++, pending.refresh.promise)),
      logout: fromPromise(() => (calls.logout++, pending.logout.promise)),
    },
    actions: {
      persist: (_, params) => {
        persist(params);
      },
      clearPersisted,
    },
  });
  const actor = createActor(machine, { input: { stored: options.stored ?? null } }).start();
  return { actor, calls, pending, persist, clearPersisted };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The entries each failure of the path tests must leave, and whether a retry can fix it (written out, not computed). */
const ENTRIES = new Map<unknown, ErrorEntry[]>([
  [FAILURES.loginFailed, [{ code: 'ERROR', detail: 'bad credentials' }]],
  [FAILURES.loadUserFailed, [{ code: 'ERROR', detail: 'timeout' }]],
  // A refresh failure without a code of its own is the session's ER-AUTH-102.
  [FAILURES.refreshRevoked, [{ code: 'ER-AUTH-102', detail: 'revoked' }]],
  [FAILURES.logoutFailed, [{ code: 'ERROR', detail: 'offline' }]],
  [FAILURES.noAnswer, [{ code: 'ERROR', detail: 'No answer.' }]],
  [FAILURES.loginRefused, [{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }]],
  [FAILURES.userFailed, [{ code: 'ERROR', detail: 'timeout' }]],
  [FAILURES.refreshRefused, [{ code: 'ER-AUTH-102', detail: 'Refresh token is invalid, expired or revoked.' }]],
  [
    FAILURES.refreshLost,
    [{ code: 'ERROR', detail: 'Could not reach the provider. Check the connection and try again.' }],
  ],
  [FAILURES.refreshUnavailable, [{ code: 'ER-UNAVAILABLE', detail: 'Try again later.' }]],
  [FAILURES.logoutRefused, [{ code: 'ERROR', detail: 'offline' }]],
]);
/** No answer, or the provider's own trouble: retried after a wait. */
const RETRYABLE = new Set<unknown>([FAILURES.noAnswer, FAILURES.refreshLost, FAILURES.refreshUnavailable]);

describe('session machine', () => {
  it('starts logged out without stored tokens, and restores a stored session by loading the user', async () => {
    expect(harness().actor.getSnapshot().value).toBe('loggedOut');
    const restored = harness({ stored });
    expect(restored.actor.getSnapshot().matches({ loggedIn: { user: 'loading' } })).toBe(true);
    expect(restored.calls.loadUser).toBe(1);
    restored.pending.loadUser.resolve(user);
    await flush();
    expect(restored.actor.getSnapshot().matches({ loggedIn: { user: 'ready' } })).toBe(true);
    expect(restored.actor.getSnapshot().context.user?.name).toBe('Asha Verma');
  });

  it('logs in, persists the tokens, then loads the user', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 't1@anchor.test', password: 'Demo@1234' });
    expect(h.actor.getSnapshot().value).toBe('loggingIn');
    h.pending.login.resolve(tokens);
    await flush();
    expect(h.persist).toHaveBeenCalledWith(stored);
    expect(h.actor.getSnapshot().context).toMatchObject({
      authToken: 'at-1',
      refreshToken: 'rt-1',
      userId: '1',
      accessType: 't1',
    });
    expect(h.calls.loadUser).toBe(1);
  });

  it('keeps a failed login logged out with the server error', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 't1@anchor.test', password: 'wrong' });
    h.pending.login.reject({
      errors: [{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }],
      text: 'Invalid email or password.',
    });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('loggedOut');
    expect(h.actor.getSnapshot().context.error).toEqual([
      { code: 'ER-AUTH-101', detail: 'Invalid email or password.' },
    ]);
    expect(h.persist).not.toHaveBeenCalled();
  });

  it('refreshes once for any number of expiry signals, then stores the rotated tokens', async () => {
    const h = harness({ stored });
    for (let i = 0; i < 20; i++) h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
    expect(h.calls.refresh).toBe(1);
    h.pending.refresh.resolve({ authToken: 'at-2', refreshToken: 'rt-2' });
    await flush();
    expect(h.actor.getSnapshot().matches({ loggedIn: { token: 'valid' } })).toBe(true);
    expect(h.persist).toHaveBeenLastCalledWith({
      authToken: 'at-2',
      refreshToken: 'rt-2',
      userId: '1',
      accessType: 't1',
    });
  });

  it('ignores an expiry signal for a token that is no longer current', () => {
    const h = harness({ stored });
    h.actor.send({ type: 'TOKEN_EXPIRED', token: 'an-older-token' });
    expect(h.calls.refresh).toBe(0);
    expect(h.actor.getSnapshot().matches({ loggedIn: { token: 'valid' } })).toBe(true);
  });

  it('logs out and clears storage at once when the refresh is refused', async () => {
    const h = harness({ stored });
    h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
    h.pending.refresh.reject({
      status: 401,
      errors: [{ code: 'ER-AUTH-102', detail: 'Refresh token is invalid, expired or revoked.' }],
    });
    await flush();
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.value).toBe('loggedOut');
    expect(snapshot.context).toMatchObject({ authToken: null, refreshToken: null, userId: null, user: null });
    expect(snapshot.context.error?.[0]?.code).toBe('ER-AUTH-102');
    expect(h.clearPersisted).toHaveBeenCalledOnce();
    expect(h.calls.refresh).toBe(1);
  });

  describe('a refresh that failed for a reason a retry can fix', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const lost = () => clientError('Could not reach the provider. Check the connection and try again.');

    it('is sent again with the same refresh token after 1 s, then 2 s; a retry that succeeds keeps the login', async () => {
      vi.useFakeTimers();
      const h = sessionHarness(stored);
      h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
      h.fakes.refresh.pending()[0]!.reject(lost());
      await vi.advanceTimersByTimeAsync(0);
      expect(h.actor.getSnapshot().matches({ loggedIn: { token: 'retryWait' } })).toBe(true);
      expect(h.actor.getSnapshot().context.refreshRetries).toBe(1);
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS - 1);
      expect(h.fakes.refresh.calls).toHaveLength(1);
      // While it waits, more expired answers start nothing new.
      h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
      await vi.advanceTimersByTimeAsync(1);
      expect(h.fakes.refresh.calls.map((c) => c.input)).toEqual([{ refreshToken: 'rt-1' }, { refreshToken: 'rt-1' }]);
      h.fakes.refresh
        .pending()[0]!
        .reject(apiErrorFromBody(503, { errors: [{ code: 'ER-UNAVAILABLE', detail: 'Down.' }] }));
      await vi.advanceTimersByTimeAsync(2 * REFRESH_RETRY_DELAY_MS - 1);
      expect(h.fakes.refresh.calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.fakes.refresh.calls).toHaveLength(3);
      h.fakes.refresh.pending()[0]!.resolve({ authToken: 'at-2', refreshToken: 'rt-2' });
      await vi.advanceTimersByTimeAsync(0);
      expect(h.actor.getSnapshot().matches({ loggedIn: { token: 'valid' } })).toBe(true);
      expect(h.actor.getSnapshot().context).toMatchObject({
        authToken: 'at-2',
        refreshToken: 'rt-2',
        refreshRetries: 0,
        error: null,
      });
      expect(h.clearedTimes()).toBe(0);
      expect(h.persisted).toEqual([{ authToken: 'at-2', refreshToken: 'rt-2', userId: '1', accessType: 't1' }]);
    });

    it(`gives up after ${REFRESH_RETRIES} retries and logs out with the last failure`, async () => {
      vi.useFakeTimers();
      const h = sessionHarness(stored);
      h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
      for (let attempt = 0; attempt <= REFRESH_RETRIES; attempt++) {
        h.fakes.refresh.pending()[0]!.reject(lost());
        await vi.advanceTimersByTimeAsync(10 * REFRESH_RETRY_DELAY_MS);
      }
      expect(h.fakes.refresh.calls).toHaveLength(1 + REFRESH_RETRIES);
      expect(h.actor.getSnapshot().value).toBe('loggedOut');
      expect(h.actor.getSnapshot().context.error).toEqual([
        { code: 'ERROR', detail: 'Could not reach the provider. Check the connection and try again.' },
      ]);
      expect(h.clearedTimes()).toBe(1);
    });

    it('a refusal after a retry still logs out at once, and a later expiry starts counting again', async () => {
      vi.useFakeTimers();
      const h = sessionHarness(stored);
      h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
      h.fakes.refresh.pending()[0]!.reject(lost());
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
      h.fakes.refresh.pending()[0]!.resolve({ authToken: 'at-2', refreshToken: 'rt-2' });
      await vi.advanceTimersByTimeAsync(0);
      h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-2' });
      expect(h.actor.getSnapshot().context.refreshRetries).toBe(0);
      h.fakes.refresh.pending()[0]!.reject(lost());
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAY_MS);
      h.fakes.refresh.pending()[0]!.reject(
        apiErrorFromBody(401, {
          errors: [{ code: 'ER-AUTH-102', detail: 'Refresh token is invalid, expired or revoked.' }],
        }),
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(h.actor.getSnapshot().value).toBe('loggedOut');
      expect(h.actor.getSnapshot().context.error).toEqual([
        { code: 'ER-AUTH-102', detail: 'Refresh token is invalid, expired or revoked.' },
      ]);
      expect(h.fakes.refresh.calls).toHaveLength(4);
    });
  });

  it('logs out on an invalid current token, and ignores one for an old token', () => {
    const h = harness({ stored });
    h.actor.send({ type: 'TOKEN_INVALID', token: 'old' });
    expect(h.actor.getSnapshot().matches('loggedIn')).toBe(true);
    h.actor.send({ type: 'TOKEN_INVALID', token: 'at-1' });
    expect(h.actor.getSnapshot().value).toBe('loggedOut');
    expect(h.clearPersisted).toHaveBeenCalledOnce();
  });

  it('logs out only after the server confirms, and stays logged in with the error when it refuses', async () => {
    const refused = harness({ stored });
    refused.actor.send({ type: 'LOGOUT' });
    expect(refused.actor.getSnapshot().matches({ loggedIn: { logout: 'pending' } })).toBe(true);
    expect(refused.clearPersisted).not.toHaveBeenCalled();
    refused.pending.logout.reject(new Error('offline'));
    await flush();
    expect(refused.actor.getSnapshot().matches({ loggedIn: { logout: 'idle' } })).toBe(true);
    expect(refused.actor.getSnapshot().context.logoutError).toEqual([{ code: 'ERROR', detail: 'offline' }]);

    const confirmed = harness({ stored });
    confirmed.actor.send({ type: 'LOGOUT' });
    confirmed.pending.logout.resolve({ message: 'Logged out successfully.' });
    await flush();
    expect(confirmed.actor.getSnapshot().value).toBe('loggedOut');
    expect(confirmed.clearPersisted).toHaveBeenCalledOnce();
  });

  it('can refresh while a logout waits, so an expired token does not block logging out', () => {
    const h = harness({ stored });
    h.actor.send({ type: 'LOGOUT' });
    h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
    expect(h.actor.getSnapshot().matches({ loggedIn: { token: 'refreshing', logout: 'pending' } })).toBe(true);
  });

  it('takes tokens another tab stored, and ends when another tab logs out', () => {
    const h = harness({ stored });
    h.actor.send({ type: 'TOKENS_CHANGED', authToken: 'at-9', refreshToken: 'rt-9' });
    expect(h.actor.getSnapshot().context).toMatchObject({ authToken: 'at-9', refreshToken: 'rt-9' });
    h.actor.send({ type: 'ENDED_ELSEWHERE' });
    expect(h.actor.getSnapshot().value).toBe('loggedOut');
    expect(h.actor.getSnapshot().context.authToken).toBeNull();
  });

  it('keeps the stored access type until the loaded user says otherwise', async () => {
    const h = harness({ stored: { ...stored, accessType: 't2' } });
    expect(h.actor.getSnapshot().context.accessType).toBe('t2');
    h.pending.loadUser.resolve({ ...user, accessType: 't1t2' });
    await flush();
    expect(h.actor.getSnapshot().context.accessType).toBe('t1t2');
  });

  it('retries loading the user after a failure', async () => {
    const h = harness({ stored });
    h.pending.loadUser.reject(new Error('timeout'));
    await flush();
    expect(h.actor.getSnapshot().matches({ loggedIn: { user: 'failed' } })).toBe(true);
    h.actor.send({ type: 'RELOAD_USER' });
    expect(h.calls.loadUser).toBe(2);
  });
});

describe('session machine paths', () => {
  // Every configuration of the machine, reached by its shortest event sequence from a cold start.
  const paths = getShortestPaths(sessionPaths.machine, sessionPaths.graphs.byValue);
  const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));

  it('reaches every state of every region', () => {
    expect(reached).toContain(JSON.stringify('loggedOut'));
    expect(reached).toContain(JSON.stringify('loggingIn'));
    for (const token of ['valid', 'refreshing', 'retryWait'])
      for (const user of ['loading', 'ready', 'failed'])
        for (const logout of ['idle', 'pending']) {
          expect(reached).toContain(JSON.stringify({ loggedIn: { token, user, logout } }));
        }
  });

  it('replays every shortest path with its effects settled, ending in the same state with the reference context', async () => {
    for (const path of paths) {
      const end = await replaySession(path, null, (s) => JSON.stringify(s.value));
      expect(end.value(), pathName(path)).toEqual(path.state.value);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path, with effects: each path replayed on a live session whose four effects are held open until
// the path settles them, checked after every step against a reference model written here (the state of
// each region, the context, every request and its input, what is stored and cleared).

const SESSION_ENDED_ENTRIES: ErrorEntry[] = [
  { code: 'ER-AUTH-102', detail: 'Your session has ended. Please log in again.' },
];
const LOGGED_OUT = {
  authToken: null,
  refreshToken: null,
  userId: null,
  accessType: null,
  user: null,
  userError: null,
  logoutError: null,
  refreshRetries: 0,
} as const;

/** A live session on fake effects; `delays` replaces the machine's (the path replays end waits by their own event). */
function sessionHarness(stored: SessionTokens | null, delays?: { refreshRetry: number }) {
  const fakes = {
    login: fakeEffect<SessionTokens, { email: string; password: string }>(),
    loadUser: fakeEffect<User, { userId: string }>(),
    refresh: fakeEffect<{ authToken: string; refreshToken: string }, { refreshToken: string }>(),
    logout: fakeEffect<unknown, unknown>(),
  };
  const persisted: SessionTokens[] = [];
  let cleared = 0;
  const machine = sessionMachine.provide({
    ...(delays ? { delays } : {}),
    actors: {
      login: fakes.login.logic,
      loadUser: fakes.loadUser.logic,
      refresh: fakes.refresh.logic,
      logout: fakes.logout.logic,
    },
    actions: {
      persist: (_, params) => void persisted.push(params),
      clearPersisted: () => void cleared++,
    },
  });
  const actor = createActor(machine, { input: { stored } }).start();
  return { actor, fakes, persisted, clearedTimes: () => cleared };
}

type SessionEffect = keyof ReturnType<typeof sessionHarness>['fakes'];

/** The session as its description says. */
class SessionModel {
  top: 'loggedOut' | 'loggingIn' | 'loggedIn' = 'loggedOut';
  token: 'valid' | 'refreshing' | 'retryWait' = 'valid';
  user: 'loading' | 'ready' | 'failed' = 'loading';
  logout: 'idle' | 'pending' = 'idle';
  context: SessionContext;
  calls: Record<SessionEffect, unknown[]> = { login: [], loadUser: [], refresh: [], logout: [] };
  persisted: SessionTokens[] = [];
  cleared = 0;

  constructor(stored: SessionTokens | null) {
    this.context = { ...LOGGED_OUT, ...stored, error: null };
    if (stored) this.logIn();
  }

  value() {
    return this.top === 'loggedIn'
      ? { loggedIn: { token: this.token, user: this.user, logout: this.logout } }
      : this.top;
  }

  /** The one effect call each region should have under way. */
  pending(): Record<SessionEffect, number> {
    const inside = this.top === 'loggedIn';
    return {
      login: this.top === 'loggingIn' ? 1 : 0,
      loadUser: inside && this.user === 'loading' ? 1 : 0,
      refresh: inside && this.token === 'refreshing' ? 1 : 0,
      logout: inside && this.logout === 'pending' ? 1 : 0,
    };
  }

  private logIn() {
    this.top = 'loggedIn';
    this.token = 'valid';
    this.logout = 'idle';
    this.loadUser();
  }

  private loadUser() {
    this.user = 'loading';
    this.calls.loadUser.push({ userId: this.context.userId ?? '' });
  }

  private logOut(error: ErrorEntry[] | null, clear: boolean) {
    this.top = 'loggedOut';
    this.context = { ...this.context, ...LOGGED_OUT, error };
    if (clear) this.cleared++;
  }

  send(event: AnyEventObject) {
    const e = event as SessionEvent;
    const outcome = effectOutcome(event);
    const entries = (error: unknown) => ENTRIES.get(error) ?? [];
    if (this.top === 'loggedOut') {
      if (e.type === 'LOGIN') {
        this.top = 'loggingIn';
        this.context = { ...this.context, error: null };
        this.calls.login.push({ email: e.email, password: e.password });
      }
      return;
    }
    if (this.top === 'loggingIn') {
      if (outcome?.id !== 'login') return;
      if (!outcome.ok) {
        this.top = 'loggedOut';
        this.context = { ...this.context, error: entries(outcome.error) };
        return;
      }
      const tokens = outcome.output as SessionTokens;
      this.context = { ...this.context, ...tokens, error: null };
      this.persisted.push(tokens);
      this.logIn();
      return;
    }
    // loggedIn: the session-wide events first, then each region.
    if (e.type === 'TOKEN_INVALID' && e.token === this.context.authToken)
      return this.logOut(SESSION_ENDED_ENTRIES, true);
    if (e.type === 'ENDED_ELSEWHERE') return this.logOut(null, false);
    if (this.token === 'valid' && e.type === 'TOKEN_EXPIRED' && e.token === this.context.authToken) {
      this.token = 'refreshing';
      this.context = { ...this.context, refreshRetries: 0 };
      this.calls.refresh.push({ refreshToken: this.context.refreshToken ?? '' });
    } else if (this.token === 'valid' && e.type === 'TOKENS_CHANGED') {
      this.context = { ...this.context, authToken: e.authToken, refreshToken: e.refreshToken };
    } else if (this.token === 'retryWait' && event.type === RETRY_REFRESH.type) {
      // The same refresh token again: the provider answers a lost rotation again within its grace window.
      this.token = 'refreshing';
      this.calls.refresh.push({ refreshToken: this.context.refreshToken ?? '' });
    } else if (this.token === 'refreshing' && outcome?.id === 'refresh') {
      if (!outcome.ok && RETRYABLE.has(outcome.error) && this.context.refreshRetries < 2) {
        this.token = 'retryWait';
        this.context = { ...this.context, refreshRetries: this.context.refreshRetries + 1 };
        return;
      }
      if (!outcome.ok) return this.logOut(entries(outcome.error), true);
      const rotated = outcome.output as { authToken: string; refreshToken: string };
      this.context = { ...this.context, ...rotated, refreshRetries: 0 };
      this.persisted.push({ ...rotated, userId: this.context.userId ?? '', accessType: this.context.accessType });
      this.token = 'valid';
    }
    if (this.user === 'loading' && outcome?.id === 'loadUser') {
      if (outcome.ok) {
        const user = outcome.output as User;
        this.context = {
          ...this.context,
          user,
          accessType: 'accessType' in user ? (user.accessType ?? null) : this.context.accessType,
          userError: null,
        };
        this.user = 'ready';
      } else {
        this.context = { ...this.context, userError: entries(outcome.error) };
        this.user = 'failed';
      }
    } else if (this.user !== 'loading' && e.type === 'RELOAD_USER') this.loadUser();
    if (this.logout === 'idle' && e.type === 'LOGOUT') {
      this.logout = 'pending';
      this.context = { ...this.context, logoutError: null };
      this.calls.logout.push(undefined);
    } else if (this.logout === 'pending' && outcome?.id === 'logout') {
      if (outcome.ok) return this.logOut(null, true);
      this.logout = 'idle';
      this.context = { ...this.context, logoutError: entries(outcome.error) };
    }
  }
}

/** Replays `path` from `stored`, checking the live session against the model after every step. */
async function replaySession(
  path: GraphPath<{ value: unknown; context: SessionContext }>,
  stored: SessionTokens | null,
  serialize: (s: { value: unknown; context: SessionContext }) => string,
) {
  const name = pathName(path);
  const h = sessionHarness(stored, { refreshRetry: 3_600_000 });
  const model = new SessionModel(stored);
  // Repeated at once: a double click, or several answers expiring together.
  const doubled = (event: AnyEventObject) => ['LOGIN', 'LOGOUT', 'RELOAD_USER', 'TOKEN_EXPIRED'].includes(event.type);
  await replay(path, {
    effects: h.fakes,
    send: (event) => {
      h.actor.send(event as SessionEvent);
      if (doubled(event)) h.actor.send(event as SessionEvent);
    },
    check: (expected, index, event) => {
      if (index > 0) {
        model.send(event);
        if (doubled(event)) model.send(event);
      }
      const at = `${name} @${index}`;
      const snapshot = h.actor.getSnapshot();
      expect(serialize(snapshot), at).toBe(serialize(expected));
      expect(snapshot.value, at).toEqual(model.value());
      expect(snapshot.context, at).toEqual(model.context);
      const pending = model.pending();
      for (const effect of Object.keys(h.fakes) as SessionEffect[]) {
        expect(
          h.fakes[effect].calls.map((c) => c.input),
          `${at}: ${effect} calls`,
        ).toEqual(model.calls[effect]);
        expect(h.fakes[effect].pending(), `${at}: ${effect} pending`).toHaveLength(pending[effect]);
      }
      expect(h.persisted, at).toEqual(model.persisted);
      expect(h.clearedTimes(), at).toBe(model.cleared);
    },
  });
  h.actor.stop();
  return model;
}

describe('session: every path, with effects', () => {
  for (const [label, stored, graph] of [
    ['a cold start', null, sessionPaths.graphs.cold],
    ['a restored session', RESTORED, sessionPaths.graphs.restored],
  ] as const) {
    it(
      `replays a shortest path to every distinct session from ${label}, matching the reference`,
      { timeout: 30_000 },
      async () => {
        const paths = getShortestPaths(sessionPaths.machine, graph);
        expect(paths.length).toBeGreaterThan(80);
        let retried = 0;
        let gaveUp = 0;
        for (const path of paths) {
          const model = await replaySession(path, stored, fullSession);
          if (model.calls.refresh.length > 1) retried++;
          if (model.top === 'loggedOut' && model.calls.refresh.length === 1 + REFRESH_RETRIES) gaveUp++;
        }
        // Retried refreshes (that succeed, are refused, or run out of retries) are among the paths.
        expect(retried).toBeGreaterThan(10);
        expect(gaveUp).toBeGreaterThan(0);
      },
    );
  }

  it(
    'replays every simple path of the refresh and its retries from a restored session',
    { timeout: 30_000 },
    async () => {
      // State and the retries so far: they decide whether a lost refresh is retried again.
      const restored = RESTORED;
      const paths = getSimplePaths(sessionPaths.machine, sessionPaths.graphs.refreshRetries);
      let keptAfterRetry = 0;
      let endedAfterRetries = 0;
      for (const path of paths) {
        const model = await replaySession(path, restored, byRetries);
        if (model.top === 'loggedIn' && model.calls.refresh.length > 1 && model.context.authToken === 'at-2')
          keptAfterRetry++;
        if (model.top === 'loggedOut' && model.calls.refresh.length === 1 + REFRESH_RETRIES) endedAfterRetries++;
      }
      expect(paths.length).toBeGreaterThan(100);
      expect(keptAfterRetry).toBeGreaterThan(5);
      expect(endedAfterRetries).toBeGreaterThan(5);
    },
  );

  it(
    'replays every simple path (by state) from a cold start: login, user, refresh and logout settled both ways',
    { timeout: 30_000 },
    async () => {
      // The refresh here keeps the access token, so the state alone says which token events apply.
      const paths = getSimplePaths(sessionPaths.machine, sessionPaths.graphs.byState);
      expect(paths.length).toBeGreaterThan(1000);
      let refreshedWhileLoggingOut = 0;
      for (const path of paths) {
        const model = await replaySession(path, null, byState);
        if (model.calls.refresh.length > 0 && model.calls.logout.length > 0) refreshedWhileLoggingOut++;
      }
      expect(refreshedWhileLoggingOut).toBeGreaterThan(50);
    },
  );
});
