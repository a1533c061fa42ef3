import { Router } from 'express';
import type { MockContext } from '../context';
import { route } from '../http';

/**
 * Development-only helpers: no mail or SMS leaves the machine, so the outbox is where a reset link or a
 * pay-page OTP is read (the log prints them too): `?to=<address or mobile>`, `?token=<pay token>` (OTPs of
 * that payment link). Newest first. Not part of the provider contract.
 */
export function devRoutes(ctx: MockContext): Router {
  const router = Router();
  router.get(
    '/__dev/outbox',
    route((req, res) => {
      const to = typeof req.query.to === 'string' ? req.query.to.toLowerCase() : null;
      const token = typeof req.query.token === 'string' ? req.query.token : null;
      const mails = ctx
        .db()
        .mails.filter((m) => (to === null || m.to.toLowerCase() === to) && (token === null || m.pay_token === token))
        .slice()
        .reverse();
      res.json({ data: mails });
    }),
  );
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  return router;
}
