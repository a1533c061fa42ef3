import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatValidationErrors } from '../../src/api/errors';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenData } from '../../src/api/client';
import {
  AccountsReceivable,
  DistributorList,
  RetailerInvoiceList,
  RetailerList,
  type DistributorRow,
  type RetailerRow,
} from '../../src/api/codecs/admin';
import { RETAILER_INVOICE_PAGE_SIZE } from '../../src/domain/admin';
import { rupeesToPaise } from '../../src/domain/money';
import { createMockServer, type RunningMock } from '../app';
import type { DistributorCompany, Retailer } from '../db';
import {
  CHANNEL_FINANCE_ONLY_DISTRIBUTOR,
  MANY_INVOICES_RETAILER,
  MANY_RETAILERS_DISTRIBUTOR,
  NO_CHANNEL_FINANCE_DISTRIBUTOR,
} from '../seed/demo';
import { demoAuthToken } from '../test-login';

/**
 * The retailer page's routes against the seeded data (scale 1) on the seed's day, every answer decoded with
 * the app's codecs (src/api/codecs/admin.ts). The demo retailers' figures (mock-server/seed/demo.ts) are
 * worked out by hand below; the rest is checked against the rows and against each other.
 */

const NOW = new Date('2026-11-22T10:00:00');
const mock = createMockServer({ clock: () => NOW, log: () => {} });
let running: RunningMock;
const tokens: Record<'t1' | 't2' | 't1t2' | 'unset' | 'a1551', string> = {
  t1: '',
  t2: '',
  t1t2: '',
  unset: '',
  a1551: '',
};

beforeAll(async () => {
  running = await mock.listen(0);
  tokens.t1 = await demoAuthToken(running.url, 't1@anchor.test');
  tokens.t2 = await demoAuthToken(running.url, 't2@anchor.test');
  tokens.t1t2 = await demoAuthToken(running.url, 't1t2@anchor.test');
  tokens.unset = await demoAuthToken(running.url, 'unset@anchor.test');
  // Anchor 1551's only login is t1, which the retailer area refuses: for the other-anchor checks it is made
  // t1t2 here (the provider reads the type from the user on every call).
  mock.repository.update(
    'users',
    mock.db().users.find((u) => u.email === 'anchor1551@anchor.test')!,
    { event: 't1t2' },
  );
  tokens.a1551 = await demoAuthToken(running.url, 'anchor1551@anchor.test');
});
afterAll(() => running.close());

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

async function get(path: string, auth = tokens.t1t2): Promise<Answer> {
  const response = await fetch(`${running.url}${path}`, { headers: { Authorization: auth } });
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    body: json ? (JSON.parse(text) as unknown) : null,
    text,
    headers: response.headers,
  };
}

function decode<A>(codec: t.Decoder<unknown, A>, answer: Answer): A {
  expect(answer.status, answer.text.slice(0, 500)).toBe(200);
  const result = codec.decode(flattenData(answer.body));
  if (isLeft(result)) throw new Error(formatValidationErrors(result.left).join('\n'));
  return result.right;
}

function expectError(answer: Answer, status: number, code: string, title?: string): void {
  expect(answer.status, answer.text).toBe(status);
  const errors = (answer.body as { errors: { code: string; title?: string; detail: string }[] }).errors;
  expect(errors).toHaveLength(1);
  expect(errors[0]!.code).toBe(code);
  expect(errors[0]!.detail.length).toBeGreaterThan(10);
  if (title !== undefined) expect(errors[0]!.title).toBe(title);
}

/** Rupees as the tests write them, in paise. */
const paise = (rupees: number) => rupeesToPaise(rupees)!;
const sum = (values: readonly (number | null | undefined)[]) => values.reduce<number>((a, b) => a + (b ?? 0), 0);

const db = () => mock.db();
const company = (name: string): DistributorCompany =>
  db().distributor_companies.find((c) => c.anchor_id === 1 && c.name === name)!;
