import express, { type RequestHandler } from 'express';
import { HttpError } from './http';

/**
 * Limits on request bodies, applied before any route (and so before authentication): a JSON or form body
 * over BODY_LIMIT is refused with 413 before it is parsed, and JSON nested deeper than MAX_JSON_DEPTH with
 * 400 before JSON.parse recurses into it. CSV uploads are multipart and have their own limits (uploads.ts).
 */
const BODY_LIMIT = '256kb';
export const MAX_JSON_DEPTH = 32;

/** How deeply arrays and objects nest in JSON text (brackets inside strings do not count); stops past `max`. */
export function jsonDepth(text: string, max = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

const tooDeep = () =>
  new HttpError(400, [
    { code: 'ER-BAD-REQUEST', detail: `The request body nests more than ${MAX_JSON_DEPTH} levels deep.` },
  ]);

/** The JSON and form body parsers every route behind them uses. */
export function bodyParsers(): RequestHandler[] {
  return [
    express.json({
      limit: BODY_LIMIT,
      verify: (_req, _res, buffer) => {
        if (jsonDepth(buffer.toString('utf8'), MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw tooDeep();
      },
    }),
    express.urlencoded({ extended: false, limit: BODY_LIMIT }),
  ];
}
