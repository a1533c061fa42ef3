import { expect, logInReady, test } from './fixtures';

const ALL = ['Dashboard', 'Invoices', 'Lending', 'My Pipeline', 'Retailer Details', 'Admin'];
const CASES = [
  {
    email: 't1@anchor.test',
    nav: ['Dashboard', 'Invoices', 'Lending', 'My Pipeline', 'Admin'],
    home: '/',
    denied: ['/Retailer'],
    allowed: ['/onboarding'],
  },
  {
    email: 't2@anchor.test',
    nav: ['Retailer Details', 'Admin'],
    home: '/Retailer',
    denied: ['/', '/invoices', '/lending', '/my-pipeline', '/onboarding'],
    allowed: [],
  },
  { email: 't1t2@anchor.test', nav: ALL, home: '/', denied: ['/onboarding'], allowed: ['/Retailer', '/invoices'] },
  { email: 'unset@anchor.test', nav: ALL, home: '/', denied: [], allowed: ['/onboarding', '/Retailer'] },
];

test.describe('shell', () => {
  for (const c of CASES) {
    test(`${c.email} sees exactly its navigation, and its denied routes redirect home`, async ({ page }) => {
      await logInReady(page, c.email);
      await expect(page).toHaveURL(new RegExp(`${c.home.replace('/', '\\/')}$`));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveText(c.nav);
      for (const path of c.denied) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${c.home.replace('/', '\\/')}$`));
        await expect(page.getByTestId('user-name')).toBeVisible();
      }
      for (const path of c.allowed) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      }
      // A logged-in visitor on /login or /forgot-password is sent on.
      await page.goto('/login');
      await expect(page).toHaveURL(new RegExp(`${c.home.replace('/', '\\/')}$`));
    });
  }

  test('the current entry is highlighted, onboarding included, and unknown paths go home', async ({ page }) => {
    await logInReady(page, 't1@anchor.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Invoices' }).click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Onboarding' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Dashboard · Anchor Portal');
  });

  test('the theme choice survives a reload and is stored with the spec values', async ({ page }) => {
    await logInReady(page, 't1@anchor.test');
    const toggle = page.getByRole('switch', { name: 'Light theme' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(light).not.toBe(dark);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Light theme' })).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(light);
    await page.getByRole('switch', { name: 'Light theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('');
  });

  test('the anchor logo shows for an anchor that has one, the default mark otherwise', async ({ page }) => {
    await logInReady(page, 'anchor1551@anchor.test');
    await expect(page.getByRole('img', { name: 'Meridian Agro Industries' })).toBeVisible();
    await expect(page.getByText('Powered by')).toBeVisible();
  });

  test('the login route loads no chart or CSV code', async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: '' });
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome to the Anchor Portal' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const body = await (await page.request.get(script.url)).text();
      expect(body, script.url).not.toMatch(/echarts|zrender|papaparse|Papa\.parse/i);
    }
    expect(scripts.map((s) => new URL(s.url).pathname).join(' ')).not.toMatch(
      /Admin|Invoices|Lending|Retailer|Pipeline|Home/,
    );
  });

  test('a screen whose code fails to load shows a message with Retry, not a blank page', async ({ page }) => {
    await logInReady(page, 't1@anchor.test');
    await page.route(/\/assets\/InvoicesScreen-.*\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await expect(page.getByRole('alert')).toContainText('Invoices could not be shown');
    await page.unroute(/\/assets\/InvoicesScreen-.*\.js$/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  });
});