const retailer = (name: string): Retailer => db().retailers.find((r) => r.name === name)!;
/** Anchor 1's distributors that have retailers. */
const withRetailers = () =>
  db().distributor_companies.filter(
    (c) => c.anchor_id === 1 && db().retailers.some((r) => r.distributor_company_id === c.id),
  );

const AR = '/distributor_retailers/accounts_receivables';
const DISTRIBUTORS = '/distributor_retailers/distributor_details';
const retailersOf = (id: number | string) => `/distributor_retailers/${id}/distributor_retailer_details`;
const invoicesOf = (id: number | string) => `/distributor_retailers/${id}/retailer_invoice_details`;

async function allDistributors(query = '', auth = tokens.t1t2): Promise<DistributorRow[]> {
  const first = decode(DistributorList, await get(`${DISTRIBUTORS}?items=100&${query}`, auth));
  const rows = [...first.data];
  for (let page = 2; page <= (first.pagy?.pages ?? 1); page++)
    rows.push(...decode(DistributorList, await get(`${DISTRIBUTORS}?items=100&page=${page}&${query}`, auth)).data);
  return rows;
}

async function allRetailers(distributorId: number | string, query = ''): Promise<RetailerRow[]> {
  return decode(RetailerList, await get(`${retailersOf(distributorId)}?items=100&${query}`)).data;
}

