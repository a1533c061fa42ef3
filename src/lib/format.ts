/**
 * Display formatting for the dashboard. Every formatter answers {@link MISSING} ('-') for null, undefined,
 * NaN and other values it cannot show, so a table cell never reads 'NaN', 'Invalid Date' or ''.
 *
 * Money comes in as integer paise (see `./money`) and is formatted by exact decimal arithmetic: the paise are
 * split into rupees and paise with BigInt and handed to Intl as a decimal string, so no float error can move
 * the shown amount by a paisa.
 */
import { format as formatDateFns, isValid, parseISO } from 'date-fns';
import type { Paise } from './money';

/** What every formatter shows for a missing or unusable value. */
export const MISSING = '-';

const INR = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, signDisplay: 'negative' });

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

/**
 * A date or an ISO 8601 string as a Date, or null when missing or invalid. Strings go through date-fns
 * `parseISO`, so a date-only 'YYYY-MM-DD' is a local calendar date (never shifted by the time zone) and a
 * timestamp with an offset or 'Z' is converted to local time. Non-ISO strings are rejected.
 */
function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return isValid(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const date = parseISO(text);
  return isValid(date) ? date : null;
}

/**
 * 'DD MMM YYYY' in local time: `'2026-11-22'` -> `'22 Nov 2026'`, `'2026-01-01'` -> `'01 Jan 2026'` in every
 * time zone. Accepts a Date or an ISO 8601 string; missing, invalid or non-ISO -> `'-'`.
 */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatDateFns(date, 'dd MMM yyyy') : MISSING;
}

/**
 * 'DD MMM YYYY, hh:mm a' in local time, 12-hour clock: `'2026-11-22T15:05:00'` -> `'22 Nov 2026, 03:05 PM'`.
 * A date-only string shows local midnight (`'12:00 AM'`). Missing, invalid or non-ISO -> `'-'`.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatDateFns(date, 'dd MMM yyyy, hh:mm a') : MISSING;
}

/**
 * An en-IN grouped integer: `123456` -> `'1,23,456'`. A fractional value is rounded half away from zero
 * (Intl's default); a result of zero never shows a minus sign. Missing, NaN, ±Infinity -> `'-'`.
 */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return MISSING;
  return COUNT.format(n);
}

const percentFormats = new Map<number, Intl.NumberFormat>();

/**
 * A value that is already a percentage, with a fixed number of decimals: `12.5` -> `'12.50%'`,
 * `formatPercent(7, 0)` -> `'7%'`. en-IN grouping (`'1,234.50%'`), rounding half away from zero on the
 * decimal value as written (`1.005` -> `'1.01%'`), and no minus sign on a value that rounds to zero.
 * `decimals` must be an integer from 0 to 20 (RangeError otherwise). Missing, NaN, ±Infinity -> `'-'`.
 */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`formatPercent: decimals must be an integer from 0 to 20, got ${decimals}`);
  }
  let formatter = percentFormats.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: 'negative',
    });
    percentFormats.set(decimals, formatter);
  }
  return `${formatter.format(value)}%`;
}

/** The trimmed text, or `'-'` when it is missing, empty or only whitespace. */
export function orMissing(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? MISSING : text;
}
