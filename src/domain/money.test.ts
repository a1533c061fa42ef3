import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paiseToRupees, rupeesToPaise } from './money';

/** Integer paise well inside the safe range: |p| < 1e13. */
const paiseArb = fc.integer({ min: -(1e13 - 1), max: 1e13 - 1 });

describe('rupeesToPaise', () => {
  it('turns decimal strings into integer paise', () => {
    expect(rupeesToPaise('1234.5')).toBe(123450);
    expect(rupeesToPaise('1234.50')).toBe(123450);
    expect(rupeesToPaise('1234')).toBe(123400);
    expect(rupeesToPaise('0.01')).toBe(1);
    expect(rupeesToPaise('0.1')).toBe(10);
    expect(rupeesToPaise('-12.34')).toBe(-1234);
    expect(rupeesToPaise('007.5')).toBe(750);
  });

  it('turns numbers into integer paise without float error', () => {
    expect(rupeesToPaise(1234.5)).toBe(123450);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(1.1)).toBe(110);
    expect(rupeesToPaise(-0.07)).toBe(-7);
    expect(rupeesToPaise(1234.567)).toBe(123457);
  });

  it('trims surrounding whitespace of strings', () => {
    expect(rupeesToPaise('  12.30 \n')).toBe(1230);
  });

  it('rounds half away from zero at the third decimal', () => {
    expect(rupeesToPaise('1.005')).toBe(101);
    expect(rupeesToPaise('-1.005')).toBe(-101);
    expect(rupeesToPaise('1.004')).toBe(100);
    expect(rupeesToPaise('-1.004')).toBe(-100);
    expect(rupeesToPaise('1.0049999')).toBe(100);
    expect(rupeesToPaise('1.0051')).toBe(101);
    expect(rupeesToPaise('1.995')).toBe(200);
    expect(rupeesToPaise('0.999')).toBe(100);
    expect(rupeesToPaise('-0.995')).toBe(-100);
    // Numbers go through their shortest decimal text, so 1.005 (really 1.00499999...) still rounds up.
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(-1.005)).toBe(-101);
  });

  it('gives plain 0 (never -0) for zero amounts', () => {
    for (const zero of ['-0', '0.00', '0', '-0.00', '-0.004', 0, -0]) {
      const paise = rupeesToPaise(zero);
      expect(paise, String(zero)).toBe(0);
      expect(Object.is(paise, -0), `${String(zero)} gave -0`).toBe(false);
    }
  });

  it('rejects text that is not a plain decimal with null', () => {
    for (const bad of [
      'abc',
      '1e5',
      '1E5',
      '1,000',
      '',
      ' ',
      '1.2.3',
      '+5',
      '.5',
      '5.',
      '--1',
      '₹10',
      '0x10',
      'Infinity',
      'NaN',
      '1 000',
    ]) {
      expect(rupeesToPaise(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('rejects NaN, infinities and exponent-form numbers with null', () => {
    expect(rupeesToPaise(Number.NaN)).toBeNull();
    expect(rupeesToPaise(Number.POSITIVE_INFINITY)).toBeNull();
    expect(rupeesToPaise(Number.NEGATIVE_INFINITY)).toBeNull();
    expect(rupeesToPaise(1e21)).toBeNull();
    expect(rupeesToPaise(1e-7)).toBeNull();
  });

  it('rejects amounts whose paise are beyond the safe integer range', () => {
    expect(rupeesToPaise('100000000000000000000')).toBeNull();
    expect(rupeesToPaise('-100000000000000000000')).toBeNull();
  });

  it('property: the 2-decimal string of p/100 gives back p', () => {
    fc.assert(
      fc.property(paiseArb, (p) => {
        expect(rupeesToPaise((p / 100).toFixed(2))).toBe(p);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the number Number((p/100).toFixed(2)) gives back p', () => {
    fc.assert(
      fc.property(paiseArb, (p) => {
        expect(rupeesToPaise(Number((p / 100).toFixed(2)))).toBe(p);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: paiseToRupees then rupeesToPaise is the identity', () => {
    fc.assert(
      fc.property(paiseArb, (p) => {
        expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the sign of the text only flips the sign of the result', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.stringMatching(/^\d{0,6}$/), (whole, fraction) => {
        const text = fraction === '' ? String(whole) : `${whole}.${fraction}`;
        const positive = rupeesToPaise(text);
        const negative = rupeesToPaise(`-${text}`);
        expect(positive).not.toBeNull();
        expect(negative).toBe(positive === 0 ? 0 : -(positive as number));
      }),
    );
  });

  it('property: extra digits beyond the third decimal never change the result', () => {
    fc.assert(
      fc.property(paiseArb, fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^\d{1,5}$/), (p, third, tail) => {
        const base = (p / 100).toFixed(2);
        expect(rupeesToPaise(`${base}${third}${tail}`)).toBe(rupeesToPaise(`${base}${third}`));
      }),
    );
  });
});

describe('paiseToRupees', () => {
  it('divides paise by 100', () => {
    expect(paiseToRupees(123450)).toBe(1234.5);
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(-7)).toBe(-0.07);
    expect(paiseToRupees(0)).toBe(0);
  });

  it('property: shown to 2 places it is exactly the paise amount', () => {
    fc.assert(
      fc.property(paiseArb, (p) => {
        const sign = p < 0 ? '-' : '';
        const abs = Math.abs(p);
        const expected = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
        expect(paiseToRupees(p).toFixed(2)).toBe(expected === '-0.00' ? '0.00' : expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('rupeesToPaise options', () => {
  const sheetRupees = (text: string) => rupeesToPaise(text, { unsigned: true, exact: true, grouping: true });
  it('with grouping, exact and unsigned: reads a sheet’s plain and grouped rupees with up to 2 decimals, exactly', () => {
    expect(sheetRupees('0.1')).toBe(10);
    expect(sheetRupees('1234.56')).toBe(123_456);
    expect(sheetRupees('1,23,45,678.90')).toBe(1_234_567_890);
    expect(sheetRupees('123,456,789.01')).toBe(12_345_678_901);
    expect(sheetRupees('1,000')).toBe(100_000);
    for (const bad of ['1.234', '-1', '1e5', '12,34', '1,2345', '₹100', '', '.5', '1.'])
      expect(sheetRupees(bad)).toBeNull();
  });
});
