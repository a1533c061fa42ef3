/**
 * The keys the session keeps in localStorage (the spec's names: the access type is stored as `event`). The session (src/api/session.ts) reads and
 * writes them; the entry only asks whether a session is stored, to fetch the logged-in code early.
 */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  refreshToken: 'refresh_token',
  userId: 'user_id',
  accessType: 'event',
} as const;

/** True when a session is stored (a reload, a new tab): the page will open logged in. */
export const hasStoredSession = (storage: Pick<Storage, 'getItem'>): boolean =>
  storage.getItem(STORAGE_KEYS.authToken) !== null;
