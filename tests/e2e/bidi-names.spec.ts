import type { Page, Request } from '@playwright/test';
import { expect, logInReady, test } from './fixtures';

/**
 * Names with direction-changing characters (a first name of U+202E and 'evil' shows as 'live'): the add-user
 * form refuses one before sending, the provider refuses one sent past the form, and a name in another script
 * is listed and asked about in <bdi>, isolated from the text around it. Users added here are unique per run
 * and deleted again.
 */

const LOGIN = 't1@anchor.test';
const REFUSED = 'First name contains an invisible or direction-changing character (U+202E)';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;
const isUsersPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/users';

async function postUser(page: Page, user: Record<string, string>) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  return page.request.post('/api/users', {
    headers: { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' },
    data: { user: { phone_number: '9876543210', designation: 'portal_user', role_id: '5', ...user } },
  });
}

async function deleteUser(page: Page, id: string) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await page.request.delete(`/api/users/${id}`, {
    headers: { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' },
  });
}

async function openAdmin(page: Page) {
  await logInReady(page, LOGIN, { path: '/admin' });
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
}

test('the add-user form and the provider refuse a name with U+202E', async ({ page }) => {
  await openAdmin(page);
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (isUsersPost(r)) posts.push(r);
  });
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel('First name').fill('\u202Eevil');
  await dialog.getByLabel('Last name').fill('Tester');
  await dialog.getByLabel('Email').fill(`e2e.bidi.${stamp()}@example.in`);
  await dialog.getByLabel('Phone number').fill('9876543210');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(REFUSED, { exact: true }).filter({ visible: true })).not.toHaveCount(0);
  expect(posts).toHaveLength(0);

  const answer = await postUser(page, {
    first_name: '\u202Eevil',
    last_name: 'Tester',
    email: `e2e.bidi.${stamp()}@example.in`,
  });
  expect(answer.status()).toBe(422);
  expect(await answer.json()).toEqual({ errors: [{ code: 'ER-VALIDATION', title: 'first_name', detail: REFUSED }] });
});

test('a name in Arabic is listed, and asked about before a delete, isolated in <bdi>', async ({ page }) => {
  await openAdmin(page);
  const email = `e2e.arabic.${stamp()}@example.in`;
  const answer = await postUser(page, { first_name: 'محمد', last_name: 'علي', email });
  expect(answer.status()).toBe(201);
  const { id } = ((await answer.json()) as { data: { id: string } }).data;
  try {
    await page.reload();
    const users = page
      .getByRole('region', { name: 'Existing Users', exact: true })
      .filter({ has: page.getByRole('heading', { name: 'Existing Users', level: 2 }) });
    const row = users.locator('tbody tr').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
    await expect(row.locator('td').first().locator('bdi')).toHaveText('محمد علي');
    await row.getByRole('button', { name: 'Delete محمد علي' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirm).toContainText('Are you sure, you want to delete محمد علي?');
    await expect(confirm.locator('p bdi')).toHaveText('محمد علي');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await deleteUser(page, id);
  }
});
