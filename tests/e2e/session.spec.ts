import { expect, logIn, logInReady, test } from './fixtures';

test.describe('session', () => {
  test('t1 logs in, lands on the home route, and logs out from the profile popup', async ({ page }) => {
    await logInReady(page, 't1@anchor.test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-name')).toHaveText('Asha Verma');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^at_/);

    await page.getByTestId('user-name').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('auth_token'),
        localStorage.getItem('refresh_token'),
        localStorage.getItem('user_id'),
      ]),
    ).toEqual([null, null, null]);
    // The logged-in area is closed again.
    await page.goto('/invoices');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload keeps the session', async ({ page }) => {
    await logInReady(page, 't1t2@anchor.test');
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
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', '8 Characters password');
    await page.getByLabel('Password', { exact: true }).fill('secret-text');
    await page.getByRole('button', { name: 'Show Password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  });
});
