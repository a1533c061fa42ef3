import type { Page } from '@playwright/test';
import { themes } from '../../src/ui/theme';
import { expect, test, THEMES, useTheme } from './fixtures';

/*
 * The first paint comes from the HTML alone: on a slow first visit the page is the theme's background with a
 * quiet loading line, not a white page, until the app's code has arrived and replaced it.
 */

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

/** Holds back every script of the app (not the theme's own small one) until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('the first paint', () => {
  for (const theme of THEMES) {
    test(`is the ${theme} theme's background and a loading line before the app's code arrives`, async ({ page }) => {
      await useTheme(page, theme);
      const release = await holdAppCode(page);
      await page.goto('/login', { waitUntil: 'commit' });
      const loading = page.getByRole('status');
      await expect(loading).toHaveText('Loading Anchor Portal…');
      await expect(loading).toHaveCSS('opacity', '1'); // shown once the code is slow to come, not at once
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        rgb(themes[theme].background),
      );

      release();
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      await expect(page.getByText('Loading Anchor Portal…')).toHaveCount(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        rgb(themes[theme].background),
      );
    });
  }
});
