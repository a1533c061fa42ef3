import { Router, type Request, type RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { RATE_LIMIT_CODE, tooManyAttemptsText } from '../src/domain/errors';
import { bearerToken, requireAuth } from './auth/middleware';
import type { MockContext } from './context';
import { isRecord } from './http';

/**
 * Limits on guessing, per window, with express-rate-limit (its in-memory store: one mock process):
 * - login: failed attempts per e-mail (known or not, so the limit says nothing about which accounts exist)
 *   and per address; a successful login does not count;
 * - wrong current passwords on a password change, per user (a stolen session must not guess its way in);
 * - forgot-password mails per address and per e-mail;
 * - OTP sends per pay token (OTP verification has its own limit: 5 wrong answers end the OTP).
 * Over the limit: 429 ER-RATE-LIMIT with `Retry-After` (seconds) and `RateLimit` / `RateLimit-Policy` headers.
 */
export interface RateLimitSettings {
  loginPerAccount: number;
  loginPerAddress: number;
  passwordChangePerUser: number;
  forgotPerAccount: number;
  forgotPerAddress: number;
  otpSendsPerToken: number;
}

const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  loginPerAccount: 5,
  loginPerAddress: 20,
  passwordChangePerUser: 5,
  forgotPerAccount: 3,
  forgotPerAddress: 10,
  otpSendsPerToken: 5,
};

const MINUTE = 60_000;
const WINDOW_MS = { login: 15 * MINUTE, passwordChange: 15 * MINUTE, forgot: 60 * MINUTE, otp: 15 * MINUTE };

/** The names of MOCK_RATE_LIMITS (`login-address=1000,otp-token=50`). */
const SETTING_NAMES: Record<string, keyof RateLimitSettings> = {
  'login-account': 'loginPerAccount',
  'login-address': 'loginPerAddress',
  'password-change-user': 'passwordChangePerUser',
  'forgot-account': 'forgotPerAccount',
  'forgot-address': 'forgotPerAddress',
  'otp-token': 'otpSendsPerToken',
};

/** Reads MOCK_RATE_LIMITS: comma-separated `name=N`; an unknown name or a bad number is an error, not ignored. */
export function parseRateLimits(text: string | undefined): Partial<RateLimitSettings> {
  const settings: Partial<RateLimitSettings> = {};
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const [name = '', raw = ''] = part.split('=').map((p) => p.trim());
    const key = SETTING_NAMES[name];
    const value = Number(raw);
    if (!key)
      throw new Error(`MOCK_RATE_LIMITS: unknown limit '${name}' (one of ${Object.keys(SETTING_NAMES).join(', ')})`);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`MOCK_RATE_LIMITS: ${name} must be a whole number of at least 1, got '${raw}'`);
    settings[key] = value;
  }
  return settings;
}

/** The e-mail a login or forgot-password body names, lower-cased; null when there is none (the route answers 422). */
function emailOf(req: Request): string | null {
  const body: unknown = req.body;
  const user = isRecord(body) && isRecord(body.user) ? body.user : null;
  return user && typeof user.email === 'string' && user.email.trim() !== '' ? user.email.trim().toLowerCase() : null;
}

function limiter(name: string, windowMs: number, limit: number, options: Partial<Options> = {}): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    handler: (_req, res, _next, used) => {
      const resetTime = (_req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const waitMs = resetTime ? resetTime.getTime() - Date.now() : used.windowMs;
      res.status(429).json({ errors: [{ code: RATE_LIMIT_CODE, detail: tooManyAttemptsText(waitMs) }] });
    },
    ...options,
  });
}

/** Skips requests that carry no key of this kind (the route itself answers them). */
const keyed = (keyOf: (req: Request) => string | null): Partial<Options> => ({
  skip: (req) => keyOf(req) === null,
  keyGenerator: (req) => keyOf(req) ?? '',
});

/** The limiters in front of the routes they guard; mount after the body parsers. */
export function rateLimits(ctx: MockContext, settings: Partial<RateLimitSettings> = {}): Router {
  const limits = { ...DEFAULT_RATE_LIMITS, ...settings };
  const failuresOnly: Partial<Options> = { skipSuccessfulRequests: true };
  const router = Router();

  router.post(
    '/sessions',
    limiter('login-address', WINDOW_MS.login, limits.loginPerAddress, failuresOnly),
    limiter('login-account', WINDOW_MS.login, limits.loginPerAccount, { ...failuresOnly, ...keyed(emailOf) }),
  );
  router.put(
    '/users/set_password',
    requireAuth(ctx.tokens, ctx.db),
    limiter('password-change-user', WINDOW_MS.passwordChange, limits.passwordChangePerUser, {
      // Only a wrong current password counts (sessions.ts marks it); a weak new password is the owner's slip.
      skipSuccessfulRequests: true,
      requestWasSuccessful: (_req, res) => res.locals.wrongPassword !== true,
      ...keyed((req) => (req.user ? String(req.user.id) : null)),
    }),
  );
  router.post(
    '/users/forgot_password',
    limiter('forgot-address', WINDOW_MS.forgot, limits.forgotPerAddress),
    limiter('forgot-account', WINDOW_MS.forgot, limits.forgotPerAccount, keyed(emailOf)),
  );
  router.post(
    '/communications/send_otp',
    limiter(
      'otp-token',
      WINDOW_MS.otp,
      limits.otpSendsPerToken,
      keyed((req) => bearerToken(req.headers.authorization)),
    ),
  );
  return router;
}
