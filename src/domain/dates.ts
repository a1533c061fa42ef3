/** Calendar days as the spec counts them: whole days between ISO dates, with no time zone involved. */

const DAY_MS = 86_400_000;

/** The months' short English names, January first ('Sep', not en-GB's 'Sept'). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The calendar day of an ISO date or date-time (its first 10 characters, as written), as a day number. */
function dayNumber(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return time / DAY_MS;
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

/** A Date's local calendar day as ISO 'YYYY-MM-DD' (today on the pay page, the date in a file name). */
export function isoDay(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
