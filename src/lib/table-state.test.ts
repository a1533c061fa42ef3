import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_STATE, readTableState, withChange, writeTableState, type TableState } from './table-state';
import { REGIONS, isRegion } from '../domain/regions';

const state = (over: Partial<TableState> = {}): TableState => ({ ...DEFAULT_TABLE_STATE, filters: {}, ...over });

describe('REGIONS', () => {
  it('lists the four regions', () => {
    expect(REGIONS).toEqual(['north', 'east', 'west', 'south']);
    expect(isRegion('north')).toBe(true);
    expect(isRegion('all')).toBe(false);
    expect(isRegion('North')).toBe(false);
  });
});

describe('readTableState', () => {
  it('gives the defaults for an empty query', () => {
    expect(readTableState('', 'loans')).toEqual({ page: 1, region: 'all', search: '', filters: {}, selected: [] });
    expect(readTableState('?', 'loans')).toEqual({ page: 1, region: 'all', search: '', filters: {}, selected: [] });
  });

  it('reads the prefixed keys, with or without the leading ?', () => {
    const expected = {
      page: 3,
      region: 'east',
      search: 'acme steel',
      filters: { status: 'overdue', tenor: '90' },
      selected: [],
    };
    const query = 'loans.page=3&loans.region=east&loans.q=acme+steel&loans.f.status=overdue&loans.f.tenor=90';
    expect(readTableState(query, 'loans')).toEqual(expected);
    expect(readTableState(`?${query}`, 'loans')).toEqual(expected);
  });

  it("ignores other tables' and unrelated keys", () => {
    const query = 'tab=2&invoices.page=5&invoices.region=west&invoices.f.status=paid&loans.q=x&loansx.page=9';
    expect(readTableState(query, 'loans')).toEqual({ page: 1, region: 'all', search: 'x', filters: {}, selected: [] });
    expect(readTableState(query, 'invoices')).toEqual({
      page: 5,
      region: 'west',
      search: '',
      filters: { status: 'paid' },
      selected: [],
    });
  });

  it('falls back to page 1 when the page is not a positive integer', () => {
    for (const bad of ['0', '-2', '2.5', 'abc', '', '1e3', ' 2', '99999999999999999999']) {
      expect(readTableState(`t.page=${encodeURIComponent(bad)}`, 't').page).toBe(1);
    }
  });

  it("falls back to 'all' for an unknown region", () => {
    for (const bad of ['central', 'North', '', 'all ']) {
      expect(readTableState(`t.region=${encodeURIComponent(bad)}`, 't').region).toBe('all');
    }
    expect(readTableState('t.region=all', 't').region).toBe('all');
  });

  it('falls back to the given defaults for invalid values', () => {
    const defaults = { page: 2, region: 'south' as const };
    expect(readTableState('t.page=zero&t.region=moon', 't', defaults)).toEqual({
      page: 2,
      region: 'south',
      search: '',
      filters: {},
      selected: [],
    });
  });

  it('lays filters over the default filters; an empty value clears one', () => {
    const defaults = { filters: { status: 'open', kind: 'po' } };
    expect(readTableState('t.f.status=closed&t.f.extra=1', 't', defaults).filters).toEqual({
      status: 'closed',
      kind: 'po',
      extra: '1',
    });
    expect(readTableState('t.f.status=', 't', defaults).filters).toEqual({ kind: 'po' });
  });

  it('takes the first of repeated keys', () => {
    expect(readTableState('t.page=2&t.page=3&t.f.a=x&t.f.a=y', 't')).toEqual(state({ page: 2, filters: { a: 'x' } }));
  });

  it('keeps odd filter names as data', () => {
    expect(readTableState('t.f.__proto__=x&t.f.constructor=y', 't').filters).toEqual(
      Object.fromEntries([
        ['__proto__', 'x'],
        ['constructor', 'y'],
      ]),
    );
  });

  it('rejects table ids that could clash', () => {
    expect(() => readTableState('', 'a.f')).toThrow();
    expect(() => readTableState('', '')).toThrow();
    expect(() => writeTableState('', 'a b', state())).toThrow();
  });
});

