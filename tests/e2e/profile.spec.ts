import { expect, expectNoAxeViolations, logIn, logInReady, test, THEMES, useTheme } from './fixtures';

test.describe('profile popup', () => {
  test('shows the profile, changes the password end to end, and closing resets the form', async ({ page }) => {
    const email = 'qa.profile@anchor.test';
    await logInReady(page, email);
    const opener = page.getByTestId('user-name');
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'My Profile' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Quality Profile');
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('Portal User');
    await expect(dialog).toContainText('Dashboard/Invoices');

    // Closing with Esc returns focus to the opener and drops what was typed.
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Change Password' });
    await passwordDialog.getByLabel('New Password', { exact: true }).fill('typed-and-dropped');
    await page.keyboard.press('Escape');
    await expect(passwordDialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await page.getByRole('dialog', { name: 'My Profile' }).getByRole('button', { name: 'Change Password' }).click();
    await expect(passwordDialog.getByLabel('New Password', { exact: true })).toHaveValue('');

    const current = passwordDialog.getByLabel('Current Password', { exact: true });
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await passwordDialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(passwordDialog.getByText('Current Password is required')).toBeVisible();
    await expect(passwordDialog.getByText('New Password is required')).toBeVisible();
    await current.fill('Not@MyPassword1');
    await passwordDialog.getByLabel('New Password', { exact: true }).fill('Profile@2026');
    await passwordDialog.getByLabel('Confirm Password', { exact: true }).fill('Profile@2027');
    await passwordDialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(passwordDialog.getByText("Password and Confirm Password didn't match")).toBeVisible();
    await passwordDialog.getByLabel('Confirm Password', { exact: true }).fill('Profile@2026');
    // The provider checks the current password; what was typed stays.
    await passwordDialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(passwordDialog.getByText('The current password is not correct.', { exact: true })).toBeVisible();
    await expect(passwordDialog.getByLabel('New Password', { exact: true })).toHaveValue('Profile@2026');
    // A password anyone would guess is refused with the reason.
    await current.fill('Demo@1234');
    await passwordDialog.getByLabel('New Password', { exact: true }).fill('password123');
    await passwordDialog.getByLabel('Confirm Password', { exact: true }).fill('password123');
    await passwordDialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(passwordDialog.getByText(/^This password is too easy to guess\./)).toBeVisible();
    await passwordDialog.getByLabel('New Password', { exact: true }).fill('Profile@2026');
    await passwordDialog.getByLabel('Confirm Password', { exact: true }).fill('Profile@2026');
    await passwordDialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByText('Password Changed Successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // This session goes on; the new password is the one that works now.
    await opener.click();
    await page.getByRole('dialog', { name: 'My Profile' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, 'Profile@2026');
    await expect(page.getByTestId('user-name')).toHaveText('Quality Profile');
  });

  for (const theme of THEMES) {
    test(`the shell with the profile popup open has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await logInReady(page, 't1t2@anchor.test');
      await expectNoAxeViolations(page);
      await page.getByTestId('user-name').click();
      await expect(page.getByRole('dialog', { name: 'My Profile' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('button', { name: 'Save Password' }).click();
      await expect(page.getByText('New Password is required')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
