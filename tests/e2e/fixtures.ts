import AxeBuilder from '@axe-core/playwright';
import { STORAGE_KEYS } from '../../src/domain/session-storage';
import {
  expect,
  test as base,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@1234';
const API_HEADERS = { Accept: 'application/vnd.provider.v1+json' };
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const THEMES = ['dark', 'light'] as const;

/**
 * Zero axe violations under the WCAG 2.2 AA tags, and label in name (WCAG 2.5.3: axe ships it as experimental,
 * so the tags alone leave it out); the failure message lists each rule and node.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: WCAG_TAGS },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}

/**
 * The Download Report modal before any column is chosen: Download is disabled and quiet; pressed anyway (it
 * stays focusable), it says why.
 */
export async function expectDownloadSaysWhy(report: Locator): Promise<void> {
  const download = report.getByRole('button', { name: 'Download' });
  await expect(download).toBeDisabled();
  await expect(report.getByText('Please select item')).toBeHidden();
  await download.focus();
  await download.press('Enter');
  await expect(report.getByRole('alert')).toHaveText('Please select item');
}

/**
 * A toast is shown and nothing covers it: the element at its centre is the toast itself (a modal dialog sits in
 * the top layer, above anything of the page however high its z-index).
 */
export async function expectToastOnTop(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.getByRole('status').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Polled: while a new toast slides in, the toasts already shown move and may overlap it for a moment.
  await expect
    .poll(
      () =>
        toast.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && element.contains(hit);
        }),
      { message: `the toast '${String(text)}' is covered` },
    )
    .toBe(true);
}

/** Starts the page in a theme by its stored value ('light', or '' for dark). */
export async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme === 'light' ? 'light' : '');
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email ID').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

interface SessionAnswer {
  auth_token: string;
  refresh_token: string;
  user_id: string | number;
  event?: string | null;
}

/** POST /sessions through the app's proxy, as the login form sends it; expects the 201 and returns its attributes. */
async function apiLogin(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<SessionAnswer> {
  const response = await request.post('/api/sessions', { headers: API_HEADERS, data: { user: { email, password } } });
  expect(response.status(), `the login of ${email}`).toBe(201);
  return ((await response.json()) as { data: { attributes: SessionAnswer } }).data.attributes;
}

/**
 * A logged-in page for a test that is not about the login form: the user logs in through the API (as the form
 * would, one fresh session per test, so a test's token refresh or logout never touches another's), the session
 * goes into the page's storage under the app's keys, and the page opens at `path` (the dashboard by default)
 * with the profile loaded (the user's name button is in the top bar). A test of the form itself uses logIn.
 */
export async function logInReady(
  page: Page,
  email: string,
  options: { path?: string; password?: string } = {},
): Promise<void> {
  const session = await apiLogin(page.request, email, options.password);
  // Any same-origin document can hold the storage: a static file, so no app code runs before the session is in.
  await page.goto('/favicon.svg');
  await page.evaluate(
    (stored) => {
      for (const [key, value] of Object.entries(stored)) if (value !== null) localStorage.setItem(key, value);
    },
    {
      [STORAGE_KEYS.authToken]: session.auth_token,
      [STORAGE_KEYS.refreshToken]: session.refresh_token,
      [STORAGE_KEYS.userId]: String(session.user_id),
      [STORAGE_KEYS.accessType]: session.event ?? null,
    },
  );
  await page.goto(options.path ?? '/');
  await expect(page.getByTestId('user-name')).toBeVisible();
}

/**
 * A call to one of the mock's development pages (`/__dev/...`): on the mock's own port with its dev key, as a
 * developer would; the app's `/api` proxy refuses them. playwright.config.ts sets the port and the key.
 */
export async function devRequest(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<APIResponse> {
  const url = `http://127.0.0.1:${process.env.E2E_MOCK_PORT}${path}`;
  return request.fetch(url, { method, data, headers: { 'X-Dev-Key': process.env.E2E_DEV_KEY ?? '' } });
}

export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
  link: string | null;
  channel?: string;
}

/** The mock's dev outbox, newest first: mail to an address or mobile, or the OTPs of a pay token. */
export async function devOutbox(
  request: APIRequestContext,
  filter: { to?: string; token?: string } = {},
): Promise<OutboxMail[]> {
  const query = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const response = await devRequest(request, 'GET', `/__dev/outbox?${query.toString()}`);
  expect(response.status(), 'the dev outbox').toBe(200);
  return ((await response.json()) as { data: OutboxMail[] }).data;
}

/** The newest reset link mailed to `email`. */
export async function latestResetLink(request: APIRequestContext, email: string): Promise<URL> {
  const mails = await devOutbox(request, { to: email });
  expect(mails.length).toBeGreaterThan(0);
  return new URL(mails[0]!.link!);
}

export const test = base;
export { expect };

/**
 * A login of its own, for a test that changes its user or fails a login: t1 adds a portal user (POST /users)
 * named `firstName` Recorder, whose password is then set through the reset link in the dev outbox, as a new
 * user's would be. Returns the e-mail.
 */
export async function newPortalUser(request: APIRequestContext, firstName: string, password: string): Promise<string> {
  const adminToken = (await apiLogin(request, 't1@anchor.test')).auth_token;
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}@example.in`;
  const created = await request.post('/api/users', {
    headers: { ...API_HEADERS, Authorization: adminToken },
    data: {
      user: {
        first_name: firstName,
        last_name: 'Recorder',
        email,
        phone_number: '9876543210',
        designation: 'portal_user',
        role_id: '5',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(
    (await request.post('/api/users/forgot_password', { headers: API_HEADERS, data: { user: { email } } })).status(),
  ).toBe(200);
  const token = (await latestResetLink(request, email)).searchParams.get('token');
  const reset = await request.post('/api/users/reset_password', {
    headers: API_HEADERS,
    data: { token, password, password_confirmation: password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  return email;
}

/** Calls the provider through the app's proxy with the page's own session token; expects a 200. */
export async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.get(`/api${path}`, {
    headers: { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}
