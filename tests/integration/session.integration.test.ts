import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { createMockServer, type RunningMock } from '../../mock-server/app';
import { REFRESH_RETRY_DELAY_MS } from '../../machines/session/session.machine';
import { REFRESH_GRACE_MS } from '../../mock-server/auth/tokens';
import { getUser } from '../../src/api/auth';
import { ApiError } from '../../src/api/errors';
import { createSession, STORAGE_KEYS, type KeyValueStorage } from '../../src/api/session';
import { DEFAULT_PRODUCT } from '../../src/domain/product';

/** A settable clock: the test moves time past the token lifetime instead of sleeping. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const TOKEN_TTL = 60;

const mock = createMockServer({ clock, tokenTtl: TOKEN_TTL, log: () => {} });
let running: RunningMock;

beforeAll(async () => {
  running = await mock.listen(0);
});
afterAll(async () => {
  await running.close();
});

function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** A session over the real client and mock, counting the calls that reach each path. */
function liveSession(storage = memoryStorage()) {
  const calls: string[] = [];
  /** When set, the next response is held until this promise resolves (a slow answer). */
  let holdNext: Promise<void> | null = null;
  /** Paths whose next answer is lost: the provider handles the request, the client hears nothing. */
  const lose = new Set<string>();
  const session = createSession({
    baseUrl: running.url,
    product: DEFAULT_PRODUCT,
    storage,
    fetch: async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : input).pathname;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      const hold = holdNext;
      holdNext = null;
      const response = await fetch(input, init);
      if (lose.delete(path)) {
        await response.text();
        throw new TypeError('Failed to fetch');
      }
      if (hold) await hold;
      return response;
    },
  });
  const holdNextResponse = (until: Promise<void>) => {
    holdNext = until;
  };
  const loseNextAnswerTo = (path: string) => void lose.add(path);
  return {
    session,
    calls,
    storage,
    holdNextResponse,
    loseNextAnswerTo,
    count: (call: string) => calls.filter((c) => c === call).length,
  };
}

async function loggedIn(email = 't1@anchor.test') {
  const live = liveSession();
  live.session.actor.send({ type: 'LOGIN', email, password: 'Demo@1234' });
  await waitFor(live.session.actor, (s) => s.matches({ loggedIn: { user: 'ready' } }));
  return live;
}

