import type { Request, RequestHandler } from 'express';
import type { TokenService } from './auth/tokens';
import type { Db } from './db';

/** What every route module gets from the server: the data, the clock, auth and configuration. */
export interface MockContext {
  /** The live database (mutate it in place; the server persists after successful writes). */
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
   * Marks the database for saving. Successful non-GET requests are saved anyway; call it for a change made
   * by a request that still fails (a wrong OTP counts an attempt) or by a route outside the API (the fake gateway).
   */
  persist: () => void;
}
