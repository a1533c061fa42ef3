import { Router, json, text, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { bearerToken } from './auth/middleware';
import { isDevPath } from '../src/domain/dev-paths';
import type { MockContext } from './context';

/**
 * Development-only fault mode: the mock answers chosen requests badly, so QA can show (and the browser suite
 * can test) what the app does when the provider is slow, down or wrong. Off unless asked for:
 *
 * - `MOCK_FAULTS='<rules>'` or `--faults '<rules>'` (`npm run mock -- --faults ...`, `npm start -- --faults ...`)
 *   starts with those rules; `MOCK_FAULTS=on` (or a bare `--faults`) starts with none. Either also opens
 *   `/__dev/faults`, which lists (GET), adds (POST) and clears (DELETE) rules while the mock runs.
 * - Without either, nothing here runs and `/__dev/faults` does not exist.
 *
 * A rule, in text: `[METHOD] /path[?key=value&...] option...`; rules are separated by `;` or new lines.
 *   METHOD       GET, POST, PUT, PATCH, DELETE, or * (the default: any)
 *   /path        the request path; `*` matches within one segment, `**` across segments
 *   ?key=value   only requests whose query has these values (`/invoice_collection?token=demo-otp`; `token`
 *                also matches the pay token in the Authorization header, where the app sends it)
 *   latency=MS   wait MS milliseconds first (then answer normally, or with the fault below)
 *   status=NNN   answer NNN at once: the provider's error body (`code=ER-...` names the code; a 401 is
 *                ER-AUTH-103, token expired, unless told), or a gateway's HTML page for 502 and 504
 *   retry-after=S  with status: send `Retry-After: S`
 *   hang         never answer (the client's timeout has to end it)
 *   reset        close the connection without an answer (a provider that is down)
 *   drop=P       shorthand for `reset rate=P`
 *   lose         do the request, then close the connection instead of answering (the answer is lost)
 *   abort        answer, but close the connection halfway through the body
 *   cut          close the connection halfway through the request body (an upload interrupted)
 *   malformed    answer the first half of the JSON only (200, malformed JSON)
 *   codec        answer JSON that fails the app's codec (every number turned into "n/a")
 *   omit=a,b     leave these keys out of the JSON answer, at any depth (an optional key missing)
 *   rate=P       apply to a share P (0-1) of the matching requests (default 1)
 *   times=N      apply to the next N matching requests only, then stop
 *   scope=ID     apply only to requests carrying the cookie `mock-fault-scope=ID` (or the header
 *                `X-Mock-Fault-Scope: ID`): one browser context's requests, not everyone's
 *
 * Examples: `GET /invoice_collection latency=25000`, `* /invoices/** status=503 retry-after=5 rate=0.5`,
 * `POST /invoices/upload cut`, `GET /loan_applications/lending_summary omit=total_distributors`.
 *
 * The runtime route takes the same text (`{ "spec": "GET /invoices status=500", "scope": "..." }`) or a
 * rule as JSON (`{ "path": "/invoices", "status": 500, "times": 1, "scope": "..." }`); `DELETE
 * /__dev/faults?scope=ID` clears one scope's rules, `DELETE /__dev/faults` all of them.
 * Not part of the provider contract; `/__dev/*` and `/health` are never faulted.
 */

const FAULT_KINDS = ['hang', 'reset', 'lose', 'abort', 'cut', 'malformed', 'codec'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];
const FAULT_SCOPE_COOKIE = 'mock-fault-scope';
const FAULT_SCOPE_HEADER = 'x-mock-fault-scope';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** A rule as given (text or JSON). */
export interface FaultInput {
  method?: string | null;
  path: string;
  query?: Record<string, string>;
  latency?: number;
  status?: number;
  retryAfter?: number | string;
  code?: string;
  fault?: FaultKind | null;
  omit?: string[];
  rate?: number;
  times?: number | null;
  scope?: string | null;
}

export interface FaultRule {
  id: number;
  method: string | null;
  path: string;
  query: Record<string, string>;
  latency: number;
  status: number | null;
  retryAfter: string | null;
  code: string | null;
  fault: FaultKind | null;
  omit: string[];
  rate: number;
  /** Matching requests left to fault; null: no limit. */
  times: number | null;
  scope: string | null;
  /** Requests faulted so far. */
  hits: number;
}

export class FaultSyntaxError extends Error {}

const fail = (message: string): never => {
  throw new FaultSyntaxError(
    `${message} (fault rules: '[METHOD] /path[?k=v] option...'; see mock-server/faults.ts or docs/mock-provider.md)`,
  );
};

const share = (value: unknown, name: string): number => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : fail(`${name} must be between 0 and 1, got '${String(value)}'`);
};
const whole = (value: unknown, name: string, min = 0): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min ? n : fail(`${name} must be a whole number >= ${min}, got '${String(value)}'`);
};

