import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorMediaType, DEFAULT_PRODUCT } from '../src/domain/product';
import { createMockServer, type MockServer, type MockServerOptions, type RunningMock } from './app';
import { weakPasswordProblem } from './auth/password-strength';
import { parseRateLimits } from './rate-limits';
import { outboxOf } from './routes/dev';
import { DEMO_PASSWORD } from './seed';

interface Answer {
  status: number;
  headers: Headers;
  body: {
    errors?: { code: string; title?: string; detail: string }[];
    data?: { attributes?: Record<string, unknown> };
  };
}

async function start(options: MockServerOptions = {}) {
  const mock: MockServer = createMockServer({ log: () => {}, ...options });
  const running: RunningMock = await mock.listen(0);
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    version: 1 | 2 = 1,
  ): Promise<Answer> => {
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers: { Accept: vendorMediaType(DEFAULT_PRODUCT, version), 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
  };
  const login = (email: string, password: string) => call('POST', '/sessions', { user: { email, password } });
  return { mock, running, call, login };
}

const code = (answer: Answer) => answer.body.errors?.[0]?.code;

describe('limits on guessing', () => {
  let server: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    // All of these come from one address: the per-address limits have their own test below.
    server = await start({ rateLimits: { loginPerAddress: 1000, forgotPerAddress: 1000 } });
  });
  afterAll(() => server.running.close());

  it('stops the 6th wrong login to one account for 15 minutes, even with the right password, and says how long', async () => {
    for (let i = 0; i < 5; i++) expect(code(await server.login('t2@anchor.test', `Wrong@${i}000`))).toBe('ER-AUTH-101');
    const limited = await server.login('t2@anchor.test', DEMO_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toEqual([
      { code: 'ER-RATE-LIMIT', detail: 'Too many attempts. Try again in 15 minutes.' },
    ]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(limited.headers.get('ratelimit-policy')).toContain('"login-account"; q=5; w=900');
    // Other accounts are not locked by it.
    expect((await server.login('t1@anchor.test', DEMO_PASSWORD)).status).toBe(201);
  });

  it('limits an unknown e-mail exactly like a known one, so the limit tells nothing about which accounts exist', async () => {
    for (let i = 0; i < 5; i++)
      expect(code(await server.login('nobody@anchor.test', `Wrong@${i}000`))).toBe('ER-AUTH-101');
    expect(code(await server.login('nobody@anchor.test', 'Wrong@9000'))).toBe('ER-RATE-LIMIT');
  });

  it('counts an e-mail however it is typed (case, spaces) as one account', async () => {
    for (const typed of [
      'T1T2@anchor.test',
      ' t1t2@ANCHOR.test ',
      't1t2@anchor.TEST',
      'T1t2@Anchor.Test',
      't1t2@anchor.test ',
    ]) {
      expect(code(await server.login(typed, 'Wrong@1000'))).toBe('ER-AUTH-101');
    }
    expect(code(await server.login('t1t2@anchor.test', DEMO_PASSWORD))).toBe('ER-RATE-LIMIT');
  });

  it('stops a burst of parallel guesses at the limit: the requests in flight count', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => server.login('burst@anchor.test', `Wrong@${i}000`)),
    );
    expect(answers.filter((a) => code(a) === 'ER-AUTH-101')).toHaveLength(5);
    expect(answers.filter((a) => code(a) === 'ER-RATE-LIMIT')).toHaveLength(15);
  });

  it('does not count successful logins', async () => {
    for (let i = 0; i < 8; i++) expect((await server.login('anchor1551@anchor.test', DEMO_PASSWORD)).status).toBe(201);
  });

  it('limits reset mails per e-mail, and sends none over the limit', async () => {
    const forgot = () => server.call('POST', '/users/forgot_password', { user: { email: 'unset@anchor.test' } });
    for (let i = 0; i < 3; i++) expect((await forgot()).status).toBe(200);
    const limited = await forgot();
    expect(limited.status).toBe(429);
    expect(limited.body.errors?.[0]?.detail).toBe('Too many attempts. Try again in 60 minutes.');
    expect(outboxOf(server.mock.db(), { to: 'unset@anchor.test' })).toHaveLength(3);
  });

  it('limits OTP texts per pay token', async () => {
    const db = server.mock.db();
    const link = db.payment_links.find((l) => l.token === 'demo-otp')!;
    const loanId = db.distributor_companies.find((c) => c.id === link.distributor_company_id)!.loan_application_id;
    const send = (i = 0) =>
      server.call(
        'POST',
        '/communications/send_otp',
        { data: { attributes: { loan_application_id: loanId } } },
        { Authorization: i % 2 ? 'Bearer demo-otp' : 'demo-otp' },
        2,
      );
    for (let i = 0; i < 5; i++) expect((await send(i)).status).toBe(200); // bare and Bearer count as one token
    const limited = await send();
    expect([limited.status, code(limited)]).toEqual([429, 'ER-RATE-LIMIT']);
    expect(outboxOf(db, { token: 'demo-otp' })).toHaveLength(5);
  });
});

