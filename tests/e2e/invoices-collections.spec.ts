import { readFileSync } from 'node:fs';
import { format, subDays } from 'date-fns';
import Papa from 'papaparse';
import type { Locator, Page } from '@playwright/test';
import { formatCount, formatDate } from '../../src/lib/format';
import { formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import { expect, expectDownloadSaysWhy, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/** GET /payments as the provider answers it (JSON:API, rupees). */
interface WirePayment {
  id: string;
  attributes: {
    distributor_company: { name: string };
    invoice: { document_number: string } | null;
    payment_date: string;
    due_in_days: number | null;
    overdue_by_days: number | null;
    utr_number: string;
    source: string;
    resource: { starred: boolean };
  };
}
interface WireList {
  data: WirePayment[];
  pagy: { count: number; page: number; next: number | null };
  meta: { total_collected_amount: number; no_of_invoices: number; no_of_customers: number };
}
interface Answer {
  query: URLSearchParams;
  body: WireList;
}

const PERIODS = ['Starred', 'Today', 'Last 30 Days', 'Last 60 Days', 'Last 90 Days'] as const;
const DAYS: Record<string, string> = { Today: '0', 'Last 30 Days': '30', 'Last 60 Days': '60', 'Last 90 Days': '90' };
const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The next list answer of GET /payments the app receives whose query passes `match` (not a CSV export).
 * Waiting on the app's own answer keeps the checks exact even while other suites add payments.
 */
function paymentsAnswer(page: Page, match: (query: URLSearchParams) => boolean = () => true): Promise<Answer> {
  return page
    .waitForResponse((r) => {
      const url = new URL(r.url());
      return (
        r.request().method() === 'GET' &&
        url.pathname === '/api/payments' &&
        !url.searchParams.has('filter[download_as_csv]') &&
        match(url.searchParams)
      );
    })
    .then(async (r) => {
      expect(r.status()).toBe(200);
      return { query: new URL(r.url()).searchParams, body: (await r.json()) as WireList };
    });
}

const periodIs = (days: string | null, starred: boolean) => (q: URLSearchParams) =>
  q.get('filter[payment_date_in_days]') === days && (q.get('filter[starred]') === 'true') === starred;

/** Calls the provider through the app's proxy with the page's own session token. */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const headers = { Authorization: token ?? '', Accept: 'application/vnd.provider.v1+json' };
  const response =
    method === 'GET'
      ? await page.request.get(`/api${path}`, { headers })
      : await page.request.post(`/api${path}`, { headers, data });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as unknown;
}

async function openInvoices(page: Page, query = ''): Promise<Answer> {
  await logInReady(page, 't1@anchor.test');
  const first = paymentsAnswer(page);
  await page.goto(`/invoices${query}`);
  return first;
}

const section = (page: Page) => page.getByRole('region', { name: 'Collections', exact: true });
const collectionsTable = (page: Page) => page.getByRole('region', { name: 'Collections table' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Collections table pages' });
const periodButton = (page: Page, name: string) =>
  section(page).getByRole('group', { name: 'Collections period' }).getByRole('button', { name, exact: true });

/** The table shows exactly the answer's rows, cell by cell where the screen computes something. */
async function expectRows(table: Locator, answer: Answer) {
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const rows = answer.body.data.map((p) => p.attributes);
  if (rows.length === 0) {
    await expect(table.locator('tbody')).toHaveText('No data found.');
    return;
  }
  const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`);
  await expect(column(2)).toHaveText(rows.map((r) => r.distributor_company.name));
  await expect(column(3)).toHaveText(rows.map((r) => r.invoice?.document_number ?? '-'));
  await expect(column(5)).toHaveText(rows.map((r) => formatDate(r.payment_date)));
  await expect(column(7)).toHaveText(
    rows.map((r) =>
      r.due_in_days === null
        ? '-'
        : r.due_in_days === 0
          ? 'Today'
          : `${r.due_in_days} day${r.due_in_days === 1 ? '' : 's'}`,
    ),
  );
  await expect(column(8)).toHaveText(
    rows.map((r) =>
      r.overdue_by_days === null ? '-' : `${r.overdue_by_days} day${r.overdue_by_days === 1 ? '' : 's'}`,
    ),
  );
  await expect(column(10)).toHaveText(rows.map((r) => r.utr_number));
  await expect(column(11)).toHaveText(rows.map((r) => (r.source === 'erp_payment' ? 'Yes' : '-')));
  const pressed = await table
    .locator('tbody tr td:nth-child(1) button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-pressed') === 'true'));
  expect(pressed).toEqual(rows.map((r) => r.resource.starred));
}

async function expectFigures(page: Page, testId: string, answer: Answer) {
  const { meta } = answer.body;
  await expect(page.getByTestId(`${testId}-total`)).toHaveText(
    formatShortMoney(rupeesToPaise(meta.total_collected_amount)),
  );
  await expect(page.getByTestId(`${testId}-invoices`)).toHaveText(formatCount(meta.no_of_invoices));
  await expect(page.getByTestId(`${testId}-customers`)).toHaveText(formatCount(meta.no_of_customers));
}

/** Every payment of the answer is dated inside the filter's window (or starred for Starred). */
function expectInPeriod(answer: Answer, period: (typeof PERIODS)[number]) {
  const today = iso(new Date());
  for (const { attributes: p } of answer.body.data) {
    if (period === 'Starred') expect(p.resource.starred).toBe(true);
    else {
      expect(p.payment_date <= today).toBe(true);
      expect(p.payment_date >= iso(subDays(new Date(), Number(DAYS[period])))).toBe(true);
    }
  }
}

// Stars change what Starred shows, so the tests that star, or read the starred list, run one after another.
test.describe('collections filters, stars and reports', () => {
  test.describe.configure({ mode: 'serial' });

  test('opens on Today; each filter, one at a time, changes the rows and the figures and goes back to page 1', async ({
    page,
  }) => {
    const first = await openInvoices(page);
    expect(periodIs('0', false)(first.query)).toBe(true);
    await expect(section(page).getByRole('heading', { name: 'Collections' })).toBeVisible();
    await expect(periodButton(page, 'Today')).toHaveAttribute('aria-pressed', 'true');
    await expectRows(collectionsTable(page), first);
    expectInPeriod(first, 'Today');
    await expectFigures(page, 'collections-figures', first);
    expect(new URL(page.url()).search).toBe(''); // the default leaves a clean URL

    // Start deep in the longest window, then every other filter must come back to page 1.
    let previous = first;
    for (const period of ['Last 90 Days', 'Last 30 Days', 'Last 60 Days', 'Starred', 'Today'] as const) {
      if (previous.body.pagy.next) {
        const pageTwo = paymentsAnswer(page, (q) => q.get('page') === '2');
        await pager(page).getByRole('button', { name: 'Next page' }).click();
        await expect(page).toHaveURL(/collections\.page=2/);
        await expectRows(collectionsTable(page), await pageTwo);
        await expect(pager(page)).toContainText('Showing 11 to');
      }
      const answer = paymentsAnswer(page, periodIs(DAYS[period] ?? null, period === 'Starred'));
      await periodButton(page, period).click();
      // Back on the first filter within the list cache's deduping window (SWR's default), the cached first page
      // shows with no new request; nothing has changed since, so it must equal the first answer.
      const current =
        period === 'Today' ? await Promise.race([answer, page.waitForTimeout(2_500).then(() => first)]) : await answer;
      expect(current.query.get('page')).toBe('1');
      await expect(page).not.toHaveURL(/collections\.page=/);
      for (const other of PERIODS)
        await expect(periodButton(page, other)).toHaveAttribute('aria-pressed', String(other === period));
      expectInPeriod(current, period);
      await expectRows(collectionsTable(page), current);
      await expectFigures(page, 'collections-figures', current);
      await expect(pager(page)).toContainText(`Showing ${current.body.pagy.count === 0 ? 0 : 1} to`);
      await expect(pager(page)).toContainText(`of ${formatCount(current.body.pagy.count)}`);
      expect(current.body.pagy.count, `${period} differs from the filter before it`).not.toBe(previous.body.pagy.count);
      if (period !== 'Today') expect(current.body.pagy.count, `${period} has more than one page`).toBeGreaterThan(10);
      previous = current;
    }
    // The period lives in the URL: a reload keeps Starred.
    await periodButton(page, 'Starred').click();
    await expect(page).toHaveURL(/collections\.f\.period=starred/);
    await page.reload();
    await expect(periodButton(page, 'Starred')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a star survives a reload, shows under Starred, and unstarring takes it away again', async ({ page }) => {
    const first = await openInvoices(page, '?collections.f.period=last_90_days');
    const row = first.body.data.find((p) => !p.attributes.resource.starred);
    expect(row, 'an unstarred payment on the first page').toBeDefined();
    const p = row!.attributes;
    const invoice = p.invoice?.document_number ?? '-';
    const name = `Star payment ${p.utr_number} for invoice ${invoice}`;
    const star = () => collectionsTable(page).getByRole('button', { name, exact: true });
    try {
      await expect(star()).toHaveAttribute('aria-pressed', 'false');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/resources/create_or_update') && r.status() === 200,
      );
      await star().click();
      await expect(star()).toHaveAttribute('aria-pressed', 'true'); // at once (optimistic)
      expect((await saved).request().postDataJSON()).toEqual({
        resource: { resource_type: 'Payment', resource_id: row!.id, starred: true },
      });

      await page.reload();
      await expect(collectionsTable(page)).toHaveAttribute('aria-busy', 'false');
      await expect(star()).toHaveAttribute('aria-pressed', 'true');

      // Under Starred, found by its invoice number.
      await periodButton(page, 'Starred').click();
      await section(page).getByRole('searchbox', { name: 'Search collections' }).fill(invoice);
      await expect(page).toHaveURL(/collections\.q=/);
      await expect(star()).toHaveAttribute('aria-pressed', 'true');

      const unsaved = page.waitForResponse(
        (r) => r.url().endsWith('/api/resources/create_or_update') && r.status() === 200,
      );
      await star().click();
      await unsaved;
      await expect(star()).toHaveCount(0); // the starred list is asked again and no longer holds it
      await page.reload();
      await periodButton(page, 'Last 90 Days').click(); // the search for its invoice stays
      await expect(collectionsTable(page)).toHaveAttribute('aria-busy', 'false');
      await expect(star()).toHaveAttribute('aria-pressed', 'false');
    } finally {
      await api(page, 'POST', '/resources/create_or_update', {
        resource: { resource_type: 'Payment', resource_id: Number(row!.id), starred: false },
      });
    }
  });

  test('Download Report on the table exports every starred payment (not just the page) in the two chosen columns', async ({
    page,
  }) => {
    await openInvoices(page);
    const starred = paymentsAnswer(page, periodIs(null, true));
    await periodButton(page, 'Starred').click();
    const { body } = await starred;
    expect(body.pagy.count).toBeGreaterThan(10);
    await expect(pager(page)).toContainText(`of ${formatCount(body.pagy.count)}`);

    await section(page).getByRole('button', { name: 'Download Report' }).click();
    const report = page.getByRole('dialog', { name: 'Download Report' });
    await expectDownloadSaysWhy(report);
    await expect(report.getByRole('radio', { name: 'CSV' })).toBeChecked();
    await report.getByRole('checkbox', { name: 'Amount Paid' }).check();
    await report.getByRole('checkbox', { name: 'Invoice Number' }).check();
    const downloading = page.waitForEvent('download');
    const request = page.waitForRequest((r) => new URL(r.url()).searchParams.get('filter[download_as_csv]') === 'true');
    await report.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    const sent = new URL((await request).url()).searchParams;
    expect(sent.get('filter[starred]')).toBe('true');
    expect(sent.get('filter[payment_date_in_days]')).toBeNull();
    expect(sent.get('headers_accepted')).toBe('document_number,amount');
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim(), { skipEmptyLines: true });
    expect(csv.data[0]).toEqual(['Invoice Number', 'Amount Paid']); // the table's column order, whatever order they were ticked in
    expect(csv.data.length - 1).toBe(body.pagy.count);
    // The page on screen is part of the file.
    const numbers = new Set(csv.data.slice(1).map((r) => r[0]));
    for (const p of body.data) expect(numbers.has(p.attributes.invoice?.document_number)).toBe(true);
    await expect(report).toHaveCount(0);
  });

  test('Download Report in the Complete Payment Report follows its own filters and region', async ({ page }) => {
    await openInvoices(page);
    await section(page).getByRole('button', { name: 'Expand Complete Payment Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment Report' });
    const starred = paymentsAnswer(page, (q) => periodIs(null, true)(q) && q.get('filter[region]') === 'north');
    await dialog.getByRole('button', { name: 'Starred', exact: true }).click();
    await dialog.getByLabel('Region').selectOption('north');
    const { body } = await starred;
    await expectFigures(page, 'report-figures', { query: new URLSearchParams(), body });
    await dialog.getByRole('button', { name: 'Download Report' }).click();
    const report = page.getByRole('dialog', { name: 'Download Report' });
    await report.getByRole('checkbox', { name: 'Customer Name' }).check();
    await report.getByRole('checkbox', { name: 'Received Outside' }).check();
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download' }).click();
    const csv = Papa.parse<string[]>(readFileSync(await (await downloading).path(), 'utf8').trim(), {
      skipEmptyLines: true,
    });
    expect(csv.data[0]).toEqual(['Customer Name', 'Received Outside']);
    expect(csv.data.length - 1).toBe(body.pagy.count);
    for (const [, outside] of csv.data.slice(1)) expect(['Yes', 'No']).toContain(outside);
    const names = new Set(csv.data.slice(1).map((r) => r[0]));
    for (const p of body.data) expect(names.has(p.attributes.distributor_company.name)).toBe(true);
  });
});

test.describe('collections search, report and errors', () => {
  test('search waits for 3 characters and a 1 s pause, finds by invoice number or customer name, and goes back to page 1', async ({
    page,
  }) => {
    const first = await openInvoices(page, '?collections.f.period=last_90_days&collections.page=2');
    expect(first.query.get('page')).toBe('2');
    const target = first.body.data[0]!.attributes;
    const search = section(page).getByRole('searchbox', { name: 'Search collections' });
    const searches: string[] = [];
    page.on('request', (r) => {
      const keyword = new URL(r.url()).searchParams.get('filter[search_keyword]');
      if (keyword !== null) searches.push(keyword);
    });

    await search.fill('IN');
    await expect(section(page).getByText('Type at least 3 characters to search')).toBeVisible();
    // One clear button: ours; the browser's own (x) of a search field is hidden.
    await expect(section(page).getByRole('button', { name: 'Clear Search collections' })).toBeVisible();
    await expect(search).toHaveAttribute('type', 'text'); // a type=search field would add the browser's own (x)
    await page.waitForTimeout(1500);
    expect(searches).toEqual([]);
    await expect(page).toHaveURL(/collections\.page=2/);

    const invoice = target.invoice!.document_number;
    const typed = Date.now();
    const byNumber = paymentsAnswer(page, (q) => q.get('filter[search_keyword]') === invoice);
    await search.fill(invoice);
    const found = await byNumber;
    expect(Date.now() - typed).toBeGreaterThanOrEqual(900);
    expect(found.query.get('page')).toBe('1');
    expect(found.query.get('filter[payment_date_in_days]')).toBe('90'); // the period stays
    await expect(page).not.toHaveURL(/collections\.page=/);
    expect(found.body.data.length).toBeGreaterThan(0);
    await expectRows(collectionsTable(page), found);
    for (const p of found.body.data) expect(p.attributes.invoice?.document_number).toBe(invoice);

    const word = target.distributor_company.name.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a));
    expect(word.length).toBeGreaterThanOrEqual(3);
    const byName = paymentsAnswer(page, (q) => q.get('filter[search_keyword]') === word);
    await search.fill(word);
    const named = await byName;
    await expectRows(collectionsTable(page), named);
    for (const p of named.body.data)
      expect(p.attributes.distributor_company.name.toLowerCase()).toContain(word.toLowerCase());

    await search.fill('no payment has this text');
    await expect(collectionsTable(page).getByText('No data found.')).toBeVisible();

    // Region also goes back to page 1 and keeps the search.
    await section(page).getByRole('button', { name: 'Clear Search collections' }).click();
    await pager(page).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/collections\.page=2/);
    const north = paymentsAnswer(page, (q) => q.get('filter[region]') === 'north');
    await section(page).getByLabel('Region').selectOption('north');
    const regional = await north;
    expect(regional.query.get('page')).toBe('1');
    await expect(page).toHaveURL(/collections\.region=north/);
    await expectRows(collectionsTable(page), regional);
  });

  test('Expand opens the Complete Payment Report of every payment with the All Invoices pager; collapsing resets its filters', async ({
    page,
  }) => {
    await openInvoices(page);
    const all = paymentsAnswer(page, periodIs(null, false));
    await section(page).getByRole('button', { name: 'Expand Complete Payment Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment Report' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/payment-report\.f\.open=1/);
    const everything = await all;
    const table = dialog.getByRole('region', { name: 'Complete Payment Report' });
    const allPager = dialog.getByRole('navigation', { name: 'All Invoices pages' });
    await expect(dialog.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectRows(table, everything);
    await expectFigures(page, 'report-figures', everything);
    // The pager counts payments (rows), the figures count invoices: each says what it counts.
    await expect(allPager).toContainText(`Showing 1 to 10 of ${formatCount(everything.body.pagy.count)} payments`);
    await expect(dialog.getByText('No. of Invoices paid')).toBeVisible();
    // The spec's 'All Invoices' pager label is on screen, not only for screen readers.
    await expect(allPager.getByText('All Invoices:')).toBeVisible();

    const two = paymentsAnswer(page, (q) => q.get('page') === '2' && periodIs(null, false)(q));
    await allPager.getByRole('button', { name: 'Next page' }).click();
    await expectRows(table, await two);
    await expect(allPager).toContainText('Showing 11 to 20');
    const lastPage = Math.ceil(everything.body.pagy.count / 10);
    const last = paymentsAnswer(page, (q) => q.get('page') === String(lastPage));
    await allPager.getByLabel('Go to page').fill(String(lastPage + 50));
    await allPager.getByLabel('Go to page').press('Enter');
    await expectRows(table, await last);
    await expect(allPager).toContainText(`Page ${lastPage} of ${lastPage}`);

    // The same filters inside, each back to page 1.
    const month = paymentsAnswer(page, periodIs('30', false));
    await dialog.getByRole('button', { name: 'Last 30 Days', exact: true }).click();
    const monthly = await month;
    expect(monthly.query.get('page')).toBe('1');
    expectInPeriod(monthly, 'Last 30 Days');
    await expectRows(table, monthly);
    await dialog.getByLabel('Region').selectOption('east');
    await dialog
      .getByRole('searchbox', { name: 'Search payment report' })
      .fill(monthly.body.data[0]!.attributes.distributor_company.name);
    await expect(page).toHaveURL(/payment-report\.q=/);
    await expect(page).toHaveURL(/payment-report\.region=east/);
    // The table behind keeps its own state.
    expect(new URL(page.url()).searchParams.get('collections.f.period')).toBeNull();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/payment-report\./);
    await section(page).getByRole('button', { name: 'Expand Complete Payment Report' }).click();
    await expect(dialog.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('button', { name: 'Last 30 Days', exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(dialog.getByLabel('Region')).toHaveValue('all');
    await expect(dialog.getByRole('searchbox', { name: 'Search payment report' })).toHaveValue('');
    await expect(dialog.getByRole('navigation', { name: 'All Invoices pages' })).toContainText('Showing 1 to 10 of');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('a failed load is toasted as CODE: detail and shown in the table with Retry', async ({ page }) => {
    await logInReady(page, 't1@anchor.test');
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/payments',
      async (route) => {
        if (fail)
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ errors: [{ code: 'ER-UNAVAILABLE', detail: 'Try again shortly.' }] }),
          });
        else await route.continue();
      },
    );
    await page.goto('/invoices');
    await expect(page.getByRole('status').filter({ hasText: 'ER-UNAVAILABLE: Try again shortly.' })).toBeVisible();
    const table = collectionsTable(page);
    await expect(table.getByRole('alert')).toContainText('ER-UNAVAILABLE: Try again shortly.');
    fail = false;
    const answer = paymentsAnswer(page);
    await table.getByRole('button', { name: 'Retry' }).click();
    await expectRows(table, await answer);
  });

  for (const theme of THEMES) {
    test(`the collections section and the open Complete Payment Report have no axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      const first = await openInvoices(page);
      await expectRows(collectionsTable(page), first);
      const all = paymentsAnswer(page, periodIs(null, false));
      await section(page).getByRole('button', { name: 'Expand Complete Payment Report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Complete Payment Report' });
      await expectRows(dialog.getByRole('region', { name: 'Complete Payment Report' }), await all);
      await expectNoAxeViolations(page);
    });
  }
});
