import type * as t from 'io-ts';
import { RATE_LIMIT_CODE, tooManyAttemptsText } from '../domain/errors';
import { type ApiVersion, vendorMediaType } from '../domain/product';
import { isoDay } from '../domain/dates';
import { apiTarget, takeEarlyAnswer } from './early-answers';
import { ApiError, apiErrorFromBody, clientError, DecodeError, formatValidationErrors } from './errors';

/** How long one request may take, from sending to the last byte of the answer (an upload: without progress). */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Answers 429 and 503 to a request that may be sent again (a GET, or a write carrying an Idempotency-Key)
 * are retried up to `attempts` times after the wait their Retry-After asks for (`defaultWaitMs` times the
 * attempt when it names none); a wait over `maxWaitMs` is not waited out: the error goes to the user.
 */
export const RETRY_AFTER_POLICY = { attempts: 2, defaultWaitMs: 1_000, maxWaitMs: 10_000 } as const;
type RetryPolicy = { attempts: number; defaultWaitMs: number; maxWaitMs: number };

/**
 * How the client talks to the session: it never keeps its own token state or refresh flag, it asks.
 * Implemented over the session machine in `src/api/session.ts`.
 */
export interface SessionPort {
  /** The auth token to send now; waits while a refresh is under way. Null when logged out. */
  currentToken(): Promise<string | null>;
  /** A request sent with `token` got ER-AUTH-103. Resolves to the token to retry with, or null. */
  expired(token: string): Promise<string | null>;
  /** A request sent with `token` got ER-AUTH-102. Resolves to a newer token to retry with, or null. */
  invalid(token: string): Promise<string | null>;
}

type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[] | { [key: string]: QueryValue };
export type Query = Record<string, QueryValue>;

/** Who the request is from: the logged-in session, nobody, or a page token (the public pay page). */
export type Auth = 'session' | 'none' | { token: string };

export interface RequestOptions<A> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Query;
  /**
   * JSON-encoded unless it is FormData (multipart). A function receives the auth token actually sent, so a
   * body that must name it (logout) stays right when the request is retried after a refresh.
   */
  body?: unknown;
  codec: t.Decoder<unknown, A>;
  version?: ApiVersion;
  auth?: Auth;
  /** Extra headers, e.g. the Idempotency-Key of a payment (kept on a retry). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Upload progress of a FormData body (a file upload). fetch reports none, so with this option that one
   * request is sent with XMLHttpRequest instead; everything else (auth, the single-flight refresh and one
   * retry, errors, decoding) is the same. Where there is no XMLHttpRequest (Node) it goes by fetch and
   * reports nothing. A retry after a refresh sends the body again, so progress starts again from 0.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** Bytes of the request body sent so far; `total` is 0 when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface DownloadOptions {
  path: string;
  query?: Query;
  /** File name when the answer names none. Default `Report-{yyyy-MM-dd}.csv`. */
  filename?: string;
  auth?: Auth;
}

export interface ClientOptions {
  /** Where the provider is: `/api` (proxied to the mock) by default, or a real provider's origin. */
  baseUrl: string;
  product: string;
  session?: SessionPort;
  fetch?: typeof fetch;
  /** Saves a downloaded file; the default clicks a blob link in the browser. */
  saveFile?: (filename: string, content: Blob) => void;
  now?: () => Date;
  /** Makes the XMLHttpRequest of a request with onUploadProgress (tests pass a fake); default the browser's. */
  xhr?: () => XMLHttpRequest;
  /** Per-request timeout in ms (default REQUEST_TIMEOUT_MS); an upload's restarts with every progress report. */
  timeoutMs?: number;
  /** Retries of 429 and 503 (default RETRY_AFTER_POLICY). */
  retry?: RetryPolicy;
  /** Waits `ms` (the Retry-After wait); tests pass a fake. Rejects when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Where the technical part of a decode failure goes (default console.error). */
  logDecodeError?: (error: DecodeError) => void;
}

/** Rails-style query string: `filter[region]=north&filter[status_in][]=open&page=2`; empty values are left out. */
export function toQueryString(query: Query): string {
  const parts: string[] = [];
  const add = (key: string, value: QueryValue): void => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[])
        parts.push(`${encodeURIComponent(`${key}[]`)}=${encodeURIComponent(String(item))}`);
    } else if (typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) add(`${key}[${inner}]`, innerValue);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return parts.join('&');
}

