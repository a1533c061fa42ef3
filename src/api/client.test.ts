import { inspect } from 'node:util';
import { isLeft, isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { describe, expect, it, vi } from 'vitest';
import {
  createApiClient,
  flattenData,
  REQUEST_TIMEOUT_MS,
  RETRY_AFTER_POLICY,
  retryAfterMs,
  timeoutText,
  toQueryString,
  unavailableText,
  type ClientOptions,
  type SessionPort,
} from './client';
import { Id, Money, Optional } from './codecs/common';
import { LendingSummary } from './codecs/dashboard';
import { invoiceCollectionCodec } from './codecs/pay';
import { ApiError, apiErrorFromBody, clientError, DECODE_TEXT, DecodeError, errorToastText } from './errors';
import { FALLBACK_TEXT, isRetryableFailure, toastText } from '../domain/errors';

// ---------------------------------------------------------------------------------------------------
// Helpers: a fake fetch that records every call and answers from a queue of Responses.

interface Call {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

type Answer = Response | (() => Response | Promise<Response>) | Error;

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

function fakeFetch(...answers: Answer[]) {
  const calls: Call[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    calls.push({
      url: urlOf(input),
      method: init?.method,
      headers: { ...((init?.headers ?? {}) as Record<string, string>) },
      body: init?.body,
    });
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`unexpected fetch #${calls.length} to ${urlOf(input)}`);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer;
  });
  return { fetch: impl as unknown as typeof fetch, calls, impl };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });

const authError = (code: string) => json({ errors: [{ code, detail: `auth failed: ${code}` }] }, 401);

function fakeSession(opts: { token?: string | null; expired?: string | null; invalid?: string | null } = {}) {
  const session = {
    currentToken: vi.fn(() => Promise.resolve(opts.token === undefined ? 'tok-1' : opts.token)),
    expired: vi.fn((_token: string) => Promise.resolve(opts.expired === undefined ? 'tok-2' : opts.expired)),
    invalid: vi.fn((_token: string) => Promise.resolve(opts.invalid === undefined ? null : opts.invalid)),
  };
  return session satisfies SessionPort;
}

/** Decode failures the clients below logged (instead of the console). */
const decodeLog: DecodeError[] = [];

function client(fetchImpl: typeof fetch, extra: Partial<ClientOptions> = {}) {
  return createApiClient({
    baseUrl: 'https://provider.test/api/',
    product: 'provider',
    fetch: fetchImpl,
    logDecodeError: (e) => decodeLog.push(e),
    ...extra,
  });
}

const Anything = t.unknown;
const Message = t.type({ message: t.string });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// ---------------------------------------------------------------------------------------------------

describe('toQueryString', () => {
  const decoded = (qs: string) => qs.split('&').map(decodeURIComponent);

  it('writes plain keys', () => {
    expect(toQueryString({ page: 2, q: 'acme' })).toBe('page=2&q=acme');
  });

  it('writes nested objects as Rails-style bracket keys', () => {
    const qs = toQueryString({ filter: { region: 'north' }, page: 2 });
    expect(decoded(qs)).toEqual(['filter[region]=north', 'page=2']);
    expect([...new URLSearchParams(qs)]).toEqual([
      ['filter[region]', 'north'],
      ['page', '2'],
    ]);
  });

  it('writes deeper nesting with one bracket per level', () => {
    const qs = toQueryString({ filter: { date: { from: '2024-01-01', to: '2024-01-31' } } });
    expect(decoded(qs)).toEqual(['filter[date][from]=2024-01-01', 'filter[date][to]=2024-01-31']);
  });

  it('writes arrays as repeated key[] pairs, in order', () => {
    const qs = toQueryString({ filter: { status_in: ['open', 'partially_paid'] } });
    expect(decoded(qs)).toEqual(['filter[status_in][]=open', 'filter[status_in][]=partially_paid']);
    expect(new URLSearchParams(qs).getAll('filter[status_in][]')).toEqual(['open', 'partially_paid']);
    expect(decoded(toQueryString({ ids: [1, 2, 3] }))).toEqual(['ids[]=1', 'ids[]=2', 'ids[]=3']);
  });

  it('skips undefined, null and empty-string values at any depth', () => {
    expect(toQueryString({ a: undefined, b: null, c: '', d: 'x' })).toBe('d=x');
    expect(decoded(toQueryString({ filter: { region: '', status: null, name: undefined, kind: 'k' } }))).toEqual([
      'filter[kind]=k',
    ]);
    expect(toQueryString({ a: undefined, b: null, c: '' })).toBe('');
    expect(toQueryString({})).toBe('');
    expect(toQueryString({ list: [] })).toBe('');
  });

  it('keeps falsy-but-real values 0 and false', () => {
    expect(toQueryString({ page: 0, archived: false })).toBe('page=0&archived=false');
  });

  it('encodes special characters in keys and values', () => {
    const qs = toQueryString({ q: 'a&b=c d/é?#+%', 'we ird': 'x' });
    expect(qs).toBe('q=a%26b%3Dc%20d%2F%C3%A9%3F%23%2B%25&we%20ird=x');
    expect([...new URLSearchParams(qs)]).toEqual([
      ['q', 'a&b=c d/é?#+%'],
      ['we ird', 'x'],
    ]);
    const nested = toQueryString({ filter: { name: 'R&D, Inc.' }, tags: ['a b', 'c&d'] });
    expect(nested).not.toMatch(/[ ,]/);
    expect([...new URLSearchParams(nested)]).toEqual([
      ['filter[name]', 'R&D, Inc.'],
      ['tags[]', 'a b'],
      ['tags[]', 'c&d'],
    ]);
  });
});

describe('flattenData', () => {
  it('flattens a list of JSON:API resources and keeps meta and pagy', () => {
    const body = {
      data: [
        { id: '1', type: 'invoice', attributes: { amount: '10.00', status: 'open' } },
        { id: '2', type: 'invoice', attributes: { amount: '20.50', status: 'paid' } },
      ],
      meta: { total: 2 },
      pagy: { count: 2, page: 1 },
    };
    expect(flattenData(body)).toEqual({
      data: [
        { id: '1', amount: '10.00', status: 'open' },
        { id: '2', amount: '20.50', status: 'paid' },
      ],
      meta: { total: 2 },
      pagy: { count: 2, page: 1 },
    });
  });

  it('flattens a single resource', () => {
    expect(flattenData({ data: { id: '7', type: 'user', attributes: { name: 'Asha' } } })).toEqual({
      data: { id: '7', name: 'Asha' },
    });
  });

  it('does not mutate its input', () => {
    const body = { data: { id: '7', type: 'user', attributes: { name: 'Asha' } } };
    const copy = structuredClone(body);
    flattenData(body);
    expect(body).toEqual(copy);
  });

  it('leaves bodies without data unchanged (same object)', () => {
    const body = { message: 'ok', meta: { x: 1 } };
    expect(flattenData(body)).toBe(body);
    expect(flattenData('text')).toBe('text');
    expect(flattenData(null)).toBeNull();
    expect(flattenData(42)).toBe(42);
  });

  it('leaves items that are not resources as they are', () => {
    expect(flattenData({ data: [1, 'a', null, { id: '3', name: 'plain' }] })).toEqual({
      data: [1, 'a', null, { id: '3', name: 'plain' }],
    });
    expect(flattenData({ data: null })).toEqual({ data: null });
  });
});

