/** Calendar days as the spec counts them: whole days between ISO dates, with no time zone involved. */

const DAY_MS = 86_400_000;

/** The months' short English names, January first ('Sep', not en-GB's 'Sept'). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The number written by `length` digits of `text` from `at`; -1 when one is not a digit. */
function digits(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/**
 * The calendar day of an ISO date or date-time (its first 10 characters, as written), as a day number. Read
 * digit by digit: the mock works out days past due for every row of a list, so this runs per row.
 */
export function dayNumber(iso: string): number | null {
  const text = iso.charCodeAt(0) > 32 ? iso : iso.trim();
  if (text.length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 100 || month < 1 || month > 12 || day < 1) return null;
  if (day > (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!)) return null;
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** Whole days from `from` to `to` (ISO dates); null when either is not a valid date. */
export function daysBetween(from: string, to: string): number | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  return a === null || b === null ? null : b - a;
}

/**
 * The app's one typed date form is en-IN: dd/mm/yyyy (day and month may have one digit; '-' or '.' may stand
 * for '/'). Returns the ISO date, or null when the text is not a real calendar date in that form.
 */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return dayNumber(iso) === null ? null : iso;
}

/** An ISO date as the app types and shows it, dd/mm/yyyy; '' when it is not a valid ISO date. */
export function toDisplayDate(iso: string): string {
  if (dayNumber(iso) === null) return '';
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** True for an ISO calendar date 'YYYY-MM-DD' that exists. */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayNumber(value) !== null;
}

/** A Date's (or epoch milliseconds') local calendar day as ISO 'YYYY-MM-DD' (today on the pay page, the date in a file name, a row's day in the mock). */
export function isoDay(moment: Date | number): string {
  const date = typeof moment === 'number' ? new Date(moment) : moment;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