/** JSON:API resources `{ id, type, attributes }` become plain objects `{ id, ...attributes }`; `meta` and `pagy` stay. */
export function flattenData(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('data' in body)) return body;
  const data = body.data;
  return { ...body, data: Array.isArray(data) ? data.map(flattenResource) : flattenResource(data) };
}

function flattenResource(item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return item;
  const { id, attributes } = item as { id?: unknown; attributes?: unknown };
  if (typeof attributes !== 'object' || attributes === null) return item;
  return { id, ...attributes };
}

function browserSave(filename: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const isJson = (contentType: string | null) => contentType !== null && /\bjson\b/i.test(contentType);

/** Statuses whose Response must have no body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** An XMLHttpRequest's answer as a fetch Response, so the rest of the client reads it the same way. */
function xhrResponse(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const body = NULL_BODY_STATUSES.has(xhr.status) ? null : typeof xhr.responseText === 'string' ? xhr.responseText : '';
  return new Response(body, { status: xhr.status, statusText: xhr.statusText, headers });
}

/**
 * fetch's contract over XMLHttpRequest, for the one thing fetch cannot do: report upload progress. Rejects
 * with a TypeError on a network failure (as fetch does) and with the signal's reason when aborted.
 */
function xhrFetch(makeXhr: () => XMLHttpRequest, onProgress: (progress: UploadProgress) => void) {
  return (
    target: string,
    init: { method: string; headers: Record<string, string>; body?: BodyInit; signal?: AbortSignal },
  ): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init;
      const abortReason = (): Error => {
        const reason: unknown = signal?.reason;
        return reason instanceof Error
          ? reason
          : new DOMException(typeof reason === 'string' ? reason : 'The request was aborted.', 'AbortError');
      };
      if (signal?.aborted) {
        reject(abortReason());
        return;
      }
      const xhr = makeXhr();
      const abort = () => xhr.abort();
      const settle = (finish: () => void) => {
        signal?.removeEventListener('abort', abort);
        finish();
      };
      xhr.open(init.method, target, true);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      xhr.onload = () =>
        settle(() => {
          try {
            resolve(xhrResponse(xhr));
          } catch {
            reject(new TypeError(`Unreadable answer (HTTP ${xhr.status}).`));
          }
        });
      xhr.onerror = () => settle(() => reject(new TypeError('Network request failed.')));
      xhr.ontimeout = () => settle(() => reject(new TypeError('Network request timed out.')));
      xhr.onabort = () => settle(() => reject(abortReason()));
      signal?.addEventListener('abort', abort, { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

/**
 * Retry-After as a wait in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`'s outcome, unless `signal` aborts first (then its reason): a deadline for what fetch did not start. */
function beforeAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * One request's deadline: a signal that aborts when the caller's does (with the caller's reason) or when
 * `ms` pass without `extend()` (with a TimeoutError). `clear()` when the request is over.
 */
function deadline(ms: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`No answer within ${ms} ms.`, 'TimeoutError'));
    }, ms);
  };
  const onOuterAbort = () => {
    clearTimeout(timer);
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) controller.abort(outer.reason);
  else {
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    arm();
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    extend: () => {
      if (!controller.signal.aborted) arm();
    },
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

const seconds = (ms: number) => {
  const s = Math.max(1, Math.round(ms / 1000));
  return `${s} second${s === 1 ? '' : 's'}`;
};

/** The text of a request that got no answer in time. */
export function timeoutText(ms: number): string {
  return `The provider did not answer within ${seconds(ms)}. Try again.`;
}

/**
 * The text of a failure answer that is not the provider's (no JSON: an empty answer or a gateway's HTML
 * page): what the status says, and when to try again. Null for statuses that carry no such meaning.
 */
export function unavailableText(status: number, waitMs: number | null): string | null {
  const when = waitMs !== null && waitMs >= 1000 ? `Try again in ${seconds(waitMs)}.` : 'Try again in a moment.';
  if (status === 429) return `The provider is receiving too many requests. ${when}`;
  if (status === 503) return `The provider is unavailable right now. ${when}`;
  if (status === 502 || status === 504) return `The provider could not be reached (HTTP ${status}). Try again.`;
  if (status === 408) return `The provider timed out (HTTP 408). Try again.`;
  if (status >= 500) return `The provider failed to answer (HTTP ${status}). Try again.`;
  return null;
}

const isRetryAfterStatus = (status: number) => status === 429 || status === 503;

export function createApiClient(options: ClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => new Date());
  const makeXhr = options.xhr ?? (typeof XMLHttpRequest === 'function' ? () => new XMLHttpRequest() : null);
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retry = options.retry ?? RETRY_AFTER_POLICY;
  const wait = options.sleep ?? sleep;
  const logDecodeError =
    options.logDecodeError ?? ((error: DecodeError) => console.error(`[api] ${error.message}\n${error.details()}`));

  function url(path: string, query?: Query): string {
    const qs = query ? toQueryString(query) : '';
    return `${apiTarget(options.baseUrl, path)}${qs ? `?${qs}` : ''}`;
  }

  async function tokenFor(auth: Auth): Promise<string | null> {
    if (auth === 'none') return null;
    if (auth === 'session') return (await options.session?.currentToken()) ?? null;
    return auth.token;
  }

  interface Exchange {
    method: string;
    target: string;
    body?: unknown;
    version: ApiVersion;
    auth: Auth;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    onUploadProgress?: (progress: UploadProgress) => void;
  }

  /**
   * Sends once and reads the whole answer, under the request's deadline: no answer (or no next byte of an
   * upload) within `timeoutMs` is a timeout. Resolves with the answer buffered; a caller's abort rethrows.
   */
  async function send(opts: Exchange, token: string | null): Promise<Response> {
    const accept = vendorMediaType(options.product, opts.version);
    const headers: Record<string, string> = { ...opts.headers, Accept: accept };
    if (token !== null) headers.Authorization = token;
    const content: unknown =
      typeof opts.body === 'function' ? (opts.body as (token: string | null) => unknown)(token) : opts.body;
    let payload: BodyInit | undefined;
    if (content instanceof FormData) payload = content;
    else if (content !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(content);
    }
    const limit = deadline(timeoutMs, opts.signal);
    const onProgress = opts.onUploadProgress;
    // Upload progress needs XMLHttpRequest; only a FormData body has it to report. Each report restarts the clock.
    const transport =
      onProgress && makeXhr && payload instanceof FormData
        ? xhrFetch(makeXhr, (progress) => {
            limit.extend();
            onProgress(progress);
          })
        : doFetch;
    // The entry may have sent this very GET already (src/api/early-answers.ts): its answer is taken instead,
    // under the same deadline.
    const early =
      opts.method === 'GET' && payload === undefined && token !== null && !opts.headers
        ? takeEarlyAnswer(opts.target, accept, token)
        : undefined;
    let answered = false;
    try {
      const response = await (early
        ? beforeAbort(early, limit.signal)
        : transport(opts.target, { method: opts.method, headers, body: payload, signal: limit.signal }));
      answered = true;
      limit.extend();
      const reading = NULL_BODY_STATUSES.has(response.status) ? null : response.text();
      const text = reading && early ? await beforeAbort(reading, limit.signal) : await reading;
      return new Response(text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      if (limit.timedOut()) throw clientError(timeoutText(timeoutMs));
      throw clientError(
        answered
          ? 'The connection was lost before the whole answer arrived. Try again.'
          : 'Could not reach the provider. Check the connection and try again.',
      );
    } finally {
      limit.clear();
    }
  }

  /** May this request be sent twice? A GET, or a write that carries its Idempotency-Key. */
  function repeatable(opts: Exchange): boolean {
    if (opts.method === 'GET' || opts.method === 'HEAD') return true;
    return Object.keys(opts.headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
  }

  /** Sends; a 429 or 503 to a repeatable request is sent again after its Retry-After (see RETRY_AFTER_POLICY). */
  async function sendPatiently(opts: Exchange, token: string | null): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const response = await send(opts, token);
      if (!isRetryAfterStatus(response.status) || attempt > retry.attempts || !repeatable(opts)) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'), now().getTime());
      const pause = asked ?? retry.defaultWaitMs * attempt;
      if (pause > retry.maxWaitMs) return response;
      await wait(pause, opts.signal);
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text === '') return {};
    if (!isJson(response.headers.get('content-type'))) return text;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw clientError(`The provider sent malformed JSON (HTTP ${response.status}).`, response.status);
    }
  }

  /**
   * A failure answer as an ApiError: the provider's error body by the spec's rule; an answer that is not
   * the provider's (empty, or a gateway's HTML page) by what its status says (see unavailableText).
   */
  function failureOf(response: Response, body: unknown): ApiError {
    const waitMs = retryAfterMs(response.headers.get('retry-after'), now().getTime());
    if (!isJson(response.headers.get('content-type'))) {
      const text = unavailableText(response.status, waitMs);
      if (text !== null) return new ApiError(response.status, [{ code: 'ERROR', detail: text }], text);
    }
    const failure = apiErrorFromBody(response.status, body);
    // The provider's limit on attempts (login, reset mails, OTP texts): the wait comes from Retry-After, in minutes.
    if (response.status === 429 && failure.code === RATE_LIMIT_CODE && waitMs !== null) {
      const text = tooManyAttemptsText(waitMs);
      return new ApiError(429, [{ code: RATE_LIMIT_CODE, detail: text }], text);
    }
    return failure;
  }

  /**
   * Sends once; on a 401 for the session's token asks the session what to do: ER-AUTH-103 waits for the
   * single-flight refresh, ER-AUTH-102 logs out unless the token was already replaced. Retries once at most.
   */
  async function exchange(opts: Exchange): Promise<Response> {
    const token = await tokenFor(opts.auth);
    if (opts.auth === 'session' && token === null)
      throw new ApiError(401, [{ code: 'ER-AUTH-102', detail: 'You are logged out.' }], 'You are logged out.');
    const response = await sendPatiently(opts, token);
    if (response.status !== 401 || opts.auth !== 'session' || token === null || !options.session) return response;
    const code = authCode(await response.clone().text());
    const retryWith =
      code === 'ER-AUTH-103'
        ? await options.session.expired(token)
        : code === 'ER-AUTH-102'
          ? await options.session.invalid(token)
          : null;
    // The refresh failed, or the token was revoked: the session is over, which is what the caller needs to hear
    // (not "token expired", nor the provider's words for a revoked token, which a request racing the failed
    // refresh gets).
    if (retryWith === null && (code === 'ER-AUTH-103' || code === 'ER-AUTH-102'))
      throw new ApiError(401, [SESSION_ENDED], SESSION_ENDED.detail);
    if (retryWith === null) return response;
    const retried = await sendPatiently(opts, retryWith);
    if (retried.status === 401 && authCode(await retried.clone().text()) === 'ER-AUTH-102')
      await options.session.invalid(retryWith);
    return retried;
  }

  async function request<A>(opts: RequestOptions<A>): Promise<A> {
    const method = opts.method ?? 'GET';
    const response = await exchange({
      method,
      target: url(opts.path, opts.query),
      body: opts.body,
      version: opts.version ?? 1,
      auth: opts.auth ?? 'session',
      ...(opts.headers ? { headers: opts.headers } : {}),
      signal: opts.signal,
      ...(opts.onUploadProgress ? { onUploadProgress: opts.onUploadProgress } : {}),
    });
    const body = await readBody(response);
    if (!response.ok) throw failureOf(response, body);
    const decoded = opts.codec.decode(flattenData(body));
    if (decoded._tag === 'Left') {
      const error = new DecodeError(`${method} ${opts.path}`, formatValidationErrors(decoded.left), response.status);
      logDecodeError(error);
      throw error;
    }
    return decoded.right;
  }

  /** A CSV answer (text/csv, or JSON with download_csv, result and filename) saved as a file. Returns the file name. */
  async function download(opts: DownloadOptions): Promise<string> {
    const response = await exchange({
      method: 'GET',
      target: url(opts.path, opts.query),
      version: 1,
      auth: opts.auth ?? 'session',
    });
    const fallbackName = opts.filename ?? `Report-${isoDay(now())}.csv`;
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok) throw failureOf(response, await readBody(response));
    if (/text\/csv/i.test(contentType)) {
      const name = dispositionFilename(response.headers.get('content-disposition')) ?? fallbackName;
      (options.saveFile ?? browserSave)(name, new Blob([await response.text()], { type: 'text/csv' }));
      return name;
    }
    const body = await readBody(response);
    if (
      typeof body === 'object' &&
      body !== null &&
      'download_csv' in body &&
      body.download_csv === true &&
      'result' in body &&
      typeof body.result === 'string'
    ) {
      const name =
        'filename' in body && typeof body.filename === 'string' && body.filename !== '' ? body.filename : fallbackName;
      (options.saveFile ?? browserSave)(name, new Blob([body.result], { type: 'text/csv' }));
      return name;
    }
    throw clientError('The provider did not send a CSV file.', response.status);
  }

  return { request, download, url };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const SESSION_ENDED = { code: 'ER-AUTH-102', detail: 'Your session has ended. Please log in again.' };

function authCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { errors?: { code?: unknown }[] };
    const code = body.errors?.[0]?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''...` first, then `filename=`. */
function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain form
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}
