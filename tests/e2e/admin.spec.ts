import { randomUUID } from 'node:crypto';
import type { Locator, Page, Request } from '@playwright/test';
import {
  SETTING_NAMES,
  SETTING_TEXTS,
  SETTING_UNDO_MS,
  settingEffect,
  settingLabel,
  type SettingName,
} from '../../src/domain/admin';
import {
  api,
  devRequest,
  expect,
  expectNoAxeViolations,
  expectToastOnTop,
  logInReady,
  test,
  THEMES,
  useTheme,
} from './fixtures';

/**
 * The admin page (spec 2 §2.7, §4-§6, §8): the sections in the spec's order; Add New User with the spec's
 * messages, the success screen and the user in Existing Users; Delete with its confirmation; a user's
 * newsletter toggle kept over a reload; Add Bank Account through the IFSC lookup; the Configuration's
 * switches and select, each change sent alone and its updater shown; anchor 1551 (not system generated)
 * and a user without manage_anchor; axe with each modal open, both themes; a 390 px phone. Users and bank
 * accounts added here are unique per run; a setting changed is changed back.
 */

const LOGIN = 't1@anchor.test';
/** Meera Nair: anchor 1, manage_anchor; the seed names Asha Verma (t1) as the configuration's last updater. */
const SETTINGS_LOGIN = 't1t2@anchor.test';
const SETTINGS_LOGIN_NAME = 'Meera Nair';
const NOT_SYSTEM_LOGIN = 'anchor1551@anchor.test';
const NO_MANAGE_LOGIN = 'qa.profile@anchor.test';
const NOT_SYSTEM_REASON = 'Only for system-generated anchors';
/**
 * Settings nothing else in the mock reads (the pay page and the links read the others), one per test that
 * changes it, as the tests run in parallel on one mock: consent and the drawdown status here; the plain ones
 * of the Configuration changes below.
 */
const SWITCHED = 'customer_consent';
const DROPDOWN = 'default_drawdown_status';

interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  news_letter: boolean;
  send_email: boolean;
  is_system_generated: boolean;
}
interface SettingDefinition {
  type: 'boolean' | 'dropdown';
  default: boolean | string;
  options?: string[];
  description?: string;
}
interface SettingsAnswer {
  data: { id: string; attributes: { settings: Record<string, SettingDefinition> } };
  meta: { is_system_generated: boolean; setting_updated_by: string | null };
}
interface BankAccountRow {
  account_name: string;
  account_number: string;
  ifsc: string;
  bank_name: string;
  branch_name: string;
}

/** A unique stamp per call, for e-mail addresses, names and account numbers. */
const uniqueStamp = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .padStart(3, '0')}`;
/** 14 digits, unique per call. */
const uniqueAccountNumber = () => `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-14).padStart(14, '9');

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const section = (page: Page, title: string) =>
  page
    .getByRole('region', { name: title, exact: true })
    .filter({ has: page.getByRole('heading', { name: title, exact: true, level: 2 }) });
const users = (page: Page) => section(page, 'Existing Users');
const bankAccounts = (page: Page) => section(page, 'Anchor Bank Accounts');
const configuration = (page: Page) => section(page, 'Configuration');
const rowsOf = (scope: Locator) => scope.locator('tbody tr').filter({ has: scope.page().locator('td:nth-child(2)') });
const settled = (scope: Locator) =>
  expect(scope.locator('[role="region"][aria-busy]')).toHaveAttribute('aria-busy', 'false');
const headersOf = async (scope: Locator) => (await scope.locator('thead th').allInnerTexts()).map((h) => h.trim());
/** A configuration row's parameter as shown (the cell's own text, before its info button). */
const parameterName = (row: Locator) =>
  row
    .locator('td')
    .first()
    .evaluate((td) => td.firstChild?.textContent ?? '');
const userRow = (page: Page, email: string) =>
  rowsOf(users(page)).filter({ has: page.getByRole('cell', { name: email, exact: true }) });
const isApi = (request: Request, method: string, path: RegExp) =>
  request.method() === method && path.test(new URL(request.url()).pathname);

const usersAnswer = (page: Page) =>
  api<{ data: { attributes: AdminUserRow }[] }>(page, '/users?items=100').then((a) => a.data.map((r) => r.attributes));
const settingsAnswer = (page: Page, anchorId = '1') => api<SettingsAnswer>(page, `/anchor_settings/${anchorId}`);

async function openAdmin(page: Page, email = LOGIN) {
  await logInReady(page, email, { path: '/admin' });
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await settled(users(page));
  await expect(rowsOf(users(page)).first()).toBeVisible();
  await settled(bankAccounts(page));
}

