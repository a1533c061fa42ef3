import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The pay pages come from their own Preact build (pay.html, build/pay.ts): `vite preview` answers the pay routes
 * with it, every other route with index.html (React). Fails when the rewrite or the pay build goes.
 */
const PAY = '/pay-with-provider';
// React DOM keys its root container with this prefix; Preact has no such string.
const REACT_DOM_MARK = '__reactContainer$';

/** The JavaScript files a page loads while `open` runs, with their text. */
async function scriptsLoaded(page: Page, open: () => Promise<void>): Promise<{ path: string; text: string }[]> {
  const responses: Promise<{ path: string; text: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      responses.push(response.text().then((text) => ({ path: new URL(response.url()).pathname, text })));
  });
  await open();
  return Promise.all(responses);
}

test.describe('the pay pages’ Preact build', () => {
  test('the pay routes are answered with pay.html, the rest of the app with index.html', async ({ request }) => {
    const payHtml = await (await request.get('/pay.html')).text();
    const indexHtml = await (await request.get('/')).text();
    expect(payHtml).toMatch(/<script type="module"[^>]* src="\/assets\/pay\/[^"]+\.js"/);
    expect(indexHtml).not.toContain('/assets/pay/');
    for (const path of [`${PAY}?token=demo-closed-limit`, `${PAY}-success?order_id=X&success=true`]) {
      expect(await (await request.get(path)).text(), path).toBe(payHtml);
    }
    for (const path of ['/login', '/invoices', `${PAY}/x`])
      expect(await (await request.get(path)).text(), path).toBe(indexHtml);
  });

  test('the pay page loads no React DOM, only the pay build’s files, and works', async ({ page }) => {
    const scripts = await scriptsLoaded(page, async () => {
      await page.goto(`${PAY}?token=demo-closed-limit`);
      await expect(page.getByRole('tablist')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Invoices' }).locator('tbody tr').first()).toBeVisible();
    });
    expect(scripts.length).toBeGreaterThan(0);
    for (const { path, text } of scripts) {
      expect(path).toMatch(/^\/assets\/pay\//);
      expect(text, path).not.toContain(REACT_DOM_MARK);
    }
  });

  test('the login page still loads React DOM (the mark above is React’s)', async ({ page }) => {
    const scripts = await scriptsLoaded(page, async () => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    });
    expect(scripts.some(({ text }) => text.includes(REACT_DOM_MARK))).toBe(true);
    expect(scripts.filter(({ path }) => path.startsWith('/assets/pay/'))).toEqual([]);
  });
});
