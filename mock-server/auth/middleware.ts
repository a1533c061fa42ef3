import { accessProblem } from './access';
import type { Request, RequestHandler } from 'express';
import type { ReadonlyDb, User } from '../db';
import { HttpError } from '../http';
import type { TokenService } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    /** The authenticated user, set by requireAuth. */
    user?: User;
    /** The token family of the request's auth token (one login). */
    tokenFamilyId?: string;
  }
}

/** The Authorization header carries the auth token, bare or as `Bearer <token>`. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.replace(/^Bearer\s+/i, '').trim();
  return value === '' ? null : value;
}

/**
 * The declared pattern of the route handling the request (mount path and route path), so that access does
 * not depend on how the client spelt the path. Authentication runs only as a route's own handler: used as a
 * plain middleware there is no matched route, and that is a mistake in the mock, not a request to let through.
 */
function matchedRoutePattern(req: Request): string {
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern !== 'string')
    throw new Error(
      `Authentication must be a route's handler (request ${req.method} ${req.path} matched no single route pattern)`,
    );
  return `${req.baseUrl}${pattern}`;
}

/** 401 ER-AUTH-103 for an expired token, ER-AUTH-102 for a missing, unknown or revoked one. */
export function requireAuth(tokens: TokenService, db: () => ReadonlyDb): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === null) {
      next(new HttpError(401, [{ code: 'ER-AUTH-102', detail: 'Authorization token is missing.' }]));
      return;
    }
    const check = tokens.verify(token);
    if (!check.ok) {
      next(
        check.reason === 'expired'
          ? new HttpError(401, [{ code: 'ER-AUTH-103', detail: 'Auth token has expired.' }])
          : new HttpError(401, [{ code: 'ER-AUTH-102', detail: 'Auth token is invalid or has been revoked.' }]),
      );
      return;
    }
    const user = db().users.find((u) => u.id === check.userId);
    if (!user) {
      next(new HttpError(401, [{ code: 'ER-AUTH-102', detail: 'The user of this token no longer exists.' }]));
      return;
    }
    // Access types (spec 1 §2.1, spec 2 §2): the area of the matched route must be open to the user's type.
    const denied = accessProblem(user.event, matchedRoutePattern(req), req.query);
    if (denied !== null) {
      next(new HttpError(403, [{ code: 'ER-ACCESS-101', detail: denied }]));
      return;
    }
    req.user = user;
    req.tokenFamilyId = check.familyId;
    next();
  };
}

/** The authenticated user; only call behind requireAuth. */
export function currentUser(req: { user?: User }): User {
  if (!req.user) throw new HttpError(401, [{ code: 'ER-AUTH-102', detail: 'Not authenticated.' }]);
  return req.user;
}
