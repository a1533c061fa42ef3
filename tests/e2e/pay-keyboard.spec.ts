import type { Locator, Page } from '@playwright/test';
import { devOutbox, expect, expectNoAxeViolations, test } from './fixtures';

/**
 * The money flows of the pay page by keyboard and for assistive technology, so every retailer can pay: a whole
 * credit payment with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows and typing; no clicks), and zero
 * axe violations on every dialog, a toast, the empty tab and the error pages.
 *
 * The keyboard payment uses demo-sales-order (OTP required): no other browser test sends it OTPs, so no OTP
 * of another test running at the same time can replace the one read here.
 */

const PAY = '/pay-with-provider';
const KEYBOARD_TOKEN = 'demo-sales-order';

async function openPay(page: Page, token: string) {
  await page.goto(`${PAY}?token=${token}`);
  await expect(page.getByRole('tablist')).toBeVisible();
}

const rows = (page: Page) => page.getByRole('region', { name: /^(Invoices|Sales Orders)$/ }).locator('tbody tr');
/** The first row whose credit switch may be turned on (not overdue, no draft drawdown). */
const creditRow = (page: Page) =>
  rows(page)
    .filter({ has: page.getByRole('switch', { name: /^Credit for/, disabled: false }) })
    .first();
const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails if it never gets there. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses++) {
    if (await focused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

/** The focused element shows where it is: an outline at least 2 px wide. */
async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const outline = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline, `${what}: something has the focus`).not.toBeNull();
  expect(outline!.style, `${what}: outline`).not.toBe('none');
  expect(outline!.width, `${what}: outline width`).toBeGreaterThanOrEqual(2);
}

/** The document number of a row, as the closed tab lists it. */
const numberOf = async (row: Locator) => (await row.locator('[data-testid^="doc-"]').innerText()).trim();

/** The newest OTP sent for a pay link, from the mock's outbox (the shared helper finds it by token). */
async function otpFor(page: Page, token: string): Promise<string> {
  const otp = /\b(\d{6})\b/.exec((await devOutbox(page.request, { token }))[0]?.body ?? '')?.[1];
  expect(otp, `an OTP for ${token} in the dev outbox`).toBeTruthy();
  return otp!;
}

test.describe('pay page by keyboard', () => {
  test('a whole credit payment with OTP, with the keyboard alone', async ({ page }) => {
    await openPay(page, KEYBOARD_TOKEN);
    const balanceBefore = await page.getByTestId('credit-balance').innerText();
    const first = rows(page).nth(0);
    const second = rows(page).nth(1);
    const numbers = [await numberOf(first), await numberOf(second)];

    // Choose two sales orders: Tab to each 'Click here to pay' box, Space ticks it.
    const firstTick = first.getByRole('checkbox', { name: /^Click here to pay/ });
    await tabTo(page, firstTick);
    await expectVisibleFocus(page, 'the first tick box');
    await page.keyboard.press('Space');
    await expect(firstTick).toBeChecked();
    const secondTick = second.getByRole('checkbox', { name: /^Click here to pay/ });
    await tabTo(page, secondTick);
    await page.keyboard.press('Space');
    await expect(secondTick).toBeChecked();
    await expect(page.getByText('(2 : Sales Order Selected)')).toBeVisible();

    // The switches answer Space and Enter: credit off puts the order on pay, Enter puts it back on credit.
    const credit = first.getByRole('switch', { name: /^Credit for/ });
    await expect(credit).toHaveAttribute('aria-checked', 'true');
    await tabTo(page, credit, { back: true });
    await expectVisibleFocus(page, 'a credit switch');
    await page.keyboard.press('Space');
    await expect(credit).toHaveAttribute('aria-checked', 'false');
    await expect(first.getByRole('switch', { name: /^Pay for/ })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Enter');
    await expect(credit).toHaveAttribute('aria-checked', 'true');
    await expect(second.getByRole('switch', { name: /^Credit for/ })).toHaveAttribute('aria-checked', 'true');

    // AVAIL CREDIT by Enter: the OTP dialog opens with the focus in its field.
    const availCredit = page.getByRole('button', { name: 'AVAIL CREDIT' });
    await tabTo(page, availCredit);
    await expectVisibleFocus(page, 'AVAIL CREDIT');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'OTP' });
    await expect(field).toBeFocused();
    await expectVisibleFocus(page, 'the OTP field');

    // Focus stays inside the dialog, both ways round.
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press('Tab');
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `Tab ${presses + 1} stays in the dialog`,
      ).toBe(true);
    }
    await tabTo(page, field, { back: true, max: 8 });
    for (let presses = 0; presses < 6; presses++) {
      await page.keyboard.press('Shift+Tab');
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `Shift+Tab ${presses + 1} stays in the dialog`,
      ).toBe(true);
    }
    await tabTo(page, field, { max: 8 });

    // A wrong OTP is refused and said; the digits stay selected, so typing the right one replaces them.
    const otp = await otpFor(page, KEYBOARD_TOKEN);
    await page.keyboard.type(otp === '000000' ? '111111' : '000000');
    await expect(dialog.getByRole('alert')).toContainText('ER-OTP-101');
    await expect(field).toBeFocused();
    await expectNoAxeViolations(page);
    // The right OTP, typed: all six digits confirm it.
    await page.keyboard.type(otp);

    // The paid message replaces the page and has the focus; Tab reaches 'Back to sales orders'.
    const paid = page.getByRole('status').filter({ hasText: /Credit availed/ });
    await expect(paid).toBeVisible();
    await expect(paid.getByRole('heading', { level: 1 })).toBeFocused();
    await expectNoAxeViolations(page);
    const back = page.getByRole('button', { name: 'Back to sales orders' });
    await tabTo(page, back, { max: 3 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('credit-balance')).not.toHaveText(balanceBefore);

    // The orders are on the closed tab: arrow keys move along the tabs.
    const openTab = page.getByRole('tab', { name: 'Open Sales Orders' });
    await tabTo(page, openTab);
    await page.keyboard.press('ArrowRight');
    const closedTab = page.getByRole('tab', { name: 'Closed Sales Orders' });
    await expect(closedTab).toBeFocused();
    await expect(closedTab).toHaveAttribute('aria-selected', 'true');
    for (const number of numbers)
      await expect(page.getByRole('region', { name: 'Sales Orders' })).toContainText(number);
  });
});

