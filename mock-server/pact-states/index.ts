import { Router } from 'express';
import type { MockContext } from '../context';
import { CSV_AS_JSON } from '../csv';
import { HttpError, isRecord } from '../http';
import { outboxOf } from '../routes/dev';
import { adminStates } from './admin';
import { invoiceStates } from './invoices';
import { lendingStates } from './lending';
import { linkStates } from './links';
import { payStates } from './pay';
import { retailerStates } from './retailers';
import { uploadStates } from './uploads';

/**
 * The provider states of the pact, as the mock sets them up: the same endpoint a real provider implements for
 * `npm run pact:verify:provider` (Pact's provider-state protocol). Test-only: mounted when the mock runs with
 * MOCK_PACT_STATES=on (or `pactStates: true`), under /__dev/ so it also needs the dev key.
 *
 *   POST /__dev/pact-states  { "state": "<name>", "params": {...}, "action": "setup" | "teardown" }
 *
 * A setup answers the values the pact injects with `fromProviderState` (ids, reset and refresh tokens), and
 * `authToken`: the Authorization value of the interaction (a user's auth token, or a pay token). A state that
 * changes data puts it back on teardown.
 */
export const PACT_STATES_PATH = '/__dev/pact-states';

type Values = Record<string, string> | undefined;
/** A state: its setup alone, or a setup and a teardown (which may also be callable as the setup). */
type Handler =
  | ((params?: unknown) => Promise<Values>)
  | { setup: (params?: unknown) => Promise<Values>; teardown: (params?: unknown) => Promise<undefined> };
const hasTeardown = (handler: Handler): handler is Extract<Handler, { teardown: unknown }> => 'teardown' in handler;

/** Everything a state may use of the running mock. */
export interface PactStateDeps {
  ctx: MockContext;
  /** Where the mock listens, for states that go through its own routes. */
  url: () => string;
}

