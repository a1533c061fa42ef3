import type { Express, RequestHandler } from 'express';
import jsonServer, { type JsonServerRouter } from 'json-server';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkProductKey, DEFAULT_PRODUCT } from '../src/domain/product';
import { requireAuth } from './auth/middleware';
import { createTokenService, isTokenState, newTokenState, type TokenService, type TokenState } from './auth/tokens';
import type { MockContext } from './context';
import type { Db } from './db';
import { errorHandler, unknownRoute } from './http';
import { negotiateVersion } from './media-type';
import { dashboardRoutes } from './routes/dashboard';
import { devRoutes } from './routes/dev';
import { distributorRoutes } from './routes/distributors';
import { gatewayRoutes } from './routes/gateway';
import { invoiceRoutes } from './routes/invoices';
import { otpRoutes } from './routes/otp';
import { payRoutes } from './routes/pay';
import { sessionRoutes } from './routes/sessions';
import { uploadRoutes } from './routes/uploads';
import { DEFAULT_SEED, generateDb } from './seed';
import { isCompatibleDb, jsonFile } from './store';

export interface MockServerOptions {
  /** Faker seed: the same seed (with the same scale and day) gives the same data. */
  seed?: number;
  /** The server's clock. Token expiry and "today" in the seed read it, so tests can move time. */
  clock?: () => Date;
  /** Volume multiplier for the seed (1: ~4,500 invoices; 22: ~100k). */
  scale?: number;
  /** Auth-token lifetime in seconds. */
  tokenTtl?: number;
  /** Refresh-token lifetime in seconds. */
  refreshTtl?: number;
  /** Folder for db.json and sessions.json; null keeps everything in memory. */
  dataDir?: string | null;
  /** Regenerate from the seed even if a stored database exists. */
  reset?: boolean;
  /** The provider's product key (fills `{product}`). */
  product?: string;
  /** The web app's origin, for links in mails. */
  appUrl?: string;
  /** Where log lines go (defaults to console.log). */
  log?: (line: string) => void;
}

export interface RunningMock {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface MockServer {
  app: Express;
  /** The live database. */
  db: () => Db;
  tokens: TokenService;
  /** Writes pending changes to disk. */
  flush(): Promise<void>;
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
export const DEFAULT_REFRESH_TTL = 30 * 24 * 60 * 60;
const PUBLIC_DIR = join(fileURLToPath(new URL('.', import.meta.url)), 'public');

/**
 * The embedded mock provider: json-server's Express app and in-memory lowdb router holding seeded data,
 * with our own routes in front (the generic json-server CRUD routes are not mounted: they would skip
 * validation and auth, and expose password hashes).
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  const seed = options.seed ?? DEFAULT_SEED;
  const scale = options.scale ?? 1;
  const clock = options.clock ?? (() => new Date());
  const product = checkProductKey(options.product ?? DEFAULT_PRODUCT);
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = options.dataDir ?? null;

  const dbFile = jsonFile<Db>(dataDir === null ? null : join(dataDir, 'db.json'), (): Db => router.db.getState(), log);
  const sessionsFile = jsonFile<TokenState>(dataDir === null ? null : join(dataDir, 'sessions.json'), () => tokenState, log);
  if (options.reset) {
    dbFile.remove();
    sessionsFile.remove();
  }
  const stored: Db | null = dbFile.load(isCompatibleDb(seed, scale));
  const state: Db = stored ?? generateDb({ seed, scale, today: clock() });
  if (!stored) {
    if (dataDir !== null) log(`[mock] seeded a new database (seed ${seed}, scale ${scale}) in ${dbFile.file}`);
    dbFile.markDirty();
  }
  const router: JsonServerRouter<Db> = jsonServer.router<Db>(state);
  const db = () => router.db.getState();

  const tokenState: TokenState = sessionsFile.load(isTokenState) ?? newTokenState();
  const tokens = createTokenService(tokenState, {
    authTtl: options.tokenTtl ?? DEFAULT_TOKEN_TTL,
    refreshTtl: options.refreshTtl ?? DEFAULT_REFRESH_TTL,
    now: () => clock().getTime(),
    onChange: () => sessionsFile.markDirty(),
  });

  const ctx: MockContext = {
    db,
    now: () => clock().getTime(),
    tokens,
    auth: requireAuth(tokens, db),
    product,
    appUrl: options.appUrl ?? 'http://127.0.0.1:5173',
    baseUrl: (req) => `${req.protocol}://${req.get('host') ?? '127.0.0.1'}`,
    log,
    persist: () => dbFile.markDirty(),
  };

  const app = jsonServer.create();
  app.disable('x-powered-by');
  // CORS only for the app's own origin (json-server's default would let any page read, say, the dev outbox).
  app.use(allowOrigin(new URL(ctx.appUrl).origin));
  app.use(jsonServer.defaults({ logger: false, static: PUBLIC_DIR, noGzip: true, noCors: true }));
  app.use(devRoutes(ctx));
  // Pages for the browser (fake payment gateway, statement): HTML, outside the Accept negotiation.
  app.use(gatewayRoutes(ctx));
  app.use(negotiateVersion(product));
  app.use(jsonServer.bodyParser);
  // Persist after every successful write, whichever route made it.
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      res.on('finish', () => {
        if (res.statusCode < 400) dbFile.markDirty();
      });
    }
    next();
  });
  app.use(sessionRoutes(ctx));
  app.use(dashboardRoutes(ctx));
  app.use(uploadRoutes(ctx));
  app.use(distributorRoutes(ctx));
  app.use(invoiceRoutes(ctx));
  app.use(payRoutes(ctx));
  app.use(otpRoutes(ctx));
  app.use(unknownRoute);
  app.use(errorHandler(log));

  const flush = async () => {
    await Promise.all([dbFile.flush(), sessionsFile.flush()]);
  };

  return {
    app,
    db,
    tokens,
    flush,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const server: Server = app.listen(port, host);
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
              await flush();
            },
          });
        });
      });
    },
  };
}
