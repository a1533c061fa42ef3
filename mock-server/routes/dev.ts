import { Router } from 'express';
import type { MockContext } from '../context';
import type { Mail, ReadonlyDb } from '../db';
import { route } from '../http';

/** Who a piece of outbox mail went to: an address or mobile, and/or the pay token an OTP was sent for. */
export interface OutboxFilter {
  to?: string | null;
  token?: string | null;
}

/**
 * The dev outbox, newest first. Tests running the mock in process read it here (the test-only hook); a
 * developer reads the same through `GET /__dev/outbox` with the dev key.
 */
export function outboxOf(db: ReadonlyDb, filter: OutboxFilter = {}): Mail[] {
  const to = filter.to?.toLowerCase() ?? null;
  const token = filter.token ?? null;
  return db.mails
    .filter((m) => (to === null || m.to.toLowerCase() === to) && (token === null || m.pay_token === token))
    .reverse();
}

/**
 * Development-only helpers: no mail or SMS leaves the machine, so the outbox is where a reset link or a
 * pay-page OTP is read: `?to=<address or mobile>`, `?token=<pay token>` (OTPs of that payment link). Newest
 * first. Behind the dev key (mock-server/dev-key.ts); not part of the provider contract.
 */
export function devRoutes(ctx: MockContext): Router {
  const router = Router();
  router.get(
    '/__dev/outbox',
    route((req, res) => {
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      res.json({ data: outboxOf(ctx.db(), { to: text(req.query.to), token: text(req.query.token) }) });
    }),
  );
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return router;
}
