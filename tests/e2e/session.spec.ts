import { expect, expectNoAxeViolations, logIn, test } from './fixtures';

test.describe('session', () => {
  test('t1 logs in, lands on the home route, and logs out', async ({ page }) => {
    await logIn(page, 't1@anchor.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-name')).toHaveText('Asha Verma');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^at_/);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('refresh_token'), localStorage.getItem('user_id')])).toEqual([
      null,
      null,
      null,
    ]);
    // The logged-in area is closed again.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload keeps the session', async ({ page }) => {
    await logIn(page, 't1t2@anchor.test');
    await expect(page.getByTestId('user-name')).toHaveText('Meera Nair');
    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText('Meera Nair');
  });

  test('a wrong password shows the server error as a toast and stays on login', async ({ page }) => {
    await logIn(page, 't1@anchor.test', 'not-the-password');
    await expect(page.getByRole('status').filter({ hasText: 'ER-AUTH-101: Invalid email or password.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login form checks its fields before sending', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email ID is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email ID').fill('not-an-email');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Enter a valid Email ID')).toBeVisible();
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`the login page has no axe violations in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme === 'light' ? 'light' : '');
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome to the Anchor Portal' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
