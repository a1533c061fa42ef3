import { addDays, format, subMonths } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { creditLimitEligible } from '../../src/domain/lending';
import { formatMoney, formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import { formatPercent } from '../../src/lib/format';
import { api, expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * The pipeline page (spec 2 §2.5, §4): the Credit Line Summary against the provider's answer, the two fund
 * tables with their segment and region filters, phone widths; and the customer-master wizard (§2.6):
 * master, history, Complete, and the new customers graded in the dashboard's New Leads; the error step
 * with Back; Skip. The wizard's uploads add customers to the shared mock, each run under unique codes.
 */

const LOGIN = 't1@anchor.test';
const H24 = 'Funds Available in 24 Hours';
const D5 = 'Funds Available in 5 working days (Need KYC + Financial Documents)';
const FUND_COLUMNS = [
  'Customer Name',
  'Customer ID',
  'Amount Receivable',
  'Customer Invoice Overdue Status',
  'Risk',
  'Eligibility',
];

interface CreditLineSummary {
  last_uploaded_invoice: string | null;
  utilised_limit_summary: { utilised_limit_percentage: number };
  total_credit_limit_available: { total: number; active_distributors: number };
  total_credit_limit_sanctioned: { total: number };
  yet_to_avail_credit_details: { regular: number; '30_days': number; '90_days': number; total: number };
}
interface UploadMeta {
  file_id: string;
  csvtype: string;
  total_rows: number;
  rejected_rows: number;
}
interface EvaluationAnswer {
  evaluated: number;
  graded: number;
  need_more_data: number;
  eligibility_total: number;
  customers: { customer_code: string; name: string; risk_grading: string }[];
}
interface FundAnswer {
  data: {
    attributes: {
      name: string;
      customer_code: string;
      region: string;
      overdue_by_days: number;
      risk_grading: string;
      eligibility_amount: number;
    };
  }[];
  pagy: { count: number };
}

/** Rupees on the wire as exact paise. */
const paise = (rupees: number) => {
  const value = rupeesToPaise(rupees);
  expect(value, `${rupees} is an amount`).not.toBeNull();
  return value!;
};
/** A '₹1,23,456.78' text as paise. */
const moneyText = (text: string) => {
  const value = rupeesToPaise(text.trim().replace('₹', ''), { grouping: true });
  expect(value, `'${text}' is an amount`).not.toBeNull();
  return value!;
};

/** A card's lines: each <dt> and the amount in its <dd>, as paise. */
async function cardLines(card: Locator): Promise<Map<string, number>> {
  const lines = new Map<string, number>();
  for (const dt of await card.locator('dt').all())
    lines.set((await dt.innerText()).trim(), moneyText(await dt.locator('xpath=following-sibling::dd[1]').innerText()));
  return lines;
}

/** How far the page scrolls sideways (0 when it does not). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const fundTable = (page: Page, title: string) =>
  page
    .getByRole('region', { name: title, exact: true })
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const rowsOf = (scope: Locator) => scope.locator('tbody tr').filter({ has: scope.page().locator('td:nth-child(2)') });
const settled = (scope: Locator) =>
  expect(scope.locator('[role="region"][aria-busy]')).toHaveAttribute('aria-busy', 'false');
const creditLine = (page: Page) =>
  api<{ data: CreditLineSummary }>(page, '/loan_applications/credit_line_summary').then((a) => a.data);
const funds = (page: Page, query: string) => api<FundAnswer>(page, `/distributor_companies/fund_available?${query}`);

async function column(scope: Locator, header: string): Promise<string[]> {
  const headers = (await scope.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return (
    await rowsOf(scope)
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts()
  ).map((t) => t.trim());
}

async function openPipeline(page: Page) {
  await logInReady(page, LOGIN, { path: '/my-pipeline' });
  await expect(page.getByRole('heading', { name: 'Credit Limit Eligibility', level: 1 })).toBeVisible();
  await expect(page.getByTestId('yet-to-avail-card').locator('dl')).toBeVisible();
  await settled(fundTable(page, H24));
  await settled(fundTable(page, D5));
}

/** Every page of a fund table as it is filtered now: the names and overdue statuses, page by page through Next. */
async function everyRow(table: Locator) {
  const names: string[] = [];
  const statuses: string[] = [];
  const pager = table.getByRole('navigation');
  for (let pageNumber = 1; ; pageNumber++) {
    await expect(pager).toContainText(`Showing ${(pageNumber - 1) * 10 + 1} to`);
    await settled(table);
    names.push(...(await column(table, 'Customer Name')));
    statuses.push(...(await column(table, 'Customer Invoice Overdue Status')));
    const next = table.getByRole('button', { name: 'Next page' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  return { names, statuses };
}

test.describe('pipeline page', () => {
  test('the Credit Line Summary shows the provider’s figures; Yet to Avail’s lines add up to its total', async ({
    page,
  }) => {
    await openPipeline(page);
    await expect(page.getByRole('heading', { name: 'Credit Line Summary', level: 2 })).toBeVisible();
    const upload = page.getByTestId('pipeline-upload-card');
    await expect(upload.getByRole('heading', { name: 'Add New Invoices and Customers' })).toBeVisible();
    await expect(upload.getByRole('button', { name: 'New Invoices' })).toBeVisible();
    await expect(upload.getByRole('button', { name: 'Customer Master' })).toBeVisible();

    // The wizard's test may grade new customers meanwhile (Yet to Avail grows): compare one answer with the page that shows it.
    await expect(async () => {
      await page.reload();
      const yet = page.getByTestId('yet-to-avail-card');
      await expect(yet.locator('dl')).toBeVisible();
      const d = await creditLine(page);
      await expect(page.getByTestId('pipeline-last-invoice')).toHaveText(
        d.last_uploaded_invoice === null ? '-' : /\d{4}/,
        { timeout: 1_000 },
      );
      // Eligible: what approved customers were sanctioned plus what the leads have yet to avail.
      const eligible = page.getByTestId('eligible-card');
      const sanctioned = paise(d.total_credit_limit_sanctioned.total);
      const yetToAvail = paise(d.yet_to_avail_credit_details.total);
      await expect(eligible.locator('.value')).toHaveText(
        formatShortMoney(creditLimitEligible({ sanctioned, yetToAvail })),
        { timeout: 1_000 },
      );
      expect(await cardLines(eligible)).toEqual(
        new Map([
          ['Sanctioned', sanctioned],
          ['Yet to avail', yetToAvail],
        ]),
      );
      const available = page.getByTestId('available-card');
      await expect(available.locator('.value')).toHaveText(
        formatShortMoney(paise(d.total_credit_limit_available.total)),
        { timeout: 1_000 },
      );
      await expect(available).toContainText(
        `${formatPercent(d.utilised_limit_summary.utilised_limit_percentage)} of the sanctioned limit utilised`,
        { timeout: 1_000 },
      );
      await expect(available).toContainText(
        `${d.total_credit_limit_available.active_distributors.toLocaleString('en-IN')} active customers`,
        { timeout: 1_000 },
      );
      await expect(available.getByRole('progressbar', { name: 'Utilised limit' })).toBeVisible({ timeout: 1_000 });

      const y = d.yet_to_avail_credit_details;
      await expect(yet.locator('.value')).toHaveText(formatShortMoney(paise(y.total)), { timeout: 1_000 });
      const lines = await cardLines(yet);
      expect([...lines.keys()]).toEqual(['Regular', '1-30 days', '30+ days', '90+ days (of 30+)']);
      expect(lines.get('Regular')).toBe(paise(y.regular));
      expect(lines.get('30+ days')).toBe(paise(y['30_days']));
      expect(lines.get('90+ days (of 30+)')).toBe(paise(y['90_days']));
      expect(lines.get('1-30 days')).toBeGreaterThanOrEqual(0);
      // Regular, 1-30 and 30+ make the total; 90+ is part of 30+.
      expect(lines.get('Regular')! + lines.get('1-30 days')! + lines.get('30+ days')!).toBe(paise(y.total));
      expect(lines.get('90+ days (of 30+)')!).toBeLessThanOrEqual(lines.get('30+ days')!);
    }).toPass({ timeout: 20_000 });
  });

  test('the fund tables have their titles and columns; 30+ on the 24-hour table lists Krishna Valley Traders, not Sabari Foods', async ({
    page,
  }) => {
    await openPipeline(page);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Credit Line Summary', H24, D5]);
    for (const title of [H24, D5]) {
      expect((await fundTable(page, title).locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual(
        FUND_COLUMNS,
      );
    }
    const table = fundTable(page, H24);
    const segments = table.getByRole('group', { name: `${H24}: overdue segment` });
    expect((await segments.getByRole('button').allInnerTexts()).map((t) => t.trim())).toEqual([
      'All',
      'Regular',
      '30+',
      '90+',
    ]);
    const sent = page.waitForRequest((r) => {
      const q = new URL(r.url()).searchParams;
      return (
        r.url().includes('/api/distributor_companies/fund_available?') &&
        q.get('filter[fund_in_days]') === '1' &&
        q.get('filter[overdue_by_days]') === '30' &&
        q.get('filter[overdue_criteria]') === 'greater_than'
      );
    });
    await segments.getByRole('button', { name: '30+', exact: true }).click();
    await sent;
    await expect(segments.getByRole('button', { name: '30+', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/fund1\.f\.segment=30_plus/);
    const over30 = await funds(
      page,
      'filter[fund_in_days]=1&filter[overdue_by_days]=30&filter[overdue_criteria]=greater_than',
    );
    await expect(table.getByRole('navigation')).toContainText(
      `of ${over30.pagy.count.toLocaleString('en-IN')} customers`,
    );
    const { names, statuses } = await everyRow(table);
    expect(names.length).toBe(over30.pagy.count);
    expect(names).toContain('Krishna Valley Traders');
    expect(names).not.toContain('Sabari Foods');
    // Low and Medium grades are never more than 90 days overdue.
    for (const status of statuses) expect(status).toMatch(/^30\+ days \(\d+ days\)$/);
    expect(statuses[names.indexOf('Krishna Valley Traders')]).toBe('30+ days (45 days)');
    // The other table keeps its own filter.
    await expect(fundTable(page, D5).getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Sabari Foods is a regular customer: under Regular in the south.
    await segments.getByRole('button', { name: 'Regular', exact: true }).click();
    await table.getByLabel('Region').selectOption('south');
    await expect(page).toHaveURL(/fund1\.region=south/);
    await expect(page).not.toHaveURL(/fund1\.page=/);
    const regular = await everyRow(table);
    expect(regular.names).toContain('Sabari Foods');
    expect(new Set(regular.statuses)).toEqual(new Set(['Regular']));
  });

  test('the region filter shows only that region’s customers and stays in the URL', async ({ page }) => {
    await openPipeline(page);
    const table = fundTable(page, D5);
    const sent = page.waitForRequest(
      (r) =>
        r.url().includes('/api/distributor_companies/fund_available?') &&
        new URL(r.url()).searchParams.get('filter[region]') === 'east',
    );
    await table.getByLabel('Region').selectOption('east');
    await sent;
    await expect(page).toHaveURL(/fund5\.region=east/);
    await settled(table);
    const east = await funds(page, 'filter[fund_in_days]=5&filter[region]=east');
    expect(east.data.length).toBeGreaterThan(0);
    expect(east.data.every((r) => r.attributes.region === 'east')).toBe(true);
    await expect(table.getByRole('navigation')).toContainText(
      `of ${east.pagy.count.toLocaleString('en-IN')} customers`,
    );
    const all = await everyRow(table);
    expect(all.names.length).toBe(east.pagy.count);
    expect(all.names).toContain('Pennar Distributors');
    expect(all.names).not.toContain('Sharavati Essentials'); // north
    await page.reload();
    await settled(fundTable(page, D5));
    await expect(fundTable(page, D5).getByLabel('Region')).toHaveValue('east');
    await expect(fundTable(page, H24).getByLabel('Region')).toHaveValue('all');
  });

  for (const theme of THEMES) {
    test(`the pipeline page has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await openPipeline(page);
      await expectNoAxeViolations(page);
    });
  }
});

/** Pages a fund table (as filtered now) through Next until the customer's row shows; that row. */
async function showRow(table: Locator, name: string): Promise<Locator> {
  const row = rowsOf(table).filter({ has: table.page().getByRole('cell', { name, exact: true }) });
  for (;;) {
    await settled(table);
    if ((await row.count()) > 0) return row;
    const next = table.getByRole('button', { name: 'Next page' });
    expect(await next.isDisabled(), `${name} is in the table`).toBe(false);
    await next.click();
  }
}

// Pipeline figures a lender would sign, where they were read: t1@anchor.test on a 1440 x 900 screen in the dark theme.
test.describe('pipeline figures a lender would sign (1440 x 900, dark)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Eligible holds Yet to Avail, which is the fund tables’ eligibility; no grade is better than its overdue days', async ({
    page,
  }) => {
    await useTheme(page, 'dark');
    await openPipeline(page);
    const eligible = page.getByTestId('eligible-card');
    const yet = page.getByTestId('yet-to-avail-card');
    // The wizard's tests may grade new customers meanwhile: one answer, the page that shows it, and the rows of the same moment.
    await expect(async () => {
      await page.reload();
      await expect(yet.locator('dl')).toBeVisible();
      const d = await creditLine(page);
      const rows: (FundAnswer['data'][number]['attributes'] & { days: string })[] = [];
      for (const days of ['1', '5']) {
        for (let pageNumber = 1; ; pageNumber++) {
          const answer = await funds(page, `filter[fund_in_days]=${days}&items=100&page=${pageNumber}`);
          rows.push(...answer.data.map((r) => ({ ...r.attributes, days })));
          if (pageNumber * 100 >= answer.pagy.count) break;
        }
      }
      const inTables = rows.reduce((sum, r) => sum + paise(r.eligibility_amount), 0);
      expect(paise(d.yet_to_avail_credit_details.total)).toBe(inTables);
      const sanctioned = paise(d.total_credit_limit_sanctioned.total);
      await expect(eligible.locator('.value')).toHaveText(formatShortMoney(sanctioned + inTables), { timeout: 1_000 });
      await expect(yet.locator('.value')).toHaveText(formatShortMoney(inTables), { timeout: 1_000 });
      expect((await cardLines(eligible)).get('Yet to avail')).toBe(inTables);
      for (const r of rows) {
        if (r.overdue_by_days > 90) expect(r.risk_grading, `${r.name}, ${r.overdue_by_days} days overdue`).toBe('H');
        if (r.overdue_by_days > 30)
          expect(r.risk_grading, `${r.name}, ${r.overdue_by_days} days overdue`).not.toBe('L');
      }
    }).toPass({ timeout: 30_000 });
    await expect(eligible).toContainText(
      'Sanctioned to approved customers, plus what the leads below are eligible for and have yet to avail',
    );

    // Nobody more than 90 days overdue is funded in 24 hours.
    const h24 = fundTable(page, H24);
    await h24
      .getByRole('group', { name: `${H24}: overdue segment` })
      .getByRole('button', { name: '90+', exact: true })
      .click();
    await settled(h24);
    await expect(h24.getByText('No data found.')).toBeVisible();
    await expect(rowsOf(h24)).toHaveCount(0);

    // Mahanadi Provisions paid nine invoices on time but has one 120 days overdue: High, in the 5-day table.
    const d5 = fundTable(page, D5);
    await d5
      .getByRole('group', { name: `${D5}: overdue segment` })
      .getByRole('button', { name: '90+', exact: true })
      .click();
    await d5.getByLabel('Region').selectOption('east');
    await expect(page).toHaveURL(/fund5\.region=east/);
    const mahanadi = await showRow(d5, 'Mahanadi Provisions');
    await expect(mahanadi.locator('td').nth(3)).toHaveText('90+ days (120 days)');
    await expect(mahanadi.locator('td').nth(4)).toHaveText('High');

    // Eligibility is never more than a customer was billed: Cauvery Consumer Goods has one invoice of ₹15,000.
    await d5
      .getByRole('group', { name: `${D5}: overdue segment` })
      .getByRole('button', { name: 'Regular', exact: true })
      .click();
    await d5.getByLabel('Region').selectOption('south');
    await expect(page).toHaveURL(/fund5\.region=south/);
    const row = await showRow(d5, 'Cauvery Consumer Goods');
    await expect(row.locator('td').nth(2)).toHaveText('₹15,000.00');
    await expect(row.locator('td').nth(5)).toHaveText('₹15,000.00');
    await expectNoAxeViolations(page);
  });
});

for (const width of [360, 390]) {
  test.describe(`pipeline page on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

    test('does not scroll sideways, with its tables paged', async ({ page }) => {
      await openPipeline(page);
      // Before: the pager's controls (Prev, 'Page 1 of 12', Next, 'Go to page') did not wrap and made the page 376 px wide at 360.
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const table = fundTable(page, H24);
      await table.getByRole('button', { name: 'Next page' }).click();
      await expect(table.getByRole('navigation')).toContainText('Showing 11 to');
      await settled(table);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const goTo = table.getByLabel('Go to page');
      const box = await goTo.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The customer-master wizard
// ---------------------------------------------------------------------------------------------------

const day = (date: Date) => format(date, 'yyyy-MM-dd');
/** A unique stamp per call (codes are at most 20 characters, invoice numbers 16). */
const uniqueStamp = () =>
  `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 36 ** 2)
    .toString(36)
    .toUpperCase()
    .padStart(2, '0')}`;

interface NewCustomer {
  code: string;
  name: string;
  region: string;
  /** Invoices in the history, one a month, all of this amount (rupees). */
  amount: number;
  /** How many of the 10 history invoices were paid late (the rest on time). */
  late: number;
}

const newCustomers = (stamp: string): NewCustomer[] => [
  { code: `E2E${stamp}A`, name: `E2E Lead ${stamp} A`, region: 'west', amount: 20_000, late: 1 },
  { code: `E2E${stamp}B`, name: `E2E Lead ${stamp} B`, region: 'north', amount: 35_500, late: 2 },
];

/** The template's header row (the file the wizard's link downloads). */
async function templateHeader(page: Page, dialog: Locator, linkName: string): Promise<string[]> {
  const href = await dialog.getByRole('link', { name: linkName }).getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  return (await response.text())
    .split(/\r?\n/)[0]!
    .split(',')
    .map((c) => c.trim());
}

/** A CSV of rows written under the template's header, each cell by its column name. */
const csvOf = (header: string[], rows: Record<string, string>[]) =>
  Buffer.from([header.join(','), ...rows.map((r) => header.map((h) => r[h] ?? '').join(','))].join('\r\n') + '\r\n');

function masterRows(customers: NewCustomer[]): Record<string, string>[] {
  return customers.map((c, i) => ({
    customer_code: c.code,
    name: c.name,
    region: c.region,
    primary_user_name: `Owner ${c.code}`,
    primary_user_email: `${c.code.toLowerCase()}@example.in`,
    primary_user_mobile: `98${String(Date.now() + i).slice(-8)}`,
    city: 'Pune',
    state: 'Maharashtra',
    pin_code: '411001',
  }));
}

/** Ten monthly invoices each, 2 to 11 months back, due in 30 days; `late` of them paid 10 days late, the rest 2 days early. */
function historyRows(customers: NewCustomer[], stamp: string): Record<string, string>[] {
  const today = new Date();
  return customers.flatMap((c, ci) =>
    Array.from({ length: 10 }, (_, i) => {
      const invoiceDate = subMonths(today, i + 2);
      const dueDate = addDays(invoiceDate, 30);
      const paid = i < c.late ? addDays(dueDate, 10) : addDays(dueDate, -2);
      return {
        customer_code: c.code,
        invoice_number: `H${stamp}-${'AB'[ci]}${i}`,
        invoice_date: day(invoiceDate),
        due_date: day(dueDate),
        amount: String(c.amount),
        payment_date: day(paid),
      };
    }),
  );
}

async function openWizard(page: Page) {
  await page.getByTestId('pipeline-upload-card').getByRole('button', { name: 'Customer Master' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customer Master' });
  await expect(dialog.getByRole('heading', { name: 'Upload Customer Master via CSV' })).toBeVisible();
  return dialog;
}

async function chooseFile(page: Page, dialog: Locator, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer });
  await expect(dialog.getByTestId('csv-selected-file')).toContainText(name);
}

const currentStep = (dialog: Locator) =>
  dialog.getByRole('list', { name: 'Wizard steps' }).locator('[aria-current="step"]');

test.describe('customer-master wizard', () => {
  test('master, history and Complete grade the new customers; they show in New Leads with a risk grade and eligibility', async ({
    page,
  }) => {
    await openPipeline(page);
    const dialog = await openWizard(page);
    await expect(currentStep(dialog)).toContainText('Step 1 of 3');
    const stamp = uniqueStamp();
    const customers = newCustomers(stamp);

    const masterHeader = await templateHeader(page, dialog, 'Download the customer master template (CSV)');
    expect(masterHeader).toEqual([
      'customer_code',
      'name',
      'region',
      'primary_user_name',
      'primary_user_email',
      'primary_user_mobile',
      'city',
      'state',
      'pin_code',
    ]);
    await chooseFile(page, dialog, 'master.csv', csvOf(masterHeader, masterRows(customers)));
    const masterAnswer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/distributor_companies/upload'),
    );
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const masterMeta = ((await (await masterAnswer).json()) as { meta: UploadMeta }).meta;
    expect(masterMeta).toMatchObject({ csvtype: 'demographic_data', total_rows: customers.length, rejected_rows: 0 });
    const masterFileId = masterMeta.file_id;
    await expect(
      dialog.getByRole('heading', { name: 'Upload Customer historical invoice data via CSV' }),
    ).toBeVisible();
    await expect(currentStep(dialog)).toContainText('Step 2 of 3');
    await expect(dialog.getByText(/rejected/)).toHaveCount(0);

    const historyHeader = await templateHeader(page, dialog, 'Download the customer history template (CSV)');
    expect(historyHeader).toEqual([
      'customer_code',
      'invoice_number',
      'invoice_date',
      'due_date',
      'amount',
      'payment_date',
    ]);
    await chooseFile(page, dialog, 'history.csv', csvOf(historyHeader, historyRows(customers, stamp)));
    const historyAnswer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/distributor_companies/upload'),
    );
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const historyMeta = ((await (await historyAnswer).json()) as { meta: UploadMeta }).meta;
    expect(historyMeta).toMatchObject({
      csvtype: 'transaction_data',
      total_rows: 10 * customers.length,
      rejected_rows: 0,
    });
    const historyFileId = historyMeta.file_id;
    await expect(dialog.getByRole('heading', { name: 'Credit Evalution Service' })).toBeVisible();
    await expect(currentStep(dialog)).toContainText('Step 3 of 3');
    const uploaded = dialog.getByLabel('Uploaded files');
    await expect(uploaded).toContainText('master.csv (all rows accepted)');
    await expect(uploaded).toContainText('history.csv (all rows accepted)');
    await expectNoAxeViolations(page);

    const evaluated = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/distributor_companies/credit_evaluation'),
    );
    await dialog.getByRole('button', { name: 'Complete' }).click();
    const answer = await evaluated;
    // Only the two files' customers: both graded from their ten invoices.
    expect(answer.request().postDataJSON()).toEqual({ file_ids: [masterFileId, historyFileId] });
    const result = ((await answer.json()) as { data: EvaluationAnswer }).data;
    await expect(dialog.getByRole('heading', { name: 'Credit evaluation complete' })).toBeVisible();
    expect(result).toMatchObject({ evaluated: customers.length, graded: customers.length, need_more_data: 0 });
    await expect(dialog.getByRole('status')).toHaveText(
      '2 customers from the uploaded files evaluated: 2 graded, 0 need more data.',
    );
    await expect(dialog.getByRole('list', { name: 'Evaluated customers' }).getByRole('listitem')).toHaveText([
      `${customers[0]!.name} (${customers[0]!.code}): Low, eligibility ${formatMoney(paise(3 * customers[0]!.amount))}; 9 of 10 invoices paid by the due date.`,
      `${customers[1]!.name} (${customers[1]!.code}): Medium, eligibility ${formatMoney(paise(Math.floor((3 * customers[1]!.amount) / 1000) * 1000))}; 8 of 10 invoices paid by the due date.`,
    ]);
    await expect(dialog).toContainText(formatMoney(paise(result.eligibility_total)));
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    // On to the dashboard through the menu: New Leads lists each new customer, graded, with its eligibility.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByTestId('lead-card-new_leads').click();
    const leads = page.getByRole('dialog', { name: 'New Leads' });
    await expect(leads).toBeVisible();
    // 9 of 10 paid on time is Low risk, 8 of 10 Medium; eligibility is 3 x the monthly invoice total.
    const expected = [
      { risk: 'Low', eligibility: formatMoney(paise(3 * customers[0]!.amount)) },
      { risk: 'Medium', eligibility: formatMoney(paise(Math.floor((3 * customers[1]!.amount) / 1000) * 1000)) },
    ];
    for (const [i, customer] of customers.entries()) {
      await leads.getByRole('searchbox', { name: 'Search leads' }).fill(customer.name);
      await expect(rowsOf(leads)).toHaveCount(1, { timeout: 10_000 });
      await expect(rowsOf(leads).first()).toContainText(customer.name);
      await settled(leads);
      expect(await column(leads, 'Customer Code')).toEqual([customer.code]);
      const [risk] = await column(leads, 'Risk');
      const [eligibility] = await column(leads, 'Eligibility');
      expect(risk).not.toBe('-');
      expect(eligibility).not.toBe('-');
      expect(risk).toBe(expected[i]!.risk);
      expect(eligibility).toBe(expected[i]!.eligibility);
    }
  });

  for (const theme of THEMES) {
    test(`a master file with the wrong header goes to the error step; Back keeps the file; Skip moves on (${theme} theme, axe)`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openPipeline(page);
      const dialog = await openWizard(page);
      await expectNoAxeViolations(page);
      const uploads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/distributor_companies/upload')) uploads.push(r.method());
      });
      await chooseFile(page, dialog, 'wrong-header.csv', Buffer.from('code,full_name,zone\r\nX1,Somebody,west\r\n'));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(dialog.getByRole('heading', { name: 'Error' })).toBeVisible();
      await expect(dialog.getByRole('alert')).toContainText('ER-UPLOAD-HEADER');
      await expect(dialog.getByRole('alert')).toContainText('does not match the customer master template');
      // The step it came from stays marked.
      await expect(currentStep(dialog)).toContainText('Step 1 of 3');
      await expectNoAxeViolations(page);

      await dialog.getByRole('button', { name: 'Back' }).click();
      await expect(dialog.getByRole('heading', { name: 'Upload Customer Master via CSV' })).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Upload Customer Master via CSV' })).toBeFocused();
      await expect(dialog.getByTestId('csv-selected-file')).toContainText('wrong-header.csv');
      await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
      expect(uploads).toEqual(['POST']);

      await dialog.getByRole('button', { name: 'Skip' }).click();
      await expect(
        dialog.getByRole('heading', { name: 'Upload Customer historical invoice data via CSV' }),
      ).toBeVisible();
      await expect(dialog.getByTestId('csv-selected-file')).toHaveCount(0);
      await expect(dialog.getByRole('link', { name: 'Download the customer history template (CSV)' })).toHaveAttribute(
        'href',
        '/templates/customer-history-template.csv',
      );
      await dialog.getByRole('button', { name: 'Skip' }).click();
      await expect(dialog.getByRole('heading', { name: 'Credit Evalution Service' })).toBeVisible();
      await expect(dialog.getByLabel('Uploaded files')).toHaveText(
        /Customer master\s*Skipped\s*Invoice history\s*Skipped/,
      );
      await expect(dialog.getByRole('button', { name: 'Complete' })).toBeEnabled();
      await expectNoAxeViolations(page);
      expect(uploads).toEqual(['POST']);

      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      // Closed, it starts over.
      const again = await openWizard(page);
      await expect(again.getByText('No file chosen')).toBeVisible();
    });
  }
});

// The wizard evaluates the files' customers, where it was read: t1@anchor.test on a 1440 x 900 screen in the dark theme.
test.describe('customer-master wizard: evaluates the upload’s customers and says why (1440 x 900, dark)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  // Found in the dark theme; the light one is checked for axe too.
  for (const theme of THEMES) {
    test(`one customer uploaded, history skipped: Complete evaluates that customer alone and says it needs more data because it has no invoice on record (${theme} theme)`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openPipeline(page);
      const dialog = await openWizard(page);
      const stamp = uniqueStamp();
      const customer = { code: `E2E${stamp}S`, name: `E2E Single Lead ${stamp}`, region: 'west', amount: 0, late: 0 };
      const header = await templateHeader(page, dialog, 'Download the customer master template (CSV)');
      await chooseFile(page, dialog, 'one-customer.csv', csvOf(header, masterRows([customer])));
      const uploaded = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/api/distributor_companies/upload'),
      );
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      const fileId = ((await (await uploaded).json()) as { meta: UploadMeta }).meta.file_id;
      await dialog.getByRole('button', { name: 'Skip' }).click();
      await expect(dialog.getByRole('heading', { name: 'Credit Evalution Service' })).toBeVisible();
      await expect(dialog.getByTestId('evaluation-scope')).toContainText(
        'Complete grades the customers in the files uploaded here, from their invoice records.',
      );
      // Other leads wait for a grade in the same mock (Cauvery Consumer Goods, R): they are not this upload's.
      const waiting = await funds(
        page,
        'filter[fund_in_days]=5&filter[region]=south&filter[overdue_by_days]=0&filter[overdue_criteria]=equal&items=100',
      );
      expect(waiting.data.filter((r) => r.attributes.risk_grading === 'R').map((r) => r.attributes.name)).toContain(
        'Cauvery Consumer Goods',
      );

      const evaluated = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/api/distributor_companies/credit_evaluation'),
      );
      await dialog.getByRole('button', { name: 'Complete' }).click();
      const answer = await evaluated;
      expect(answer.request().postDataJSON()).toEqual({ file_ids: [fileId] });
      const result = ((await answer.json()) as { data: EvaluationAnswer }).data;
      expect(result).toMatchObject({ evaluated: 1, graded: 0, need_more_data: 1, eligibility_total: 0 });
      expect(result.customers.map((c) => c.customer_code)).toEqual([customer.code]);
      await expect(dialog.getByRole('status')).toHaveText(
        '1 customer from the uploaded files evaluated: 0 graded, 1 needs more data.',
      );
      await expect(dialog.getByRole('list', { name: 'Evaluated customers' }).getByRole('listitem')).toHaveText([
        `${customer.name} (${customer.code}): R: Need more data, eligibility ₹0.00; no invoice on record.`,
      ]);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('customer-master wizard on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('uploads a master file and moves through the steps without sideways scrolling', async ({ page }) => {
    await openPipeline(page);
    const dialog = await openWizard(page);
    const fits = async () => {
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      const inner = await dialog.evaluate(
        (el) =>
          [...el.querySelectorAll('*')].filter(
            (e) => e.getBoundingClientRect().right > el.getBoundingClientRect().right + 0.5 && !e.closest('[hidden]'),
          ).length,
      );
      expect(inner, 'elements sticking out of the dialog').toBe(0);
    };
    await fits();
    const stamp = uniqueStamp();
    const header = await templateHeader(page, dialog, 'Download the customer master template (CSV)');
    const customer = { code: `E2E${stamp}P`, name: `E2E Phone Lead ${stamp}`, region: 'south', amount: 0, late: 0 };
    await chooseFile(
      page,
      dialog,
      'phone-master-with-a-long-file-name-2026.csv',
      csvOf(header, masterRows([customer])),
    );
    await fits();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(
      dialog.getByRole('heading', { name: 'Upload Customer historical invoice data via CSV' }),
    ).toBeVisible();
    await fits();
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(dialog.getByRole('heading', { name: 'Credit Evalution Service' })).toBeVisible();
    await expect(dialog.getByLabel('Uploaded files')).toContainText(
      'phone-master-with-a-long-file-name-2026.csv (all rows accepted)',
    );
    await fits();
    await expect(dialog.getByRole('button', { name: 'Complete' })).toBeInViewport();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
