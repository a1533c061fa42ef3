import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from '../app';
import { demoAuthToken } from '../test-login';

const mock = createMockServer({ log: () => {} });
let running: RunningMock;
let token = '';

beforeAll(async () => {
  running = await mock.listen(0);
  token = await demoAuthToken(running.url, 't1@anchor.test');
});
afterAll(() => running.close());

interface Row {
  attributes: { id: number; name: string; customer_code: string; region: string };
}
interface ListAnswer {
  data: Row[];
  pagy: {
    count: number;
    page: number;
    pages: number;
    from: number;
    to: number;
    prev: number | null;
    next: number | null;
  };
  errors?: { title?: string }[];
}

async function list(query: string, auth = token): Promise<{ status: number; body: ListAnswer }> {
  const response = await fetch(`${running.url}/distributor_companies?${query}`, { headers: { Authorization: auth } });
  return { status: response.status, body: (await response.json()) as ListAnswer };
}

const anchorOne = () => mock.db().distributor_companies.filter((c) => c.anchor_id === 1);

describe('GET /distributor_companies', () => {
  it('needs a valid token', async () => {
    expect((await list('', 'nope')).status).toBe(401);
  });

  it('pages the anchor’s own customers, 10 a page, newest first', async () => {
    const { body } = await list('page=2');
    const all = anchorOne();
    expect(body.pagy).toEqual({
      count: all.length,
      page: 2,
      items: 10,
      pages: Math.ceil(all.length / 10),
      from: 11,
      to: 20,
      prev: 1,
      next: 3,
    });
    expect(body.data).toHaveLength(10);
    const ids = new Set(all.map((c) => c.id));
    for (const row of body.data) expect(ids.has(row.attributes.id)).toBe(true);
    const first = (await list('page=1')).body.data.map((r) => r.attributes.id);
    const newest = [...all].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)[0]!;
    expect(first[0]).toBe(newest.id);
  });

  it('filters by region', async () => {
    const { body } = await list('filter[region]=north&items=100');
    expect(body.pagy.count).toBe(anchorOne().filter((c) => c.region === 'north').length);
    expect(new Set(body.data.map((r) => r.attributes.region))).toEqual(new Set(['north']));
    expect((await list('filter[region]=all')).body.pagy.count).toBe(anchorOne().length);
  });

  it('searches names and codes without regard to case', async () => {
    const target = anchorOne()[5]!;
    const byCode = await list(`filter[search]=${target.customer_code.toLowerCase()}`);
    expect(byCode.body.data.map((r) => r.attributes.id)).toEqual([target.id]);
    const word = target.name.split(' ')[0]!.toUpperCase();
    const byName = await list(`filter[search]=${encodeURIComponent(word)}&items=100`);
    expect(byName.body.data.map((r) => r.attributes.id)).toContain(target.id);
    for (const row of byName.body.data)
      expect(`${row.attributes.name} ${row.attributes.customer_code}`.toUpperCase()).toContain(word);
  });

  it('answers a page past the end with no rows, and bad paging or regions with 422', async () => {
    const past = await list('page=999');
    expect(past.body.data).toEqual([]);
    expect(past.body.pagy).toMatchObject({ from: 0, to: 0, next: null });
    expect((await list('page=0')).status).toBe(422);
    expect((await list('page=abc')).status).toBe(422);
    expect((await list('items=1000')).status).toBe(422);
    const region = await list('filter[region]=central');
    expect(region.status).toBe(422);
    expect(region.body.errors?.[0]?.title).toBe('region');
  });
});