/** Checks a rule and fills in its defaults. */
export function toRule(input: FaultInput, id: number): FaultRule {
  if (typeof input.path !== 'string' || !input.path.startsWith('/'))
    fail(`a rule needs a path starting with '/', got '${String(input.path)}'`);
  const [path, search = ''] = input.path.split('?', 2) as [string, string?];
  const query = { ...Object.fromEntries(new URLSearchParams(search)), ...input.query };
  const method =
    input.method === undefined || input.method === null || input.method === '*' ? null : input.method.toUpperCase();
  if (method !== null && !METHODS.includes(method)) fail(`unknown method '${method}'`);
  const status = input.status === undefined ? null : whole(input.status, 'status', 100);
  if (status !== null && status > 599) fail(`status must be 100-599, got ${status}`);
  const fault = input.fault ?? null;
  if (fault !== null && !(FAULT_KINDS as readonly string[]).includes(fault)) fail(`unknown fault '${fault}'`);
  if (fault !== null && status !== null && !['malformed', 'codec', 'abort'].includes(fault))
    fail(`'${fault}' and status= cannot go together`);
  const retryAfter = input.retryAfter === undefined ? null : String(input.retryAfter);
  if (retryAfter !== null && status === null) fail('retry-after needs a status (429 or 503)');
  const rule: FaultRule = {
    id,
    method,
    path,
    query,
    latency: input.latency === undefined ? 0 : whole(input.latency, 'latency'),
    status,
    retryAfter,
    code: input.code ?? null,
    fault,
    omit: input.omit ?? [],
    rate: input.rate === undefined ? 1 : share(input.rate, 'rate'),
    times: input.times === undefined || input.times === null ? null : whole(input.times, 'times', 1),
    scope: input.scope ?? null,
    hits: 0,
  };
  if (rule.latency === 0 && rule.status === null && rule.fault === null && rule.omit.length === 0)
    fail(`the rule for ${path} does nothing: give latency, status, a fault or omit`);
  return rule;
}

/** Reads rules written as text (`GET /invoices status=503 retry-after=5; POST /invoices/upload cut`). */
export function parseFaults(spec: string): FaultInput[] {
  const rules: FaultInput[] = [];
  for (const line of spec.split(/[;\n]/)) {
    const words = line
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    if (words.length === 0) continue;
    const input: Partial<FaultInput> = {};
    let next = words.shift()!;
    if (!next.startsWith('/')) {
      input.method = next;
      next = words.shift() ?? fail(`'${line.trim()}' names no path`);
    }
    input.path = next;
    for (const word of words) {
      const [key, value] = word.includes('=') ? (word.split(/=(.*)/s, 2) as [string, string]) : [word, undefined];
      const need = () => value ?? fail(`${key} needs a value (${key}=...)`);
      switch (key.toLowerCase()) {
        case 'latency':
          input.latency = whole(need(), 'latency');
          break;
        case 'status':
          input.status = whole(need(), 'status', 100);
          break;
        case 'retry-after':
          input.retryAfter = need();
          break;
        case 'code':
          input.code = need();
          break;
        case 'rate':
          input.rate = share(need(), 'rate');
          break;
        case 'drop':
          input.fault = 'reset';
          input.rate = share(need(), 'drop');
          break;
        case 'times':
          input.times = whole(need(), 'times', 1);
          break;
        case 'omit':
          input.omit = need()
            .split(',')
            .filter((k) => k !== '');
          break;
        case 'scope':
          input.scope = need();
          break;
        default:
          if ((FAULT_KINDS as readonly string[]).includes(key) && value === undefined) {
            if (input.fault) fail(`one fault per rule: '${input.fault}' and '${key}'`);
            input.fault = key as FaultKind;
          } else fail(`unknown option '${word}'`);
      }
    }
    rules.push(input as FaultInput);
  }
  return rules;
}