test.describe('pay page: no axe violations in its dialogs, toasts, empty and error states', () => {
  test('the Please note popup, and the toast of a payment without a payment mode', async ({ page }) => {
    await openPay(page, 'demo-closed-limit');
    // A credit switch before the tick: the spec's guidance popup.
    await creditRow(page)
      .getByRole('switch', { name: /^Credit for/ })
      .click();
    const note = page.getByRole('dialog', { name: 'Please note' });
    await expect(note).toContainText("Please checked 'Click here to pay' to enable credit switch.");
    await expectNoAxeViolations(page);
    await note.getByRole('button', { name: 'Close' }).click();
    await expect(note).toBeHidden();

    await rows(page).nth(0).getByRole('checkbox').check();
    const paySwitch = rows(page)
      .nth(0)
      .getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'ERROR: Please, select payment mode to make payment.' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a server error: its toast and the failure with Try again', async ({ page }) => {
    await openPay(page, 'demo-closed-limit');
    await page.route('**/api/avail_credit', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ code: 'ER-INTERNAL', detail: 'Something broke at the provider.' }] }),
      }),
    );
    const row = creditRow(page);
    await row.getByRole('checkbox').check();
    const credit = row.getByRole('switch', { name: /^Credit for/ });
    if ((await credit.getAttribute('aria-checked')) !== 'true') await credit.click();
    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'ER-INTERNAL: Something broke at the provider.' });
    await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'ER-INTERNAL: Something broke at the provider.' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the gateway redirect popup', async ({ page }) => {
    // Playwright's clock holds the 8 s redirect while axe looks at the popup.
    await page.clock.install();
    await openPay(page, 'demo-closed-limit');
    const row = rows(page).nth(1);
    await row.getByRole('checkbox').check();
    const paySwitch = row.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Redirecting to the payment gateway' });
    await expect(popup).toBeVisible();
    await expectNoAxeViolations(page);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(popup).toBeHidden();
  });

  test('the OTP dialog as it opens', async ({ page }) => {
    // Only the dialog is looked at: no OTP is verified, so nothing is paid.
    await openPay(page, KEYBOARD_TOKEN);
    await page.route('**/api/communications/send_otp', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: { otp_reference_id: 'otp_axe', expires_in: 300 } }),
      }),
    );
    await rows(page).nth(0).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
    await expect(dialog.getByRole('textbox', { name: 'OTP' })).toBeFocused();
    await expectNoAxeViolations(page);
    // Esc closes it and the focus goes back to AVAIL CREDIT.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'AVAIL CREDIT' })).toBeFocused();
  });

  test('the manual invoice entry and its delete dialog', async ({ page }) => {
    await openPay(page, 'demo-open-limit');
    await page.getByRole('button', { name: '+ Add Invoice' }).click();
    const entry = page.getByRole('group', { name: 'New invoice' });
    await entry.getByLabel('Invoice No.').fill('AXE-1');
    await entry.getByRole('button', { name: 'Delete invoice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete invoice' });
    await expect(confirm).toContainText('Are you sure, you want to delete invoice?');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(entry.getByRole('button', { name: 'Delete invoice' })).toBeFocused();
    // The guidance popup of a manual entry not yet uploaded.
    await entry.getByRole('switch', { name: /^Credit for/ }).click();
    const note = page.getByRole('dialog', { name: 'Please note' });
    await expect(note).toContainText('Please upload invoice to enable the provider credit switch.');
    await expectNoAxeViolations(page);
  });

  test("an empty tab: 'No data found.'", async ({ page }) => {
    // A customer with nothing closed yet: the provider's own answer for an empty list (a page past the end).
    await page.route(/\/api\/invoice_collection\?.*status=closed/, async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('page', '99');
      await route.fulfill({ response: await route.fetch({ url: url.toString() }) });
    });
    await openPay(page, 'demo-closed-limit');
    await page.getByRole('tab', { name: 'Closed Invoices' }).click();
    const table = page.getByRole('region', { name: 'Invoices' });
    await expect(table).toContainText('No data found.');
    await expectNoAxeViolations(page);
  });

  for (const [token, text] of [
    ['no-such-token', 'ER-PAY-401: This payment link is not valid. Ask the supplier for a new link.'],
    ['demo-expired', 'ER-PAY-401: This payment link has expired. Ask the supplier for a new link.'],
  ] as const) {
    test(`the error page of ${token === 'demo-expired' ? 'an expired' : 'an invalid'} link`, async ({ page }) => {
      await page.goto(`${PAY}?token=${token}`);
      await expect(page.getByRole('heading', { name: 'We could not open this payment page' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('the page of a link without a token', async ({ page }) => {
    await page.goto(PAY);
    await expect(page.getByRole('alert')).toContainText('ERROR: Token not found');
    await expectNoAxeViolations(page);
  });
});
