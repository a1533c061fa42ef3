import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from './app';
import { jsonDepth, MAX_JSON_DEPTH } from './body-limits';
import { ECHO_MAX_CHARS, quoted } from './http';
import { demoAuthToken } from './test-login';

const mock = createMockServer({ log: () => {} });
let running: RunningMock;
let token = '';

beforeAll(async () => {
  running = await mock.listen(0);
  token = await demoAuthToken(running.url, 't1@anchor.test');
});
afterAll(() => running.close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${running.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

async function expectError(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { errors: { code: string; detail: string }[] };
  expect(body.errors[0]!.code).toBe(code);
  return body.errors[0]!.detail;
}

describe('hostile request bodies', () => {
  it('refuses JSON nested deeper than the cap with 400, before it is parsed, without a login', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(await expectError(await post('/sessions', deep), 400, 'ER-BAD-REQUEST')).toBe(
      `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`,
    );
    // Just at the cap is still read (and then refused for what it says, not for its shape).
    const atCap = `{"user":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    expect((await post('/sessions', atCap)).status).not.toBe(400);
  });

  it('refuses a body over the limit with 413 without reading it, logged in or not', async () => {
    const big = JSON.stringify({ user: { email: 'x'.repeat(1_000_000), password: 'y' } });
    await expectError(await post('/sessions', big), 413, 'ER-TOO-LARGE');
    await expectError(await post('/payments/send_payment_links', big, { Authorization: token }), 413, 'ER-TOO-LARGE');
  });

  it('still reads ordinary bodies', async () => {
    const answer = await post(
      '/sessions',
      JSON.stringify({ user: { email: 't1@anchor.test', password: 'Demo@1234' } }),
    );
    expect(answer.status).toBe(201);
  });

  it('cuts a long value echoed in a CSV row reason', async () => {
    const cell = 'A'.repeat(200_000);
    const csv = `invoice_number,customer_code,invoice_date,due_date,amount,erp_invoice_id\n${cell},C1,2026-01-01,2026-02-01,100,E1\n`;
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'long.csv');
    const answer = await fetch(`${running.url}/invoices/upload`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    const text = await answer.text();
    expect(text.length).toBeLessThan(5_000);
    expect(text).toContain(`'${'A'.repeat(ECHO_MAX_CHARS)}…'`);
  });
});

describe('the helpers', () => {
  it('measures nesting outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[["}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('[[[[[', 2)).toBe(3);
  });
  it('quotes short values whole and cuts long ones', () => {
    expect(quoted('INV-1')).toBe("'INV-1'");
    expect(quoted('x'.repeat(ECHO_MAX_CHARS + 1))).toBe(`'${'x'.repeat(ECHO_MAX_CHARS)}…'`);
  });
});
