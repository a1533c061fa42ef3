import { randomBytes } from 'node:crypto';

/**
 * Auth and refresh tokens like a real provider's: short-lived opaque auth tokens, refresh tokens that
 * rotate on every use, and token families: presenting a refresh token that was already rotated means
 * it leaked, so the whole family (every auth and refresh token descended from that login) is revoked.
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
}

export interface AuthTokenRecord {
  family_id: string;
  user_id: number;
  expires_at: number;
}

export interface TokenState {
  families: Record<string, TokenFamily>;
  auth_tokens: Record<string, AuthTokenRecord>;
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
  /** Called after every change, so the caller can persist `state`. */
  onChange: () => void;
}

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export function createTokenService(state: TokenState, options: TokenOptions) {
  const { authTtl, refreshTtl, now, onChange } = options;

  function issueAuthToken(family: TokenFamily): string {
    const value = token('at');
    state.auth_tokens[value] = { family_id: family.id, user_id: family.user_id, expires_at: now() + authTtl * 1000 };
    return value;
  }

  function findFamilyByRefresh(refreshToken: string): TokenFamily | undefined {
    return Object.values(state.families).find((f) => f.refresh_token === refreshToken || f.rotated.includes(refreshToken));
  }

  /** Drops records that can never be used again, so the state does not grow without bound. */
  function prune(): void {
    const at = now();
    for (const [value, record] of Object.entries(state.auth_tokens)) {
      const family = state.families[record.family_id];
      if (!family || family.revoked || record.expires_at < at - authTtl * 1000) delete state.auth_tokens[value];
    }
    for (const [id, family] of Object.entries(state.families)) {
      if (family.refresh_expires_at < at) delete state.families[id];
    }
  }

  return {
    /** A new login: a new family with its first auth and refresh tokens. */
    login(userId: number): IssuedTokens {
      prune();
      const family: TokenFamily = {
        id: randomBytes(8).toString('hex'),
        user_id: userId,
        refresh_token: token('rt'),
        refresh_expires_at: now() + refreshTtl * 1000,
        rotated: [],
        revoked: false,
      };
      state.families[family.id] = family;
      const auth = issueAuthToken(family);
      onChange();
      return { auth_token: auth, refresh_token: family.refresh_token, expires_in: authTtl };
    },

    verify(authToken: string): TokenCheck {
      const record = state.auth_tokens[authToken];
      const family = record ? state.families[record.family_id] : undefined;
      if (!record || !family || family.revoked) return { ok: false, reason: 'invalid' };
      if (record.expires_at <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: record.user_id, familyId: family.id };
    },

    /** Rotates a refresh token. Reuse of a rotated one revokes the family. */
    refresh(refreshToken: string): { ok: true; tokens: IssuedTokens; userId: number } | { ok: false; reason: 'invalid' | 'reused' } {
      const family = findFamilyByRefresh(refreshToken);
      if (!family || family.revoked || family.refresh_expires_at <= now()) return { ok: false, reason: 'invalid' };
      if (family.refresh_token !== refreshToken) {
        family.revoked = true;
        onChange();
        return { ok: false, reason: 'reused' };
      }
      family.rotated.push(family.refresh_token);
      family.refresh_token = token('rt');
      family.refresh_expires_at = now() + refreshTtl * 1000;
      const auth = issueAuthToken(family);
      onChange();
      return { ok: true, userId: family.user_id, tokens: { auth_token: auth, refresh_token: family.refresh_token, expires_in: authTtl } };
    },

    revokeFamily(familyId: string): void {
      const family = state.families[familyId];
      if (family) family.revoked = true;
      onChange();
    },

    /** After a password reset every session of the user ends; after a change, all but the one that changed it. */
    revokeUser(userId: number, keepFamilyId?: string): void {
      for (const family of Object.values(state.families)) {
        if (family.user_id === userId && family.id !== keepFamilyId) family.revoked = true;
      }
      onChange();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

export function isTokenState(value: unknown): value is TokenState {
  return typeof value === 'object' && value !== null && 'families' in value && 'auth_tokens' in value;
}
