import type { Page } from '@playwright/test';
import { devOutbox, expect, expectNoAxeViolations, test, THEMES, useTheme } from './fixtures';

const PAY = '/pay-with-provider';

async function openPay(page: Page, token: string) {
  await page.goto(`${PAY}?token=${token}`);
  await expect(page.getByRole('tablist')).toBeVisible();
}

/** The open rows of the page, in order. */
const rows = (page: Page) => page.getByRole('region', { name: /Invoices|Sales Orders/ }).locator('tbody tr');

/** The newest OTP the mock "sent" for a pay link, from its dev outbox (by token: other tests send OTPs for other links meanwhile). */
async function latestOtp(page: Page, token: string): Promise<string> {
  const mail = (await devOutbox(page.request, { token })).find((m) => /OTP/i.test(m.subject));
  const otp = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  expect(otp, 'an OTP in the dev outbox').toBeTruthy();
  return otp!;
}

test.describe('pay page', () => {
  test('without a token it says so', async ({ page }) => {
    await page.goto(PAY);
    await expect(page.getByRole('alert')).toContainText('ERROR: Token not found');
  });

  test('the token leaves the address bar once read, stays for a reload of the tab, and never goes in a query', async ({
    page,
    context,
  }) => {
    const calls: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/'))
        calls.push({ url: request.url(), authorization: request.headers().authorization });
    });
    await page.goto(`${PAY}?token=demo-closed-limit&docs.page=2`);
    await expect(page.getByRole('tablist')).toBeVisible();
    // Taken out of the address bar, in the same history entry (Back does not bring it back); the list's page stays.
    await expect.poll(() => new URL(page.url()).search).toBe('?docs.page=2');
    expect(await page.evaluate(() => window.history.length)).toBe(2); // about:blank, then the pay page
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Closed Invoices' }).click();
    await expect(rows(page).first()).toBeVisible();
    const collections = calls.filter((c) => c.url.includes('/api/invoice_collection'));
    expect(collections.length).toBeGreaterThanOrEqual(3);
    for (const call of collections) expect(call.authorization, call.url).toBe('demo-closed-limit');
    expect(
      calls.filter((c) => /[?&]token=/.test(c.url) || c.url.includes('demo-closed-limit')).map((c) => c.url),
    ).toEqual([]);
    // Another tab opened without the token has none: the page says the link has no token.
    const other = await context.newPage();
    await other.goto(PAY);
    await expect(other.getByRole('alert')).toContainText('ERROR: Token not found');
  });

  test('two invoices paid from the credit line, with OTP', async ({ page }) => {
    await openPay(page, 'demo-otp');
    const balanceBefore = await page.getByTestId('credit-balance').innerText();
    // The spec's pager text: 'Showing X to Y of N Entries'.
    await expect(page.getByRole('navigation', { name: 'Invoices pages' })).toContainText(
      /Showing 1 to \d+ of \d+ Entries/,
    );
    const first = rows(page).nth(0);
    const second = rows(page).nth(1);
    const numbers = [await first.locator('td').nth(1).innerText(), await second.locator('td').nth(1).innerText()].map(
      (t) => t.split('\n')[0]!.replace(' ★', '').trim(),
    );
    await first.getByRole('checkbox').check();
    await second.getByRole('checkbox').check();
    await expect(first.getByRole('switch', { name: /^Credit for/ })).toHaveAttribute('aria-checked', 'true');
    await expect(second.getByRole('switch', { name: /^Credit for/ })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('(2 : Invoice Selected)')).toBeVisible();

    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('OTP').fill('000000');
    await expect(dialog.getByText(/ER-OTP-101/)).toBeVisible();
    await dialog.getByLabel('OTP').fill(await latestOtp(page, 'demo-otp'));
    await expect(page.getByRole('status').filter({ hasText: /Credit availed/ })).toBeVisible();

    await page.getByRole('button', { name: /Back to invoices/ }).click();
    await expect(page.getByTestId('credit-balance')).not.toHaveText(balanceBefore);
    await page.getByRole('tab', { name: 'Closed Invoices' }).click();
    for (const n of numbers) await expect(page.getByRole('region', { name: 'Invoices' })).toContainText(n);
  });

  test('one invoice paid by UPI through the gateway, to the success page; a double click pays once', async ({
    page,
  }) => {
    await openPay(page, 'demo-closed-limit');
    const payments: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/direct_payments/cc_avenue'))
        payments.push(request.headers()['idempotency-key'] ?? '');
    });
    const row = rows(page).nth(0);
    await row.getByRole('checkbox').check();
    // Ticking puts a document on credit when it fits, else on pay (an overdue one): make sure it is on pay.
    const paySwitch = row.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await expect(paySwitch).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Please, select payment mode to make payment.' }),
    ).toBeVisible();
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).dblclick();
    // The amount reads en-IN, like every other amount on the page: 'Rs.5,00,000.00'.
    await expect(
      page.getByText(
        /You have agreed to pay Rs\.\d{1,2}(,\d{2})*,\d{3}\.\d{2} amount, Soon you will redirected to payment gateway\.\.\./,
      ),
    ).toBeVisible();
    expect(new Set(payments).size).toBe(1);
    await page.waitForURL(/\/fake-gateway\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/pay-with-provider-success\?order_id=.+&success=true/);
    await expect(page.getByRole('heading', { name: 'Payment Succesful !' })).toBeVisible();
    await expect(page.getByText('Transaction Number')).toBeVisible();
    await expect(page.getByText('₹5,00,000')).toBeVisible();
    expect(payments).toHaveLength(1);
    // View Statement opens the pay link's statement (soa_link).
    // Its address names the statement, not the pay token.
    const statement = page.getByRole('link', { name: 'View Statement' });
    await expect(statement).toHaveAttribute('href', /\/fake-statement\/[A-Za-z0-9_-]{32}$/);
    expect(await statement.getAttribute('href')).not.toContain('demo-closed-limit');
    // The same return opened in another tab cannot confirm the details there, and says so: it is not a failure.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await expect(other.getByRole('heading', { name: 'Payment reported by the gateway' })).toBeVisible();
    await expect(other.getByText('Payment not completed')).toHaveCount(0);
    await expectNoAxeViolations(other);
  });

  test('a payment failed at the gateway says nothing was charged and leads back to the pay link', async ({ page }) => {
    await openPay(page, 'demo-closed-limit');
    const row = rows(page).nth(2);
    await row.getByRole('checkbox').check();
    const paySwitch = row.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/fake-gateway\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Fail payment' }).click();
    await page.waitForURL(/\/pay-with-provider-success\?order_id=.+&success=false/);
    const failure = page.getByRole('alert');
    await expect(failure.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
    await expect(failure).toContainText('Something went wrong, we will already be looking into it');
    await expect(failure).toContainText('your invoices are not paid and nothing was charged');
    await expectNoAxeViolations(page);
    // The way back carries no token: the pay page finds it in this tab.
    const backLink = failure.getByRole('link', { name: 'Back to the payment page' });
    await expect(backLink).toHaveAttribute('href', PAY);
    await backLink.click();
    await page.waitForURL((url) => url.pathname === PAY);
    await expect(rows(page).first()).toBeVisible();
  });

  test('a refused payment offers no retry, and the page stays usable: Close, then Pay makes a new order', async ({
    page,
  }) => {
    await openPay(page, 'demo-closed-limit');
    let refuse = true;
    const keys: string[] = [];
    await page.route('**/api/direct_payments/cc_avenue', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!refuse) return route.continue();
      await route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ code: 'ER-PAY-409', detail: 'These invoices were paid already.' }] }),
      });
    });
    const row = rows(page).nth(1);
    await row.getByRole('checkbox').check();
    const paySwitch = row.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'ER-PAY-409: These invoices were paid already.' });
    await expect(failure).toBeVisible();
    await expect(failure.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await failure.getByRole('button', { name: 'Close' }).click();
    refuse = false;
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Redirecting to the payment gateway' })).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  test('while another tab loads, its label sits over skeleton rows, not the previous tab’s invoices', async ({
    page,
  }) => {
    await openPay(page, 'demo-closed-limit');
    const firstOpen = (await rows(page).nth(0).locator('td').nth(1).innerText())
      .split('\n')[0]!
      .replace(' ★', '')
      .trim();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/invoice_collection\?.*status=closed/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Closed Invoices' }).click();
    const table = page.getByRole('region', { name: 'Invoices' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(table).not.toContainText(firstOpen);
    release();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(rows(page).first()).toBeVisible();
  });

  test('a selected invoice is always in exactly one total: credit off puts it on pay, pay off back on credit', async ({
    page,
  }) => {
    await openPay(page, 'demo-otp');
    const first = rows(page).nth(0);
    await first.getByRole('checkbox').check();
    const credit = first.getByRole('switch', { name: /^Credit for/ });
    const pay = first.getByRole('switch', { name: /^Pay for/ });
    await expect(credit).toHaveAttribute('aria-checked', 'true');
    const totals = page.getByText(/^Credit ₹[\d,.]+ · Pay ₹[\d,.]+$/);
    await expect(totals).toHaveText(/^Credit ₹[1-9][\d,.]* · Pay ₹0\.00$/);
    await credit.click();
    await expect(credit).toHaveAttribute('aria-checked', 'false');
    await expect(pay).toHaveAttribute('aria-checked', 'true');
    await expect(totals).toHaveText(/^Credit ₹0\.00 · Pay ₹[1-9][\d,.]*$/);
    await expect(page.getByText('(1 : Invoice Selected)')).toBeVisible();
    await pay.click();
    await expect(credit).toHaveAttribute('aria-checked', 'true');
    await expect(pay).toHaveAttribute('aria-checked', 'false');
  });

  test('the gateway redirect can be cancelled during its 8 seconds; the page stays usable and pays again', async ({
    page,
  }) => {
    // The page's timers run on Playwright's clock, so the 8 s can be passed without waiting for them.
    await page.clock.install();
    await openPay(page, 'demo-closed-limit');
    const row = rows(page).nth(1);
    await row.getByRole('checkbox').check();
    const paySwitch = row.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await page.getByLabel('Net Banking').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Redirecting to the payment gateway' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(popup).toBeHidden();
    // Past the 8 s the browser is still on the pay page: the redirect was stopped, not just hidden.
    await page.clock.runFor(9_000);
    expect(new URL(page.url()).pathname).toBe(PAY);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(popup).toBeVisible();
  });

  test('a part amount above the balance shows the message and blocks the credit request', async ({ page }) => {
    await openPay(page, 'demo-closed-limit');
    const row = rows(page).nth(0);
    await row.getByRole('checkbox').check();
    await row.getByRole('switch', { name: /^Part payment for/ }).click();
    await row.getByRole('textbox').fill('99999999');
    await expect(row.getByRole('alert')).toContainText(/Amount should be less than/);
    // The totals do not pass off the last valid amount as final.
    await expect(
      page.getByText(/^Credit ₹[\d,.]+ · Pay ₹[\d,.]+ \(incomplete: correct the part amount\)$/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    await expect(
      page.getByRole('status').filter({
        hasText:
          /Please, (correct your part payment amount before avail credit|select amount greater than zero before avail credit)\./,
      }),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Enter OTP' })).toHaveCount(0);
  });

  test('an open-limit customer adds a manual invoice and pays it by credit', async ({ page }) => {
    await openPay(page, 'demo-open-limit');
    const number = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

    await page.getByRole('button', { name: '+ Add Invoice' }).click();
    const entry = page.getByRole('group', { name: 'New invoice' });
    // Before the invoice exists its switches only guide.
    await entry.getByRole('switch', { name: /^Credit for/ }).click();
    const note = page.getByRole('dialog', { name: 'Please note' });
    await expect(note).toContainText('Please upload invoice to enable the provider credit switch.');
    await note.getByRole('button', { name: 'Close' }).click();

    const upload = entry.getByLabel('Upload invoice');
    await expect(upload).toBeDisabled();
    await entry.getByLabel('Invoice No.').fill(number);
    // The amount refuses e, E, +, - and '.'.
    await entry.getByLabel('Invoice amount (₹)').pressSequentially('1-5e+0.0');
    await expect(entry.getByLabel('Invoice amount (₹)')).toHaveValue('1500');
    // The date comes from the calendar alone (spec) and reads en-IN, dd/mm/yyyy.
    const date = entry.getByRole('textbox', { name: 'Invoice date' });
    await date.pressSequentially('01012020');
    await expect(date).toHaveValue('');
    await entry.locator('input[type="date"]').fill(today);
    await expect(date).toHaveValue(today.split('-').reverse().join('/'));
    await expect(upload).toBeEnabled();
    await upload.setInputFiles({ name: 'invoice.txt', mimeType: 'text/plain', buffer: Buffer.from('not an invoice') });
    await expect(entry.getByRole('alert')).toHaveText('Please upload the invoice as a PDF, PNG or JPEG file.');
    await upload.setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 e2e'),
    });

    const created = page.getByRole('group', { name: `Invoice ${number}` });
    await expect(created).toContainText('Added');
    await expect(page.getByRole('status').filter({ hasText: `Invoice ${number} created successfully.` })).toBeVisible();
    await created.getByRole('checkbox', { name: `Click here to pay ${number}` }).check();
    await expect(created.getByRole('switch', { name: `Credit for ${number}` })).toHaveAttribute('aria-checked', 'true');

    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Please, select supplier bank account for open invoices.' }),
    ).toBeVisible();
    await page.getByLabel('Supplier bank account for open invoices').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Credit availed/ })).toBeVisible();
    await page.getByRole('button', { name: /Back to invoices/ }).click();
    await page.getByRole('tab', { name: 'Closed Invoices' }).click();
    await expect(page.getByRole('region', { name: 'Invoices' })).toContainText(number);
  });

  test('deleting a manual entry asks first', async ({ page }) => {
    await openPay(page, 'demo-open-limit');
    await page.getByRole('button', { name: '+ Add Invoice' }).click();
    const entry = page.getByRole('group', { name: 'New invoice' });
    await entry.getByLabel('Invoice No.').fill('KEEP-ME');
    await expectNoAxeViolations(page);
    await entry.getByRole('button', { name: 'Delete invoice' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete invoice' });
    await expect(confirm).toContainText('Are you sure, you want to delete invoice?');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(entry.getByLabel('Invoice No.')).toHaveValue('KEEP-ME');
    await entry.getByRole('button', { name: 'Delete invoice' }).click();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByRole('group', { name: 'New invoice' })).toHaveCount(0);
  });

  test('an overdue customer clears credit dues on the collections page, in a new tab', async ({ page, context }) => {
    await openPay(page, 'demo-overdue');
    await expect(page.getByText(/Your credit line has overdue dues of ₹42,500\.00/)).toBeVisible();
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Clear Credit Dues' }).click();
    const collections = await opened;
    await collections.waitForLoadState();
    const payload = JSON.parse(
      Buffer.from(new URL(collections.url()).searchParams.get('payload')!, 'base64').toString(),
    ) as { loan_id: string; loan_amount: number };
    expect(payload.loan_amount).toBe(42500);
    expect(payload.loan_id).toMatch(/^\d+$/);
    await expect(collections.getByRole('heading', { name: 'Clear credit dues' })).toBeVisible();
    await expect(collections.getByText('₹42,500.00')).toBeVisible();
  });

  test('an overdue customer is not steered into credit: ticking puts invoices on pay, credit is disabled and says why', async ({
    page,
  }) => {
    await openPay(page, 'demo-overdue');
    const first = rows(page).nth(0);
    await first.getByRole('checkbox').check();
    const credit = first.getByRole('switch', { name: /^Credit for/ });
    await expect(credit).toHaveAttribute('aria-checked', 'false');
    await expect(credit).toBeDisabled();
    await expect(first.getByRole('switch', { name: /^Pay for/ })).toHaveAttribute('aria-checked', 'true');
    await expect(credit).toHaveAccessibleDescription('Credit is paused until your overdue credit dues are cleared.');
    await expect(first.getByText('Credit is paused until your overdue credit dues are cleared.')).toBeVisible();
  });

  for (const theme of THEMES) {
    test(`the pay page has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await openPay(page, 'demo-closed-limit');
      await rows(page).nth(0).getByRole('checkbox').check();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('pay page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('moves through the cards, selects an invoice and opens the OTP entry for credit', async ({ page }) => {
    await page.goto(`${PAY}?token=demo-otp`);
    const carousel = page.getByRole('region', { name: 'Invoices' });
    await expect(carousel.getByRole('status')).toHaveText(/^Showing 1 of \d+$/);
    await expect(page.getByRole('table')).toHaveCount(0);
    const previous = page.getByRole('button', { name: 'Previous Invoice' });
    const next = page.getByRole('button', { name: 'Next Invoice' });
    await expect(previous).toBeDisabled();
    const box = await next.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await next.click();
    await expect(carousel.getByRole('status')).toHaveText(/^Showing 2 of \d+$/);
    await previous.click();
    await expect(carousel.getByRole('status')).toHaveText(/^Showing 1 of \d+$/);

    await carousel.getByRole('button', { name: /^Payment options for/ }).click();
    await carousel.getByRole('checkbox', { name: /^Click here to pay/ }).check();
    await expect(page.getByText('(1 : Invoice Selected)')).toBeVisible();
    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    await expect(page.getByRole('dialog', { name: 'Enter OTP' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const theme of THEMES) {
    test(`the card view has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await page.goto(`${PAY}?token=demo-closed-limit`);
      const carousel = page.getByRole('region', { name: 'Invoices' });
      await carousel.getByRole('button', { name: /^Payment options for/ }).click();
      await expect(carousel.getByRole('checkbox', { name: /^Click here to pay/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
