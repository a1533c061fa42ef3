/**
 * Display formatting of dates, counts and percentages. Every formatter answers MISSING ('-') for null,
 * undefined, NaN and other values it cannot show, so a table cell never reads 'NaN', 'Invalid Date' or ''.
 * Money has its one formatter in the domain kernel (`src/domain/money`).
 */
import { chartWindow, type ChartPeriod } from '../domain/chart-periods';
import { MONTHS } from '../domain/dates';
import { groupedDecimal, MISSING } from '../domain/money';

/**
 * ISO 8601 in its extended form: a date, optionally a time (minutes, seconds and a fraction optional) after
 * 'T' or a space, and an offset ('Z', '+05:30', '+0530', '+05').
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * An ISO 8601 string as a Date, or null when it is not one or names a day or time that does not exist. A
 * date-only 'YYYY-MM-DD' and a time without an offset are local (never shifted by the time zone); a time with
 * an offset or 'Z' is that instant.
 */
function parseIso(text: string): Date | null {
  const match = ISO.exec(text);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = match[7] ? Math.floor(Number(`0.${match[7]}`) * 1000) : 0;
  const offset = match[8];
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (hours === 24 ? minutes !== 0 || seconds !== 0 || ms !== 0 : hours > 23 || minutes > 59 || seconds > 59)
    return null;
  if (offset === undefined) {
    const date = new Date(year, month - 1, day, hours, minutes, seconds, ms);
    date.setFullYear(year); // years 0-99 would otherwise be read as 1900-1999
    return date;
  }
  let offsetMinutes = 0;
  if (offset !== 'Z') {
    const [, sign, h = '0', m = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset) ?? [];
    if (Number(h) > 23 || Number(m) > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m));
  }
  const instant = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, ms));
  instant.setUTCFullYear(year);
  return new Date(instant.getTime() - offsetMinutes * 60_000);
}

/** A date or an ISO 8601 string as a Date, or null when missing or invalid (see parseIso). Non-ISO strings are rejected. */
function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return parseIso(value.trim());
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The parts of a local date and time, on a 12-hour clock; the kernel's short month names ('Sep'). Not Intl: see groupIndian. */
function partsOf(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'dayPeriod', string> {
  const hours = date.getHours();
  return {
    year: String(date.getFullYear()).padStart(4, '0'),
    month: MONTHS[date.getMonth()] ?? '',
    day: twoDigits(date.getDate()),
    hour: twoDigits(hours % 12 || 12),
    minute: twoDigits(date.getMinutes()),
    dayPeriod: hours < 12 ? 'AM' : 'PM',
  };
}

/**
 * 'DD MMM YYYY' in local time: `'2026-11-22'` -> `'22 Nov 2026'`, `'2026-01-01'` -> `'01 Jan 2026'` in every
 * time zone. Accepts a Date or an ISO 8601 string; missing, invalid or non-ISO -> `'-'`.
 */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return MISSING;
  const { day, month, year } = partsOf(date);
  return `${day} ${month} ${year}`;
}

/**
 * 'DD MMM YYYY, hh:mm a' in local time, 12-hour clock: `'2026-11-22T15:05:00'` -> `'22 Nov 2026, 03:05 PM'`.
 * A date-only string shows local midnight (`'12:00 AM'`). Missing, invalid or non-ISO -> `'-'`.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return MISSING;
  const { day, month, year, hour, minute, dayPeriod } = partsOf(date);
  return `${day} ${month} ${year}, ${hour}:${minute} ${dayPeriod}`;
}

/**
 * An en-IN grouped integer: `123456` -> `'1,23,456'`. A fractional value is rounded half away from zero
 * (Intl's default); a result of zero never shows a minus sign. Missing, NaN, ±Infinity -> `'-'`.
 */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return MISSING;
  return formatDecimal(n, 0);
}

/**
 * `value` rounded half away from zero to `decimals` places, on the decimal the number is written as (its
 * shortest form: 1.005 is '1.005', so it rounds to 1.01, as Intl does), grouped en-IN; no minus on a result
 * of zero. Integer arithmetic on the digits, so any size of number is exact.
 */
function formatDecimal(value: number, decimals: number): string {
  const [, whole = '', fraction = '', exponent = '0'] =
    /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value))) ?? [];
  // |value| = digits x 10^scale; then the same in units of 10^-decimals, rounded half up.
  const digits = BigInt(`${whole}${fraction}`);
  const shift = Number(exponent) - fraction.length + decimals;
  const divisor = 10n ** BigInt(Math.max(0, -shift));
  const units = shift >= 0 ? digits * 10n ** BigInt(shift) : (digits * 2n + divisor) / (divisor * 2n);
  const text = groupedDecimal(units, decimals);
  return value < 0 && units !== 0n ? `-${text}` : text;
}

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
  return `${formatDecimal(value, decimals)}%`;
}

/** The trimmed text, or `'-'` when it is missing, empty or only whitespace. */
export function orMissing(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  return text === '' ? MISSING : text;
}

/**
 * Someone's text inside a plain string (an `<option>`, a dialog title): between first-strong and pop isolates,
 * so a name's own direction characters cannot reorder the words around it. Where markup is allowed, `<bdi>`.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

/** What a card or a chart covers, in words and dates: 'This year: 23 Nov 2025 to 22 Nov 2026'. */
export function windowCaption(period: ChartPeriod, today: Date): string {
  const { from, to } = chartWindow(period, today);
  return `${period === 'yearly' ? 'This year' : 'This month'}: ${formatDate(from)} to ${formatDate(to)}`;
}
