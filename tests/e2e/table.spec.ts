import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

const customersSection = (page: Page) => page.locator('section[aria-labelledby="customers-title"]');

test.describe('table kit on the admin customer list', () => {
  test('region, search and paging change the rows and live in the URL; a deep link survives a reload and back restores', async ({
    page,
  }) => {
    await logInReady(page, 't1@anchor.test', { path: '/admin' });
    // The admin page has other lists with their own region, pager and page box: use this section's.
    const section = customersSection(page);
    const table = page.getByRole('region', { name: 'Customers Details' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    const summary = page.getByRole('navigation', { name: 'Customers Details pages' });
    await expect(summary).toContainText(/Showing 1 to 10 of \d+/);

    await section.getByLabel('Region').selectOption('north');
    await expect(page).toHaveURL(/customers\.region=north/);
    await section.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/customers\.page=2/);
    await expect(summary).toContainText('Showing 11 to 20');
    const pageTwo = (await rows.first().locator('td').nth(1).innerText()).trim(); // the first customer code on page 2

    // The manual page box is there (more than 10 rows), and clamps what is typed.
    const lastPage = Number(/Page 2 of (\d+)/.exec(await summary.innerText())?.[1]);
    expect(lastPage).toBeGreaterThan(2);
    const goTo = section.getByLabel('Go to page');
    await goTo.fill('9999');
    await goTo.press('Enter');
    await expect(page).toHaveURL(new RegExp(`customers\\.page=${lastPage}(&|$)`));
    await expect(summary).toContainText(`Page ${lastPage} of ${lastPage}`);
    await goTo.fill('-4');
    await goTo.press('Enter');
    await expect(summary).toContainText(`Page 1 of ${lastPage}`);

    // A search under 3 characters sends nothing; 3 or more goes back to page 1.
    const search = page.getByRole('searchbox', { name: 'Search customers' });
    await search.fill('zz');
    await expect(page.getByText('Type at least 3 characters to search')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('customers.q')).toBeNull();

    // Back to page 2 of north, then reload: the same rows.
    await page.goto('/admin?customers.region=north&customers.page=2');
    await expect(rows.first().locator('td').nth(1)).toHaveText(pageTwo);
    await page.reload();
    await expect(section.getByLabel('Region')).toHaveValue('north');
    await expect(rows.first().locator('td').nth(1)).toHaveText(pageTwo);
    await section.getByRole('button', { name: 'Next page' }).click();
    await expect(summary).toContainText('Showing 21 to 30');
    await page.goBack();
    await expect(summary).toContainText('Showing 11 to 20');
    await expect(rows.first().locator('td').nth(1)).toHaveText(pageTwo);
  });

  test('search narrows the rows after the pause, and clearing restores them', async ({ page }) => {
    await logInReady(page, 't1@anchor.test', { path: '/admin' });
    const table = page.getByRole('region', { name: 'Customers Details' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    const code = (await rows.first().locator('td').nth(1).innerText()).trim();
    const search = page.getByRole('searchbox', { name: 'Search customers' });
    await search.fill(code);
    await expect(page).toHaveURL(new RegExp(`customers\\.q=${code}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(code);
    await search.fill('no customer has this name');
    await expect(table.getByText('No data found.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Search customers' }).click();
    await expect(rows).toHaveCount(10);
    expect(new URL(page.url()).searchParams.get('customers.q')).toBeNull();
  });

  test('the next page keeps the previous rows on screen, busy and without skeletons, until it arrives; the table keeps its height', async ({
    page,
  }) => {
    await logInReady(page, 't1@anchor.test', { path: '/admin' });
    const section = customersSection(page);
    const table = section.getByRole('region', { name: 'Customers Details' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const firstPage = await rows.locator('td:nth-child(2)').allInnerTexts();
    const height = (await table.boundingBox())!.height;

    const waiting: (() => void)[] = [];
    await page.route(/\/api\/distributor_companies\?.*require_address_details/, async (route) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      await route.continue();
    });
    await section.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/customers\.page=2/);
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => waiting.length).toBeGreaterThan(0);
    expect(await rows.locator('td:nth-child(2)').allInnerTexts()).toEqual(firstPage);
    await expect(table.locator('tbody tr[aria-hidden]')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Customers Details pages' })).toContainText('Showing 1 to 10');
    waiting.shift()!();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('navigation', { name: 'Customers Details pages' })).toContainText('Showing 11 to 20');
    expect(await rows.locator('td:nth-child(2)').allInnerTexts()).not.toEqual(firstPage);
    expect((await table.boundingBox())!.height).toBe(height);
  });

  test('a failed load shows the error in the table with Retry, and as a toast', async ({ page }) => {
    await logInReady(page, 't1@anchor.test');
    let fail = true;
    // Only the customer list's request (the virtual-account list on the same page asks for account details).
    await page.route(/\/api\/distributor_companies\?.*require_address_details/, async (route) => {
      if (fail)
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ code: 'ER-UNAVAILABLE', detail: 'Try again shortly.' }] }),
        });
      else await route.continue();
    });
    await page.goto('/admin');
    await expect(page.getByRole('status').filter({ hasText: 'ER-UNAVAILABLE: Try again shortly.' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Customers Details' });
    await expect(table.getByRole('alert')).toContainText('ER-UNAVAILABLE: Try again shortly.');
    fail = false;
    await table.getByRole('button', { name: 'Retry' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(10);
  });

  for (const theme of THEMES) {
    test(`the admin customer table has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await logInReady(page, 't1@anchor.test', { path: '/admin' });
      await expect(page.getByRole('region', { name: 'Customers Details' }).locator('tbody tr')).toHaveCount(10);
      await expectNoAxeViolations(page);
    });
  }
});
