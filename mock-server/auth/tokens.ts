import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Auth and refresh tokens like a real provider's: short-lived auth tokens, refresh tokens that rotate on
 * every use, and token families: presenting a refresh token that was already rotated means it leaked,
 * so the whole family (every auth and refresh token descended from that login) is revoked. One exception
 * forgives a lost answer: the refresh token rotated last, presented again within {@link REFRESH_GRACE_MS}
 * and while its successor is still unused, gets the same new pair again instead of revoking the family.
 *
 * Auth tokens are signed, not stored: `at_<family>.<expires ms>.<hmac>`. Whatever time has passed, an
 * expired token of a living login is recognised as expired (ER-AUTH-103), never mistaken for a forged one.
 */
export interface TokenFamily {
  id: string;
  user_id: number;
  /** The only refresh token of this family that may still be used. */
  refresh_token: string;
  refresh_expires_at: number;
  /** Refresh tokens already rotated away: reusing one revokes the family. */
  rotated: string[];
  revoked: boolean;
  /** The last rotation, answered again when its answer was lost (see {@link REFRESH_GRACE_MS}). */
  last_rotation?: { from: string; until: number; auth_token: string; auth_expires_at: number } | null;
}

/** How long the refresh token just rotated away may be presented again for the same answer. */
export const REFRESH_GRACE_MS = 30_000;

export interface TokenState {
  /** Signs auth tokens; kept with the families so tokens survive a restart. */
  secret: string;
  families: Record<string, TokenFamily>;
}

export type TokenCheck = { ok: true; userId: number; familyId: string } | { ok: false; reason: 'expired' | 'invalid' };

export interface IssuedTokens {
  auth_token: string;
  refresh_token: string;
  /** Seconds until the auth token expires. */
  expires_in: number;
}

export interface TokenOptions {
  /** Auth-token lifetime in seconds. */
  authTtl: number;
  /** Refresh-token lifetime in seconds. */
  refreshTtl: number;
  now: () => number;
  /** Called after every change of a family (created, rotated, revoked), so the caller can journal it. */
  onChange: (family: TokenFamily) => void;
  /** Called when a family is dropped (its refresh token expired). */
  onRemove?: (familyId: string) => void;
}

export function newTokenState(): TokenState {
  return { secret: randomBytes(32).toString('hex'), families: {} };
}

const random = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export function createTokenService(state: TokenState, options: TokenOptions) {
  const { authTtl, refreshTtl, now, onChange } = options;
  const onRemove = options.onRemove ?? (() => {});
  const sign = (payload: string) => createHmac('sha256', state.secret).update(payload).digest('base64url');

  function issueAuthToken(family: TokenFamily, ttlSeconds = authTtl): string {
    const payload = `${family.id}.${now() + ttlSeconds * 1000}`;
    return `at_${payload}.${sign(payload)}`;
  }

  /** The family and expiry of a token this server signed; null for anything else. */
  function readAuthToken(token: string): { familyId: string; expiresAt: number } | null {
    const match = /^at_([0-9a-f]+)\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(token);
    if (!match) return null;
    const [, familyId = '', expires = '', signature = ''] = match;
    const expected = Buffer.from(sign(`${familyId}.${expires}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return { familyId, expiresAt: Number(expires) };
  }

  function findFamilyByRefresh(refreshToken: string): TokenFamily | undefined {
    return Object.values(state.families).find((f) => f.refresh_token === refreshToken || f.rotated.includes(refreshToken));
  }

  /** Drops logins whose refresh token can no longer be used, so the state does not grow without bound. */
  function prune(): void {
    for (const [id, family] of Object.entries(state.families)) {
      if (family.refresh_expires_at >= now()) continue;
      delete state.families[id];
      onRemove(id);
    }
  }

  return {
    /** A new login: a new family with its first auth and refresh tokens (`authTtlSeconds`: 0 for one already expired). */
    login(userId: number, authTtlSeconds = authTtl): IssuedTokens {
      prune();
      const family: TokenFamily = {
        id: randomBytes(8).toString('hex'),
        user_id: userId,
        refresh_token: random('rt'),
        refresh_expires_at: now() + refreshTtl * 1000,
        rotated: [],
        revoked: false,
      };
      state.families[family.id] = family;
      onChange(family);
      return { auth_token: issueAuthToken(family, authTtlSeconds), refresh_token: family.refresh_token, expires_in: authTtlSeconds };
    },

    verify(authToken: string): TokenCheck {
      const token = readAuthToken(authToken);
      const family = token ? state.families[token.familyId] : undefined;
      if (!token || !family || family.revoked) return { ok: false, reason: 'invalid' };
      if (token.expiresAt <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: family.user_id, familyId: family.id };
    },

    /** Rotates a refresh token. Reuse of a rotated one revokes the family. */
    refresh(refreshToken: string): { ok: true; tokens: IssuedTokens; userId: number } | { ok: false; reason: 'invalid' | 'reused' } {
      const family = findFamilyByRefresh(refreshToken);
      if (!family || family.revoked || family.refresh_expires_at <= now()) return { ok: false, reason: 'invalid' };
      const last = family.last_rotation;
      if (last && last.from === refreshToken && now() < last.until) {
        // The client never saw the answer to its refresh: send the same pair again.
        const expiresIn = Math.max(0, Math.floor((last.auth_expires_at - now()) / 1000));
        return { ok: true, userId: family.user_id, tokens: { auth_token: last.auth_token, refresh_token: family.refresh_token, expires_in: expiresIn } };
      }
      if (family.refresh_token !== refreshToken) {
        family.revoked = true;
        onChange(family);
        return { ok: false, reason: 'reused' };
      }
      family.rotated.push(family.refresh_token);
      family.refresh_token = random('rt');
      family.refresh_expires_at = now() + refreshTtl * 1000;
      const authToken = issueAuthToken(family);
      family.last_rotation = { from: refreshToken, until: now() + REFRESH_GRACE_MS, auth_token: authToken, auth_expires_at: now() + authTtl * 1000 };
      onChange(family);
      return { ok: true, userId: family.user_id, tokens: { auth_token: authToken, refresh_token: family.refresh_token, expires_in: authTtl } };
    },

    revokeFamily(familyId: string): void {
      const family = state.families[familyId];
      if (!family) return;
      family.revoked = true;
      onChange(family);
    },

    /** After a password reset every session of the user ends; after a change, all but the one that changed it. */
    revokeUser(userId: number, keepFamilyId?: string): void {
      for (const family of Object.values(state.families)) {
        if (family.user_id !== userId || family.id === keepFamilyId || family.revoked) continue;
        family.revoked = true;
        onChange(family);
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

export function isTokenState(value: unknown): value is TokenState {
  return typeof value === 'object' && value !== null && 'families' in value && 'secret' in value && typeof value.secret === 'string';
}
