import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from '../app';
import { demoAuthToken } from '../test-login';
import { accessProblem, apiAreaOf } from './access';

/**
 * Access types on every route (spec 1 §2.1, spec 2 §2, §6): the anchor's areas (dashboard, invoices, lending,
 * pipeline) are t1, t1t2 and unset; the retailer area t2, t1t2 and unset; admin every type.
 */
const NOW = new Date('2026-11-22T10:00:00');
const mock = createMockServer({ clock: () => NOW, log: () => {} });
let running: RunningMock;
const tokens: Record<'t1' | 't2' | 't1t2' | 'unset', string> = { t1: '', t2: '', t1t2: '', unset: '' };

beforeAll(async () => {
  running = await mock.listen(0);
  for (const type of ['t1', 't2', 't1t2', 'unset'] as const) tokens[type] = await demoAuthToken(running.url, `${type}@anchor.test`);
});
afterAll(() => running.close());

const get = (path: string, token: string) => fetch(`${running.url}${path}`, { headers: { Authorization: token } });

/** A call of each of the anchor's areas, as the app makes it. */
const ANCHOR_CALLS = [
  '/invoices/graph?invoices_shared_from_date=2025-11-23&invoices_shared_to_date=2026-11-22&shared_type=yearly',
  '/loan_applications/credit_limit_summary',
  '/distributor_companies/statuses',
  '/distributor_companies/lead_list',
  '/invoices?filter[status]=open',
  '/invoices/stats',
  '/payments',
  '/payment_links',
  '/distributor_companies?filter[status]=open',
  '/distributor_companies/lending_list',
  '/distributor_companies/list',
  '/loan_applications/credit_line_summary',
  '/distributor_companies/fund_available?filter[fund_in_days]=1',
];
const RETAILER_CALLS = ['/distributor_retailers/accounts_receivables?event=t1t2', '/distributor_retailers/distributor_details'];
const ADMIN_CALLS = ['/users', '/anchor_account_details', '/anchor_settings/1', '/bank_details_by_ifsc?ifsc=SBIN0000001', '/distributor_companies?filter[admin_panel]=true&filter[require_address_details]=true'];

async function expectRefused(path: string, token: string) {
  const answer = await get(path, token);
  expect(answer.status, path).toBe(403);
  const body = (await answer.json()) as { errors: { code: string; detail: string }[] };
  expect(body.errors[0]!.code).toBe('ER-ACCESS-101');
  expect(body.errors[0]!.detail).toMatch(/^A (t1|t2) user cannot use /);
}

describe('access types on every route', () => {
  it.each(ANCHOR_CALLS)("refuses a t2 token on the anchor's area: %s", (path) => expectRefused(path, tokens.t2));

  it.each(ANCHOR_CALLS)('lets t1, t1t2 and unset use %s', async (path) => {
    for (const type of ['t1', 't1t2', 'unset'] as const) expect((await get(path, tokens[type])).status, `${type} ${path}`).toBe(200);
  });

  it('refuses a t2 token a CSV export and an upload of the anchor', async () => {
    await expectRefused('/invoices?filter[status]=open&filter[download_as_csv]=true', tokens.t2);
    const form = new FormData();
    form.set('file', new Blob(['a,b\n'], { type: 'text/csv' }), 'x.csv');
    const upload = await fetch(`${running.url}/invoices/upload`, { method: 'POST', headers: { Authorization: tokens.t2 }, body: form });
    expect(upload.status).toBe(403);
  });

  it.each(RETAILER_CALLS)('refuses a t1 token on the retailer area: %s', (path) => expectRefused(path, tokens.t1));

  it.each(RETAILER_CALLS.slice(1))('lets t2, t1t2 and unset use %s', async (path) => {
    for (const type of ['t2', 't1t2', 'unset'] as const) expect((await get(path, tokens[type])).status, `${type} ${path}`).toBe(200);
  });

  it.each(ADMIN_CALLS)('lets every type use admin: %s', async (path) => {
    for (const type of ['t1', 't2', 't1t2', 'unset'] as const) expect((await get(path, tokens[type])).status, `${type} ${path}`).toBe(200);
  });

  it("lets every type read its own profile", async () => {
    for (const type of ['t1', 't2', 't1t2', 'unset'] as const) {
      const user = mock.db().users.find((u) => u.email === `${type}@anchor.test`)!;
      expect((await get(`/users/${user.id}`, tokens[type])).status).toBe(200);
    }
  });
});

describe('the area of a call', () => {
  it('puts the admin lists of /distributor_companies in admin and the rest with the anchor', () => {
    expect(apiAreaOf('/distributor_companies', { filter: { admin_panel: 'true' } })).toBe('admin');
    expect(apiAreaOf('/distributor_companies', { filter: { status: 'open' } })).toBe('anchor');
    expect(apiAreaOf('/distributor_companies/lending_list', { filter: { admin_panel: 'true' } })).toBe('anchor');
    expect(apiAreaOf('/users_export', {})).toBe('anchor');
    expect(apiAreaOf('/distributor_retailers/5/retailer_invoice_details', {})).toBe('retailer');
    expect(accessProblem(null, '/distributor_retailers/distributor_details', {})).toBeNull();
    expect(accessProblem('t1', '/distributor_retailers/distributor_details', {})).toBe('A t1 user cannot use the retailer area.');
  });
});
