import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { User } from '../../src/domain/user';
import { sessionMachine, type SessionTokens } from './session.machine';

const user: User = { id: '1', name: 'Asha Verma', email: 't1@anchor.test', role: 'Admin', role_id: 1, event: 't1', anchor: { name: 'Sarvodaya', logo_url: null } };
const tokens: SessionTokens = { authToken: 'at-1', refreshToken: 'rt-1', userId: '1', event: 't1' };
const stored: SessionTokens = { authToken: 'at-1', refreshToken: 'rt-1', userId: '1', event: 't1' };

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
    expect(h.actor.getSnapshot().context).toMatchObject({ authToken: 'at-1', refreshToken: 'rt-1', userId: '1', event: 't1' });
    expect(h.calls.loadUser).toBe(1);
  });

  it('keeps a failed login logged out with the server error', async () => {
    const h = harness();
    h.actor.send({ type: 'LOGIN', email: 't1@anchor.test', password: 'wrong' });
    h.pending.login.reject({ errors: [{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }], text: 'Invalid email or password.' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('loggedOut');
    expect(h.actor.getSnapshot().context.error).toEqual([{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }]);
    expect(h.persist).not.toHaveBeenCalled();
  });

  it('refreshes once for any number of expiry signals, then stores the rotated tokens', async () => {
    const h = harness({ stored });
    for (let i = 0; i < 20; i++) h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
    expect(h.calls.refresh).toBe(1);
    h.pending.refresh.resolve({ authToken: 'at-2', refreshToken: 'rt-2' });
    await flush();
    expect(h.actor.getSnapshot().matches({ loggedIn: { token: 'valid' } })).toBe(true);
    expect(h.persist).toHaveBeenLastCalledWith({ authToken: 'at-2', refreshToken: 'rt-2', userId: '1', event: 't1' });
  });

  it('ignores an expiry signal for a token that is no longer current', () => {
    const h = harness({ stored });
    h.actor.send({ type: 'TOKEN_EXPIRED', token: 'an-older-token' });
    expect(h.calls.refresh).toBe(0);
    expect(h.actor.getSnapshot().matches({ loggedIn: { token: 'valid' } })).toBe(true);
  });

  it('logs out and clears storage when the refresh fails', async () => {
    const h = harness({ stored });
    h.actor.send({ type: 'TOKEN_EXPIRED', token: 'at-1' });
    h.pending.refresh.reject({ errors: [{ code: 'ER-AUTH-102', detail: 'Refresh token is invalid, expired or revoked.' }] });
    await flush();
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.value).toBe('loggedOut');
    expect(snapshot.context).toMatchObject({ authToken: null, refreshToken: null, userId: null, user: null });
    expect(snapshot.context.error?.[0]?.code).toBe('ER-AUTH-102');
    expect(h.clearPersisted).toHaveBeenCalledOnce();
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
    const h = harness({ stored: { ...stored, event: 't2' } });
    expect(h.actor.getSnapshot().context.event).toBe('t2');
    h.pending.loadUser.resolve({ ...user, event: 't1t2' });
    await flush();
    expect(h.actor.getSnapshot().context.event).toBe('t1t2');
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
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as AnyEventObject;
  const error = (id: string, detail: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(detail) }) as AnyEventObject;
  const events = [
    { type: 'LOGIN', email: 't1@anchor.test', password: 'Demo@1234' },
    { type: 'TOKEN_EXPIRED', token: 'at-1' },
    { type: 'TOKEN_INVALID', token: 'at-1' },
    { type: 'LOGOUT' },
    { type: 'RELOAD_USER' },
    done('login', tokens),
    error('login', 'bad credentials'),
    done('loadUser', user),
    error('loadUser', 'timeout'),
    done('refresh', { authToken: 'at-1', refreshToken: 'rt-2' }),
    error('refresh', 'revoked'),
    done('logout', { message: 'ok' }),
    error('logout', 'offline'),
  ] as AnyEventObject[];

  // Every configuration of the machine, reached by its shortest event sequence from a cold start.
  const paths = getShortestPaths(sessionMachine, {
    input: { stored: null },
    events: events as never,
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
  });
  const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));

  it('reaches every state of every region', () => {
    expect(reached).toContain(JSON.stringify('loggedOut'));
    expect(reached).toContain(JSON.stringify('loggingIn'));
    for (const token of ['valid', 'refreshing']) for (const user of ['loading', 'ready', 'failed']) for (const logout of ['idle', 'pending']) {
      expect(reached).toContain(JSON.stringify({ loggedIn: { token, user, logout } }));
    }
  });

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > ') || '(start)', p] as const))(
    'replays %s on a live actor to the same state',
    async (_name, path) => {
      const h = harness();
      for (const step of path.steps) h.actor.send(step.event);
      await flush();
      expect(h.actor.getSnapshot().value).toEqual(path.state.value);
    },
  );
});
