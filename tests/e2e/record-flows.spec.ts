import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import type { Recording } from '../../machines/recording';
import { MACHINES } from '../../machines/registry';
import { formatReplay, replayRecording } from '../../machines/replay';
import { api, devOutbox, devRequest, expect, logInReady, newPortalUser, test } from './fixtures';

/**
 * Records the main flows, which QA replays as regression tests, in the real app with `?inspect`, through
 * `window.__flowRecorder`, and checks each recording: it holds the flow's machines, none of the secrets typed or
 * issued (passwords, OTPs, tokens), and it replays on this build's machines to the states it recorded. With
 * RECORD_FLOWS=1 (`npm run flows:record`) each recording is written to tests/flows/<flow>.json, where
 * tests/flows/flows.test.ts replays it in the unit suite from then on.
 *
 * Each recording starts just before its flow and stops right after it; actors of other machines that happened
 * to run meanwhile (the dashboard's charts after a login) are left out, so a recording holds what the flow needs.
 */

const FLOWS_DIR = 'tests/flows';

/** What a flow's test checks and writes. */
interface Flow {
  /** tests/flows/<file>.json */
  file: string;
  title: string;
  /** The machines the recording must hold (and the only ones it keeps). */
  machines: string[];
}

const FLOWS = {
  login: { file: 'login-with-refresh', title: 'login with refresh', machines: ['session'] },
  profile: { file: 'profile-password-change', title: 'profile password change', machines: ['profile', 'form'] },
  upload: { file: 'invoice-csv-upload-with-errors', title: 'invoice CSV upload with errors', machines: ['csvUpload'] },
  wizard: { file: 'customer-master-wizard', title: 'customer-master wizard', machines: ['customerMasterWizard'] },
  credit: {
    file: 'pay-by-credit-with-otp',
    title: 'pay by credit with OTP',
    machines: ['paySelection', 'payCheckout'],
  },
  gateway: { file: 'pay-by-gateway', title: 'pay by gateway', machines: ['paySelection', 'payCheckout'] },
  reminder: { file: 'reminder-scheduling', title: 'reminder scheduling', machines: ['sendLinks', 'reminder'] },
  links: { file: 'send-payment-links', title: 'send payment links', machines: ['sendLinks'] },
} satisfies Record<string, Flow>;

// -------------------------------------------------------------------------------------------------
// Recording
// -------------------------------------------------------------------------------------------------

/** Opens `url` with the inspector on (its window opens too and is left alone) and waits for the recorder. */
async function openInspected(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.__flowRecorder !== undefined);
}

async function startRecording(page: Page, flow: Flow): Promise<void> {
  await page.evaluate((title) => window.__flowRecorder!.start(title), flow.title);
}

/** Stops the recording; keeps the flow's machines only (the others left out are noted on the test). */
async function stopRecording(page: Page, flow: Flow): Promise<Recording> {
  const recording = await page.evaluate(() => window.__flowRecorder!.stop());
  expect(recording, 'a recording').not.toBeNull();
  const others = recording!.actors
    .filter((actor) => !flow.machines.includes(actor.machine))
    .map((actor) => actor.machine);
  if (others.length > 0)
    test.info().annotations.push({ type: 'left out of the recording', description: others.join(', ') });
  return { ...recording!, actors: recording!.actors.filter((actor) => flow.machines.includes(actor.machine)) };
}

/**
 * The checks every recording passes: the flow's machines are in it, no secret is, and it replays cleanly here.
 * With RECORD_FLOWS=1 it is written to tests/flows/.
 */
async function checkRecording(recording: Recording, flow: Flow, secrets: string[], testInfo: TestInfo): Promise<void> {
  const text = JSON.stringify(recording, null, 2);
  await testInfo.attach(`${flow.file}.json`, { body: text, contentType: 'application/json' });
  expect(recording.title).toBe(flow.title);
  expect(new Set(recording.actors.map((a) => a.machine))).toEqual(new Set(flow.machines));
  for (const secret of secrets) {
    expect(secret.length, 'a secret to look for').toBeGreaterThan(3);
    expect(text.includes(secret), `the recording of ${flow.title} holds a secret`).toBe(false);
  }
  const result = replayRecording(JSON.parse(text) as Recording, MACHINES);
  await testInfo.attach(`${flow.file}.replay.txt`, { body: formatReplay(result), contentType: 'text/plain' });
  expect(result.problems, formatReplay(result)).toEqual([]);
  expect(result.steps.length).toBeGreaterThan(0);
  if (process.env.RECORD_FLOWS === '1') {
    mkdirSync(FLOWS_DIR, { recursive: true });
    writeFileSync(join(FLOWS_DIR, `${flow.file}.json`), `${text}\n`);
  }
}

