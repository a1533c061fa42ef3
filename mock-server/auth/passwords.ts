import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// A mock, not a vault: a low scrypt cost keeps seeding and login fast while passwords are still never stored in clear.
const COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** `scrypt$<salt hex>$<hash hex>`. Pass a salt to make seeding deterministic. */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password, salt, KEY_LENGTH, COST);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || saltHex === undefined || hashHex === undefined) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length, COST);
  return timingSafeEqual(expected, actual);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Password rules of the portal: at least 8 characters (the login field's placeholder says so), at most 128. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return 'Password must be at least 8 characters.';
  if (password.length > 128) return 'Password must be at most 128 characters.';
  return null;
}
