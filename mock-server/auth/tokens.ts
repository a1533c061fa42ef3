import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { sha256 } from './passwords';

/**
 * Auth and refresh tokens like a real provider's: short-lived auth tokens, refresh tokens that rotate on
 * every use, and token families: presenting a refresh token that was already rotated means it leaked,
 * so the whole family (every auth and refresh token descended from that login) is revoked. One exception
 * forgives a lost answer: the refresh token rotated last, presented again within {@link REFRESH_GRACE_MS}
 * and while its successor is still unused, gets the same new pair again instead of revoking the family.
 *
 * Nothing stored can be used as a token or make one: the families are saved in the data folder, and a copy
 * of that folder must not open a session. Refresh tokens are kept as sha256 hashes, like reset tokens.
 * Auth tokens are signed, not stored: `at_<family>.<expires ms>.<key>.<ed25519 signature>`. Each run of the
 * mock signs with a key pair of its own whose private half never leaves the process; the family keeps the
 * public halves that signed its tokens, so a token stays checkable after a restart, and whatever time has
 * passed, an expired token of a living login is recognised as expired (ER-AUTH-103), never mistaken for a
 * forged one.
 */
export interface TokenFamily {
  id: string;
  user_id: number;
  /** sha256 of the only refresh token of this family that may still be used. */
  refresh_hash: string;
  refresh_expires_at: number;
  /** sha256 of the refresh tokens already rotated away: presenting one revokes the family. */
  rotated_hashes: string[];
  /** Public keys (SPKI DER, base64url) that signed this family's auth tokens; a token names its key by index. */
  keys: string[];
  revoked: boolean;
  /**
   * The last rotation, answered again when its answer was lost (see {@link REFRESH_GRACE_MS}): `from` is the
   * sha256 of the refresh token it replaced, `sealed` the pair it answered, encrypted with a key made from
   * that refresh token, so only whoever presents it again can read the pair.
   */
  last_rotation?: { from: string; until: number; auth_expires_at: number; sealed: string } | null;
}

/** How long the refresh token just rotated away may be presented again for the same answer. */
export const REFRESH_GRACE_MS = 30_000;

export interface TokenState {
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
  return { families: {} };
}

/**
 * Earlier versions of the mock stored refresh tokens in clear (and a secret that signed auth tokens). Their
 * families are dropped, so a token copied from an old file opens nothing; their users log in again.
 * Returns the ids dropped.
 */
export function dropFamiliesInClear(state: TokenState): string[] {
  const dropped = Object.entries(state.families)
    .filter(
      ([, family]) =>
        typeof family.refresh_hash !== 'string' || !Array.isArray(family.rotated_hashes) || !Array.isArray(family.keys),
    )
    .map(([id]) => id);
  for (const id of dropped) delete state.families[id];
  return dropped;
}

const random = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

// The key of a sealed pair: made from the refresh token like its stored hash, but not from that hash.
const sealKey = (refreshToken: string) => createHash('sha256').update(`seal:${refreshToken}`).digest();

