import type { ApiClient } from './client';
import { MessageResponse } from './codecs/common';
import { userPath } from './early-answers';
import type { SessionTokens } from '../../machines/session/session.machine';
import type { User } from '../domain/user';
import { RefreshResponse, SessionResponse, UserResponse, userOf } from './codecs/session';

/** POST /sessions. */
export async function login(
  client: ApiClient,
  credentials: { email: string; password: string },
): Promise<SessionTokens> {
  const { data } = await client.request({
    method: 'POST',
    path: '/sessions',
    body: { user: credentials },
    codec: SessionResponse,
    auth: 'none',
  });
  return {
    authToken: data.auth_token,
    refreshToken: data.refresh_token,
    userId: data.user_id,
    accessType: data.event ?? null,
  };
}

/** POST /auth: rotates the refresh token. */
export async function refreshTokens(
  client: ApiClient,
  refreshToken: string,
): Promise<{ authToken: string; refreshToken: string }> {
  const { data } = await client.request({
    method: 'POST',
    path: '/auth',
    body: { auth: { refresh_token: refreshToken } },
    codec: RefreshResponse,
    auth: 'none',
  });
  return { authToken: data.auth_token, refreshToken: data.refresh_token };
}

/** POST /users/logout with the auth token in the body, as the spec says (the one sent, even after a refresh). */
export function logout(client: ApiClient): Promise<MessageResponse> {
  return client.request({
    method: 'POST',
    path: '/users/logout',
    body: (token: string | null) => ({ token }),
    codec: MessageResponse,
  });
}

/** GET /users/{id}. */
export async function getUser(client: ApiClient, userId: string): Promise<User> {
  const { data } = await client.request({ path: userPath(userId), codec: UserResponse });
  return userOf(data);
}

/** POST /users/forgot_password. */
export function forgotPassword(client: ApiClient, email: string): Promise<MessageResponse> {
  return client.request({
    method: 'POST',
    path: '/users/forgot_password',
    body: { user: { email } },
    codec: MessageResponse,
    auth: 'none',
  });
}

/** POST /users/reset_password with the token from the mailed link. */
export function resetPassword(
  client: ApiClient,
  input: { token: string; password: string; confirmation: string },
): Promise<MessageResponse> {
  return client.request({
    method: 'POST',
    path: '/users/reset_password',
    body: { password: input.password, password_confirmation: input.confirmation, token: input.token },
    codec: MessageResponse,
    auth: 'none',
  });
}

/** PUT /users/set_password: the logged-in user's new password, with the current one (see docs/security.md, What the provider enforces). */
export function setPassword(
  client: ApiClient,
  input: { current: string; password: string; confirmation: string },
): Promise<MessageResponse> {
  return client.request({
    method: 'PUT',
    path: '/users/set_password',
    body: { current_password: input.current, password: input.password, password_confirmation: input.confirmation },
    codec: MessageResponse,
  });
}