describe('request', () => {
  it('calls baseUrl + path + query with GET and the v1 vendor Accept header', async () => {
    const f = fakeFetch(json({ message: 'hi' }));
    const api = client(f.fetch);
    await expect(
      api.request({ path: '/invoices', query: { filter: { region: 'north' } }, codec: Message, auth: 'none' }),
    ).resolves.toEqual({ message: 'hi' });
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0]!.url).toBe('https://provider.test/api/invoices?filter%5Bregion%5D=north');
    expect(f.calls[0]!.method).toBe('GET');
    expect(f.calls[0]!.headers.Accept).toBe('application/vnd.provider.v1+json');
  });

  it('leaves out the ? when the query is empty', async () => {
    const f = fakeFetch(json({ message: 'hi' }));
    await client(f.fetch).request({ path: '/x', query: { a: '' }, codec: Message, auth: 'none' });
    expect(f.calls[0]!.url).toBe('https://provider.test/api/x');
  });

  it('sends the v2 Accept header when version is 2, with the configured product', async () => {
    const f = fakeFetch(json({ message: 'hi' }));
    await client(f.fetch, { product: 'acme_pay' }).request({ path: '/x', codec: Message, auth: 'none', version: 2 });
    expect(f.calls[0]!.headers.Accept).toBe('application/vnd.acme_pay.v2+json');
  });

  it('sends Content-Type application/json and the JSON text only when there is a JSON body', async () => {
    const f = fakeFetch(json({ message: 'a' }), json({ message: 'b' }));
    const api = client(f.fetch);
    await api.request({ method: 'POST', path: '/x', body: { amount: 12.5, name: 'n' }, codec: Message, auth: 'none' });
    expect(f.calls[0]!.method).toBe('POST');
    expect(f.calls[0]!.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(f.calls[0]!.body as string)).toEqual({ amount: 12.5, name: 'n' });

    await api.request({ method: 'DELETE', path: '/x', codec: Message, auth: 'none' });
    expect(f.calls[1]!.method).toBe('DELETE');
    expect(f.calls[1]!.headers).not.toHaveProperty('Content-Type');
    expect(f.calls[1]!.body).toBeUndefined();
  });

  it('sends FormData as it is, with no Content-Type (the browser sets the boundary)', async () => {
    const f = fakeFetch(json({ message: 'ok' }));
    const form = new FormData();
    form.append('file', new Blob(['a,b\n1,2'], { type: 'text/csv' }), 'up.csv');
    await client(f.fetch).request({ method: 'POST', path: '/upload', body: form, codec: Message, auth: 'none' });
    expect(f.calls[0]!.body).toBe(form);
    expect(Object.keys(f.calls[0]!.headers).map((k) => k.toLowerCase())).not.toContain('content-type');
  });

  it('sends Authorization with a { token } auth and none with auth none', async () => {
    const f = fakeFetch(json({ message: 'a' }), json({ message: 'b' }));
    const session = fakeSession();
    const api = client(f.fetch, { session });
    await api.request({ path: '/pay', codec: Message, auth: { token: 'page-token' } });
    expect(f.calls[0]!.headers.Authorization).toBe('page-token');
    await api.request({ path: '/pay', codec: Message, auth: 'none' });
    expect(f.calls[1]!.headers).not.toHaveProperty('Authorization');
    expect(session.currentToken).not.toHaveBeenCalled();
  });

  it('sends the session token by default', async () => {
    const f = fakeFetch(json({ message: 'ok' }));
    const session = fakeSession({ token: 'sess-token' });
    await client(f.fetch, { session }).request({ path: '/me', codec: Message });
    expect(session.currentToken).toHaveBeenCalledTimes(1);
    expect(f.calls[0]!.headers.Authorization).toBe('sess-token');
  });

  it('decodes a flattened JSON:API answer with the codec', async () => {
    const f = fakeFetch(
      json({
        data: [
          { id: 5, type: 'invoice', attributes: { amount: '1234.50' } },
          { id: '6', type: 'invoice', attributes: { amount: 10 } },
        ],
        pagy: { count: 2, page: 1 },
      }),
    );
    const codec = t.type({
      data: t.array(t.type({ id: Id, amount: Money })),
      pagy: t.type({ count: t.number, page: t.number }),
    });
    const result = await client(f.fetch).request({ path: '/invoices', codec, auth: 'none' });
    expect(result).toEqual({
      data: [
        { id: '5', amount: 123450 },
        { id: '6', amount: 1000 },
      ],
      pagy: { count: 2, page: 1 },
    });
  });

  it('gives {} for an empty successful answer', async () => {
    const f = fakeFetch(new Response(null, { status: 204 }));
    await expect(
      client(f.fetch).request({ method: 'DELETE', path: '/x', codec: Anything, auth: 'none' }),
    ).resolves.toEqual({});
  });

  it('throws DecodeError: one sentence for the user, the readable paths in details() and in the log', async () => {
    decodeLog.length = 0;
    const f = fakeFetch(json({ data: [{ id: 5, type: 'invoice', attributes: { amount: 'abc' } }] }));
    const codec = t.type({ data: t.array(t.type({ id: t.string, amount: Money })) });
    const error = await caught(client(f.fetch).request({ path: '/invoices', codec, auth: 'none' }));
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toBeInstanceOf(ApiError);
    const decodeError = error as DecodeError;
    expect(decodeError.name).toBe('DecodeError');
    expect(decodeError.path).toBe('GET /invoices');
    expect(decodeError.message).toBe('The provider sent data this screen cannot read.');
    expect(decodeError.text).toBe(DECODE_TEXT);
    expect(decodeError.errors).toEqual([{ code: 'ERROR', detail: DECODE_TEXT }]);
    // The answer's status: a decode failure is not a failure a retry can fix.
    expect(decodeError.status).toBe(200);
    expect(isRetryableFailure(decodeError)).toBe(false);
    expect(decodeError.details()).toMatch(/^Unexpected response from GET \/invoices:\n/);
    expect(decodeError.details()).toContain('Expecting string at data.0.id but instead got: 5');
    expect(decodeError.details()).toMatch(/Expecting Money at data\.0\.amount/);
    expect(decodeError.details(1)).toMatch(/\.\.\. and 1 more$/);
    expect(decodeError.problems).toHaveLength(2);
    expect(decodeLog).toEqual([decodeError]);
  });

  it('names the method in the DecodeError path', async () => {
    const f = fakeFetch(json({ nope: true }));
    const error = await caught(
      client(f.fetch).request({ method: 'POST', path: '/logout', body: {}, codec: Message, auth: 'none' }),
    );
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).details()).toContain('POST /logout');
    expect((error as DecodeError).details()).toMatch(/Expecting string at message/);
  });

  describe('error answers', () => {
    it('uses message when present', async () => {
      const f = fakeFetch(
        json({ message: 'Invoice is locked', errors: [{ code: 'ER-INV-1', detail: 'locked' }] }, 422),
      );
      const error = await apiErrorOf(client(f.fetch).request({ path: '/x', codec: Anything, auth: 'none' }));
      expect(error.status).toBe(422);
      expect(error.text).toBe('Invoice is locked');
      expect(error.message).toBe('Invoice is locked');
      expect(error.name).toBe('ApiError');
      expect(error.code).toBe('ER-INV-1');
      expect(error.errors).toEqual([{ code: 'ER-INV-1', detail: 'locked' }]);
    });

    it('joins the details with ", " when there is no message', async () => {
      const f = fakeFetch(
        json(
          {
            errors: [
              { code: 'ER-VAL-1', detail: 'Amount is too large', title: 'amount' },
              { code: 'ER-VAL-2', detail: 'Due date is in the past', title: 'due_date' },
            ],
          },
          422,
        ),
      );
      const error = await apiErrorOf(client(f.fetch).request({ path: '/x', codec: Anything, auth: 'none' }));
      expect(error.text).toBe('Amount is too large, Due date is in the past');
      expect(error.code).toBe('ER-VAL-1');
      expect(error.fieldErrors()).toEqual({ amount: 'Amount is too large', due_date: 'Due date is in the past' });
    });

    it('falls back to "Something went wrong!" with no message and no details', async () => {
      for (const body of [{}, { errors: [] }, { errors: [{ code: 'ER-X' }] }, { unrelated: 1 }]) {
        const f = fakeFetch(json(body, 500));
        const error = await apiErrorOf(client(f.fetch).request({ path: '/x', codec: Anything, auth: 'none' }));
        expect(error.status, JSON.stringify(body)).toBe(500);
        expect(error.text, JSON.stringify(body)).toBe('Something went wrong!');
      }
      expect(FALLBACK_TEXT).toBe('Something went wrong!');
    });

    it("an answer that is not the provider's (empty, or a gateway's HTML page) says what its status means", async () => {
      const f = fakeFetch(
        new Response('', { status: 502 }),
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
        new Response('', { status: 500 }),
        new Response('', { status: 404 }),
      );
      const api = client(f.fetch);
      const first = await apiErrorOf(api.request({ path: '/x', codec: Anything, auth: 'none' }));
      expect(first.status).toBe(502);
      expect(first.text).toBe('The provider could not be reached (HTTP 502). Try again.');
      expect(first.errors).toEqual([
        { code: 'ERROR', detail: 'The provider could not be reached (HTTP 502). Try again.' },
      ]);
      const second = await apiErrorOf(api.request({ path: '/x', codec: Anything, auth: 'none' }));
      expect(second.text).toBe('The provider could not be reached (HTTP 502). Try again.');
      expect((await apiErrorOf(api.request({ path: '/x', codec: Anything, auth: 'none' }))).text).toBe(
        'The provider failed to answer (HTTP 500). Try again.',
      );
      // Other statuses keep the spec's fallback.
      expect((await apiErrorOf(api.request({ path: '/x', codec: Anything, auth: 'none' }))).text).toBe(
        'Something went wrong!',
      );
    });

    it('a fetch that throws gives ApiError status 0, code ERROR', async () => {
      const f = fakeFetch(new TypeError('Failed to fetch'));
      const error = await apiErrorOf(client(f.fetch).request({ path: '/x', codec: Anything, auth: 'none' }));
      expect(error.status).toBe(0);
      expect(error.code).toBe('ERROR');
      expect(error.text).toMatch(/could not reach the provider/i);
    });

    it('an aborted request rethrows the abort error itself', async () => {
      const controller = new AbortController();
      controller.abort();
      const abortError = new DOMException('aborted', 'AbortError');
      const f = fakeFetch(abortError);
      const error = await caught(
        client(f.fetch).request({ path: '/x', codec: Anything, auth: 'none', signal: controller.signal }),
      );
      expect(error).toBe(abortError);
    });

    it('malformed JSON with a JSON content type gives a clear ApiError', async () => {
      const f = fakeFetch(
        new Response('{"data": [', { status: 200, headers: { 'Content-Type': 'application/vnd.provider.v1+json' } }),
        new Response('not json', { status: 500, headers: { 'Content-Type': 'application/json' } }),
      );
      const api = client(f.fetch);
      const ok = await apiErrorOf(api.request({ path: '/x', codec: Anything, auth: 'none' }));
      expect(ok.status).toBe(200);
      expect(ok.code).toBe('ERROR');
      expect(ok.text).toBe('The provider sent malformed JSON (HTTP 200).');
      const failed = await apiErrorOf(api.request({ path: '/x', codec: Anything, auth: 'none' }));
      expect(failed.status).toBe(500);
      expect(failed.text).toContain('malformed JSON (HTTP 500)');
    });
  });
});

