import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from './app';

/** The mock as app.ts builds it: the middleware is mounted first. */
const mock = createMockServer({ log: () => {} });
let running: RunningMock;
let withHeaders = '';

beforeAll(async () => {
  running = await mock.listen(0);
  withHeaders = running.url;
});
afterAll(() => running.close());

/** helmet joins directives with ';' alone. */
const MOCK_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

function expectCommonHeaders(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('content-security-policy')).toMatch(/(^|;)\s*frame-ancestors 'none'\s*($|;)/);
  // Left out on purpose (see mock-server/security-headers.ts).
  expect(response.headers.get('strict-transport-security')).toBeNull();
  expect(response.headers.get('cross-origin-resource-policy')).toBeNull();
}

describe('the mock security headers', () => {
  it('adds them to a JSON answer and changes nothing else in it', async () => {
    const login = await fetch(`${withHeaders}/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { email: 'nobody@anchor.test', password: 'x' } }),
    });
    expectCommonHeaders(login);
    expect(login.headers.get('content-security-policy')).toBe(MOCK_CSP);
    expect(login.headers.get('content-type')).toMatch(/^application\/json/);
    expect([login.status, await login.json()]).toEqual([
      401,
      { errors: [{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }] },
    ]);
  });

  it("keeps a page's own policy, which keeps frame-ancestors 'none' (the fake gateway pages)", async () => {
    const payload = Buffer.from(JSON.stringify({ loan_id: 'LN-1', loan_amount: 100 })).toString('base64');
    for (const path of [`/fake-collections?payload=${encodeURIComponent(payload)}`, '/fake-gateway/no-such-order']) {
      const page = await fetch(`${withHeaders}${path}`);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expectCommonHeaders(page);
      // routes/gateway.ts allows its inline <style>; its form posts (and their redirect to the app) stay allowed.
      expect(page.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      expect(await page.text()).toContain('<style>');
    }
  });

  it('covers the static files (an anchor logo)', async () => {
    const logo = await fetch(`${withHeaders}/assets/logos/1551.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expectCommonHeaders(logo);
    expect(logo.headers.get('content-security-policy')).toBe(MOCK_CSP);
  });

  it('covers the answers no route knows', async () => {
    const missing = await fetch(`${withHeaders}/no-such-route`);
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing);
  });
});
