import { bodyParsers } from './body-limits';
import type { Express, RequestHandler } from 'express';
import jsonServer from 'json-server';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkProductKey, DEFAULT_PRODUCT } from '../src/domain/product';
import { requireAuth } from './auth/middleware';
import { createTokenService, newTokenState, type TokenService } from './auth/tokens';
import type { MockContext } from './context';
import { newDevKey, requireDevKey } from './dev-key';
import { faultMode } from './faults';
import { errorHandler, unknownRoute } from './http';
import { warmIndexes } from './invoice-index';
import { warmLendingIndexes } from './lending-index';
import { negotiateVersion } from './media-type';
import { rateLimits, type RateLimitSettings } from './rate-limits';
import { securityHeaders } from './security-headers';
import { adminRoutes } from './routes/admin';
import { dashboardRoutes } from './routes/dashboard';
import { devRoutes } from './routes/dev';
import { distributorRoutes } from './routes/distributors';
import { gatewayRoutes } from './routes/gateway';
import { invoiceRoutes } from './routes/invoices';
import { lendingRoutes } from './routes/lending';
import { linkRoutes, reminderDevRoutes } from './routes/links';
import { deliverDueReminders } from './links';
import { otpRoutes } from './routes/otp';
import { pactStatesRoute } from './pact-states';
import { payRoutes } from './routes/pay';
import { retailerRoutes } from './routes/retailers';
import { sessionRoutes } from './routes/sessions';
import { uploadRoutes } from './routes/uploads';
import { DEFAULT_SEED, generateDb } from './seed';
import { answerWhenDurable } from './store/middleware';
import { freezeByDefault, Repository } from './store/repository';
import type { ReadonlyDb } from './db';
import { type DurableStore, type OpenStore, openStore } from './store/store';

export interface MockServerOptions {
  /** Faker seed: the same seed (with the same scale and day) gives the same data. */
  seed?: number;
  /** The server's clock. Token expiry and "today" in the seed read it, so tests can move time. */
  clock?: () => Date;
  /** Volume multiplier for the seed (1: ~4,400 invoices; 22: ~90k). */
  scale?: number;
  /** Auth-token lifetime in seconds. */
  tokenTtl?: number;
  /** Refresh-token lifetime in seconds. */
  refreshTtl?: number;
  /** Folder for the durable store (snapshot, journal, sessions); null keeps everything in memory. */
  dataDir?: string | null;
  /** Regenerate from the seed even if a stored database exists. */
  reset?: boolean;
  /** Go back to the backup snapshot (db.prev.ndjson); the current files are moved aside. */
  restoreBackup?: boolean;
  /** Start from the snapshot and the journal before its first damaged line; the rest is moved aside. */
  recover?: boolean;
  /** Journal bytes of database changes that start a snapshot (see store/store.ts). */
  snapshotBytes?: number;
  /** Journal segment bytes that start a new segment (see store/store.ts). */
  rotateBytes?: number;
  /** The provider's product key (fills `{product}`). */
  product?: string;
  /** The web app's origin, for links in mails. */
  appUrl?: string;
  /** Where log lines go (defaults to console.log). */
  log?: (line: string) => void;
  /** The key the development pages (`/__dev/*`) ask for; a new random one when not given. */
  devKey?: string;
  /** Serve the pact's provider states at /__dev/pact-states (test-only; mock-server/pact-states). */
  pactStates?: boolean;
  /** Limits on guessing (mock-server/rate-limits.ts); each defaults to DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimitSettings>;
  /** The storage engine of a saving mock (default: the journal, store/store.ts). */
  storage?: OpenStore;
  /** More routes, after ours (tests that stand for an endpoint added later). */
  moreRoutes?: (ctx: MockContext) => RequestHandler;
}

export interface RunningMock {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface MockServer {
  app: Express;
  /** The live database, read-only. */
  db: () => ReadonlyDb;
  /** Every write goes through it (store/repository.ts). */
  repository: Repository;
  tokens: TokenService;
  /** The key of the development pages (`/__dev/*`: outbox, faults, reminder runs), for the start banner. */
  devKey: string;
  /** The durable store; null in memory mode. */
  store: DurableStore | null;
  /** Writes pending changes to disk. */
  flush(): Promise<void>;
  /** Sends the reminders due by the mock's clock into the dev outbox; returns how many messages went out. */
  deliverReminders(): number;
  listen(port: number, host?: string): Promise<RunningMock>;
}

/** Cross-origin access for one origin: the app when it calls the provider directly (VITE_API_BASE_URL). */
function allowOrigin(origin: string): RequestHandler {
  return (req, res, next) => {
    if (req.headers.origin === origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Headers', 'Accept, Authorization, Content-Type, Idempotency-Key');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, Idempotent-Replayed');
      if (req.method === 'OPTIONS') {
        res.status(204).end();
        return;
      }
    }
    next();
  };
}

export const DEFAULT_TOKEN_TTL = 15 * 60;
const DEFAULT_REFRESH_TTL = 30 * 24 * 60 * 60;
/** How often a listening mock sends the reminders that fell due. */
const REMINDER_TICK_MS = 30_000;

const PUBLIC_DIR = join(fileURLToPath(new URL('.', import.meta.url)), 'public');

