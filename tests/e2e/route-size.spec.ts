import { devices, expect, test } from '@playwright/test';
import { dashboardFirstLoad, kib, loginFirstLoad, payFirstLoad, type FirstLoad } from '../bench/bench-browser';
import { SIZE_BUDGETS_KIB } from '../bench/budgets';

/*
 * The per-route size check, so a change that makes a page heavier cannot land: the JS each route really loads in
 * the browser (gzip), against the budgets `npm run bench` prints. Sizes do not depend on the machine's load, so
 * they are checked here, on every run.
 */

const largest = (load: FirstLoad) =>
  load.files
    .slice(0, 4)
    .map((f) => `${f.file} ${kib(f.gzip).toFixed(1)}`)
    .join(', ');

test.describe('first-load JS per route', () => {
  test('the pay page on a phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    const pay = await payFirstLoad(context, baseURL ?? '');
    await context.close();
    expect(kib(pay.jsGzip), `pay page: ${largest(pay)}`).toBeLessThanOrEqual(SIZE_BUDGETS_KIB.pay);
  });

  test('the login page', async ({ context, baseURL }) => {
    const login = await loginFirstLoad(context, baseURL ?? '');
    expect(kib(login.jsGzip), `login page: ${largest(login)}`).toBeLessThanOrEqual(SIZE_BUDGETS_KIB.login);
  });

  test('from the login page to the dashboard with every chart and the map', async ({ context, baseURL }) => {
    test.setTimeout(180_000);
    const dashboard = await dashboardFirstLoad(context, baseURL ?? '');
    expect(kib(dashboard.journeyTotal), `dashboard journey: ${largest(dashboard.journey)}`).toBeLessThanOrEqual(
      SIZE_BUDGETS_KIB.dashboard,
    );
    expect(kib(dashboard.map.gzip), `map data in ${dashboard.map.files.join(', ')}`).toBeLessThanOrEqual(
      SIZE_BUDGETS_KIB.mapData,
    );
    // The measure must have seen the charts: ECharts arrives after login, not with the login page.
    expect(dashboard.echartsGzip).toBeGreaterThan(0);
    expect(dashboard.login.files.some((f) => f.echarts)).toBe(false);
  });
});
