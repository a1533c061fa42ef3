import { FALLBACK_TEXT, toastText, type ErrorEntry } from '../domain/errors';

/**
 * Every failure the client reports: an HTTP error answer, a network failure, a CSV it could not save,
 * or an input check done on the client (`code` ERROR, as the spec says for client-side errors).
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never got an answer or never left. */
    readonly status: number,
    readonly errors: ErrorEntry[],
    /** The text the spec's rule gives: message, else the joined details, else the fallback. */
    readonly text: string,
  ) {
    super(text);
    this.name = 'ApiError';
  }

  /** The first error code, e.g. ER-AUTH-103. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  /** Per-field messages, from entries whose title names a field. */
  fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const entry of this.errors) if (entry.title) fields[entry.title] ??= entry.detail;
    return fields;
  }
}

/**
 * Builds an ApiError from a parsed error body by the spec's rule. Read field by field, so one malformed
 * part (a numeric code, a stray entry) never hides the parts that are fine.
 */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const record = isRecord(body) ? body : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const entries = Array.isArray(record.errors) ? record.errors.filter(isRecord) : [];
  const errors: ErrorEntry[] = entries.map((e) => {
    const code = text(e.code) ?? (typeof e.code === 'number' ? String(e.code) : 'ERROR');
    const title = text(e.title);
    return { code, detail: text(e.detail) ?? text(e.message) ?? title ?? '', ...(title === undefined ? {} : { title }) };
  });
  const details = errors.map((e) => e.detail).filter((d) => d !== '');
  const message = text(record.message) ?? (details.length > 0 ? details.join(', ') : FALLBACK_TEXT);
  return new ApiError(status, errors.length > 0 ? errors : [{ code: 'ERROR', detail: message }], message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A client-side error (validation before sending, a network failure): code ERROR. */
export function clientError(detail: string, status = 0): ApiError {
  return new ApiError(status, [{ code: 'ERROR', detail }], detail);
}

/** What the user reads when an answer does not match its codec: one sentence, the technical part behind 'Details'. */
export const DECODE_TEXT = 'The provider sent data this screen cannot read.';

/**
 * The response did not match its codec: the provider broke the contract. Never retried automatically (the
 * same answer would come again). It is an ApiError with the HTTP status of the answer and one entry
 * (ERROR: DECODE_TEXT), so screens and machines show the one sentence; `details` holds the technical part
 * (the call and each problem, 'Expecting Money at data.0.amount ...') for the console and the 'Details'
 * disclosure.
 */
export class DecodeError extends ApiError {
  constructor(
    /** The call, 'GET /invoices'. */
    readonly path: string,
    readonly problems: string[],
    status = 200,
  ) {
    super(status, [{ code: 'ERROR', detail: DECODE_TEXT }], DECODE_TEXT);
    this.name = 'DecodeError';
  }

  /** The call and its problems, one a line; `limit` keeps the first few (the rest are counted). */
  details(limit = Infinity): string {
    const shown = this.problems.slice(0, limit);
    const more = this.problems.length - shown.length;
    return [`Unexpected response from ${this.path}:`, ...shown, ...(more > 0 ? [`... and ${more} more`] : [])].join('\n');
  }
}

/** Any thrown value as toast text. */
export function errorToastText(error: unknown): string {
  if (error instanceof ApiError) return toastText(error.errors);
  return toastText([{ code: 'ERROR', detail: error instanceof Error ? error.message : FALLBACK_TEXT }]);
}
