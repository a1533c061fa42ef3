import { vendorMediaType } from '../domain/product';
import { STORAGE_KEYS } from '../domain/session-storage';

/*
 * Requests the entry sends before the app's code has arrived, so that a reload does not wait for React, the
 * session machine and the layout to run before it asks for the profile (a slow round trip on a phone). The
 * client takes such an answer in place of sending the same request itself: same URL, media type and token, once.
 * Everything after the answer (a 401 and the refresh, errors, decoding) is the client's as usual. This module is
 * part of the entry: it imports nothing heavier than the kernel's constants.
 */

/** The provider's address of `path` under the configured base (`/api` or a provider's origin). */
export const apiTarget = (baseUrl: string, path: string): string => `${baseUrl.replace(/\/+$/, '')}${path}`;

/** GET /users/{id}: the profile the session loads first. */
export const userPath = (userId: string): string => `/users/${encodeURIComponent(userId)}`;

const sent = new Map<string, Promise<Response>>();
const keyOf = (target: string, accept: string, token: string) => `${token}\n${accept}\n${target}`;

/** Sends a GET now and keeps its answer for the client. */
function sendEarly(target: string, accept: string, token: string): void {
  const answer = fetch(target, { headers: { Accept: accept, Authorization: token } });
  // A failure is the client's to report when it takes the answer; until then it is not an unhandled rejection.
  answer.catch(() => undefined);
  sent.set(keyOf(target, accept, token), answer);
}

/**
 * The entry, with a stored session: the profile request the restored session will make first leaves now,
 * with the stored token. Nothing is sent when no whole session is stored.
 */
export function sendEarlyProfileRequest(storage: Pick<Storage, 'getItem'>, baseUrl: string, product: string): void {
  const token = storage.getItem(STORAGE_KEYS.authToken);
  const userId = storage.getItem(STORAGE_KEYS.userId);
  if (!token || !userId || !storage.getItem(STORAGE_KEYS.refreshToken)) return;
  sendEarly(apiTarget(baseUrl, userPath(userId)), vendorMediaType(product, 1), token);
}

/** The client: the answer to a GET the entry already sent with exactly this URL, media type and token; taken once. */
export function takeEarlyAnswer(target: string, accept: string, token: string): Promise<Response> | undefined {
  const key = keyOf(target, accept, token);
  const answer = sent.get(key);
  sent.delete(key);
  return answer;
}