describe('apiErrorFromBody and ApiError', () => {
  it('keeps the parts of an error body that are fine when another part is malformed', () => {
    expect(apiErrorFromBody(422, { message: 'Oops', errors: [{ code: 422, detail: 'x' }] }).text).toBe('Oops');
    expect(apiErrorFromBody(422, { message: 'Oops', errors: 'bad' }).text).toBe('Oops');
    const mixed = apiErrorFromBody(422, { errors: [{ code: 'E', detail: 'x' }, { code: 5 }, 'junk'] });
    expect(mixed.text).toBe('x');
    expect(mixed.errors).toEqual([
      { code: 'E', detail: 'x' },
      { code: '5', detail: '' },
    ]);
  });

  it('defaults a missing code to ERROR and takes the detail from message or title', () => {
    const error = apiErrorFromBody(400, { errors: [{ detail: 'd1' }, { message: 'm2' }, { title: 'only_title' }] });
    expect(error.errors).toEqual([
      { code: 'ERROR', detail: 'd1' },
      { code: 'ERROR', detail: 'm2' },
      { code: 'ERROR', detail: 'only_title', title: 'only_title' },
    ]);
    expect(error.text).toBe('d1, m2, only_title');
  });

  it('fieldErrors maps title to detail, keeping the first detail per field and skipping untitled entries', () => {
    const error = apiErrorFromBody(422, {
      errors: [
        { code: 'E1', detail: 'is required', title: 'email' },
        { code: 'E2', detail: 'is taken', title: 'email' },
        { code: 'E3', detail: 'general problem' },
        { code: 'E4', detail: 'too short', title: 'password' },
      ],
    });
    expect(error.fieldErrors()).toEqual({ email: 'is required', password: 'too short' });
  });

  it('fieldErrors is empty when no entry has a title', () => {
    expect(apiErrorFromBody(500, { message: 'x' }).fieldErrors()).toEqual({});
  });

  it('clientError has code ERROR and status 0 by default', () => {
    const error = clientError('Enter an amount');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(0);
    expect(error.code).toBe('ERROR');
    expect(error.text).toBe('Enter an amount');
    expect(clientError('x', 418).status).toBe(418);
  });
});

