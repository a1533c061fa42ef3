import type { RequestHandler } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isDevPath } from '../src/domain/dev-paths';
import { HttpError } from './http';

/**
 * The development pages under `/__dev/` (the outbox with reset links and OTPs, fault rules, reminder runs)
 * answer only a caller that shows the mock's dev key: the `X-Dev-Key` header, or `?key=` for a browser tab.
 * The key is new at every start unless MOCK_DEV_KEY sets it, and the start banner prints it. The app's
 * `/api` proxy never forwards `/__dev/` (vite.config.ts), so the key is only ever sent to the mock's own port.
 */
export const DEV_KEY_HEADER = 'X-Dev-Key';

export function newDevKey(): string {
  return randomBytes(18).toString('base64url');
}

const sameKey = (given: string, key: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Lets `/__dev/*` requests through only with the dev key; every other path passes untouched. */
export function requireDevKey(key: string): RequestHandler {
  return (req, _res, next) => {
    // isDevPath ignores case as Express routes do: /__DEV/outbox reaches the same route and needs the key too.
    if (!isDevPath(req.path)) {
      next();
      return;
    }
    const header = req.get(DEV_KEY_HEADER);
    const given = header ?? (typeof req.query.key === 'string' ? req.query.key : '');
    if (given === '' || !sameKey(given, key)) {
      next(
        new HttpError(403, [
          {
            code: 'ER-DEV-KEY',
            detail: `Development pages need the dev key printed when the mock started (${DEV_KEY_HEADER} header or ?key=).`,
          },
        ]),
      );
      return;
    }
    next();
  };
}
