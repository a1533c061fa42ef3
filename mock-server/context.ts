import type { Request, RequestHandler } from 'express';
import type { TokenService } from './auth/tokens';
import type { Db } from './db';

/** What every route module gets from the server: the data, the clock, auth and configuration. */
export interface MockContext {
  /**
   * The live database. Mutate it in place: rows pushed onto a collection are journaled by themselves; a row
   * edited in place must be named with `touched(db, collection, row)` (store/changes.ts).
   */
  db: () => Db;
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
  /**
   * Journals the changes made so far, without waiting. A write request's changes are journaled (and on disk)
   * before it is answered anyway, whatever its status; call it for a change made outside a request.
   */
  persist: () => void;
}
