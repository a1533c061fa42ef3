import type { Locator, Page } from '@playwright/test';
import { expect, logInReady, test } from './fixtures';

/*
 * Every search box is wide enough for its placeholder at a 1366 px laptop, so nobody reads
 * 'Search by Customer Name / Cus'. Measured with the input's own font.
 */

/** Each search box's placeholder that does not fit inside it. */
async function clippedPlaceholders(scope: Locator): Promise<string[]> {
  return scope.getByRole('searchbox').evaluateAll((inputs) =>
    inputs
      .map((input) => input as HTMLInputElement)
      .filter((input) => {
        if (!input.placeholder) return false;
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(input.placeholder).width > room;
      })
      .map((input) => `${input.getAttribute('aria-label') ?? input.id}: '${input.placeholder}'`),
  );
}

async function expectSearchesFit(page: Page, scope: Locator): Promise<void> {
  await expect(scope.getByRole('searchbox').first()).toBeVisible();
  expect(await clippedPlaceholders(scope)).toEqual([]);
}

test.describe('search boxes at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the lending, admin and send-link searches and the lead modal’s show their whole placeholder', async ({
    page,
  }) => {
    await logInReady(page, 't1@anchor.test', { path: '/lending' });
    await expectSearchesFit(page, page.locator('main'));
    await page.goto('/admin');
    await expectSearchesFit(page, page.locator('main'));
    await page.goto('/');
    await page.getByTestId('lead-card-approved').click();
    await expectSearchesFit(page, page.getByRole('dialog', { name: 'Approved' }));
    await page.keyboard.press('Escape');
    await page.goto('/invoices');
    await page
      .getByRole('region', { name: 'Invoices Due', exact: true })
      .getByRole('button', { name: 'Send Payment Links' })
      .click();
    await expectSearchesFit(page, page.getByRole('dialog', { name: 'Send Payment Links' }));
  });
});
