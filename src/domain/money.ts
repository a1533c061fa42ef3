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

/**
 * The digits of a whole number grouped the Indian way, the last three and then pairs: '1234567' -> '12,34,567'.
 * Every amount and count on screen is grouped here, not with Intl.NumberFormat: a page's first Intl formatter
 * loads the browser's locale data, a long task on a slow phone, and no screen needs anything else from it. The
 * tests hold these formatters to Intl's en-IN output.
 */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** `units` (non-negative) of 10^-`decimals` grouped the Indian way: (123456789n, 2) -> '12,34,567.89'. */
export function groupedDecimal(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? `.${(units % scale).toString().padStart(decimals, '0')}` : '';
  return `${groupIndian((units / scale).toString())}${fraction}`;
}

/** `units` hundredths (non-negative) as 'W,WW,WWW.FF'. */
const groupedHundredths = (units: bigint) => groupedDecimal(units, 2);

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

/**
 * Paise as Indian rupees: en-IN grouping, the rupee sign and exactly two decimals.
 *
 * - `123456789` -> `'₹12,34,567.89'`, `0` -> `'₹0.00'`.
 * - Negatives take the form Intl gives for en-IN on Node 20 and current browsers: a hyphen-minus before the
 *   sign, `-5` -> `'-₹0.05'`, `-123456789` -> `'-₹12,34,567.89'`. Negative zero shows as `'₹0.00'`.
 * - Exact for every safe-integer amount of paise, and for any bigint (integer arithmetic throughout).
 * - A fractional paise value is rounded half away from zero to a whole paisa.
 * - null, undefined, NaN and ±Infinity -> `'-'`.
 */
export function formatMoney(paise: Paise | bigint | null | undefined): string {
  const big = toBigPaise(paise);
  if (big === null) return MISSING;
  const negative = big < 0n;
  return `${negative ? '-' : ''}₹${groupedHundredths(negative ? -big : big)}`;
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
  if (!unit) return `${negative ? '-' : ''}₹${groupedHundredths(magnitude)}`;
  // Hundredths of the unit, rounded half away from zero (magnitude is non-negative, so half up).
  const step = unit.paise / 100n;
  const hundredths = (magnitude * 2n + step) / (step * 2n);
  return `${negative ? '-' : ''}₹${groupedHundredths(hundredths)} ${unit.suffix}`;
}

/** Paise as a plain en-IN amount with 2 decimals and no rupee sign: 123450 -> '1,234.50' (the pay page's 'rupees X' form). */
export function formatRupees(paise: Paise): string {
  const big = BigInt(Math.round(paise));
  return big < 0n ? `-${groupedHundredths(-big)}` : groupedHundredths(big);
}
