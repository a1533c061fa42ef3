import type { Locator, Page } from '@playwright/test';
import { formatMoney, formatShortMoney, rupeesToPaise } from '../../src/domain/money';
import { formatCount, formatDate } from '../../src/lib/format';
import { api, expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * One fact, one number, and each label says what it counts, at the sizes and themes where the figures were
 * found apart: the sanctioned limit's customer count on the dashboard's two blocks, 'Last invoice received'
 * on the invoices page and the pipeline, and the Create Payment Links card, whose figures all describe the
 * payment links generated to date. Every figure is read from the provider and compared with the page.
 */

const SEEN_AT = [
  { login: 't1@anchor.test', viewport: { width: 1440, height: 900 }, theme: 'dark' as const },
  ...['t1t2@anchor.test', 'anchor1551@anchor.test'].flatMap((login) =>
    THEMES.map((theme) => ({ login, viewport: { width: 1366, height: 768 }, theme })),
  ),
];

const paise = (rupees: number) => {
  const value = rupeesToPaise(rupees);
  expect(value, `${rupees} is an amount`).not.toBeNull();
  return value!;
};
/** The value a <dt> labels, in a description list. */
const valueOf = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

interface Sanctioned {
  credit: { total: number; active_customers: number };
  lending: { total: number; total_distributors: number | null };
}

async function sanctioned(page: Page): Promise<Sanctioned> {
  const credit = await api<{ data: { total_credit_limit_sanctioned: Sanctioned['credit'] } }>(
    page,
    '/loan_applications/credit_limit_summary',
  );
  const lending = await api<{ data: { credit_limit_available: Sanctioned['lending'] } }>(
    page,
    '/loan_applications/lending_summary',
  );
  return { credit: credit.data.total_credit_limit_sanctioned, lending: lending.data.credit_limit_available };
}

interface LinkRow {
  attributes: { invoice_ids: string[]; status: string };
}
interface DueRow {
  attributes: { id: number; balance_amount: number };
}
interface Paged<T> {
  data: T[];
  pagy: { count: number; pages: number };
}

async function allPages<T>(page: Page, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let n = 1; ; n++) {
    const answer = await api<Paged<T>>(page, `${path}${path.includes('?') ? '&' : '?'}items=100&page=${n}`);
    rows.push(...answer.data);
    if (n >= answer.pagy.pages) return rows;
  }
}

/** The create-links card's figures worked out from the links themselves and the invoices they name. */
async function linkFiguresByHand(page: Page) {
  const links = await allPages<LinkRow>(page, '/payment_links');
  const named = new Set(links.flatMap((l) => l.attributes.invoice_ids.map(Number)));
  const open = await allPages<DueRow>(page, '/invoices?filter[status_in][]=open&filter[status_in][]=partially_paid');
  const due = open
    .filter((row) => named.has(row.attributes.id))
    .reduce((sum, row) => sum + paise(row.attributes.balance_amount), 0);
  return { generated: links.length, active: links.filter((l) => l.attributes.status === 'pending').length, due };
}

