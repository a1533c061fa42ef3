import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { devRequest, expect, logIn, logInReady, test as base } from './fixtures';

/**
 * The client against a provider that fails: each scenario ends with no uncaught error, a visible message
 * and a working retry. Faults come from the mock's fault mode (mock-server/faults.ts, opened by MOCK_FAULTS=on
 * in playwright.config.ts), scoped to this test's browser context by a cookie so tests running in parallel
 * on the same mock never see them; they are cleared after each test. What only the browser can show (no
 * connection at all, a connection aborted) is done with Playwright's routing.
 *
 * The e2e build sets VITE_REQUEST_TIMEOUT_MS (package.json test:e2e): the stall scenario waits for it.
 */

interface Faults {
  /** Adds rules in the fault syntax (`GET /invoice_collection status=502`), for this test's pages only. */
  add(spec: string): Promise<void>;
  clear(): Promise<void>;
}

const test = base.extend<{ faults: Faults; pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, provide) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await provide(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
  faults: async ({ context, request, baseURL }, provide) => {
    const scope = randomUUID();
    await context.addCookies([{ name: 'mock-fault-scope', value: scope, url: baseURL! }]);
    const clear = async () => {
      expect((await devRequest(request, 'DELETE', `/__dev/faults?scope=${scope}`)).status()).toBe(200);
    };
    await provide({
      add: async (spec) => {
        const answer = await devRequest(request, 'POST', '/__dev/faults', { spec, scope });
        expect(answer.status(), await answer.text()).toBe(201);
      },
      clear,
    });
    await clear();
  },
});

const PAY = '/pay-with-provider';
const PAY_TOKEN = 'demo-closed-limit';
const payFailure = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('button', { name: /Retry/ }) });
const collectionsTable = (page: Page) => page.getByRole('region', { name: 'Collections table' });
const lending = (page: Page) => page.getByTestId('lending-summary');

/** The requests the page makes to `path` (of the provider, behind /api). */
function requestsTo(page: Page, path: string, method = 'GET'): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === `/api${path}`) seen.push(r.url());
  });
  return seen;
}

/** A table that loaded rows (not the skeleton, the error or 'No data found.'). */
async function expectRows(table: Locator) {
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('alert')).toHaveCount(0);
  await expect(table.locator('tbody tr').first()).toBeVisible();
}

async function openCollections(page: Page) {
  await page.goto('/invoices?collections.f.period=last_90_days');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
}

/** The message in `where`, then Retry there (with the fault gone) brings the content back. */
async function retryShows(where: Locator, faults: Faults, loaded: () => Promise<void>) {
  await faults.clear();
  await where.getByRole('button', { name: 'Retry' }).click();
  await loaded();
}

