/**
 * The provider's error words (spec 3 §8): a list of entries, each a code and a detail (and a field title),
 * shown as 'CODE: detail'. Machines keep failures as these entries; the client and the mock build them.
 */

/** One entry of the provider's error list. */
export interface ErrorEntry {
  code: string;
  detail: string;
  title?: string;
}

export const FALLBACK_TEXT = 'Something went wrong!';

/** The provider's code for a limit on attempts (429 with Retry-After). */
export const RATE_LIMIT_CODE = 'ER-RATE-LIMIT';

/** A limit on attempts (login, reset mails, OTP texts): the wait, in whole minutes rounded up. */
export function tooManyAttemptsText(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The error entries of anything an effect threw: any `{ errors: [...] }` (the client's ApiError included),
 * or an Error's message under code ERROR. Machines use this to keep failures as the spec's list of entries.
 */
export function errorEntriesOf(error: unknown, fallbackCode = 'ERROR'): ErrorEntry[] {
  if (isRecord(error) && Array.isArray(error.errors)) {
    const entries = error.errors.filter(isRecord).map((e) => ({
      code: typeof e.code === 'string' ? e.code : fallbackCode,
      detail: typeof e.detail === 'string' ? e.detail : '',
      ...(typeof e.title === 'string' ? { title: e.title } : {}),
    }));
    if (entries.length > 0) return entries;
  }
  return [{ code: fallbackCode, detail: error instanceof Error && error.message ? error.message : FALLBACK_TEXT }];
}

/**
 * A failure a retry can fix: no answer at all (network, timeout) or the provider's own trouble (5xx, 408,
 * 429). A refusal (any other 4xx: already paid, overdue, invalid) is answered the same way again.
 */
export function isRetryableFailure(error: unknown): boolean {
  const status = isRecord(error) && typeof error.status === 'number' ? error.status : 0;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Toast text: 'CODE: detail' joined by commas; the fallback code is ERROR for errors and WARN for warnings. */
export function toastText(errors: readonly Partial<ErrorEntry>[], kind: 'error' | 'warn' = 'error'): string {
  const fallback = kind === 'warn' ? 'WARN' : 'ERROR';
  return errors.map((e) => `${e.code ?? fallback}: ${e.detail ?? FALLBACK_TEXT}`).join(', ');
}