export interface FaultSettings {
  enabled: boolean;
  rules: FaultInput[];
  /** Where the rules came from, for the start-up line. */
  source: string;
}

const OFF = new Set(['', '0', 'off', 'false', 'no']);
const ON = new Set(['1', 'on', 'true', 'yes']);

/** Fault mode from `--faults [rules]` (or `--faults=rules`) first, then MOCK_FAULTS; off when neither asks. */
export function faultSettings(argv: readonly string[], env: NodeJS.ProcessEnv): FaultSettings {
  let flag: string | undefined;
  argv.forEach((arg, index) => {
    if (arg === '--faults')
      flag = argv[index + 1] !== undefined && !argv[index + 1]!.startsWith('--') ? argv[index + 1] : 'on';
    else if (arg.startsWith('--faults=')) flag = arg.slice('--faults='.length);
  });
  const [raw, source] = flag !== undefined ? [flag, '--faults'] : [env.MOCK_FAULTS, 'MOCK_FAULTS'];
  const value = (raw ?? '').trim();
  if (OFF.has(value.toLowerCase())) return { enabled: false, rules: [], source };
  if (ON.has(value.toLowerCase())) return { enabled: true, rules: [], source };
  return { enabled: true, rules: parseFaults(value), source };
}

// ---------------------------------------------------------------------------------------------------

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
function pathPattern(path: string): RegExp {
  const body = path
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : escape(part)))
    .join('');
  return new RegExp(`^${body}/?$`);
}

function scopeOf(req: Request): string | null {
  const header = req.get(FAULT_SCOPE_HEADER);
  if (header) return header;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === FAULT_SCOPE_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

function matches(rule: FaultRule, req: Request): boolean {
  if (rule.method !== null && rule.method !== req.method) return false;
  if (!pathPattern(rule.path).test(req.path)) return false;
  if (rule.scope !== null && rule.scope !== scopeOf(req)) return false;
  for (const [key, value] of Object.entries(rule.query)) if (queryValue(req, key) !== value) return false;
  return true;
}

/** A query value of the request; `token` is also the pay token the app sends in the Authorization header. */
function queryValue(req: Request, key: string): unknown {
  if (key === 'token' && req.query.token === undefined) return bearerToken(req.headers.authorization) ?? undefined;
  return req.query[key];
}

const REASONS: Record<number, string> = {
  400: 'Bad request',
  401: 'The auth token has expired',
  403: 'Forbidden',
  404: 'Not found',
  408: 'Request timeout',
  409: 'Conflict',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

function answerStatus(rule: FaultRule, status: number, res: Response): void {
  if (rule.retryAfter !== null) res.setHeader('Retry-After', rule.retryAfter);
  const reason = REASONS[status] ?? `HTTP ${status}`;
  if (status === 502 || status === 504) {
    res
      .status(status)
      .type('html')
      .send(`<html><head><title>${status} ${reason}</title></head><body><h1>${status} ${reason}</h1></body></html>`);
    return;
  }
  const code = rule.code ?? (status === 401 ? 'ER-AUTH-103' : `ER-FAULT-${status}`);
  const said = status === 401 && code !== 'ER-AUTH-103' ? 'The token is invalid, expired or revoked' : reason;
  const when =
    rule.retryAfter !== null && /^\d+$/.test(rule.retryAfter) ? ` Try again in ${rule.retryAfter} seconds.` : '';
  res.status(status).json({ errors: [{ code, detail: `${said} (a fault injected by the mock).${when}` }] });
}

/** Every number of a JSON value turned into "n/a": an answer no codec of the app accepts. */
function unreadable(value: unknown): unknown {
  if (typeof value === 'number') return 'n/a';
  if (Array.isArray(value)) return value.map(unreadable);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unreadable(v)]));
  return value;
}

