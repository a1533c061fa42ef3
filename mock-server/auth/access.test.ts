import { request } from 'node:http';
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
  for (const type of ['t1', 't2', 't1t2', 'unset'] as const)
    tokens[type] = await demoAuthToken(running.url, `${type}@anchor.test`);
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
const RETAILER_CALLS = [
  '/distributor_retailers/accounts_receivables?event=t1t2',
  '/distributor_retailers/distributor_details',
];
const ADMIN_CALLS = [
  '/users',
  '/anchor_account_details',
  '/anchor_settings/1',
  '/bank_details_by_ifsc?ifsc=SBIN0000001',
  '/distributor_companies?filter[admin_panel]=true&filter[require_address_details]=true',
];

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
    for (const type of ['t1', 't1t2', 'unset'] as const)
      expect((await get(path, tokens[type])).status, `${type} ${path}`).toBe(200);
  });

  it('refuses a t2 token a CSV export and an upload of the anchor', async () => {
    await expectRefused('/invoices?filter[status]=open&filter[download_as_csv]=true', tokens.t2);
    const form = new FormData();
    form.set('file', new Blob(['a,b\n'], { type: 'text/csv' }), 'x.csv');
    const upload = await fetch(`${running.url}/invoices/upload`, {
      method: 'POST',
      headers: { Authorization: tokens.t2 },
      body: form,
    });
    expect(upload.status).toBe(403);
  });

  it.each(RETAILER_CALLS)('refuses a t1 token on the retailer area: %s', (path) => expectRefused(path, tokens.t1));

  it.each(RETAILER_CALLS.slice(1))('lets t2, t1t2 and unset use %s', async (path) => {
    for (const type of ['t2', 't1t2', 'unset'] as const)
      expect((await get(path, tokens[type])).status, `${type} ${path}`).toBe(200);
  });

  it.each(ADMIN_CALLS)('lets every type use admin: %s', async (path) => {
    for (const type of ['t1', 't2', 't1t2', 'unset'] as const)
      expect((await get(path, tokens[type])).status, `${type} ${path}`).toBe(200);
  });

  it('lets every type read its own profile', async () => {
    for (const type of ['t1', 't2', 't1t2', 'unset'] as const) {
      const user = mock.db().users.find((u) => u.email === `${type}@anchor.test`)!;
      expect((await get(`/users/${user.id}`, tokens[type])).status).toBe(200);
    }
  });
});

describe('the area of a call', () => {
  it('puts the admin lists of /distributor_companies in admin and the rest with the anchor', () => {
    expect(apiAreaOf('/distributor_companies', { filter: { admin_panel: 'true' } })).toBe('admin');
    expect(apiAreaOf('/distributor_companies', { filter: { admin_panel: ['true', 'true'] } })).toBe('anchor');
    expect(apiAreaOf('/distributor_companies', { filter: { status: 'open' } })).toBe('anchor');
    expect(apiAreaOf('/distributor_companies/lending_list', { filter: { admin_panel: 'true' } })).toBe('anchor');
    expect(apiAreaOf('/users_export', {})).toBe('anchor');
    expect(apiAreaOf('/distributor_retailers/:id/retailer_invoice_details', {})).toBe('retailer');
    expect(accessProblem(null, '/distributor_retailers/distributor_details', {})).toBeNull();
    expect(accessProblem('t1', '/distributor_retailers/distributor_details', {})).toBe(
      'A t1 user cannot use the retailer area.',
    );
  });
});

