import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, THEMES, useTheme } from './fixtures';

/** The pay page fits the laptops and phones retailers use: every control in reach, no sideways scrolling anywhere. */

const PAY = '/pay-with-provider';
const PAY_LINKS = [
  'demo-closed-limit',
  'demo-otp',
  'demo-open-limit',
  'demo-overdue',
  'demo-sales-order',
  'demo-no-credit',
] as const;

async function openPay(page: Page, token: string) {
  await page.goto(`${PAY}?token=${token}`);
  await expect(page.getByRole('tablist')).toBeVisible();
}

/** The document list: the table on wide screens, the carousel on phones. */
const list = (page: Page) => page.getByRole('region', { name: /^(Invoices|Sales Orders)$/ });

/** How far the page scrolls sideways (0 when it does not). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A control's box lies inside the viewport. */
async function expectInViewport(control: Locator, viewport: { width: number; height: number }, name: string) {
  const box = await control.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y, `${name}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${name}: bottom edge`).toBeLessThanOrEqual(viewport.height);
}

for (const width of [1280, 1366]) {
  test.describe(`pay page on a ${width} px screen`, () => {
    const viewport = { width, height: 900 };
    test.use({ viewport });

    for (const token of ['demo-closed-limit', 'demo-overdue']) {
      test(`${token}: every control of a row is in view without sideways scrolling`, async ({ page }) => {
        await openPay(page, token);
        const table = list(page);
        const rows = table.locator('tbody tr');
        await expect(rows.first().getByRole('switch', { name: /^Pay for/ })).toBeVisible();
        // The widest a row gets: selected, in part mode, with an amount that is refused and its message.
        const first = rows.first();
        await first.getByRole('checkbox').check();
        await first.getByRole('switch', { name: /^Part payment for/ }).click();
        await first.getByRole('textbox').fill('99999999');
        await expect(first.getByRole('alert')).toBeVisible();

        const scroll = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
        expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

        for (let n = 0; n < 2; n++) {
          const row = rows.nth(n);
          const controls = row.locator('input, [role="switch"]');
          const count = await controls.count();
          expect(count).toBeGreaterThanOrEqual(4);
          for (let i = 0; i < count; i++) {
            const control = controls.nth(i);
            const name = `row ${n + 1}: ${(await control.getAttribute('aria-label')) ?? 'control'}`;
            await expectInViewport(control, viewport, name);
          }
          // The document number stays in view beside its controls.
          await expectInViewport(row.locator('[data-testid^="doc-"]'), viewport, `row ${n + 1}: number`);
        }
        // The virtual account column is still there, beside every other column the spec lists.
        if (token === 'demo-closed-limit')
          await expect(table.getByRole('columnheader', { name: 'Virtual Account Number' })).toBeVisible();
        for (const header of ['Due Date', 'Amount in Rs.', 'Full|Part', 'Approve Payment', 'Credit', 'Pay']) {
          await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
        }
      });
    }

    for (const theme of THEMES) {
      test(`the compact table has no axe violations in the ${theme} theme`, async ({ page }) => {
        await useTheme(page, theme);
        await openPay(page, 'demo-closed-limit');
        const first = list(page).locator('tbody tr').first();
        await first.getByRole('checkbox').check();
        await first.getByRole('switch', { name: /^Part payment for/ }).click();
        await first.getByRole('textbox').fill('99999999');
        await expect(first.getByRole('alert')).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe('pay pages on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  for (const token of PAY_LINKS) {
    test(`${token} does not scroll sideways`, async ({ page }) => {
      await openPay(page, token);
      await list(page)
        .getByRole('button', { name: /^Payment options for/ })
        .click();
      await list(page)
        .getByRole('checkbox', { name: /^Click here to pay/ })
        .check();
      if (token === 'demo-open-limit') {
        // The supplier-bank select made this page 480 px wide; a new manual entry is on the page too.
        await expect(page.getByLabel('Supplier bank account for open invoices')).toBeVisible();
        await page.getByRole('button', { name: '+ Add Invoice' }).click();
        await expect(page.getByRole('group', { name: 'New invoice' })).toBeVisible();
      }
      await page.getByRole('button', { name: 'Details' }).click();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.getByRole('tab', { name: /^Closed/ }).click();
      await expect(list(page).getByRole('status')).toHaveText(/^(Showing 1 of \d+|No (invoices|sales orders))$/);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  test('the supplier bank account keeps its label over a select as wide as the page', async ({ page }) => {
    await openPay(page, 'demo-open-limit');
    const select = page.getByLabel('Supplier bank account for open invoices');
    const label = page.locator('label').filter({ has: select });
    const [labelBox, selectBox] = [await label.boundingBox(), await select.boundingBox()];
    expect(selectBox!.x + selectBox!.width).toBeLessThanOrEqual(360);
    // The label reads on one or two lines above the select, not one word a line beside it.
    expect(selectBox!.y).toBeGreaterThan(labelBox!.y);
    expect(selectBox!.y - labelBox!.y).toBeLessThan(60);
  });

  test('the page without a token and a failed payment’s return do not scroll sideways', async ({ page }) => {
    await page.goto(PAY);
    await expect(page.getByRole('alert')).toContainText('Token not found');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`${PAY}-success?order_id=ORDER-360-WIDE-0000000001&success=false`);
    await expect(page.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('a payment through the gateway ends on a success page that does not scroll sideways', async ({ page }) => {
    await page.clock.install();
    await openPay(page, 'demo-no-credit');
    await list(page)
      .getByRole('button', { name: /^Payment options for/ })
      .click();
    await list(page)
      .getByRole('checkbox', { name: /^Click here to pay/ })
      .check();
    await expect(list(page).getByRole('switch', { name: /^Pay for/ })).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Redirecting to the payment gateway' })).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.clock.runFor(9_000);
    await page.waitForURL(/\/fake-gateway\//);
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/pay-with-provider-success\?order_id=.+&success=true/);
    await expect(page.getByText('Transaction Number')).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('pay page on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const token of PAY_LINKS) {
    test(`${token}: the customer, credit balance and overdue come first, and the first document is on the first screen`, async ({
      page,
    }) => {
      await openPay(page, token);
      const summary = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 1 }) });
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      await expect(page.getByTestId('credit-balance')).toBeInViewport();
      await expect(summary.getByText('Overdue', { exact: true })).toBeInViewport();
      await expect(summary.getByText('Sanctioned limit')).toBeHidden();
      const card = list(page).getByRole('group').first();
      if (token === 'demo-open-limit') {
        // An open-limit customer's own-invoice panel comes before the list: the first card starts on the
        // first screen with its number and figures; its 'Payment options' button sits at the fold.
        await expect(card.getByRole('heading')).toBeInViewport({ ratio: 1 });
        await expect(card.getByText('Balance due')).toBeInViewport({ ratio: 1 });
      } else {
        await expect(card).toBeInViewport({ ratio: 1 });
      }
    });
  }

  test("'Details' shows the rest of the account with the keyboard, and hides it again", async ({ page }) => {
    await openPay(page, 'demo-closed-limit');
    const details = page.getByRole('button', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    for (const text of ['Anchor', 'Loan account', 'Sanctioned limit', 'Credit utilised'])
      await expect(page.getByText(text, { exact: true })).toBeHidden();
    await details.focus();
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    for (const text of ['Anchor', 'Loan account', 'Sanctioned limit', 'Credit utilised'])
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View statement' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Sanctioned limit', { exact: true })).toBeHidden();
  });

  for (const theme of THEMES) {
    test(`the summary with its details open has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await openPay(page, 'demo-overdue');
      await page.getByRole('button', { name: 'Details' }).click();
      await expect(page.getByText('Sanctioned limit', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