/** The event types one machine of the recording received, in order. */
const eventsOf = (recording: Recording, machine: string): string[] =>
  recording.actors.filter((a) => a.machine === machine).flatMap((a) => a.steps.map((s) => s.event.type));

// -------------------------------------------------------------------------------------------------
// Helpers
// -------------------------------------------------------------------------------------------------

/** A unique stamp (letters and digits) per call. */
const stamp = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .padStart(3, '0')}`.toUpperCase();

/** A login of its own for a flow that changes a user or fails a login (a password unique to it). */
async function freshLogin(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const password = `Rec0rd#Flow-${stamp()}`;
  return { email: await newPortalUser(request, 'Flow', password), password };
}

/** Faults of the mock for this browser context's requests only (mock-server/faults.ts); cleared by the caller. */
async function scopedFaults(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  const scope = randomUUID();
  await context.addCookies([{ name: 'mock-fault-scope', value: scope, url: baseURL }]);
  return {
    add: async (spec: string) => {
      const answer = await devRequest(request, 'POST', '/__dev/faults', { spec, scope });
      expect(answer.status(), await answer.text()).toBe(201);
    },
    clear: async () => {
      expect((await devRequest(request, 'DELETE', `/__dev/faults?scope=${scope}`)).status()).toBe(200);
    },
  };
}

