import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatPercent, orMissing } from './format';

/** en-IN grouping: the last three digits, then groups of two. */
const EN_IN_INTEGER = /^\d{1,2}(,\d{2})*,\d{3}$|^\d{1,3}$/;

describe('formatDate', () => {
  it('formats a date-only string as DD MMM YYYY', () => {
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
  });

  it('reads a date-only string as a local calendar date (not UTC midnight)', () => {
    // Read as UTC, this would be 31 Dec 2025 in any zone west of Greenwich.
    expect(formatDate('2026-01-01')).toBe('01 Jan 2026');
    expect(formatDate('2026-12-31')).toBe('31 Dec 2026');
  });

  it('formats local timestamps around midnight on their own day', () => {
    expect(formatDate('2026-01-01T00:00:00')).toBe('01 Jan 2026');
    expect(formatDate('2025-12-31T23:59:59')).toBe('31 Dec 2025');
  });

  it('formats Date objects in local time', () => {
    expect(formatDate(new Date(2026, 0, 1))).toBe('01 Jan 2026');
    expect(formatDate(new Date(2026, 0, 1, 23, 59))).toBe('01 Jan 2026');
    expect(formatDate(new Date(2025, 11, 31, 0, 0))).toBe('31 Dec 2025');
  });

  it('converts timestamps with an offset to local time', () => {
    const instant = '2026-06-15T12:00:00Z';
    const local = new Date(instant);
    const expected = `${String(local.getDate()).padStart(2, '0')} Jun 2026`;
    expect(formatDate(instant)).toBe(expected);
  });

  it('trims surrounding whitespace', () => {
    expect(formatDate(' 2026-11-22 ')).toBe('22 Nov 2026');
  });

  it('returns MISSING for missing, invalid and non-ISO values', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('   ')).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate('2026-02-30')).toBe('-');
    expect(formatDate('2026-13-01')).toBe('-');
    expect(formatDate('22/11/2026')).toBe('-');
    expect(formatDate(new Date(Number.NaN))).toBe('-');
  });
});

describe('formatDateTime', () => {
  it('formats as DD MMM YYYY, hh:mm a', () => {
    expect(formatDateTime('2026-11-22T15:05:00')).toBe('22 Nov 2026, 03:05 PM');
    expect(formatDateTime(new Date(2026, 10, 22, 15, 5))).toBe('22 Nov 2026, 03:05 PM');
  });

  it('uses a 12-hour clock around midnight and noon', () => {
    expect(formatDateTime('2026-01-01T00:05:00')).toBe('01 Jan 2026, 12:05 AM');
    expect(formatDateTime('2026-01-01T12:00:00')).toBe('01 Jan 2026, 12:00 PM');
    expect(formatDateTime('2026-01-01T23:59:00')).toBe('01 Jan 2026, 11:59 PM');
  });

  it('shows a date-only string at local midnight', () => {
    expect(formatDateTime('2026-01-01')).toBe('01 Jan 2026, 12:00 AM');
  });

  it('converts timestamps with an offset to local time', () => {
    const instant = '2026-06-15T12:00:00Z';
    expect(formatDateTime(instant)).toBe(formatDateTime(new Date(instant)));
    expect(formatDateTime(instant)).toMatch(/^\d{2} Jun 2026, \d{2}:\d{2} (AM|PM)$/);
  });

  it('returns MISSING for missing and invalid values', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('2026-11-22T25:00:00')).toBe('-');
    expect(formatDateTime(new Date('garbage'))).toBe('-');
  });
});

describe('formatCount', () => {
  it('groups integers the en-IN way', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(12345678)).toBe('1,23,45,678');
    expect(formatCount(-123456)).toBe('-1,23,456');
  });

  it('rounds fractions half away from zero without a minus on zero', () => {
    expect(formatCount(2.5)).toBe('3');
    expect(formatCount(-2.5)).toBe('-3');
    expect(formatCount(2.4)).toBe('2');
    expect(formatCount(-0.2)).toBe('0');
  });

  it('returns MISSING for missing and non-finite values', () => {
    expect(formatCount(null)).toBe('-');
    expect(formatCount(undefined)).toBe('-');
    expect(formatCount(Number.NaN)).toBe('-');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('-');
  });

  it('round-trips any safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        const text = formatCount(n);
        expect(text.replace(/^-/, '')).toMatch(EN_IN_INTEGER);
        expect(Number(text.replaceAll(',', ''))).toBe(n === 0 ? 0 : n);
      }),
    );
  });
});

describe('formatPercent', () => {
  it('shows two decimals by default', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(formatPercent(-3.25)).toBe('-3.25%');
  });

  it('takes the number of decimals', () => {
    expect(formatPercent(12.5, 0)).toBe('13%');
    expect(formatPercent(12.3456, 3)).toBe('12.346%');
    expect(formatPercent(7, 1)).toBe('7.0%');
  });

  it('rounds the decimal value as written, half away from zero', () => {
    expect(formatPercent(1.005)).toBe('1.01%'); // (1.005).toFixed(2) would give '1.00'
    expect(formatPercent(-1.005)).toBe('-1.01%');
  });

  it('does not show a minus on a value that rounds to zero', () => {
    expect(formatPercent(-0.001)).toBe('0.00%');
  });

  it('groups large values the en-IN way', () => {
    expect(formatPercent(123456.5)).toBe('1,23,456.50%');
  });

  it('returns MISSING for missing and non-finite values', () => {
    expect(formatPercent(null)).toBe('-');
    expect(formatPercent(undefined)).toBe('-');
    expect(formatPercent(Number.NaN)).toBe('-');
    expect(formatPercent(Number.NEGATIVE_INFINITY)).toBe('-');
  });

  it('rejects an unusable number of decimals', () => {
    expect(() => formatPercent(1, -1)).toThrow(RangeError);
    expect(() => formatPercent(1, 1.5)).toThrow(RangeError);
    expect(() => formatPercent(1, 21)).toThrow(RangeError);
  });
});

describe('orMissing', () => {
  it('returns the trimmed text', () => {
    expect(orMissing('Acme Ltd')).toBe('Acme Ltd');
    expect(orMissing('  Acme Ltd \n')).toBe('Acme Ltd');
  });

  it('returns MISSING for empty, blank and missing text', () => {
    expect(orMissing('')).toBe('-');
    expect(orMissing('   \t')).toBe('-');
    expect(orMissing(null)).toBe('-');
    expect(orMissing(undefined)).toBe('-');
  });
});

describe('the formatters match Intl (which the app does not load: groupIndian in src/domain/money says why)', () => {
  it('formatCount and formatPercent round and group as Intl en-IN does', () => {
    const percent = (d: number) =>
      new Intl.NumberFormat('en-IN', { minimumFractionDigits: d, maximumFractionDigits: d, signDisplay: 'negative' });
    const count = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, signDisplay: 'negative' });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }),
          fc.integer().map((n) => n / 1000),
        ),
        fc.integer({ min: 0, max: 6 }),
        (value, decimals) => {
          expect(formatCount(value)).toBe(count.format(value));
          expect(formatPercent(value, decimals)).toBe(`${percent(decimals).format(value)}%`);
        },
      ),
    );
  });

  it('formatDateTime names the parts as Intl en-US does, in local time', () => {
    const parts = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    fc.assert(
      fc.property(fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }), (date) => {
        const p = Object.fromEntries(parts.formatToParts(date).map(({ type, value }) => [type, value]));
        expect(formatDateTime(date)).toBe(`${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`);
      }),
    );
  });
});