describe('GET /distributor_retailers/accounts_receivables', () => {
  it('needs a valid token', async () => {
    expectError(await get(`${AR}?event=t1`, 'nope'), 401, 'ER-AUTH-102');
  });

  it('sums the retailers’ and the distributors’ unpaid invoices and the channel-finance limits; sanctioned = utilised + balance', async () => {
    const raw = await get(`${AR}?event=t1`);
    const answer = decode(AccountsReceivable, raw).data;
    const retailers = db().retailers.filter((r) => r.anchor_id === 1);
    const ids = new Set(retailers.map((r) => r.id));
    const onCf = retailers.filter((r) => r.channel_finance);
    expect(answer.outstanding_invoices_for_retailer).toBe(
      sum(
        db()
          .retailer_invoices.filter((i) => ids.has(i.retailer_id))
          .map((i) => i.total - i.amount_paid),
      ),
    );
    expect(answer.outstanding_invoices_for_distributor).toBe(
      sum(
        db()
          .invoices.filter((i) => i.anchor_id === 1 && i.status !== 'paid')
          .map((i) => i.total - i.amount_paid),
      ),
    );
    expect(answer.total_limit_sanctioned).toBe(sum(onCf.map((r) => r.total_limit_sanctioned)));
    expect(answer.total_utilised_limit).toBe(sum(onCf.map((r) => r.limit_utilised)));
    expect(answer.total_limit_sanctioned).toBe(answer.total_utilised_limit + answer.total_limit_balance);
    expect(answer.outstanding_invoices_for_retailer).toBeGreaterThan(0);
    expect(answer.outstanding_invoices_for_distributor).toBeGreaterThan(0);
  });

  it('sends no distributor figure to t2 (spec 2 §6), the same figures otherwise', async () => {
    const t1 = decode(AccountsReceivable, await get(`${AR}?event=t1`)).data;
    const raw = await get(`${AR}?event=t2`, tokens.t2);
    const t2 = decode(AccountsReceivable, raw).data;
    expect(Object.keys((raw.body as { data: object }).data)).not.toContain('outstanding_invoices_for_distributor');
    expect(t2).toEqual({ ...t1, outstanding_invoices_for_distributor: null });
    // t1t2 (and an unset type asking t2) choose the view by event.
    expect(
      decode(AccountsReceivable, await get(`${AR}?event=t2`, tokens.t1t2)).data.outstanding_invoices_for_distributor,
    ).toBeNull();
    expect(
      decode(AccountsReceivable, await get(`${AR}?event=t2`, tokens.unset)).data.outstanding_invoices_for_distributor,
    ).toBeNull();
    expect(decode(AccountsReceivable, await get(`${AR}?event=t1t2`, tokens.t1t2)).data).toEqual(t1);
  });

  it('refuses an event the user’s type does not cover with 403 ER-ACCESS-101', async () => {
    expectError(await get(`${AR}?event=t1`, tokens.t2), 403, 'ER-ACCESS-101');
    expectError(await get(`${AR}?event=t1t2`, tokens.t2), 403, 'ER-ACCESS-101');
    expectError(await get(`${AR}?event=t2`, tokens.t1), 403, 'ER-ACCESS-101');
    for (const event of ['t1', 't2', 't1t2']) {
      expect((await get(`${AR}?event=${event}`, tokens.t1t2)).status).toBe(200);
      expect((await get(`${AR}?event=${event}`, tokens.unset)).status).toBe(200);
    }
  });

  it('takes no event from an unset type as t1t2; a typed user must send one, and a known one (422 naming event)', async () => {
    const t1 = decode(AccountsReceivable, await get(`${AR}?event=t1`)).data;
    expect(decode(AccountsReceivable, await get(AR, tokens.unset)).data).toEqual(t1);
    expectError(await get(AR), 422, 'ER-VALIDATION', 'event');
    expectError(await get(AR, tokens.t2), 422, 'ER-VALIDATION', 'event');
    expectError(await get(`${AR}?event=t3`), 422, 'ER-VALIDATION', 'event');
    expectError(await get(`${AR}?event=t3`, tokens.unset), 422, 'ER-VALIDATION', 'event');
  });

  it('answers zeros for an anchor without retailers', async () => {
    const answer = decode(AccountsReceivable, await get(`${AR}?event=t1`, tokens.a1551)).data;
    expect(answer).toMatchObject({
      outstanding_invoices_for_retailer: 0,
      total_limit_sanctioned: 0,
      total_utilised_limit: 0,
      total_limit_balance: 0,
    });
  });

  it('adds up with the lists: outstanding and limits are the sums over every distributor’s retailers', async () => {
    const answer = decode(AccountsReceivable, await get(`${AR}?event=t1`)).data;
    const distributors = await allDistributors();
    const rows: RetailerRow[] = [];
    for (const d of distributors) rows.push(...(await allRetailers(d.id)));
    expect(rows).toHaveLength(db().retailers.filter((r) => r.anchor_id === 1).length);
    expect(sum(rows.map((r) => r.amount_outstanding))).toBe(answer.outstanding_invoices_for_retailer);
    expect(sum(rows.map((r) => r.total_limit_sanctioned))).toBe(answer.total_limit_sanctioned);
    expect(sum(rows.map((r) => r.limit_utilised))).toBe(answer.total_utilised_limit);
    expect(sum(rows.map((r) => r.available_limit))).toBe(answer.total_limit_balance);
    expect(sum(distributors.map((d) => d.total_limit_sanctioned))).toBe(answer.total_limit_sanctioned);
    expect(sum(distributors.map((d) => d.limit_utilised))).toBe(answer.total_utilised_limit);
    expect(sum(distributors.map((d) => d.available_limit))).toBe(answer.total_limit_balance);
  });
});

