import type { Page } from '@playwright/test';
import {
  api,
  devOutbox,
  devRequest,
  expect,
  expectNoAxeViolations,
  expectToastOnTop,
  logInReady,
  test,
  THEMES,
  useTheme,
  type OutboxMail,
} from './fixtures';

interface Customer {
  id: string;
  attributes: { id: number; name: string; primary_user_email: string; primary_user_mobile: string };
}
interface InvoiceItem {
  id: string;
  attributes: { id: number; document_number: string };
}

/**
 * Customers with dues and a name no other customer has (the modal finds them by name), alphabetically;
 * each test takes its own so parallel tests never share one.
 */
async function customersWithDues(page: Page): Promise<Customer[]> {
  const all = (
    await api<{ data: Customer[] }>(page, '/distributor_companies?filter[status]=open,partially_paid&items=100')
  ).data;
  const count = new Map<string, number>();
  for (const c of all) count.set(c.attributes.name, (count.get(c.attributes.name) ?? 0) + 1);
  return all.filter((c) => count.get(c.attributes.name) === 1);
}
async function openInvoicesOf(page: Page, customerId: number): Promise<InvoiceItem[]> {
  return (
    await api<{ data: InvoiceItem[] }>(
      page,
      `/invoices?filter[status_in][]=open&filter[status_in][]=partially_paid&filter[distributor_company_id]=${customerId}&items=100`,
    )
  ).data;
}
async function outbox(page: Page, to: string): Promise<OutboxMail[]> {
  return devOutbox(page.request, { to });
}