describe('toastText', () => {
  it("writes 'CODE: detail' joined by ', '", () => {
    expect(
      toastText([
        { code: 'ER-1', detail: 'first' },
        { code: 'ER-2', detail: 'second' },
      ]),
    ).toBe('ER-1: first, ER-2: second');
  });

  it('uses ERROR as the fallback code for errors and WARN for warnings', () => {
    expect(toastText([{ detail: 'oops' }])).toBe('ERROR: oops');
    expect(toastText([{ detail: 'oops' }], 'error')).toBe('ERROR: oops');
    expect(toastText([{ detail: 'careful' }], 'warn')).toBe('WARN: careful');
    expect(toastText([{ code: 'W-1', detail: 'kept' }], 'warn')).toBe('W-1: kept');
  });

  it('uses the fallback text when the detail is missing, and gives "" for no entries', () => {
    expect(toastText([{ code: 'ER-9' }])).toBe('ER-9: Something went wrong!');
    expect(toastText([])).toBe('');
  });

  it('errorToastText handles ApiError, DecodeError, Error and anything else', () => {
    expect(errorToastText(apiErrorFromBody(422, { errors: [{ code: 'ER-A', detail: 'a' }, { detail: 'b' }] }))).toBe(
      'ER-A: a, ERROR: b',
    );
    expect(errorToastText(new DecodeError('GET /x', ['p1', 'p2']))).toBe(
      'ERROR: The provider sent data this screen cannot read.',
    );
    expect(errorToastText(new Error('boom'))).toBe('ERROR: boom');
    expect(errorToastText('weird')).toBe('ERROR: Something went wrong!');
  });
});

describe('session auth', () => {
  it('on 401 ER-AUTH-103 asks expired(token) and retries once with the returned token', async () => {
    const f = fakeFetch(authError('ER-AUTH-103'), json({ message: 'fresh' }));
    const session = fakeSession({ token: 'old', expired: 'new' });
    const result = await client(f.fetch, { session }).request({
      method: 'POST',
      path: '/me',
      body: { a: 1 },
      codec: Message,
    });
    expect(result).toEqual({ message: 'fresh' });
    expect(session.expired).toHaveBeenCalledTimes(1);
    expect(session.expired).toHaveBeenCalledWith('old');
    expect(session.invalid).not.toHaveBeenCalled();
    expect(f.calls.map((c) => c.headers.Authorization)).toEqual(['old', 'new']);
    // The retry is the same request.
    expect(f.calls[1]!.url).toBe(f.calls[0]!.url);
    expect(f.calls[1]!.method).toBe('POST');
    expect(f.calls[1]!.body).toBe(f.calls[0]!.body);
  });

  it('when expired() gives null (the refresh failed) it throws "session ended" without retrying', async () => {
    const f = fakeFetch(authError('ER-AUTH-103'));
    const session = fakeSession({ token: 'old', expired: null });
    const error = await apiErrorOf(client(f.fetch, { session }).request({ path: '/me', codec: Message }));
    expect(error.status).toBe(401);
    expect(error.code).toBe('ER-AUTH-102');
    expect(error.text).toBe('Your session has ended. Please log in again.');
    expect(session.expired).toHaveBeenCalledWith('old');
    expect(f.impl).toHaveBeenCalledTimes(1);
  });

  it('on 401 ER-AUTH-102 asks invalid(token); null means no retry, and the caller hears the session ended', async () => {
    const f = fakeFetch(authError('ER-AUTH-102'));
    const session = fakeSession({ token: 'old', invalid: null });
    const error = await apiErrorOf(client(f.fetch, { session }).request({ path: '/me', codec: Message }));
    expect(error.status).toBe(401);
    expect(error.code).toBe('ER-AUTH-102');
    expect(error.text).toBe('Your session has ended. Please log in again.');
    expect(session.invalid).toHaveBeenCalledTimes(1);
    expect(session.invalid).toHaveBeenCalledWith('old');
    expect(session.expired).not.toHaveBeenCalled();
    expect(f.impl).toHaveBeenCalledTimes(1);
  });

  it('on 401 ER-AUTH-102 retries with the newer token invalid() gives', async () => {
    const f = fakeFetch(authError('ER-AUTH-102'), json({ message: 'ok' }));
    const session = fakeSession({ token: 'old', invalid: 'newer' });
    await expect(client(f.fetch, { session }).request({ path: '/me', codec: Message })).resolves.toEqual({
      message: 'ok',
    });
    expect(f.calls.map((c) => c.headers.Authorization)).toEqual(['old', 'newer']);
  });

  it('a second 401 is not retried again', async () => {
    const f = fakeFetch(authError('ER-AUTH-103'), authError('ER-AUTH-103'), json({ message: 'never' }));
    const session = fakeSession({ token: 'old', expired: 'new' });
    const error = await apiErrorOf(client(f.fetch, { session }).request({ path: '/me', codec: Message }));
    expect(error.status).toBe(401);
    expect(error.code).toBe('ER-AUTH-103');
    expect(f.impl).toHaveBeenCalledTimes(2);
    expect(session.expired).toHaveBeenCalledTimes(1);
  });

  it('a second 401 with ER-AUTH-102 tells the session the retried token is invalid, without a third send', async () => {
    const f = fakeFetch(authError('ER-AUTH-103'), authError('ER-AUTH-102'));
    const session = fakeSession({ token: 'old', expired: 'new', invalid: 'newest' });
    const error = await apiErrorOf(client(f.fetch, { session }).request({ path: '/me', codec: Message }));
    expect(error.code).toBe('ER-AUTH-102');
    expect(session.invalid).toHaveBeenCalledTimes(1);
    expect(session.invalid).toHaveBeenCalledWith('new');
    expect(f.impl).toHaveBeenCalledTimes(2);
  });

  it('a 401 with another code (or no JSON) is not retried and does not touch the session', async () => {
    const f = fakeFetch(
      json({ errors: [{ code: 'ER-AUTH-999', detail: 'nope' }] }, 401),
      new Response('denied', { status: 401 }),
    );
    const session = fakeSession();
    const api = client(f.fetch, { session });
    expect((await apiErrorOf(api.request({ path: '/me', codec: Message }))).code).toBe('ER-AUTH-999');
    expect((await apiErrorOf(api.request({ path: '/me', codec: Message }))).status).toBe(401);
    expect(session.expired).not.toHaveBeenCalled();
    expect(session.invalid).not.toHaveBeenCalled();
    expect(f.impl).toHaveBeenCalledTimes(2);
  });

  it('a 401 on a { token } request is not retried through the session', async () => {
    const f = fakeFetch(authError('ER-AUTH-103'));
    const session = fakeSession();
    const error = await apiErrorOf(
      client(f.fetch, { session }).request({ path: '/pay', codec: Message, auth: { token: 'page' } }),
    );
    expect(error.status).toBe(401);
    expect(session.expired).not.toHaveBeenCalled();
    expect(f.impl).toHaveBeenCalledTimes(1);
  });

  it('with currentToken() null it throws a 401 ApiError without calling fetch', async () => {
    const f = fakeFetch(json({ message: 'never' }));
    const session = fakeSession({ token: null });
    const error = await apiErrorOf(client(f.fetch, { session }).request({ path: '/me', codec: Message }));
    expect(error.status).toBe(401);
    expect(error.code).toBe('ER-AUTH-102');
    expect(error.text).toBe('You are logged out.');
    expect(f.impl).not.toHaveBeenCalled();
  });

  it('with no session at all a session request throws 401 without calling fetch', async () => {
    const f = fakeFetch(json({ message: 'never' }));
    const error = await apiErrorOf(client(f.fetch).request({ path: '/me', codec: Message }));
    expect(error.status).toBe(401);
    expect(f.impl).not.toHaveBeenCalled();
  });
});

