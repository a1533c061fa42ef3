import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

const section = (page: Page) => page.getByRole('region', { name: 'Invoices Due', exact: true });
const rowsOf = (scope: Locator) => scope.locator('tbody tr');
/** Waits until the table inside `scope` shows the answer to the latest request (not the previous rows). */
const settled = (scope: Locator) =>
  expect(scope.locator('[role="region"][aria-busy]')).toHaveAttribute('aria-busy', 'false');

async function openInvoices(page: Page) {
  await logInReady(page, 't1@anchor.test', { path: '/invoices' });
  await expect(section(page).getByRole('button', { name: 'Due Today' })).toHaveAttribute('aria-pressed', 'true');
}

/** The texts of one column (by its header) over the rows shown, or [] when the table says 'No data found.'. */
async function column(scope: Locator, header: string): Promise<string[]> {
  const headers = (await scope.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  const rows = rowsOf(scope);
  if ((await rows.count()) === 1 && (await rows.first().innerText()).includes('No data found.')) return [];
  return rows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
}

const overdueDays = (ageing: string) => {
  const match = /Overdue by (\d+) day/.exec(ageing);
  return match ? Number(match[1]) : ageing === 'Due today' ? 0 : -Number(/Due in (\d+)/.exec(ageing)?.[1] ?? NaN);
};

/** The rows' ageing and status once the table settled on `filter` (the summary counts follow each answer). */
async function shownFor(page: Page, label: string) {
  const due = section(page);
  await due.getByRole('button', { name: label, exact: true }).click();
  await expect(due.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(due.getByRole('region', { name: 'Invoices Due list' })).toHaveAttribute('aria-busy', 'false');
  await expect(page).not.toHaveURL(/due\.page=/);
  return {
    ageing: (await column(due, 'Ageing')).map(overdueDays),
    status: await column(due, 'Status'),
    stars: await column(due, 'Star'),
  };
}

test.describe('invoices due', () => {
  test('each due filter shows the rows its rule allows, one at a time, and goes back to page 1', async ({ page }) => {
    await openInvoices(page);
    const due = section(page);
    await settled(due);
    expect((await column(due, 'Ageing')).every((a) => a === 'Due today')).toBe(true);

    // Open has several pages: move on, then any filter change is back on page 1.
    await due.getByRole('button', { name: 'Open', exact: true }).click();
    await settled(due);
    await due.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/due\.page=2/);
    const open = await shownFor(page, 'Overdue < 30Days');
    expect(open.ageing.length).toBeGreaterThan(0);
    expect(open.ageing.every((d) => d <= 30)).toBe(true);
    await expect(due.getByRole('button', { name: 'Due Today' })).toHaveAttribute('aria-pressed', 'false');

    const over30 = await shownFor(page, '30+');
    expect(over30.ageing.length).toBeGreaterThan(0);
    expect(over30.ageing.every((d) => d > 30)).toBe(true);
    const over90 = await shownFor(page, '90+');
    expect(over90.ageing.length).toBeGreaterThan(0);
    expect(over90.ageing.every((d) => d > 90)).toBe(true);
    expect(over90.ageing.length).toBeLessThanOrEqual(over30.ageing.length);

    const inProgress = await shownFor(page, 'In-Progress');
    expect(inProgress.status.length).toBeGreaterThan(0);
    expect(inProgress.status.every((s) => s === 'In-Progress')).toBe(true);
    const openOnly = await shownFor(page, 'Open');
    expect(openOnly.status.length).toBeGreaterThan(0);
    expect(openOnly.status.every((s) => s === 'Open' || s === 'Partially paid')).toBe(true);
    const starred = await shownFor(page, 'Starred');
    expect(starred.stars.length).toBeGreaterThan(0);
    expect(starred.stars.every((s) => s.includes('★'))).toBe(true);
    const today = await shownFor(page, 'Due Today');
    expect(today.ageing.length).toBeGreaterThan(0);
    expect(today.ageing.every((d) => d === 0)).toBe(true);
  });

  test('a filter change keeps the previous rows (busy, no skeleton) until the next arrive, and nothing on the page moves (CLS ≤ 0.02)', async ({
    page,
  }) => {
    // Every layout shift from the start, timed, so the ones during the filter changes can be summed.
    await page.addInitScript(() => {
      const shifts: { value: number; at: number }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push({ value: entry.value, at: entry.startTime });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openInvoices(page);
    const due = section(page);
    const table = due.getByRole('region', { name: 'Invoices Due list' });
    const pager = due.getByRole('navigation', { name: 'Invoices Due pages' });
    await due.getByRole('button', { name: 'Open', exact: true }).click();
    await settled(due);
    await expect(rowsOf(due)).toHaveCount(10);
    const openRows = await column(due, 'Invoice No.');
    const openSummary = /Showing [\d,]+ to [\d,]+ of [\d,]+/.exec(await pager.innerText())![0];
    // The table, its pager and what follows it in view: a shift counts only where it can be seen.
    await due.evaluate((element) => element.scrollIntoView({ block: 'start' }));

    // Hold each invoice list answer until released, cut to `keep` rows: a shorter answer must not pull the page up.
    const waiting: (() => void)[] = [];
    const release = async () => {
      await expect.poll(() => waiting.length, { message: 'the next invoice list request' }).toBeGreaterThan(0);
      waiting.shift()!();
    };
    let keep = 2;
    await page.route(/\/api\/invoices\?/, async (route) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown[] };
      await route.fulfill({ response, json: { ...body, data: body.data.slice(0, keep) } });
    });
    const from = await page.evaluate(() => performance.now());

    await due.getByRole('button', { name: '30+', exact: true }).click();
    await expect(due.getByRole('button', { name: '30+', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(700);
    // Still the Open rows and pager, dimmed and inert under a busy bar; no skeleton.
    expect(await column(due, 'Invoice No.')).toEqual(openRows);
    await expect(table.locator('tbody tr[aria-hidden]')).toHaveCount(0);
    await expect(table.locator('tbody')).toHaveAttribute('inert', '');
    await expect(due.getByTestId('table-busy')).toBeVisible();
    await expect(pager).toContainText(openSummary);
    await release();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(rowsOf(due)).toHaveCount(2);
    expect((await column(due, 'Ageing')).map(overdueDays).every((days) => days > 30)).toBe(true);
    await expect(due.getByTestId('table-busy')).toBeHidden();

    // An empty answer: 'No data found.' in the same space.
    keep = 0;
    await due.getByRole('button', { name: '90+', exact: true }).click();
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(300);
    await expect(rowsOf(due)).toHaveCount(2);
    await release();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('tbody')).toHaveText('No data found.');
    await page.waitForTimeout(500);

    const shifts = await page.evaluate(
      (since) =>
        (window as unknown as { __shifts: { value: number; at: number }[] }).__shifts.filter((s) => s.at >= since),
      from,
    );
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
  });

  test('a search of 3 or more characters clears the due filter', async ({ page }) => {
    await openInvoices(page);
    const due = section(page);
    await due.getByRole('button', { name: 'Open', exact: true }).click();
    await settled(due);
    const number = (await column(due, 'Invoice No.'))[0]!;
    await due.getByRole('searchbox', { name: 'Search invoices' }).fill(number);
    await expect(rowsOf(due)).toHaveCount(1);
    await expect(due.getByRole('button', { name: 'Open', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(due.getByRole('group', { name: 'Due filter' }).locator('[aria-pressed="true"]')).toHaveCount(0);
  });

  test('a star survives a reload and shows under Starred; unstarring takes it out', async ({ page }) => {
    await openInvoices(page);
    const due = section(page);
    await due.getByRole('button', { name: '90+', exact: true }).click();
    await settled(due);
    const star = due
      .getByRole('button', { name: /^Star invoice / })
      .and(due.locator('[aria-pressed="false"]'))
      .first();
    const label = (await star.getAttribute('aria-label'))!;
    await star.click();
    const same = due.getByRole('button', { name: label, exact: true });
    await expect(same).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(same).toHaveAttribute('aria-pressed', 'true');
    await due.getByRole('button', { name: 'Starred', exact: true }).click();
    await expect(same).toBeVisible();
    await same.click();
    await expect(same).toHaveCount(0);
  });

  test('Download Report exports every matching invoice in the two chosen columns', async ({ page }) => {
    await openInvoices(page);
    const due = section(page);
    await due.getByRole('button', { name: 'Open', exact: true }).click();
    await settled(due);
    const count = Number(
      (await due.getByText(/invoices ·/).innerText()).match(/([\d,]+)\s+invoices/)![1]!.replace(/,/g, ''),
    );
    expect(count).toBeGreaterThan(10);
    await due.getByRole('button', { name: 'Download Report' }).click();
    const report = page.getByRole('dialog', { name: 'Download Report' });
    await report.getByRole('checkbox', { name: 'Invoice Number' }).check();
    await report.getByRole('checkbox', { name: 'Balance Amount' }).check();
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    const csv = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim(), { skipEmptyLines: true });
    expect(csv.data[0]).toEqual(['Invoice Number', 'Balance Amount']);
    expect(csv.data.length - 1).toBe(count);
  });

  test('exported numbers stay numbers: a negative ageing is written as it is, so a spreadsheet can sum it', async ({
    page,
  }) => {
    await openInvoices(page);
    const due = section(page);
    // Open invoices include ones not yet due: their ageing (today - due date) is negative.
    await due.getByRole('button', { name: 'Open', exact: true }).click();
    await settled(due);
    await due.getByRole('button', { name: 'Download Report' }).click();
    const report = page.getByRole('dialog', { name: 'Download Report' });
    await report.getByRole('checkbox', { name: 'Invoice Number' }).check();
    await report.getByRole('checkbox', { name: 'Ageing (Days)' }).check();
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download' }).click();
    const csv = Papa.parse<string[]>(readFileSync(await (await downloading).path(), 'utf8').trim(), {
      skipEmptyLines: true,
    });
    expect(csv.data[0]).toEqual(['Invoice Number', 'Ageing (Days)']);
    const ageing = csv.data.slice(1).map((row) => row[1]!);
    expect(ageing.some((days) => days.startsWith('-'))).toBe(true);
    for (const days of ageing) expect(days).toMatch(/^-?\d+$/);
  });

  test('the detailed table filters by channel finance and status, shows the closed-status filter for Closed, and resets when collapsed', async ({
    page,
  }) => {
    await openInvoices(page);
    await section(page).getByRole('button', { name: 'Expand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detailed Invoice table' });
    await expect(rowsOf(dialog).first()).toBeVisible();
    await expect(dialog.getByLabel('Closed status')).toHaveCount(0);
    await dialog.getByLabel('Invoice status').selectOption('closed');
    await expect(dialog.getByLabel('Closed status')).toBeVisible();
    await dialog.getByLabel('Closed status').selectOption('credit');
    await expect.poll(async () => (await column(dialog, 'Status')).every((s) => s === 'Paid')).toBe(true);
    await expect.poll(async () => (await column(dialog, 'Settlement')).every((s) => s.endsWith('Credit'))).toBe(true);
    await dialog.getByLabel('Channel finance').selectOption('non_channel_finance');
    await rowsOf(dialog)
      .first()
      .getByRole('checkbox')
      .check()
      .catch(() => undefined);
    await page.keyboard.press('Escape');
    await section(page).getByRole('button', { name: 'Expand' }).click();
    await expect(dialog.getByLabel('Invoice status')).toHaveValue('all');
    await expect(dialog.getByLabel('Channel finance')).toHaveValue('all');
    await expect(dialog.getByText('0 selected')).toBeVisible();
  });

  test('the detailed table keeps its filters, page and ticked rows over a reload', async ({ page }) => {
    await openInvoices(page);
    await section(page).getByRole('button', { name: 'Expand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detailed Invoice table' });
    await dialog.getByLabel('Invoice status').selectOption('not_overdue');
    await settled(dialog);
    await rowsOf(dialog).nth(0).getByRole('checkbox').check();
    await rowsOf(dialog).nth(2).getByRole('checkbox').check();
    const firstPage = await column(dialog, 'Invoice No.');
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/detailed\.page=2/);
    await settled(dialog);
    await rowsOf(dialog).nth(1).getByRole('checkbox').check();
    const secondTicked = (await column(dialog, 'Invoice No.'))[1];
    await expect(dialog.getByText('3 selected')).toBeVisible();

    await page.reload();
    await expect(dialog).toBeVisible();
    await settled(dialog);
    await expect(dialog.getByLabel('Invoice status')).toHaveValue('not_overdue');
    await expect(dialog.getByText('3 selected')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: `Select invoice ${secondTicked}` })).toBeChecked();
    await dialog.getByRole('button', { name: 'Previous page' }).click();
    await settled(dialog);
    await expect(dialog.getByRole('checkbox', { name: `Select invoice ${firstPage[0]}` })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: `Select invoice ${firstPage[1]}` })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: `Select invoice ${firstPage[2]}` })).toBeChecked();
    // A filter change keeps the ticked rows; closing clears them with the filters.
    await dialog.getByLabel('Channel finance').selectOption('channel_finance');
    await expect(dialog.getByText('3 selected')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/detailed\./);
  });

  for (const theme of THEMES) {
    test(`the invoices page with the detailed table open has no axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openInvoices(page);
      await section(page).getByRole('button', { name: 'Expand' }).click();
      const dialog = page.getByRole('dialog', { name: 'Detailed Invoice table' });
      await expect(rowsOf(dialog).first()).toBeVisible();
      await rowsOf(dialog).first().getByRole('checkbox').check();
      await expectNoAxeViolations(page);
    });
  }
});