describe('limits per address', () => {
  it('stops wrong logins from one address across accounts, and reset mails from one address', async () => {
    const server = await start({ rateLimits: { loginPerAddress: 4, forgotPerAddress: 2 } });
    try {
      for (const email of ['a@anchor.test', 'b@anchor.test', 'c@anchor.test', 'd@anchor.test'])
        expect(code(await server.login(email, 'Wrong@1000'))).toBe('ER-AUTH-101');
      expect(code(await server.login('t1@anchor.test', DEMO_PASSWORD))).toBe('ER-RATE-LIMIT');
      const forgot = (email: string) => server.call('POST', '/users/forgot_password', { user: { email } });
      expect((await forgot('t1@anchor.test')).status).toBe(200);
      expect((await forgot('t2@anchor.test')).status).toBe(200);
      expect(code(await forgot('t1t2@anchor.test'))).toBe('ER-RATE-LIMIT');
    } finally {
      await server.running.close();
    }
  });

  it('reads MOCK_RATE_LIMITS, refusing unknown names and bad numbers', () => {
    expect(parseRateLimits('login-address=1000, otp-token=50')).toEqual({
      loginPerAddress: 1000,
      otpSendsPerToken: 50,
    });
    expect(parseRateLimits(undefined)).toEqual({});
    expect(() => parseRateLimits('login=5')).toThrow(/unknown limit 'login'/);
    expect(() => parseRateLimits('otp-token=0')).toThrow(/at least 1/);
  });
});

describe('changing a password', () => {
  let server: Awaited<ReturnType<typeof start>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    server = await start();
    const answer = await server.login('qa.profile@anchor.test', DEMO_PASSWORD);
    headers = { Authorization: String(answer.body.data?.attributes?.auth_token) };
  });
  afterAll(() => server.running.close());

  const change = (fields: Record<string, string>) => server.call('PUT', '/users/set_password', fields, headers);

  it('needs the current password: a session token alone cannot set a new one', async () => {
    const missing = await change({ password: 'Brand@New2026', password_confirmation: 'Brand@New2026' });
    expect(missing.body.errors).toEqual([
      { code: 'ER-VALIDATION', title: 'current_password', detail: 'current_password is required' },
    ]);
    const wrong = await change({
      current_password: 'Guess@1234',
      password: 'Brand@New2026',
      password_confirmation: 'Brand@New2026',
    });
    expect(wrong.body.errors).toEqual([
      { code: 'ER-VALIDATION', title: 'current_password', detail: 'The current password is not correct.' },
    ]);
    expect((await server.login('qa.profile@anchor.test', DEMO_PASSWORD)).status).toBe(201); // unchanged
  });

  it('refuses passwords that are easy to guess, saying why', async () => {
    for (const weak of ['password', '12345678', 'P@ssw0rd', 'Password@1', 'anchorportal']) {
      const answer = await change({ current_password: DEMO_PASSWORD, password: weak, password_confirmation: weak });
      expect(answer.body.errors?.[0], weak).toMatchObject({ code: 'ER-VALIDATION', title: 'password' });
      expect(answer.body.errors?.[0]?.detail, weak).toMatch(/^This password is too easy to guess\. .+/);
    }
    expect(await weakPasswordProblem('password')).toBe(
      'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
    );
    expect(await weakPasswordProblem('Str0ng&Unique!')).toBeNull();
  });

  it('stops guessing the current password after 5 wrong tries, but not after weak new passwords', async () => {
    const fresh = await start();
    try {
      const session = await fresh.login('t1@anchor.test', DEMO_PASSWORD);
      const own = { Authorization: String(session.body.data?.attributes?.auth_token) };
      const put = (fields: Record<string, string>) => fresh.call('PUT', '/users/set_password', fields, own);
      for (let i = 0; i < 6; i++)
        expect(
          code(await put({ current_password: DEMO_PASSWORD, password: 'password', password_confirmation: 'password' })),
        ).toBe('ER-VALIDATION');
      for (let i = 0; i < 5; i++)
        expect(
          code(
            await put({
              current_password: `Guess@${i}000`,
              password: 'Brand@New2026',
              password_confirmation: 'Brand@New2026',
            }),
          ),
        ).toBe('ER-VALIDATION');
      expect(
        code(
          await put({
            current_password: DEMO_PASSWORD,
            password: 'Brand@New2026',
            password_confirmation: 'Brand@New2026',
          }),
        ),
      ).toBe('ER-RATE-LIMIT');
    } finally {
      await fresh.running.close();
    }
  });
});
