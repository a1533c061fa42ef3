import { linkStates } from './states/links';
import { Verifier } from '@pact-foundation/pact';
import type { RequestHandler } from 'express';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from '../../../mock-server/app';
import { outboxOf } from '../../../mock-server/routes/dev';
import { DEMO_PASSWORD } from '../../../mock-server/seed';
import { PACT_FILE } from '../pact';
import { adminStates } from './states/admin';
import { invoiceStates } from './states/invoices';
import { lendingStates } from './states/lending';
import { payStates } from './states/pay';
import { retailerStates } from './states/retailers';
import { uploadStates } from './states/uploads';

/**
 * Verifies the embedded mock provider against the pact the consumer tests wrote. To verify a real
 * provider instead, set PACT_PROVIDER_BASE_URL (and PACT_STATES_SETUP_URL for its provider-state
 * endpoint); see the README.
 */
const TOKEN_TTL = 60;
/**
 * The pact's examples use fixed dates (a 2025-11-23..2026-11-22 window), so the mock runs on a clock that
 * starts on 2026-11-22: its seed is laid out around that day whenever the verification runs.
 */
const PACT_TODAY = new Date('2026-11-22T10:00:00').getTime();
const startedAt = Date.now();
let clockOffsetMs = 0;
const mock = createMockServer({ clock: () => new Date(PACT_TODAY + (Date.now() - startedAt) + clockOffsetMs), tokenTtl: TOKEN_TTL, log: () => {} });
let running: RunningMock;

beforeAll(async () => {
  running = await mock.listen(0);
});
afterAll(() => running.close());

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${running.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
}

async function session(email: string) {
  const body = (await post('/sessions', { user: { email, password: DEMO_PASSWORD } })) as { data: { attributes: { auth_token: string; refresh_token: string } } };
  return body.data.attributes;
}

/** The Authorization value the next interaction is verified with, set by its provider state. */
let authToken = '';

/**
 * A state of `email` whose interaction may change the user's password (PUT /users/set_password, a reset
 * link): teardown puts the password back, as later states log the user in with the demo password. Pact's
 * verifier takes `{ setup, teardown }`; it is a function too (the setup), so it also fits the options' type.
 */
function keepingPassword(email: string, setup: () => Promise<Record<string, string> | undefined>) {
  let saved: string | null = null;
  const user = () => mock.db().users.find((u) => u.email === email);
  const handlers = {
    setup: () => {
      saved = user()?.password_hash ?? null;
      return setup();
    },
    teardown: () => {
      const row = user();
      if (row && saved !== null) row.password_hash = saved;
      saved = null;
      return Promise.resolve(undefined);
    },
  };
  return Object.assign(() => handlers.setup(), handlers);
}

/** '<email> is logged in': the next interaction is verified with a fresh auth token of the user. */
const loggedIn = (email: string) =>
  keepingPassword(email, async () => {
    authToken = (await session(email)).auth_token;
    return undefined;
  });

/** A reset link mailed to `email`; the interaction may set a new password with it. */
const resetLinkMailed = (email: string) =>
  keepingPassword(email, async () => {
    await post('/users/forgot_password', { user: { email } });
    const link = outboxOf(mock.db(), { to: email })[0]?.link ?? '';
    return { resetToken: new URL(link).searchParams.get('token') ?? '' };
  });

const stateHandlers = {
  'the demo users exist': () => Promise.resolve(undefined),
  't1@anchor.test is logged in': loggedIn('t1@anchor.test'),
  't2@anchor.test is logged in': loggedIn('t2@anchor.test'),
  't1t2@anchor.test is logged in': loggedIn('t1t2@anchor.test'),
  'anchor1551@anchor.test is logged in': loggedIn('anchor1551@anchor.test'),
  'unset@anchor.test is logged in': loggedIn('unset@anchor.test'),
  /** A user of anchor 1 without the manage_anchor permission. */
  'qa.profile@anchor.test is logged in': loggedIn('qa.profile@anchor.test'),
  'the auth token of t1@anchor.test has expired': async () => {
    authToken = (await session('t1@anchor.test')).auth_token;
    clockOffsetMs += (TOKEN_TTL + 1) * 1000; // time moves on; later logins get fresh tokens
    return undefined;
  },
  'the auth token is invalid': () => {
    authToken = 'at_not-a-real-token';
    return Promise.resolve(undefined);
  },
  't1@anchor.test has a valid refresh token': async () => ({ refreshToken: (await session('t1@anchor.test')).refresh_token }),
  't1@anchor.test has a rotated refresh token': async () => {
    const { refresh_token } = await session('t1@anchor.test');
    // Rotated, and its successor used too: presenting it now is reuse, not a lost answer within the grace window.
    const rotated = (await post('/auth', { auth: { refresh_token } })) as { data: { attributes: { refresh_token: string } } };
    await post('/auth', { auth: { refresh_token: rotated.data.attributes.refresh_token } });
    return { refreshToken: refresh_token };
  },
  'a reset link was mailed to t2@anchor.test': resetLinkMailed('t2@anchor.test'),
  /** The per-account login limit (5 wrong attempts in 15 minutes) is used up; the e-mail need not exist. */
  'five wrong logins were made for locked.out@anchor.test': async () => {
    for (let i = 0; i < 5; i++) await post('/sessions', { user: { email: 'locked.out@anchor.test', password: `Wrong@${i}000` } });
    return undefined;
  },
  ...payStates({ db: () => mock.db(), url: () => running.url, authorize: (token) => (authToken = token), now: () => PACT_TODAY + (Date.now() - startedAt) + clockOffsetMs }),
  ...uploadStates({ db: () => mock.db() }),
  ...linkStates({ db: () => mock.db() }),
  ...invoiceStates({ db: () => mock.db(), now: () => PACT_TODAY + (Date.now() - startedAt) + clockOffsetMs }),
  ...lendingStates({ db: () => mock.db(), url: () => running.url, now: () => PACT_TODAY + (Date.now() - startedAt) + clockOffsetMs }),
  ...adminStates({ db: () => mock.db(), url: () => running.url }),
  ...retailerStates({ db: () => mock.db() }),
};

/** Swaps the pact's example token for the live one of the current provider state. */
const requestFilter: RequestHandler = (req, _res, next) => {
  if (req.headers.authorization) req.headers.authorization = authToken;
  next();
};

/**
 * What the admin and session interactions add and change (users, their flags and passwords, bank accounts,
 * settings, the audit log), which their states put back on teardown.
 */
function adminData() {
  const db = mock.db();
  return structuredClone({
    users: db.users,
    bankAccounts: db.anchor_account_details,
    settings: db.anchor_settings,
    auditLog: db.admin_changes ?? [],
  });
}

describe('provider verification', () => {
  it('the mock provider honours every interaction in the pact', async () => {
    const external = process.env.PACT_PROVIDER_BASE_URL;
    const adminBefore = external ? null : adminData();
    const output = await new Verifier({
      provider: 'lending-provider',
      providerBaseUrl: external ?? running.url,
      pactUrls: [resolve(PACT_FILE)],
      ...(external
        ? { providerStatesSetupUrl: process.env.PACT_STATES_SETUP_URL }
        : { stateHandlers, requestFilter }),
      logLevel: 'warn',
    }).verifyProvider();
    expect(output).toBeTruthy();
    if (adminBefore) expect(adminData(), 'the states leave users, bank accounts, settings and the audit log as they found them').toEqual(adminBefore);
  });
});