/** A GET as a hostile client sends it: the path exactly as given, dot segments and all (fetch would tidy them). */
function rawGet(path: string, token: string): Promise<number> {
  const { hostname, port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET', headers: { Authorization: token } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Other spellings of a call's path (the query kept as it is): case, a trailing slash, dot segments, escapes. */
function spellings(call: string): string[] {
  const at = call.indexOf('?');
  const path = at < 0 ? call : call.slice(0, at);
  const query = at < 0 ? '' : call.slice(at);
  const [, first = '', ...rest] = path.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  return [
    path.toUpperCase(),
    `/${first.charAt(0).toUpperCase()}${first.slice(1)}${tail}`,
    `/${first}${tail.toUpperCase()}`,
    `${path}/`,
    `/./${first}${tail}`,
    `/other/../${first}${tail}`,
    `/${first}/.${tail}`,
    `/${first}/${tail}`,
    `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${tail}`,
    `/${first.replace('_', '%5F')}${tail}`,
    `/${first}${tail.replace(/\//g, '%2F')}`,
  ].map((spelt) => `${spelt}${query}`);
}

describe('no spelling of a path reaches a route its area refuses', () => {
  const TYPES = ['t1', 't2', 't1t2', 'unset'] as const;
  const retailerCalls = () => {
    const me = mock.db().users.find((u) => u.email === 't1t2@anchor.test')!;
    const retailer = mock.db().retailers.find((r) => r.anchor_id === me.anchor_id)!;
    return [
      ...RETAILER_CALLS,
      '/distributor_retailers/distributor_details?filter[download_as_csv]=true',
      `/distributor_retailers/${retailer.distributor_company_id}/distributor_retailer_details`,
      `/distributor_retailers/${retailer.id}/retailer_invoice_details?anchor_id=${me.anchor_id}`,
    ];
  };

  it.each(['anchor', 'retailer', 'admin'] as const)(
    'the %s area answers every spelling as its own path or not at all',
    async (area) => {
      const calls =
        area === 'anchor'
          ? [...ANCHOR_CALLS, '/invoices?filter[status]=open&filter[download_as_csv]=true']
          : area === 'retailer'
            ? retailerCalls()
            : ADMIN_CALLS;
      let refusedSpellings = 0;
      for (const call of calls) {
        for (const type of TYPES) {
          const own = await rawGet(call, tokens[type]);
          for (const spelt of spellings(call)) {
            const status = await rawGet(spelt, tokens[type]);
            // The same answer as the route's own spelling, or no route at all: never a route with another area.
            expect([own, 404], `${type} ${spelt} (own spelling: ${own})`).toContain(status);
            if (own === 403 && status === 403) refusedSpellings += 1;
          }
        }
      }
      // Express matches any case and a trailing slash: those spellings reach the route, and its area refuses them.
      if (area !== 'admin') expect(refusedSpellings).toBeGreaterThan(0);
    },
    60_000,
  );

  it('refuses the upper-case spelling of the retailer area to a t1 token', async () => {
    const answer = await get('/DISTRIBUTOR_RETAILERS/distributor_details', tokens.t1);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('ER-ACCESS-101');
  });
});

describe("the admin's lists open to every type take only the admin's filters", () => {
  const ANCHOR_FILTERS_WITH_ADMIN_PANEL = [
    ['application_status', '/distributor_companies?filter[admin_panel]=true&filter[application_status]=approved'],
    ['status', '/distributor_companies?filter[admin_panel]=true&filter[status]=open'],
    [
      'download_as_csv',
      '/distributor_companies?filter[admin_panel]=true&filter[application_status]=approved&filter[download_as_csv]=true',
    ],
    ['headers_accepted', '/distributor_companies?filter[admin_panel]=true&headers_accepted=name,risk_grading'],
  ] as const;

  it.each(ANCHOR_FILTERS_WITH_ADMIN_PANEL)(
    'refuses %s beside admin_panel, naming it, for every type',
    async (filter, path) => {
      for (const type of ['t1', 't2', 't1t2', 'unset'] as const) {
        const answer = await get(path, tokens[type]);
        expect(answer.status, `${type} ${path}`).toBe(422);
        const body = (await answer.json()) as { errors: { code: string; title: string; detail: string }[] };
        expect(body.errors.map((e) => e.title)).toContain(filter);
        expect(body.errors[0]!.code).toBe('ER-VALIDATION');
      }
    },
  );

  it('answers a t2 token the admin list with contact fields only, and the lead list not at all', async () => {
    const answer = await get(
      '/distributor_companies?filter[admin_panel]=true&filter[require_address_details]=true&filter[region]=north&page=1',
      tokens.t2,
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { attributes: Record<string, unknown> }[] };
    expect(body.data.length).toBeGreaterThan(0);
    for (const row of body.data) {
      expect(row.attributes).toHaveProperty('company_address');
      for (const lead of ['application_status', 'risk_grading', 'eligibility_amount', 'amount_outstanding'])
        expect(row.attributes).not.toHaveProperty(lead);
    }
    await expectRefused('/distributor_companies?filter[application_status]=approved', tokens.t2);
    await expectRefused(
      '/distributor_companies?filter[admin_panel]=TRUE&filter[application_status]=approved',
      tokens.t2,
    );
    await expectRefused(
      '/distributor_companies?filter[admin_panel]=true&filter[admin_panel]=true&filter[status]=open',
      tokens.t2,
    );
  });
});
