import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { replaceHidden } from '../src/domain/validation';

/** One entry of the provider's error list: `{ errors: [{ code, detail, title? }] }`. */
export interface ApiErrorEntry {
  code: string;
  detail: string;
  title?: string;
}

/** Thrown by handlers; the error middleware turns it into `{ errors: [...] }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorEntry[],
  ) {
    super(errors.map((e) => `${e.code}: ${e.detail}`).join(', '));
  }
}

/** An echoed value is cut to this many characters (a 5 MB CSV cell is not sent back whole). */
export const ECHO_MAX_CHARS = 40;

/**
 * A value as it may be echoed back: whole, or its first ECHO_MAX_CHARS characters and '…' when longer; each
 * invisible or direction-changing character shown as U+FFFD, so none can reorder the message around it.
 */
export function clipped(value: string): string {
  const chars = [...replaceHidden(value, '\uFFFD')];
  return chars.length > ECHO_MAX_CHARS ? `${chars.slice(0, ECHO_MAX_CHARS).join('')}…` : chars.join('');
}

/** A value quoted for an error text: `'ABC'`, cut as `clipped` does. */
export const quoted = (value: string): string => `'${clipped(value)}'`;

/**
 * A client's file name as display text, never a path: its last segment without invisible or
 * direction-changing characters, at most 100 characters; `fallback` when nothing is left.
 */
export function displayName(original: string, fallback: string): string {
  const last = original.split(/[/\\]/).pop() ?? '';
  const clean = replaceHidden(last, '').trim();
  return clean === '' || clean === '.' || clean === '..' ? fallback : [...clean].slice(0, 100).join('');
}

export const notFound = (detail = 'Resource not found.') => new HttpError(404, [{ code: 'ER-NOT-FOUND', detail }]);

/** A 422 with one entry per invalid field; `title` names the field so forms can place the message. */
export function validationError(fields: Record<string, string>): HttpError {
  return new HttpError(
    422,
    Object.entries(fields).map(([field, detail]) => ({ code: 'ER-VALIDATION', title: field, detail })),
  );
}

/** Express 4 does not catch rejected promises: route them to the error middleware. */
export function route(handler: (req: Request, res: Response) => Promise<void> | void): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}

/** Reads a nested object from the body (`body.user`), answering 422 when it is absent or not an object. */
export function bodyObject(body: unknown, key?: string): Record<string, unknown> {
  const root = isRecord(body) ? body : {};
  if (key === undefined) return root;
  const inner = root[key];
  if (!isRecord(inner)) throw validationError({ [key]: `${key} is required` });
  return inner;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A required, non-blank string field; collects the message instead of throwing so all fields report at
 * once. Trimmed, except where spaces are part of the value (`trim: false` for passwords).
 */
export function stringField(
  source: Record<string, unknown>,
  field: string,
  problems: Record<string, string>,
  options: { trim?: boolean } = {},
): string {
  const value = source[field];
  if (typeof value !== 'string' || value.trim() === '') {
    problems[field] = `${field} is required`;
    return '';
  }
  return options.trim === false ? value : value.trim();
}

export function throwIfProblems(problems: Record<string, string>): void {
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/** JSON:API-style single resource: `{ data: { id, type, attributes } }`. */
export function resource(type: string, id: number | string, attributes: object) {
  return { id: String(id), type, attributes };
}

export function unknownRoute(req: Request, _res: Response, next: NextFunction): void {
  next(new HttpError(404, [{ code: 'ER-NOT-FOUND', detail: `No route for ${req.method} ${req.path}.` }]));
}

/** The last middleware: every failure leaves as the provider's error shape, never as an HTML page or a crash. */
export function errorHandler(log: (line: string) => void) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof HttpError) {
      res.status(err.status).json({ errors: err.errors });
      return;
    }
    const status = errorStatus(err);
    if (status === 400) {
      res.status(400).json({ errors: [{ code: 'ER-BAD-REQUEST', detail: 'The request body is not valid JSON.' }] });
      return;
    }
    if (status === 413) {
      res.status(413).json({ errors: [{ code: 'ER-TOO-LARGE', detail: 'The request body is too large.' }] });
      return;
    }
    log(`[mock] unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    res
      .status(500)
      .json({ errors: [{ code: 'ER-INTERNAL', detail: 'The mock provider failed to handle this request.' }] });
  };
}

function errorStatus(err: unknown): number | undefined {
  if (isRecord(err) && typeof err.status === 'number') return err.status;
  return undefined;
}