describe('download', () => {
  const now = () => new Date(2024, 2, 5, 12, 30); // 5 March 2024, local time

  function downloader(...answers: Answer[]) {
    const f = fakeFetch(...answers);
    const saved: { filename: string; content: Blob }[] = [];
    const api = client(f.fetch, {
      now,
      saveFile: (filename, content) => saved.push({ filename, content }),
      session: fakeSession(),
    });
    return { api, saved, f };
  }

  it('saves a text/csv answer as Report-YYYY-MM-DD.csv', async () => {
    const { api, saved, f } = downloader(
      new Response('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );
    await expect(api.download({ path: '/invoices/export', query: { filter: { region: 'north' } } })).resolves.toBe(
      'Report-2024-03-05.csv',
    );
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('Report-2024-03-05.csv');
    expect(saved[0]!.content.type).toBe('text/csv');
    expect(await saved[0]!.content.text()).toBe('a,b\n1,2\n');
    expect(f.calls[0]!.url).toBe('https://provider.test/api/invoices/export?filter%5Bregion%5D=north');
    expect(f.calls[0]!.method).toBe('GET');
    expect(f.calls[0]!.headers.Accept).toBe('application/vnd.provider.v1+json');
    expect(f.calls[0]!.headers.Authorization).toBe('tok-1');
  });

  it('uses the given fallback filename when the answer names none', async () => {
    const { api, saved } = downloader(new Response('x', { headers: { 'Content-Type': 'text/csv' } }));
    await expect(api.download({ path: '/e', filename: 'mine.csv' })).resolves.toBe('mine.csv');
    expect(saved[0]!.filename).toBe('mine.csv');
  });

  it('takes the name from Content-Disposition, quoted or not', async () => {
    const { api, saved } = downloader(
      new Response('x', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="invoices-march.csv"' },
      }),
      new Response('y', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename=plain.csv; size=1' },
      }),
    );
    await expect(api.download({ path: '/e', filename: 'ignored.csv' })).resolves.toBe('invoices-march.csv');
    await expect(api.download({ path: '/e' })).resolves.toBe('plain.csv');
    expect(saved.map((s) => s.filename)).toEqual(['invoices-march.csv', 'plain.csv']);
    expect(await saved[1]!.content.text()).toBe('y');
  });

  it('reads the RFC 5987 filename* form of Content-Disposition first', async () => {
    const { api } = downloader(
      new Response('x', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': `attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`,
        },
      }),
    );
    await expect(api.download({ path: '/e' })).resolves.toBe('résumé.csv');
  });

  it('does not save a JSON answer whose download_csv flag is false', async () => {
    const { api, saved } = downloader(json({ download_csv: false, result: 'not csv' }));
    await expect(api.download({ path: '/e' })).rejects.toBeInstanceOf(ApiError);
    expect(saved).toHaveLength(0);
  });

  it('saves a JSON { download_csv, result, filename } answer with that filename and content', async () => {
    const { api, saved } = downloader(
      json({ download_csv: true, result: 'id,amount\n1,10.00\n', filename: 'Payments.csv' }),
    );
    await expect(api.download({ path: '/payments/export' })).resolves.toBe('Payments.csv');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('Payments.csv');
    expect(saved[0]!.content.type).toBe('text/csv');
    expect(await saved[0]!.content.text()).toBe('id,amount\n1,10.00\n');
  });

  it('uses the fallback name for a JSON CSV answer with no or empty filename', async () => {
    const { api, saved } = downloader(
      json({ download_csv: true, result: 'a' }),
      json({ download_csv: true, result: 'b', filename: '' }),
    );
    await expect(api.download({ path: '/e' })).resolves.toBe('Report-2024-03-05.csv');
    await expect(api.download({ path: '/e' })).resolves.toBe('Report-2024-03-05.csv');
    expect(saved).toHaveLength(2);
  });

  it('a JSON answer without a CSV gives an ApiError and saves nothing', async () => {
    const { api, saved } = downloader(json({ message: 'queued' }), json({ download_csv: true, result: 42 }));
    const first = await apiErrorOf(api.download({ path: '/e' }));
    expect(first.code).toBe('ERROR');
    expect(first.status).toBe(200);
    expect(first.text).toBe('The provider did not send a CSV file.');
    const second = await apiErrorOf(api.download({ path: '/e' }));
    expect(second.text).toBe('The provider did not send a CSV file.');
    expect(saved).toEqual([]);
  });

  it('an error answer gives the ApiError of its body and saves nothing', async () => {
    const { api, saved } = downloader(json({ errors: [{ code: 'ER-RPT-1', detail: 'Too many rows' }] }, 422));
    const error = await apiErrorOf(api.download({ path: '/e' }));
    expect(error.status).toBe(422);
    expect(error.text).toBe('Too many rows');
    expect(saved).toEqual([]);
  });
});

describe('Money codec', () => {
  it('decodes rupee strings and numbers to integer paise', () => {
    expect(Money.decode('1234.50')).toEqual({ _tag: 'Right', right: 123450 });
    expect(Money.decode(1234.5)).toEqual({ _tag: 'Right', right: 123450 });
    expect(Money.decode('0')).toEqual({ _tag: 'Right', right: 0 });
    expect(Money.decode(-0.07)).toEqual({ _tag: 'Right', right: -7 });
  });

  it('fails on non-amounts', () => {
    for (const bad of ['abc', '', '1e5', null, undefined, true, {}, [], Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isLeft(Money.decode(bad)), inspect(bad)).toBe(true);
    }
  });

  it('encodes paise back to rupees and knows its own type', () => {
    expect(Money.encode(123450)).toBe(1234.5);
    expect(Money.is(123450)).toBe(true);
    expect(Money.is(1.5)).toBe(false);
    expect(Money.is('1')).toBe(false);
  });
});

describe('Optional codec (a value the spec lets the provider leave out)', () => {
  const Row = t.type({ name: t.string, total: Optional(Money) });

  it('decodes an absent key and null both to null, and a value as the inner codec does', () => {
    expect(Row.decode({ name: 'a' })).toEqual({ _tag: 'Right', right: { name: 'a', total: null } });
    expect(Row.decode({ name: 'a', total: null })).toEqual({ _tag: 'Right', right: { name: 'a', total: null } });
    expect(Row.decode({ name: 'a', total: '12.50' })).toEqual({ _tag: 'Right', right: { name: 'a', total: 1250 } });
    expect(isLeft(Row.decode({ name: 'a', total: 'lots' }))).toBe(true);
    expect(Row.encode({ name: 'a', total: 1250 })).toEqual({ name: 'a', total: 12.5 });
    expect(Row.encode({ name: 'a', total: null })).toEqual({ name: 'a', total: null });
  });

  it('the lending summary decodes without total_distributors (spec 1 §2.5 shows it as -)', () => {
    const summary = {
      utilised_limit_summary: { utilised_limit: 1, unutilised_limit: 2 },
      default: { default_30days: 0, default_90days: 0, total: 0 },
    };
    const decoded = LendingSummary.decode({ data: { ...summary, credit_limit_available: { total: 5 } } });
    expect(isRight(decoded) && decoded.right.data.credit_limit_available).toEqual({
      total: 500,
      total_distributors: null,
    });
  });

  it('the pay page decodes a header without the credit-line figures, and a document without balance_due', () => {
    const meta = {
      anchor_name: 'A',
      anchor_id: 1,
      distributor_name: 'D',
      distributor_code: 'C',
      open_limit_customer: false,
      is_sales_order: false,
      require_otp: false,
      show_virtual_account_number: false,
      show_provider_credit_option: true,
      show_provider_pay_option: true,
    };
    const item = {
      id: 1,
      document_number: 'INV-1',
      invoice_date: '2026-01-01',
      due_date: '2026-02-01',
      invoice_amount: 10,
      status: 'open',
    };
    const decoded = invoiceCollectionCodec('provider').decode({ data: [item], meta });
    expect(isRight(decoded)).toBe(true);
    if (isRight(decoded)) {
      expect(decoded.right.meta).toMatchObject({
        loan_account_no: null,
        credit_limit_balance: null,
        overdue_amount: null,
        overdue_days: null,
      });
      expect(decoded.right.data[0]!.balance_due).toBeNull();
    }
  });
});