function seal(refreshToken: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(refreshToken), iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function unseal(refreshToken: string, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(refreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function createTokenService(state: TokenState, options: TokenOptions) {
  const { authTtl, refreshTtl, now, onChange } = options;
  const onRemove = options.onRemove ?? (() => {});
  // This run's signing key: never written anywhere, so nothing in the data folder can sign a token.
  const own = generateKeyPairSync('ed25519');
  const ownPublic = own.publicKey.export({ type: 'spki', format: 'der' }).toString('base64url');
  const publicKeys = new Map<string, KeyObject>([[ownPublic, own.publicKey]]);
  const publicKey = (text: string) => {
    let key = publicKeys.get(text);
    if (!key)
      publicKeys.set(
        text,
        (key = createPublicKey({ key: Buffer.from(text, 'base64url'), format: 'der', type: 'spki' })),
      );
    return key;
  };

  /** Adds this run's public key to the family if it is new there: the caller journals the family. */
  function issueAuthToken(family: TokenFamily, ttlSeconds = authTtl): string {
    let index = family.keys.indexOf(ownPublic);
    if (index < 0) index = family.keys.push(ownPublic) - 1;
    const payload = `${family.id}.${now() + ttlSeconds * 1000}.${index}`;
    return `at_${payload}.${sign(null, Buffer.from(payload), own.privateKey).toString('base64url')}`;
  }

  /** The family and expiry of a token one of the family's keys signed; null for anything else. */
  function readAuthToken(token: string): { family: TokenFamily; expiresAt: number } | null {
    const match = /^at_([0-9a-f]+)\.(\d+)\.(\d+)\.([A-Za-z0-9_-]+)$/.exec(token);
    if (!match) return null;
    const [, familyId = '', expires = '', index = '', signature = ''] = match;
    const family = state.families[familyId];
    const key = family?.keys[Number(index)];
    if (!family || key === undefined) return null;
    if (
      !verify(null, Buffer.from(`${familyId}.${expires}.${index}`), publicKey(key), Buffer.from(signature, 'base64url'))
    )
      return null;
    return { family, expiresAt: Number(expires) };
  }

  function findFamilyByRefresh(hash: string): TokenFamily | undefined {
    return Object.values(state.families).find((f) => f.refresh_hash === hash || f.rotated_hashes.includes(hash));
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
      const refreshToken = random('rt');
      const family: TokenFamily = {
        id: randomBytes(8).toString('hex'),
        user_id: userId,
        refresh_hash: sha256(refreshToken),
        refresh_expires_at: now() + refreshTtl * 1000,
        rotated_hashes: [],
        keys: [],
        revoked: false,
      };
      const authToken = issueAuthToken(family, authTtlSeconds);
      state.families[family.id] = family;
      onChange(family);
      return { auth_token: authToken, refresh_token: refreshToken, expires_in: authTtlSeconds };
    },

    verify(authToken: string): TokenCheck {
      const token = readAuthToken(authToken);
      if (!token || token.family.revoked) return { ok: false, reason: 'invalid' };
      if (token.expiresAt <= now()) return { ok: false, reason: 'expired' };
      return { ok: true, userId: token.family.user_id, familyId: token.family.id };
    },

    /** Rotates a refresh token. Reuse of a rotated one revokes the family. */
    refresh(
      refreshToken: string,
    ): { ok: true; tokens: IssuedTokens; userId: number } | { ok: false; reason: 'invalid' | 'reused' } {
      const hash = sha256(refreshToken);
      const family = findFamilyByRefresh(hash);
      if (!family || family.revoked || family.refresh_expires_at <= now()) return { ok: false, reason: 'invalid' };
      const last = family.last_rotation;
      if (last && last.from === hash && now() < last.until) {
        // The client never saw the answer to its refresh: send the same pair again.
        const pair = unseal(refreshToken, last.sealed);
        if (pair === null) return { ok: false, reason: 'invalid' };
        const { auth_token, refresh_token } = JSON.parse(pair) as { auth_token: string; refresh_token: string };
        const expiresIn = Math.max(0, Math.floor((last.auth_expires_at - now()) / 1000));
        return { ok: true, userId: family.user_id, tokens: { auth_token, refresh_token, expires_in: expiresIn } };
      }
      if (family.refresh_hash !== hash) {
        family.revoked = true;
        onChange(family);
        return { ok: false, reason: 'reused' };
      }
      const next = random('rt');
      family.rotated_hashes.push(family.refresh_hash);
      family.refresh_hash = sha256(next);
      family.refresh_expires_at = now() + refreshTtl * 1000;
      const authToken = issueAuthToken(family);
      const sealed = seal(refreshToken, JSON.stringify({ auth_token: authToken, refresh_token: next }));
      family.last_rotation = {
        from: hash,
        until: now() + REFRESH_GRACE_MS,
        auth_expires_at: now() + authTtl * 1000,
        sealed,
      };
      onChange(family);
      return {
        ok: true,
        userId: family.user_id,
        tokens: { auth_token: authToken, refresh_token: next, expires_in: authTtl },
      };
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
