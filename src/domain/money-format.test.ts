import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MISSING, formatMoney, formatRupees, formatShortMoney, groupIndian } from './money';

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

describe('the formatters match Intl en-IN (which the app does not load: groupIndian says why)', () => {
  const INR = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const decimal = (paise: number) =>
    `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}` as `${number}`;

  it('groupIndian groups like Intl for every length of number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (n) => {
        expect(groupIndian(n.toString())).toBe(new Intl.NumberFormat('en-IN').format(n));
      }),
    );
  });

  it('formatMoney and formatRupees give what Intl gives for any safe amount of paise', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (paise) => {
        expect(formatMoney(paise)).toBe(INR.format(decimal(paise)));
        expect(formatRupees(paise)).toBe(RUPEES.format(decimal(paise)));
      }),
    );
  });
});
