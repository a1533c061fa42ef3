/**
 * Display formatting of dates, counts and percentages. Every formatter answers MISSING ('-') for null,
 * undefined, NaN and other values it cannot show, so a table cell never reads 'NaN', 'Invalid Date' or ''.
 * Money has its one formatter in the domain kernel (`src/domain/money`).
 */
import { format as formatDateFns, isValid, parseISO } from 'date-fns';
import { MISSING } from '../domain/money';

const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, signDisplay: 'negative' });

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

/** A count and what it counts, grouped en-IN and in the right number: '1 customer', '10,000 rows'. */
export function countText(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

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