describe('writeTableState', () => {
  it('gives an empty query for the default state', () => {
    expect(writeTableState('', 'loans', state())).toBe('');
    expect(writeTableState('?loans.page=4&loans.f.status=x', 'loans', state())).toBe('');
  });

  it('omits values equal to the given defaults', () => {
    const defaults = { page: 1, region: 'north' as const, search: 'a', filters: { status: 'open' } };
    expect(
      writeTableState(
        '',
        't',
        { page: 1, region: 'north', search: 'a', filters: { status: 'open' }, selected: [] },
        defaults,
      ),
    ).toBe('');
    expect(writeTableState('', 't', { page: 1, region: 'all', search: '', filters: {}, selected: [] }, defaults)).toBe(
      't.region=all&t.q=&t.f.status=',
    );
  });

  it('writes this table’s keys in a fixed order, filters sorted by name', () => {
    const next = state({ page: 2, region: 'west', search: 'acme & co', filters: { zeta: '1', alpha: 'b c' } });
    expect(writeTableState('', 'loans', next)).toBe(
      'loans.page=2&loans.region=west&loans.q=acme+%26+co&loans.f.alpha=b+c&loans.f.zeta=1',
    );
  });

  it('leaves other tables’ and unrelated keys untouched and in place', () => {
    const search = '?tab=2&loans.page=3&invoices.page=5&x=1&x=2&loans.q=old&loansx.page=9';
    expect(writeTableState(search, 'loans', state({ page: 4 }))).toBe(
      'tab=2&loans.page=4&invoices.page=5&x=1&x=2&loansx.page=9',
    );
    expect(writeTableState(search, 'loans', state())).toBe('tab=2&invoices.page=5&x=1&x=2&loansx.page=9');
  });

  it('appends at the end when the table had no keys yet', () => {
    expect(writeTableState('tab=2&invoices.page=5', 'loans', state({ region: 'east' }))).toBe(
      'tab=2&invoices.page=5&loans.region=east',
    );
  });

  it('does not shuffle the URL on repeated writes', () => {
    let search = 'a=1&loans.page=2&b=2';
    search = writeTableState(search, 'loans', state({ page: 3 }));
    search = writeTableState(search, 'loans', state({ page: 4, search: 'x' }));
    expect(search).toBe('a=1&loans.page=4&loans.q=x&b=2');
  });

  it('writes the selection last, in the order ticked, without repeats', () => {
    expect(writeTableState('', 'd', state({ page: 2, selected: ['inv_9', 'inv_2', 'inv_9'] }))).toBe(
      'd.page=2&d.sel=inv_9%2Cinv_2',
    );
    expect(readTableState('d.sel=inv_9,,inv_2,inv_9', 'd').selected).toEqual(['inv_9', 'inv_2']);
    expect(writeTableState('d.sel=inv_9&x=1', 'd', state())).toBe('x=1');
  });

  it('drops empty filters and writes invalid page or region as the default', () => {
    const bad = { page: 0, region: 'moon', search: '', filters: { a: '' }, selected: [] } as unknown as TableState;
    expect(writeTableState('', 't', bad)).toBe('');
  });
});

