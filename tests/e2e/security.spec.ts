import { devRequest, expect, test } from './fixtures';

test.describe('the mock provider’s development pages', () => {
  test('are not reachable through the app’s origin, even with the key', async ({ request }) => {
    const key = { 'X-Dev-Key': process.env.E2E_DEV_KEY ?? '' };
    for (const path of [
      '/api/__dev/outbox',
      '/api/__dev/faults',
      '/api//__dev/outbox',
      '/api/%5F%5Fdev/outbox',
      `/api/__dev/outbox?key=${process.env.E2E_DEV_KEY}`,
    ]) {
      const answer = await request.get(path, { headers: key });
      expect(answer.status(), path).toBe(404);
      expect(await answer.text(), path).not.toContain('reset-password');
    }
    const run = await request.post('/api/__dev/reminders/run', { headers: key, data: {} });
    expect(run.status()).toBe(404);
  });

  test('answer on the mock’s own port only with its key', async ({ request }) => {
    expect((await request.get(`http://127.0.0.1:${process.env.E2E_MOCK_PORT}/__dev/outbox`)).status()).toBe(403);
    expect((await devRequest(request, 'GET', '/__dev/outbox')).status()).toBe(200);
  });
});

test.describe('limits on guessing', () => {
  test('after five wrong passwords the login form says how long to wait, and the right one waits too', async ({
    page,
  }) => {
    // An address no other test uses: the per-account limit is kept as shipped in the browser suite.
    const email = 'locked.e2e@anchor.test';
    await page.goto('/login');
    await page.getByLabel('Email ID').fill(email);
    const password = page.getByLabel('Password', { exact: true });
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/sessions'));
      await password.fill(`Wrong@${i}000`);
      await page.getByRole('button', { name: 'Continue' }).click();
      expect((await answered).status()).toBe(401);
    }
    const limited = page.waitForResponse((r) => r.url().endsWith('/api/sessions'));
    await password.fill('Demo@1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    const answer = await limited;
    expect(answer.status()).toBe(429);
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThan(800);
    await expect(
      page.getByRole('status').filter({ hasText: 'Too many attempts. Try again in 15 minutes.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email ID')).toHaveValue(email); // nothing typed is lost
  });
});
