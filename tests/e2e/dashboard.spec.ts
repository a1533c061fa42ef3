import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { chartWindow } from '../../src/domain/chart-periods';
import { formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import {
  api,
  expect,
  expectDownloadSaysWhy,
  expectNoAxeViolations,
  logInReady,
  test,
  THEMES,
  useTheme,
} from './fixtures';

const short = (rupees: number) => formatShortMoney(rupeesToPaise(rupees));

async function openDashboard(page: Page) {
  await logInReady(page, 't1@anchor.test');
  await expect(page.getByTestId('card-shared')).not.toContainText('…');
  await expect(page.getByTestId('lending-summary')).toContainText('No. of Customer');
}

test.describe('home dashboard', () => {
  test('the cards show the figures the provider answers for the same windows', async ({ page }) => {
    await openDashboard(page);
    const today = new Date();
    const year = chartWindow('yearly', today);
    const shared = await api<{
      data: { invoices_shared: { yearly: { invoice_total: number; invoice_count: number } } };
    }>(
      page,
      `/invoices/graph?invoices_shared_from_date=${year.from}&invoices_shared_to_date=${year.to}&shared_type=yearly`,
    );
    const cleared = await api<{
      data: { invoices_cleared: { yearly: { invoice_total: number; cleared_percentage: number } } };
    }>(
      page,
      `/invoices/cleared_graph?invoices_cleared_from_date=${year.from}&invoices_cleared_to_date=${year.to}&cleared_type=yearly`,
    );
    const payments = await api<{ data: { payments: { yearly: { payment_total: number } } } }>(
      page,
      `/invoices/payment_graph?payments_data_from_date=${year.from}&payments_data_to_date=${year.to}&payment_type=yearly`,
    );
    await expect(page.getByTestId('card-shared')).toContainText(
      short(shared.data.invoices_shared.yearly.invoice_total),
    );
    await expect(page.getByTestId('card-shared')).toContainText(
      `${shared.data.invoices_shared.yearly.invoice_count.toLocaleString('en-IN')} invoices`,
    );
    await expect(page.getByTestId('card-cleared')).toContainText(
      short(cleared.data.invoices_cleared.yearly.invoice_total),
    );
    await expect(page.getByTestId('card-cleared')).toContainText(
      `${cleared.data.invoices_cleared.yearly.cleared_percentage.toFixed(2)}% cleared`,
    );
    await expect(page.getByTestId('card-payments')).toContainText(short(payments.data.payments.yearly.payment_total));

    const credit = await api<{
      data: {
        total_credit_limit_sanctioned: { total: number; active_customers: number };
        utilised_limit_summary: { utilised_limit: number };
      };
    }>(page, '/loan_applications/credit_limit_summary');
    await expect(page.getByTestId('credit-sanctioned')).toContainText(
      short(credit.data.total_credit_limit_sanctioned.total),
    );
    await expect(page.getByTestId('credit-sanctioned')).toContainText(
      `${credit.data.total_credit_limit_sanctioned.active_customers} customers with a sanctioned limit`,
    );
    await expect(page.getByTestId('credit-utilised')).toContainText(
      short(credit.data.utilised_limit_summary.utilised_limit),
    );

    const statuses = await api<{ data: { current_status: string; total_applications: number }[] }>(
      page,
      '/distributor_companies/statuses',
    );
    for (const s of statuses.data)
      await expect(page.getByTestId(`lead-card-${s.current_status}`)).toContainText(String(s.total_applications));

    const top = await api<{ data: { top_performers: { region: string; payment_received: number }[] } }>(
      page,
      `/payments/top_performers?filter[from_date]=${year.from}&filter[to_date]=${year.to}`,
    );
    const first = top.data.top_performers[0]!;
    await expect(page.getByTestId('top-performers')).toContainText(short(first.payment_received));
    await expect(page.getByTestId('lending-summary')).toContainText(
      /Lending Summary \(as on today, \d{2}\/\d{2}\/\d{4}\)/,
    );
  });

  test('each chart expands one at a time and closes; This Month switches all three to weekly', async ({ page }) => {
    await openDashboard(page);
    for (const chart of ['shared', 'cleared', 'payments'] as const) {
      await page.getByTestId(`card-${chart}`).click();
      await expect(page.getByTestId(`chart-${chart}`)).toBeVisible();
      await expect(page.locator('[data-testid^="chart-"]')).toHaveCount(1);
      await expect(page.getByTestId(`chart-${chart}`).getByRole('img')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Close Payments chart' }).click();
    await expect(page.locator('[data-testid^="chart-"]')).toHaveCount(0);

    const before = await page.getByTestId('card-shared').innerText();
    const weeklyRequests: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (/\/api\/invoices\/(graph|cleared_graph|payment_graph)\?/.test(url) && /_type=weekly/.test(url))
        weeklyRequests.push(new URL(url).pathname);
    });
    await page.getByLabel('Invoices period').selectOption({ label: 'This Month' });
    await expect
      .poll(() => [...new Set(weeklyRequests)].sort())
      .toEqual(['/api/invoices/cleared_graph', '/api/invoices/graph', '/api/invoices/payment_graph']);
    await expect(page.getByTestId('card-payments')).toContainText('This month');
    await expect(page.getByTestId('card-shared')).not.toHaveText(before);
    await page.getByTestId('card-cleared').click();
    await expect(
      page.getByRole('group', { name: 'Invoices Cleared view' }).getByRole('button', { name: 'Monthly' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The chart's own toggle changes only that chart.
    await page.getByRole('group', { name: 'Invoices Cleared view' }).getByRole('button', { name: 'Yearly' }).click();
    await expect(page.getByTestId('card-payments')).toContainText('This month');
  });

  test('the lead modal filters by region, searches from 3 characters, pages, and exports the chosen rows', async ({
    page,
  }) => {
    await openDashboard(page);
    await page.getByTestId('lead-card-approved').click();
    const dialog = page.getByRole('dialog', { name: 'Approved' });
    await expect(dialog).toBeVisible();
    const rows = dialog.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(page).toHaveURL(/leads\.f\.status=approved/);
    const firstCode = (await rows.first().locator('td').nth(1).innerText()).trim();

    await dialog.getByRole('button', { name: 'Next page' }).click();
    await expect(dialog.getByRole('navigation', { name: 'Approved customers pages' })).toContainText(
      'Showing 11 to 20',
    );
    await expect(rows.first().locator('td').nth(1)).not.toHaveText(firstCode);

    await dialog.getByLabel('Region').selectOption('south');
    await expect(dialog.getByRole('navigation', { name: 'Approved customers pages' })).toContainText('Showing 1 to');
    const southCount = Number(
      (
        await dialog
          .getByText(/customers$/)
          .first()
          .innerText()
      ).replace(/\D/g, ''),
    );
    const south = await api<{ pagy: { count: number } }>(
      page,
      '/distributor_companies?filter[application_status]=approved&filter[region]=south',
    );
    expect(southCount).toBe(south.pagy.count);

    const search = dialog.getByRole('searchbox', { name: 'Search leads' });
    await search.fill('CS');
    await expect(dialog.getByText('Type at least 3 characters to search')).toBeVisible();
    const code = (await rows.first().locator('td').nth(1).innerText()).trim();
    await search.fill(code);
    await expect(rows).toHaveCount(1);

    await search.fill('');
    await expect(rows).toHaveCount(10);
    await dialog.getByRole('button', { name: 'Download Report' }).click();
    const report = page.getByRole('dialog', { name: 'Download Report' });
    await expectDownloadSaysWhy(report);
    await report.getByRole('checkbox', { name: 'Customer Name' }).check();
    await report.getByRole('checkbox', { name: 'Customer Code' }).check();
    const downloading = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const csv = Papa.parse<string[]>(readFileSync(await file.path(), 'utf8').trim(), { skipEmptyLines: true });
    expect(csv.data[0]).toEqual(['Customer Name', 'Customer Code']);
    expect(csv.data.length - 1).toBe(south.pagy.count);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/leads\./);
  });

  test('the region map shows each region’s figures on focus, and the footer goes back to top', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await openDashboard(page);
    const credit = await api<{
      data: {
        regionwise_credit_utilisation: {
          region: string;
          region_data: { total_utilised: number; overdue_90_days: number };
        }[];
      };
    }>(page, '/loan_applications/credit_limit_summary');
    const figures = page.getByRole('list', { name: 'Region-wise credit utilisation figures' });
    for (const r of credit.data.regionwise_credit_utilisation) {
      await expect(figures).toContainText(short(r.region_data.total_utilised));
    }
    // The four pre-built region outlines, drawn without the chart library; the full state outlines are not loaded.
    const map = page.getByTestId('region-map');
    await expect(map.getByRole('img', { name: /Map of India by region/ })).toBeVisible();
    await expect(map.locator('path[data-region]')).toHaveCount(4);
    for (const script of scripts) {
      const body = await (await page.request.get(script)).text();
      expect(body, script).not.toContain('537.188,685.44148'); // the first point of @svg-maps/india's outlines
    }
    // Focusing a region's button highlights it and shows its tooltip; so does pointing at the region itself.
    const north = credit.data.regionwise_credit_utilisation.find((r) => r.region === 'north')!;
    const northShade = await map.locator('path[data-region="north"]').getAttribute('fill');
    await figures.getByRole('button', { name: /North/ }).focus();
    const tooltip = map.getByTestId('region-tooltip');
    await expect(tooltip).toContainText('North');
    await expect(tooltip).toContainText(`Utilised ${short(north.region_data.total_utilised)}`);
    await expect(tooltip).toContainText(`90+ overdue ${short(north.region_data.overdue_90_days)}`);
    await expect(map.locator('path[data-region="north"]')).not.toHaveAttribute('fill', northShade ?? '');
    await figures.getByRole('button', { name: /North/ }).blur();
    await expect(tooltip).toHaveCount(0);
    await expect(map.locator('path[data-region="north"]')).toHaveAttribute('fill', northShade ?? '');
    // The middle of the South's box is land of the South (its name sits there, and lets the pointer through).
    const south = map.locator('path[data-region="south"]');
    await south.scrollIntoViewIfNeeded();
    const box = (await south.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(tooltip).toContainText('South');
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
    await expect(page.getByTestId('region-map')).toBeVisible();
    await page.getByRole('button', { name: 'Go back to top' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
    await expect(page.getByText('You are all caught up')).toBeVisible();
    await expect(page.getByText('COMING SOON')).toBeVisible();
  });

  for (const theme of THEMES) {
    test(`the dashboard, with a chart and the lead modal open, has no axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await openDashboard(page);
      await page.getByTestId('card-shared').click();
      await expect(page.getByTestId('chart-shared').getByRole('img')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByTestId('lead-card-new_leads').click();
      await expect(page.getByRole('dialog', { name: 'New Leads' }).locator('tbody tr').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
