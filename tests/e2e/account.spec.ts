import { expect, expectNoAxeViolations, latestResetLink, logIn, logInReady, test, THEMES, useTheme } from './fixtures';

test.describe('account screens', () => {
  test('forgot password, then reset through the mailed link, then log in with the new password', async ({
    page,
    request,
  }) => {
    const email = 'qa.reset@anchor.test';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText('Please enter your Email ID')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email ID is required')).toBeVisible();
    await page.getByLabel('Email ID').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `If ${email} belongs to an account` })
        .first(),
    ).toBeVisible();

    const link = await latestResetLink(request, email);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('Password', { exact: true }).fill('Fresh@2026');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh@2027');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText("Password and Confirm Password didn't match")).toBeVisible();
    await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh@2026');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The link is one-time: using it again is refused with the server's message.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('Password', { exact: true }).fill('Another@2026');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Another@2026');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ER-RESET-101' })).toBeVisible();

    await logIn(page, email, 'Fresh@2026');
    await expect(page.getByTestId('user-name')).toHaveText('Quality Reset');
  });

  test('a toast leaves the theme switch of the account pages in view and working', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await logIn(page, 't1@anchor.test', 'Wrong@12345');
    const toast = page.getByRole('status').filter({ hasText: /^[A-Z][A-Z0-9-]+: / });
    await expect(toast).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Light theme' });
    // Once the toast has slid in, the switch is what a click at its centre reaches.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const box = (await toggle.boundingBox())!;
    const reached = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="switch"]')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(reached).toBe('Light theme');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(toast).toBeVisible();
  });

  test('a reset page without a token says so', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('This reset link has no token');
  });

  test('forgot and reset send a logged-in user to the dashboard', async ({ page }) => {
    await logInReady(page, 't1@anchor.test', { path: '/forgot-password' });
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/reset-password?token=abc');
    await expect(page).toHaveURL(/\/$/);
  });

  for (const theme of THEMES) {
    test(`login, forgot and reset have no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome to the Anchor Portal' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click(); // with field errors showing
      await expect(page.getByText('Email ID is required')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto('/forgot-password');
      await expect(page.getByText('Please enter your Email ID')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto('/reset-password?token=example');
      await expect(page.getByLabel('Confirm Password', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
