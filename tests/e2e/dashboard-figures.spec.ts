import type { Locator, Page } from '@playwright/test';
import {
  invoiceListQuery,
  invoiceStatsQuery,
  type InvoiceFilter,
  type InvoiceStatsParams,
} from '../../src/api/invoice-queries';
import { chartBuckets, chartWindow, type ChartPeriod } from '../../src/domain/chart-periods';
import { formatMoney, formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import { formatDate } from '../../src/lib/format';
import { api, expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * Dashboard figures staff can trust, at the desktop sizes they use: figures whose parts add up to their
 * whole on screen (the invoice statistics' boxes and the Cleared bars), a home card that always says which
 * window it shows (and a dropdown that does not claim one for all when the charts differ), and charts whose
 * months run in time order with their year and draw nothing for days that have not come yet. Every figure is
 * read from the provider in exact paise and compared with the page.
 */

const LOGIN = 't1@anchor.test';
const P = 'provider';

/** Rupees on the wire as exact paise. */
const paise = (rupees: number) => {
  const value = rupeesToPaise(rupees);
  expect(value, `${rupees} is an amount`).not.toBeNull();
  return value!;
};
const short = (rupees: number) => formatShortMoney(paise(rupees));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** A '₹1,23,456.78' text as paise. */
const moneyText = (text: string) => rupeesToPaise(text.replace('₹', ''), { grouping: true });

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

type Row = { month?: string; year?: number; week?: number; count: number; total_amount: number } & Record<
  string,
  number | string | undefined
>;
interface StatsAnswer {
  data: {
    invoices_summary: Record<string, number>;
    overdue_invoices_summary: Record<string, number>;
    available_limits_summary: Record<string, number>;
    shared_invoices_graph_data: { filter_information: Row[] };
    cleared_invoices_graph_data: { filter_information: (Row | { weekly_data: Row[] })[] };
  };
}

const stats = (page: Page, params: InvoiceStatsParams) =>
  api<StatsAnswer>(page, `/invoices/stats?${toQueryString(invoiceStatsQuery(params, new Date()))}`);
const dueTotal = async (page: Page, filter: InvoiceFilter) =>
  paise(
    (await api<{ meta: { total_due: number } }>(page, `/invoices?${toQueryString(invoiceListQuery({ filter }))}`)).meta
      .total_due,
  );
const settled = (scope: Locator) => expect(scope).toHaveAttribute('aria-busy', 'false');

async function openInvoices(page: Page) {
  await logInReady(page, LOGIN, { path: '/invoices' });
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await settled(page.getByTestId('stats-box-invoices'));
  await settled(page.getByTestId('stats-box-outstanding'));
}

/** A row's label and value as the page shows them. */
async function expectPart(scope: Locator, testId: string, label: string, rupees: number) {
  await expect(scope.getByTestId(testId)).toHaveText(short(rupees));
  await expect(scope.locator('dt', { hasText: label }).first()).toBeVisible();
}

test.describe('invoice statistics: every box adds up (1366 px laptop)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('Total Cleared, Current Outstanding and the limit are shown with parts that add up to them, in exact paise', async ({
    page,
  }) => {
    await openInvoices(page);
    for (const box of ['monthly', 'yearly'] as const) {
      if (box === 'yearly') {
        await page
          .getByRole('group', { name: 'Invoice summary period' })
          .getByRole('button', { name: 'Yearly' })
          .click();
        await settled(page.getByTestId('stats-box-invoices'));
      }
      const { data } = await stats(page, { box, shared: 'yearly', cleared: 'yearly' });
      const s = data.invoices_summary;
      // Before: ₹1.23 C cleared beside ₹28.83 L by credit and ₹53.78 L by pay, and nothing else.
      expect(
        paise(s[`cleared_using_${P}_credit`]!) +
          paise(s[`cleared_using_${P}_pay`]!) +
          paise(s[`cleared_outside_${P}`]!),
      ).toBe(paise(s.total_cleared_amount!));
      const box1 = page.getByTestId('stats-box-invoices');
      await expect(page.getByTestId('stats-cleared')).toContainText(short(s.total_cleared_amount!));
      await expectPart(
        box1,
        'stats-cleared-credit',
        'Cleared using Limit (Provider Credit)',
        s[`cleared_using_${P}_credit`]!,
      );
      await expectPart(box1, 'stats-cleared-pay', 'Cleared using Pay (Provider Pay)', s[`cleared_using_${P}_pay`]!);
      await expectPart(box1, 'stats-cleared-outside', 'Paid outside', s[`cleared_outside_${P}`]!);
      await expect(box1.getByTestId('stats-cleared-other')).toHaveCount(0);
      await expect(box1.getByTestId('stats-cleared-sum')).toHaveText('The parts add up to Total Cleared.');
      // The exact amount is one hover away.
      await expect(box1.getByTestId('stats-cleared-outside').locator('span')).toHaveAttribute(
        'title',
        formatMoney(paise(s[`cleared_outside_${P}`]!)),
      );
    }

    // Before: ₹27.77 C outstanding beside Not Overdue ₹7.31 C, 30+ ₹16.63 C and 90+ (1-30 days and in-progress missing).
    const o = (await stats(page, { box: 'yearly', shared: 'yearly', cleared: 'yearly' })).data.overdue_invoices_summary;
    const parts = [
      o.regular_open_invoices_amount!,
      o.overdue_invoices_amount_upto_30_days!,
      o.overdue_invoices_amount_30_days!,
      o.in_progress_invoices_amount!,
    ];
    expect(sum(parts.map(paise))).toBe(paise(o.total_overdue_invoices_amount!));
    expect(paise(o.overdue_invoices_amount_90_days!)).toBeLessThanOrEqual(paise(o.overdue_invoices_amount_30_days!));
    expect(paise(o.in_progress_invoices_amount!)).toBeGreaterThan(0);
    expect(paise(o.overdue_invoices_amount_upto_30_days!)).toBeGreaterThan(0);
    const box2 = page.getByTestId('stats-box-outstanding');
    await expect(page.getByTestId('stats-outstanding')).toHaveText(short(o.total_overdue_invoices_amount!));
    await expectPart(box2, 'stats-not-overdue', 'Not Overdue', o.regular_open_invoices_amount!);
    await expectPart(box2, 'stats-overdue-1-30', 'Overdue 1–30 days', o.overdue_invoices_amount_upto_30_days!);
    await expectPart(box2, 'stats-overdue-30', 'Overdue 30+', o.overdue_invoices_amount_30_days!);
    await expectPart(box2, 'stats-overdue-90', 'Overdue 90+ (of 30+)', o.overdue_invoices_amount_90_days!);
    await expectPart(box2, 'stats-in-progress', 'In-Progress', o.in_progress_invoices_amount!);
    await expect(box2.getByTestId('stats-outstanding-other')).toHaveCount(0);
    await expect(box2.getByTestId('stats-outstanding-sum')).toHaveText(
      'The parts add up to Current Outstanding; Overdue 90+ is part of Overdue 30+.',
    );
    // Each part is what the Detailed Invoice table's filter of the same name totals.
    expect(await dueTotal(page, 'not_overdue')).toBe(paise(o.regular_open_invoices_amount!));
    expect(await dueTotal(page, 'in_progress')).toBe(paise(o.in_progress_invoices_amount!));
    expect(await dueTotal(page, 'overdue_30')).toBe(paise(o.overdue_invoices_amount_30_days!));
    expect(await dueTotal(page, 'overdue_90')).toBe(paise(o.overdue_invoices_amount_90_days!));

    const l = (await stats(page, { box: 'yearly', shared: 'yearly', cleared: 'yearly' })).data.available_limits_summary;
    const box3 = page.getByTestId('stats-box-limit');
    await expect(box3.getByTestId('stats-limit-total')).toHaveText(short(l.total_available_limit!));
    await expectPart(
      box3,
      'stats-limit-open',
      'Limit Available for Drawdown pertaining to Not Overdue Invoices',
      l.avl_limit_pertaining_for_open_invoices!,
    );
    const rest = paise(l.total_available_limit!) - paise(l.avl_limit_pertaining_for_open_invoices!);
    await expect(box3.getByTestId('stats-limit-rest')).toHaveText(formatShortMoney(rest));
    await expect(box3.getByTestId('stats-limit-sum')).toHaveText('The parts add up to Limit Available for Drawdown.');
  });

  test('the Cleared bars stack credit, pay and paid outside to each bucket’s total, months in time order with their year', async ({
    page,
  }) => {
    await openInvoices(page);
    const rows = (await stats(page, { box: 'monthly', shared: 'yearly', cleared: 'yearly' })).data
      .cleared_invoices_graph_data.filter_information as Row[];
    const months = chartBuckets('yearly', new Date());
    // One row per calendar month of the window, oldest first: two Novembers (or whichever month) stay apart.
    expect(rows.map((r) => `${r.month} ${r.year}`)).toEqual(months.map((m) => `${m.month} ${m.year}`));
    for (const r of rows) {
      expect(
        paise(r[`paid_using_${P}_credit`] as number) +
          paise(r[`paid_using_${P}_pay`] as number) +
          paise(r[`paid_outside_${P}`] as number),
        `${r.month} ${r.year}`,
      ).toBe(paise(r.total_amount));
    }

    // Box 1 is on Monthly, and so is the chart it opens: the chart's own toggle shows the last 12 months.
    await page
      .getByTestId('stats-box-invoices')
      .getByRole('group', { name: 'Invoice summary period' })
      .getByRole('button', { name: 'Yearly' })
      .click();
    await page.getByTestId('stats-cleared').click();
    const chart = page.getByTestId('stats-chart-cleared');
    await settled(chart);
    await expect(chart.getByRole('img', { name: 'Cleared, by month over the last 12 months' })).toBeVisible();
    // The figures as text beside the picture (visually hidden, read by screen readers).
    const summary = (await chart.locator('.visually-hidden').textContent()) ?? '';
    // Every bucket, by its full name and in time order, with its three parts adding up to its total.
    let at = -1;
    for (const [i, m] of months.entries()) {
      const row = rows[i]!;
      const pattern = new RegExp(
        `${m.name}: (₹[\\d,.]+), [\\d,]+ invoices \\(Provider Credit (₹[\\d,.]+), [^;]+; Provider Pay (₹[\\d,.]+), [^;]+; Paid outside (₹[\\d,.]+), [^)]+\\)`,
      );
      const found = pattern.exec(summary);
      expect(found, m.name).not.toBeNull();
      expect(found!.index, `${m.name} comes after the month before it`).toBeGreaterThan(at);
      at = found!.index;
      const [total, credit, pay, outside] = found!.slice(1).map((t) => moneyText(t)!);
      expect(total).toBe(paise(row.total_amount));
      expect(credit! + pay! + outside!).toBe(total);
    }

    // The tooltip of a bar gives the total and every stacked part, paid outside included.
    const canvas = chart.locator('canvas').first();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6);
    await page.mouse.move(box.x + box.width * 0.52, box.y + box.height * 0.6);
    await expect(chart.getByText(/Total cleared: ₹/)).toBeVisible();
    await expect(chart.getByText(/Paid outside: ₹[\d,.]+ \([\d.]+%\)/)).toBeVisible();
  });

  for (const theme of THEMES) {
    test(`the statistics with their parts and the Cleared chart have no axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openInvoices(page);
      await expect(page.getByTestId('stats-in-progress')).toBeVisible();
      await page.getByTestId('stats-cleared').click();
      await settled(page.getByTestId('stats-chart-cleared'));
      await expect(page.getByTestId('stats-chart-cleared').locator('canvas').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// Home: cards say their window; charts in time order, nothing drawn for days to come (1440 px desktop)
// ---------------------------------------------------------------------------------------------------

type GraphAnswer<K extends string, F extends string> = {
  data: Record<K, Record<'yearly' | 'weekly', Record<F, number> & { filter_information: unknown[] }>>;
};

const wire = (period: ChartPeriod) => (period === 'yearly' ? 'yearly' : 'weekly');
async function clearedGraph(page: Page, period: ChartPeriod) {
  const w = chartWindow(period, new Date());
  const answer = await api<GraphAnswer<'invoices_cleared', 'invoice_total'>>(
    page,
    `/invoices/cleared_graph?invoices_cleared_from_date=${w.from}&invoices_cleared_to_date=${w.to}&cleared_type=${wire(period)}`,
  );
  return answer.data.invoices_cleared[wire(period)];
}
async function sharedGraph(page: Page, period: ChartPeriod) {
  const w = chartWindow(period, new Date());
  const answer = await api<GraphAnswer<'invoices_shared', 'invoice_total'>>(
    page,
    `/invoices/graph?invoices_shared_from_date=${w.from}&invoices_shared_to_date=${w.to}&shared_type=${wire(period)}`,
  );
  return answer.data.invoices_shared[wire(period)];
}

/** What a card or chart says it covers. */
const caption = (period: ChartPeriod) => {
  const w = chartWindow(period, new Date());
  return `${period === 'yearly' ? 'This year' : 'This month'}: ${formatDate(w.from)} to ${formatDate(w.to)}`;
};

async function openDashboard(page: Page) {
  await logInReady(page, LOGIN);
  await expect(page.getByTestId('card-shared')).not.toContainText('…');
  await expect(page.getByTestId('card-cleared').getByTestId('card-window')).toBeVisible();
}

test.describe('home invoice cards and charts (1440 px desktop)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a card and its chart show the same window and say which; the dropdown does not claim one window when they differ', async ({
    page,
  }) => {
    await openDashboard(page);
    const dropdown = page.getByLabel('Invoices period');
    await expect(dropdown.locator('option:checked')).toHaveText('This Year');
    for (const card of ['shared', 'cleared', 'payments'] as const)
      await expect(page.getByTestId(`card-${card}`).getByTestId('card-window')).toHaveText(caption('yearly'));
    await expect(page.getByTestId('top-performers')).toContainText(caption('yearly'));

    // Monthly on the Cleared chart: its card follows, says so, and the dropdown no longer reads 'This Year'.
    await page.getByTestId('card-cleared').click();
    const chart = page.getByTestId('chart-cleared');
    await expect(chart.getByTestId('window-caption')).toHaveText(caption('yearly'));
    await chart.getByRole('group', { name: 'Invoices Cleared view' }).getByRole('button', { name: 'Monthly' }).click();
    const month = await clearedGraph(page, 'monthly');
    await expect(page.getByTestId('card-cleared')).toContainText(short(month.invoice_total));
    await expect(page.getByTestId('card-cleared').getByTestId('card-window')).toHaveText(caption('monthly'));
    await expect(chart.getByTestId('window-caption')).toHaveText(caption('monthly'));
    await expect(chart.getByRole('img', { name: 'Invoices Cleared, by week this month' })).toBeVisible();
    await expect(page.getByTestId('card-shared').getByTestId('card-window')).toHaveText(caption('yearly'));
    await expect(dropdown.locator('option:checked')).toHaveText('Differs per card');
    await expect(dropdown.locator('option:checked')).toBeDisabled();
    // The top performers keep the dropdown's last choice, and say so.
    await expect(page.getByTestId('top-performers')).toContainText(caption('yearly'));

    // The dropdown sets every chart again, and names their one window.
    await dropdown.selectOption({ label: 'This Month' });
    await expect(dropdown.locator('option:checked')).toHaveText('This Month');
    await expect(dropdown.locator('option', { hasText: 'Differs per card' })).toHaveCount(0);
    for (const card of ['shared', 'cleared', 'payments'] as const)
      await expect(page.getByTestId(`card-${card}`).getByTestId('card-window')).toHaveText(caption('monthly'));
    const shared = await sharedGraph(page, 'monthly');
    await expect(page.getByTestId('card-shared')).toContainText(short(shared.invoice_total));
    await dropdown.selectOption({ label: 'This Year' });
    await expect(page.getByTestId('card-cleared').getByTestId('card-window')).toHaveText(caption('yearly'));
    await expect(chart.getByTestId('window-caption')).toHaveText(caption('yearly'));
  });

  test('the yearly chart runs month by month in time order with the year; days to come are not drawn as ₹0', async ({
    page,
  }) => {
    await openDashboard(page);
    const year = await sharedGraph(page, 'yearly');
    const rows = year.filter_information as { month: string; year: number; total: number; no_of_invoices: number }[];
    const months = chartBuckets('yearly', new Date());
    expect(rows.map((r) => `${r.month} ${r.year}`)).toEqual(months.map((m) => `${m.month} ${m.year}`));
    expect(sum(rows.map((r) => paise(r.total)))).toBe(paise(year.invoice_total));

    await page.getByTestId('card-shared').click();
    const chart = page.getByTestId('chart-shared');
    await expect(chart.getByRole('img', { name: 'Invoices Shared, by month over the last 12 months' })).toBeVisible();
    // The figures as text beside the picture (visually hidden, read by screen readers).
    const img = chart.locator('.visually-hidden');
    // Each month once, by its name and year, in time order, with the provider's figure for that very month.
    let at = -1;
    for (const [i, m] of months.entries()) {
      const line = `${m.name}: ${formatMoney(paise(rows[i]!.total))}, ${rows[i]!.no_of_invoices.toLocaleString('en-IN')} invoices`;
      await expect(img).toContainText(line);
      const index = ((await img.textContent()) ?? '').indexOf(line);
      expect(index, `${m.name} after the month before it`).toBeGreaterThan(at);
      at = index;
    }
    await expect(img).toContainText(`Total ${formatMoney(paise(year.invoice_total))}.`);

    // This month by week: weeks that have not started have no point, and say so.
    await chart.getByRole('group', { name: 'Invoices Shared view' }).getByRole('button', { name: 'Monthly' }).click();
    await expect(chart.getByRole('img', { name: 'Invoices Shared, by week this month' })).toBeVisible();
    const weeks = chartBuckets('monthly', new Date());
    const week = await sharedGraph(page, 'monthly');
    const weekRows = (week.filter_information as { weekly_data: { week: number; total: number }[] }[])[0]!.weekly_data;
    for (const w of weeks) {
      if (w.future) {
        await expect(img).toContainText(`${w.name}: not started yet`);
        await expect(img).not.toContainText(`${w.name}: ₹`);
      } else {
        await expect(img).toContainText(
          `${w.name}: ${formatMoney(paise(weekRows.find((r) => r.week === w.week)?.total ?? 0))}`,
        );
      }
    }
    const future = weeks.filter((w) => w.future);
    test
      .info()
      .annotations.push({ type: 'future weeks today', description: future.map((w) => w.name).join('; ') || 'none' });
    if (future.length > 0) {
      // Hovering the last week (not started) says so instead of showing ₹0 (once the weekly figures are drawn).
      await expect(chart.getByRole('img', { name: 'Invoices Shared, by week this month' })).toHaveAttribute(
        'aria-busy',
        'false',
      );
      const canvas = chart.locator('canvas').first();
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
      await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.5); // past half-way to the last week: the pointer snaps to it
      await expect(chart.getByText(`Invoices Shared: not started yet`)).toBeVisible();
    }
  });

  test('the payments card is named for what it shows, and the CUSTOM range reads and takes dates as dd/mm/yyyy', async ({
    page,
  }) => {
    await openDashboard(page);
    await expect(page.getByTestId('card-payments')).toContainText('Payments Received');
    await expect(page.getByTestId('card-payments')).not.toContainText('year to date');
    await page.getByTestId('card-payments').click();
    const chart = page.getByTestId('chart-payments');
    await chart.getByRole('button', { name: 'CUSTOM' }).click();
    const from = chart.getByRole('textbox', { name: 'From' });
    await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await from.fill('5/11/2026');
    await expect(from).toHaveValue('05/11/2026');
    // The calendar's choice shows the same way.
    await chart.locator('input[type="date"]').nth(1).fill('2026-11-20');
    await expect(chart.getByRole('textbox', { name: 'To' })).toHaveValue('20/11/2026');
    await expect(chart.getByRole('button', { name: 'Choose To date from a calendar' })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  for (const theme of THEMES) {
    test(`cards with their windows, the mixed dropdown and a chart have no axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openDashboard(page);
      await page.getByTestId('card-payments').click();
      await page.getByTestId('chart-payments').getByRole('button', { name: 'Monthly' }).click();
      await expect(page.getByLabel('Invoices period').locator('option:checked')).toHaveText('Differs per card');
      await expect(page.getByTestId('chart-payments').getByRole('img')).toBeVisible();
      await expect(page.getByTestId('lending-summary')).toContainText('90+ days (of 30+)');
      await expectNoAxeViolations(page);
    });
  }
});
