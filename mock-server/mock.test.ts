import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServerOptions } from './app';
import { outboxOf } from './routes/dev';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed';

const V1 = 'application/vnd.provider.v1+json';

interface Answer {
  status: number;
  body: {
    data?: { attributes: Record<string, unknown> } | unknown[];
    errors?: { code: string; detail: string; title?: string }[];
    message?: string;
  };
}

function caller(url: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Accept: V1, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
}

const attributes = (answer: Answer) => (answer.body.data as { attributes: Record<string, unknown> }).attributes;
const codes = (answer: Answer) => answer.body.errors?.map((e) => e.code);

async function start(options: MockServerOptions = {}) {
  const mock = createMockServer({ log: () => {}, ...options });
  const running = await mock.listen(0);
  return { mock, running, call: caller(running.url) };
}

async function login(call: ReturnType<typeof caller>, email = 't1@anchor.test', password = DEMO_PASSWORD) {
  const answer = await call('POST', '/sessions', { user: { email, password } });
  return attributes(answer) as { auth_token: string; refresh_token: string; user_id: number };
}

describe('auth and users', () => {
  let offsetMs = 0;
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start({ clock: () => new Date(Date.now() + offsetMs), tokenTtl: 2 });
  });
  afterAll(() => server.running.close());

  it('logs in every demo user with the demo password', async () => {
    for (const demo of DEMO_LOGINS) {
      const answer = await server.call('POST', '/sessions', { user: { email: demo.email, password: DEMO_PASSWORD } });
      expect(answer.status).toBe(201);
      expect(attributes(answer)).toMatchObject({ event: demo.event, expires_in: 2 });
    }
  });

  it('refuses wrong credentials with ER-AUTH-101 and missing fields with per-field 422s', async () => {
    const wrong = await server.call('POST', '/sessions', { user: { email: 't1@anchor.test', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors).toEqual([{ code: 'ER-AUTH-101', detail: 'Invalid email or password.' }]);
    const missing = await server.call('POST', '/sessions', { user: { email: 'not-an-email' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.map((e) => e.title).sort()).toEqual(['email', 'password']);
    const noUser = await server.call('POST', '/sessions', { email: 'x' });
    expect(noUser.status).toBe(422);
    expect(noUser.body.errors?.[0]?.title).toBe('user');
  });

  it('answers ER-AUTH-103 for an expired token and ER-AUTH-102 for a missing or unknown one', async () => {
    const { auth_token } = await login(server.call);
    expect((await server.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(200);
    expect((await server.call('GET', '/users/1', undefined, { Authorization: `Bearer ${auth_token}` })).status).toBe(
      200,
    );
    offsetMs += 3000;
    expect(codes(await server.call('GET', '/users/1', undefined, { Authorization: auth_token }))).toEqual([
      'ER-AUTH-103',
    ]);
    expect(codes(await server.call('GET', '/users/1', undefined, { Authorization: 'made-up' }))).toEqual([
      'ER-AUTH-102',
    ]);
    expect(codes(await server.call('GET', '/users/1'))).toEqual(['ER-AUTH-102']);
  });

  it('keeps answering ER-AUTH-103 for an expired token however long ago it expired, while its login lives', async () => {
    const { auth_token } = await login(server.call);
    offsetMs += 2 * 60 * 60 * 1000; // two hours, many lifetimes
    await login(server.call, 't1t2@anchor.test'); // other logins come and go meanwhile
    expect(codes(await server.call('GET', '/users/1', undefined, { Authorization: auth_token }))).toEqual([
      'ER-AUTH-103',
    ]);
    // A token it never signed, or one with a changed expiry, is invalid, not expired.
    const forged = auth_token.replace(/\.(\d+)\./, (_m, ms: string) => `.${Number(ms) + 1}.`);
    expect(codes(await server.call('GET', '/users/1', undefined, { Authorization: forged }))).toEqual(['ER-AUTH-102']);
  });

  it('keeps spaces in passwords as typed', async () => {
    const { auth_token } = await login(server.call, 'qa.reset@anchor.test');
    const set = await server.call(
      'PUT',
      '/users/set_password',
      { current_password: DEMO_PASSWORD, password: ' Spaced@123 ', password_confirmation: ' Spaced@123 ' },
      { Authorization: auth_token },
    );
    expect(set.status).toBe(200);
    expect(
      (await server.call('POST', '/sessions', { user: { email: 'qa.reset@anchor.test', password: ' Spaced@123 ' } }))
        .status,
    ).toBe(201);
    expect(
      (await server.call('POST', '/sessions', { user: { email: 'qa.reset@anchor.test', password: 'Spaced@123' } }))
        .status,
    ).toBe(401);
  });

  it('rotates refresh tokens and revokes on logout', async () => {
    const first = await login(server.call);
    const rotated = await server.call('POST', '/auth', { auth: { refresh_token: first.refresh_token } });
    expect(rotated.status).toBe(200);
    const next = attributes(rotated) as { auth_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const out = await server.call(
      'POST',
      '/users/logout',
      { token: next.auth_token },
      { Authorization: next.auth_token },
    );
    expect(out.body).toEqual({ message: 'Logged out successfully.' });
    expect(codes(await server.call('GET', '/users/1', undefined, { Authorization: next.auth_token }))).toEqual([
      'ER-AUTH-102',
    ]);
    expect(codes(await server.call('POST', '/auth', { auth: { refresh_token: next.refresh_token } }))).toEqual([
      'ER-AUTH-102',
    ]);
  });

  it('returns the user with anchor name and logo, and hides users of other anchors', async () => {
    const { auth_token } = await login(server.call, 'anchor1551@anchor.test');
    const me = await server.call('GET', '/users/5', undefined, { Authorization: auth_token });
    expect(attributes(me)).toMatchObject({
      name: 'Vikram Rao',
      role_id: 5,
      anchor: { id: 1551, name: 'Meridian Agro Industries' },
    });
    expect(String((attributes(me).anchor as { logo_url: string }).logo_url)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/assets\/logos\/1551\.svg$/,
    );
    expect(attributes(me)).not.toHaveProperty('password_hash');
    const other = await server.call('GET', '/users/1', undefined, { Authorization: auth_token });
    expect(other.status).toBe(404);
  });

  it('resets a password with a one-time mailed token, and ends the old sessions', async () => {
    const before = await login(server.call, 't2@anchor.test');
    const forgot = await server.call('POST', '/users/forgot_password', { user: { email: 't2@anchor.test' } });
    expect(forgot.status).toBe(200);
    const unknown = await server.call('POST', '/users/forgot_password', { user: { email: 'nobody@anchor.test' } });
    expect(unknown.status).toBe(200); // no account probing
    const mail = outboxOf(server.mock.db(), { to: 't2@anchor.test' })[0]!;
    const token = new URL(mail.link!).searchParams.get('token')!;
    expect(mail.link).toContain('/reset-password?token=');

    const mismatch = await server.call('POST', '/users/reset_password', {
      token,
      password: 'NewPass@123',
      password_confirmation: 'Other@123',
    });
    expect(mismatch.body.errors).toEqual([
      { code: 'ER-VALIDATION', title: 'password_confirmation', detail: "Password and Confirm Password didn't match" },
    ]);
    const ok = await server.call('POST', '/users/reset_password', {
      token,
      password: 'NewPass@123',
      password_confirmation: 'NewPass@123',
    });
    expect(ok.status).toBe(200);
    const again = await server.call('POST', '/users/reset_password', {
      token,
      password: 'NewPass@123',
      password_confirmation: 'NewPass@123',
    });
    expect(codes(again)).toEqual(['ER-RESET-101']);
    expect(codes(await server.call('GET', '/users/2', undefined, { Authorization: before.auth_token }))).toEqual([
      'ER-AUTH-102',
    ]);
    expect(
      (await server.call('POST', '/sessions', { user: { email: 't2@anchor.test', password: 'NewPass@123' } })).status,
    ).toBe(201);
  });

  it('voids every older reset link once a password is set', async () => {
    for (let i = 0; i < 2; i++)
      await server.call('POST', '/users/forgot_password', { user: { email: 'qa.profile@anchor.test' } });
    const [newest, older] = outboxOf(server.mock.db(), { to: 'qa.profile@anchor.test' }).map((m) =>
      new URL(m.link!).searchParams.get('token')!,
    );
    const body = { password: 'Newest@123', password_confirmation: 'Newest@123' };
    expect((await server.call('POST', '/users/reset_password', { ...body, token: newest })).status).toBe(200);
    expect(codes(await server.call('POST', '/users/reset_password', { ...body, token: older }))).toEqual([
      'ER-RESET-101',
    ]);
  });

  it('expires reset tokens after an hour', async () => {
    await server.call('POST', '/users/forgot_password', { user: { email: 't1t2@anchor.test' } });
    const token = new URL(outboxOf(server.mock.db(), { to: 't1t2@anchor.test' })[0]!.link!).searchParams.get('token')!;
    offsetMs += 61 * 60 * 1000;
    const late = await server.call('POST', '/users/reset_password', {
      token,
      password: 'NewPass@123',
      password_confirmation: 'NewPass@123',
    });
    expect(codes(late)).toEqual(['ER-RESET-102']);
  });

  it('changes the password of the logged-in user, checking the confirmation', async () => {
    const { auth_token } = await login(server.call, 'unset@anchor.test');
    const headers = { Authorization: auth_token };
    const change = (fields: Record<string, string>) =>
      server.call('PUT', '/users/set_password', { current_password: DEMO_PASSWORD, ...fields }, headers);
    const mismatch = await change({ password: 'Changed@123', password_confirmation: 'Changed@124' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.[0]?.detail).toBe("Password and Confirm Password didn't match");
    const short = await change({ password: 'short', password_confirmation: 'short' });
    expect(short.body.errors?.[0]).toMatchObject({
      title: 'password',
      detail: 'Password must be at least 8 characters.',
    });
    const same = await change({ password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD });
    expect(same.body.errors?.[0]).toMatchObject({
      title: 'password',
      detail: 'The new password must differ from the current one.',
    });
    const ok = await change({ password: 'Changed@123', password_confirmation: 'Changed@123' });
    expect(ok.body).toEqual({ message: 'Password Changed Successfully!' });
    expect((await server.call('GET', '/users/4', undefined, headers)).status).toBe(200); // this session goes on
    expect(
      (await server.call('POST', '/sessions', { user: { email: 'unset@anchor.test', password: 'Changed@123' } }))
        .status,
    ).toBe(201);
  });
});

describe('bad input', () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.running.close());

  it('answers malformed JSON, unknown routes and unacceptable media types with clear errors', async () => {
    expect(codes(await server.call('POST', '/sessions', '{"user":'))).toEqual(['ER-BAD-REQUEST']);
    const unknown = await server.call('GET', '/no/such/path');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]?.detail).toBe('No route for GET /no/such/path.');
    const html = await server.call('GET', '/users/1', undefined, { Accept: 'text/html' });
    expect(html.status).toBe(406);
    expect(codes(html)).toEqual(['ER-NOT-ACCEPTABLE']);
    const v9 = await server.call('POST', '/sessions', { user: {} }, { Accept: 'application/vnd.provider.v9+json' });
    expect(v9.status).toBe(406);
  });

  it('accepts version 2 and generic JSON Accept headers', async () => {
    const body = { user: { email: 't1@anchor.test', password: DEMO_PASSWORD } };
    expect((await server.call('POST', '/sessions', body, { Accept: 'application/vnd.provider.v2+json' })).status).toBe(
      201,
    );
    expect((await server.call('POST', '/sessions', body, { Accept: 'application/json' })).status).toBe(201);
  });

  it('allows cross-origin calls from the app’s origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.running.url}/users/1`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
    const app = await preflight('http://127.0.0.1:5173');
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const other = await fetch(`${server.running.url}/users/1`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('rejects a body that is not an object', async () => {
    expect((await server.call('POST', '/sessions', '[1,2]')).status).toBe(422);
    expect((await server.call('POST', '/auth', { auth: { refresh_token: 42 } })).status).toBe(422);
  });
});

describe('persistence', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-data-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps changes (a new password, sessions) across a restart, and reset regenerates from the seed', async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    const { auth_token, refresh_token } = await login(first.call);
    const change = await first.call(
      'PUT',
      '/users/set_password',
      { current_password: DEMO_PASSWORD, password: 'Persist@123', password_confirmation: 'Persist@123' },
      { Authorization: auth_token },
    );
    expect(change.status).toBe(200);
    await first.running.close();
    expect(readdirSync(dir).sort()).toEqual(['db.ndjson', 'journal-000001.ndjson', 'sessions.json']); // no temporary files left behind

    const second = await start({ dataDir: dir });
    expect((await second.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(200);
    expect((await second.call('POST', '/auth', { auth: { refresh_token } })).status).toBe(200);
    expect(
      (await second.call('POST', '/sessions', { user: { email: 't1@anchor.test', password: DEMO_PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await second.call('POST', '/sessions', { user: { email: 't1@anchor.test', password: 'Persist@123' } })).status,
    ).toBe(201);
    await second.running.close();

    const reset = await start({ dataDir: dir, reset: true });
    expect(
      (await reset.call('POST', '/sessions', { user: { email: 't1@anchor.test', password: DEMO_PASSWORD } })).status,
    ).toBe(201);
    expect((await reset.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(401);
    await reset.running.close();

    // Sessions from before the reset stay dead after the next plain restart too.
    const afterReset = await start({ dataDir: dir });
    expect((await afterReset.call('GET', '/users/1', undefined, { Authorization: auth_token })).status).toBe(401);
    await afterReset.running.close();
  });

  it('has every answered write on disk, even with many in flight', async () => {
    const dir = dataDir();
    const server = await start({ dataDir: dir, rateLimits: { forgotPerAccount: 100, forgotPerAddress: 100 } });
    const before = server.mock.db().reset_tokens.length;
    await Promise.all(
      Array.from({ length: 30 }, () =>
        server.call('POST', '/users/forgot_password', { user: { email: 't1@anchor.test' } }),
      ),
    );
    // Without closing the first (as after a crash), a second mock on the folder reads them all back.
    const second = createMockServer({ dataDir: dir, log: () => {} });
    expect(second.db().reset_tokens).toHaveLength(before + 30);
    await second.store?.close();
    await server.running.close();
  });

  it('refuses to start on a damaged database file instead of seeding over it, and leaves it as it is', async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    await first.running.close();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'db.ndjson'), readFileSync(join(dir, 'db.ndjson'), 'utf8').slice(0, 2000));
    const damaged = readFileSync(join(dir, 'db.ndjson'), 'utf8');
    expect(() => createMockServer({ dataDir: dir, log: () => {} })).toThrow(/db\.ndjson is cut short/);
    expect(readFileSync(join(dir, 'db.ndjson'), 'utf8')).toBe(damaged);
  });
});