async function openSendLinks(page: Page, email = 't1@anchor.test') {
  await logInReady(page, email, { path: '/invoices' });
  await page
    .getByRole('region', { name: 'Invoices Due', exact: true })
    .getByRole('button', { name: 'Send Payment Links' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Send Payment Links' });
  await expect(dialog.getByText(/Payment links sent over last 60 days/)).toBeVisible();
  return dialog;
}

/** Finds a customer in the modal's list by name and shows their invoices. */
async function chooseCustomer(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Send Payment Links' });
  await dialog.getByRole('searchbox', { name: 'Search by Customer/Invoice' }).fill(name);
  const pick = dialog.getByRole('button', { name, exact: true });
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  return dialog;
}

test.describe('payment links and reminders', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a link sent by invoice reaches the outbox, shows in the generated links, and turns Paid once paid on the pay page', async ({
    page,
  }) => {
    const dialog = await openSendLinks(page);
    const customer = (await customersWithDues(page))[3]!;
    const invoice = (await openInvoicesOf(page, customer.attributes.id))[0]!;
    await chooseCustomer(page, customer.attributes.name);
    await expect(dialog.getByText(customer.attributes.primary_user_email)).toBeVisible();
    // The spec's messages, in turn.
    await dialog.getByRole('button', { name: 'Send Link' }).click();
    await expectToastOnTop(page, 'ERROR: Please, select invoice and alert mode.');
    await dialog.getByRole('checkbox', { name: `Select invoice ${invoice.attributes.document_number}` }).check();
    await expect(dialog.getByText('Invoice selected : 1')).toBeVisible();
    await dialog.getByRole('group', { name: 'Notify by' }).getByRole('checkbox', { name: 'Email' }).check();
    await dialog.getByRole('button', { name: 'Send Link' }).click();
    await expectToastOnTop(page, 'Payment links sent successfully.');
    await expect(dialog.getByText('Invoice selected : 0')).toBeVisible();

    const mail = (await outbox(page, customer.attributes.primary_user_email)).find(
      (m) => m.channel === 'email' && m.body.includes(invoice.attributes.document_number),
    )!;
    expect(mail.link).toBeTruthy();
    await page.keyboard.press('Escape');

    // The generated-links table lists it as Pending.
    await page.getByTestId('create-links-card').getByRole('button', { name: 'Create Payment Links' }).click();
    const create = page.getByRole('dialog', { name: 'Create Payment Links' });
    await create.getByRole('searchbox', { name: 'Search generated links' }).fill(invoice.attributes.document_number);
    const row = create
      .getByRole('region', { name: 'Generated links' })
      .locator('tbody tr')
      .filter({ hasText: invoice.attributes.document_number })
      .first();
    await expect(row).toContainText('Pending');

    // The customer opens the link: the pay page shows that invoice; paid through the gateway, the link is Paid.
    const link = new URL(mail.link!);
    await page.goto(`${link.pathname}${link.search}`);
    const payRow = page
      .getByRole('region', { name: /Invoices/ })
      .locator('tbody tr')
      .filter({ hasText: invoice.attributes.document_number });
    await expect(payRow).toBeVisible();
    await payRow.getByRole('checkbox').check();
    const paySwitch = payRow.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/fake-gateway\//, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/success=true/);

    await page.goto('/invoices?links.f.open=1');
    const again = page.getByRole('dialog', { name: 'Create Payment Links' });
    await again.getByRole('searchbox', { name: 'Search generated links' }).fill(invoice.attributes.document_number);
    await expect(
      again
        .getByRole('region', { name: 'Generated links' })
        .locator('tbody tr')
        .filter({ hasText: invoice.attributes.document_number })
        .first(),
    ).toContainText('Paid');
  });

  test('ticked customers are sent in bulk, by customer, with the invoice list disabled meanwhile', async ({ page }) => {
    const dialog = await openSendLinks(page);
    const [a, b] = (await customersWithDues(page)).slice(6, 8);
    await chooseCustomer(page, a!.attributes.name);
    await dialog.getByRole('checkbox', { name: `Send to ${a!.attributes.name} (bulk)` }).check();
    await dialog.getByRole('searchbox', { name: 'Search by Customer/Invoice' }).fill(b!.attributes.name);
    await dialog.getByRole('checkbox', { name: `Send to ${b!.attributes.name} (bulk)` }).check();
    await expect(dialog.getByText('Customer selected : 2')).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'Search By Invoice No.' })).toBeDisabled();
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/payments/send_payment_links') && r.status() === 201,
    );
    await dialog.getByRole('group', { name: 'Notify by' }).getByRole('checkbox', { name: 'SMS' }).check();
    await dialog.getByRole('button', { name: 'Send Link' }).click();
    const body = (await (await sent).request().postDataJSON()) as { payment_links: unknown };
    expect(body.payment_links).toEqual({
      distributor_company_ids: [a!.attributes.id, b!.attributes.id],
      mode_of_communication: ['sms'],
    });
    await expect(dialog.getByText('Invoice selected : 0')).toBeVisible();
    for (const customer of [a!, b!])
      expect(
        (await outbox(page, customer.attributes.primary_user_mobile)).some((m) => m.channel === 'sms' && m.link),
      ).toBe(true);
  });

  test('choosing another customer clears what was typed in the invoice search, the ticks and Select all', async ({
    page,
  }) => {
    const dialog = await openSendLinks(page);
    const [a, b] = (await customersWithDues(page)).slice(13, 15);
    await chooseCustomer(page, a!.attributes.name);
    const invoiceSearch = dialog.getByRole('searchbox', { name: 'Search By Invoice No.' });
    await invoiceSearch.fill('I'); // too short to be sent: it is only in the box
    await chooseCustomer(page, b!.attributes.name);
    await expect(invoiceSearch).toHaveValue('');

    const invoice = (await openInvoicesOf(page, b!.attributes.id))[0]!;
    await invoiceSearch.fill(invoice.attributes.document_number);
    const tick = dialog.getByRole('checkbox', { name: `Select invoice ${invoice.attributes.document_number}` });
    await tick.check();
    await expect(dialog.getByText('Invoice selected : 1')).toBeVisible();
    await chooseCustomer(page, a!.attributes.name);
    await expect(invoiceSearch).toHaveValue('');
    await expect(dialog.getByText('Invoice selected : 0')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Select all Invoice' })).not.toBeChecked();
  });

  test('a custom reminder is saved and delivered when the mock’s clock passes its time', async ({ page }) => {
    const dialog = await openSendLinks(page);
    const customer = (await customersWithDues(page))[9]!;
    const invoice = (await openInvoicesOf(page, customer.attributes.id))[0]!;
    await chooseCustomer(page, customer.attributes.name);
    await dialog.getByRole('checkbox', { name: `Select invoice ${invoice.attributes.document_number}` }).check();
    const reminder = dialog.getByRole('region', { name: 'Reminder for the selected invoices' });
    await reminder.getByRole('button', { name: 'Save' }).click();
    await expectToastOnTop(page, 'ERROR: Please, select invoice, alert mode and schedule type.');
    await reminder.getByRole('group', { name: 'Remind by' }).getByRole('checkbox', { name: 'WhatsApp' }).check();
    await reminder.getByRole('button', { name: 'Save' }).click();
    await expectToastOnTop(page, 'ERROR: Please, select alert mode.');
    await reminder.getByRole('radio', { name: 'Custom' }).check();
    await reminder.getByLabel('Time').selectOption('09.00');
    await reminder.getByRole('checkbox', { name: 'Mon' }).check();
    await reminder.getByRole('checkbox', { name: 'Thu' }).check();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/schedule_reminders') && r.request().method() === 'POST',
    );
    await reminder.getByRole('button', { name: 'Save' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({
      schedule_reminder: {
        time: '09.00',
        type: 'CUSTOM_DAYS',
        days: '1001000',
        invoice_ids: [invoice.attributes.id],
        category_type: 'clear_dues_for_invoice',
        modes: ['whatsapp'],
      },
    });
    await expectToastOnTop(page, 'Reminder scheduled successfully.');
    const { data } = (await answer.json()) as { data: { attributes?: { next_run_at: string }; next_run_at?: string } };
    const nextRun = data.attributes?.next_run_at ?? data.next_run_at!;

    // Nothing yet; then the mock delivers it as of a minute after its time.
    const before = (await outbox(page, customer.attributes.primary_user_mobile)).length;
    const run = await devRequest(page.request, 'POST', '/__dev/reminders/run', {
      at: new Date(Date.parse(nextRun) + 60_000).toISOString(),
    });
    expect(((await run.json()) as { sent: number }).sent).toBeGreaterThan(0);
    const mails = await outbox(page, customer.attributes.primary_user_mobile);
    expect(mails.length).toBeGreaterThan(before);
    expect(mails[0]).toMatchObject({ channel: 'whatsapp' });
    expect(mails[0]!.body).toContain('Please clear your dues');
  });

  test('a blocked channel stays off and warns with the code Warning', async ({ page }) => {
    const dialog = await openSendLinks(page, 'anchor1551@anchor.test');
    const sms = dialog.getByRole('group', { name: 'Notify by' }).getByRole('checkbox', { name: 'SMS' });
    await expect(sms).toHaveAttribute('aria-disabled', 'true');
    // Playwright will not click what is marked disabled; a user can, and must be told why nothing happens.
    await sms.click({ force: true });
    await expectToastOnTop(page, 'Warning: Please contact your admin to unblock the SMS service.');
    await expect(sms).not.toBeChecked();
  });

  test('no way of sending a payment link is shown to a user without the permission', async ({ page }) => {
    await logInReady(page, 'qa.profile@anchor.test', { path: '/invoices' });
    const due = page.getByRole('region', { name: 'Invoices Due', exact: true });
    await expect(due.getByRole('button', { name: 'Expand' })).toBeVisible();
    await expect(due.getByRole('button', { name: 'Send Payment Links' })).toHaveCount(0);
    await expect(page.getByTestId('create-links-card')).toHaveCount(0);
    await due.getByRole('button', { name: 'Expand' }).click();
    const detailed = page.getByRole('dialog', { name: 'Detailed Invoice table' });
    await expect(detailed.locator('tbody tr').first()).toBeVisible();
    await expect(detailed.getByRole('button', { name: /Set a reminder/ })).toHaveCount(0);
  });

  test('Create Payment Links: its lookup fills the customer read-only, and Send Link sends it', async ({ page }) => {
    await logInReady(page, 't1@anchor.test', { path: '/invoices' });
    const customer = (await customersWithDues(page))[11]!;
    const invoice = (await openInvoicesOf(page, customer.attributes.id))[0]!;
    await page.getByTestId('create-links-card').getByRole('button', { name: 'Create Payment Links' }).click();
    const create = page.getByRole('dialog', { name: 'Create Payment Links' });
    await create.getByRole('button', { name: 'Send Link' }).click();
    await expectToastOnTop(page, 'ERROR: Please, select invoice and alert mode.');
    await create.getByLabel('Invoice No.', { exact: true }).fill(invoice.attributes.document_number);
    await expect(create.getByLabel('Customer', { exact: true })).toHaveValue(customer.attributes.name);
    await expect(create.getByLabel('Customer', { exact: true })).toHaveAttribute('readonly', '');
    await create.getByRole('group', { name: 'Notify by' }).getByRole('checkbox', { name: 'WhatsApp' }).check();
    await create.getByRole('button', { name: 'Send Link' }).click();
    await expectToastOnTop(page, 'Payment link sent successfully.');
    await expect(create.getByLabel('Invoice No.', { exact: true })).toHaveValue('');
  });

  for (const theme of THEMES) {
    test(`the link and reminder modals have no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      const dialog = await openSendLinks(page);
      const customer = (await customersWithDues(page))[2]!;
      await chooseCustomer(page, customer.attributes.name);
      await dialog
        .getByRole('region', { name: 'Reminder for the selected invoices' })
        .getByRole('radio', { name: 'Once' })
        .check();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('create-links-card').getByRole('button', { name: 'Create Payment Links' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Create Payment Links' }).locator('tbody tr').first(),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await page
        .getByRole('region', { name: 'Invoices Due', exact: true })
        .getByRole('button', { name: 'Expand' })
        .click();
      const detailed = page.getByRole('dialog', { name: 'Detailed Invoice table' });
      await detailed.locator('tbody tr').first().getByRole('checkbox').check();
      await detailed.getByRole('button', { name: /Set a reminder/ }).click();
      await expect(detailed.getByRole('region', { name: 'Reminder for the ticked invoices' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
