import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  forgotPassword,
  getUser,
  login,
  logout,
  refreshTokens,
  resetPassword,
  setPassword,
} from '../../../src/api/auth';
import { ApiError } from '../../../src/api/errors';
import { authHeaders, clientFor, EXAMPLE_AUTH_TOKEN, JSON_CONTENT, newPact, nonEmptyId, V1 } from '../pact';

const { like, regex, integer, string, fromProviderState } = MatchersV3;
/** The logged-in user's own record: its id is whatever the provider state answers. */
const ownUserPath = fromProviderState('/users/${userId}', '/users/1');
const pact = newPact();
const jsonRequest = { Accept: V1, 'Content-Type': 'application/json' };
const accessType = regex('^(t1|t2|t1t2)$', 't1');

describe('session and user calls', () => {
  it('POST /sessions logs in with valid credentials', () =>
    pact
      .addInteraction()
      .given('the demo users exist')
      .uponReceiving('a login with valid credentials')
      .withRequest('POST', '/sessions', (b) =>
        b.headers(jsonRequest).jsonBody({ user: { email: 't1@anchor.test', password: 'Demo@1234' } }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            id: nonEmptyId('1'),
            type: 'session',
            attributes: {
              auth_token: string('at_abc'),
              refresh_token: string('rt_abc'),
              expires_in: integer(900),
              user_id: integer(1),
              event: accessType,
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const tokens = await login(clientFor(server.url), { email: 't1@anchor.test', password: 'Demo@1234' });
        expect(tokens).toEqual({ authToken: 'at_abc', refreshToken: 'rt_abc', userId: '1', accessType: 't1' });
      }));

  it('POST /sessions refuses a wrong password', () =>
    pact
      .addInteraction()
      .given('the demo users exist')
      .uponReceiving('a login with a wrong password')
      .withRequest('POST', '/sessions', (b) =>
        b.headers(jsonRequest).jsonBody({ user: { email: 't1@anchor.test', password: 'wrong-password' } }),
      )
      .willRespondWith(401, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ errors: [{ code: 'ER-AUTH-101', detail: string('Invalid email or password.') }] }),
      )
      .executeTest(async (server) => {
        const failure = await login(clientFor(server.url), {
          email: 't1@anchor.test',
          password: 'wrong-password',
        }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        expect((failure as ApiError).code).toBe('ER-AUTH-101');
      }));

  it('POST /auth rotates a valid refresh token', () =>
    pact
      .addInteraction()
      .given('t1@anchor.test has a valid refresh token')
      .uponReceiving('a refresh with a valid refresh token')
      .withRequest('POST', '/auth', (b) =>
        b
          .headers(jsonRequest)
          .jsonBody({ auth: { refresh_token: fromProviderState('${refreshToken}', 'rt_current') } }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            id: nonEmptyId('1'),
            type: 'auth',
            attributes: { auth_token: string('at_new'), refresh_token: string('rt_new'), expires_in: integer(900) },
          },
        }),
      )
      .executeTest(async (server) => {
        await expect(refreshTokens(clientFor(server.url), 'rt_current')).resolves.toEqual({
          authToken: 'at_new',
          refreshToken: 'rt_new',
        });
      }));

  it('POST /auth refuses a refresh token that was already rotated', () =>
    pact
      .addInteraction()
      .given('t1@anchor.test has a rotated refresh token')
      .uponReceiving('a refresh with an already rotated refresh token')
      .withRequest('POST', '/auth', (b) =>
        b
          .headers(jsonRequest)
          .jsonBody({ auth: { refresh_token: fromProviderState('${refreshToken}', 'rt_rotated') } }),
      )
      .willRespondWith(401, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ errors: [{ code: 'ER-AUTH-102', detail: string('Refresh token was already used.') }] }),
      )
      .executeTest(async (server) => {
        await expect(refreshTokens(clientFor(server.url), 'rt_rotated')).rejects.toMatchObject({
          status: 401,
          code: 'ER-AUTH-102',
        });
      }));

  it('GET /users/{id} returns the user with the anchor', () =>
    pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .uponReceiving('a request for the logged-in user')
      .withRequest('GET', ownUserPath, (b) => b.headers(authHeaders()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            id: nonEmptyId('1'),
            type: 'user',
            attributes: {
              id: integer(1),
              name: string('Asha Verma'),
              email: string('t1@anchor.test'),
              designation: string('admin'),
              role: string('Admin'),
              role_id: integer(1),
              virtual_id: nonEmptyId('1'),
              event: accessType,
              // logo_url (a URL or null) is left out: Pact has no 'string or null', and the codec reads it absent as null.
              anchor: {
                id: integer(1),
                name: string('Sarvodaya Consumer Products Ltd'),
                is_system_generated: like(true),
              },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const user = await getUser(clientFor(server.url), '1');
        expect(user).toMatchObject({
          id: '1',
          name: 'Asha Verma',
          role_id: 1,
          accessType: 't1',
          anchor: { name: 'Sarvodaya Consumer Products Ltd', logo_url: null },
        });
      }));

  it('GET /users/{id} answers ER-AUTH-103 for an expired auth token', () =>
    pact
      .addInteraction()
      .given('the auth token of t1@anchor.test has expired')
      .uponReceiving('a request with an expired auth token')
      .withRequest('GET', ownUserPath, (b) => b.headers(authHeaders()))
      .willRespondWith(401, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ errors: [{ code: 'ER-AUTH-103', detail: string('Auth token has expired.') }] }),
      )
      .executeTest(async (server) => {
        let asked = '';
        const client = clientFor(server.url, { expired: (token) => ((asked = token), Promise.resolve(null)) });
        // The client asks the session to refresh; with no refresh possible the caller hears the session ended.
        await expect(getUser(client, '1')).rejects.toMatchObject({ status: 401, code: 'ER-AUTH-102' });
        expect(asked).toBe(EXAMPLE_AUTH_TOKEN);
      }));

  it('GET /users/{id} answers ER-AUTH-102 for an invalid auth token', () =>
    pact
      .addInteraction()
      .given('the auth token is invalid')
      .uponReceiving('a request with an invalid auth token')
      .withRequest('GET', '/users/1', (b) => b.headers(authHeaders()))
      .willRespondWith(401, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [{ code: 'ER-AUTH-102', detail: string('Auth token is invalid or has been revoked.') }],
        }),
      )
      .executeTest(async (server) => {
        await expect(getUser(clientFor(server.url), '1')).rejects.toMatchObject({ status: 401, code: 'ER-AUTH-102' });
      }));

  it('POST /users/logout revokes the session', () =>
    pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .uponReceiving('a logout')
      .withRequest('POST', '/users/logout', (b) =>
        b
          .headers({ ...authHeaders(), 'Content-Type': 'application/json' })
          .jsonBody({ token: string(EXAMPLE_AUTH_TOKEN) }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ message: string('Logged out successfully.') }))
      .executeTest(async (server) => {
        await expect(logout(clientFor(server.url))).resolves.toEqual({ message: 'Logged out successfully.' });
      }));

  it('POST /users/forgot_password mails a reset link', () =>
    pact
      .addInteraction()
      .given('the demo users exist')
      .uponReceiving('a forgotten password')
      .withRequest('POST', '/users/forgot_password', (b) =>
        b.headers(jsonRequest).jsonBody({ user: { email: 't2@anchor.test' } }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ message: string('If t2@anchor.test belongs to an account, a reset link has been sent to it.') }),
      )
      .executeTest(async (server) => {
        const answer = await forgotPassword(clientFor(server.url), 't2@anchor.test');
        expect(answer.message).toContain('t2@anchor.test');
      }));

  it('POST /users/reset_password sets a new password with the mailed token', () =>
    pact
      .addInteraction()
      .given('a reset link was mailed to t2@anchor.test')
      .uponReceiving('a password reset with a valid token')
      .withRequest('POST', '/users/reset_password', (b) =>
        b.headers(jsonRequest).jsonBody({
          password: 'NewPass@123',
          password_confirmation: 'NewPass@123',
          token: fromProviderState('${resetToken}', 'reset-token'),
        }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ message: string('Your password has been reset. Log in with the new password.') }),
      )
      .executeTest(async (server) => {
        const answer = await resetPassword(clientFor(server.url), {
          token: 'reset-token',
          password: 'NewPass@123',
          confirmation: 'NewPass@123',
        });
        expect(answer.message).toMatch(/reset/);
      }));

  it('POST /users/reset_password refuses a confirmation that does not match', () =>
    pact
      .addInteraction()
      .given('a reset link was mailed to t2@anchor.test')
      .uponReceiving('a password reset whose confirmation does not match')
      .withRequest('POST', '/users/reset_password', (b) =>
        b.headers(jsonRequest).jsonBody({
          password: 'NewPass@123',
          password_confirmation: 'Different@123',
          token: fromProviderState('${resetToken}', 'reset-token'),
        }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [
            {
              code: 'ER-VALIDATION',
              title: 'password_confirmation',
              detail: string("Password and Confirm Password didn't match"),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const failure = (await resetPassword(clientFor(server.url), {
          token: 'reset-token',
          password: 'NewPass@123',
          confirmation: 'Different@123',
        }).catch((e: unknown) => e)) as ApiError;
        expect(failure.fieldErrors()).toEqual({ password_confirmation: "Password and Confirm Password didn't match" });
      }));

  it('PUT /users/set_password changes the password of the logged-in user, given the current one', () =>
    pact
      .addInteraction()
      .given('unset@anchor.test is logged in')
      .uponReceiving('a password change with the current password and a matching confirmation')
      .withRequest('PUT', '/users/set_password', (b) =>
        b
          .headers({ ...authHeaders(), 'Content-Type': 'application/json' })
          .jsonBody({ current_password: 'Demo@1234', password: 'Changed@123', password_confirmation: 'Changed@123' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ message: string('Password Changed Successfully!') }),
      )
      .executeTest(async (server) => {
        await expect(
          setPassword(clientFor(server.url), {
            current: 'Demo@1234',
            password: 'Changed@123',
            confirmation: 'Changed@123',
          }),
        ).resolves.toEqual({
          message: 'Password Changed Successfully!',
        });
      }));

  it('PUT /users/set_password refuses a wrong current password under its field', () =>
    pact
      .addInteraction()
      .given('unset@anchor.test is logged in')
      .uponReceiving('a password change with a wrong current password')
      .withRequest('PUT', '/users/set_password', (b) =>
        b
          .headers({ ...authHeaders(), 'Content-Type': 'application/json' })
          .jsonBody({ current_password: 'Guess@1234', password: 'Changed@123', password_confirmation: 'Changed@123' }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [
            {
              code: 'ER-VALIDATION',
              title: 'current_password',
              detail: string('The current password is not correct.'),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const failure = (await setPassword(clientFor(server.url), {
          current: 'Guess@1234',
          password: 'Changed@123',
          confirmation: 'Changed@123',
        }).catch((e: unknown) => e)) as ApiError;
        expect(failure.fieldErrors()).toEqual({ current_password: 'The current password is not correct.' });
      }));

  it('POST /sessions over the limit of wrong logins answers 429 with Retry-After', () =>
    pact
      .addInteraction()
      .given('five wrong logins were made for locked.out@anchor.test')
      .uponReceiving('a login to an account over its limit of wrong attempts')
      .withRequest('POST', '/sessions', (b) =>
        b.headers(jsonRequest).jsonBody({ user: { email: 'locked.out@anchor.test', password: 'Demo@1234' } }),
      )
      .willRespondWith(429, (b) =>
        b.headers({ ...JSON_CONTENT, 'Retry-After': regex('^[1-9]\\d*$', '900') }).jsonBody({
          errors: [{ code: 'ER-RATE-LIMIT', detail: string('Too many attempts. Try again in 15 minutes.') }],
        }),
      )
      .executeTest(async (server) => {
        const failure = (await login(clientFor(server.url), {
          email: 'locked.out@anchor.test',
          password: 'Demo@1234',
        }).catch((e: unknown) => e)) as ApiError;
        expect(failure).toMatchObject({
          status: 429,
          code: 'ER-RATE-LIMIT',
          text: 'Too many attempts. Try again in 15 minutes.',
        });
      }));
});
