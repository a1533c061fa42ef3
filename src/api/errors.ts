import type * as t from 'io-ts';
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
    return {
      code,
      detail: text(e.detail) ?? text(e.message) ?? title ?? '',
      ...(title === undefined ? {} : { title }),
    };
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
    return [`Unexpected response from ${this.path}:`, ...shown, ...(more > 0 ? [`... and ${more} more`] : [])].join(
      '\n',
    );
  }
}

/** Any thrown value as toast text. */
export function errorToastText(error: unknown): string {
  if (error instanceof ApiError) return toastText(error.errors);
  return toastText([{ code: 'ERROR', detail: error instanceof Error ? error.message : FALLBACK_TEXT }]);
}

/** Longer type names are cut to two lines of 80 columns. */
const TYPE_NAME_MAX = 160;
const typeName = (name: string) => (name.length > TYPE_NAME_MAX ? `${name.slice(0, TYPE_NAME_MAX - 3)}...` : name);
const jsText = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value));
/** The keys of a context, its root (the empty key) left out: 'data.0.id'. */
const keyPath = (context: readonly t.ContextEntry[]) =>
  context
    .map((entry) => entry.key)
    .filter(Boolean)
    .join('.');
const isUnion = (entry: t.ContextEntry) => (entry.type as { _tag?: unknown })._tag === 'UnionType';

/** The context up to its first union, that union included (io-ts reports every branch of a failed union). */
function untilUnion(context: t.Context): t.ContextEntry[] {
  const at = context.findIndex(isUnion);
  return at === -1 ? [...context] : context.slice(0, at + 1);
}

/**
 * io-ts decode errors as readable lines, one per path (sorted by path), the way io-ts-reporters writes them:
 * 'Expecting string at data.0.id but instead got: 5', and for a union every branch it tried:
 * 'Expecting one of:\n    Money\n    null\nat data.0.amount but instead got: "abc"'.
 */
export function formatValidationErrors(errors: t.Errors): string[] {
  const groups = new Map<string, t.ValidationError[]>();
  for (const error of errors) {
    const path = keyPath(untilUnion(error.context));
    const group = groups.get(path);
    if (group) group.push(error);
    else groups.set(path, [error]);
  }
  return [...groups.keys()].sort().flatMap((path) => {
    const group = groups.get(path)!;
    // The branch each error came from: the entry after the union in its context.
    const branches = group.flatMap(({ context }) => {
      const at = context.findIndex(isUnion);
      const branch = at === -1 ? undefined : context[at + 1];
      return branch ? [branch] : [];
    });
    if (group.length === 1 || branches.length === 0) return group.map((error) => expecting(path, error));
    const names = branches.map((branch) => `    ${typeName(branch.type.name)}`).join('\n');
    return [
      `Expecting one of:\n${names}${path === '' ? '\n' : `\nat ${path} `}but instead got: ${jsText(branches[0]!.actual)}`,
    ];
  });
}

/** 'Expecting string at data.0.id but instead got: 5' (the type the value failed, at the path of its group). */
function expecting(path: string, error: t.ValidationError): string {
  const expected = error.context.at(-1)?.type.name ?? 'a valid value';
  const at = path === '' ? '' : ` at ${path}`;
  return `Expecting ${typeName(expected)}${at} but instead got: ${jsText(error.value)}${error.message ? ` (${error.message})` : ''}`;
}
