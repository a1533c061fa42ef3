import type { Page } from '@playwright/test';
import { expect, logInReady, test } from './fixtures';

/*
 * A chart panel is never blank: until its chart's first draw it shows a skeleton of the chart's height, however
 * long the chart library takes to arrive (held back here), and then the drawn chart replaces it.
 */

/** Holds back the chart library's file until the returned function is called. */
async function holdCharts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/echarts-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectSkeletonThenChart(page: Page, panelTestId: string, release: () => void) {
  const panel = page.getByTestId(panelTestId);
  const chart = panel.getByRole('img');
  await expect(chart).toHaveAttribute('aria-busy', 'true');
  const box = (await chart.boundingBox())!;
  expect(box.height).toBeGreaterThan(200);
  // The skeleton fills the chart's place: what is at its centre is the skeleton, not the page behind. Polled: a
  // chart opened below the fold is still scrolling into view, its centre maybe not on screen yet.
  await expect
    .poll(
      () =>
        chart.evaluate((element) => {
          const r = element.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit !== null && element.contains(hit) && getComputedStyle(hit).animationName !== 'none';
        }),
      { message: 'a pulsing skeleton at the chart’s centre' },
    )
    .toBe(true);
  release();
  await expect(panel.locator('canvas').first()).toBeVisible();
  await expect(chart).toHaveAttribute('aria-busy', 'false');
}

test.describe('chart panels before their first draw', () => {
  // The skeleton's pulse is what these tests look for: the suite's reduced motion would stop it.
  test.use({ reducedMotion: 'no-preference' });
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the dashboard’s Invoices Shared chart shows a skeleton, then the chart', async ({ page }) => {
    const release = await holdCharts(page);
    await logInReady(page, 't1@anchor.test');
    await page.getByTestId('card-shared').click();
    await expectSkeletonThenChart(page, 'chart-shared', release);
  });

  test('the invoice statistics chart shows a skeleton, then the chart', async ({ page }) => {
    const release = await holdCharts(page);
    await logInReady(page, 't1@anchor.test', { path: '/invoices' });
    await page.getByTestId('stats-shared').click();
    await expect(page.getByTestId('stats-chart-shared')).toBeInViewport();
    await expectSkeletonThenChart(page, 'stats-chart-shared', release);
  });
});
