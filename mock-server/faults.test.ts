import express from 'express';
import type { AddressInfo } from 'node:net';
import { request as httpRequest, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from './app';
import { createFaultMode, faultSettings, FaultSyntaxError, parseFaults, toRule, type FaultMode } from './faults';

describe('fault rules in text', () => {
  it('reads method, path, query and options; rules split on ; and new lines', () => {
    expect(
      parseFaults(
        'GET /invoice_collection?token=demo-otp latency=2500; * /invoices/** status=503 retry-after=5 rate=0.5\nPOST /invoices/upload cut times=1',
      ),
    ).toEqual([
      { method: 'GET', path: '/invoice_collection?token=demo-otp', latency: 2500 },
      { method: '*', path: '/invoices/**', status: 503, retryAfter: '5', rate: 0.5 },
      { method: 'POST', path: '/invoices/upload', fault: 'cut', times: 1 },
    ]);
    expect(parseFaults('/loan_applications/lending_summary omit=total_distributors,total scope=abc')).toEqual([
      { path: '/loan_applications/lending_summary', omit: ['total_distributors', 'total'], scope: 'abc' },
    ]);
    expect(parseFaults('GET /x drop=0.3')).toEqual([{ method: 'GET', path: '/x', fault: 'reset', rate: 0.3 }]);
    expect(parseFaults(' ;; ')).toEqual([]);
  });

  it('refuses what it cannot read, naming the problem', () => {
    for (const [spec, problem] of [
      ['GET /x sometimes', "unknown option 'sometimes'"],
      ['GET /x rate=2', 'rate must be between 0 and 1'],
      ['GET /x hang reset', "one fault per rule: 'hang' and 'reset'"],
      ['GET', 'names no path'],
      ['GET /x status', 'status needs a value'],
    ] as const) {
      expect(() => parseFaults(spec), spec).toThrow(FaultSyntaxError);
      expect(() => parseFaults(spec), spec).toThrow(problem);
    }
    expect(() => toRule({ path: '/x' }, 1)).toThrow('does nothing');
    expect(() => toRule({ path: 'x', status: 500 }, 1)).toThrow("starting with '/'");
    expect(() => toRule({ path: '/x', retryAfter: 5 }, 1)).toThrow('retry-after needs a status');
    expect(() => toRule({ method: 'FETCH', path: '/x', status: 500 }, 1)).toThrow("unknown method 'FETCH'");
    expect(() => toRule({ path: '/x', status: 500, fault: 'hang' }, 1)).toThrow('cannot go together');
  });

  it('is off unless MOCK_FAULTS or --faults asks; the flag wins', () => {
    expect(faultSettings([], {})).toMatchObject({ enabled: false, rules: [] });
    expect(faultSettings([], { MOCK_FAULTS: 'off' })).toMatchObject({ enabled: false });
    expect(faultSettings([], { MOCK_FAULTS: 'on' })).toMatchObject({ enabled: true, rules: [] });
    expect(faultSettings(['--faults'], {})).toMatchObject({ enabled: true, rules: [], source: '--faults' });
    expect(faultSettings(['--faults', '--memory'], {})).toMatchObject({ enabled: true, rules: [] });
    expect(faultSettings(['--faults', 'GET /x hang'], { MOCK_FAULTS: 'on' }).rules).toEqual([
      { method: 'GET', path: '/x', fault: 'hang' },
    ]);
    expect(faultSettings(['--faults=GET /x status=500'], {}).rules).toEqual([
      { method: 'GET', path: '/x', status: 500 },
    ]);
    expect(faultSettings([], { MOCK_FAULTS: 'GET /x status=500' })).toMatchObject({
      enabled: true,
      source: 'MOCK_FAULTS',
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Against a small Express app with the fault mode in front, as the mock has it.

let server: Server;
let base: string;
let faults: FaultMode;
const log: string[] = [];
let handled = 0;

beforeAll(async () => {
  const app = express();
  faults = createFaultMode((line) => log.push(line), { enabled: true, rules: [], source: 'test' });
  app.use(faults.handler);
  app.get('/things', (_req, res) => {
    handled++;
    res.json({ data: [{ id: 1, amount: 12.5, name: 'a' }], meta: { total: 5, nested: { total: 6 } } });
  });
  app.get('/plain', (_req, res) => {
    res.json({ message: 'ok' });
  });
  app.post('/upload', (req, res) => {
    handled++;
    req.resume();
    req.on('end', () => res.json({ message: 'stored' }));
  });
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  faults.clear();
  handled = 0;
});

const get = (path: string, init?: RequestInit) => fetch(`${base}${path}`, init);

describe('fault mode on a running server', () => {
  it('answers a status with the provider error body and Retry-After; 502 as a gateway page', async () => {
    faults.add({ method: 'GET', path: '/things', status: 503, retryAfter: 5 });
    const busy = await get('/things');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toEqual({
      errors: [
        { code: 'ER-FAULT-503', detail: 'Service unavailable (a fault injected by the mock). Try again in 5 seconds.' },
      ],
    });
    faults.clear();
    faults.add({ path: '/things', status: 502 });
    const gateway = await get('/things');
    expect(gateway.headers.get('content-type')).toMatch(/html/);
    expect(await gateway.text()).toContain('502 Bad gateway');
    faults.clear();
    faults.add({ path: '/things', status: 401 });
    expect(((await (await get('/things')).json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
      'ER-AUTH-103',
    );
    expect(handled).toBe(0);
  });

  it('waits for latency, then answers normally', async () => {
    faults.add({ path: '/things', latency: 150 });
    const started = Date.now();
    const answer = await get('/things');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.status).toBe(200);
    expect(handled).toBe(1);
  });

  it('matches method, path pattern and query; times= stops after N; rate=0 never fires', async () => {
    faults.add({ method: 'POST', path: '/things', status: 500 });
    faults.add({ path: '/th*?x=1', status: 418, times: 1 });
    faults.add({ path: '/plain', status: 500, rate: 0 });
    expect((await get('/things')).status).toBe(200);
    expect((await get('/things?x=2')).status).toBe(200);
    expect((await get('/things?x=1')).status).toBe(418);
    expect((await get('/things?x=1')).status).toBe(200);
    expect((await get('/plain')).status).toBe(200);
    expect(faults.rules().map((r) => r.path)).toEqual(['/things', '/plain']);
  });

  it('matches ?token= against the pay token in the Authorization header too (the app sends it there)', async () => {
    faults.add({ path: '/things', query: { token: 'demo-otp' }, status: 503 });
    expect((await get('/things', { headers: { Authorization: 'demo-otp' } })).status).toBe(503);
    expect((await get('/things', { headers: { Authorization: 'Bearer demo-otp' } })).status).toBe(503);
    expect((await get('/things?token=demo-otp')).status).toBe(503);
    expect((await get('/things', { headers: { Authorization: 'demo-closed-limit' } })).status).toBe(200);
    expect((await get('/things')).status).toBe(200);
  });

  it('applies a scoped rule only to requests carrying its cookie or header', async () => {
    faults.add({ path: '/things', status: 500, scope: 'test-1' });
    expect((await get('/things')).status).toBe(200);
    expect((await get('/things', { headers: { Cookie: 'other=1; mock-fault-scope=test-2' } })).status).toBe(200);
    expect((await get('/things', { headers: { Cookie: 'other=1; mock-fault-scope=test-1' } })).status).toBe(500);
    expect((await get('/things', { headers: { 'X-Mock-Fault-Scope': 'test-1' } })).status).toBe(500);
  });

  it('malformed: half the JSON; codec: numbers turned to "n/a"; omit: keys left out at any depth', async () => {
    faults.add({ path: '/things', fault: 'malformed', times: 1 });
    const malformed = await get('/things');
    expect(malformed.status).toBe(200);
    expect(malformed.headers.get('content-type')).toMatch(/json/);
    await expect(malformed.json()).rejects.toThrow();

    faults.add({ path: '/things', fault: 'codec', times: 1 });
    expect(await (await get('/things')).json()).toEqual({
      data: [{ id: 'n/a', amount: 'n/a', name: 'a' }],
      meta: { total: 'n/a', nested: { total: 'n/a' } },
    });
    faults.add({ path: '/plain', fault: 'codec', times: 1 });
    expect(await (await get('/plain')).json()).toEqual({ unexpected: { message: 'ok' } });

    faults.add({ path: '/things', omit: ['total'], times: 1 });
    expect(await (await get('/things')).json()).toEqual({
      data: [{ id: 1, amount: 12.5, name: 'a' }],
      meta: { nested: {} },
    });
  });

  it('answers a faulted request in full even when the browser asks conditionally (no 304 to its cached copy)', async () => {
    // Plain node:http, so nothing between adds its own cache headers.
    const conditional = (etag?: string) =>
      new Promise<{ status: number; etag: string | undefined; body: string }>((resolve, reject) => {
        const req = httpRequest(`${base}/things`, { headers: etag ? { 'If-None-Match': etag } : {} }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, etag: res.headers.etag, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const { etag } = await conditional();
    expect(etag).toBeTruthy();
    expect((await conditional(etag)).status).toBe(304);
    faults.add({ path: '/things', omit: ['name'], times: 1 });
    const faulted = await conditional(etag);
    expect(faulted.status).toBe(200);
    expect(faulted.etag).toBeUndefined();
    expect(JSON.parse(faulted.body)).toEqual({
      data: [{ id: 1, amount: 12.5 }],
      meta: { total: 5, nested: { total: 6 } },
    });
  });

  it('reset closes the connection unanswered; lose runs the request and closes instead of answering', async () => {
    faults.add({ path: '/things', fault: 'reset', times: 1 });
    await expect(get('/things')).rejects.toThrow();
    expect(handled).toBe(0);
    faults.add({ path: '/things', fault: 'lose', times: 1 });
    await expect(get('/things')).rejects.toThrow();
    expect(handled).toBe(1);
    expect((await get('/things')).status).toBe(200);
  });

  it('abort sends the head and half the body, then cuts the connection', async () => {
    faults.add({ path: '/things', fault: 'abort', times: 1 });
    const answer = await get('/things');
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
  });

  it('cut drops an upload halfway through its body: the route never sees it', async () => {
    faults.add({ method: 'POST', path: '/upload', fault: 'cut' });
    const body = 'x'.repeat(512 * 1024);
    await expect(get('/upload', { method: 'POST', body, headers: { 'Content-Type': 'text/csv' } })).rejects.toThrow();
    expect(handled).toBe(0);
  });

  it('hang never answers: the caller gives up', async () => {
    faults.add({ path: '/things', fault: 'hang' });
    await expect(get('/things', { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(handled).toBe(0);
    expect(faults.rules()[0]!.hits).toBe(1);
  });

  it('never faults /health or /__dev, and logs each fault it makes', async () => {
    faults.add({ path: '/**', status: 500 });
    expect((await get('/health')).status).toBe(200);
    expect((await get('/__dev/faults')).status).toBe(200);
    log.length = 0;
    expect((await get('/things?a=1&token=secret-pay-token')).status).toBe(500);
    // The path only: a query may hold a pay token, which no log line carries.
    expect(log).toEqual([expect.stringMatching(/^\[mock\] fault #\d+ \(status 500\): GET \/things$/)]);
  });
});

describe('/__dev/faults', () => {
  const post = (body: unknown, type = 'application/json') =>
    fetch(`${base}/__dev/faults`, {
      method: 'POST',
      headers: { 'Content-Type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('adds rules as text or JSON, lists them, and clears one scope or all', async () => {
    expect((await post('GET /things status=500 scope=a', 'text/plain')).status).toBe(201);
    const added = await post({ spec: 'GET /plain status=503 retry-after=1; POST /upload cut', scope: 'b' });
    expect(added.status).toBe(201);
    expect(((await added.json()) as { data: { scope: string }[] }).data.map((r) => r.scope)).toEqual(['b', 'b']);
    expect((await post({ path: '/things?x=1', status: 429, retryAfter: 2, times: 1, scope: 'c' })).status).toBe(201);
    const listed = (await (await get('/__dev/faults')).json()) as {
      data: { path: string; scope: string; status: number }[];
    };
    expect(listed.data.map((r) => [r.path, r.scope, r.status])).toEqual([
      ['/things', 'a', 500],
      ['/plain', 'b', 503],
      ['/upload', 'b', null],
      ['/things?x=1', 'c', 429],
    ]);
    expect(await (await fetch(`${base}/__dev/faults?scope=b`, { method: 'DELETE' })).json()).toEqual({
      data: { removed: 2 },
    });
    expect(faults.rules().map((r) => r.scope)).toEqual(['a', 'c']);
    expect(await (await fetch(`${base}/__dev/faults`, { method: 'DELETE' })).json()).toEqual({ data: { removed: 2 } });
  });

  it('refuses a rule it cannot read with 422, adding none of the batch', async () => {
    const refused = await post({ spec: 'GET /x status=500; GET /y sometimes' });
    expect(refused.status).toBe(422);
    const entry = ((await refused.json()) as { errors: { code: string; detail: string }[] }).errors[0]!;
    expect(entry.code).toBe('ER-FAULT-RULE');
    expect(entry.detail).toContain("unknown option 'sometimes'");
    expect(faults.rules()).toEqual([]);
  });
});

describe('fault mode in the mock provider', () => {
  it('is off by default (no /__dev/faults), on with MOCK_FAULTS, and then faults the provider routes', async () => {
    const saved = process.env.MOCK_FAULTS;
    try {
      delete process.env.MOCK_FAULTS;
      const withKey = { headers: { 'X-Dev-Key': 'test-key' } };
      const plain = await createMockServer({ log: () => {}, devKey: 'test-key' }).listen(0);
      expect((await fetch(`${plain.url}/__dev/faults`, withKey)).status).toBe(404);
      await plain.close();

      process.env.MOCK_FAULTS = 'POST /sessions status=503 retry-after=3';
      const lines: string[] = [];
      const faulty = await createMockServer({ log: (line) => lines.push(line), devKey: 'test-key' }).listen(0);
      expect(lines).toContain('[mock] FAULT MODE is on (MOCK_FAULTS): 1 rule; manage them at /__dev/faults');
      const login = await fetch(`${faulty.url}/sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect([login.status, login.headers.get('retry-after')]).toEqual([503, '3']);
      expect((await fetch(`${faulty.url}/__dev/faults`)).status).toBe(403); // the dev key guards it too
      expect((await fetch(`${faulty.url}/__dev/faults`, withKey)).status).toBe(200);
      await faulty.close();
    } finally {
      if (saved === undefined) delete process.env.MOCK_FAULTS;
      else process.env.MOCK_FAULTS = saved;
    }
  });
});
