import { REGION_LABELS, REGIONS } from '../../src/domain/regions';
import { REGION_COLORS } from '../../src/ui/charts/region-map';
import { themes } from '../../src/ui/theme';
import { expect, logInReady, test, THEMES, useTheme } from './fixtures';

/** '#rrggbb' as the browser's computed style writes it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/**
 * The dashboard's region map tells its regions apart in both themes: each region drawn in its own
 * colour of the theme's palette (src/ui/charts/region-map.test.ts holds the palette to 3:1 on the panel and to
 * a clear difference between regions), on the panel colour that test assumes, and each named on the map.
 */
for (const theme of THEMES) {
  test(`the region map draws each region in its own colour and names it, in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await logInReady(page, 't1@anchor.test');
    const map = page.getByTestId('region-map');
    await map.scrollIntoViewIfNeeded();
    await expect(map.getByRole('list', { name: 'Region-wise credit utilisation figures' })).not.toHaveAttribute(
      'aria-busy',
    );

    // Each region in its colour, as painted; four different colours.
    const fills: string[] = [];
    for (const region of REGIONS) {
      const path = map.locator(`path[data-region="${region}"]`);
      const fill = await path.evaluate((element) => getComputedStyle(element).fill);
      expect(fill, region).toBe(rgb(REGION_COLORS[theme][region]));
      fills.push(fill);
    }
    expect(new Set(fills).size).toBe(REGIONS.length);

    // The panel behind the map is the theme's surface, the colour the contrast is worked out against.
    expect(await map.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(themes[theme].surface));

    // Each region's name is on the map, over its own region, in the theme's text colour.
    for (const region of REGIONS) {
      const name = map.locator('svg text', { hasText: REGION_LABELS[region] });
      await expect(name).toBeVisible();
      expect(await name.evaluate((element) => getComputedStyle(element).fill)).toBe(rgb(themes[theme].text));
      const hit = await name.evaluate((element) => {
        const box = element.getBoundingClientRect();
        // Names let the pointer through: what is under a name's centre is the region it names.
        return document
          .elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
          ?.getAttribute('data-region');
      });
      expect(hit, REGION_LABELS[region]).toBe(region);
    }

    // The list's swatches repeat the colours beside the names.
    for (const region of REGIONS) {
      const swatch = map.locator(`[data-region="${region}"] > span`).first();
      expect(await swatch.evaluate((element) => getComputedStyle(element).backgroundColor), region).toBe(
        rgb(REGION_COLORS[theme][region]),
      );
    }
  });
}
