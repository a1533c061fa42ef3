/**
 * The numbers the spec fixes, each once: the app, the machines and the mock read them from here.
 */

/** Tables send a search from this many characters on (spec 1 §5); fewer is no search. */
export const SEARCH_MIN_LENGTH = 3;
/** A search is sent this long after the last keystroke (spec 1 §5). */
export const SEARCH_DEBOUNCE_MS = 1000;

/** Rows per page of every paged list, in the app and in the mock's answers. */
export const PAGE_SIZE = 10;

/** A document whose due date is more than this many days ago cannot be paid by credit (spec 3 §9). */
export const OVERDUE_CUTOFF_DAYS = 60;
/** The pay page's 'N Days left' hint shows from this many days before the due date (spec 3 §9). */
export const DUE_SOON_DAYS = 2;
/** Overdue credit dues above this (paise, 1 rupee) switch the pay page to its overdue view and stop new credit (spec 3 §9). */
export const OVERDUE_VIEW_THRESHOLD_PAISE = 100;
/** Credit drawn from the pay page is due this many days after disbursement. */
export const CREDIT_PERIOD_DAYS = 60;

/** A search text counts once it is at least the minimum (in characters, not UTF-16 units) after trimming. */
export function isSearchable(text: string | undefined, min = SEARCH_MIN_LENGTH): boolean {
  return [...(text?.trim() ?? '')].length >= min;
}

/** The search text to send: trimmed, or undefined when it is too short to count. */
export function searchKeyword(text: string | undefined): string | undefined {
  return isSearchable(text) ? text!.trim() : undefined;
}
