import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MISSING,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatShortMoney,
  orMissing,
} from './format';

/** '-₹12,34,567.89' -> -123456789: strip the sign, the rupee sign and the group separators. */
function parseMoney(text: string): number {
  const match = /^(-?)₹([\d,]+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a money string: ${text}`);
  const [, sign, whole = '', fraction = ''] = match;
  const paise = Number(whole.replaceAll(',', '')) * 100 + Number(fraction);
  return sign === '-' ? -paise : paise;
}

/** en-IN grouping: the last three digits, then groups of two. */
const EN_IN_INTEGER = /^\d{1,2}(,\d{2})*,\d{3}$|^\d{1,3}$/;

describe('MISSING', () => {
  it('is a single hyphen', () => {
    expect(MISSING).toBe('-');
  });
});

describe('formatMoney', () => {
  it('formats paise as rupees with en-IN grouping and two decimals', () => {
    expect(formatMoney(123456789)).toBe('₹12,34,567.89');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney(1)).toBe('₹0.01');
    expect(formatMoney(10)).toBe('₹0.10');
    expect(formatMoney(100)).toBe('₹1.00');
    expect(formatMoney(99999)).toBe('₹999.99');
    expect(formatMoney(100000)).toBe('₹1,000.00');
    expect(formatMoney(10000000)).toBe('₹1,00,000.00');
    expect(formatMoney(1000000000)).toBe('₹1,00,00,000.00');
  });

  it('puts the minus sign before the rupee sign for negatives', () => {
    expect(formatMoney(-5)).toBe('-₹0.05');
    expect(formatMoney(-123456789)).toBe('-₹12,34,567.89');
    expect(formatMoney(-100)).toBe('-₹1.00');
  });

  it('shows negative zero as plain zero', () => {
    expect(formatMoney(-0)).toBe('₹0.00');
  });

  it('is exact where a float division by 100 is not', () => {
    // MAX_SAFE_INTEGER / 100 as a double is 90071992547409.90625, which Intl shows as '...409.91' only if the
    // formatter avoids the float: INR.format(Number.MAX_SAFE_INTEGER / 100) gives '...409.90'.
    expect(formatMoney(7)).toBe('₹0.07');
    expect(formatMoney(1999)).toBe('₹19.99');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
    expect(formatMoney(-Number.MAX_SAFE_INTEGER)).toBe('-₹9,00,71,99,25,47,409.91');
  });

  it('is exact for bigint amounts beyond the safe range', () => {
    expect(formatMoney(1234567890123456789012n)).toBe('₹1,23,45,67,89,01,23,45,67,890.12');
    expect(formatMoney(-1n)).toBe('-₹0.01');
  });

  it('rounds a fractional paise half away from zero', () => {
    expect(formatMoney(12.5)).toBe('₹0.13');
    expect(formatMoney(-12.5)).toBe('-₹0.13');
    expect(formatMoney(12.4)).toBe('₹0.12');
  });

  it('returns MISSING for null, undefined, NaN and infinities', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney(Number.NaN)).toBe('-');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('-');
    expect(formatMoney(Number.NEGATIVE_INFINITY)).toBe('-');
  });

  it('parses back to the same paise for any safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (paise) => {
        const text = formatMoney(paise);
        expect(text).toMatch(/^-?₹[\d,]+\.\d{2}$/);
        // Positive results are below 2^53 so the parse itself is exact.
        expect(parseMoney(text)).toBe(paise === 0 ? 0 : paise);
      }),
    );
  });

  it('groups the rupees the en-IN way for any safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (paise) => {
        const whole = formatMoney(paise).replace(/^-?₹/, '').split('.')[0] ?? '';
        expect(whole).toMatch(EN_IN_INTEGER);
      }),
    );
  });
});

describe('formatShortMoney', () => {
  const rupees = (r: number) => Math.round(r * 100);

  it('uses the spec examples', () => {
    expect(formatShortMoney(rupees(1_50_00_000))).toBe('₹1.50 C');
    expect(formatShortMoney(rupees(2_50_000))).toBe('₹2.50 L');
    expect(formatShortMoney(rupees(4_500))).toBe('₹4.50 K');
    expect(formatShortMoney(99950)).toBe('₹999.50');
  });

  it('chooses the unit from the exact paise at the thousand boundary', () => {
    expect(formatShortMoney(99999)).toBe('₹999.99'); // 999.99 rupees
    expect(formatShortMoney(100000)).toBe('₹1.00 K'); // 1,000.00 rupees
  });

  it('chooses the unit from the exact paise at the lakh boundary', () => {
    // 99,999.99 rupees is under a lakh: thousands, 99.99999 K rounds to 100.00 K and stays in K.
    expect(formatShortMoney(9999999)).toBe('₹100.00 K');
    expect(formatShortMoney(10000000)).toBe('₹1.00 L'); // 1,00,000.00 rupees
    expect(formatShortMoney(10000001)).toBe('₹1.00 L');
  });

  it('chooses the unit from the exact paise at the crore boundary', () => {
    // 99,99,999.99 rupees is under a crore: 99.9999999 L rounds to 100.00 L and stays in L.
    expect(formatShortMoney(999999999)).toBe('₹100.00 L');
    expect(formatShortMoney(1000000000)).toBe('₹1.00 C'); // 1,00,00,000.00 rupees
  });

  it('rounds half away from zero to two decimals of the unit', () => {
    expect(formatShortMoney(rupees(1_005))).toBe('₹1.01 K'); // 1.005 K
    expect(formatShortMoney(rupees(1_004.99))).toBe('₹1.00 K');
    expect(formatShortMoney(rupees(1_23_45_000))).toBe('₹1.23 C'); // 1.2345 C
    expect(formatShortMoney(rupees(1_23_50_000))).toBe('₹1.24 C'); // 1.235 C
    expect(formatShortMoney(-rupees(1_23_50_000))).toBe('-₹1.24 C');
  });

  it('keeps growing in crores with en-IN grouping', () => {
    expect(formatShortMoney(rupees(1_234 * 1_00_00_000))).toBe('₹1,234.00 C');
  });

  it('keeps the sign of negatives', () => {
    expect(formatShortMoney(-rupees(2_50_000))).toBe('-₹2.50 L');
    expect(formatShortMoney(-rupees(4_500))).toBe('-₹4.50 K');
    expect(formatShortMoney(-5)).toBe('-₹0.05');
    expect(formatShortMoney(-999999999)).toBe('-₹100.00 L');
  });

  it('formats zero and missing values', () => {
    expect(formatShortMoney(0)).toBe('₹0.00');
    expect(formatShortMoney(-0)).toBe('₹0.00');
    expect(formatShortMoney(null)).toBe('-');
    expect(formatShortMoney(undefined)).toBe('-');
    expect(formatShortMoney(Number.NaN)).toBe('-');
  });

  it('is the same as formatMoney below a thousand rupees and a unit of at most 2 decimals above', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (paise) => {
        const text = formatShortMoney(paise);
        if (Math.abs(paise) < 100000) {
          expect(text).toBe(formatMoney(paise));
        } else {
          expect(text).toMatch(/^-?₹[\d,]+\.\d{2} [KLC]$/);
          expect(text.startsWith('-')).toBe(paise < 0);
        }
      }),
    );
  });

  it('never drifts more than half a hundredth of the unit from the amount', () => {
    const unitPaise = { K: 1e5, L: 1e7, C: 1e9 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 100000, max: 1e13 }), (paise) => {
        const match = /^₹([\d,]+\.\d{2}) ([KLC])$/.exec(formatShortMoney(paise));
        expect(match).not.toBeNull();
        const [, amount = '', suffix = 'K'] = match ?? [];
        const unit = unitPaise[suffix as keyof typeof unitPaise];
        // Shown value in paise (shown * unit) vs the real amount: at most half of a hundredth of the unit.
        const shownHundredths = Number(amount.replaceAll(',', '').replace('.', ''));
        expect(Math.abs(shownHundredths * (unit / 100) - paise)).toBeLessThanOrEqual(unit / 200);
        // The unit is the largest one not above the amount.
        expect(paise).toBeGreaterThanOrEqual(unit);
        if (suffix !== 'C') expect(paise).toBeLessThan(unit * 100);
      }),
    );
  });
});

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
