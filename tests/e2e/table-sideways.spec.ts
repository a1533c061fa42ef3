import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * Wide tables on a laptop screen: scrolled sideways to the far end, a table still shows the column that names
 * each row and the row's actions (pinned), and while columns are off-screen it says so: a shadow on the side
 * that has more, and the region's description for screen readers.
 */

const LOGIN = 't1@anchor.test';
const HINT = 'Scroll sideways for more columns.';

/** A table's scroll region by its caption (a section or tab around it may carry the same name). */
const scrollerOf = (scope: Locator | Page, caption: string) =>
  scope.locator(`[role="region"][aria-label="${caption}"]`);
const cue = (scroller: Locator, side: 'start' | 'end') =>
  scroller.locator('xpath=..').getByTestId(`table-more-${side}`);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** The scroller's visible content box (inside its borders and scrollbars), in page coordinates. */
const visibleBox = (scroller: Locator): Promise<Box> =>
  scroller.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      x: box.left + element.clientLeft,
      y: box.top + element.clientTop,
      width: element.clientWidth,
      height: element.clientHeight,
    };
  });
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** True when the element at the centre of `target` is `target` or inside it: nothing covers it. */
const onTop = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });

interface Expectation {
  /** The header of the column that names the row. */
  id: string;
  /** The row's action buttons, in its first row (none: the table has no row actions). */
  actions?: (row: Locator) => Locator[];
}

/**
 * The table is wider than its box: the end cue and the description show at first; scrolled fully right, the
 * start cue shows and the end cue is gone; the identifying cell and the action buttons are in the visible box,
 * in the viewport and on top (clickable); back at the start, the start cue is gone.
 */
async function expectSideways(page: Page, scroller: Locator, { id, actions }: Expectation) {
  await expect(scroller).toHaveAttribute('aria-busy', 'false');
  const row = scroller.locator('tbody tr').first();
  await expect(row.locator('td').nth(1)).toBeVisible();
  // The page brings the table into view (a list lower on the page); the table's own scrolling is the test.
  await scroller.scrollIntoViewIfNeeded();
  const overflow = await scroller.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, 'the table is wider than its box').toBeGreaterThan(0);
  await expect(cue(scroller, 'end')).toBeVisible();
  await expect(cue(scroller, 'start')).toBeHidden();
  await expect(scroller).toHaveAccessibleDescription(HINT);

  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(cue(scroller, 'end')).toBeHidden();
  await expect(cue(scroller, 'start')).toBeVisible();
  expect(
    await scroller.evaluate((element) => element.scrollWidth - element.clientWidth - element.scrollLeft),
  ).toBeLessThanOrEqual(1);

  const view = await visibleBox(scroller);
  const viewport = { x: 0, y: 0, ...page.viewportSize()! };
  const headers = (await scroller.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(id);
  expect(index, `column ${id}`).toBeGreaterThanOrEqual(0);
  const idCell = row.locator('td').nth(index);
  expect(inside((await idCell.boundingBox())!, view), `the ${id} cell is in view`).toBe(true);
  expect(await onTop(idCell), `the ${id} cell is not covered`).toBe(true);
  // The shadow starts beside the pinned cells, over the columns scrolled under them, not over the names.
  const idBox = (await idCell.boundingBox())!;
  expect((await cue(scroller, 'start').boundingBox())!.x).toBeGreaterThanOrEqual(idBox.x + idBox.width - 1);
  // The last column is in view too: the scroll did reach the far end.
  expect(inside((await row.locator('td').last().boundingBox())!, view), 'the last cell is in view').toBe(true);

  for (const action of actions?.(row) ?? []) {
    await expect(action).toBeVisible();
    const box = (await action.boundingBox())!;
    expect(inside(box, view), 'the action is in the table’s view').toBe(true);
    expect(inside(box, viewport), 'the action is in the viewport').toBe(true);
    expect(await onTop(action), 'the action is clickable').toBe(true);
  }

  await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
  await expect(cue(scroller, 'start')).toBeHidden();
  await expect(cue(scroller, 'end')).toBeVisible();
}

