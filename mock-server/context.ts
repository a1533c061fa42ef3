import type { Request, RequestHandler } from 'express';
import type { TokenService } from './auth/tokens';
import type { Repository } from './store/repository';
import type { ReadonlyDb } from './db';

/** What every route module gets from the server: the data, the clock, auth and configuration. */
export interface MockContext {
  /** The live database, read-only: write through `repository`. */
  db: () => ReadonlyDb;
  /** The only way to write rows: each write is journaled before the answer and seen by the indexes. */
  repository: Repository;
  /** Milliseconds since the epoch, from the server's clock. */
  now: () => number;
  tokens: TokenService;
  /** Middleware that lets only authenticated requests through (sets req.user). */
  auth: RequestHandler;
  product: string;
  /** Where the web app runs, for links in mails (reset password, payment links). */
  appUrl: string;
  /** This server's own origin as the caller reached it, for absolute asset URLs. */
  baseUrl: (req: Request) => string;
  log: (line: string) => void;
}