function without(value: unknown, keys: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => without(v, keys));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !keys.has(k))
        .map(([k, v]) => [k, without(v, keys)]),
    );
  }
  return value;
}

/**
 * Holds the answer the route writes, then lets `finish` send it changed, cut or not at all. Headers are
 * not sent until `finish` does, so it may still change them.
 */
function holdAnswer(res: Response, finish: (body: Buffer, send: (body: Buffer, cutAt?: number) => void) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (chunk: Buffer) => boolean;
  const end = res.end.bind(res) as (chunk?: Buffer) => Response;
  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
    );
  };
  res.write = ((chunk: unknown, encoding?: unknown) => {
    take(chunk, encoding);
    return true;
  }) as Response['write'];
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    take(chunk, encoding);
    res.write = write as Response['write'];
    res.end = end as Response['end'];
    finish(Buffer.concat(chunks), (body, cutAt) => {
      res.removeHeader('ETag');
      if (cutAt === undefined) {
        if (!res.headersSent) res.setHeader('Content-Length', body.length);
        end(body);
        return;
      }
      res.setHeader('Content-Length', body.length);
      write(body.subarray(0, cutAt));
      setTimeout(() => res.socket?.destroy(), 50);
    });
    return res;
  }) as Response['end'];
}

const isJsonAnswer = (res: Response) => /\bjson\b/i.test(String(res.getHeader('Content-Type') ?? ''));

export interface FaultMode {
  /** The middleware (fault injection and /__dev/faults); a no-op when fault mode is off. */
  handler: RequestHandler;
  rules: () => readonly FaultRule[];
  add: (input: FaultInput) => FaultRule;
  clear: (scope?: string) => number;
}

