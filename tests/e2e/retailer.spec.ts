import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page, Request } from '@playwright/test';
import Papa from 'papaparse';
import { formatMoney, formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import { api, expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * The retailer page (spec 2 §2.9, §6, §7): Accounts Receivables and the channel-finance status for t2 (no
 * Distributor outstanding) and t1t2, each asked with the user's type as `event`, against the provider's
 * answer; the distributors with the channel-finance filter and the region; a distributor's retailers
 * (Godavari Retail Links: 12, 7 on channel finance) and a retailer's invoices (Sri Venkateswara Bazaar: 18,
 * 15 a page, with ageing), Back to the retailers; the distributors' CSV; axe in both themes with the detail
 * modal open; a 390 px phone.
 */

const T2 = 't2@anchor.test';
const T1T2 = 't1t2@anchor.test';
const GODAVARI = 'Godavari Retail Links';
const BAZAAR = 'Sri Venkateswara Bazaar';
const NARMADA = 'Narmada Trading Co';
const TAPTI = 'Tapti Agro Suppliers';
const DISTRIBUTORS = 'Distributor wise retailer Detail';
const RECEIVABLES = '/distributor_retailers/accounts_receivables';
const DISTRIBUTOR_LIST = '/distributor_retailers/distributor_details';

interface Receivables {
  outstanding_invoices_for_retailer: number;
  outstanding_invoices_for_distributor?: number | null;
  total_limit_sanctioned: number;
  total_utilised_limit: number;
  total_limit_balance: number;
}
interface Pagy {
  count: number;
}
interface Distributor {
  name: string;
  total_no_of_retailers: number;
  total_retailers_on_channel_finance: number;
  total_limit_sanctioned: number;
  limit_utilised: number;
  available_limit: number;
  thirty_plus_retailers: number;
  thirty_plus_value: number;
  ninty_plus_retailers: number;
  ninty_plus_value: number;
}
interface Retailer {
  name: string;
  total_limit_sanctioned: number;
  limit_utilised: number;
  available_limit: number;
}
interface RetailerInvoice {
  document_number: string;
  total: number;
  invoice_ageing: number | null;
}
interface ListAnswer<T> {
  data: { id: string; attributes: T }[];
  pagy: Pagy;
  csv_headers_accepted?: { display_name: string; key: string }[];
}

/** Rupees on the wire as exact paise. */
const paise = (rupees: number) => {
  const value = rupeesToPaise(rupees);
  expect(value, `${rupees} is an amount`).not.toBeNull();
  return value!;
};
/** A '₹1,23,456.78' text (and anything after it) as paise. */
const moneyText = (text: string) => {
  const value = rupeesToPaise(/₹[\d,]+(\.\d+)?/.exec(text)![0].replace('₹', ''), { grouping: true });
  expect(value, `'${text}' is an amount`).not.toBeNull();
  return value!;
};
const count = (n: number) => n.toLocaleString('en-IN');

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const distributors = (page: Page) =>
  page
    .getByRole('region', { name: DISTRIBUTORS, exact: true })
    .filter({ has: page.getByRole('heading', { name: DISTRIBUTORS, level: 2 }) });
const rowsOf = (scope: Locator) => scope.locator('tbody tr').filter({ has: scope.page().locator('td:nth-child(2)') });
const settled = (scope: Locator) =>
  expect(scope.locator('[role="region"][aria-busy]')).toHaveAttribute('aria-busy', 'false');
const isCall = (request: Request, path: string) => new URL(request.url()).pathname === `/api${path}`;
const filterOf = (request: Request, name: string) => new URL(request.url()).searchParams.get(`filter[${name}]`);

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

const distributorList = (page: Page, query = '') =>
  api<ListAnswer<Distributor>>(page, `${DISTRIBUTOR_LIST}?items=100${query}`);
const retailerList = (page: Page, id: string, query = '') =>
  api<ListAnswer<Retailer>>(page, `/distributor_retailers/${id}/distributor_retailer_details?items=100${query}`);

async function openRetailer(page: Page, email = T1T2) {
  await logInReady(page, email, { path: '/Retailer' });
  await expect(page.getByRole('heading', { name: 'Retailer Details', level: 1 })).toBeVisible();
  await settled(distributors(page));
  await expect(rowsOf(distributors(page)).first()).toBeVisible();
}

/** Every page of the distributors table as it is filtered now: the names, page by page through Next. */
async function everyName(table: Locator) {
  const names: string[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    await expect(table.getByRole('navigation')).toContainText(`Showing ${(pageNumber - 1) * 10 + 1} to`);
    await settled(table);
    names.push(...(await column(table, 'Distributor Name')));
    const next = table.getByRole('button', { name: 'Next page' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  return names;
}

/** Opens a distributor's retailers from the distributors table (its region first, so it is on page 1). */
async function openDistributor(page: Page, name: string, region: string) {
  const table = distributors(page);
  await table.getByLabel('Region').selectOption(region);
  await settled(table);
  const listed = page.waitForRequest((r) => r.url().includes('/distributor_retailer_details?'));
  await table.getByRole('button', { name: `${name}: retailers`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Distributor-Retailer Detail: ${name}` });
  await expect(dialog).toBeVisible();
  await listed;
  await settled(dialog);
  return dialog;
}

/** From a distributor's retailers, Sri Venkateswara Bazaar's invoices (it is on page 1 under Channel Finance). */
async function openBazaar(page: Page, dialog: Locator) {
  await dialog
    .getByRole('group', { name: 'Retailers: channel finance' })
    .getByRole('button', { name: 'Channel Finance', exact: true })
    .click();
  await expect(dialog.getByRole('navigation', { name: 'Retailers pages' })).toContainText('of 7 retailers');
  await dialog.getByRole('button', { name: `${BAZAAR}: invoices`, exact: true }).click();
  const invoices = page.getByRole('dialog', { name: `Retailer Invoice Detail: ${BAZAAR}` });
  await expect(invoices).toBeVisible();
  await settled(invoices);
  await expect(rowsOf(invoices)).toHaveCount(15);
  return invoices;
}

/** The summary as a user sees it, with the accounts-receivable request the page made. */
async function summaryOf(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInReady(page, email);
  const asked = page.waitForRequest((r) => isCall(r, RECEIVABLES));
  await page.goto('/Retailer');
  const request = await asked;
  await expect(page.getByTestId('cf-sanctioned').locator('.value')).not.toBeEmpty();
  return { context, page, event: new URL(request.url()).searchParams.get('event') };
}

test.describe('retailer page', () => {
  test('t2 and t1t2: each asks with its own type; only t1t2 sees the Distributor outstanding; the figures are the provider’s and add up', async ({
    browser,
  }) => {
    const t2 = await summaryOf(browser, T2);
    const t1t2 = await summaryOf(browser, T1T2);
    try {
      expect(t2.event).toBe('t2');
      expect(t1t2.event).toBe('t1t2');
      const forT2 = (await api<{ data: Receivables }>(t2.page, `${RECEIVABLES}?event=t2`)).data;
      const forT1T2 = (await api<{ data: Receivables }>(t1t2.page, `${RECEIVABLES}?event=t1t2`)).data;
      expect(forT2.outstanding_invoices_for_distributor ?? null).toBeNull();
      expect(forT1T2.outstanding_invoices_for_distributor).toBeGreaterThan(0);

      for (const [{ page }, answer] of [
        [t2, forT2],
        [t1t2, forT1T2],
      ] as const) {
        await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Accounts Receivables');
        await expect(page.getByTestId('retailer-outstanding')).toContainText('Retailer outstanding invoice amount');
        await expect(page.getByTestId('retailer-outstanding').locator('.value')).toHaveText(
          formatShortMoney(paise(answer.outstanding_invoices_for_retailer)),
        );
        await expect(
          page.getByRole('heading', { name: 'Distributor wise Retailer Channel Finance Status' }),
        ).toBeVisible();
        const sanctioned = page.getByTestId('cf-sanctioned');
        const utilised = page.getByTestId('cf-utilised');
        const available = page.getByTestId('cf-available');
        await expect(sanctioned.locator('.value')).toHaveText(formatShortMoney(paise(answer.total_limit_sanctioned)));
        await expect(utilised.locator('.value')).toHaveText(formatShortMoney(paise(answer.total_utilised_limit)));
        await expect(available.locator('.value')).toHaveText(formatShortMoney(paise(answer.total_limit_balance)));
        await expect(sanctioned.locator('.sub')).toHaveText(formatMoney(paise(answer.total_limit_sanctioned)));
        await expect(utilised.locator('.sub')).toHaveText(formatMoney(paise(answer.total_utilised_limit)));
        await expect(available.locator('.sub')).toContainText(formatMoney(paise(answer.total_limit_balance)));
        // Sanctioned = utilised + available, on the wire and on the cards.
        expect(paise(answer.total_limit_sanctioned)).toBe(
          paise(answer.total_utilised_limit) + paise(answer.total_limit_balance),
        );
        expect(moneyText(await sanctioned.locator('.sub').innerText())).toBe(
          moneyText(await utilised.locator('.sub').innerText()) +
            moneyText(await available.locator('.sub').innerText()),
        );
      }
      await expect(t2.page.getByTestId('distributor-outstanding')).toHaveCount(0);
      await expect(t2.page.getByText('Distributor outstanding invoice amount')).toHaveCount(0);
      await expect(t1t2.page.getByTestId('distributor-outstanding')).toContainText(
        'Distributor outstanding invoice amount',
      );
      await expect(t1t2.page.getByTestId('distributor-outstanding').locator('.value')).toHaveText(
        formatShortMoney(paise(forT1T2.outstanding_invoices_for_distributor!)),
      );
      // The two types see the same retailers and the same channel finance.
      expect({ ...forT2, outstanding_invoices_for_distributor: undefined }).toEqual({
        ...forT1T2,
        outstanding_invoices_for_distributor: undefined,
      });

      // The channel-finance status is the sum over the distributors' rows.
      const all = await distributorList(t1t2.page);
      expect(all.pagy.count).toBe(all.data.length);
      const sum = (key: 'total_limit_sanctioned' | 'limit_utilised' | 'available_limit') =>
        all.data.reduce((s, d) => s + paise(d.attributes[key]), 0);
      expect(sum('total_limit_sanctioned')).toBe(paise(forT1T2.total_limit_sanctioned));
      expect(sum('limit_utilised')).toBe(paise(forT1T2.total_utilised_limit));
      expect(sum('available_limit')).toBe(paise(forT1T2.total_limit_balance));
    } finally {
      await t2.context.close();
      await t1t2.context.close();
    }
  });

  test('the distributors table shows the provider’s rows; each row’s limits add up', async ({ page }) => {
    await openRetailer(page);
    const table = distributors(page);
    expect((await table.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual([
      'Distributor Name',
      'Total Retailers',
      'On Channel Finance',
      'Limit Sanctioned',
      'Limit Utilised',
      'Available Limit',
      '30+ Retailers',
      '30+ Value',
      '90+ Retailers',
      '90+ Value',
    ]);
    const first = await api<ListAnswer<Distributor>>(page, DISTRIBUTOR_LIST);
    await expect(table.getByRole('navigation', { name: 'Distributors pages' })).toContainText(
      `of ${count(first.pagy.count)} distributors`,
    );
    const rows = first.data.map((d) => d.attributes);
    expect(await column(table, 'Distributor Name')).toEqual(rows.map((d) => d.name));
    // Each name opens the distributor's retailers, and says so.
    for (const d of rows)
      await expect(table.getByRole('button', { name: `${d.name}: retailers`, exact: true })).toHaveCount(1);
    expect(await column(table, 'Total Retailers')).toEqual(rows.map((d) => count(d.total_no_of_retailers)));
    expect(await column(table, 'On Channel Finance')).toEqual(
      rows.map((d) => count(d.total_retailers_on_channel_finance)),
    );
    expect(await column(table, 'Limit Sanctioned')).toEqual(
      rows.map((d) => formatMoney(paise(d.total_limit_sanctioned))),
    );
    expect(await column(table, 'Limit Utilised')).toEqual(rows.map((d) => formatMoney(paise(d.limit_utilised))));
    expect(await column(table, 'Available Limit')).toEqual(rows.map((d) => formatMoney(paise(d.available_limit))));
    expect(await column(table, '30+ Value')).toEqual(rows.map((d) => formatMoney(paise(d.thirty_plus_value))));
    expect(await column(table, '90+ Retailers')).toEqual(rows.map((d) => count(d.ninty_plus_retailers)));
    for (const d of rows) {
      expect(paise(d.total_limit_sanctioned), d.name).toBe(paise(d.limit_utilised) + paise(d.available_limit));
      expect(d.total_retailers_on_channel_finance, d.name).toBeLessThanOrEqual(d.total_no_of_retailers);
      // 90+ is part of 30+.
      expect(d.ninty_plus_retailers, d.name).toBeLessThanOrEqual(d.thirty_plus_retailers);
    }
  });

  test('the channel-finance filter: Narmada only under Non-Channel Finance, Tapti only under Channel Finance; region; in the URL', async ({
    page,
  }) => {
    await openRetailer(page);
    const table = distributors(page);
    const group = table.getByRole('group', { name: 'Distributors: channel finance' });
    expect((await group.getByRole('button').allInnerTexts()).map((t) => t.trim())).toEqual([
      'All',
      'Channel Finance',
      'Non-Channel Finance',
    ]);
    await expect(group.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');

    const seen: Record<string, string[]> = {};
    for (const [label, value] of [
      ['Non-Channel Finance', '0'],
      ['Channel Finance', '1'],
    ] as const) {
      const sent = page.waitForRequest((r) => isCall(r, DISTRIBUTOR_LIST) && filterOf(r, 'channel_finance') === value);
      await group.getByRole('button', { name: label, exact: true }).click();
      await sent;
      await expect(group.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(new RegExp(`distributors\\.f\\.cf=${value}`));
      const answer = await distributorList(page, `&filter[channel_finance]=${value}`);
      await expect(table.getByRole('navigation')).toContainText(`of ${count(answer.pagy.count)} distributors`);
      const names = await everyName(table);
      expect(names).toEqual(answer.data.map((d) => d.attributes.name));
      seen[label] = names;
      // Every distributor under Channel Finance has a retailer on it; under Non-Channel Finance one off it.
      for (const d of answer.data.map((r) => r.attributes)) {
        if (value === '1') expect(d.total_retailers_on_channel_finance, d.name).toBeGreaterThan(0);
        else expect(d.total_retailers_on_channel_finance, d.name).toBeLessThan(d.total_no_of_retailers);
      }
    }
    expect(seen['Non-Channel Finance']).toContain(NARMADA);
    expect(seen['Non-Channel Finance']).not.toContain(TAPTI);
    expect(seen['Channel Finance']).toContain(TAPTI);
    expect(seen['Channel Finance']).not.toContain(NARMADA);

    // Channel Finance in the north: Tapti is there, and every row is the provider's north answer.
    const north = page.waitForRequest(
      (r) => isCall(r, DISTRIBUTOR_LIST) && filterOf(r, 'region') === 'north' && filterOf(r, 'channel_finance') === '1',
    );
    await table.getByLabel('Region').selectOption('north');
    await north;
    await expect(page).toHaveURL(/distributors\.region=north/);
    const answer = await distributorList(page, '&filter[channel_finance]=1&filter[region]=north');
    const names = await everyName(table);
    expect(names).toEqual(answer.data.map((d) => d.attributes.name));
    expect(names).toContain(TAPTI);
    expect(names.length).toBeLessThan(seen['Channel Finance']!.length);
    const south = (await distributorList(page, '&filter[region]=south')).data.map((d) => d.attributes.name);
    for (const name of names) expect(south).not.toContain(name);

    await page.reload();
    await settled(distributors(page));
    await expect(group.getByRole('button', { name: 'Channel Finance', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(table.getByLabel('Region')).toHaveValue('north');
  });

  test('Godavari’s 12 retailers over two pages, 7 on channel finance; Sri Venkateswara Bazaar’s 18 invoices, 15 a page with ageing; Back', async ({
    page,
  }) => {
    await openRetailer(page);
    const godavari = (await distributorList(page, '&filter[region]=south')).data.find(
      (d) => d.attributes.name === GODAVARI,
    )!;
    expect(godavari.attributes).toMatchObject({ total_no_of_retailers: 12, total_retailers_on_channel_finance: 7 });
    const dialog = await openDistributor(page, GODAVARI, 'south');
    await expect(page).toHaveURL(/dr\.f\.dist=/);
    const pager = dialog.getByRole('navigation', { name: 'Retailers pages' });
    await expect(pager).toContainText('Showing 1 to 10 of 12 retailers');
    await expect(rowsOf(dialog)).toHaveCount(10);
    const all = await retailerList(page, godavari.id);
    expect(all.pagy.count).toBe(12);
    const names = all.data.map((r) => r.attributes.name);
    expect(await column(dialog, 'Retailer Name')).toEqual(names.slice(0, 10));
    expect(await column(dialog, 'Limit Sanctioned')).toEqual(
      all.data.slice(0, 10).map((r) => formatMoney(paise(r.attributes.total_limit_sanctioned))),
    );
    for (const r of all.data.map((d) => d.attributes))
      expect(paise(r.total_limit_sanctioned), r.name).toBe(paise(r.limit_utilised) + paise(r.available_limit));

    const second = page.waitForRequest(
      (r) => r.url().includes('/distributor_retailer_details?') && new URL(r.url()).searchParams.get('page') === '2',
    );
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await second;
    await settled(dialog);
    await expect(pager).toContainText('Showing 11 to 12 of 12 retailers');
    expect(await column(dialog, 'Retailer Name')).toEqual(names.slice(10));

    // Channel Finance: the 7, back on page 1.
    const group = dialog.getByRole('group', { name: 'Retailers: channel finance' });
    const sent = page.waitForRequest(
      (r) => r.url().includes('/distributor_retailer_details?') && filterOf(r, 'channel_finance') === '1',
    );
    await group.getByRole('button', { name: 'Channel Finance', exact: true }).click();
    const request = await sent;
    expect(new URL(request.url()).searchParams.get('page')).toBe('1');
    await settled(dialog);
    const onFinance = await retailerList(page, godavari.id, '&filter[channel_finance]=1');
    expect(onFinance.pagy.count).toBe(7);
    await expect(pager).toContainText('Showing 1 to 7 of 7 retailers');
    expect(await column(dialog, 'Retailer Name')).toEqual(onFinance.data.map((r) => r.attributes.name));
    expect(onFinance.data.map((r) => r.attributes.name)).toContain(BAZAAR);
    const off = await retailerList(page, godavari.id, '&filter[channel_finance]=0');
    expect(off.pagy.count + onFinance.pagy.count).toBe(12);

    // Sri Venkateswara Bazaar's invoices: 15, then 3, with their ageing; anchor_id and items=15 on the wire.
    const bazaar = onFinance.data.find((r) => r.attributes.name === BAZAAR)!;
    const firstInvoices = page.waitForRequest((r) =>
      r.url().includes(`/distributor_retailers/${bazaar.id}/retailer_invoice_details?`),
    );
    await dialog.getByRole('button', { name: `${BAZAAR}: invoices`, exact: true }).click();
    const asked = new URL((await firstInvoices).url()).searchParams;
    expect({ anchor_id: asked.get('anchor_id'), page: asked.get('page'), items: asked.get('items') }).toEqual({
      anchor_id: '1',
      page: '1',
      items: '15',
    });
    const invoices = page.getByRole('dialog', { name: `Retailer Invoice Detail: ${BAZAAR}` });
    await expect(invoices).toBeVisible();
    await settled(invoices);
    const invoicePager = invoices.getByRole('navigation', { name: 'Retailer invoices pages' });
    await expect(invoicePager).toContainText('Showing 1 to 15 of 18 invoices');
    await expect(rowsOf(invoices)).toHaveCount(15);
    const page1 = await api<ListAnswer<RetailerInvoice>>(
      page,
      `/distributor_retailers/${bazaar.id}/retailer_invoice_details?anchor_id=1&page=1&items=15`,
    );
    expect(page1.pagy.count).toBe(18);
    expect(await column(invoices, 'Invoice Number')).toEqual(page1.data.map((i) => i.attributes.document_number));
    expect(await column(invoices, 'Amount')).toEqual(page1.data.map((i) => formatMoney(paise(i.attributes.total))));
    expect(await column(invoices, 'Ageing (days)')).toEqual(
      page1.data.map((i) => (i.attributes.invoice_ageing === null ? '-' : count(i.attributes.invoice_ageing))),
    );
    expect(page1.data.some((i) => (i.attributes.invoice_ageing ?? 0) > 30)).toBe(true);

    const nextInvoices = page.waitForRequest(
      (r) => r.url().includes('/retailer_invoice_details?') && new URL(r.url()).searchParams.get('page') === '2',
    );
    await invoices.getByRole('button', { name: 'Next page' }).click();
    await nextInvoices;
    await settled(invoices);
    await expect(invoicePager).toContainText('Showing 16 to 18 of 18 invoices');
    await expect(rowsOf(invoices)).toHaveCount(3);
    const page2 = await api<ListAnswer<RetailerInvoice>>(
      page,
      `/distributor_retailers/${bazaar.id}/retailer_invoice_details?anchor_id=1&page=2&items=15`,
    );
    expect(await column(invoices, 'Invoice Number')).toEqual(page2.data.map((i) => i.attributes.document_number));
    expect(await column(invoices, 'Ageing (days)')).toEqual(
      page2.data.map((i) => (i.attributes.invoice_ageing === null ? '-' : count(i.attributes.invoice_ageing))),
    );

    // Back to the retailers: the channel-finance filter as it was, page 1.
    await invoices.getByRole('button', { name: `Back to retailers of ${GODAVARI}` }).click();
    const back = page.getByRole('dialog', { name: `Distributor-Retailer Detail: ${GODAVARI}` });
    await expect(back).toBeVisible();
    await settled(back);
    await expect(
      back
        .getByRole('group', { name: 'Retailers: channel finance' })
        .getByRole('button', { name: 'Channel Finance', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(back.getByRole('navigation', { name: 'Retailers pages' })).toContainText(
      'Showing 1 to 7 of 7 retailers',
    );

    // A reload keeps the detail open; Escape closes it and clears the URL.
    await page.reload();
    await expect(back).toBeVisible();
    await settled(back);
    await page.keyboard.press('Escape');
    await expect(back).toHaveCount(0);
    await expect(page).not.toHaveURL(/dr\./);
  });

  test('Download Report gives every distributor as CSV, with the chosen columns', async ({ page }) => {
    await openRetailer(page);
    const answer = await distributorList(page);
    const headers = answer.csv_headers_accepted!.map((h) => h.display_name);
    await distributors(page).getByRole('button', { name: 'Download Report' }).click();
    const report = page.getByRole('dialog', { name: 'Download Report' });
    await report.getByRole('checkbox', { name: 'Select all' }).check();
    const downloading = page.waitForEvent('download');
    const sent = page.waitForRequest((r) => isCall(r, DISTRIBUTOR_LIST) && filterOf(r, 'download_as_csv') === 'true');
    await report.getByRole('button', { name: 'Download' }).click();
    await sent;
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim(), { skipEmptyLines: true });
    expect(csv.data[0]).toEqual(headers);
    expect(csv.data.length - 1).toBe(answer.pagy.count);
    const name = headers.indexOf('Distributor Name');
    expect(csv.data.slice(1).map((row) => row[name])).toEqual(answer.data.map((d) => d.attributes.name));
    const godavari = csv.data.find((row) => row[name] === GODAVARI)!;
    expect(godavari[headers.indexOf('Total Retailers')]).toBe('12');
    expect(godavari[headers.indexOf('Retailers on Channel Finance')]).toBe('7');
  });
});

for (const theme of THEMES) {
  test(`the retailer page, then its detail modal with the retailers and with the invoices, has no axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await openRetailer(page);
    await expectNoAxeViolations(page);
    const dialog = await openDistributor(page, GODAVARI, 'south');
    await expect(rowsOf(dialog).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await openBazaar(page, dialog);
    await expectNoAxeViolations(page);
  });
}

test.describe('retailer page on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('does not scroll sideways; the detail modal fits the screen', async ({ page }) => {
    await openRetailer(page);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const dialog = await openDistributor(page, GODAVARI, 'south');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(dialog.getByRole('navigation', { name: 'Retailers pages' })).toBeInViewport();
    const invoices = await openBazaar(page, dialog);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await expect(invoices.getByRole('button', { name: `Back to retailers of ${GODAVARI}` })).toBeInViewport();
    const inner = await invoices.evaluate(
      (el) =>
        [...el.querySelectorAll('*')].filter(
          (e) =>
            e.getBoundingClientRect().right > el.getBoundingClientRect().right + 0.5 && !e.closest('[role="region"]'),
        ).length,
    );
    expect(inner, 'elements sticking out of the dialog (outside the table scroller)').toBe(0);
  });
});
