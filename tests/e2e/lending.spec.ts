import { readFileSync } from 'node:fs';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { Locator, Page, Request } from '@playwright/test';
import Papa from 'papaparse';
import { NO_REPAYMENTS, SOURCE_FILTERS, sourcesFilterValue } from '../../src/domain/lending';
import { DEFAULT_PRODUCT } from '../../src/domain/product';
import { formatMoney, formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import { api, expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * The lending page (spec 2 §2.1-2.4, §4): the onboarded card and its 'All Customer' modal, the approved
 * customers with segment, region, search, paging and CSV download, the customer modal's drawdowns and
 * repayments, and anchor 1551's reduced table. Figures are compared with the provider's answers.
 */

const LOGIN = 't1@anchor.test';
const REDUCED_LOGIN = 'anchor1551@anchor.test';
const LENDING_LIST = '/distributor_companies/lending_list';
const VARDHMAN = 'Vardhman Wholesale Mart';

interface Meta {
  onboarded_distributors_count: number;
  distributors_using_provider_credit_and_pay: number;
  distributors_using_provider_credit: number;
  account_receivables: number;
  available_limit: number;
}
interface Pagy {
  count: number;
  next: number | null;
}
interface Customer {
  name: string;
  customer_code: string;
  region: string;
  cust_id: string;
  application_id: number;
  dpd: number;
}
interface LendingAnswer {
  data: { attributes: Customer }[];
  pagy: Pagy;
  meta: Meta;
  csv_headers_accepted: { display_name: string; key: string }[];
}
interface Drawdown {
  drawdownId: string;
  status: string;
  dueDate: string;
  totalOutstandingAmount: number;
  dpdPrincipal: number;
  dpdInterest: number;
}
interface ZeroBasedPage<T> {
  data: T[];
  page: number;
  totalElements: number;
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
const count = (text: string) => Number(text.replace(/[^\d]/g, ''));

const lendingList = (page: Page, query = '') =>
  api<LendingAnswer>(page, `${LENDING_LIST}?filter[application_status]=approved${query}`);
const customers = (page: Page) =>
  page
    .getByRole('region', { name: 'Approved customers' })
    .filter({ has: page.getByRole('heading', { name: 'Approved customers' }) });
const rowsOf = (scope: Locator) => scope.locator('tbody tr').filter({ has: scope.page().locator('td:nth-child(2)') });
/** Waits until the table inside `scope` shows the answer to the latest request (not the previous rows). */
const settled = (scope: Locator) =>
  expect(scope.locator('[role="region"][aria-busy]')).toHaveAttribute('aria-busy', 'false');

/** The texts of one column (by its header) over the rows shown, or [] when the table is empty. */
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

const isLendingList = (request: Request) => request.url().includes(`/api${LENDING_LIST}?`);
const filterOf = (request: Request, name: string) => new URL(request.url()).searchParams.get(`filter[${name}]`);

async function openLending(page: Page, email = LOGIN) {
  await logInReady(page, email, { path: '/lending' });
  await expect(page.getByRole('heading', { name: 'Customer Details', level: 1 })).toBeVisible();
  await settled(customers(page));
  await expect(rowsOf(customers(page)).first()).toBeVisible();
}

/** Opens a customer from its name in the lending table (searched first, so it is on the page). */
async function openCustomer(page: Page, name: string) {
  const search = customers(page).getByRole('searchbox', { name: 'Search customers' });
  await search.fill(name);
  const button = customers(page).getByRole('button', { name: `${name}: drawdowns and repayments` });
  await expect(button).toBeVisible({ timeout: 10_000 });
  await expect(rowsOf(customers(page))).toHaveCount(1);
  const first = page.waitForRequest(
    (r) =>
      r.url().includes('/api/distributor_companies/drawdowns?') && new URL(r.url()).searchParams.get('page') === '0',
  );
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await first;
  await settled(dialog);
  return dialog;
}

test.describe('lending page', () => {
  test('the onboarded card adds up to the onboarded count the provider answers; receivables and limit match', async ({
    page,
  }) => {
    await openLending(page);
    const { meta } = await lendingList(page);
    const card = page.getByTestId('onboarded-card');
    await expect(card.locator('.value')).toHaveText(meta.onboarded_distributors_count.toLocaleString('en-IN'));
    const lines = new Map<string, number>();
    for (const dt of await card.locator('dt').all()) {
      lines.set((await dt.innerText()).trim(), count(await dt.locator('xpath=following-sibling::dd[1]').innerText()));
    }
    expect([...lines.keys()]).toEqual([
      'SCF + Invoice Pay',
      'of which SCF',
      'of which Invoice Pay only',
      'ERP payments only',
    ]);
    expect(lines.get('SCF + Invoice Pay')).toBe(meta.distributors_using_provider_credit_and_pay);
    expect(lines.get('of which SCF')).toBe(meta.distributors_using_provider_credit);
    // The lines add up: SCF + Invoice Pay and ERP-only make the onboarded count; SCF and Invoice Pay only make SCF + Invoice Pay.
    expect(lines.get('SCF + Invoice Pay')! + lines.get('ERP payments only')!).toBe(meta.onboarded_distributors_count);
    expect(lines.get('of which SCF')! + lines.get('of which Invoice Pay only')!).toBe(lines.get('SCF + Invoice Pay'));
    await expect(page.getByTestId('receivables-card')).toContainText(formatShortMoney(paise(meta.account_receivables)));
    await expect(page.getByTestId('available-limit-card')).toContainText(formatShortMoney(paise(meta.available_limit)));
  });

  test('30+ lists only customers past 30 days; region East only east customers; both stay in the URL over a reload; page 2', async ({
    page,
  }) => {
    await openLending(page);
    const block = customers(page);
    const segmentRequest = page.waitForRequest(
      (r) =>
        isLendingList(r) &&
        filterOf(r, 'overdue_criteria') === 'greater_than' &&
        filterOf(r, 'overdue_by_days') === '30',
    );
    await block
      .getByRole('group', { name: 'Overdue segment' })
      .getByRole('button', { name: '30+', exact: true })
      .click();
    await segmentRequest;
    await expect(block.getByRole('button', { name: '30+', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/lending\.f\.segment=30_plus/);
    await settled(block);
    const dpd = (await column(block, 'DPD')).map(count);
    expect(dpd.length).toBe(10);
    expect(dpd.every((d) => d > 30)).toBe(true);
    const over30 = await lendingList(page, '&filter[overdue_by_days]=30&filter[overdue_criteria]=greater_than');
    await expect(block.getByRole('navigation', { name: 'Approved customers pages' })).toContainText(
      `of ${over30.pagy.count.toLocaleString('en-IN')} customers`,
    );
    expect(await column(block, 'Customer ID')).toEqual(over30.data.map((r) => r.attributes.customer_code));

    await block.getByLabel('Region').selectOption('east');
    await expect(page).toHaveURL(/lending\.region=east/);
    await expect(page).toHaveURL(/lending\.f\.segment=30_plus/);
    await settled(block);
    const east = await lendingList(
      page,
      '&filter[overdue_by_days]=30&filter[overdue_criteria]=greater_than&filter[region]=east',
    );
    expect(east.data.every((r) => r.attributes.region === 'east')).toBe(true);
    const codes = await column(block, 'Customer ID');
    expect(codes).toEqual(east.data.map((r) => r.attributes.customer_code));
    expect((await column(block, 'DPD')).every((d) => count(d) > 30)).toBe(true);

    await page.reload();
    await settled(customers(page));
    await expect(block.getByRole('button', { name: '30+', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(block.getByLabel('Region')).toHaveValue('east');
    expect(await column(block, 'Customer ID')).toEqual(codes);

    expect(east.pagy.count).toBeGreaterThan(10);
    await block.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/lending\.page=2/);
    await settled(block);
    await expect(block.getByRole('navigation', { name: 'Approved customers pages' })).toContainText('Showing 11 to');
    const second = await lendingList(
      page,
      '&filter[overdue_by_days]=30&filter[overdue_criteria]=greater_than&filter[region]=east&page=2',
    );
    expect(await column(block, 'Customer ID')).toEqual(second.data.map((r) => r.attributes.customer_code));
    expect(second.data.every((r) => r.attributes.region === 'east' && r.attributes.dpd > 30)).toBe(true);
    await expect(page).toHaveURL(/lending\.f\.segment=30_plus/);
  });

  test('the search sends nothing below 3 characters, sends after the 1-second pause from 3, and finds Narmada Trading Co under 30+', async ({
    page,
  }) => {
    await openLending(page);
    const block = customers(page);
    await block.getByRole('button', { name: '30+', exact: true }).click();
    await settled(block);
    const searches: { search: string; at: number }[] = [];
    page.on('request', (r) => {
      if (isLendingList(r) && filterOf(r, 'search') !== null)
        searches.push({ search: filterOf(r, 'search')!, at: Date.now() });
    });
    const search = block.getByRole('searchbox', { name: 'Search customers' });
    await expect(search).toHaveAttribute('placeholder', 'Search by Customer Name / Customer ID');
    await search.fill('Na');
    await expect(block.getByText('Type at least 3 characters to search')).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(searches).toEqual([]);

    const typedAt = Date.now();
    const sent = page.waitForRequest((r) => isLendingList(r) && filterOf(r, 'search') === 'Narmada');
    await search.fill('Narmada');
    await sent;
    expect(searches.map((s) => s.search)).toEqual(['Narmada']);
    expect(searches[0]!.at - typedAt).toBeGreaterThanOrEqual(900);
    await settled(block);
    await expect(rowsOf(block)).toHaveCount(1);
    expect(await column(block, 'Customer Name')).toEqual(['Narmada Trading Co']);
    expect(count((await column(block, 'DPD'))[0]!)).toBeGreaterThan(30);
    await expect(page).toHaveURL(/lending\.q=Narmada/);

    // A regular customer is not under 30+.
    await search.fill('Godavari');
    await expect(block.getByText('No data found.')).toBeVisible();
  });

  test('Download Report with every column gives a CSV with the full headers and every customer', async ({ page }) => {
    await openLending(page);
    const answer = await lendingList(page);
    const headers = answer.csv_headers_accepted.map((h) => h.display_name);
    expect(headers).toEqual([
      'Customer Name',
      'Customer ID',
      'Amount Outstanding',
      'Customer Status',
      'Limit Sanctioned',
      'Limit Utilised',
      'Balance Available',
      'Overdue',
      'DPD',
      'Excess Credit',
      'Stop',
      'Limit Expiry Date',
      'Loan Status',
    ]);
    // The table shows the same columns.
    expect((await customers(page).locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual(headers);
    await customers(page).getByRole('button', { name: 'Download Report' }).click();
    const report = page.getByRole('dialog', { name: 'Download Report' });
    await report.getByRole('checkbox', { name: 'Select all' }).check();
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim(), { skipEmptyLines: true });
    expect(csv.data[0]).toEqual(headers);
    expect(csv.data.length - 1).toBe(answer.pagy.count);
    const vardhman = csv.data.find((row) => row[0] === VARDHMAN);
    expect(vardhman?.[1]).toBe('CS000367');
  });
});

test.describe('customer modal', () => {
  test('Drawdown pages from 0 on the wire; repayment status and due indicators follow the drawdowns; invoices and dues open and close', async ({
    page,
  }) => {
    await openLending(page);
    const dialog = await openCustomer(page, VARDHMAN);
    await expect(dialog.getByRole('tab', { name: 'Drawdown' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/customer\.f\.cust=/);
    const table = dialog.getByRole('tabpanel');
    await expect(rowsOf(table)).toHaveCount(10);
    expect((await table.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual([
      'DDR ID',
      'Loan App ID',
      'DDR Date',
      'Status',
      'Amount',
      'UTR',
      'Repayment Status',
      'DDR Due Date',
      'Repayment due in',
      'Action',
    ]);
    await expect(dialog.getByRole('navigation', { name: 'Drawdowns pages' })).toContainText(
      'Showing 1 to 10 of 13 drawdowns',
    );

    const customer = (await lendingList(page, `&filter[search]=${encodeURIComponent(VARDHMAN)}`)).data[0]!.attributes;
    const loan = `cust_id=${customer.cust_id}&loan_application_id=${customer.application_id}`;
    const first = await api<ZeroBasedPage<Drawdown>>(page, `/distributor_companies/drawdowns?${loan}&page=0`);
    expect(first.totalElements).toBe(13);
    expect(await column(table, 'DDR ID')).toEqual(first.data.map((d) => d.drawdownId));

    // Spec 2 §4: a repayment status only for completed drawdowns; the due indicator by dpd and the due date.
    const today = new Date();
    const expectedStatus = (d: Drawdown) =>
      d.status === 'completed' ? (d.totalOutstandingAmount > 0 ? 'To be Paid' : 'Paid') : '-';
    const expectedDue = (d: Drawdown) => {
      if (d.status !== 'completed' || d.totalOutstandingAmount <= 0) return { text: '-', tone: null };
      const days = differenceInCalendarDays(parseISO(d.dueDate), today);
      const dueText = days === 0 ? 'Due Today' : `Due in ${days} ${days === 1 ? 'day' : 'days'}`;
      if (d.dpdPrincipal > 0 || days < 0) return { text: 'overdue', tone: 'red' };
      return d.dpdInterest > 0 ? { text: dueText, tone: 'amber' } : { text: dueText, tone: 'green' };
    };
    expect(await column(table, 'Repayment Status')).toEqual(first.data.map(expectedStatus));
    expect(await column(table, 'Repayment due in')).toEqual(first.data.map((d) => expectedDue(d).text));
    const tones = await rowsOf(table).evaluateAll((rows) =>
      rows.map((r) => r.querySelector('[data-tone]')?.getAttribute('data-tone') ?? null),
    );
    expect(tones).toEqual(first.data.map((d) => expectedDue(d).tone));
    // The demo customer shows each case: red overdue, amber 'Due in 15 days', green, Paid, and '-' for pending and failed.
    expect(new Set(await column(table, 'Repayment Status'))).toEqual(new Set(['To be Paid', 'Paid', '-']));
    expect(new Set(tones)).toEqual(new Set(['red', 'amber', 'green', null]));
    const amber = first.data.find((d) => expectedDue(d).tone === 'amber')!;
    expect(expectedDue(amber).text).toBe('Due in 15 days');
    expect(await column(table, 'Status')).toEqual(expect.arrayContaining(['Pending', 'Failed', 'Completed']));

    // View Invoice(s): the drawdown's invoices with their amounts, then Hide Invoice(s).
    const overdue = first.data.find((d) => expectedDue(d).tone === 'red')!;
    const invoices = (
      await api<{ data: { invoiceNumber: string; invoiceAmount: number }[] }>(
        page,
        `/distributor_companies/drawdown_invoices?drawdown_id=${overdue.drawdownId}`,
      )
    ).data;
    expect(invoices.length).toBeGreaterThan(0);
    const row = rowsOf(table).filter({ hasText: overdue.drawdownId });
    await row.getByRole('button', { name: `View Invoice(s) of ${overdue.drawdownId}` }).click();
    const hideInvoices = row.getByRole('button', { name: `Hide Invoice(s) of ${overdue.drawdownId}` });
    await expect(hideInvoices).toHaveAttribute('aria-expanded', 'true');
    const detail = table.getByRole('heading', { name: `Invoices of ${overdue.drawdownId}` }).locator('..');
    for (const invoice of invoices) {
      await expect(detail).toContainText(invoice.invoiceNumber);
      await expect(detail).toContainText(formatMoney(paise(invoice.invoiceAmount)));
    }
    // The seed has no drawdown without invoices, so 'No invoice found.' is not shown here.
    await hideInvoices.click();
    await expect(table.getByRole('heading', { name: `Invoices of ${overdue.drawdownId}` })).toHaveCount(0);
    await expect(row.getByRole('button', { name: `View Invoice(s) of ${overdue.drawdownId}` })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    // View Dues: principal, interest and penal lines add up to the total outstanding.
    await row.getByRole('button', { name: `View Dues of ${overdue.drawdownId}` }).click();
    const dues = table.getByRole('heading', { name: `Dues of ${overdue.drawdownId}` }).locator('..');
    await expect(dues).toBeVisible();
    await expect(row.getByRole('button', { name: `Hide Dues of ${overdue.drawdownId}` })).toBeVisible();
    const lines = new Map<string, string>();
    for (const dt of await dues.locator('dt').all()) {
      const label = (await dt.innerText()).trim();
      const value = (await dt.locator('xpath=following-sibling::dd[1]').innerText()).trim();
      lines.set(lines.has(label) ? `${label} (${lines.size})` : label, value);
    }
    const parts = [
      'Principal outstanding',
      'Interest billed',
      'Interest accrued, not yet billed',
      'Penal charges billed',
      'Penal charges accrued',
    ];
    for (const part of parts) expect(lines.get(part), part).toMatch(/^₹/);
    const total = moneyText(lines.get('Total outstanding')!);
    expect(total).toBe(paise(overdue.totalOutstandingAmount));
    expect(parts.reduce((sum, part) => sum + moneyText(lines.get(part)!), 0)).toBe(total);
    expect(moneyText(lines.get('Principal outstanding')!)).toBeGreaterThan(0);
    await row.getByRole('button', { name: `Hide Dues of ${overdue.drawdownId}` }).click();
    await expect(dues).toHaveCount(0);

    // Page 2 asks the provider for page=1 and shows the last 3.
    const next = page.waitForRequest(
      (r) =>
        r.url().includes('/api/distributor_companies/drawdowns?') && new URL(r.url()).searchParams.get('page') === '1',
    );
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await next;
    await expect(page).toHaveURL(/customer\.page=2/);
    await settled(dialog);
    await expect(rowsOf(table)).toHaveCount(3);
    await expect(dialog.getByRole('navigation', { name: 'Drawdowns pages' })).toContainText(
      'Showing 11 to 13 of 13 drawdowns',
    );
    const second = await api<ZeroBasedPage<Drawdown>>(page, `/distributor_companies/drawdowns?${loan}&page=1`);
    expect(await column(table, 'DDR ID')).toEqual(second.data.map((d) => d.drawdownId));
    expect(await column(table, 'Repayment Status')).toEqual(second.data.map(expectedStatus));
  });

  test('the Repayment tab lists the repayments; Escape closes and clears the URL', async ({ page }) => {
    await openLending(page);
    const dialog = await openCustomer(page, VARDHMAN);
    const repaymentsRequest = page.waitForRequest(
      (r) =>
        r.url().includes('/api/distributor_companies/repayments?') && new URL(r.url()).searchParams.get('page') === '0',
    );
    await dialog.getByRole('tab', { name: 'Drawdown' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Repayment' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: 'Repayment' })).toBeFocused();
    await repaymentsRequest;
    await expect(page).toHaveURL(/customer\.f\.tab=repayment/);
    const table = dialog.getByRole('tabpanel');
    await settled(dialog);
    await expect(rowsOf(table)).toHaveCount(5);
    expect((await table.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual([
      'Date',
      'Loan App ID',
      'Transaction ID',
      'Amount',
      'Mode',
      'Status',
      'UTR',
    ]);
    const customer = (await lendingList(page, `&filter[search]=${encodeURIComponent(VARDHMAN)}`)).data[0]!.attributes;
    const repayments = await api<ZeroBasedPage<{ orderId: string; amount: number; utr: string }>>(
      page,
      `/distributor_companies/repayments?cust_id=${customer.cust_id}&loan_application_id=${customer.application_id}&page=0`,
    );
    expect(await column(table, 'Transaction ID')).toEqual(repayments.data.map((r) => r.orderId));
    expect(await column(table, 'Amount')).toEqual(repayments.data.map((r) => formatMoney(paise(r.amount))));
    expect(await column(table, 'UTR')).toEqual(repayments.data.map((r) => r.utr));

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/customer\./);
  });

  test('a customer without repayments: the tab says No data found and shows no pager', async ({ page }) => {
    await openLending(page);
    // The first approved customer the provider has no repayments for (and whose name finds only them).
    let empty: Customer | undefined;
    for (let number = 1; !empty; number++) {
      const list = await lendingList(page, `&page=${number}`);
      for (const { attributes: customer } of list.data) {
        const loan = `cust_id=${customer.cust_id}&loan_application_id=${customer.application_id}`;
        const repayments = await api<ZeroBasedPage<unknown>>(page, `/distributor_companies/repayments?${loan}&page=0`);
        const found = await lendingList(page, `&filter[search]=${encodeURIComponent(customer.name)}`);
        if (repayments.totalElements === 0 && found.pagy.count === 1) {
          empty = customer;
          break;
        }
      }
      expect(empty !== undefined || list.pagy.next !== null, 'an approved customer without repayments').toBe(true);
    }
    const dialog = await openCustomer(page, empty.name);
    await dialog.getByRole('tab', { name: 'Repayment' }).click();
    await settled(dialog);
    const panel = dialog.getByRole('tabpanel');
    await expect(panel.locator('tbody')).toHaveText(NO_REPAYMENTS);
    // The table says it is empty; a pager would only count nothing and offer buttons that lead nowhere.
    await expect(dialog.getByRole('navigation', { name: /pages$/ })).toHaveCount(0);
    await expect(dialog.getByText('Showing')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^(Previous|Next) page$/ })).toHaveCount(0);
  });
});

test.describe('All Customer modal', () => {
  test('Expand lists every onboarded customer; the payment-source buttons send their sources; region; 500 px table', async ({
    page,
  }) => {
    await openLending(page);
    const card = page.getByTestId('onboarded-card');
    await expect(card.locator('.value')).not.toBeEmpty();
    const onboarded = count(await card.locator('.value').innerText());
    const scfPay = count(await card.getByTestId('onboarded-scf-pay').innerText());
    const scf = count(
      await card
        .locator('dt', { hasText: /^of which SCF$/ })
        .locator('xpath=following-sibling::dd[1]')
        .innerText(),
    );

    const sourcesSent = (value: string) =>
      page.waitForRequest(
        (r) => r.url().includes('/api/distributor_companies/list?') && filterOf(r, 'payment_sources_filter') === value,
      );
    const all = sourcesSent('provider_credit,provider_pay,erp_payment');
    await card.getByRole('button', { name: 'Expand' }).click();
    const dialog = page.getByRole('dialog', { name: 'All Customer' });
    await expect(dialog).toBeVisible();
    await all;
    await expect(page).toHaveURL(/onboarded\.f\.open=1/);
    await settled(dialog);
    expect((await dialog.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual([
      'Customer Name',
      'Customer ID',
      'Amount Outstanding',
      'Customer Status',
      'Risk',
      'Eligibility',
      'Availed',
      'Availed amount',
    ]);
    const pager = dialog.getByRole('navigation', { name: 'All customers pages' });
    await expect(pager).toContainText(`of ${onboarded.toLocaleString('en-IN')} customers`);
    const scroller = dialog.getByRole('region', { name: 'All customers' });
    expect(await scroller.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('500px');

    const group = dialog.getByRole('group', { name: 'Payment source' });
    expect((await group.getByRole('button').allInnerTexts()).map((t) => t.trim())).toEqual([
      'All',
      'SCF + Invoice Pay',
      'SCF',
      'Invoice Pay',
    ]);
    await expect(group.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // Spec 2 §4: 'SCF + Invoice Pay' = credit and pay; SCF = credit; 'Invoice Pay' = pay.
    const expected: Record<string, string> = {
      'SCF + Invoice Pay': 'provider_credit,provider_pay',
      SCF: 'provider_credit',
      'Invoice Pay': 'provider_pay',
      All: 'provider_credit,provider_pay,erp_payment',
    };
    for (const filter of SOURCE_FILTERS)
      expect(sourcesFilterValue(filter, DEFAULT_PRODUCT)).toBe(expected[filter.label]);
    for (const label of ['SCF + Invoice Pay', 'SCF', 'Invoice Pay', 'All']) {
      const sent = sourcesSent(expected[label]!);
      await group.getByRole('button', { name: label, exact: true }).click();
      await sent;
      await expect(group.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await settled(dialog);
      const answer = await api<{ pagy: Pagy }>(
        page,
        `/distributor_companies/list?filter[payment_sources_filter]=${expected[label]}`,
      );
      await expect(pager).toContainText(`of ${answer.pagy.count.toLocaleString('en-IN')} customers`);
      if (label === 'SCF + Invoice Pay') expect(answer.pagy.count).toBe(scfPay);
      if (label === 'SCF') expect(answer.pagy.count).toBe(scf);
      if (label === 'All') expect(answer.pagy.count).toBe(onboarded);
    }

    const south = page.waitForRequest(
      (r) => r.url().includes('/api/distributor_companies/list?') && filterOf(r, 'region') === 'south',
    );
    await dialog.getByLabel('Region').selectOption('south');
    await south;
    await settled(dialog);
    const answer = await api<{ pagy: Pagy; data: { attributes: { customer_code: string; region: string } }[] }>(
      page,
      '/distributor_companies/list?filter[payment_sources_filter]=provider_credit,provider_pay,erp_payment&filter[region]=south',
    );
    expect(answer.data.every((r) => r.attributes.region === 'south')).toBe(true);
    await expect(pager).toContainText(`of ${answer.pagy.count.toLocaleString('en-IN')} customers`);
    expect(await column(dialog, 'Customer ID')).toEqual(answer.data.map((r) => r.attributes.customer_code));

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/onboarded\./);
  });
});

test.describe('anchor 1551', () => {
  test('sees the reduced lending table', async ({ page }) => {
    await openLending(page, REDUCED_LOGIN);
    const block = customers(page);
    expect((await block.locator('thead th').allInnerTexts()).map((h) => h.trim())).toEqual([
      'Customer Name',
      'Anchor Customer ID',
      'Limit Sanctioned',
      'Limit Utilised',
      'Is Customer in Overdue',
      'Overdue Amount',
      'Overdue Days',
      'Limit Available for Billing',
      'Limit Expiry Date',
    ]);
    const answer = await lendingList(page);
    expect(answer.pagy.count).toBeGreaterThan(0);
    await expect(block.getByRole('navigation', { name: 'Approved customers pages' })).toContainText(
      `of ${answer.pagy.count.toLocaleString('en-IN')} customers`,
    );
    expect(await column(block, 'Anchor Customer ID')).toEqual(answer.data.map((r) => r.attributes.customer_code));
    expect(answer.csv_headers_accepted.map((h) => h.display_name)).toEqual(
      (await block.locator('thead th').allInnerTexts()).map((h) => h.trim()),
    );
  });
});

for (const theme of THEMES) {
  test(`the lending page with the customer modal open, then the All Customer modal, has no axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await openLending(page);
    await expectNoAxeViolations(page);
    const dialog = await openCustomer(page, VARDHMAN);
    const table = dialog.getByRole('tabpanel');
    await expect(rowsOf(table)).toHaveCount(10);
    const row = rowsOf(table).filter({ hasText: 'overdue' }).first();
    await row.getByRole('button', { name: /^View Invoice\(s\)/ }).click();
    await row.getByRole('button', { name: /^View Dues/ }).click();
    await expect(table.getByRole('heading', { name: /^Dues of / })).toBeVisible();
    await expect(table.getByRole('heading', { name: /^Invoices of / })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('onboarded-card').getByRole('button', { name: 'Expand' }).click();
    const all = page.getByRole('dialog', { name: 'All Customer' });
    await settled(all);
    await expect(rowsOf(all).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

for (const width of [360, 390]) {
  test.describe(`lending page on a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });

    test('does not scroll sideways; a drawdown’s dues and invoices open in view beside a table scrolled to its actions', async ({
      page,
    }) => {
      await openLending(page);
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      const dialog = await openCustomer(page, VARDHMAN);
      const table = dialog.getByRole('tabpanel');
      const row = rowsOf(table).filter({ hasText: 'overdue' }).first();
      // The Action column is at the table's far end: pressing its buttons scrolls the table sideways.
      await row.getByRole('button', { name: /^View Invoice\(s\)/ }).click();
      await row.getByRole('button', { name: /^View Dues/ }).click();
      const scroller = dialog.getByRole('region', { name: 'Drawdowns' });
      expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      const view = (await scroller.boundingBox())!;
      // Before: the detail was as wide as the whole table, so its labels stayed at the far left, out of view.
      for (const part of [
        table.getByRole('heading', { name: /^Invoices of / }),
        table.getByRole('heading', { name: /^Dues of / }),
        table.getByText('Total outstanding'),
      ]) {
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(view.x);
        expect(box.x + box.width).toBeLessThanOrEqual(view.x + view.width);
      }
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  });
}