describe('round trips', () => {
  const nameArb = fc.string({ minLength: 1, maxLength: 8 });
  const stateArb: fc.Arbitrary<TableState> = fc.record({
    page: fc.integer({ min: 1, max: 10_000 }),
    region: fc.constantFrom('all' as const, ...REGIONS),
    search: fc.string({ maxLength: 20 }),
    filters: fc.dictionary(nameArb, fc.string({ minLength: 1, maxLength: 12 }), { maxKeys: 4 }),
    selected: fc.uniqueArray(fc.stringMatching(/^[a-z0-9_-]{1,8}$/), { maxLength: 4 }),
  });
  const defaultsArb: fc.Arbitrary<Partial<TableState>> = fc.record(
    {
      page: fc.integer({ min: 1, max: 5 }),
      region: fc.constantFrom('all' as const, ...REGIONS),
      search: fc.string({ maxLength: 5 }),
      filters: fc.dictionary(nameArb, fc.string({ minLength: 1, maxLength: 5 }), { maxKeys: 2 }),
    },
    { requiredKeys: [] },
  );
  const otherQueryArb = fc.array(
    fc.tuple(fc.constantFrom('tab', 'other.page', 'other.f.status', 'loansx.q', 'x'), fc.string({ maxLength: 6 })),
    {
      maxLength: 5,
    },
  );

  it('reads back a written example state', () => {
    const next = state({
      page: 7,
      region: 'south',
      search: 'Rāma Traders',
      filters: { status: 'due soon', 'a=b&c': '?#%' },
    });
    expect(readTableState(writeTableState('', 'loans', next), 'loans')).toEqual(next);
  });

  it('reads back what it writes, keeping every other key', () => {
    fc.assert(
      fc.property(stateArb, defaultsArb, otherQueryArb, (next, defaults, others) => {
        const before = new URLSearchParams(others).toString();
        const written = writeTableState(before, 'loans', next, defaults);
        expect(readTableState(written, 'loans', defaults)).toEqual(next);
        // Everything that is not this table's stays, in order.
        const rest = [...new URLSearchParams(written)].filter(([key]) => !key.startsWith('loans.'));
        expect(rest).toEqual([...new URLSearchParams(before)]);
      }),
    );
  });

  it('keeps two tables on one page apart', () => {
    fc.assert(
      fc.property(stateArb, stateArb, (a, b) => {
        const query = writeTableState(writeTableState('', 'loans', a), 'invoices', b);
        expect(readTableState(query, 'loans')).toEqual(a);
        expect(readTableState(query, 'invoices')).toEqual(b);
      }),
    );
  });

  it('writes nothing for the defaults, whatever they are', () => {
    fc.assert(
      fc.property(defaultsArb, (defaults) => {
        const full = { ...state(), ...defaults };
        expect(writeTableState('', 'loans', full, defaults)).toBe('');
      }),
    );
  });
});

describe('withChange', () => {
  const on3 = state({ page: 3, region: 'north', search: 'acme', filters: { status: 'open' } });

  it('keeps the page when only the page changes', () => {
    expect(withChange(on3, { page: 5 })).toEqual({ ...on3, page: 5 });
  });

  it('keeps the page when only the selection changes', () => {
    expect(withChange(on3, { selected: ['inv_1'] })).toEqual({ ...on3, selected: ['inv_1'] });
  });

  it('keeps the selection when a filter changes', () => {
    const ticked = { ...on3, selected: ['inv_1'] };
    expect(withChange(ticked, { filters: { status: 'closed' } })).toMatchObject({ page: 1, selected: ['inv_1'] });
  });

  it('resets to page 1 when the region changes', () => {
    expect(withChange(on3, { region: 'east' })).toEqual({ ...on3, region: 'east', page: 1 });
  });

  it('resets to page 1 when the search changes', () => {
    expect(withChange(on3, { search: 'acme steel' })).toEqual({ ...on3, search: 'acme steel', page: 1 });
  });

  it('resets to page 1 when any filter changes, is added or removed', () => {
    expect(withChange(on3, { filters: { status: 'closed' } }).page).toBe(1);
    expect(withChange(on3, { filters: { status: 'open', kind: 'po' } }).page).toBe(1);
    expect(withChange(on3, { filters: {} }).page).toBe(1);
  });

  it('resets to page 1 even when the change also names a page', () => {
    expect(withChange(on3, { region: 'west', page: 4 }).page).toBe(1);
  });

  it('keeps the page when the values given are the same as before', () => {
    expect(withChange(on3, { region: 'north', search: 'acme', filters: { status: 'open' } })).toEqual(on3);
    expect(withChange(on3, { filters: { status: 'open', empty: '' } }).page).toBe(3);
    expect(withChange(on3, {})).toEqual(on3);
  });

  it('replaces the filters as a whole', () => {
    expect(withChange(on3, { filters: { kind: 'po' } }).filters).toEqual({ kind: 'po' });
  });
});