/** Opens a customer of the lending table from its name (searched first, so it is on the page). */
async function openCustomer(page: Page, name: string) {
  await page.goto('/lending');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  const button = page.getByRole('button', { name: `${name}: drawdowns and repayments` });
  await expect(button).toBeVisible({ timeout: 10_000 });
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
]) {
  test.describe(`wide tables at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the lending customer modal keeps DDR ID and the row actions in view; the modal uses the screen’s width', async ({
      page,
    }) => {
      await logInReady(page, LOGIN);
      const dialog = await openCustomer(page, 'Vardhman Wholesale Mart');
      expect((await dialog.boundingBox())!.width).toBeGreaterThanOrEqual(Math.min(1200, viewport.width - 32) - 1);
      const drawdowns = scrollerOf(dialog, 'Drawdowns');
      await expect(drawdowns.locator('tbody tr')).toHaveCount(10);
      await expectSideways(page, drawdowns, {
        id: 'DDR ID',
        actions: (row) => [
          row.getByRole('button', { name: /^View Invoice\(s\)/ }),
          row.getByRole('button', { name: /^View Dues/ }),
        ],
      });
      // The pinned action works from where it is: the dues open.
      await drawdowns.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await drawdowns
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: /^View Dues/ })
        .click();
      await expect(drawdowns.getByRole('heading', { name: /^Dues of / })).toBeVisible();
    });

    test('the 13-column lending table keeps the customer’s name, its action, in view', async ({ page }) => {
      await logInReady(page, LOGIN, { path: '/lending' });
      await expectSideways(page, scrollerOf(page, 'Approved customers'), {
        id: 'Customer Name',
        actions: (row) => [row.getByRole('button', { name: /: drawdowns and repayments$/ })],
      });
    });

    test('Invoices Due and Collections keep the invoice number and the star in view', async ({ page }) => {
      await logInReady(page, LOGIN);
      // Filters that list rows whatever day the suite runs.
      await page.goto('/invoices?due.f.due=open&collections.f.period=last_90_days');
      await expectSideways(page, scrollerOf(page, 'Invoices Due list'), {
        id: 'Invoice No.',
        actions: (row) => [row.getByRole('button', { name: /^Star invoice / })],
      });
      await expectSideways(page, scrollerOf(page, 'Collections table'), {
        id: 'Invoice Number',
        actions: (row) => [row.getByRole('button', { name: /^Star payment / })],
      });
    });

    test('the admin Customers Details and Virtual Accounts keep the customer’s name in view', async ({ page }) => {
      await logInReady(page, LOGIN, { path: '/admin' });
      await expectSideways(page, scrollerOf(page, 'Customers Details'), { id: 'Customer Name' });
      await expectSideways(page, scrollerOf(page, 'Virtual Accounts'), { id: 'Customer Name' });
    });

    test('the lead modal keeps the customer’s name in view', async ({ page }) => {
      await logInReady(page, LOGIN);
      await page.getByTestId('lead-card-approved').click();
      const dialog = page.getByRole('dialog', { name: 'Approved' });
      expect((await dialog.boundingBox())!.width).toBeGreaterThanOrEqual(Math.min(1200, viewport.width - 32) - 1);
      await expectSideways(page, scrollerOf(dialog, 'Approved customers'), { id: 'Customer Name' });
    });
  });
}

for (const theme of THEMES) {
  test(`pinned cells are opaque and a table scrolled sideways has no axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await useTheme(page, theme);
    await logInReady(page, LOGIN);
    const dialog = await openCustomer(page, 'Vardhman Wholesale Mart');
    const drawdowns = scrollerOf(dialog, 'Drawdowns');
    await expect(drawdowns.locator('tbody tr')).toHaveCount(10);
    await expect(drawdowns).toHaveAttribute('aria-busy', 'false');
    await drawdowns.evaluate((element) => element.scrollTo({ left: element.scrollWidth / 3 }));
    await expect(cue(drawdowns, 'start')).toBeVisible();
    // The columns scrolling under a pinned cell must not show through it.
    const backgrounds = await drawdowns
      .locator('[data-pin]')
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).backgroundColor));
    expect(backgrounds.length).toBeGreaterThan(0);
    for (const background of backgrounds) expect(background).toMatch(/^rgb\(/);
    await expectNoAxeViolations(page);
  });
}

test.describe('keyboard focus in a scrolled table', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a control reached while going back up is scrolled below the sticky header, not under it', async ({ page }) => {
    await logInReady(page, LOGIN);
    const dialog = await openCustomer(page, 'Vardhman Wholesale Mart');
    const drawdowns = scrollerOf(dialog, 'Drawdowns');
    await expect(drawdowns.locator('tbody tr')).toHaveCount(10);
    await drawdowns.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    // Focus moves to the first row's action, as Shift+Tab going up the rows does: the browser scrolls it in.
    const first = drawdowns
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^View Dues/ });
    await first.focus();
    await expect(first).toBeFocused();
    expect(await onTop(first), 'the focused control is not under the sticky header').toBe(true);
  });
});
