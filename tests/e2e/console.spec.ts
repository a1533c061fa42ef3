import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, logInReady, test } from './fixtures';

/*
 * A clean console on every screen: no error or warning while each logged-in screen and the pay page load and
 * settle (the production build; the development build's own warnings are checked by hand).
 */

/** Collects the console's errors and warnings of a page from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message} (${page.url()})`));
  return problems;
}

test.describe('a clean console', () => {
  test('on every screen of anchor staff', async ({ page }) => {
    const problems = consoleProblems(page);
    await logInReady(page, 't1t2@anchor.test');
    for (const [path, heading] of [
      ['/', 'Dashboard'],
      ['/invoices', 'Invoices'],
      ['/lending', 'Customer Details'],
      ['/my-pipeline', 'Credit Limit Eligibility'],
      ['/Retailer', 'Retailer Details'],
      ['/admin', 'Admin'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });

  test('on the pay page, through a gateway redirect', async ({ page }) => {
    const problems = consoleProblems(page);
    await page.goto('/pay-with-provider?token=demo-no-credit');
    const row = page
      .getByRole('region', { name: /Invoices|Sales Orders/ })
      .locator('tbody tr')
      .first();
    await row.getByRole('checkbox').check();
    const paySwitch = row.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/fake-gateway\//, { timeout: 15_000 });
    expect(problems).toEqual([]);
  });
});