/**
 * The embedded mock provider: json-server's Express app (its defaults and body parser) with our routes over
 * the repository's seeded data (store/repository.ts). json-server's CRUD router is not used: it would skip
 * validation and auth, expose password hashes, and write rows past the journal.
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  const clock = options.clock ?? (() => new Date());
  const product = checkProductKey(options.product ?? DEFAULT_PRODUCT);
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = options.dataDir ?? null;
  const devKey = options.devKey || newDevKey();
  // Rows are frozen in development and tests: an edit that bypasses the repository throws at once.
  const freeze = freezeByDefault();

  const generate = () => generateDb({ seed, scale, today: clock() });
  // Saving mode: the durable store (a snapshot, a journal fsynced before each write is answered, sessions).
  const store: DurableStore | null =
    dataDir === null
      ? null
      : (options.storage ?? openStore)({
          dir: dataDir,
          seed,
          scale,
          reset: options.reset,
          restoreBackup: options.restoreBackup,
          recover: options.recover,
          generate,
          newSessions: newTokenState,
          log,
          now: () => clock().getTime(),
          snapshotBytes: options.snapshotBytes,
          rotateBytes: options.rotateBytes,
          freeze,
        });
  const repository = store?.repository ?? new Repository(generate(), { freeze });
  const db = () => repository.data;

  const tokens = createTokenService(store?.sessions ?? newTokenState(), {
    authTtl: options.tokenTtl ?? DEFAULT_TOKEN_TTL,
    refreshTtl: options.refreshTtl ?? DEFAULT_REFRESH_TTL,
    now: () => clock().getTime(),
    onChange: (family) => store?.sessionChanged(family),
    onRemove: (id) => store?.sessionRemoved(id),
  });
  // The list indexes are built now, not by the first request.
  warmIndexes(repository.data);
  warmLendingIndexes(repository.data, clock().getTime());

  const ctx: MockContext = {
    db,
    repository,
    now: () => clock().getTime(),
    tokens,
    auth: requireAuth(tokens, db),
    product,
    appUrl: options.appUrl ?? 'http://127.0.0.1:5173',
    baseUrl: (req) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`,
    log,
  };

  const app = jsonServer.create();
  app.disable('x-powered-by');
  app.use(securityHeaders()); // helmet: nosniff, X-Frame-Options DENY, a CSP with frame-ancestors 'none' on every answer
  // CORS only for the app's own origin (json-server's default would let any page read, say, the dev outbox).
  app.use(allowOrigin(new URL(ctx.appUrl).origin));
  // Every write is answered only once its changes are on disk.
  if (store) app.use(answerWhenDurable(store));
  app.use(jsonServer.defaults({ logger: false, static: PUBLIC_DIR, noGzip: true, noCors: true }));
  app.use(bodyParsers()); // small limits and a nesting cap, before any route or authentication
  app.use(requireDevKey(devKey)); // the outbox holds reset links and OTPs: nobody without the key reads it
  app.use(faultMode(ctx)); // development-only faults (mock-server/faults.ts): off unless MOCK_FAULTS or --faults asks
  app.use(devRoutes(ctx));
  app.use(reminderDevRoutes(ctx));
  if (options.pactStates) app.use(pactStatesRoute(ctx)); // test-only: the provider states of the pact
  // Pages for the browser (fake payment gateway, statement): HTML, outside the Accept negotiation.
  app.use(gatewayRoutes(ctx));
  app.use(negotiateVersion(product));
  app.use(rateLimits(ctx, options.rateLimits)); // login, password change, reset mails, OTP sends
  app.use(sessionRoutes(ctx));
  app.use(adminRoutes(ctx)); // after sessionRoutes: PUT /users/set_password is theirs
  app.use(dashboardRoutes(ctx));
  app.use(uploadRoutes(ctx));
  // Before distributorRoutes: /distributor_companies/lending_list, /list, ... are not customer ids.
  app.use(lendingRoutes(ctx));
  app.use(distributorRoutes(ctx));
  app.use(retailerRoutes(ctx));
  app.use(linkRoutes(ctx)); // before invoiceRoutes: GET /invoices/lookup is not an invoice id
  app.use(invoiceRoutes(ctx));
  app.use(payRoutes(ctx));
  app.use(otpRoutes(ctx));
  if (options.moreRoutes) app.use(options.moreRoutes(ctx));
  app.use(unknownRoute);
  app.use(errorHandler(log));

  const flush = async () => {
    await store?.commit();
  };

  /** Sends the reminders due now (the mock's clock) into the outbox; the server runs it every half minute. */
  const deliverReminders = () => {
    const sent = deliverDueReminders(repository, clock().getTime(), { appUrl: ctx.appUrl, product });
    if (sent > 0) {
      log(`[mock] reminders: ${sent} message${sent === 1 ? '' : 's'} sent (the dev outbox)`);
    }
    return sent;
  };

  return {
    app,
    db,
    repository,
    tokens,
    devKey,
    store,
    flush,
    deliverReminders,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const server: Server = app.listen(port, host);
        const reminders = setInterval(deliverReminders, REMINDER_TICK_MS);
        reminders.unref();
        server.once('close', () => clearInterval(reminders));
        server.once('error', reject);
        server.once('listening', () => {
          const address = server.address();
          const actualPort = typeof address === 'object' && address ? address.port : port;
          resolve({
            url: `http://${host}:${actualPort}`,
            port: actualPort,
            close: async () => {
              server.closeAllConnections();
              await new Promise<void>((done) => server.close(() => done()));
              await store?.close();
            },
          });
        });
      });
    },
  };
}