async function chooseFile(
  page: Page,
  dialog: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(file);
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

// -------------------------------------------------------------------------------------------------
// The flows
// -------------------------------------------------------------------------------------------------

test.describe('recorded flows', () => {
  test('login with refresh: a refused login, then one whose first request needs a token refresh', async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const flow = FLOWS.login;
    const { email, password } = await freshLogin(request);
    const faults = await scopedFaults(context, request, baseURL!);
    try {
      // The profile's first load answers 401 (token expired) once: the session refreshes and loads it again.
      await faults.add('GET /users/* status=401 times=1');
      await openInspected(page, '/login?inspect');
      await startRecording(page, flow);
      await page.getByLabel('Email ID').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass-123');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'ER-AUTH-101: Invalid email or password.' }),
      ).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByTestId('user-name')).toHaveText('Flow Recorder');
      const recording = await stopRecording(page, flow);

      expect(eventsOf(recording, 'session')).toEqual([
        'LOGIN',
        'xstate.error.actor.login',
        'LOGIN',
        'xstate.done.actor.login',
        'TOKEN_EXPIRED',
        'xstate.done.actor.refresh',
        'xstate.done.actor.loadUser',
      ]);
      const tokens = await page.evaluate(() => [
        localStorage.getItem('auth_token') ?? '',
        localStorage.getItem('refresh_token') ?? '',
      ]);
      await checkRecording(recording, flow, [password, 'Wrong#Pass-123', ...tokens], testInfo);
    } finally {
      await faults.clear();
    }
  });

  test('profile password change: a wrong current password, then the change', async ({ page, request }, testInfo) => {
    const flow = FLOWS.profile;
    const { email, password } = await freshLogin(request);
    await logInReady(page, email, { password });
    await openInspected(page, '/?inspect');
    await expect(page.getByTestId('user-name')).toBeVisible();
    const changed = `Chang3d#${stamp()}`;

    await startRecording(page, flow);
    await page.getByTestId('user-name').click();
    await page.getByRole('dialog', { name: 'My Profile' }).getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(dialog.getByText('Current Password is required')).toBeVisible();
    await dialog.getByLabel('Current Password', { exact: true }).fill('Wrong#Pass-123');
    await dialog.getByLabel('New Password', { exact: true }).fill(changed);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(changed);
    await dialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(dialog.getByText('The current password is not correct.', { exact: true })).toBeVisible();
    await dialog.getByLabel('Current Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.getByText('Password Changed Successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const recording = await stopRecording(page, flow);

    // Done closes the popup: the dialog closed by its owner tells the flow nothing more (no CLOSE after DONE).
    expect(eventsOf(recording, 'profile')).toEqual([
      'OPEN',
      'CHANGE_PASSWORD',
      'xstate.done.actor.passwordForm',
      'DONE',
    ]);
    expect(eventsOf(recording, 'form')).toEqual(
      expect.arrayContaining(['xstate.error.actor.submit', 'xstate.done.actor.submit']),
    );
    await checkRecording(recording, flow, [password, changed, 'Wrong#Pass-123'], testInfo);
  });

  test('invoice CSV upload with errors: a file that is not CSV, a refused header, then rows refused', async ({
    page,
  }, testInfo) => {
    const flow = FLOWS.upload;
    // Anchor 1551 has its own book (tests/e2e/invoices-stats.spec.ts): the accepted row is a year back, outside every figure.
    await logInReady(page, 'anchor1551@anchor.test');
    await openInspected(page, '/invoices?inspect');
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    const customers = await api<{ data: { attributes?: { customer_code: string; primary_user_email: string } }[] }>(
      page,
      '/distributor_companies?items=50',
    );
    const code = customers.data
      .map((r) => r.attributes!)
      .find((r) => /^[a-z]+\.\d+@example\.in$/.test(r.primary_user_email))!.customer_code;
    const prefix = `R${stamp().slice(-9)}`;
    const rows = [
      'invoice_number,customer_code,invoice_date,due_date,amount,erp_invoice_id',
      `${prefix}-1,${code},${isoDay(-400)},${isoDay(30)},1234.50,`,
      `${prefix}-2,NOPE${prefix},${isoDay(-10)},${isoDay(20)},500,`,
      `${prefix}-3,${code},${isoDay(-10)},${isoDay(20)},abc,`,
    ];

    await startRecording(page, flow);
    await page.getByRole('button', { name: 'Upload via CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Invoices via CSV' });
    await chooseFile(page, dialog, {
      name: 'invoices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK\u0003\u0004'),
    });
    await expect(dialog.getByRole('alert')).toContainText("'invoices.xlsx' is not a CSV file");
    await chooseFile(page, dialog, {
      name: 'wrong-header.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('number,customer\r\nX1,Y1\r\n'),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('heading', { name: 'Error' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText('The header row does not match the invoice template');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await chooseFile(page, dialog, {
      name: 'mixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${rows.join('\r\n')}\r\n`),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('status')).toHaveText('3 rows read: 1 accepted, 2 refused.');
    const recording = await stopRecording(page, flow);

    expect(eventsOf(recording, 'csvUpload')).toEqual(
      expect.arrayContaining(['SELECT_FILE', 'xstate.error.actor.upload', 'BACK', 'xstate.done.actor.upload']),
    );
    await checkRecording(recording, flow, [], testInfo);
  });

  test('customer-master wizard: a refused header, Back, then master, history and the credit evaluation', async ({
    page,
  }, testInfo) => {
    const flow = FLOWS.wizard;
    await logInReady(page, 't1@anchor.test');
    await openInspected(page, '/my-pipeline?inspect');
    await expect(page.getByRole('heading', { name: 'Credit Limit Eligibility', level: 1 })).toBeVisible();
    const id = stamp().slice(-10);
    const codes = [`FLW${id}A`, `FLW${id}B`];
    const master = [
      'customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile,city,state,pin_code',
      ...codes.map(
        (c, i) =>
          `${c},Flow Lead ${id} ${'AB'[i]},west,Owner ${c},${c.toLowerCase()}@example.in,98${String(Date.now() + i).slice(-8)},Pune,Maharashtra,411001`,
      ),
    ];
    const history = [
      'customer_code,invoice_number,invoice_date,due_date,amount,payment_date',
      ...codes.flatMap((c, ci) =>
        Array.from(
          { length: 6 },
          (_, i) =>
            `${c},H${id}${'AB'[ci]}${i},${isoDay(-60 - 30 * i)},${isoDay(-30 - 30 * i)},25000,${isoDay(-32 - 30 * i)}`,
        ),
      ),
    ];
    const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

    await startRecording(page, flow);
    await page.getByTestId('pipeline-upload-card').getByRole('button', { name: 'Customer Master' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customer Master' });
    await expect(dialog.getByRole('heading', { name: 'Upload Customer Master via CSV' })).toBeVisible();
    await chooseFile(page, dialog, {
      name: 'wrong-header.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('code,full_name,zone\r\nX1,Somebody,west\r\n'),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('ER-UPLOAD-HEADER');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await chooseFile(page, dialog, { name: 'master.csv', mimeType: 'text/csv', buffer: csv(master) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(
      dialog.getByRole('heading', { name: 'Upload Customer historical invoice data via CSV' }),
    ).toBeVisible();
    await chooseFile(page, dialog, { name: 'history.csv', mimeType: 'text/csv', buffer: csv(history) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Credit Evalution Service' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect(dialog.getByRole('heading', { name: 'Credit evaluation complete' })).toBeVisible();
    const recording = await stopRecording(page, flow);

    expect(eventsOf(recording, 'customerMasterWizard')).toEqual(
      expect.arrayContaining([
        'CHOOSE_FILE',
        'xstate.error.actor.upload',
        'BACK',
        'xstate.done.actor.upload',
        'COMPLETE',
        'xstate.done.actor.evaluate',
      ]),
    );
    await checkRecording(recording, flow, [], testInfo);
  });

  test('pay by credit with OTP: a wrong OTP, then the right one', async ({ page }, testInfo) => {
    const flow = FLOWS.credit;
    // demo-otp, as pay.spec.ts: this spec runs after the rest of the suite (playwright.config.ts), since a new
    // OTP cancels another test's unused one. The last row of the page: pay.spec.ts pays the first two.
    const token = 'demo-otp';
    await openInspected(page, `/pay-with-provider?token=${token}&inspect`);
    await expect(page.getByRole('tablist')).toBeVisible();
    const rows = page.getByRole('region', { name: /Invoices|Sales Orders/ }).locator('tbody tr');
    const row = rows.last();
    await expect(row).toBeVisible();

    await startRecording(page, flow);
    await row.getByRole('checkbox').check();
    await expect(row.getByRole('switch', { name: /^Credit for/ })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'AVAIL CREDIT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter OTP' });
    await expect(dialog).toBeVisible();
    await expect.poll(async () => (await devOutbox(page.request, { token })).length).toBeGreaterThan(0);
    const mail = (await devOutbox(page.request, { token })).find((m) => /OTP/i.test(m.subject));
    const otp = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
    expect(otp, 'an OTP in the dev outbox').toBeTruthy();
    const wrong = otp === '000000' ? '111111' : '000000';
    await dialog.getByLabel('OTP').fill(wrong);
    await expect(dialog.getByText(/ER-OTP-101/)).toBeVisible();
    await dialog.getByLabel('OTP').fill(otp!);
    await expect(page.getByRole('status').filter({ hasText: /Credit availed/ })).toBeVisible();
    const recording = await stopRecording(page, flow);

    // The OTP dialog closing once the OTP is verified sends CANCEL, which the draw under way ignores.
    expect(eventsOf(recording, 'payCheckout').filter((type) => type !== 'CANCEL')).toEqual([
      'AVAIL_CREDIT',
      'xstate.done.actor.sendOtp',
      'OTP_ENTERED',
      'xstate.error.actor.verifyOtp',
      'OTP_ENTERED',
      'xstate.done.actor.verifyOtp',
      'xstate.done.actor.availCredit',
    ]);
    await checkRecording(recording, flow, [token, otp!], testInfo);
  });

  test('pay by gateway: Pay without a mode, UPI, then the redirect to the gateway', async ({ page }, testInfo) => {
    test.setTimeout(45_000);
    const flow = FLOWS.gateway;
    const token = 'demo-closed-limit';
    await openInspected(page, `/pay-with-provider?token=${token}&inspect`);
    await expect(page.getByRole('tablist')).toBeVisible();
    // Row 4: tests/e2e/pay.spec.ts pays through the first three of this link.
    const row = page
      .getByRole('region', { name: /Invoices|Sales Orders/ })
      .locator('tbody tr')
      .nth(3);
    await expect(row).toBeVisible();
    // The gateway answers 204 No Content: the browser stays on the pay page (nothing is paid), with the app
    // there to hand over its recording after the redirect.
    const redirects: string[] = [];
    await page.route('**/fake-gateway/**', async (route) => {
      redirects.push(route.request().url());
      await route.fulfill({ status: 204 });
    });

    await startRecording(page, flow);
    await row.getByRole('checkbox').check();
    const paySwitch = row.getByRole('switch', { name: /^Pay for/ });
    if ((await paySwitch.getAttribute('aria-checked')) !== 'true') await paySwitch.click();
    await expect(paySwitch).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Please, select payment mode to make payment.' }),
    ).toBeVisible();
    await page.getByLabel('UPI').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Redirecting to the payment gateway' })).toBeVisible();
    // 8 s later the page leaves for the gateway.
    await expect.poll(() => redirects.length, { timeout: 15_000 }).toBe(1);
    const recording = await stopRecording(page, flow);

    expect(eventsOf(recording, 'payCheckout')).toEqual([
      'PAY',
      'xstate.done.actor.directPayment',
      'xstate.after.gatewayRedirect.payCheckout.redirecting',
    ]);
    expect(recording.actors.find((a) => a.machine === 'payCheckout')!.steps.at(-1)).toMatchObject({
      value: 'redirected',
      status: 'done',
    });
    await checkRecording(recording, flow, [token], testInfo);
  });
});

// -------------------------------------------------------------------------------------------------
// Payment links and reminders (the Send Payment Links modal)
// -------------------------------------------------------------------------------------------------

interface Customer {
  attributes: { id: number; name: string };
}

/**
 * A customer with open invoices whose name is unique (the modal finds them by name), and one of their
 * invoice numbers. tests/e2e/links.spec.ts takes customers 2, 3, 6, 7, 9 and 11 of this list: these flows
 * take others, so parallel tests never share one.
 */
async function customerWithDues(page: Page, index: number): Promise<{ name: string; invoice: string }> {
  const all = (
    await api<{ data: Customer[] }>(page, '/distributor_companies?filter[status]=open,partially_paid&items=100')
  ).data;
  const count = new Map<string, number>();
  for (const c of all) count.set(c.attributes.name, (count.get(c.attributes.name) ?? 0) + 1);
  const customer = all.filter((c) => count.get(c.attributes.name) === 1)[index]!;
  const invoices = await api<{ data: { attributes: { document_number: string } }[] }>(
    page,
    `/invoices?filter[status_in][]=open&filter[status_in][]=partially_paid&filter[distributor_company_id]=${customer.attributes.id}&items=100`,
  );
  return { name: customer.attributes.name, invoice: invoices.data[0]!.attributes.document_number };
}

async function openSendLinks(page: Page): Promise<Locator> {
  await logInReady(page, 't1@anchor.test');
  await openInspected(page, '/invoices?inspect');
  await page
    .getByRole('region', { name: 'Invoices Due', exact: true })
    .getByRole('button', { name: 'Send Payment Links' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Send Payment Links' });
  await expect(dialog.getByText(/Payment links sent over last 60 days/)).toBeVisible();
  return dialog;
}

async function chooseCustomer(dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('searchbox', { name: 'Search by Customer/Invoice' }).fill(name);
  const pick = dialog.getByRole('button', { name, exact: true });
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
}

test.describe('recorded flows: payment links and reminders', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('send payment links: refused without an invoice, then sent by e-mail', async ({ page }, testInfo) => {
    const flow = FLOWS.links;
    const dialog = await openSendLinks(page);
    const { name, invoice } = await customerWithDues(page, 13);

    await startRecording(page, flow);
    await chooseCustomer(dialog, name);
    await dialog.getByRole('button', { name: 'Send Link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'ERROR: Please, select invoice and alert mode.' }),
    ).toBeVisible();
    await dialog.getByRole('checkbox', { name: `Select invoice ${invoice}` }).check();
    await dialog.getByRole('group', { name: 'Notify by' }).getByRole('checkbox', { name: 'Email' }).check();
    await dialog.getByRole('button', { name: 'Send Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment links sent successfully.' })).toBeVisible();
    await expect(dialog.getByText('Invoice selected : 0')).toBeVisible();
    const recording = await stopRecording(page, flow);

    expect(eventsOf(recording, 'sendLinks')).toEqual(
      expect.arrayContaining([
        'SELECT_CUSTOMER',
        'SEND',
        'TOGGLE_INVOICE',
        'TOGGLE_CHANNEL',
        'xstate.done.actor.sendLinks',
      ]),
    );
    await checkRecording(recording, flow, [], testInfo);
  });

  test('reminder scheduling: refused twice, then a custom reminder saved', async ({ page }, testInfo) => {
    const flow = FLOWS.reminder;
    const dialog = await openSendLinks(page);
    const { name, invoice } = await customerWithDues(page, 15);

    await startRecording(page, flow);
    await chooseCustomer(dialog, name);
    await dialog.getByRole('checkbox', { name: `Select invoice ${invoice}` }).check();
    const reminder = dialog.getByRole('region', { name: 'Reminder for the selected invoices' });
    await reminder.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'ERROR: Please, select invoice, alert mode and schedule type.' }),
    ).toBeVisible();
    await reminder.getByRole('group', { name: 'Remind by' }).getByRole('checkbox', { name: 'WhatsApp' }).check();
    await reminder.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'ERROR: Please, select alert mode.' })).toBeVisible();
    await reminder.getByRole('radio', { name: 'Custom' }).check();
    await reminder.getByLabel('Time').selectOption('09.00');
    await reminder.getByRole('checkbox', { name: 'Mon' }).check();
    await reminder.getByRole('checkbox', { name: 'Thu' }).check();
    await reminder.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reminder scheduled successfully.' })).toBeVisible();
    const recording = await stopRecording(page, flow);

    expect(eventsOf(recording, 'reminder')).toEqual(
      expect.arrayContaining([
        'SET_INVOICES',
        'TOGGLE_CHANNEL',
        'SAVE',
        'SET_TYPE',
        'SET_TIME',
        'TOGGLE_DAY',
        'xstate.done.actor.saveReminder',
      ]),
    );
    await checkRecording(recording, flow, [], testInfo);
  });
});