describe('Id codec', () => {
  it('decodes strings as they are and safe integers to strings', () => {
    expect(Id.decode(5)).toEqual({ _tag: 'Right', right: '5' });
    expect(Id.decode(0)).toEqual({ _tag: 'Right', right: '0' });
    expect(Id.decode('x')).toEqual({ _tag: 'Right', right: 'x' });
    expect(Id.decode('42')).toEqual({ _tag: 'Right', right: '42' });
  });

  it('fails on fractions, empty strings, unsafe integers and non-ids', () => {
    for (const bad of [1.5, '', Number.MAX_SAFE_INTEGER + 2, Number.NaN, null, undefined, true, {}]) {
      expect(isLeft(Id.decode(bad)), inspect(bad)).toBe(true);
    }
    expect(isRight(Id.decode(Number.MAX_SAFE_INTEGER))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------
// Upload progress: a request with onUploadProgress and a FormData body goes by XMLHttpRequest.

type XhrAnswer =
  | { status: number; body?: string; headers?: Record<string, string>; progress?: [number, number | null][] }
  | 'network-error'
  | 'timeout'
  | 'hang';

class FakeXhr {
  method = '';
  url = '';
  isAsync: boolean | undefined;
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly answer: XhrAnswer) {}

  open(method: string, url: string, isAsync?: boolean) {
    this.method = method;
    this.url = url;
    this.isAsync = isAsync;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.sent = body;
    setTimeout(() => this.respond(), 0);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  private respond() {
    if (this.aborted || this.answer === 'hang') return;
    if (this.answer === 'network-error') return this.onerror?.();
    if (this.answer === 'timeout') return this.ontimeout?.();
    for (const [loaded, total] of this.answer.progress ?? [])
      this.upload.onprogress?.({ loaded, total: total ?? 0, lengthComputable: total !== null });
    this.status = this.answer.status;
    this.statusText = this.answer.status === 200 ? 'OK' : 'Error';
    this.responseText = this.answer.body ?? '';
    this.responseHeaders = Object.entries(this.answer.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    this.onload?.();
  }
}

function fakeXhrs(...answers: XhrAnswer[]) {
  const made: FakeXhr[] = [];
  const make = () => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`unexpected XMLHttpRequest #${made.length + 1}`);
    const xhr = new FakeXhr(answer);
    made.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  };
  return { make, made };
}

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };
const uploadForm = () => {
  const form = new FormData();
  form.append('csvtype', 'invoice');
  form.append('file', new Blob(['a,b\n1,2'], { type: 'text/csv' }), 'up.csv');
  return form;
};

describe('request with onUploadProgress', () => {
  it('sends a FormData body by XMLHttpRequest with the same headers, reports progress and decodes the answer', async () => {
    const f = fakeFetch();
    const x = fakeXhrs({
      status: 200,
      body: JSON.stringify({ message: 'stored' }),
      headers: JSON_HEADERS,
      progress: [
        [10, 40],
        [40, 40],
      ],
    });
    const seen: { loaded: number; total: number }[] = [];
    const form = uploadForm();
    const result = await client(f.fetch, { xhr: x.make, session: fakeSession({ token: 'tok-9' }) }).request({
      method: 'POST',
      path: '/invoices/upload',
      body: form,
      codec: Message,
      onUploadProgress: (p) => seen.push(p),
    });
    expect(result).toEqual({ message: 'stored' });
    expect(f.impl).not.toHaveBeenCalled();
    const [xhr] = x.made;
    expect(xhr).toMatchObject({
      method: 'POST',
      url: 'https://provider.test/api/invoices/upload',
      isAsync: true,
      sent: form,
    });
    expect(xhr!.headers).toEqual({ Accept: 'application/vnd.provider.v1+json', Authorization: 'tok-9' });
    expect(seen).toEqual([
      { loaded: 10, total: 40 },
      { loaded: 40, total: 40 },
    ]);
  });

  it('reports total 0 when the size is not computable', async () => {
    const x = fakeXhrs({ status: 200, body: '{"message":"ok"}', headers: JSON_HEADERS, progress: [[5, null]] });
    const seen: unknown[] = [];
    await client(fakeFetch().fetch, { xhr: x.make }).request({
      method: 'POST',
      path: '/u',
      body: uploadForm(),
      codec: Message,
      auth: 'none',
      onUploadProgress: (p) => seen.push(p),
    });
    expect(seen).toEqual([{ loaded: 5, total: 0 }]);
  });

  it('builds error text by the same rule: the joined details of a 422', async () => {
    const x = fakeXhrs({
      status: 422,
      body: JSON.stringify({
        status: 'error',
        errors: [
          { code: 'ER-UPLOAD-HEADER', title: 'file', detail: 'Wrong header.' },
          { code: 'X', detail: 'Second.' },
        ],
      }),
      headers: JSON_HEADERS,
    });
    const error = await apiErrorOf(
      client(fakeFetch().fetch, { xhr: x.make }).request({
        method: 'POST',
        path: '/u',
        body: uploadForm(),
        codec: Message,
        auth: 'none',
        onUploadProgress: () => {},
      }),
    );
    expect(error.status).toBe(422);
    expect(error.text).toBe('Wrong header., Second.');
    expect(error.code).toBe('ER-UPLOAD-HEADER');
    expect(error.fieldErrors()).toEqual({ file: 'Wrong header.' });
  });

  it('says what the status means for a non-JSON error page, and keeps the fallback for a JSON one', async () => {
    const x = fakeXhrs(
      { status: 502, body: '<html>Bad gateway</html>', headers: { 'Content-Type': 'text/html' } },
      { status: 500, body: '{}', headers: JSON_HEADERS },
    );
    const api = client(fakeFetch().fetch, { xhr: x.make });
    const send = () =>
      api.request({
        method: 'POST',
        path: '/u',
        body: uploadForm(),
        codec: Message,
        auth: 'none',
        onUploadProgress: () => {},
      });
    expect(await apiErrorOf(send())).toMatchObject({
      status: 502,
      text: 'The provider could not be reached (HTTP 502). Try again.',
    });
    expect(await apiErrorOf(send())).toMatchObject({ status: 500, text: FALLBACK_TEXT });
  });

  it('on 401 ER-AUTH-103 waits for the refresh and sends the same form again with the new token (progress restarts)', async () => {
    const x = fakeXhrs(
      {
        status: 401,
        body: JSON.stringify({ errors: [{ code: 'ER-AUTH-103', detail: 'expired' }] }),
        headers: JSON_HEADERS,
        progress: [[40, 40]],
      },
      {
        status: 200,
        body: '{"message":"stored"}',
        headers: JSON_HEADERS,
        progress: [
          [20, 40],
          [40, 40],
        ],
      },
    );
    const session = fakeSession({ token: 'old', expired: 'new' });
    const seen: number[] = [];
    const form = uploadForm();
    const result = await client(fakeFetch().fetch, { xhr: x.make, session }).request({
      method: 'POST',
      path: '/u',
      body: form,
      codec: Message,
      onUploadProgress: (p) => seen.push(p.loaded),
    });
    expect(result).toEqual({ message: 'stored' });
    expect(session.expired).toHaveBeenCalledWith('old');
    expect(x.made.map((xhr) => xhr.headers.Authorization)).toEqual(['old', 'new']);
    expect(x.made.map((xhr) => xhr.sent)).toEqual([form, form]);
    expect(seen).toEqual([40, 20, 40]);
  });

  it('on 401 ER-AUTH-102 asks the session and gives up without a retry when it has no newer token', async () => {
    const x = fakeXhrs({
      status: 401,
      body: JSON.stringify({ errors: [{ code: 'ER-AUTH-102', detail: 'revoked' }] }),
      headers: JSON_HEADERS,
    });
    const session = fakeSession({ token: 'tok', invalid: null });
    const error = await apiErrorOf(
      client(fakeFetch().fetch, { xhr: x.make, session }).request({
        method: 'POST',
        path: '/u',
        body: uploadForm(),
        codec: Message,
        onUploadProgress: () => {},
      }),
    );
    expect(error).toMatchObject({ status: 401, code: 'ER-AUTH-102' });
    expect(session.invalid).toHaveBeenCalledWith('tok');
    expect(x.made).toHaveLength(1);
  });

  it('a network failure or a timeout is the client’s "could not reach" error', async () => {
    for (const failure of ['network-error', 'timeout'] as const) {
      const x = fakeXhrs(failure);
      const error = await apiErrorOf(
        client(fakeFetch().fetch, { xhr: x.make }).request({
          method: 'POST',
          path: '/u',
          body: uploadForm(),
          codec: Message,
          auth: 'none',
          onUploadProgress: () => {},
        }),
      );
      expect(error).toMatchObject({
        status: 0,
        code: 'ERROR',
        text: 'Could not reach the provider. Check the connection and try again.',
      });
    }
  });

  it('aborting the signal aborts the XMLHttpRequest and rejects with the abort reason', async () => {
    const x = fakeXhrs('hang');
    const controller = new AbortController();
    const pending = client(fakeFetch().fetch, { xhr: x.make }).request({
      method: 'POST',
      path: '/u',
      body: uploadForm(),
      codec: Message,
      auth: 'none',
      signal: controller.signal,
      onUploadProgress: () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort(new Error('closed the modal'));
    expect(await caught(pending)).toEqual(new Error('closed the modal'));
    expect(x.made[0]!.aborted).toBe(true);
  });

  it('an already aborted signal sends nothing', async () => {
    const x = fakeXhrs();
    const controller = new AbortController();
    controller.abort();
    const error = await caught(
      client(fakeFetch().fetch, { xhr: x.make }).request({
        method: 'POST',
        path: '/u',
        body: uploadForm(),
        codec: Message,
        auth: 'none',
        signal: controller.signal,
        onUploadProgress: () => {},
      }),
    );
    expect((error as Error).name).toBe('AbortError');
    expect(x.made).toHaveLength(0);
  });

  it('gives {} for a 204 (a status with no body)', async () => {
    const x = fakeXhrs({ status: 204 });
    expect(
      await client(fakeFetch().fetch, { xhr: x.make }).request({
        method: 'POST',
        path: '/u',
        body: uploadForm(),
        codec: Anything,
        auth: 'none',
        onUploadProgress: () => {},
      }),
    ).toEqual({});
  });

  it('uses fetch for a JSON body, and for any body where there is no XMLHttpRequest (Node)', async () => {
    const x = fakeXhrs();
    const f = fakeFetch(json({ message: 'a' }), json({ message: 'b' }));
    await client(f.fetch, { xhr: x.make }).request({
      method: 'POST',
      path: '/u',
      body: { a: 1 },
      codec: Message,
      auth: 'none',
      onUploadProgress: () => {},
    });
    expect(typeof XMLHttpRequest).toBe('undefined');
    const form = uploadForm();
    await client(f.fetch).request({
      method: 'POST',
      path: '/u',
      body: form,
      codec: Message,
      auth: 'none',
      onUploadProgress: () => {},
    });
    expect(x.made).toHaveLength(0);
    expect(f.calls.map((c) => c.body)).toEqual(['{"a":1}', form]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Faults: timeouts, answers cut short, and 429 / 503 with Retry-After.

/** A fetch whose answer never comes: it rejects with the signal's reason when the signal aborts, as fetch does. */
const hangingFetch = (() =>
  vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        if (init?.signal?.aborted) reject(init.signal.reason as Error);
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error), { once: true });
      }),
  )) satisfies () => unknown;

/** A 200 whose body sends `first` and then stalls (or fails with `then: 'error'`); aborting the signal errors the body. */
function partialFetch(first: string, then: 'stall' | 'error') {
  return vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(first));
        if (then === 'error') setTimeout(() => controller.error(new TypeError('network error')), 0);
        init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason), { once: true });
      },
    });
    return Promise.resolve(new Response(stream, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
}

describe('request timeout', () => {
  it('ends a request without an answer in a retryable "did not answer" error', async () => {
    const f = hangingFetch();
    const started = Date.now();
    const error = await apiErrorOf(
      client(f as unknown as typeof fetch, { timeoutMs: 30 }).request({ path: '/x', codec: Anything, auth: 'none' }),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({
      status: 0,
      code: 'ERROR',
      text: 'The provider did not answer within 1 second. Try again.',
    });
    expect(isRetryableFailure(error)).toBe(true);
    expect(errorToastText(error)).toBe('ERROR: The provider did not answer within 1 second. Try again.');
  });

  it('names the default timeout of 20 seconds', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
    expect(timeoutText(REQUEST_TIMEOUT_MS)).toBe('The provider did not answer within 20 seconds. Try again.');
  });

  it('also ends an answer whose body stalls halfway', async () => {
    const f = partialFetch('{"data": [', 'stall');
    const error = await apiErrorOf(
      client(f as unknown as typeof fetch, { timeoutMs: 30 }).request({ path: '/x', codec: Anything, auth: 'none' }),
    );
    expect(error.text).toBe('The provider did not answer within 1 second. Try again.');
  });

  it('an answer cut off halfway is "connection lost", not malformed JSON', async () => {
    const f = partialFetch('{"data": [', 'error');
    const error = await apiErrorOf(
      client(f as unknown as typeof fetch).request({ path: '/x', codec: Anything, auth: 'none' }),
    );
    expect(error).toMatchObject({
      status: 0,
      text: 'The connection was lost before the whole answer arrived. Try again.',
    });
  });

  it("the caller's abort is still the caller's (not a timeout), and a timely answer clears the clock", async () => {
    const controller = new AbortController();
    const f = hangingFetch();
    const pending = client(f as unknown as typeof fetch, { timeoutMs: 5_000 }).request({
      path: '/x',
      codec: Anything,
      auth: 'none',
      signal: controller.signal,
    });
    controller.abort(new Error('left the page'));
    expect(await caught(pending)).toEqual(new Error('left the page'));

    const quick = fakeFetch(json({ message: 'ok' }));
    await expect(
      client(quick.fetch, { timeoutMs: 30 }).request({ path: '/x', codec: Message, auth: 'none' }),
    ).resolves.toEqual({ message: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('an upload that stalls times out and its XMLHttpRequest is aborted', async () => {
    const x = fakeXhrs('hang');
    const error = await apiErrorOf(
      client(fakeFetch().fetch, { xhr: x.make, timeoutMs: 30 }).request({
        method: 'POST',
        path: '/u',
        body: uploadForm(),
        codec: Message,
        auth: 'none',
        onUploadProgress: () => {},
      }),
    );
    expect(error.text).toBe('The provider did not answer within 1 second. Try again.');
    expect(x.made[0]!.aborted).toBe(true);
  });
});

describe('Retry-After', () => {
  const busy = (status: 429 | 503, retryAfter?: string, body?: unknown) =>
    body === undefined
      ? new Response('', { status, headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter } })
      : json(body, status, retryAfter === undefined ? {} : { 'Retry-After': retryAfter });
  const patient = (f: ReturnType<typeof fakeFetch>, extra: Partial<ClientOptions> = {}) => {
    const waits: number[] = [];
    const api = client(f.fetch, {
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
      now: () => new Date('2026-11-22T10:00:00Z'),
      ...extra,
    });
    return { api, waits };
  };

  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('a GET answered 503 or 429 is sent again after the wait asked for', async () => {
    const f = fakeFetch(busy(503, '2'), busy(429, 'Sun, 22 Nov 2026 10:00:01 GMT'), json({ message: 'ok' }));
    const { api, waits } = patient(f);
    await expect(api.request({ path: '/x', codec: Message, auth: 'none' })).resolves.toEqual({ message: 'ok' });
    expect(waits).toEqual([2000, 1000]);
    expect(f.calls).toHaveLength(3);
  });

  it('without Retry-After it waits a second, then two; after two retries the error goes to the user', async () => {
    const f = fakeFetch(
      busy(503),
      busy(503),
      busy(503, undefined, { errors: [{ code: 'ER-BUSY', detail: 'Down for maintenance.' }] }),
    );
    const { api, waits } = patient(f);
    const error = await apiErrorOf(api.request({ path: '/x', codec: Message, auth: 'none' }));
    expect(waits).toEqual([1000, 2000]);
    expect(f.calls).toHaveLength(1 + RETRY_AFTER_POLICY.attempts);
    // The provider's own words win; an answer without them says what the status means.
    expect(error).toMatchObject({ status: 503, text: 'Down for maintenance.' });
  });

  it('a wait longer than the cap is not waited out: the user hears when to try again', async () => {
    const f = fakeFetch(busy(429, '60'), busy(503, '120'));
    const { api, waits } = patient(f);
    expect((await apiErrorOf(api.request({ path: '/x', codec: Message, auth: 'none' }))).text).toBe(
      'The provider is receiving too many requests. Try again in 60 seconds.',
    );
    expect((await apiErrorOf(api.request({ path: '/x', codec: Message, auth: 'none' }))).text).toBe(
      'The provider is unavailable right now. Try again in 120 seconds.',
    );
    expect(waits).toEqual([]);
    expect(f.calls).toHaveLength(2);
  });

  it('a limit on attempts (a 429 with the provider’s error body) says how many minutes to wait', async () => {
    const limited = (retryAfter: string) =>
      busy(429, retryAfter, { errors: [{ code: 'ER-RATE-LIMIT', detail: 'Slow down.' }] });
    const f = fakeFetch(limited('900'), limited('61'), limited('20'));
    const { api } = patient(f);
    const login = () =>
      apiErrorOf(api.request({ method: 'POST', path: '/sessions', body: {}, codec: Message, auth: 'none' }));
    expect(await login()).toMatchObject({
      status: 429,
      text: 'Too many attempts. Try again in 15 minutes.',
      errors: [{ code: 'ER-RATE-LIMIT', detail: 'Too many attempts. Try again in 15 minutes.' }],
    });
    expect((await login()).text).toBe('Too many attempts. Try again in 2 minutes.');
    expect((await login()).text).toBe('Too many attempts. Try again in 1 minute.');
    expect(f.calls).toHaveLength(3); // a login is never sent again by itself
    // Another 429 keeps the provider's own words.
    const other = fakeFetch(busy(429, '900', { errors: [{ code: 'ER-BUSY', detail: 'Busy.' }] }));
    expect(
      (
        await apiErrorOf(
          patient(other).api.request({ method: 'POST', path: '/x', body: {}, codec: Message, auth: 'none' }),
        )
      ).text,
    ).toBe('Busy.');
  });

  it('never sends a write twice unless it carries its Idempotency-Key (then with the same key)', async () => {
    const f = fakeFetch(busy(503, '1'), busy(503, '1'), json({ message: 'paid' }));
    const { api, waits } = patient(f);
    expect(
      (await apiErrorOf(api.request({ method: 'POST', path: '/sessions', body: {}, codec: Message, auth: 'none' })))
        .status,
    ).toBe(503);
    expect(f.calls).toHaveLength(1);
    await expect(
      api.request({
        method: 'POST',
        path: '/pay',
        body: {},
        codec: Message,
        auth: 'none',
        headers: { 'Idempotency-Key': 'k-1' },
      }),
    ).resolves.toEqual({ message: 'paid' });
    expect(f.calls.slice(1).map((c) => c.headers['Idempotency-Key'])).toEqual(['k-1', 'k-1']);
    expect(waits).toEqual([1000]);
  });

  it('stops waiting when the caller aborts', async () => {
    const f = fakeFetch(busy(503, '5'));
    const controller = new AbortController();
    const pending = client(f.fetch).request({ path: '/x', codec: Message, auth: 'none', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('gone'));
    expect(await caught(pending)).toEqual(new Error('gone'));
    expect(f.calls).toHaveLength(1);
  });

  it('unavailableText covers the statuses a retry can fix', () => {
    expect(unavailableText(429, null)).toBe('The provider is receiving too many requests. Try again in a moment.');
    expect(unavailableText(503, 1000)).toBe('The provider is unavailable right now. Try again in 1 second.');
    expect(unavailableText(504, null)).toBe('The provider could not be reached (HTTP 504). Try again.');
    expect(unavailableText(408, null)).toBe('The provider timed out (HTTP 408). Try again.');
    expect(unavailableText(404, null)).toBeNull();
  });
});