/** POST /users through the app's proxy with the page's session: a user to toggle or delete. */
async function addUserByApi(page: Page, stamp: string): Promise<AdminUserRow> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.post('/api/users', {
    headers: { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' },
    data: {
      user: {
        first_name: 'Toggle',
        last_name: `Tester ${stamp}`,
        email: `e2e.toggle.${stamp}@example.in`,
        phone_number: '9876543210',
        designation: 'portal_user',
        role_id: '5',
      },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { attributes: AdminUserRow } }).data.attributes;
}

async function deleteUserByApi(page: Page, id: number) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await page.request.delete(`/api/users/${id}`, {
    headers: { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' },
  });
}

/** PUT /anchor_settings/1/settings through the proxy: puts a setting back after a test changed it. */
async function putSetting(page: Page, name: string, value: boolean | string) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.put('/api/anchor_settings/1/settings', {
    headers: { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' },
    data: { anchor_setting: { [name]: value }, anchor_id: '1' },
  });
  expect(response.status()).toBe(200);
}

async function openAddUser(page: Page) {
  await users(page).getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openAddBank(page: Page) {
  await bankAccounts(page).getByRole('button', { name: 'Add Bank Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bank Account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The message under a field: shown verbatim and read as the field's description. */
async function expectFieldError(dialog: Locator, label: string, message: string) {
  const field = dialog.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(dialog.getByText(message, { exact: true }).filter({ visible: true })).not.toHaveCount(0);
}

test.describe('admin page', () => {
  test('shows its sections in the spec’s order, Configuration last; the users and bank accounts are the provider’s', async ({
    page,
  }) => {
    await openAdmin(page);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Existing Users',
      'Anchor Bank Accounts',
      'Customers Details',
      'Virtual Accounts',
      'Collection modes',
      'Manage User access (preview)',
      'Reminder & Notification Templates (preview)',
      'Configuration',
    ]);
    expect(await headersOf(users(page))).toEqual([
      'Name',
      'Email',
      'Designation',
      'Virtual ID',
      'Newsletter',
      'Send Email',
      'Action',
    ]);
    expect(await headersOf(section(page, 'Customers Details'))).toEqual([
      'Customer Name',
      'Customer id',
      'Work Email',
      'Address',
      'Phone Number',
      'UPI ID',
    ]);
    await expect(section(page, 'Customers Details').getByRole('searchbox')).toHaveAttribute(
      'placeholder',
      'Customer Name ,Customer Id ',
    );

    // Every user shown is the provider's; Delete only for users who are not system generated (spec 2 §6).
    const known = new Map((await usersAnswer(page)).map((u) => [u.email, u]));
    const emails = (await rowsOf(users(page)).locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
    expect(emails.length).toBeGreaterThan(0);
    let systemRows = 0;
    for (const email of emails) {
      const user = known.get(email);
      // Users that tests add (and delete) alongside this one come and go: only the seeded ones are compared.
      if (!user || email.startsWith('e2e.')) continue;
      const row = userRow(page, email);
      await expect(row.locator('td').first()).toHaveText(user.name);
      await expect(row.getByRole('switch', { name: `Newsletter for ${user.name}` })).toHaveAttribute(
        'aria-checked',
        String(user.news_letter),
      );
      await expect(row.getByRole('switch', { name: `Send email for ${user.name}` })).toHaveAttribute(
        'aria-checked',
        String(user.send_email),
      );
      if (user.is_system_generated) {
        systemRows += 1;
        await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
        await expect(row.locator('td').last()).toHaveText('-');
      } else {
        await expect(row.getByRole('button', { name: `Delete ${user.name}` })).toBeEnabled();
      }
    }
    expect(systemRows, 'system-generated users on page 1').toBeGreaterThan(0);

    const accounts = (await api<{ data: { attributes: BankAccountRow }[] }>(page, '/anchor_account_details')).data.map(
      (r) => r.attributes,
    );
    const shownNumbers = (await rowsOf(bankAccounts(page)).locator('td:nth-child(2)').allInnerTexts()).map((t) =>
      t.trim(),
    );
    expect(shownNumbers.length).toBeGreaterThan(0);
    for (const number of shownNumbers.filter((n) => accounts.some((a) => a.account_number === n))) {
      const account = accounts.find((a) => a.account_number === number)!;
      const row = rowsOf(bankAccounts(page)).filter({ hasText: number });
      await expect(row).toContainText(account.account_name);
      await expect(row).toContainText(account.ifsc);
      await expect(row).toContainText(account.bank_name);
    }
  });

  test('Add New User: an invalid submit shows the spec’s messages; a valid one the success screen; the user is listed; Delete asks first', async ({
    page,
  }) => {
    await openAdmin(page);
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (isApi(r, 'POST', /^\/api\/users$/)) posts.push(r);
    });
    const dialog = await openAddUser(page);
    await expect(dialog.getByRole('group', { name: 'All Access' })).toBeVisible();
    for (const area of ['Dashboard', 'Invoices', 'Lending', 'My Pipeline']) {
      await expect(dialog.getByRole('checkbox', { name: area })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name: area })).toBeDisabled();
    }
    await expect(dialog.getByLabel('Designation')).toHaveValue('portal_user');

    // Empty: every required field says so; focus goes to the first.
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expectFieldError(dialog, 'First name', 'Must be more then one character');
    await expectFieldError(dialog, 'Last name', 'Must be more then one character');
    await expectFieldError(dialog, 'Email', 'Email is required');
    await expectFieldError(dialog, 'Phone number', 'Mobile number is Required');
    await expect(dialog.getByLabel('First name')).toBeFocused();

    // Too short, not an e-mail, not a phone number.
    await dialog.getByLabel('First name').fill('A');
    await dialog.getByLabel('Last name').fill('B');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Phone number').fill('12345');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expectFieldError(dialog, 'First name', 'Must be more then one character');
    await expectFieldError(dialog, 'Last name', 'Must be more then one character');
    await expectFieldError(dialog, 'Email', 'Must be a valid email');
    await expectFieldError(dialog, 'Phone number', 'Mobile number is not valid');
    expect(posts).toHaveLength(0);

    const stamp = uniqueStamp();
    const first = 'Esha';
    const last = `Tester ${stamp}`;
    const name = `${first} ${last}`;
    const email = `e2e.user.${stamp}@example.in`;
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill(last);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone number').fill('+91 9876543210');
    await expect(dialog.getByText('Must be a valid email')).toHaveCount(0);
    const created = page.waitForResponse((r) => isApi(r.request(), 'POST', /^\/api\/users$/));
    await dialog.getByRole('button', { name: 'Add User' }).click();
    expect((await created).status()).toBe(201);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.postDataJSON()).toEqual({
      user: {
        email,
        first_name: first,
        last_name: last,
        phone_number: '+91 9876543210',
        designation: 'portal_user',
        role_id: '5',
      },
    });

    await expect(dialog.getByRole('heading', { name: 'User Added Successfully!' })).toBeFocused();
    await expect(dialog.getByText(name, { exact: true })).toBeVisible();
    await expect(dialog.getByText('with All access.', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    // Newest first: the new user is on page 1, not system generated, so it may be deleted.
    const row = userRow(page, email);
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').first()).toHaveText(name);
    await expect(row).toContainText('Portal User');
    const added = (await usersAnswer(page)).find((u) => u.email === email)!;
    expect(added).toMatchObject({ name, is_system_generated: false });

    // Delete: Cancel keeps the user and sends nothing.
    const deletes: Request[] = [];
    page.on('request', (r) => {
      if (isApi(r, 'DELETE', /^\/api\/users\/\d+$/)) deletes.push(r);
    });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText(`Are you sure, you want to delete ${name}?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(1);
    expect(deletes).toHaveLength(0);

    // Ok deletes, says so, and the list no longer has the user.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(confirm).toContainText(`Are you sure, you want to delete ${name}?`);
    const deleted = page.waitForResponse((r) => isApi(r.request(), 'DELETE', new RegExp(`^/api/users/${added.id}$`)));
    await confirm.getByRole('button', { name: 'Ok' }).click();
    expect((await deleted).status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Succesfully deleted.' })).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect(deletes).toHaveLength(1);
    expect((await usersAnswer(page)).some((u) => u.email === email)).toBe(false);
  });

  test('a user’s newsletter toggle is sent as user[news_letter] and is still on after a reload', async ({ page }) => {
    await openAdmin(page);
    const user = await addUserByApi(page, uniqueStamp());
    try {
      await page.reload();
      await settled(users(page));
      const toggle = userRow(page, user.email).getByRole('switch', { name: `Newsletter for ${user.name}` });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      const sent = page.waitForRequest((r) => isApi(r, 'PUT', new RegExp(`^/api/users/${user.id}$`)));
      await toggle.click();
      const body = (await sent).postData() ?? '';
      expect(body).toContain('name="user[news_letter]"');
      expect(body).toMatch(/name="user\[news_letter\]"\r\n\r\ntrue\r\n/);
      expect(body).not.toContain('send_email');
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      expect((await usersAnswer(page)).find((u) => u.id === user.id)).toMatchObject({
        news_letter: true,
        send_email: false,
      });

      await page.reload();
      await settled(users(page));
      await expect(
        userRow(page, user.email).getByRole('switch', { name: `Newsletter for ${user.name}` }),
      ).toHaveAttribute('aria-checked', 'true');
      await expect(
        userRow(page, user.email).getByRole('switch', { name: `Send email for ${user.name}` }),
      ).toHaveAttribute('aria-checked', 'false');
    } finally {
      await deleteUserByApi(page, user.id);
    }
  });

  test('Add Bank Account: the IFSC lookup fills and locks the bank and branch; another code unlocks them; a bad code is refused; the account is listed', async ({
    page,
  }) => {
    await openAdmin(page);
    const dialog = await openAddBank(page);
    const ifsc = dialog.getByLabel('IFSC', { exact: true });
    const bank = dialog.getByLabel('Bank name');
    const branch = dialog.getByLabel('Branch name');
    const lookup = (code: string) =>
      page.waitForResponse(
        (r) => r.url().includes('/api/bank_details_by_ifsc?') && new URL(r.url()).searchParams.get('ifsc') === code,
      );

    // A known IFSC (typed in lower case: the mask makes it upper case).
    let answer = lookup('SBIN0000001');
    await ifsc.pressSequentially('sbin0000001');
    expect((await answer).status()).toBe(200);
    await expect(ifsc).toHaveValue('SBIN0000001');
    await expect(bank).toHaveValue('State Bank of India');
    await expect(branch).toHaveValue('KOLKATA MAIN');
    for (const field of [bank, branch]) {
      await expect(field).toHaveAttribute('readonly', '');
      await expect(field).toHaveAccessibleDescription('Filled from the IFSC');
    }
    await bank.press('End');
    await bank.pressSequentially('X');
    await expect(bank).toHaveValue('State Bank of India');

    // Changing the IFSC clears and unlocks them.
    await ifsc.press('End');
    await ifsc.press('Backspace');
    await expect(ifsc).toHaveValue('SBIN000000');
    await expect(bank).toHaveValue('');
    await expect(branch).toHaveValue('');
    await expect(bank).not.toHaveAttribute('readonly');
    await expect(branch).not.toHaveAttribute('readonly');

    // An unknown IFSC: the lookup fails, the names stay editable, nothing is said.
    await ifsc.fill('');
    answer = lookup('ABCD0123456');
    await ifsc.pressSequentially('ABCD0123456');
    expect((await answer).status()).toBe(404);
    await expect(dialog.getByRole('status')).toHaveText(/^\s*$/);
    await expect(bank).not.toHaveAttribute('readonly');
    await expect(branch).not.toHaveAttribute('readonly');
    await expect(bank).toHaveValue('');
    await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /ER-|not found|No branch/i })).toHaveCount(0);
    await bank.fill('Typed Bank');
    await expect(bank).toHaveValue('Typed Bank');

    // A malformed IFSC (10 characters) is refused on submit with the spec's message, and nothing is sent.
    const posts: Request[] = [];
    page.on('request', (r) => {
      if (isApi(r, 'POST', /^\/api\/anchor_account_details$/)) posts.push(r);
    });
    const stamp = uniqueStamp();
    const accountName = `E2E Receipts ${stamp}`;
    const accountNumber = uniqueAccountNumber();
    await dialog.getByLabel('Account name').fill(accountName);
    await dialog.getByLabel('Account number').fill(accountNumber);
    await dialog.getByLabel('Account type').selectOption('CA');
    await dialog.getByLabel('Region').selectOption('east');
    await branch.fill('Typed Branch');
    await ifsc.fill('SBIN000001');
    await dialog.getByRole('button', { name: 'Add Bank Account' }).click();
    await expectFieldError(dialog, 'IFSC', 'Invalid Ifsc code.');
    await expect(ifsc).toBeFocused();
    expect(posts).toHaveLength(0);

    // A good IFSC, looked up again; the account is added, the modal closes and the table lists it.
    answer = lookup('SBIN0000001');
    await ifsc.fill('SBIN0000001');
    await answer;
    await expect(bank).toHaveValue('State Bank of India');
    await expect(branch).toHaveValue('KOLKATA MAIN');
    await expect(ifsc).not.toHaveAttribute('aria-invalid');
    const created = page.waitForResponse((r) => isApi(r.request(), 'POST', /^\/api\/anchor_account_details$/));
    await dialog.getByRole('button', { name: 'Add Bank Account' }).click();
    expect((await created).status()).toBe(201);
    expect(posts[0]!.postDataJSON()).toEqual({
      anchor_account_detail: {
        account_name: accountName,
        account_number: accountNumber,
        account_type: 'CA',
        ifsc: 'SBIN0000001',
        bank_name: 'State Bank of India',
        branch_name: 'KOLKATA MAIN',
        region: 'east',
      },
    });
    await expect(page.getByRole('status').filter({ hasText: 'Bank account added successfully.' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = rowsOf(bankAccounts(page)).filter({ hasText: accountNumber });
    await expect(row).toHaveCount(1);
    expect((await row.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([
      accountName,
      accountNumber,
      'Current Account (CA)',
      'SBIN0000001',
      'State Bank of India',
      'KOLKATA MAIN',
      'East',
    ]);

    // Opened again, the form starts empty.
    const again = await openAddBank(page);
    await expect(again.getByLabel('Account name')).toHaveValue('');
    await expect(again.getByLabel('IFSC', { exact: true })).toHaveValue('');
  });

  test('Configuration: settings in words with their keys in the tooltips; a switch sends that setting alone and names the updater; the select asks before Draft', async ({
    page,
  }) => {
    await openAdmin(page, SETTINGS_LOGIN);
    const config = configuration(page);
    const before = await settingsAnswer(page);
    const settings = before.data.attributes.settings;
    const original = settings[SWITCHED]!.default;
    const originalDropdown = settings[DROPDOWN]!.default;
    expect(original, 'consent is off in the seed').toBe(false);
    try {
      await settled(config);
      expect(await headersOf(config)).toEqual(['Parameter', 'Status', 'Inactive/Active']);
      // Each setting of the answer, in order, in words; a switch or a select; a tooltip with the key.
      const rows = rowsOf(config);
      const names = Object.keys(settings);
      expect(names).toHaveLength(SETTING_NAMES.length);
      await expect(rows).toHaveCount(names.length);
      for (const [i, name] of names.entries()) {
        const label = settingLabel(SETTING_NAMES[i]!);
        const definition = settings[name]!;
        const row = rows.nth(i);
        expect(await parameterName(row)).toBe(label);
        if (definition.type === 'boolean') {
          await expect(row.locator('td').nth(1)).toHaveText(definition.default ? 'Active' : 'Inactive');
          await expect(row.getByRole('switch', { name: label, exact: true })).toHaveAttribute(
            'aria-checked',
            String(definition.default),
          );
        } else {
          await expect(row.getByRole('combobox', { name: label, exact: true })).toHaveValue(String(definition.default));
        }
        const info = row.getByRole('button', { name: `About ${label}` });
        await expect(info).toHaveAccessibleDescription(`${definition.description!} Key: ${name}`);
      }
      const select = config.getByRole('combobox', { name: settingLabel(DROPDOWN) });
      expect((await select.locator('option').allInnerTexts()).map((t) => t.trim())).toEqual(['Verified', 'Draft']);

      // The tooltip shows on keyboard focus: Tab from the switch above reaches the next row's info.
      const infoOf = (name: SettingName) => config.getByRole('button', { name: `About ${settingLabel(name)}` });
      const tip = infoOf(DROPDOWN).locator('xpath=following-sibling::*[@role="tooltip"]');
      await expect(tip).toBeHidden();
      await config.getByRole('switch', { name: settingLabel('customer_notification'), exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(infoOf(DROPDOWN)).toBeFocused();
      await expect(tip).toBeVisible();
      await expect(tip).toHaveText(`${settings[DROPDOWN]!.description!} Key: ${DROPDOWN}`);
      await expect(tip).toBeInViewport();
      // Escape hides it (WCAG 1.4.13) and leaves focus where it was.
      await page.keyboard.press('Escape');
      await expect(tip).toBeHidden();
      await expect(infoOf(DROPDOWN)).toBeFocused();

      // The switch (turning on asks nothing): one PUT naming that setting alone; then Active and the updater.
      const toggle = config.getByRole('switch', { name: settingLabel(SWITCHED), exact: true });
      const updatedBy = page.getByTestId('settings-updated-by');
      await expect(updatedBy).toContainText(`Updated By: ${before.meta.setting_updated_by}`);
      const sent = page.waitForRequest((r) => isApi(r, 'PUT', /^\/api\/anchor_settings\/1\/settings$/));
      await toggle.click();
      expect((await sent).postDataJSON()).toEqual({ anchor_setting: { [SWITCHED]: !original }, anchor_id: '1' });
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(rows.nth(names.indexOf(SWITCHED)).locator('td').nth(1)).toHaveText('Active');
      await expect(updatedBy).toContainText(`Updated By: ${SETTINGS_LOGIN_NAME}`);
      const after = await settingsAnswer(page);
      expect(after.data.attributes.settings[SWITCHED]!.default).toBe(!original);
      expect(after.meta.setting_updated_by).toBe(SETTINGS_LOGIN_NAME);
      // Every other setting is as it was.
      for (const name of names.filter((n) => n !== SWITCHED))
        expect(after.data.attributes.settings[name]!.default, name).toEqual(settings[name]!.default);
      await page.reload();
      await settled(configuration(page));
      await expect(toggle).toHaveAttribute('aria-checked', String(!original));

      // The select: the other status is asked about first (it changes how retailers' drawdowns go), then sent.
      const other = originalDropdown === 'Verified' ? 'Draft' : 'Verified';
      await select.selectOption(other);
      const confirm = page.getByRole('dialog', { name: SETTING_TEXTS.question(settingLabel(DROPDOWN), other) });
      await expect(confirm).toContainText(settingEffect(DROPDOWN, other)!);
      const selected = page.waitForRequest((r) => isApi(r, 'PUT', /^\/api\/anchor_settings\/1\/settings$/));
      await confirm.getByRole('button', { name: SETTING_TEXTS.action(other) }).click();
      expect((await selected).postDataJSON()).toEqual({ anchor_setting: { [DROPDOWN]: other }, anchor_id: '1' });
      await expect(confirm).toHaveCount(0);
      await expect(select).toHaveValue(other);
      await expect(rows.nth(names.indexOf(DROPDOWN)).locator('td').nth(1)).toHaveText(other);
      const back = page.waitForResponse((r) => isApi(r.request(), 'PUT', /^\/api\/anchor_settings\/1\/settings$/));
      await select.selectOption(String(originalDropdown));
      await page
        .getByRole('dialog')
        .getByRole('button', { name: SETTING_TEXTS.action(String(originalDropdown)) })
        .click();
      expect((await back).status()).toBe(200);
      await expect(select).toHaveValue(String(originalDropdown));

      // And the switch back (turning consent off asks first).
      const reset = page.waitForResponse((r) => isApi(r.request(), 'PUT', /^\/api\/anchor_settings\/1\/settings$/));
      await toggle.click();
      const turnOff = page.getByRole('dialog', { name: SETTING_TEXTS.question(settingLabel(SWITCHED), false) });
      await expect(turnOff).toContainText(settingEffect(SWITCHED, false)!);
      await turnOff.getByRole('button', { name: SETTING_TEXTS.action(false) }).click();
      expect((await reset).request().postDataJSON()).toEqual({ anchor_setting: { [SWITCHED]: false }, anchor_id: '1' });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
    } finally {
      const now = (await settingsAnswer(page)).data.attributes.settings;
      if (now[SWITCHED]!.default !== original) await putSetting(page, SWITCHED, original);
      if (now[DROPDOWN]!.default !== originalDropdown) await putSetting(page, DROPDOWN, originalDropdown);
    }
  });

  test('anchor 1551 is not system generated: no Configuration, no Delete column, the toggles disabled with the reason', async ({
    page,
  }) => {
    await openAdmin(page, NOT_SYSTEM_LOGIN);
    const answer = await settingsAnswer(page, '1551');
    expect(answer.meta.is_system_generated).toBe(false);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Existing Users',
      'Anchor Bank Accounts',
      'Customers Details',
      'Virtual Accounts',
      'Collection modes',
      'Manage User access (preview)',
      'Reminder & Notification Templates (preview)',
    ]);
    await expect(page.getByRole('heading', { name: 'Configuration' })).toHaveCount(0);
    expect(await headersOf(users(page))).toEqual([
      'Name',
      'Email',
      'Designation',
      'Virtual ID',
      'Newsletter',
      'Send Email',
    ]);
    await expect(users(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    const switches = users(page).getByRole('switch');
    expect(await switches.count()).toBeGreaterThan(0);
    for (const toggle of await switches.all()) {
      await expect(toggle).toBeDisabled();
      await expect(toggle).toHaveAccessibleDescription(NOT_SYSTEM_REASON);
    }
    await expect(users(page).getByText(NOT_SYSTEM_REASON).first()).toBeVisible();
    // The anchor's user may still add users and bank accounts.
    await expect(users(page).getByRole('button', { name: 'Add New User' })).toBeVisible();
    await expect(bankAccounts(page).getByRole('button', { name: 'Add Bank Account' })).toBeVisible();
  });

  test('a user without the manage_anchor permission sees no Add New User or Add Bank Account', async ({ page }) => {
    await openAdmin(page, NO_MANAGE_LOGIN);
    await expect(users(page).getByRole('heading', { name: 'Existing Users' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New User' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Bank Account' })).toHaveCount(0);
    // Nor may the user change anyone: the switches and Delete are disabled.
    for (const toggle of await users(page).getByRole('switch').all()) await expect(toggle).toBeDisabled();
    for (const button of await users(page)
      .getByRole('button', { name: /^Delete/ })
      .all())
      await expect(button).toBeDisabled();
  });
});

/**
 * The next PUT of a setting, from this page's context only, is refused by the mock's fault mode (scoped by a
 * cookie, so tests running beside it on the same mock never see it) with the provider's error body.
 */
async function refuseNextSettingChange(page: Page) {
  const scope = randomUUID();
  await page.context().addCookies([{ name: 'mock-fault-scope', value: scope, url: page.url() }]);
  const answer = await devRequest(page.request, 'POST', '/__dev/faults', {
    spec: 'PUT /anchor_settings/1/settings status=422 code=ER-SETTING-LOCKED times=1',
    scope,
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

const settingPut = (page: Page) => page.waitForRequest((r) => isApi(r, 'PUT', /^\/api\/anchor_settings\/1\/settings$/));

test.describe('Configuration changes a finance team can trust, at 1366x768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  /** A plain setting per theme, so the two runs never change the same one at once. */
  const PLAIN: Record<(typeof THEMES)[number], SettingName> = {
    dark: 'send_payments',
    light: 'whats_app_notification_after_invoice_file_received',
  };

  for (const theme of THEMES) {
    test(`in the ${theme} theme: switching off the OTP asks first, naming the effect; a refused change says so; a plain change is toasted and undone`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openAdmin(page);
      const config = configuration(page);
      await settled(config);
      const puts: Request[] = [];
      page.on('request', (r) => {
        if (isApi(r, 'PUT', /^\/api\/anchor_settings\/1\/settings$/)) puts.push(r);
      });

      // The OTP, in words; its key in the tooltip.
      const otpLabel = settingLabel('require_otp');
      const otp = config.getByRole('switch', { name: otpLabel, exact: true });
      await expect(otp).toHaveAttribute('aria-checked', 'true');
      await expect(config.getByRole('button', { name: `About ${otpLabel}` })).toHaveAccessibleDescription(
        / Key: require_otp$/,
      );

      // Off asks first, naming what it does to every retailer; Cancel sends nothing and gives the focus back.
      await otp.click();
      const ask = page.getByRole('dialog', { name: `Turn off “${otpLabel}”?` });
      await expect(ask).toContainText('Retailers will be able to avail credit without an OTP.');
      await expect(ask).toContainText(SETTING_TEXTS.allRetailers);
      await expectNoAxeViolations(page);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(ask).toHaveCount(0);
      await expect(otp).toBeFocused();
      await expect(otp).toHaveAttribute('aria-checked', 'true');
      expect(puts).toHaveLength(0);

      // Confirmed, it is sent; the provider refuses it here, and the error toast says so; nothing changed.
      await refuseNextSettingChange(page);
      await otp.click();
      const sent = settingPut(page);
      await ask.getByRole('button', { name: 'Turn off' }).click();
      expect((await sent).postDataJSON()).toEqual({ anchor_setting: { require_otp: false }, anchor_id: '1' });
      await expectToastOnTop(page, /^ER-SETTING-LOCKED: /);
      await expect(otp).toHaveAttribute('aria-checked', 'true');
      await expect(config.getByRole('button', { name: `Undo ${otpLabel}` })).toHaveCount(0);
      expect((await settingsAnswer(page)).data.attributes.settings.require_otp!.default).toBe(true);

      // A plain setting is sent at once, toasted, and Undo beside it sends the previous value back.
      const name = PLAIN[theme];
      const label = settingLabel(name);
      const original = (await settingsAnswer(page)).data.attributes.settings[name]!.default as boolean;
      const toggle = config.getByRole('switch', { name: label, exact: true });
      try {
        const changed = settingPut(page);
        await toggle.click();
        expect((await changed).postDataJSON()).toEqual({ anchor_setting: { [name]: !original }, anchor_id: '1' });
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expectToastOnTop(page, SETTING_TEXTS.changed(label, !original));
        await expect(toggle).toHaveAttribute('aria-checked', String(!original));
        const undo = config.getByRole('button', { name: `Undo ${label}` });
        await expect(undo).toHaveText('Undo');
        await expectNoAxeViolations(page);
        const undone = settingPut(page);
        await undo.click();
        expect((await undone).postDataJSON()).toEqual({ anchor_setting: { [name]: original }, anchor_id: '1' });
        await expectToastOnTop(page, SETTING_TEXTS.undone(label, original));
        await expect(toggle).toHaveAttribute('aria-checked', String(original));
        await expect(undo).toHaveCount(0);
        // The focus went back to the switch, not to the page.
        await expect(toggle).toBeFocused();
        expect((await settingsAnswer(page)).data.attributes.settings[name]!.default).toBe(original);
      } finally {
        if ((await settingsAnswer(page)).data.attributes.settings[name]!.default !== original)
          await putSetting(page, name, original);
      }
    });
  }

  test(`Undo is offered for ${SETTING_UNDO_MS / 1000} seconds; a refused undo says so and leaves the change`, async ({
    page,
  }) => {
    test.setTimeout(45_000);
    await openAdmin(page);
    const config = configuration(page);
    await settled(config);
    const timed: SettingName = 'send_clear_dues_mail_after_invoice_created';
    const refused: SettingName = 'send_clear_dues_mail_after_invoice_file_received';
    const before = (await settingsAnswer(page)).data.attributes.settings;
    try {
      // The offer stays for the window, then goes; the change stays.
      const toggle = config.getByRole('switch', { name: settingLabel(timed), exact: true });
      const undo = config.getByRole('button', { name: `Undo ${settingLabel(timed)}` });
      const answered = page.waitForResponse((r) => isApi(r.request(), 'PUT', /^\/api\/anchor_settings\/1\/settings$/));
      await toggle.click();
      await answered;
      const shownAt = Date.now();
      await expect(undo).toBeVisible();
      await expect(undo).toHaveCount(0, { timeout: SETTING_UNDO_MS + 3_000 });
      const offered = Date.now() - shownAt;
      expect(offered).toBeGreaterThanOrEqual(SETTING_UNDO_MS - 1_000);
      await expect(toggle).toHaveAttribute('aria-checked', String(!before[timed]!.default));

      // An undo the provider refuses: the error toast, and the change stays as it was made.
      const other = config.getByRole('switch', { name: settingLabel(refused), exact: true });
      const changed = settingPut(page);
      await other.click();
      await changed;
      await refuseNextSettingChange(page);
      const undoing = settingPut(page);
      await config.getByRole('button', { name: `Undo ${settingLabel(refused)}` }).click();
      expect((await undoing).postDataJSON()).toEqual({
        anchor_setting: { [refused]: before[refused]!.default },
        anchor_id: '1',
      });
      await expectToastOnTop(page, /^ER-SETTING-LOCKED: /);
      await expect(other).toHaveAttribute('aria-checked', String(!before[refused]!.default));
      expect((await settingsAnswer(page)).data.attributes.settings[refused]!.default).toBe(!before[refused]!.default);
    } finally {
      const now = (await settingsAnswer(page)).data.attributes.settings;
      for (const name of [timed, refused])
        if (now[name]!.default !== before[name]!.default) await putSetting(page, name, before[name]!.default);
    }
  });
});

for (const theme of THEMES) {
  test(`the admin page, then each modal open, has no axe violations in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await openAdmin(page);
    await settled(configuration(page));
    await expectNoAxeViolations(page);

    const user = await openAddUser(page);
    await user.getByRole('button', { name: 'Add User' }).click();
    await expect(user.getByText('Email is required')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(user).toHaveCount(0);

    const bank = await openAddBank(page);
    const answer = page.waitForResponse((r) => r.url().includes('/api/bank_details_by_ifsc?'));
    await bank.getByLabel('IFSC', { exact: true }).fill('SBIN0000001');
    await answer;
    await expect(bank.getByLabel('Bank name')).toHaveValue('State Bank of India');
    await bank.getByRole('button', { name: 'Add Bank Account' }).click();
    await expect(bank.getByText('Account name is required')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(bank).toHaveCount(0);

    // The delete confirmation (cancelled).
    const deletable = rowsOf(users(page))
      .filter({ has: page.getByRole('button', { name: /^Delete/ }) })
      .first();
    await deletable.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText('Are you sure, you want to delete');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
  });
}

test(`anchor 1551's admin page has no axe violations`, async ({ page }) => {
  await openAdmin(page, NOT_SYSTEM_LOGIN);
  await expectNoAxeViolations(page);
});

test.describe('admin page on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('does not scroll sideways, nor do its modals', async ({ page }) => {
    await openAdmin(page);
    await settled(configuration(page));
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    for (const open of [openAddUser, openAddBank]) {
      const dialog = await open(page);
      await dialog.getByRole('button', { name: /^Add (User|Bank Account)$/ }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const inner = await dialog.evaluate(
        (el) =>
          [...el.querySelectorAll('*')].filter(
            (e) => e.getBoundingClientRect().right > el.getBoundingClientRect().right + 0.5,
          ).length,
      );
      expect(inner, 'elements sticking out of the dialog').toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    }
  });
});
