import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { PaymentLink, ReadonlyDb } from '../db';
import { HttpError } from '../http';
import { bearerToken } from './middleware';

declare module 'express-serve-static-core' {
  interface Request {
    /** The pay-page token of the request, set by requirePayToken. */
    payToken?: string;
  }
}

/**
 * The payment link a pay-page token opens, or why not. A link opens the page until `expires_at` (or until
 * it is marked expired); a paid link still opens it, so the customer can see the closed tab and the UTRs.
 */
export function findPayLink(
  db: ReadonlyDb,
  token: string,
  now: number,
): { ok: true; link: PaymentLink } | { ok: false; detail: string } {
  const link = db.payment_links.find((l) => l.token === token);
  if (!link) return { ok: false, detail: 'This payment link is not valid. Ask the supplier for a new link.' };
  if (link.status === 'expired' || Date.parse(link.expires_at) <= now) {
    return { ok: false, detail: 'This payment link has expired. Ask the supplier for a new link.' };
  }
  if (!db.distributor_companies.some((c) => c.id === link.distributor_company_id)) {
    return { ok: false, detail: 'The customer of this payment link no longer exists.' };
  }
  return { ok: true, link };
}

export const payTokenError = (detail: string) => new HttpError(401, [{ code: 'ER-PAY-401', detail }]);

/**
 * The statement reference of a payment link: what the pay page's `soa_link` carries instead of the pay
 * token. One-way (SHA-256 of the token), so a statement address that leaks (browser history, a Referer, a
 * server log) shows the statement of an open link and nothing more: it cannot pay, draw credit or ask
 * for an OTP, and the token cannot be worked back from it.
 */
export function statementRef(token: string): string {
  return createHash('sha256').update(`statement:${token}`).digest('base64url').slice(0, 32);
}

/** The payment link whose statement reference is `ref` (then checked as findPayLink checks a token). */
export function findPayLinkByStatementRef(db: ReadonlyDb, ref: string, now: number): ReturnType<typeof findPayLink> {
  const link = ref === '' ? undefined : db.payment_links.find((l) => statementRef(l.token) === ref);
  return link
    ? findPayLink(db, link.token, now)
    : { ok: false, detail: 'This statement link is not valid. Open your payment link again.' };
}

/**
 * Lets pay-page calls through with a valid page token: the Authorization header (bare or `Bearer`), or,
 * where `allowQuery` (GET /invoice_collection only: spec 3 §7 sends `token` in its query, so a client
 * that follows the spec still works), `?token=`. The app itself sends the header only. The header wins
 * when both are there. Missing, unknown or expired: 401 ER-PAY-401.
 */
export function requirePayToken(
  db: () => ReadonlyDb,
  now: () => number,
  options: { allowQuery?: boolean } = {},
): RequestHandler {
  return (req, _res, next) => {
    const fromQuery =
      options.allowQuery && typeof req.query.token === 'string' && req.query.token.trim() !== ''
        ? req.query.token.trim()
        : null;
    const token = bearerToken(req.headers.authorization) ?? fromQuery;
    if (token === null) {
      next(payTokenError('The payment link token is missing.'));
      return;
    }
    const found = findPayLink(db(), token, now());
    if (!found.ok) {
      next(payTokenError(found.detail));
      return;
    }
    req.payToken = token;
    next();
  };
}
