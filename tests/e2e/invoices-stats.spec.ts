import { addDays, format, subDays } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { invoiceListQuery, invoiceStatsQuery, type InvoiceStatsParams } from '../../src/api/invoice-queries';
import { chartBuckets } from '../../src/domain/chart-periods';
import { formatDate } from '../../src/lib/format';
import { formatMoney, formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import { api, expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * The Invoices page's statistics, utilisation card and CSV upload. The figures are read from the provider
 * (through the app's proxy, with the page's own token) and compared with what the page shows.
 *
 * Uploads add invoices to the shared in-memory mock, so they run as anchor 1551 (its own book) with unique
 * invoice numbers, on a customer that no demo pay link uses; the accepted invoice is dated more than a year
 * back (outside every statistics window) and not yet due, so no other test's figures move.
 */

const STATS_LOGIN = 't1@anchor.test';
const UPLOAD_LOGIN = 'anchor1551@anchor.test';

/** A Rails-style query string, as the app's client writes it (`filter[status_in][]=open`); empty values left out. */
function toQueryString(query: object, prefix = ''): string {
  return Object.entries(query)
    .flatMap(([name, value]: [string, unknown]) => {
      const key = prefix === '' ? name : `${prefix}[${name}]`;
      if (value === undefined || value === null || value === '') return [];
      if (Array.isArray(value))
        return (value as (string | number)[]).map(
          (v) => `${encodeURIComponent(`${key}[]`)}=${encodeURIComponent(String(v))}`,
        );
      if (typeof value === 'object') return [toQueryString(value, key)].filter((q) => q !== '');
      return [`${encodeURIComponent(key)}=${encodeURIComponent(`${value as string | number | boolean}`)}`];
    })
    .join('&');
}

const short = (rupees: number) => formatShortMoney(rupeesToPaise(rupees));

interface StatsAnswer {
  data: {
    invoices_summary: Record<string, number>;
    overdue_invoices_summary: Record<string, number>;
    available_limits_summary: Record<string, number>;
    shared_invoices_graph_data: {
      filter_information: (
        { month: string; total_amount: number } | { weekly_data: { week: number; total_amount: number }[] }
      )[];
    };
    cleared_invoices_graph_data: { filter_information: unknown[] };
  };
}

const stats = (page: Page, params: InvoiceStatsParams) =>
  api<StatsAnswer>(page, `/invoices/stats?${toQueryString(invoiceStatsQuery(params, new Date()))}`);

/** Waits until a box or chart shows the answer for its current view. */
const settled = (scope: Locator) => expect(scope).toHaveAttribute('aria-busy', 'false');

async function openInvoices(page: Page, email: string) {
  await logInReady(page, email, { path: '/invoices' });
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
}

test.describe('invoice statistics', () => {
  test('the three boxes and the utilisation card show the provider figures; Monthly/Yearly changes Box 1', async ({
    page,
  }) => {
    await openInvoices(page, STATS_LOGIN);
    const box1 = page.getByTestId('stats-box-invoices');
    await settled(box1);
    const monthly = (await stats(page, { box: 'monthly', shared: 'yearly', cleared: 'yearly' })).data;
    const summary = monthly.invoices_summary;
    await expect(page.getByTestId('stats-shared')).toContainText(
      `Total Invoices Shared with Provider${short(summary.shared_invoice_total_amount!)}`,
    );
    await expect(page.getByTestId('stats-cleared')).toContainText(
      `Total Cleared${short(summary.total_cleared_amount!)}`,
    );
    await expect(page.getByTestId('stats-cleared-credit')).toHaveText(short(summary.cleared_using_provider_credit!));
    await expect(page.getByTestId('stats-cleared-pay')).toHaveText(short(summary.cleared_using_provider_pay!));
    await expect(box1).toContainText('Cleared using Limit (Provider Credit)');
    await expect(box1).toContainText(
      `This month: ${formatDate(format(new Date(), 'yyyy-MM-01'))} to ${formatDate(new Date())}`,
    );

    const outstanding = monthly.overdue_invoices_summary;
    await expect(page.getByTestId('stats-outstanding')).toHaveText(short(outstanding.total_overdue_invoices_amount!));
    await expect(page.getByTestId('stats-not-overdue')).toHaveText(short(outstanding.regular_open_invoices_amount!));
    await expect(page.getByTestId('stats-overdue-30')).toHaveText(short(outstanding.overdue_invoices_amount_30_days!));
    await expect(page.getByTestId('stats-overdue-90')).toHaveText(short(outstanding.overdue_invoices_amount_90_days!));
    await expect(page.getByTestId('stats-limit-total')).toHaveText(
      short(monthly.available_limits_summary.total_available_limit!),
    );
    await expect(page.getByTestId('stats-limit-open')).toHaveText(
      short(monthly.available_limits_summary.avl_limit_pertaining_for_open_invoices!),
    );
    await expect(page.getByTestId('stats-box-limit')).toContainText(
      'Limit Available for Drawdown pertaining to Not Overdue Invoices',
    );

    const details = await api<{ data: Record<string, number> }>(page, '/distributor_companies/details');
    const card = page.getByTestId('distributor-utilisation');
    await expect(card.getByTestId('utilisation-total_available_limit_for_drawdown')).toHaveText(
      short(details.data.total_available_limit_for_drawdown!),
    );
    await expect(card.getByTestId('utilisation-available_for_overdue_by_30')).toHaveText(
      short(details.data.available_for_overdue_by_30!),
    );
    await expect(card.getByTestId('utilisation-available_for_overdue_by_90')).toHaveText(
      short(details.data.available_for_overdue_by_90!),
    );

    // Yearly: Box 1 covers the last 364 days; the other boxes do not depend on it.
    const toggle = box1.getByRole('group', { name: 'Invoice summary period' });
    const yearlyRequest = page.waitForRequest(
      (r) => r.url().includes('/api/invoices/stats?') && r.url().includes('invoice_box=yearly'),
    );
    await toggle.getByRole('button', { name: 'Yearly' }).click();
    await yearlyRequest;
    await expect(toggle.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');
    await settled(box1);
    const yearly = (await stats(page, { box: 'yearly', shared: 'yearly', cleared: 'yearly' })).data.invoices_summary;
    expect(yearly.shared_invoice_total_amount).toBeGreaterThan(summary.shared_invoice_total_amount!);
    await expect(page.getByTestId('stats-shared')).toContainText(short(yearly.shared_invoice_total_amount!));
    await expect(page.getByTestId('stats-shared')).toContainText(
      `${yearly.shared_invoice_count!.toLocaleString('en-IN')} invoices`,
    );
    await expect(page.getByTestId('stats-cleared')).toContainText(short(yearly.total_cleared_amount!));
    await expect(page.getByTestId('stats-cleared-credit')).toHaveText(short(yearly.cleared_using_provider_credit!));
    await expect(box1.getByTestId('box-window')).toHaveText(
      `This year: ${formatDate(format(subDays(new Date(), 364), 'yyyy-MM-dd'))} to ${formatDate(new Date())}`,
    );
    await expect(page.getByTestId('stats-outstanding')).toHaveText(short(outstanding.total_overdue_invoices_amount!));

    await toggle.getByRole('button', { name: 'Monthly' }).click();
    await settled(box1);
    await expect(page.getByTestId('stats-shared')).toContainText(short(summary.shared_invoice_total_amount!));
  });

  test("the figures open their charts on their box's window, in view, one at a time, each with its own toggle", async ({
    page,
  }) => {
    await openInvoices(page, STATS_LOGIN);
    await settled(page.getByTestId('stats-box-invoices'));
    const boxBefore = (await page.getByTestId('stats-shared').textContent()) ?? '';
    const monthCaption = `This month: ${formatDate(format(new Date(), 'yyyy-MM-01'))} to ${formatDate(new Date())}`;

    // Box 1 is on Monthly: the chart opens on this month's weeks too, says so, and is brought into view.
    await page.getByTestId('stats-shared').click();
    await expect(page.getByTestId('stats-shared')).toHaveAttribute('aria-expanded', 'true');
    const shared = page.getByTestId('stats-chart-shared');
    await expect(shared.getByRole('heading', { name: 'Total Invoices' })).toBeVisible();
    await expect(shared.getByTestId('window-caption')).toHaveText(monthCaption);
    await expect(
      shared.getByRole('group', { name: 'Total Invoices chart period' }).getByRole('button', { name: 'Monthly' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await settled(shared);
    await expect(shared.getByRole('img', { name: 'Total Invoices, by week this month' })).toBeVisible();
    await expect(shared.locator('canvas')).toBeVisible();
    await expect(shared.locator('canvas')).toBeInViewport();
    await expect(shared).toContainText(/Week 1, [\d–]+ \w+: ₹/);

    // The chart's own toggle: the last 12 months; Box 1 keeps its view and figures. The figures behind the line
    // (read by screen readers) add up to the provider's month buckets: every calendar month of the window with
    // its year, oldest first.
    const chartToggle = shared.getByRole('group', { name: 'Total Invoices chart period' });
    await chartToggle.getByRole('button', { name: 'Yearly' }).click();
    await expect(chartToggle.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    await settled(shared);
    await expect(shared.getByRole('img', { name: 'Total Invoices, by month over the last 12 months' })).toBeVisible();
    await expect(shared.getByTestId('window-caption')).toContainText('This year: ');
    const yearly = (await stats(page, { box: 'monthly', shared: 'yearly', cleared: 'monthly' })).data
      .shared_invoices_graph_data.filter_information;
    const yearTotal = yearly.reduce(
      (sum, row) => sum + ('month' in row ? (rupeesToPaise(row.total_amount) ?? NaN) : 0),
      0,
    );
    const months = chartBuckets('yearly', new Date());
    expect(yearly).toHaveLength(months.length);
    await expect(shared).toContainText(new RegExp(`${months[0]!.name}: ₹.*${months.at(-1)!.name}: ₹`));
    await expect(shared).toContainText(`Total ${formatMoney(yearTotal)}.`);
    await expect(page.getByTestId('stats-box-invoices').getByRole('button', { name: 'Monthly' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('stats-shared')).toHaveText(boxBefore);

    // Cleared replaces it: bars split credit and pay, the tooltip gives the totals and the percent.
    await page.getByTestId('stats-cleared').click();
    await expect(shared).toHaveCount(0);
    const cleared = page.getByTestId('stats-chart-cleared');
    await expect(cleared.getByTestId('window-caption')).toHaveText(monthCaption);
    await expect(cleared.getByRole('img', { name: 'Cleared, by week this month' })).toBeVisible();
    await cleared.getByRole('group', { name: 'Cleared chart period' }).getByRole('button', { name: 'Yearly' }).click();
    await expect(cleared.getByRole('img', { name: 'Cleared, by month over the last 12 months' })).toBeVisible();
    await expect(cleared).toContainText(/Provider Credit ₹[\d,.]+, [\d.]+%; Provider Pay ₹/);
    const canvas = cleared.locator('canvas').first();
    await expect(canvas).toBeVisible();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6);
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.6);
    await expect(cleared.getByText(/Total cleared: ₹/)).toBeVisible();
    await expect(cleared.getByText(/Provider Credit: ₹[\d,.]+ \([\d.-]+%?\)/)).toBeVisible();

    await cleared.getByRole('button', { name: 'Close Cleared chart' }).click();
    await expect(page.locator('[data-testid^="stats-chart-"]')).toHaveCount(0);
    await expect(page.getByTestId('stats-cleared')).toHaveAttribute('aria-expanded', 'false');
  });
});

// ---------------------------------------------------------------------------------------------------
// CSV upload
// ---------------------------------------------------------------------------------------------------

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');
/** A unique invoice number prefix (numbers are at most 16 characters: this plus '-N' is 13). */
const uniquePrefix = () =>
  `E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 36 ** 2)
    .toString(36)
    .toUpperCase()
    .padStart(2, '0')}`;

/** A customer code of the logged-in anchor that no demo pay link uses (demo customers' owners are owner@...). */
async function ordinaryCustomerCode(page: Page): Promise<string> {
  const answer = await api<{
    data: {
      id: string;
      attributes?: { customer_code: string; primary_user_email: string };
      customer_code?: string;
      primary_user_email?: string;
    }[];
  }>(page, '/distributor_companies?items=50');
  const rows = answer.data.map((r) => r.attributes ?? (r as { customer_code: string; primary_user_email: string }));
  const ordinary = rows.find((r) => /^[a-z]+\.\d+@example\.in$/.test(r.primary_user_email));
  expect(ordinary, 'a seeded customer').toBeDefined();
  return ordinary!.customer_code;
}

async function openUploadModal(page: Page) {
  await page.getByRole('button', { name: 'Upload via CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Invoices via CSV' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseFile(page: Page, dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(file);
}

/** One accepted row and three refused ones (unknown customer, bad amount, due before the invoice date). */
function mixedCsv(header: string, prefix: string, code: string): Buffer {
  const lines = [
    header,
    `${prefix}-1,${code},${day(-400)},${day(30)},1234.50,`,
    `${prefix}-2,NOPE${prefix},${day(-10)},${day(20)},500,`,
    `${prefix}-3,${code},${day(-10)},${day(20)},abc,`,
    `${prefix}-4,${code},${day(-5)},${day(-10)},100,`,
  ];
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

async function templateHeader(page: Page, dialog: Locator): Promise<string> {
  const link = dialog.getByRole('link', { name: 'Download the invoice template (CSV)' });
  const href = await link.getAttribute('href');
  expect(href).toBe('/templates/invoice-upload-template.csv');
  const template = await page.request.get(href!);
  expect(template.status()).toBe(200);
  return (await template.text()).split(/\r?\n/)[0]!.trim();
}

/** The result's full table ('All rows (N)'; the refused rows have their own table above it). */
const allRowsTable = (dialog: Locator) => dialog.getByRole('table', { name: /^All rows/ });

/** The result table's rows as [invoice number, status, reason] by invoice number (the rows in view: a short file shows all). */
async function resultRows(dialog: Locator): Promise<Map<string, { status: string; reason: string }>> {
  const rows = allRowsTable(dialog).locator('tbody tr:not(.spacer)');
  const out = new Map<string, { status: string; reason: string }>();
  for (const row of await rows.all()) {
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    out.set(cells[1]!, { status: cells[2]!, reason: cells[3]! });
  }
  return out;
}

test.describe('CSV upload', () => {
  test('a mixed file: each row says whether it was stored and why not; the lists refresh; Back gives the form', async ({
    page,
  }) => {
    await openInvoices(page, UPLOAD_LOGIN);
    const code = await ordinaryCustomerCode(page);
    const dialog = await openUploadModal(page);
    await expect(dialog.getByRole('radio', { name: 'Invoices' })).toBeChecked();
    await expect(dialog).toContainText('Step 1: download a template.');
    await expect(dialog).toContainText('Step 2: select a file by dragging or by button.');
    const header = await templateHeader(page, dialog);
    expect(header).toBe('invoice_number,customer_code,invoice_date,due_date,amount,erp_invoice_id');

    const prefix = uniquePrefix();
    await chooseFile(page, dialog, { name: 'mixed.csv', mimeType: 'text/csv', buffer: mixedCsv(header, prefix, code) });
    await expect(dialog.getByTestId('csv-selected-file')).toContainText('mixed.csv');

    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('heading', { name: 'Upload processed' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('4 rows read: 1 accepted, 3 refused.');

    const rows = await resultRows(dialog);
    expect([...rows.keys()]).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`, `${prefix}-4`]);
    // The refused rows come first, in a table of their own.
    const refused = dialog.getByRole('table', { name: 'Refused rows (3)' });
    await expect(refused.locator('tbody tr:not(.spacer) td:nth-child(2)')).toHaveText([
      `${prefix}-2`,
      `${prefix}-3`,
      `${prefix}-4`,
    ]);
    expect(rows.get(`${prefix}-1`)).toEqual({ status: 'Success', reason: '-' });
    expect(rows.get(`${prefix}-2`)).toEqual({
      status: 'Failed',
      reason: `Row 3: customer_code NOPE${prefix} is not one of your customers`,
    });
    expect(rows.get(`${prefix}-3`)!.status).toBe('Failed');
    expect(rows.get(`${prefix}-3`)!.reason).toContain("Row 4: amount 'abc' is not an amount in rupees");
    expect(rows.get(`${prefix}-4`)!.reason).toBe(`Row 5: due_date ${day(-10)} is before the invoice_date ${day(-5)}`);

    // A processed file refreshes the invoice lists (and with them the 'Add New Invoices' date) and the statistics.
    await expect
      .poll(() => requests.slice(requests.indexOf('POST /api/invoices/upload')))
      .toEqual(expect.arrayContaining(['POST /api/invoices/upload', 'GET /api/invoices', 'GET /api/invoices/stats']));
    const meta = await api<{ meta: { last_invoices_upload: string | null } }>(
      page,
      `/invoices?${toQueryString(invoiceListQuery({ filter: 'due_today' }))}`,
    );
    expect(meta.meta.last_invoices_upload! >= new Date(Date.now() - 60_000).toISOString()).toBe(true);
    await expect(page.getByTestId('last-invoice-received')).toHaveText(formatDate(meta.meta.last_invoices_upload));

    // Only the good row was stored.
    const stored = await api<{ data: { attributes: { document_number: string; customer_code: string } }[] }>(
      page,
      `/invoices?${toQueryString(invoiceListQuery({ filter: null, search: prefix }))}`,
    );
    expect(stored.data.map((r) => [r.attributes.document_number, r.attributes.customer_code])).toEqual([
      [`${prefix}-1`, code],
    ]);

    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('table')).toHaveCount(0);
    await expect(dialog).toContainText('No file chosen');
    await expect(dialog.getByRole('button', { name: 'Upload' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Upload via CSV' })).toBeFocused();
  });

  test('a file that is not CSV, or is over 5 MB, is refused before anything is sent', async ({ page }) => {
    await openInvoices(page, UPLOAD_LOGIN);
    const dialog = await openUploadModal(page);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/invoices/upload')) uploads.push(r.url());
    });

    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a CSV file (up to 5 MB) to upload.');

    // Dropped on the drop zone.
    const picture = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' }));
      return transfer;
    });
    await dialog.getByTestId('csv-drop-zone').dispatchEvent('drop', { dataTransfer: picture });
    await expect(dialog.getByRole('alert')).toHaveText(
      "'photo.png' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8).",
    );
    await expect(dialog).toContainText('No file chosen');

    // Chosen with the button: a workbook, then a CSV over the limit.
    await chooseFile(page, dialog, {
      name: 'invoices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('PK\u0003\u0004'),
    });
    await expect(dialog.getByRole('alert')).toContainText("'invoices.xlsx' is not a CSV file");
    await chooseFile(page, dialog, {
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(6 * 1024 * 1024, 'a'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      "'huge.csv' is 6.0 MB; files up to 5 MB can be uploaded. Split it into smaller files.",
    );
    // Upload keeps the refusal in view and sends nothing; so does Upload with no file at all.
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toContainText("'huge.csv' is 6.0 MB");
    await expect(dialog).toContainText('No file chosen');
    expect(uploads).toEqual([]);

    // The drop zone works from the keyboard: Enter opens the file picker.
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('csv-drop-zone').focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'ok.csv', mimeType: 'text/csv', buffer: Buffer.from('invoice_number\r\n') });
    await expect(dialog.getByTestId('csv-selected-file')).toContainText('ok.csv');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test("a file the provider refuses as a whole shows 'Error' with its reason; Back keeps the file", async ({
    page,
  }) => {
    await openInvoices(page, UPLOAD_LOGIN);
    const dialog = await openUploadModal(page);
    await chooseFile(page, dialog, {
      name: 'wrong-header.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('number,customer\r\nX1,Y1\r\n'),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('heading', { name: 'Error' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText('The header row does not match the invoice template');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByTestId('csv-selected-file')).toContainText('wrong-header.csv');
  });

  test('a 10,000-row file: read off the page, the counts and the refused rows first, at most 500 rows in the DOM, the list scrolls to its last row', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openInvoices(page, UPLOAD_LOGIN);
    const code = await ordinaryCustomerCode(page);
    const dialog = await openUploadModal(page);
    const header = await templateHeader(page, dialog);
    // Invoice numbers are at most 16 characters: 10 here, '-10000' at most.
    const prefix = uniquePrefix().slice(0, 10);
    const ROWS = 10_000;
    const refusedAt = [2_500, 5_000, 7_500, 10_000];
    const lines = [header];
    for (let i = 1; i <= ROWS; i += 1)
      lines.push(
        `${prefix}-${i},${code},${day(-400)},${day(30)},${refusedAt.includes(i) ? 'abc' : `${1000 + (i % 9000)}.00`},`,
      );
    await chooseFile(page, dialog, {
      name: 'ten-thousand.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\r\n') + '\r\n'),
    });
    await expect(dialog.getByTestId('csv-selected-file')).toContainText('ten-thousand.csv');

    // The file is read in a Web Worker before it is sent.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('heading', { name: 'Upload processed' })).toBeVisible({ timeout: 60_000 });
    expect(
      workers.some((url) => /csv-read/.test(url)),
      workers.join(', '),
    ).toBe(true);

    await expect(dialog.getByRole('status')).toHaveText('10,000 rows read: 9,996 accepted, 4 refused.');
    const refused = dialog.getByRole('table', { name: 'Refused rows (4)' });
    await expect(refused.locator('tbody tr:not(.spacer) td:nth-child(2)')).toHaveText(
      refusedAt.map((i) => `${prefix}-${i}`),
    );
    await expect(refused.locator('tbody tr:not(.spacer)').first()).toContainText(
      `Row 2501: amount 'abc' is not an amount in rupees`,
    );
    const all = allRowsTable(dialog);
    await expect(all).toHaveAttribute('aria-rowcount', String(ROWS + 1));
    expect(await dialog.locator('tbody tr').count()).toBeLessThanOrEqual(500);
    await expect(all.locator('tbody tr:not(.spacer)').first()).toContainText(`${prefix}-1`);

    // The keyboard scrolls the list (its region takes focus); the last row comes into view, still with few rows in the DOM.
    const region = dialog.getByRole('region', { name: /^All rows/ });
    await region.focus();
    await page.keyboard.press('End');
    const last = all.getByRole('row').filter({ hasText: `${prefix}-${ROWS}` });
    await expect(last).toBeVisible();
    await expect(last).toHaveAttribute('aria-rowindex', String(ROWS + 1));
    await expect(last).toContainText('Failed');
    expect(await dialog.locator('tbody tr').count()).toBeLessThanOrEqual(500);
    // Scrolled by the pointer to the middle, it shows the rows there.
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
    const rowIndexes = () =>
      all
        .locator('tbody tr[aria-rowindex]')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('aria-rowindex'))));
    await expect.poll(async () => (await rowIndexes()).some((i) => i > 4_000 && i < 6_000)).toBe(true);

    // At phone width nothing scrolls sideways: not the page, the dialog or the lists.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(last.or(all.locator('tbody tr:not(.spacer)').first())).toBeVisible();
    const overflow = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('dialog[open], dialog[open] [role="region"]')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.tagName + (el.getAttribute('aria-labelledby') ?? '')),
    );
    expect(overflow).toEqual([]);
    await expectNoAxeViolations(page);
  });

  for (const theme of THEMES) {
    test(`no axe violations with the upload modal open (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      await openInvoices(page, UPLOAD_LOGIN);
      await settled(page.getByTestId('stats-box-invoices'));
      const dialog = await openUploadModal(page);
      await chooseFile(page, dialog, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('PNG') });
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);

      const code = await ordinaryCustomerCode(page);
      await chooseFile(page, dialog, {
        name: 'mixed.csv',
        mimeType: 'text/csv',
        buffer: mixedCsv(await templateHeader(page, dialog), uniquePrefix(), code),
      });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await expect(allRowsTable(dialog)).toBeVisible();
      await expect(dialog.getByRole('table', { name: /^Refused rows/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