/** The fault mode of a running mock; `settings` default to this process's flags and environment. */
export function createFaultMode(
  log: (line: string) => void,
  settings: FaultSettings = faultSettings(process.argv.slice(2), process.env),
): FaultMode {
  const rules: FaultRule[] = [];
  let nextId = 1;
  const add = (input: FaultInput) => {
    const rule = toRule(input, nextId++);
    rules.push(rule);
    return rule;
  };
  const clear = (scope?: string) => {
    const before = rules.length;
    for (let i = rules.length - 1; i >= 0; i--)
      if (scope === undefined || rules[i]!.scope === scope) rules.splice(i, 1);
    return before - rules.length;
  };
  if (!settings.enabled) return { handler: (_req, _res, next) => next(), rules: () => rules, add, clear };

  for (const input of settings.rules) add(input);
  log(
    `[mock] FAULT MODE is on (${settings.source}): ${rules.length} rule${rules.length === 1 ? '' : 's'}; manage them at /__dev/faults`,
  );

  const router = Router();
  const describe = (rule: FaultRule) => ({
    ...rule,
    path: `${rule.path}${Object.keys(rule.query).length ? `?${new URLSearchParams(rule.query).toString()}` : ''}`,
  });
  router.get('/__dev/faults', (_req, res) => {
    res.json({ data: rules.map(describe) });
  });
  router.post('/__dev/faults', json(), text(), (req, res) => {
    try {
      const body: unknown = req.body;
      const inputs: FaultInput[] =
        typeof body === 'string'
          ? parseFaults(body)
          : typeof body === 'object' && body !== null && 'spec' in body && typeof body.spec === 'string'
            ? parseFaults(body.spec).map((input) => ({
                ...input,
                scope: input.scope ?? ('scope' in body && typeof body.scope === 'string' ? body.scope : null),
              }))
            : Array.isArray(body)
              ? (body as FaultInput[])
              : [body as FaultInput];
      // All or nothing: every rule is checked before any is added.
      const added = inputs.map((input, index) => toRule(input, nextId + index));
      nextId += added.length;
      rules.push(...added);
      res.status(201).json({ data: added.map(describe) });
    } catch (error) {
      if (!(error instanceof FaultSyntaxError)) throw error;
      res.status(422).json({ errors: [{ code: 'ER-FAULT-RULE', detail: error.message }] });
    }
  });
  router.delete('/__dev/faults', (req, res) => {
    const scope = typeof req.query.scope === 'string' ? req.query.scope : undefined;
    res.json({ data: { removed: clear(scope) } });
  });

  const inject = (req: Request, res: Response, next: NextFunction) => {
    if (isDevPath(req.path) || req.path === '/health') return next();
    const rule = rules.find((r) => matches(r, req));
    if (!rule || Math.random() >= rule.rate) return next();
    rule.hits++;
    if (rule.times !== null && --rule.times === 0) rules.splice(rules.indexOf(rule), 1);
    const what = [
      rule.latency ? `latency ${rule.latency} ms` : '',
      rule.status ? `status ${rule.status}` : '',
      rule.fault ?? '',
      rule.omit.length ? `omit ${rule.omit.join(',')}` : '',
    ]
      .filter((w) => w !== '')
      .join(', ');
    log(`[mock] fault #${rule.id} (${what}): ${req.method} ${req.path}`); // not the query: it may hold a pay token
    // A faulted answer is answered in full: a conditional request would get a 304, and the browser its cached copy.
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];

    let timer: ReturnType<typeof setTimeout> | undefined;
    res.on('close', () => clearTimeout(timer));
    const act = () => {
      if (res.writableEnded || res.destroyed) return;
      switch (rule.fault) {
        case 'hang':
          return; // the client gives up; 'close' cleans up
        case 'reset':
          req.socket.destroy();
          return;
        case 'cut': {
          const length = Number(req.get('Content-Length') ?? 0);
          let received = 0;
          req.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received >= length / 2) req.socket.destroy();
          });
          req.on('end', () => req.socket.destroy());
          return;
        }
        case 'lose':
          holdAnswer(res, () => req.socket.destroy());
          return next();
        case 'abort':
          holdAnswer(res, (body, send) => send(body, Math.floor(body.length / 2)));
          return rule.status !== null ? answerStatus(rule, rule.status, res) : next();
        case 'malformed':
          holdAnswer(res, (body, send) => {
            // The first half, and an unclosed brace so even a tiny answer cannot stay valid JSON.
            res.type('json');
            send(Buffer.concat([body.subarray(0, Math.floor(body.length / 2)), Buffer.from('{')]));
          });
          return rule.status !== null ? answerStatus(rule, rule.status, res) : next();
        case 'codec':
          holdAnswer(res, (body, send) => {
            if (!isJsonAnswer(res) || body.length === 0) return send(body);
            const parsed = JSON.parse(body.toString('utf8')) as unknown;
            const changed = unreadable(parsed);
            send(
              Buffer.from(
                JSON.stringify(JSON.stringify(changed) === JSON.stringify(parsed) ? { unexpected: parsed } : changed),
              ),
            );
          });
          return rule.status !== null ? answerStatus(rule, rule.status, res) : next();
        default:
          if (rule.omit.length > 0) {
            const keys = new Set(rule.omit);
            holdAnswer(res, (body, send) =>
              isJsonAnswer(res) && body.length > 0
                ? send(Buffer.from(JSON.stringify(without(JSON.parse(body.toString('utf8')), keys))))
                : send(body),
            );
          }
          return rule.status !== null ? answerStatus(rule, rule.status, res) : next();
      }
    };
    if (rule.latency > 0) timer = setTimeout(act, rule.latency);
    else act();
  };
  router.use(inject);
  return { handler: router, rules: () => rules, add, clear };
}

/** The install line's middleware: fault mode as this process's flags and environment ask (off by default). */
export function faultMode(ctx: Pick<MockContext, 'log'>): RequestHandler {
  return createFaultMode(ctx.log).handler;
}