for (const { login, viewport, theme } of SEEN_AT) {
  test.describe(`one number per fact: ${login}, ${viewport.width}x${viewport.height}, ${theme} theme`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('the sanctioned total carries the same customer count on the credit card and in the Lending Summary, and says what it counts', async ({
      page,
    }) => {
      await logInReady(page, login);
      const card = page.getByTestId('credit-sanctioned');
      const summary = page.getByTestId('lending-summary');
      await expect(card).toContainText('customers with a sanctioned limit');
      await expect(summary.getByText('No. of Customer')).toBeVisible();

      const figures = await sanctioned(page);
      expect(figures.lending.total_distributors, 'one count for one total').toBe(figures.credit.active_customers);
      expect(paise(figures.lending.total)).toBe(paise(figures.credit.total));
      const count = figures.credit.active_customers;
      const total = formatShortMoney(paise(figures.credit.total));
      await expect(card).toContainText(total);
      await expect(card).toContainText(
        `${formatCount(count)} ${count === 1 ? 'customer' : 'customers'} with a sanctioned limit`,
      );
      await expect(valueOf(summary, 'Total Credit Limit Sanctioned')).toHaveText(total);
      await expect(valueOf(summary, 'No. of Customer')).toHaveText(formatCount(count));
      await expectNoAxeViolations(page);
    });

    test('Last invoice received is one date from one rule on the invoices page and the pipeline', async ({ page }) => {
      await logInReady(page, login, { path: '/invoices' });
      const due = await api<{ meta: { last_invoices_upload: string | null } }>(
        page,
        '/invoices?filter[overdue_by_days]=0&filter[overdue_criteria]=eq',
      );
      const line = await api<{ data: { last_uploaded_invoice: string | null } }>(
        page,
        '/loan_applications/credit_line_summary',
      );
      expect(line.data.last_uploaded_invoice, 'the pipeline’s date is the invoices page’s').toBe(
        due.meta.last_invoices_upload,
      );
      expect(due.meta.last_invoices_upload, 'the seeded book has received invoices').not.toBeNull();
      const shown = formatDate(due.meta.last_invoices_upload);

      const invoices = page.getByTestId('add-invoices-card');
      await expect(invoices.getByTestId('last-invoice-received')).toHaveText(shown);
      await expect(invoices.getByText('Last invoice received', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto('/my-pipeline');
      const pipeline = page.getByTestId('pipeline-upload-card');
      await expect(pipeline.getByTestId('pipeline-last-invoice')).toHaveText(shown);
      await expect(pipeline.getByText('Last invoice received', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('every figure of the Create Payment Links card comes from the links generated to date, as its caption says', async ({
      page,
    }) => {
      test.slow(); // the hand count reads every link and every open invoice, page by page
      const card = page.getByTestId('create-links-card');
      await logInReady(page, login, { path: '/invoices' });
      // Other tests send links meanwhile: the page and the hand count are read again until they meet.
      let read = 0;
      await expect(async () => {
        if (read++ > 0) await page.reload();
        await expect(valueOf(card, 'Customers')).toHaveText(/\d/, { timeout: 5_000 });
        const meta = (
          await api<{
            meta: { active_links: number; links_generated: number; links_total_due: number; customers: number };
          }>(page, '/invoices?filter[overdue_by_days]=0&filter[overdue_criteria]=eq')
        ).meta;
        const hand = await linkFiguresByHand(page);
        expect({
          active: meta.active_links,
          generated: meta.links_generated,
          due: paise(meta.links_total_due),
        }).toEqual(hand);
        await expect(valueOf(card, 'Active links')).toHaveText(formatCount(hand.active), { timeout: 1_000 });
        await expect(valueOf(card, 'Links generated to date')).toHaveText(formatCount(hand.generated), {
          timeout: 1_000,
        });
        await expect(valueOf(card, 'Total due')).toHaveText(formatMoney(hand.due), { timeout: 1_000 });
        await expect(valueOf(card, 'Customers')).toHaveText(formatCount(meta.customers), { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(
        card.getByText(
          'Payment links generated to date. Total due: what their open invoices still owe. Customers: those the links went to.',
        ),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // In the modal, the same figures head the generated-links table they describe: Pending rows are the active links.
      await expect(async () => {
        await page.goto('/invoices?links.f.open=1&links.f.status=pending');
        const dialog = page.getByRole('dialog', { name: 'Create Payment Links' });
        await expect(valueOf(dialog, 'Active links')).toHaveText(/\d/, { timeout: 5_000 });
        const active = await valueOf(dialog, 'Active links').innerText();
        const pending =
          active === '0'
            ? dialog.getByText('No data found.')
            : dialog.getByText(new RegExp(`^Showing \\d+ to \\d+ of ${active} links?$`));
        await expect(pending).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await expect(
        page
          .getByRole('dialog', { name: 'Create Payment Links' })
          .getByText(/^Payment links generated to date\. Total due/),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
