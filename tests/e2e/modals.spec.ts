import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, logInReady, test } from './fixtures';

/** The box of `target` lies inside the viewport (no page or dialog scrolling needed to see it). */
async function expectInViewport(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'shown').not.toBeNull();
  expect(box!.y, 'top in view').toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'bottom in view').toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width, 'right edge in view').toBeLessThanOrEqual(viewport.width);
}

/** Each named header cell is wholly inside the table's scroll region as it opens (no sideways scroll needed). */
async function expectColumnsShown(table: Locator, headers: readonly string[]) {
  const region = await table.boundingBox();
  for (const header of headers) {
    const cell = await table.locator('thead th', { hasText: header }).first().boundingBox();
    expect(cell, header).not.toBeNull();
    expect(cell!.x + cell!.width, `${header} fits`).toBeLessThanOrEqual(region!.x + region!.width + 0.5);
  }
}

/** Nothing in the dialog scrolls but the table: its own body is not taller than it shows. */
async function expectDialogBodyFits(dialog: Locator) {
  const overflow = await dialog.evaluate((element) => {
    const body = element.querySelector('header + div')!;
    return body.scrollHeight - body.clientHeight;
  });
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe('table modals fit the screen', () => {
  test('the lead modal at 1440x900 shows its key columns and keeps its pager in view', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await logInReady(page, 't1@anchor.test');
    await page.getByTestId('lead-card-approved').click();
    const dialog = page.getByRole('dialog', { name: 'Approved' });
    await expect(dialog.locator('tbody tr')).toHaveCount(10);
    expect((await dialog.boundingBox())!.width).toBeGreaterThanOrEqual(960);
    await expectColumnsShown(dialog.getByRole('region', { name: 'Approved customers' }), [
      'Customer Name',
      'Customer Code',
      'Amount Outstanding',
      'Application Status',
      'Risk',
    ]);
    await expectInViewport(
      page,
      dialog.getByRole('navigation', { name: 'Approved customers pages' }).getByRole('button', { name: 'Next page' }),
    );
    await expectDialogBodyFits(dialog);
    await expectNoAxeViolations(page);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1366, height: 768 },
  ]) {
    test(`the Complete Payment Report and the Detailed Invoice table keep their pagers in view at ${viewport.width}x${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await logInReady(page, 't1@anchor.test', { path: '/invoices' });
      await page.getByRole('button', { name: 'Expand Complete Payment Report' }).click();
      const report = page.getByRole('dialog', { name: 'Complete Payment Report' });
      await expect(report.locator('tbody tr')).toHaveCount(10);
      const pager = report.getByRole('navigation', { name: 'All Invoices pages' });
      await expect(pager).toContainText('All Invoices');
      await expectInViewport(page, pager.getByRole('button', { name: 'Next page' }));
      await expectDialogBodyFits(report);
      await page.keyboard.press('Escape');

      await page
        .getByRole('region', { name: 'Invoices Due', exact: true })
        .getByRole('button', { name: 'Expand' })
        .click();
      const detailed = page.getByRole('dialog', { name: 'Detailed Invoice table' });
      await expect(detailed.locator('tbody tr').first()).toBeVisible();
      await expectInViewport(page, detailed.getByRole('navigation', { name: 'Detailed Invoice table pages' }));
      await expectDialogBodyFits(detailed);
    });
  }
});

/**
 * The controls inside `dialog` that a pointer can reach: each visible, enabled one scrolled into the middle of
 * its scrollers, then the element at its centre must be the control itself (or inside it), not a neighbour
 * laid over it. Returns the names of those that another element covers.
 */
async function coveredControls(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((element) => {
    const controls = [...element.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]')].filter(
      (control) =>
        !control.matches(':disabled') &&
        control.getClientRects().length > 0 &&
        getComputedStyle(control).visibility !== 'hidden',
    );
    const covered: string[] = [];
    for (const control of controls) {
      control.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = control.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (
        !hit ||
        !(
          control === hit ||
          control.contains(hit) ||
          (control instanceof HTMLInputElement && control.labels?.[0]?.contains(hit))
        )
      ) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        const what = hit
          ? `${hit.tagName.toLowerCase()}${hit.getAttribute('role') ? `[role=${hit.getAttribute('role')}]` : ''}${hit.getAttribute('aria-label') ? ` '${hit.getAttribute('aria-label')}'` : ''}`
          : 'nothing';
        covered.push(`${name} (under ${what})`);
      }
    }
    return covered;
  });
}

test.describe('a modal’s controls stay clickable whatever panel is open', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the Detailed Invoice table with the reminder composer open: every row checkbox and the pager take their own clicks', async ({
    page,
  }) => {
    await logInReady(page, 't1@anchor.test', { path: '/invoices' });
    await page
      .getByRole('region', { name: 'Invoices Due', exact: true })
      .getByRole('button', { name: 'Expand' })
      .click();
    const detailed = page.getByRole('dialog', { name: 'Detailed Invoice table' });
    const checkboxes = detailed.getByRole('checkbox', { name: /^Select invoice / });
    await expect(checkboxes).toHaveCount(10);
    await detailed.getByRole('button', { name: /Set a reminder/ }).click();
    const composer = detailed.getByRole('region', { name: 'Reminder for the ticked invoices' });
    await expect(composer).toBeVisible();

    expect(await coveredControls(detailed)).toEqual([]);
    // The table keeps a usable height beside the composer: the dialog's body scrolls instead.
    const table = detailed.getByRole('region', { name: 'Detailed Invoice table', exact: true });
    expect((await table.boundingBox())!.height).toBeGreaterThanOrEqual(159);

    // A real click on a row's checkbox (after the others were scrolled to) ticks that row and counts it.
    const fourth = checkboxes.nth(3);
    const centre = await fourth.evaluate((box) => {
      box.scrollIntoView({ block: 'center' });
      const at = box.getBoundingClientRect();
      return { x: at.left + at.width / 2, y: at.top + at.height / 2 };
    });
    await page.mouse.click(centre.x, centre.y);
    await expect(fourth).toBeChecked();
    await expect(detailed.getByText('1 selected', { exact: true })).toBeVisible();
    await expect(composer).toContainText('1 invoice selected for the reminder');
    await expect(
      detailed
        .getByRole('navigation', { name: 'Detailed Invoice table pages' })
        .getByRole('button', { name: 'Next page' }),
    ).toBeEnabled();
  });
});
