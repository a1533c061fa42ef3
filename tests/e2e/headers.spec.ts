import { readdirSync } from 'node:fs';
import type { APIResponse, BrowserContext, Page } from '@playwright/test';
import { securityHeaders } from '../../build/security-headers';
import { expect, logInReady, test } from './fixtures';

const PAY = '/pay-with-provider';
/** vite.config.ts adds the proxied provider's origin (the mock, which links the anchor logos on it) to img-src. */
const MOCK_ORIGIN = `http://127.0.0.1:${process.env.E2E_MOCK_PORT ?? '3101'}`;
const EXPECTED = securityHeaders({ imageOrigins: [MOCK_ORIGIN] });

function expectSecurityHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  for (const [name, value] of Object.entries(EXPECTED))
    expect(headers[name.toLowerCase()], `${name} on ${what}`).toBe(value);
}

/**
 * Every CSP report of the pages of a context (popups included): the browser's 'Refused to ...' console errors
 * and `securitypolicyviolation` events (logged back through the console).
 */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const reports: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation|Refused to|Permissions-Policy/i.test(text))
      reports.push(`${message.page()?.url() ?? ''}: ${text}`);
  });
  return reports;
}

/** Moves the mouse across a chart, so ECharts builds its tooltip (HTML with style attributes). */
async function hoverChart(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).locator('canvas').first().boundingBox();
  expect(box, `${testId} canvas`).not.toBeNull();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(box!.x + (box!.width * i) / 9, box!.y + box!.height / 2);
}

test.describe('security headers of the served app', () => {
  test('index.html, deep SPA routes, the pay pages and the assets carry the production set', async ({ request }) => {
    const index = await request.get('/');
    expect(index.status()).toBe(200);
    expectSecurityHeaders(index, '/');
    for (const path of [
      '/login',
      '/invoices?tab=due&page=2',
      '/my-pipeline',
      `${PAY}?token=demo-closed-limit`,
      `${PAY}-success?order_id=X&success=true`,
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      expectSecurityHeaders(response, path);
    }
    const html = await index.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true);
    for (const path of assets) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectSecurityHeaders(response, path);
    }
  });

  test('no source maps are built, linked or served', async ({ request }) => {
    const outDir = process.env.APP_OUT_DIR ?? 'dist';
    const maps = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'));
    expect(maps, `.map files in ${outDir}`).toEqual([]);
    const html = await (await request.get('/')).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of scripts) {
      const script = await (await request.get(path)).text();
      expect(script, path).not.toContain('sourceMappingURL');
      // No file answers: the SPA fallback gives index.html (vite preview), never a map.
      const map = await request.get(`${path}.map`);
      expect(map.status() === 404 || /^text\/html/.test(map.headers()['content-type'] ?? ''), `${path}.map`).toBe(true);
      expect(await map.text(), `${path}.map`).not.toContain('"mappings"');
    }
  });

  test('the pay page cannot be shown inside another site', async ({ page, baseURL }) => {
    const target = `${baseURL}${PAY}?token=demo-closed-limit`;
    // A foreign page framing the pay page, and (to show frames load here at all) a page without the headers.
    await page.route('http://harmless.example/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>x</title><p>Framed fine</p>' }),
    );
    await page.route('http://attacker.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title><iframe name="pay" src="${target}" width="1000" height="700"></iframe><iframe name="control" src="http://harmless.example/"></iframe>`,
      }),
    );
    await page.goto('http://attacker.example/');
    const control = page.frame({ name: 'control' });
    await expect(control!.getByText('Framed fine')).toBeVisible();
    const pay = page.frame({ name: 'pay' });
    expect(pay, 'the iframe').not.toBeNull();
    // Chromium replaces a refused frame with its error page; the app never starts in it.
    await expect.poll(() => pay!.url()).toMatch(/^chrome-error:/);
    await expect(pay!.getByRole('tablist')).toHaveCount(0);
    await expect(pay!.getByText('AVAIL CREDIT')).toHaveCount(0);
  });

  test('the login page, the dashboard with its charts and the pay page run without a policy violation', async ({
    page,
    context,
  }) => {
    const reports = await watchPolicy(context);

    await page.goto('/login');
    await expect(page.getByLabel('Email ID')).toBeVisible();
    // A wrong password: the form posts in script (form-action 'none') and the error toast renders.
    await page.getByLabel('Email ID').fill('t1@anchor.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toBeVisible();

    await logInReady(page, 't1@anchor.test');
    await expect(page.getByTestId('card-shared')).not.toContainText('…');
    await page.getByTestId('card-shared').click();
    await expect(page.getByTestId('chart-shared').getByRole('img')).toBeVisible();
    await hoverChart(page, 'chart-shared');

    await page.goto(`${PAY}?token=demo-overdue`);
    await expect(page.getByRole('tablist')).toBeVisible();
    // The collections page opens in a new tab: the mock's own page, through the app's /api proxy.
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Clear Credit Dues' }).click();
    const collections = await opened;
    await expect(collections.getByRole('heading', { name: 'Clear credit dues' })).toBeVisible();

    await page.goto(`${PAY}?token=demo-closed-limit`);
    await expect(page.getByRole('tablist')).toBeVisible();
    await page.locator('tbody tr').first().getByRole('checkbox').check();

    expect(reports).toEqual([]);
  });

  test("the anchor's logo, linked on the provider's origin, loads under img-src", async ({ page, context }) => {
    const reports = await watchPolicy(context);
    await logInReady(page, 'anchor1551@anchor.test');
    const logo = page.getByRole('img', { name: 'Meridian Agro Industries' }).first();
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    expect(reports).toEqual([]);
  });
});