export function pactStates({ ctx, url }: PactStateDeps) {
  const db = ctx.db;
  const repository = ctx.repository;
  const now = ctx.now;
  /** The Authorization value the state being set up names (set by `authorize`). */
  let authToken: string | null = null;
  const authorize = (token: string) => {
    authToken = token;
  };
  const authorized = (): string | null => authToken;
  /** Whether CSV downloads answer in the spec's JSON form for now (see csvDownloadForm). */
  let csvAsJson = false;

  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const response = await fetch(`${url()}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const userOf = (email: string) => db().users.find((u) => u.email === email) ?? fail(`the mock has no user ${email}`);

  /**
   * A state of `email` whose interaction may change the user's password (PUT /users/set_password, a reset
   * link): teardown puts the password back, as later states log the user in with the demo password.
   */
  function keepingPassword(email: string, setup: () => Promise<Values>): Handler {
    let saved: string | null = null;
    return {
      setup: () => {
        saved = userOf(email).password_hash;
        return setup();
      },
      teardown: () => {
        if (saved !== null) repository.update('users', userOf(email), { password_hash: saved });
        saved = null;
        return Promise.resolve(undefined);
      },
    };
  }

  /** '<email> is logged in': the interaction is sent with a fresh auth token of the user; its own and its anchor's ids. */
  const loggedIn = (email: string) =>
    keepingPassword(email, () => {
      const user = userOf(email);
      authorize(ctx.tokens.login(user.id).auth_token);
      return Promise.resolve({ userId: String(user.id), anchorId: String(user.anchor_id) });
    });

  /** A reset link mailed to `email` (through the provider's own route); the interaction may set a new password with it. */
  const resetLinkMailed = (email: string) =>
    keepingPassword(email, async () => {
      await post('/users/forgot_password', { user: { email } });
      const link = outboxOf(db(), { to: email })[0]?.link ?? fail(`no reset link was mailed to ${email}`);
      return { resetToken: new URL(link).searchParams.get('token') ?? '' };
    });

  const handlers: Record<string, Handler> = {
    'the demo users exist': () => Promise.resolve(undefined),
    't1@anchor.test is logged in': loggedIn('t1@anchor.test'),
    't2@anchor.test is logged in': loggedIn('t2@anchor.test'),
    't1t2@anchor.test is logged in': loggedIn('t1t2@anchor.test'),
    'anchor1551@anchor.test is logged in': loggedIn('anchor1551@anchor.test'),
    'unset@anchor.test is logged in': loggedIn('unset@anchor.test'),
    /** A user of anchor 1 without the manage_anchor permission. */
    'qa.profile@anchor.test is logged in': loggedIn('qa.profile@anchor.test'),
    /** An auth token that has already expired: issued with no lifetime left. */
    'the auth token of t1@anchor.test has expired': () => {
      const user = userOf('t1@anchor.test');
      authorize(ctx.tokens.login(user.id, 0).auth_token);
      return Promise.resolve({ userId: String(user.id) });
    },
    /** The body limits are the mock's own (body-limits.ts): nothing to set up. */
    'request bodies over 256 KB and JSON nested more than 100 levels deep are refused': () =>
      Promise.resolve(undefined),
    'the auth token is invalid': () => {
      authorize('at_not-a-real-token');
      return Promise.resolve(undefined);
    },
    't1@anchor.test has a valid refresh token': () =>
      Promise.resolve({ refreshToken: ctx.tokens.login(userOf('t1@anchor.test').id).refresh_token }),
    't1@anchor.test has a rotated refresh token': async () => {
      const { refresh_token } = ctx.tokens.login(userOf('t1@anchor.test').id);
      // Rotated, and its successor used too: presenting it now is reuse, not a lost answer within the grace window.
      const rotated = (await post('/auth', { auth: { refresh_token } })) as {
        data: { attributes: { refresh_token: string } };
      };
      await post('/auth', { auth: { refresh_token: rotated.data.attributes.refresh_token } });
      return { refreshToken: refresh_token };
    },
    'a reset link was mailed to t2@anchor.test': resetLinkMailed('t2@anchor.test'),
    /** The per-account login limit (5 wrong attempts in 15 minutes) is used up; the e-mail need not exist. */
    'five wrong logins were made for locked.out@anchor.test': async () => {
      for (let i = 0; i < 5; i++)
        await post('/sessions', { user: { email: 'locked.out@anchor.test', password: `Wrong@${i}000` } });
      return undefined;
    },
    /** The spec's other CSV form; a provider that only sends text/csv sees its interaction fail as pending, not fatal. */
    'CSV downloads are answered as JSON with download_csv, result and filename': {
      setup: () => {
        csvAsJson = true;
        return Promise.resolve(undefined);
      },
      teardown: () => {
        csvAsJson = false;
        return Promise.resolve(undefined);
      },
    },
    ...payStates({ db, repository, url, authorize, now }),
    ...uploadStates({ repository }),
    ...linkStates({ db }),
    ...invoiceStates({ db, repository, now }),
    ...lendingStates({ db, repository, url, now }),
    ...adminStates({ db, repository, url }),
    ...retailerStates({ db }),
  };

  /** Sets up (or tears down) one state; a setup answers its values and the Authorization it names. */
  async function run(state: string, action: 'setup' | 'teardown', params: unknown): Promise<Record<string, string>> {
    const handler = handlers[state];
    if (!handler) throw new HttpError(404, [{ code: 'ER-NOT-FOUND', detail: `No provider state '${state}'.` }]);
    if (action === 'teardown') {
      if (hasTeardown(handler)) await handler.teardown(params);
      return {};
    }
    authToken = null;
    const values = hasTeardown(handler) ? await handler.setup(params) : await handler(params);
    const named = authorized();
    return named === null ? { ...values } : { ...values, authToken: named };
  }

  return { names: () => Object.keys(handlers), run, csvAsJson: () => csvAsJson };
}

const fail = (what: string): never => {
  throw new Error(`Provider state: ${what}.`);
};

/** The provider-state endpoint (see the top of this file); states reach the mock's own routes at the caller's address of it. */
export function pactStatesRoute(ctx: MockContext): Router {
  let base = '';
  const states = pactStates({ ctx, url: () => base });
  const router = Router();
  // While a state asks for it, every CSV download answers JSON (mock-server/csv.ts reads the flag).
  router.use((_req, res, next) => {
    if (states.csvAsJson()) res.locals[CSV_AS_JSON] = true;
    next();
  });
  router.post(PACT_STATES_PATH, (req, res, next) => {
    base = ctx.baseUrl(req);
    const body: unknown = req.body;
    const state = isRecord(body) && typeof body.state === 'string' ? body.state : '';
    const action = isRecord(body) && body.action === 'teardown' ? 'teardown' : 'setup';
    const params = isRecord(body) ? body.params : undefined;
    states.run(state, action, params).then(
      (values) => res.json(values),
      (error: unknown) => next(error),
    );
  });
  return router;
}
