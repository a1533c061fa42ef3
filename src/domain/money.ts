/**
 * Money, the one way: integer paise inside the app and the mock, one parser from rupees text and one set of
 * formatters back. Amounts are parsed and formatted by string and BigInt arithmetic, so no float error
 * ever moves a total by a paisa, and limits are compared as integers.
 */
export type Paise = number;

/** The largest amount one document may carry: 100 crore rupees. */
export const MAX_DOCUMENT_PAISE: Paise = 100 * 1_00_00_000 * 100;

export interface RupeesOptions {
  /** Refuse a sign ('-12', '+12'): what a person types or a request sends as an amount. */
  unsigned?: boolean;
  /** Refuse more than 2 decimals instead of rounding to the paisa (typed and requested amounts). */
  exact?: boolean;
  /** Accept grouping commas as a sheet writes them: 1,234,567.50 or 12,34,567.50. */
  grouping?: boolean;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
/** Plain digits, western groups (1,234,567) or Indian groups (12,34,567). */
const GROUPED = /^-?(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.\d+)?$/;

/**
 * Rupees (a number or decimal text) as integer paise, or null when it is not an amount:
 * '1234.5' -> 123450; 1234.567 -> 123457 (half away from zero) unless `exact`; '1,234.50' only with
 * `grouping`; '-12.34' -> -1234 unless `unsigned`. Exponent forms (1e21) are never amounts.
 */
export function rupeesToPaise(value: number | string, options: RupeesOptions = {}): Paise | null {
  let text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  if (options.grouping) {
    if (!GROUPED.test(text)) return null;
    text = text.replace(/,/g, '');
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (sign && options.unsigned) return null;
  if (options.exact && fraction.length > 2) return null;
  const digits = fraction.padEnd(3, '0');
  let paise = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) paise += 1;
  if (!Number.isSafeInteger(paise)) return null;
  return sign === '-' && paise !== 0 ? -paise : paise;
}

/** Paise back to a rupee number for the wire (exact for any safe integer amount of paise / 100 shown to 2 places). */
export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

/** Paise as 'W.FF' (no grouping), exact: the text a part-amount field starts with. */
export function paiseToText(paise: Paise): string {
  const big = BigInt(Math.round(paise));
  const negative = big < 0n;
  const units = negative ? -big : big;
  return `${negative ? '-' : ''}${units / 100n}.${(units % 100n).toString().padStart(2, '0')}`;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  // Exponent forms (1e21, 1e-7) are not amounts we accept.
  return /e/i.test(text) ? null : text;
}

// ---------------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------------

/** What every formatter shows for a missing or unusable value. */
export const MISSING = '-';

const INR = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A `${number}` decimal string; Intl formats these exactly (ES2023 Intl.NumberFormat v3). */
type Decimal = `${number}`;

/**
 * Integer paise as a BigInt, or null when the value is missing or not finite. Paise are meant to be integers;
 * a fractional value is rounded half away from zero to the nearest paisa. Numbers beyond 2^53 are already
 * integers in floating point and convert exactly (to the amount the number actually holds).
 */
function toBigPaise(paise: number | bigint | null | undefined): bigint | null {
  if (paise === null || paise === undefined) return null;
  if (typeof paise === 'bigint') return paise;
  if (!Number.isFinite(paise)) return null;
  const rounded = Math.sign(paise) * Math.round(Math.abs(paise));
  return BigInt(rounded);
}

/** `units` hundredths (non-negative) as 'W.FF'. */
function hundredthsToDecimal(units: bigint, negative: boolean): Decimal {
  const whole = units / 100n;
  const fraction = (units % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}` as Decimal;
}

/**
 * Paise as Indian rupees: en-IN grouping, the rupee sign and exactly two decimals.
 *
 * - `123456789` -> `'₹12,34,567.89'`, `0` -> `'₹0.00'`.
 * - Negatives take the form Intl gives for en-IN on Node 20 and current browsers: a hyphen-minus before the
 *   sign, `-5` -> `'-₹0.05'`, `-123456789` -> `'-₹12,34,567.89'`. Negative zero shows as `'₹0.00'`.
 * - Exact for every safe-integer amount of paise, and for any bigint (the amount is formatted from a decimal
 *   string built with integer arithmetic; engines without Intl v3 string support convert that string to the
 *   nearest double, which still rounds back to the same two decimals for safe-integer paise).
 * - A fractional paise value is rounded half away from zero to a whole paisa.
 * - null, undefined, NaN and ±Infinity -> `'-'`.
 */
export function formatMoney(paise: Paise | bigint | null | undefined): string {
  const big = toBigPaise(paise);
  if (big === null) return MISSING;
  const negative = big < 0n;
  return INR.format(hundredthsToDecimal(negative ? -big : big, negative));
}

/** Short-form units, largest first: the unit's size in paise and its suffix. */
const SHORT_UNITS: readonly { readonly paise: bigint; readonly suffix: string }[] = [
  { paise: 1_00_00_000_00n, suffix: 'C' }, // 1 crore = 1,00,00,000 rupees
  { paise: 1_00_000_00n, suffix: 'L' }, // 1 lakh = 1,00,000 rupees
  { paise: 1_000_00n, suffix: 'K' }, // 1 thousand rupees
];

/**
 * Paise in the short form with two decimals: C for crore (>= 1,00,00,000 rupees), L for lakh (>= 1,00,000),
 * K for thousand (>= 1,000), otherwise the plain amount.
 *
 * - `1,50,00,000` rupees -> `'₹1.50 C'`, `2,50,000` -> `'₹2.50 L'`, `4,500` -> `'₹4.50 K'`, `999.50` -> `'₹999.50'`.
 * - The unit is chosen from the exact amount in paise, before any rounding; the amount in that unit is then
 *   rounded half away from zero to two decimals with integer arithmetic. So an amount just below a boundary
 *   can round up to 100.00 of the smaller unit and is NOT promoted: 99,999.99 rupees -> `'₹100.00 K'`,
 *   99,99,999.99 rupees -> `'₹100.00 L'`, while 1,00,000.00 -> `'₹1.00 L'` and 1,00,00,000.00 -> `'₹1.00 C'`.
 *   Amounts under 1,000 rupees are shown exactly.
 * - Crores have no larger unit: 1,234 crore -> `'₹1,234.00 C'` (en-IN grouping of the number).
 * - Negatives keep the sign in the same form as {@link formatMoney}: `'-₹2.50 L'`.
 * - null, undefined, NaN and ±Infinity -> `'-'`.
 */
export function formatShortMoney(paise: Paise | bigint | null | undefined): string {
  const big = toBigPaise(paise);
  if (big === null) return MISSING;
  const negative = big < 0n;
  const magnitude = negative ? -big : big;
  const unit = SHORT_UNITS.find((u) => magnitude >= u.paise);
  if (!unit) return INR.format(hundredthsToDecimal(magnitude, negative));
  // Hundredths of the unit, rounded half away from zero (magnitude is non-negative, so half up).
  const step = unit.paise / 100n;
  const hundredths = (magnitude * 2n + step) / (step * 2n);
  return `${INR.format(hundredthsToDecimal(hundredths, negative))} ${unit.suffix}`;
}


const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as a plain en-IN amount with 2 decimals and no sign: 123450 -> '1,234.50' (the pay page's 'rupees X' form). */
export function formatRupees(paise: Paise): string {
  // A decimal string is formatted exactly by Intl (ES2023), so no float error shows.
  return RUPEES.format(paiseToText(paise) as `${number}`);
}
