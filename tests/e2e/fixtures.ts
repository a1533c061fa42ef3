import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@1234';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const THEMES = ['dark', 'light'] as const;

/** Zero axe violations under the WCAG 2.2 AA tags; the failure message lists each rule and node. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
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

/** Logs in and waits until the profile is loaded (the user's name button is in the top bar). */
export async function logInReady(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await logIn(page, email, password);
  await expect(page.getByTestId('user-name')).toBeVisible();
}

/** The newest reset link mailed to `email`, read from the mock's dev outbox through the app's /api proxy. */
export async function latestResetLink(request: APIRequestContext, email: string): Promise<URL> {
  const response = await request.get(`/api/__dev/outbox?to=${encodeURIComponent(email)}`);
  const { data } = (await response.json()) as { data: { link: string }[] };
  expect(data.length).toBeGreaterThan(0);
  return new URL(data[0]!.link);
}

export const test = base;
export { expect };

/** Calls the provider through the app's proxy with the page's own session token; expects a 200. */
export async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}
