import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ITEMS, clampPage, lastPage, pageSummary, pagyOfZeroBased, showPageInput } from './pagination';

describe('lastPage', () => {
  it('uses pages when given', () => {
    expect(lastPage({ count: 95, page: 1, pages: 7 })).toBe(7);
  });

  it('computes from count and items when pages is missing', () => {
    expect(lastPage({ count: 95, page: 1, items: 20 })).toBe(5);
    expect(lastPage({ count: 100, page: 1, items: 20 })).toBe(5);
    expect(lastPage({ count: 101, page: 1, items: 20 })).toBe(6);
  });

  it('defaults items to 10', () => {
    expect(DEFAULT_ITEMS).toBe(10);
    expect(lastPage({ count: 95, page: 1 })).toBe(10);
    expect(lastPage({ count: 100, page: 1 })).toBe(10);
    expect(lastPage({ count: 101, page: 1 })).toBe(11);
    expect(lastPage({ count: 95, page: 1, items: 0 })).toBe(10);
  });

  it('is at least 1', () => {
    expect(lastPage({ count: 0, page: 1 })).toBe(1);
    expect(lastPage({ count: 0, page: 1, pages: 0 })).toBe(1);
    expect(lastPage({ count: 5, page: 1, items: 10 })).toBe(1);
  });

  it('is an integer of at least 1 for any count and items', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), fc.integer({ min: 1, max: 1000 }), (count, items) => {
        const last = lastPage({ count, page: 1, items });
        expect(Number.isInteger(last)).toBe(true);
        expect(last).toBeGreaterThanOrEqual(1);
        // Every item fits, and the last page is not empty unless the list is.
        expect(last * items).toBeGreaterThanOrEqual(count);
        if (count > 0) expect((last - 1) * items).toBeLessThan(count);
      }),
    );
  });
});

describe('showPageInput', () => {
  it('shows only when the count exceeds 10', () => {
    expect(showPageInput({ count: 0, page: 1 })).toBe(false);
    expect(showPageInput({ count: 10, page: 1 })).toBe(false);
    expect(showPageInput({ count: 11, page: 1 })).toBe(true);
    expect(showPageInput({ count: 1000, page: 3, pages: 100 })).toBe(true);
  });
});

describe('clampPage', () => {
  it('returns the typed page when it is in range', () => {
    expect(clampPage('3', 10)).toBe(3);
    expect(clampPage(' 7 ', 10)).toBe(7);
    expect(clampPage(10, 10)).toBe(10);
    expect(clampPage(1, 10)).toBe(1);
  });

  it('returns null when there is nothing to go to', () => {
    expect(clampPage('', 10)).toBeNull();
    expect(clampPage('   ', 10)).toBeNull();
    expect(clampPage('abc', 10)).toBeNull();
    expect(clampPage('3abc', 10)).toBeNull();
    expect(clampPage('1e2', 10)).toBeNull();
    expect(clampPage('0x10', 10)).toBeNull();
    expect(clampPage('.', 10)).toBeNull();
    expect(clampPage(Number.NaN, 10)).toBeNull();
    expect(clampPage(Number.POSITIVE_INFINITY, 10)).toBeNull();
  });

  it('truncates fractions', () => {
    expect(clampPage('2.7', 10)).toBe(2);
    expect(clampPage(2.7, 10)).toBe(2);
    expect(clampPage('9.99', 10)).toBe(9);
    expect(clampPage('.5', 10)).toBe(1);
  });

  it('raises anything below 1 to 1', () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage('0', 10)).toBe(1);
    expect(clampPage(-3, 10)).toBe(1);
    expect(clampPage('-3', 10)).toBe(1);
    expect(clampPage('0.5', 10)).toBe(1);
  });

  it('lowers anything above last to last', () => {
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage('999', 10)).toBe(10);
    expect(clampPage('10.5', 10)).toBe(10);
  });

  it('takes last as at least 1', () => {
    expect(clampPage('5', 0)).toBe(1);
    expect(clampPage('5', Number.NaN)).toBe(1);
  });

  it('always answers an integer in [1, last] or null', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double(), fc.integer().map(String), fc.double({ noNaN: true }).map(String)),
        fc.integer({ min: 1, max: 10_000 }),
        (input, last) => {
          const page = clampPage(input, last);
          if (page === null) return;
          expect(Number.isInteger(page)).toBe(true);
          expect(page).toBeGreaterThanOrEqual(1);
          expect(page).toBeLessThanOrEqual(last);
        },
      ),
    );
  });

  it('keeps any in-range integer as typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (page, extra) => {
        expect(clampPage(String(page), page + extra)).toBe(page);
      }),
    );
  });
});

describe('pageSummary', () => {
  it('uses from and to when given', () => {
    expect(pageSummary({ count: 95, page: 2, from: 11, to: 20 })).toBe('Showing 11 to 20 of 95');
  });

  it('computes from and to when missing', () => {
    expect(pageSummary({ count: 95, page: 2 })).toBe('Showing 11 to 20 of 95');
    expect(pageSummary({ count: 95, page: 10 })).toBe('Showing 91 to 95 of 95');
    expect(pageSummary({ count: 95, page: 1, items: 25 })).toBe('Showing 1 to 25 of 95');
    expect(pageSummary({ count: 95, page: 4, items: 25 })).toBe('Showing 76 to 95 of 95');
    // What is counted, when the table says it ('Entries' on the pay page, 'payments' in collections).
    expect(pageSummary({ count: 346, page: 1 }, 'payments')).toBe('Showing 1 to 10 of 346 payments');
    expect(pageSummary({ count: 0, page: 1 }, 'Entries')).toBe('Showing 0 to 0 of 0 Entries');
  });

  it('keeps a page beyond the end within the list', () => {
    expect(pageSummary({ count: 95, page: 42 })).toBe('Showing 91 to 95 of 95');
    expect(pageSummary({ count: 95, page: 0 })).toBe('Showing 1 to 10 of 95');
  });

  it('reads 0 to 0 of 0 for an empty list', () => {
    expect(pageSummary({ count: 0, page: 1 })).toBe('Showing 0 to 0 of 0');
    expect(pageSummary({ count: 0, page: 1, pages: 1, from: 0, to: 0 })).toBe('Showing 0 to 0 of 0');
  });

  it('groups large numbers the en-IN way', () => {
    expect(pageSummary({ count: 123456, page: 1001 })).toBe('Showing 10,001 to 10,010 of 1,23,456');
  });
});

describe('pagyOfZeroBased', () => {
  it('turns a zero-based page into the pager block, pages counted from 1', () => {
    expect(pagyOfZeroBased({ page: 0, size: 10, totalElements: 23, totalPages: 3 })).toEqual({
      count: 23,
      page: 1,
      pages: 3,
      items: 10,
      from: 1,
      to: 10,
      prev: null,
      next: 2,
    });
    expect(pagyOfZeroBased({ page: 2, size: 10, totalElements: 23, totalPages: 3 })).toEqual({
      count: 23,
      page: 3,
      pages: 3,
      items: 10,
      from: 21,
      to: 23,
      prev: 2,
      next: null,
    });
    expect(pageSummary(pagyOfZeroBased({ page: 1, size: 10, totalElements: 23, totalPages: 3 }))).toBe(
      'Showing 11 to 20 of 23',
    );
  });
  it('reads an empty list as one empty page', () => {
    expect(pagyOfZeroBased({ page: 0, size: 10, totalElements: 0, totalPages: 0 })).toMatchObject({
      count: 0,
      page: 1,
      pages: 1,
      from: 0,
      to: 0,
      prev: null,
      next: null,
    });
  });
});