describe('GET /distributor_retailers/distributor_details', () => {
  it('pages the anchor’s distributors that have retailers, 10 a page, by name, with the CSV columns', async () => {
    const expected = withRetailers().sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    expect(expected.length).toBeGreaterThan(10);
    const first = decode(DistributorList, await get(DISTRIBUTORS));
    expect(first.pagy).toMatchObject({
      count: expected.length,
      page: 1,
      items: 10,
      from: 1,
      to: 10,
      prev: null,
      next: 2,
    });
    expect(first.data.map((d) => d.id)).toEqual(expected.slice(0, 10).map((c) => String(c.id)));
    const second = decode(DistributorList, await get(`${DISTRIBUTORS}?page=2`));
    expect(second.data.map((d) => d.id)).toEqual(expected.slice(10, 20).map((c) => String(c.id)));
    expect(first.csv_headers_accepted?.map((h) => h.key)).toContain('thirty_plus_value');
    for (const row of first.data) expect(row.anchor_id).toBe('1');
    const past = decode(DistributorList, await get(`${DISTRIBUTORS}?page=999`));
    expect(past.data).toEqual([]);
  });

  it('works out the demo distributor’s figures over its retailers (30+ and 90+ on their edges)', async () => {
    const rows = await allDistributors();
    const godavari = rows.find((d) => d.name === MANY_RETAILERS_DISTRIBUTOR)!;
    expect(godavari).toMatchObject({
      id: String(company(MANY_RETAILERS_DISTRIBUTOR).id),
      total_no_of_retailers: 12,
      total_retailers_on_channel_finance: 7,
      total_limit_sanctioned: paise(2_050_000),
      limit_utilised: paise(835_000),
      available_limit: paise(1_215_000),
      // More than 30 days past due: Sri Venkateswara Bazaar, Coromandel (95 days), Nilgiri (40), Pandya (31),
      // Hampi (its 90-day invoice; its 30-day one is not 30+), Malabar (91).
      thirty_plus_retailers: 6,
      thirty_plus_value: paise(187_946.09),
      // More than 90: Sri Venkateswara Bazaar (100 and 120 days), Coromandel, Malabar; not Hampi's 90 days.
      ninty_plus_retailers: 3,
      ninty_plus_value: paise(82_151.15),
    });
    for (const row of rows) {
      expect(row.total_limit_sanctioned).toBe(sum([row.limit_utilised, row.available_limit]));
      expect(row.total_retailers_on_channel_finance).toBeLessThanOrEqual(row.total_no_of_retailers!);
      expect(row.ninty_plus_retailers).toBeLessThanOrEqual(row.thirty_plus_retailers!);
      expect(row.ninty_plus_value).toBeLessThanOrEqual(row.thirty_plus_value!);
    }
    // Seeded distributors have 30+ and 90+ retailers too.
    expect(
      rows.filter((d) => d.name !== MANY_RETAILERS_DISTRIBUTOR).some((d) => (d.ninty_plus_retailers ?? 0) > 0),
    ).toBe(true);
  });

  it('gives each row the sums of its retailers’ rows', async () => {
    const rows = await allDistributors();
    for (const row of rows.slice(0, 12)) {
      const retailers = await allRetailers(row.id);
      expect(retailers).toHaveLength(row.total_no_of_retailers!);
      expect(retailers.filter((r) => r.channel_finance)).toHaveLength(row.total_retailers_on_channel_finance!);
      expect(sum(retailers.map((r) => r.total_limit_sanctioned))).toBe(row.total_limit_sanctioned);
      expect(sum(retailers.map((r) => r.limit_utilised))).toBe(row.limit_utilised);
      expect(sum(retailers.map((r) => r.available_limit))).toBe(row.available_limit);
    }
  });

  it('filters by the distributor’s region', async () => {
    for (const region of ['north', 'south', 'east', 'west']) {
      const rows = await allDistributors(`filter[region]=${region}`);
      const expected = withRetailers().filter((c) => c.region === region);
      expect(rows.map((d) => d.id).sort()).toEqual(expected.map((c) => String(c.id)).sort());
      for (const row of rows)
        expect(db().distributor_companies.find((c) => String(c.id) === row.id)!.region).toBe(region);
    }
    expect(await allDistributors('filter[region]=all')).toHaveLength(withRetailers().length);
  });

  it('filters by channel finance: 1 has a retailer on it, 0 has one off it; figures stay over all retailers', async () => {
    const all = await allDistributors();
    const on = await allDistributors('filter[channel_finance]=1');
    const off = await allDistributors('filter[channel_finance]=0');
    const names = (rows: DistributorRow[]) => rows.map((d) => d.name);
    expect(names(on)).toEqual(expect.arrayContaining([MANY_RETAILERS_DISTRIBUTOR, CHANNEL_FINANCE_ONLY_DISTRIBUTOR]));
    expect(names(on)).not.toContain(NO_CHANNEL_FINANCE_DISTRIBUTOR);
    expect(names(off)).toEqual(expect.arrayContaining([MANY_RETAILERS_DISTRIBUTOR, NO_CHANNEL_FINANCE_DISTRIBUTOR]));
    expect(names(off)).not.toContain(CHANNEL_FINANCE_ONLY_DISTRIBUTOR);
    for (const row of on) expect(row.total_retailers_on_channel_finance).toBeGreaterThan(0);
    for (const row of off) expect(row.total_no_of_retailers).toBeGreaterThan(row.total_retailers_on_channel_finance!);
    expect(new Set([...names(on), ...names(off)])).toEqual(new Set(names(all)));
    expect(on.find((d) => d.name === MANY_RETAILERS_DISTRIBUTOR)).toEqual(
      all.find((d) => d.name === MANY_RETAILERS_DISTRIBUTOR),
    );
    const both = await allDistributors('filter[channel_finance]=0&filter[region]=east');
    expect(names(both)).toContain(NO_CHANNEL_FINANCE_DISTRIBUTOR);
    for (const row of both) expect(off.map((d) => d.id)).toContain(row.id);
  });

  it('answers 422 for a bad filter or paging', async () => {
    expectError(await get(`${DISTRIBUTORS}?filter[channel_finance]=2`), 422, 'ER-VALIDATION', 'channel_finance');
    expectError(await get(`${DISTRIBUTORS}?filter[channel_finance]=all`), 422, 'ER-VALIDATION', 'channel_finance');
    expectError(await get(`${DISTRIBUTORS}?filter[region]=central`), 422, 'ER-VALIDATION', 'region');
    expectError(await get(`${DISTRIBUTORS}?page=0`), 422, 'ER-VALIDATION', 'page');
    expectError(await get(`${DISTRIBUTORS}?items=101`), 422, 'ER-VALIDATION', 'items');
    expectError(await get(DISTRIBUTORS, 'nope'), 401, 'ER-AUTH-102');
  });

  it('shows another anchor only its own distributors (none with retailers for 1551)', async () => {
    expect(await allDistributors('', tokens.a1551)).toEqual([]);
    expect((await allDistributors('', tokens.t2)).length).toBe(withRetailers().length);
  });

  it('exports every matching row as CSV with the chosen columns', async () => {
    const answer = await get(
      `${DISTRIBUTORS}?filter[download_as_csv]=true&filter[channel_finance]=1&headers_accepted=name,total_limit_sanctioned,thirty_plus_retailers,ninty_plus_value`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(/attachment; filename="Distributors-2026-11-22\.csv"/);
    const lines = Papa.parse<string[]>(answer.text.trim(), { skipEmptyLines: true }).data;
    expect(lines[0]).toEqual(['Distributor Name', 'Total Limit Sanctioned', '30+ Retailers', '90+ Value']);
    const on = await allDistributors('filter[channel_finance]=1');
    expect(lines.slice(1).map((l) => l[0])).toEqual(on.map((d) => d.name));
    expect(lines.find((l) => l[0] === MANY_RETAILERS_DISTRIBUTOR)).toEqual([
      MANY_RETAILERS_DISTRIBUTOR,
      '2050000.00',
      '6',
      '82151.15',
    ]);
    const every = await get(`${DISTRIBUTORS}?filter[download_as_csv]=true`);
    expect(Papa.parse<string[]>(every.text.trim()).data[0]).toHaveLength(12);
    expectError(
      await get(`${DISTRIBUTORS}?filter[download_as_csv]=true&headers_accepted=name,nope`),
      422,
      'ER-VALIDATION',
      'headers_accepted',
    );
  });
});

describe('GET /distributor_retailers/:id/distributor_retailer_details', () => {
  it('pages a distributor’s retailers, 10 a page, by name', async () => {
    const id = company(MANY_RETAILERS_DISTRIBUTOR).id;
    const expected = db()
      .retailers.filter((r) => r.distributor_company_id === id)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    expect(expected).toHaveLength(12);
    const first = decode(RetailerList, await get(retailersOf(id)));
    expect(first.pagy).toMatchObject({ count: 12, page: 1, items: 10, pages: 2, next: 2 });
    expect(first.data.map((r) => r.id)).toEqual(expected.slice(0, 10).map((r) => String(r.id)));
    const second = decode(RetailerList, await get(`${retailersOf(id)}?page=2`));
    expect(second.data.map((r) => r.id)).toEqual(expected.slice(10).map((r) => String(r.id)));
    expect(first.csv_headers_accepted?.map((h) => h.key)).toContain('amount_overdue');
  });

  it('works out a retailer’s row from its invoices; off channel finance means no limit', async () => {
    const rows = await allRetailers(company(MANY_RETAILERS_DISTRIBUTOR).id);
    const sri = rows.find((r) => r.name === MANY_INVOICES_RETAILER)!;
    const stored = retailer(MANY_INVOICES_RETAILER);
    expect(sri).toMatchObject({
      id: String(stored.id),
      anchor_id: '1',
      cust_id: stored.cust_id,
      application_id: stored.application_id,
      retailer_code: stored.retailer_code,
      mobile_number: stored.mobile_number,
      channel_finance: true,
      total_limit_sanctioned: paise(600_000),
      limit_utilised: paise(245_000),
      available_limit: paise(355_000),
      amount_outstanding: paise(210_833.58),
      amount_overdue: paise(131_083.83),
      unpaid_invoice_amount: paise(210_833.58),
      unpaid_invoice_count: 14,
    });
    // Due today is not overdue; a retailer with no invoices owes nothing.
    expect(rows.find((r) => r.name === 'Konark Departmental Store')).toMatchObject({
      amount_outstanding: paise(19_999.99),
      amount_overdue: 0,
    });
    expect(rows.find((r) => r.name === 'Palar Chemists')).toMatchObject({
      amount_outstanding: 0,
      unpaid_invoice_count: 0,
      channel_finance: false,
    });
    for (const row of rows) {
      expect(row.total_limit_sanctioned).toBe(sum([row.limit_utilised, row.available_limit]));
      expect(row.amount_overdue).toBeLessThanOrEqual(row.amount_outstanding!);
      if (!row.channel_finance)
        expect([row.total_limit_sanctioned, row.limit_utilised, row.available_limit]).toEqual([0, 0, 0]);
    }
  });

  it('filters by the retailer’s region and channel finance', async () => {
    const id = company(MANY_RETAILERS_DISTRIBUTOR).id;
    expect((await allRetailers(id, 'filter[region]=west')).map((r) => r.name).sort()).toEqual([
      'Konark Departmental Store',
      'Malabar Chemists',
    ]);
    const south = await allRetailers(id, 'filter[region]=south');
    expect(south).toHaveLength(10);
    for (const row of south) expect(retailer(row.name).region).toBe('south');
    expect(await allRetailers(id, 'filter[region]=north')).toEqual([]);
    const on = await allRetailers(id, 'filter[channel_finance]=1');
    const off = await allRetailers(id, 'filter[channel_finance]=0');
    expect([on.length, off.length]).toEqual([7, 5]);
    for (const row of on) expect(row.channel_finance).toBe(true);
    for (const row of off) expect(row.channel_finance).toBe(false);
    expect((await allRetailers(id, 'filter[channel_finance]=1&filter[region]=west')).map((r) => r.name)).toEqual([
      'Konark Departmental Store',
    ]);
    expect(await allRetailers(company(NO_CHANNEL_FINANCE_DISTRIBUTOR).id, 'filter[channel_finance]=1')).toEqual([]);
  });

  it('answers 404 for a distributor that is not the anchor’s, 422 for bad filters', async () => {
    const other = db().distributor_companies.find((c) => c.anchor_id === 1551)!;
    expectError(await get(retailersOf(other.id)), 404, 'ER-NOT-FOUND');
    expectError(await get(retailersOf(company(MANY_RETAILERS_DISTRIBUTOR).id), tokens.a1551), 404, 'ER-NOT-FOUND');
    expectError(await get(retailersOf(99_999_999)), 404, 'ER-NOT-FOUND');
    expectError(await get(retailersOf('abc')), 404, 'ER-NOT-FOUND');
    const id = company(MANY_RETAILERS_DISTRIBUTOR).id;
    expectError(await get(`${retailersOf(id)}?filter[channel_finance]=yes`), 422, 'ER-VALIDATION', 'channel_finance');
    expectError(await get(`${retailersOf(id)}?filter[region]=central`), 422, 'ER-VALIDATION', 'region');
    // One of the anchor's distributors without retailers: an empty list.
    const none = db().distributor_companies.find(
      (c) => c.anchor_id === 1 && !db().retailers.some((r) => r.distributor_company_id === c.id),
    )!;
    expect(decode(RetailerList, await get(retailersOf(none.id))).pagy?.count).toBe(0);
  });

  it('exports every matching retailer as CSV', async () => {
    const c = company(MANY_RETAILERS_DISTRIBUTOR);
    const answer = await get(
      `${retailersOf(c.id)}?filter[download_as_csv]=true&headers_accepted=name,channel_finance,amount_outstanding,unpaid_invoice_count`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(`Retailers-${c.customer_code}-2026-11-22.csv`);
    const lines = Papa.parse<string[]>(answer.text.trim()).data;
    expect(lines[0]).toEqual(['Retailer Name', 'Channel Finance', 'Amount Outstanding', 'Unpaid Invoice Count']);
    expect(lines).toHaveLength(13);
    expect(lines).toContainEqual([MANY_INVOICES_RETAILER, 'Yes', '210833.58', '14']);
    expect(lines).toContainEqual(['Palar Chemists', 'No', '0.00', '0']);
    const west = await get(`${retailersOf(c.id)}?filter[download_as_csv]=1&filter[region]=west`);
    const westLines = Papa.parse<string[]>(west.text.trim()).data;
    expect(westLines[0]).toHaveLength(14);
    expect(westLines.slice(1).map((l) => l[0])).toEqual(['Konark Departmental Store', 'Malabar Chemists']);
  });
});

describe('GET /distributor_retailers/:id/retailer_invoice_details', () => {
  const sri = () => retailer(MANY_INVOICES_RETAILER);

  it('pages a retailer’s invoices 15 at a time, newest first, with their ageing', async () => {
    expect(RETAILER_INVOICE_PAGE_SIZE).toBe(15);
    const first = decode(
      RetailerInvoiceList,
      await get(`${invoicesOf(sri().id)}?anchor_id=1&page=1&items=${RETAILER_INVOICE_PAGE_SIZE}`),
    );
    expect(first.pagy).toMatchObject({ count: 18, page: 1, items: 15, pages: 2, from: 1, to: 15, next: 2 });
    expect(first.data).toHaveLength(15);
    const second = decode(RetailerInvoiceList, await get(`${invoicesOf(sri().id)}?anchor_id=1&page=2`));
    expect(second.pagy).toMatchObject({ count: 18, page: 2, items: 15, from: 16, to: 18, next: null });
    const rows = [...first.data, ...second.data];
    const dates = rows.map((r) => r.invoice_date!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2026-11-20');
    // Issued 2 days ago: not due; 150 days ago on 30 days' credit: 120 days; paid: 0.
    expect(rows[0]).toMatchObject({
      invoice_ageing: 0,
      status: 'open',
      total: paise(12_450),
      amount_paid: 0,
      due_date: '2026-12-20',
    });
    expect(rows[17]).toMatchObject({
      invoice_ageing: 120,
      status: 'open',
      total: paise(9_450),
      invoice_date: '2026-06-25',
      due_date: '2026-07-25',
    });
    expect(rows.find((r) => r.invoice_date === '2026-11-13')).toMatchObject({
      status: 'paid',
      invoice_ageing: 0,
      amount_paid: paise(15_000),
    });
    expect(rows.find((r) => r.invoice_date === '2026-07-15')).toMatchObject({
      status: 'partially_paid',
      invoice_ageing: 100,
      amount_paid: paise(4_000),
    });
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['open', 'partially_paid', 'paid']));
    for (const row of rows) expect(row.document_number).toMatch(/^RINV\//);
    // The invoices add up to the retailer's row.
    const row = (await allRetailers(company(MANY_RETAILERS_DISTRIBUTOR).id)).find(
      (r) => r.name === MANY_INVOICES_RETAILER,
    )!;
    expect(sum(rows.map((r) => r.total - r.amount_paid!))).toBe(row.amount_outstanding);
    expect(sum(rows.filter((r) => r.invoice_ageing! > 0).map((r) => r.total - r.amount_paid!))).toBe(
      row.amount_overdue,
    );
  });

  it('takes 15 a page when items is not sent, and other page sizes up to 100', async () => {
    const plain = decode(RetailerInvoiceList, await get(`${invoicesOf(sri().id)}?anchor_id=1`));
    expect(plain.pagy).toMatchObject({ items: 15, count: 18 });
    expect(
      decode(RetailerInvoiceList, await get(`${invoicesOf(sri().id)}?anchor_id=1&items=5&page=4`)).data,
    ).toHaveLength(3);
    expectError(await get(`${invoicesOf(sri().id)}?anchor_id=1&items=101`), 422, 'ER-VALIDATION', 'items');
    expectError(await get(`${invoicesOf(sri().id)}?anchor_id=1&page=x`), 422, 'ER-VALIDATION', 'page');
  });

  it('needs anchor_id (422), the user’s own (403 ER-ACCESS-101)', async () => {
    expectError(await get(invoicesOf(sri().id)), 422, 'ER-VALIDATION', 'anchor_id');
    expectError(await get(`${invoicesOf(sri().id)}?anchor_id=abc`), 422, 'ER-VALIDATION', 'anchor_id');
    expectError(await get(`${invoicesOf(sri().id)}?anchor_id=1551`), 403, 'ER-ACCESS-101');
  });

  it('answers 404 for a retailer that is not the anchor’s', async () => {
    expectError(await get(`${invoicesOf(sri().id)}?anchor_id=1551`, tokens.a1551), 404, 'ER-NOT-FOUND');
    expectError(await get(`${invoicesOf(99_999_999)}?anchor_id=1`), 404, 'ER-NOT-FOUND');
    expectError(await get(`${invoicesOf('abc')}?anchor_id=1`), 404, 'ER-NOT-FOUND');
    expectError(await get(`${invoicesOf(sri().id)}?anchor_id=1`, 'nope'), 401, 'ER-AUTH-102');
  });

  it('answers an empty list for a retailer without invoices', async () => {
    const answer = decode(RetailerInvoiceList, await get(`${invoicesOf(retailer('Palar Chemists').id)}?anchor_id=1`));
    expect(answer.data).toEqual([]);
    expect(answer.pagy).toMatchObject({ count: 0, from: 0, to: 0 });
  });
});