describe('session against the mock provider', () => {
  it('logs in, stores the tokens and loads the user with the anchor', async () => {
    const { session, storage } = await loggedIn();
    const { context } = session.actor.getSnapshot();
    expect(context.user).toMatchObject({ email: 't1@anchor.test', name: 'Asha Verma', accessType: 't1' });
    expect(context.user?.anchor?.name).toBe('Sarvodaya Consumer Products Ltd');
    expect(storage.values.get(STORAGE_KEYS.authToken)).toBe(context.authToken);
    expect(storage.values.get(STORAGE_KEYS.userId)).toBe('1');
    session.stop();
  });

  it('restores a stored session after a reload', async () => {
    const first = await loggedIn();
    const reloaded = liveSession(first.storage);
    await waitFor(reloaded.session.actor, (s) => s.matches({ loggedIn: { user: 'ready' } }));
    expect(reloaded.session.actor.getSnapshot().context.user?.email).toBe('t1@anchor.test');
    expect(reloaded.count('POST /sessions')).toBe(0);
    first.session.stop();
    reloaded.session.stop();
  });

  it('answers 20 concurrent requests with an expired token with exactly 1 refresh and 20 successes', async () => {
    const { session, count } = await loggedIn();
    const before = session.actor.getSnapshot().context.authToken;
    offsetMs += (TOKEN_TTL + 1) * 1000;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => getUser(session.client, '1')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(count('POST /auth')).toBe(1);
    expect(count('GET /users/1')).toBe(1 + 20 + 20); // the login's user load, 20 expired answers, 20 retries
    expect(session.actor.getSnapshot().context.authToken).not.toBe(before);
    session.stop();
  });

  it('retries a stale 401 (for a token already replaced) with the new token, without a second refresh', async () => {
    const { session, count, holdNextResponse } = await loggedIn();
    offsetMs += (TOKEN_TTL + 1) * 1000;
    let release!: () => void;
    holdNextResponse(new Promise<void>((resolve) => (release = resolve)));
    const slow = getUser(session.client, '1'); // sent with the old token; its 401 arrives late
    await getUser(session.client, '1'); // gets its 401 first, refreshes and retries
    expect(count('POST /auth')).toBe(1);
    release();
    await expect(slow).resolves.toMatchObject({ email: 't1@anchor.test' });
    expect(count('POST /auth')).toBe(1);
    session.stop();
  });

  it('leaves every caller with a clear auth error and logs out when the refresh fails', async () => {
    const { session, storage, count } = await loggedIn();
    // Someone else used this refresh token first: the provider now refuses it.
    const refreshToken = session.actor.getSnapshot().context.refreshToken!;
    const stolen = await fetch(`${running.url}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth: { refresh_token: refreshToken } }),
    });
    expect(stolen.status).toBe(200);
    offsetMs += (TOKEN_TTL + 1) * 1000;
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => getUser(session.client, '1')));
    expect(count('POST /auth')).toBe(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
      expect(reason.code).toBe('ER-AUTH-102');
      expect(reason.text).toBe('Your session has ended. Please log in again.');
    }
    const snapshot = session.actor.getSnapshot();
    expect(snapshot.value).toBe('loggedOut');
    expect(snapshot.context.error?.[0]?.code).toBe('ER-AUTH-102');
    expect([...storage.values.keys()]).toEqual([]);
    // Requests after that fail at once, without reaching the provider.
    await expect(getUser(session.client, '1')).rejects.toMatchObject({ status: 401, code: 'ER-AUTH-102' });
    session.stop();
  });

  it('keeps two tabs on one stored session logged in: the second tab takes the first tab’s refreshed tokens', async () => {
    const tab1 = await loggedIn();
    const tab2 = liveSession(tab1.storage); // a second tab of the same origin: same local storage
    await waitFor(tab2.session.actor, (s) => s.matches({ loggedIn: { user: 'ready' } }));
    offsetMs += (TOKEN_TTL + 1) * 1000;
    await expect(getUser(tab1.session.client, '1')).resolves.toMatchObject({ email: 't1@anchor.test' });
    await expect(getUser(tab2.session.client, '1')).resolves.toMatchObject({ email: 't1@anchor.test' });
    // Only tab 1 called the provider; tab 2 adopted the stored pair instead of reusing its rotated token.
    expect(tab1.count('POST /auth') + tab2.count('POST /auth')).toBe(1);
    await expect(getUser(tab1.session.client, '1')).resolves.toBeTruthy();
    expect(tab1.session.actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(tab2.session.actor.getSnapshot().context.authToken).toBe(tab1.session.actor.getSnapshot().context.authToken);
    tab1.session.stop();
    tab2.session.stop();
  });

  it('keeps the login’s access type across a reload', async () => {
    const first = await loggedIn('t2@anchor.test');
    expect(first.storage.values.get(STORAGE_KEYS.accessType)).toBe('t2');
    const reloaded = liveSession(first.storage);
    expect(reloaded.session.actor.getSnapshot().context.accessType).toBe('t2');
    first.session.stop();
    reloaded.session.stop();
  });

  const refresh = (token: string) =>
    fetch(`${running.url}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth: { refresh_token: token } }),
    });
  const pairOf = async (answer: Response) =>
    (
      (await answer.json()) as {
        data: { attributes: { auth_token: string; refresh_token: string; expires_in: number } };
      }
    ).data.attributes;

  it('forgives a lost refresh answer: the same token again within the grace window gets the same pair', async () => {
    const { session } = await loggedIn();
    const { refreshToken } = session.actor.getSnapshot().context;
    const first = await refresh(refreshToken!);
    const pair = await pairOf(first);
    offsetMs += REFRESH_GRACE_MS - 5_000;
    const again = await refresh(refreshToken!);
    expect(again.status).toBe(200);
    const repeated = await pairOf(again);
    expect({ auth_token: repeated.auth_token, refresh_token: repeated.refresh_token }).toEqual({
      auth_token: pair.auth_token,
      refresh_token: pair.refresh_token,
    });
    // The same auth token, so the time it has left.
    expect(repeated.expires_in).toBeLessThanOrEqual(TOKEN_TTL - (REFRESH_GRACE_MS - 5_000) / 1000);
    // The login lives on: the pair works, and its refresh token rotates as usual.
    expect((await fetch(`${running.url}/users/1`, { headers: { Authorization: pair.auth_token } })).status).toBe(200);
    const next = await refresh(pair.refresh_token);
    expect(next.status).toBe(200);
    // Once the successor has been used, the older token is plain reuse again.
    expect((await refresh(refreshToken!)).status).toBe(401);
    session.stop();
  });

  it('keeps the login when a refresh answer is lost: the session retries the same token and the mock answers the same pair', async () => {
    const { session, storage, count, loseNextAnswerTo } = await loggedIn();
    offsetMs += (TOKEN_TTL + 1) * 1000;
    loseNextAnswerTo('/auth');
    const started = Date.now();
    await expect(getUser(session.client, '1')).resolves.toMatchObject({ email: 't1@anchor.test' });
    // One lost answer, one retry after the session's short wait; the login lives on, rotated once.
    expect(count('POST /auth')).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(REFRESH_RETRY_DELAY_MS - 50);
    const { authToken, refreshToken } = session.actor.getSnapshot().context;
    expect(session.actor.getSnapshot().matches({ loggedIn: { token: 'valid' } })).toBe(true);
    expect(storage.values.get(STORAGE_KEYS.refreshToken)).toBe(refreshToken);
    expect((await fetch(`${running.url}/users/1`, { headers: { Authorization: authToken! } })).status).toBe(200);
    // The next rotation works as usual (no reuse was detected).
    expect((await refresh(refreshToken!)).status).toBe(200);
    session.stop();
  });

  it('revokes the whole token family when a rotated refresh token is reused after the grace window', async () => {
    const { session } = await loggedIn();
    const { authToken, refreshToken } = session.actor.getSnapshot().context;
    const rotated = await refresh(refreshToken!);
    const newPair = await pairOf(rotated);
    offsetMs += REFRESH_GRACE_MS + 1_000;
    const reuse = await refresh(refreshToken!);
    expect(reuse.status).toBe(401);
    expect(((await reuse.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('ER-AUTH-102');
    // Every token of the family is now dead: the original, the rotated auth token and the new refresh token.
    for (const token of [authToken!, newPair.auth_token]) {
      const answer = await fetch(`${running.url}/users/1`, { headers: { Authorization: token } });
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('ER-AUTH-102');
    }
    expect((await refresh(newPair.refresh_token)).status).toBe(401);
    // The app's session sees ER-AUTH-102 on its next call and logs out.
    await expect(getUser(session.client, '1')).rejects.toMatchObject({ status: 401 });
    expect(session.actor.getSnapshot().value).toBe('loggedOut');
    session.stop();
  });

  it('logs out through the server, which revokes the token', async () => {
    const { session, storage } = await loggedIn();
    const token = session.actor.getSnapshot().context.authToken!;
    session.actor.send({ type: 'LOGOUT' });
    await waitFor(session.actor, (s) => s.matches('loggedOut'));
    expect([...storage.values.keys()]).toEqual([]);
    const after = await fetch(`${running.url}/users/1`, { headers: { Authorization: token } });
    expect(after.status).toBe(401);
    session.stop();
  });
});
