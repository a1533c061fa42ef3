import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUser } from './auth';
import { createApiClient, timeoutText, type SessionPort } from './client';
import { apiTarget, sendEarlyProfileRequest, takeEarlyAnswer, userPath } from './early-answers';
import { ApiError } from './errors';
import { STORAGE_KEYS } from '../domain/session-storage';

const BASE = 'https://provider.test/api/';
const USER = {
  data: {
    id: 7,
    type: 'user',
    attributes: {
      name: 'Asha',
      email: 'a@anchor.test',
      role: 'admin',
      role_id: 1,
      event: 't1t2',
      anchor: { id: 1, name: 'Anchor One', logo_url: null },
    },
  },
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function storage(values: Record<string, string>) {
  return { getItem: (key: string) => values[key] ?? null };
}
const stored = { [STORAGE_KEYS.authToken]: 'tok-1', [STORAGE_KEYS.refreshToken]: 'ref-1', [STORAGE_KEYS.userId]: '7' };

/** The page's fetch (the entry's early request goes through it) and the client's own, each recording its calls. */
function fetches(early: () => Promise<Response>, own: () => Promise<Response> = () => Promise.resolve(json(USER))) {
  const page = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => early());
  vi.stubGlobal('fetch', page);
  const client = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => own());
  return { page, client };
}

function session(token: string, expired: string | null = null): SessionPort {
  return {
    currentToken: () => Promise.resolve(token),
    expired: () => Promise.resolve(expired),
    invalid: () => Promise.resolve(null),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  // Whatever a test left untaken would be found by the next one.
  void takeEarlyAnswer(apiTarget(BASE, userPath('7')), 'application/vnd.provider.v1+json', 'tok-1');
});

describe('the profile request sent by the entry', () => {
  it('goes out at once with the stored token and media type, and the client takes its answer instead of sending', async () => {
    const f = fetches(() => Promise.resolve(json(USER)));
    sendEarlyProfileRequest(storage(stored), BASE, 'provider');
    expect(f.page).toHaveBeenCalledTimes(1);
    expect(f.page.mock.calls[0]![0]).toBe('https://provider.test/api/users/7');
    expect(f.page.mock.calls[0]![1]).toEqual({
      headers: { Accept: 'application/vnd.provider.v1+json', Authorization: 'tok-1' },
    });

    const api = createApiClient({ baseUrl: BASE, product: 'provider', fetch: f.client, session: session('tok-1') });
    const user = await getUser(api, '7');
    expect(user).toMatchObject({ id: '7', name: 'Asha', accessType: 't1t2' });
    expect(f.client).not.toHaveBeenCalled();
    // Taken once: the next load of the profile is a request of its own.
    await getUser(api, '7');
    expect(f.client).toHaveBeenCalledTimes(1);
  });

  it('is not used for another token, user or media type, and is not sent without a whole stored session', async () => {
    const f = fetches(() => Promise.resolve(json(USER)));
    sendEarlyProfileRequest(storage(stored), BASE, 'provider');
    const api = createApiClient({ baseUrl: BASE, product: 'provider', fetch: f.client, session: session('tok-NEW') });
    await getUser(api, '7');
    expect(f.client).toHaveBeenCalledTimes(1);
    expect(
      takeEarlyAnswer('https://provider.test/api/users/8', 'application/vnd.provider.v1+json', 'tok-1'),
    ).toBeUndefined();
    expect(
      takeEarlyAnswer('https://provider.test/api/users/7', 'application/vnd.provider.v2+json', 'tok-1'),
    ).toBeUndefined();

    for (const missing of Object.values(STORAGE_KEYS).filter((k) => k !== STORAGE_KEYS.accessType)) {
      f.page.mockClear();
      const { [missing]: _, ...partial } = stored;
      sendEarlyProfileRequest(storage(partial), BASE, 'provider');
      expect(f.page, missing).not.toHaveBeenCalled();
    }
  });

  it('an expired token in the early answer goes through the refresh and one retry, like any answer', async () => {
    const f = fetches(() =>
      Promise.resolve(json({ errors: [{ code: 'ER-AUTH-103', detail: 'Auth token expired' }] }, 401)),
    );
    sendEarlyProfileRequest(storage(stored), BASE, 'provider');
    const api = createApiClient({
      baseUrl: BASE,
      product: 'provider',
      fetch: f.client,
      session: session('tok-1', 'tok-2'),
    });
    expect(await getUser(api, '7')).toMatchObject({ id: '7' });
    expect(f.client).toHaveBeenCalledTimes(1);
    expect((f.client.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('tok-2');
  });

  it('an early answer that never comes ends in the request deadline, and a lost one in the usual error', async () => {
    fetches(() => new Promise<Response>(() => undefined));
    sendEarlyProfileRequest(storage(stored), BASE, 'provider');
    const api = createApiClient({
      baseUrl: BASE,
      product: 'provider',
      fetch: vi.fn(),
      session: session('tok-1'),
      timeoutMs: 30,
    });
    const slow = await getUser(api, '7').catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(ApiError);
    expect((slow as ApiError).message).toBe(timeoutText(30));

    fetches(() => Promise.reject(new TypeError('Failed to fetch')));
    sendEarlyProfileRequest(storage(stored), BASE, 'provider');
    const lost = await getUser(api, '7').catch((e: unknown) => e);
    expect((lost as ApiError).message).toBe('Could not reach the provider. Check the connection and try again.');
  });

  it('the client joins the base and path as the entry does', () => {
    expect(apiTarget('/api', userPath('a/b'))).toBe('/api/users/a%2Fb');
    expect(apiTarget('https://p.test//', '/x')).toBe('https://p.test/x');
  });
});