test.describe('faults: no answer', () => {
  test('provider down: the pay page says it could not reach the provider, and Retry opens it once it is back', async ({
    page,
  }) => {
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${PAY}?token=${PAY_TOKEN}`);
    await expect(page.getByRole('heading', { name: 'We could not open this payment page' })).toBeVisible();
    const failure = payFailure(page);
    await expect(failure.locator('p')).toHaveText(
      'ERROR: Could not reach the provider. Check the connection and try again.',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Could not reach the provider' })).toBeVisible();
    await page.unrouteAll();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('request aborted: a list answer cut off shows in the table, and Retry loads it', async ({ page }) => {
    await logInReady(page, 't1@anchor.test');
    let abort = true;
    await page.route(
      (url) => url.pathname === '/api/payments',
      (route) => (abort ? route.abort('connectionaborted') : route.continue()),
    );
    await openCollections(page);
    const table = collectionsTable(page);
    await expect(table.getByRole('alert').locator('p')).toHaveText(
      'ERROR: Could not reach the provider. Check the connection and try again.',
    );
    abort = false;
    await table.getByRole('button', { name: 'Retry' }).click();
    await expectRows(table);
  });

  test('a stall past the timeout: the pay page stops waiting, says so, and Retry opens it', async ({
    page,
    faults,
  }) => {
    test.setTimeout(75_000);
    await faults.add('GET /invoice_collection hang');
    const started = Date.now();
    await page.goto(`${PAY}?token=${PAY_TOKEN}`);
    const failure = payFailure(page);
    // The e2e build's timeout (VITE_REQUEST_TIMEOUT_MS); 20 s in a build without it.
    await expect(failure.locator('p')).toHaveText(
      /^ERROR: The provider did not answer within \d+ seconds\. Try again\.$/,
      { timeout: 30_000 },
    );
    expect(Date.now() - started).toBeGreaterThan(3_000);
    await retryShows(failure, faults, () => expect(page.getByRole('tablist')).toBeVisible());
  });
});

test.describe('faults: error answers', () => {
  test('500: the collections table shows the provider error, and Retry loads the rows', async ({ page, faults }) => {
    await logInReady(page, 't1@anchor.test');
    await faults.add('GET /payments status=500');
    await openCollections(page);
    const table = collectionsTable(page);
    await expect(table.getByRole('alert').locator('p')).toHaveText(
      'ER-FAULT-500: Internal server error (a fault injected by the mock).',
    );
    await retryShows(table, faults, () => expectRows(table));
  });

  test('502 from a gateway: the pay page says the provider could not be reached, and Retry opens it', async ({
    page,
    faults,
  }) => {
    await faults.add('GET /invoice_collection status=502');
    await page.goto(`${PAY}?token=${PAY_TOKEN}`);
    const failure = payFailure(page);
    await expect(failure.locator('p')).toHaveText('ERROR: The provider could not be reached (HTTP 502). Try again.');
    await retryShows(failure, faults, () => expect(page.getByRole('tablist')).toBeVisible());
  });

  test('503: the client tries twice more by itself, then the lending summary says so with Retry', async ({
    page,
    faults,
  }) => {
    await logInReady(page, 't1@anchor.test');
    // The home page asks for the summary itself: let that answer land first, so no request of it meets the fault.
    await expect(lending(page)).toContainText('No. of Customer');
    await faults.add('GET /loan_applications/lending_summary status=503');
    const calls = requestsTo(page, '/loan_applications/lending_summary');
    await page.goto('/');
    const failure = lending(page).getByRole('alert');
    await expect(failure.locator('p')).toHaveText('ER-FAULT-503: Service unavailable (a fault injected by the mock).');
    expect(calls).toHaveLength(3);
    await retryShows(failure, faults, () => expect(lending(page)).toContainText('No. of Customer'));
    await expect(lending(page).getByRole('alert')).toHaveCount(0);
  });

  test('429 with Retry-After: a short wait is waited out unseen; a long one is said, and Retry works', async ({
    page,
    faults,
  }) => {
    await faults.add('GET /invoice_collection status=429 retry-after=1 times=1');
    const calls = requestsTo(page, '/invoice_collection');
    const started = Date.now();
    await page.goto(`${PAY}?token=${PAY_TOKEN}`);
    await expect(page.getByRole('tablist')).toBeVisible();
    expect(calls).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await expect(payFailure(page)).toHaveCount(0);

    await faults.add('GET /invoice_collection status=429 retry-after=60');
    await page.reload();
    const failure = payFailure(page);
    await expect(failure.locator('p')).toHaveText(
      'ER-FAULT-429: Too many requests (a fault injected by the mock). Try again in 60 seconds.',
    );
    await retryShows(failure, faults, () => expect(page.getByRole('tablist')).toBeVisible());
  });

  test('malformed JSON: the table says the answer could not be read as JSON, and Retry loads the rows', async ({
    page,
    faults,
  }) => {
    await logInReady(page, 't1@anchor.test');
    await faults.add('GET /payments malformed');
    await openCollections(page);
    const table = collectionsTable(page);
    await expect(table.getByRole('alert').locator('p')).toHaveText(
      'ERROR: The provider sent malformed JSON (HTTP 200).',
    );
    await retryShows(table, faults, () => expectRows(table));
  });

  test('an answer that fails its codec: one sentence, the technical path behind Details and in the console; Retry loads it', async ({
    page,
    faults,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await logInReady(page, 't1@anchor.test');
    await faults.add('GET /loan_applications/lending_summary codec');
    await page.goto('/');
    const failure = lending(page).getByRole('alert');
    await expect(failure.locator('p')).toHaveText('ERROR: The provider sent data this screen cannot read.');
    // The toast says the same one sentence; the technical part stays closed until asked for.
    const toast = page.getByRole('status').filter({ hasText: 'The provider sent data this screen cannot read.' });
    await expect(toast).toBeVisible();
    const technical = failure.getByText(/Unexpected response from GET \/loan_applications\/lending_summary/);
    await expect(technical).toBeHidden();
    await failure.getByText('Details', { exact: true }).click();
    await expect(technical).toBeVisible();
    await expect(technical).toContainText('Expecting');
    expect(
      consoleErrors.some(
        (line) => line.includes('GET /loan_applications/lending_summary') && line.includes('Expecting'),
      ),
    ).toBe(true);
    await retryShows(failure, faults, () => expect(lending(page)).toContainText('No. of Customer'));
  });

  test('an optional key left out (total_distributors, spec 1 §2.5) decodes and shows as -', async ({
    page,
    faults,
  }) => {
    await logInReady(page, 't1@anchor.test');
    await faults.add('GET /loan_applications/lending_summary omit=total_distributors');
    await page.goto('/');
    const customers = lending(page)
      .locator('dt', { hasText: 'No. of Customer' })
      .locator('xpath=following-sibling::dd[1]');
    await expect(customers).toHaveText('-');
    await expect(lending(page).getByRole('alert')).toHaveCount(0);
    await expect(lending(page)).toContainText('Total Credit Limit Sanctioned');
  });
});

test.describe('faults: the session', () => {
  test('401 then a successful refresh: the list loads with the rotated token, nothing to see', async ({
    page,
    faults,
  }) => {
    await logInReady(page, 't1@anchor.test');
    const before = await page.evaluate(() => localStorage.getItem('auth_token'));
    await faults.add('GET /payments status=401 times=1');
    const refreshes = requestsTo(page, '/auth', 'POST');
    await openCollections(page);
    await expectRows(collectionsTable(page));
    expect(refreshes).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBe(before);
    await expect(page.getByTestId('user-name')).toBeVisible();
  });

  test('a refresh answer lost on the way: the session retries the same token and stays logged in', async ({
    page,
    faults,
  }) => {
    await logInReady(page, 't1@anchor.test');
    const before = await page.evaluate(() => localStorage.getItem('refresh_token'));
    await faults.add('POST /auth lose times=1; GET /payments status=401 times=1');
    const refreshes = requestsTo(page, '/auth', 'POST');
    await openCollections(page);
    await expectRows(collectionsTable(page));
    expect(refreshes).toHaveLength(2);
    const after = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect(after).not.toBe(before);
    // The rotated pair is the login's own: a reload keeps the session.
    await page.reload();
    await expect(page.getByTestId('user-name')).toBeVisible();
    await expect(page).toHaveURL(/\/invoices/);
  });

  test('the refresh is refused: logged out with the reason, and logging in again works', async ({ page, faults }) => {
    await logInReady(page, 't1@anchor.test');
    await faults.add('GET /payments status=401 times=1; POST /auth status=401 code=ER-AUTH-102');
    const refreshes = requestsTo(page, '/auth', 'POST');
    // The page may go to /login before it has drawn: do not wait for it to show first.
    await page.goto('/invoices?collections.f.period=last_90_days');
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'ER-AUTH-102: The token is invalid, expired or revoked (a fault injected by the mock).' }),
    ).toBeVisible();
    // A refusal is not retried.
    expect(refreshes).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await faults.clear();
    await logIn(page, 't1@anchor.test');
    await expect(page.getByTestId('user-name')).toBeVisible();
  });
});

// ---------------------------------------------------------------------------------------------------
// The upload

async function openUploadModal(page: Page) {
  await page.getByRole('button', { name: 'Upload via CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Invoices via CSV' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A file whose only row names a customer nobody has: processed, refused, and nothing stored. */
async function chooseFile(page: Page, dialog: Locator) {
  const csv = [
    'invoice_number,customer_code,invoice_date,due_date,amount,erp_invoice_id',
    `FAULT-${Date.now().toString(36)},NO-SUCH-CUSTOMER,2026-01-01,2026-02-01,100,`,
  ].join('\r\n');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'faults.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`) });
  await expect(dialog.getByTestId('csv-selected-file')).toContainText('faults.csv');
}

test.describe('faults: an upload', () => {
  test('interrupted halfway: the error step says so, and Back then Upload sends it again', async ({ page, faults }) => {
    await logInReady(page, 't1@anchor.test', { path: '/invoices' });
    const dialog = await openUploadModal(page);
    await chooseFile(page, dialog);
    await faults.add('POST /invoices/upload cut');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The provider could not be reached (HTTP 502). Try again.');
    await faults.clear();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByTestId('csv-selected-file')).toContainText('faults.csv');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('heading', { name: 'Upload processed' })).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText('1 row read: 0 accepted, 1 refused.');
  });
});
