import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { nextId } from './db';
import type { Repository } from './store/repository';
import { HttpError } from './http';

/** How long a key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY = /^[\x21-\x7e]{1,255}$/;

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprint(req: Request): string {
  return createHash('sha256')
    .update(`${req.method} ${req.path}\n${canonicalJson(req.body ?? null)}`)
    .digest('hex');
}

/** The request's Idempotency-Key: 422 when required and missing, or when it is not 1-255 visible characters. */
function idempotencyKey(req: Request, required: boolean): string | null {
  const raw = req.get(IDEMPOTENCY_HEADER);
  if (raw === undefined || raw.trim() === '') {
    if (!required) return null;
    throw new HttpError(422, [
      {
        code: 'ER-IDEMPOTENCY-KEY',
        title: IDEMPOTENCY_HEADER,
        detail:
          'The Idempotency-Key header is required on this request: send a new key for each payment attempt and the same key when retrying it.',
      },
    ]);
  }
  const key = raw.trim();
  if (!KEY.test(key)) {
    throw new HttpError(422, [
      {
        code: 'ER-IDEMPOTENCY-KEY',
        title: IDEMPOTENCY_HEADER,
        detail: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
      },
    ]);
  }
  return key;
}

/** Forgets keys older than 24 hours. */
function pruneIdempotencyKeys(repo: Repository, now: number): void {
  repo.remove('idempotency_keys', (record) => Date.parse(record.expires_at) <= now);
}

export interface Outcome {
  status: number;
  body: unknown;
}

/**
 * Runs a pay-page POST at most once per (token, Idempotency-Key) within 24 hours. A repeat of the same
 * request answers the first answer (same status and body, with `Idempotent-Replayed: true`) and does
 * nothing; the same key with another request (method, path or body) is refused with 422 ER-IDEMPOTENCY.
 * Only successful answers are kept: a refused request changed nothing, so a retry with the same key is
 * checked again (an OTP verified in between, say, lets it through).
 *
 * Synchronous from the key lookup to the stored answer: `action` must not await, so two requests with the
 * same key, or two draws on the same limit, can never interleave.
 */
export function runIdempotent(
  repo: Repository,
  now: number,
  req: Request,
  res: Response,
  scope: { token: string; required: boolean },
  action: () => Outcome,
): void {
  const key = idempotencyKey(req, scope.required);
  if (key === null) {
    const outcome = action();
    res.status(outcome.status).json(outcome.body);
    return;
  }
  pruneIdempotencyKeys(repo, now);
  const print = fingerprint(req);
  const earlier = repo.data.idempotency_keys.find((record) => record.token === scope.token && record.key === key);
  if (earlier) {
    if (earlier.fingerprint !== print) {
      throw new HttpError(422, [
        {
          code: 'ER-IDEMPOTENCY',
          title: IDEMPOTENCY_HEADER,
          detail:
            'This Idempotency-Key was already used for a different request. Use a new key for a new payment attempt.',
        },
      ]);
    }
    res.setHeader('Idempotent-Replayed', 'true');
    res.status(earlier.status).json(earlier.body);
    return;
  }
  const outcome = action();
  if (outcome.status >= 200 && outcome.status < 300) {
    repo.insert('idempotency_keys', {
      id: nextId(repo.data.idempotency_keys),
      token: scope.token,
      key,
      fingerprint: print,
      status: outcome.status,
      body: JSON.parse(JSON.stringify(outcome.body)) as unknown,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + IDEMPOTENCY_TTL_MS).toISOString(),
    });
  }
  res.status(outcome.status).json(outcome.body);
}
