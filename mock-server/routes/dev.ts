import { Router } from 'express';
import type { MockContext } from '../context';
import { route } from '../http';

/**
 * Development-only helpers: no mail leaves the machine, so the outbox is where a reset link is read
 * (the log prints it too). Not part of the provider contract.
 */
export function devRoutes(ctx: MockContext): Router {
  const router = Router();
  router.get(
    '/__dev/outbox',
    route((req, res) => {
      const to = typeof req.query.to === 'string' ? req.query.to.toLowerCase() : null;
      const mails = ctx
        .db()
        .mails.filter((m) => to === null || m.to.toLowerCase() === to)
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
