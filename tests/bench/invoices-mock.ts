/**
 * `npm run bench:mock [-- --scale 22 --requests 400 --concurrency 8]`: request latency of the mock's
 * invoices page lists on a large seed (scale 22 is ~100k invoices). Starts an in-memory mock, logs in, and
 * for each Invoices Due filter and each collections filter sends `--requests` GETs, `--concurrency` at a
 * time, over HTTP on loopback; prints the first (cold) request, p50 / p95 / p99 / max and requests per
 * second. Also: a search, the CSV export of the largest list, the cost of the first request after a write
 * (the index takes the new rows in place) and, for scale, what one naive scan-filter-sort of the invoices
 * costs in-process. Then the lending page's and the pipeline's lists (the lending list in each segment, the
 * 'All Customer' list, funds available in both windows, a loan's drawdowns and repayments, the credit line
 * summary) the same way, with what a rebuild of the lending index costs. Then the budgets of tests/bench/mock-budgets.ts: the saving mock beside the same mock
 * with --memory, each a child process, with PASS / FAIL per budget (the exit code is 1 on a FAIL).
 * `--budgets-only` skips the tables.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { toQueryString } from '../../src/api/client';
import {
  COLLECTION_FILTERS,
  DUE_FILTERS,
  invoiceCsvQuery,
  invoiceListQuery,
  invoiceStatsQuery,
  paymentListQuery,
} from '../../src/api/invoice-queries';
import { fundAvailableRequest, lendingListRequest, onboardedListRequest } from '../../src/api/lending';
import { DEFAULT_TABLE_STATE, type TableState } from '../../src/lib/table-state';
import { todayOf } from '../../mock-server/aggregates';
import { isoDay } from '../../src/domain/dates';
import { createMockServer } from '../../mock-server/app';
import { lendingIndex } from '../../mock-server/lending-index';
import { drawCredit, recordPayment } from '../../mock-server/pay';
import { MANY_DRAWDOWNS_CUSTOMER } from '../../mock-server/seed';
import { demoAuthToken } from '../../mock-server/test-login';
import { runBudgets } from './mock-budgets';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at >= 0 ? process.argv[at + 1] : process.env[`BENCH_${name.toUpperCase()}`];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const scale = option('scale', 22);
const requests = option('requests', 400);
const concurrency = option('concurrency', 8);

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

if (!process.argv.includes('--budgets-only')) await latencyTables();
process.exitCode = (await runBudgets({ scale })) ? 0 : 1;

async function latencyTables(): Promise<void> {
  const started = performance.now();
  const mock = createMockServer({ scale, dataDir: null, log: () => {} });
  const seedMs = performance.now() - started;
  const running = await mock.listen(0);
  const db = mock.db();
  console.log(
    `scale ${scale}: ${db.invoices.length} invoices, ${db.payments.length} payments, ${db.distributor_companies.length} customers (seeded in ${ms(seedMs)} ms)`,
  );
  console.log(`${requests} requests per row, ${concurrency} at a time, HTTP on loopback (client in the same process)`);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other work on the machine inflates every figure)\n`,
  );

  const token = await demoAuthToken(running.url, 't1@anchor.test');
  const headers = { Authorization: token };

  async function timed(path: string): Promise<{ ms: number; status: number; body: string }> {
    const t = performance.now();
    const response = await fetch(`${running.url}${path}`, { headers });
    const body = await response.text();
    return { ms: performance.now() - t, status: response.status, body };
  }

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

  interface Row {
    name: string;
    count: number;
    cold: number;
    p50: number;
    p95: number;
    p99: number;
    max: number;
    rps: number;
  }
  const rows: Row[] = [];

  async function measure(name: string, path: string): Promise<void> {
    const first = await timed(path);
    if (first.status !== 200) throw new Error(`${path}: HTTP ${first.status} ${first.body.slice(0, 300)}`);
    const answer = JSON.parse(first.body) as { pagy?: { count: number }; totalElements?: number };
    const count = answer.pagy?.count ?? answer.totalElements ?? 0;
    const latencies: number[] = [];
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next += 1;
          const r = await timed(path);
          if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
          latencies.push(r.ms);
        }
      }),
    );
    const elapsed = performance.now() - t;
    latencies.sort((a, b) => a - b);
    rows.push({
      name,
      count,
      cold: first.ms,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1)!,
      rps: (latencies.length / elapsed) * 1000,
    });
  }

  function print(title: string): void {
    console.log(title);
    console.log(
      `${'query'.padEnd(34)}${'rows'.padStart(8)}${'cold ms'.padStart(10)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'req/s'.padStart(9)}`,
    );
    for (const r of rows.splice(0)) {
      console.log(
        `${r.name.padEnd(34)}${String(r.count).padStart(8)}${ms(r.cold).padStart(10)}${ms(r.p50).padStart(9)}${ms(r.p95).padStart(9)}${ms(r.p99).padStart(9)}${ms(r.max).padStart(9)}${r.rps.toFixed(0).padStart(9)}`,
      );
    }
    console.log('');
  }

  // The first request of all builds the anchor's index; each filter's first request builds its slice.
  for (const filter of DUE_FILTERS)
    await measure(`due: ${filter}`, `/invoices?${toQueryString(invoiceListQuery({ filter }))}`);
  await measure(
    'due: 30+, north, page 20',
    `/invoices?${toQueryString(invoiceListQuery({ filter: 'overdue_30', region: 'north', page: 20 }))}`,
  );
  await measure(
    'detailed: closed, credit, CF',
    `/invoices?${toQueryString(invoiceListQuery({ filter: 'closed', closedStatus: 'credit', channelFinance: 'channel_finance' }))}`,
  );
  await measure(
    'due: open, search "trad"',
    `/invoices?${toQueryString(invoiceListQuery({ filter: null, search: 'trad' }))}`,
  );
  print('Invoices Due (GET /invoices)');

  for (const filter of COLLECTION_FILTERS)
    await measure(`collections: ${filter}`, `/payments?${toQueryString(paymentListQuery({ filter }))}`);
  await measure(
    'collections: all, south, page 30',
    `/payments?${toQueryString(paymentListQuery({ filter: null, region: 'south', page: 30 }))}`,
  );
  await measure(
    'collections: 90 days, search "inv/"',
    `/payments?${toQueryString(paymentListQuery({ filter: 'last_90_days', search: 'inv/' }))}`,
  );
  print('Collections (GET /payments)');

  await measure(
    'stats: yearly box and charts',
    `/invoices/stats?${toQueryString(invoiceStatsQuery({ box: 'yearly', shared: 'yearly', cleared: 'monthly' }, new Date()))}`,
  );
  await measure('distributor utilisation card', '/distributor_companies/details');
  print('Summaries');

  // A write (a pay-page payment) edits its invoice: the next request rebuilds the anchor's index.
  const dueToday = `/invoices?${toQueryString(invoiceListQuery({ filter: 'due_today' }))}`;
  const today = isoDay(todayOf(Date.now()));
  const target = db.invoices.find((inv) => inv.anchor_id === 1 && inv.status === 'open' && inv.due_date === today);
  if (target) {
    recordPayment(mock.repository, target, target.total - target.amount_paid, 'pay', {
      utr: 'UTRBENCH',
      now: Date.now(),
      drawdownId: null,
    });
    const rebuilt = await timed(dueToday);
    const again = await timed(dueToday);
    console.log(
      `after a payment is recorded: first due-today request ${ms(rebuilt.ms)} ms (the anchor's index rebuilt), the next ${ms(again.ms)} ms`,
    );
  }
  const collectionsToday = `/payments?${toQueryString(paymentListQuery({ filter: 'today' }))}`;
  console.log(`collections today after it: ${ms((await timed(collectionsToday)).ms)} ms`);

  // Export: every open invoice of the anchor, all columns, streamed.
  const csv = await timed(`/invoices?${toQueryString(invoiceCsvQuery({ filter: 'open' }, []))}`);
  const lines = csv.body.split('\r\n').length - 2;
  console.log(
    `CSV export of every open invoice: ${lines} rows, ${(csv.body.length / 1e6).toFixed(1)} MB in ${ms(csv.ms)} ms`,
  );

  // For scale: one naive pass (filter + sort) over every invoice, in-process, as a scan-per-request would do.
  const scan = () => {
    const t = performance.now();
    const hits = db.invoices
      .filter(
        (inv) =>
          inv.anchor_id === 1 && (inv.status === 'open' || inv.status === 'partially_paid') && inv.due_date < today,
      )
      .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id);
    return { ms: performance.now() - t, hits: hits.length };
  };
  scan();
  const scans = Array.from({ length: 20 }, scan)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  console.log(
    `for comparison, one in-process scan + sort of all ${db.invoices.length} invoices: p50 ${ms(percentile(scans, 50))} ms`,
  );

  console.log('');
  await lendingTables();

  await running.close();
  console.log('');

  /** The lending page's and the pipeline's lists, as the app asks for them (src/api/lending.ts). */
  async function lendingTables(): Promise<void> {
    const product = 'provider';
    const state = (change: Partial<TableState> = {}): TableState => ({ ...DEFAULT_TABLE_STATE, ...change });
    const path = (request: { path: string; query: Parameters<typeof toQueryString>[0] }) =>
      `${request.path}?${toQueryString(request.query)}`;
    for (const segment of ['all', 'regular', 'dpd', '30_plus', '90_plus']) {
      await measure(`lending: ${segment}`, path(lendingListRequest(state({ filters: { segment } }))));
    }
    await measure(
      'lending: this month, north, page 3',
      path(lendingListRequest(state({ filters: { period: 'this_month' }, region: 'north', page: 3 }))),
    );
    await measure('lending: search "tra"', path(lendingListRequest(state({ search: 'tra' }))));
    print('Lending (GET /distributor_companies/lending_list)');

    await measure('all customers: all sources', path(onboardedListRequest(state(), product)));
    await measure(
      'all customers: SCF, south, page 5',
      path(onboardedListRequest(state({ filters: { sources: 'scf' }, region: 'south', page: 5 }), product)),
    );
    for (const days of ['1', '5'] as const) {
      for (const segment of ['all', 'regular', '30_plus', '90_plus'])
        await measure(
          `funds ${days === '1' ? '24 hours' : '5 days'}: ${segment}`,
          path(fundAvailableRequest(days, state({ filters: { segment } }))),
        );
    }
    const company = db.distributor_companies.find((c) => c.name === MANY_DRAWDOWNS_CUSTOMER)!;
    const loan = db.loan_applications.find((l) => l.id === company.loan_application_id)!;
    const loanQuery = `cust_id=${loan.cust_id}&loan_application_id=${loan.id}`;
    await measure('drawdowns: page 0', `/distributor_companies/drawdowns?${loanQuery}&page=0`);
    await measure('drawdowns: page 1', `/distributor_companies/drawdowns?${loanQuery}&page=1`);
    await measure('repayments: page 0', `/distributor_companies/repayments?${loanQuery}&page=0`);
    await measure('credit line summary', '/loan_applications/credit_line_summary');
    print('Pipeline, All Customer, drawdowns (zero-based pages)');

    const lendingAll = path(lendingListRequest(state()));
    // A credit draw (a drawdown, a payment, its invoice and loan edited): the next lending request rebuilds the anchor's index.
    const invoice = db.invoices.find((inv) => inv.distributor_company_id === company.id && inv.status === 'open');
    if (invoice) {
      drawCredit(
        mock.repository,
        loan,
        [{ invoiceId: invoice.id, amount: 100, bankAccountId: null, field: 'bench', invoice }],
        Date.now(),
      );
      const first = await timed(lendingAll);
      const again = await timed(lendingAll);
      console.log(
        `after a credit draw: first lending request ${ms(first.ms)} ms (the anchor's index rebuilt), the next ${ms(again.ms)} ms`,
      );
    }
    // A rebuild (a new day, or an edit such as a credit evaluation).
    const rebuilds = Array.from({ length: 5 }, (_, i) => {
      const t = performance.now();
      lendingIndex(db, 1, Date.now() + (i + 1) * 86_400_000);
      return performance.now() - t;
    }).sort((a, b) => a - b);
    console.log(`lending index rebuild for the anchor (a new day, or an edit): p50 ${ms(percentile(rebuilds, 50))} ms`);
    lendingIndex(db, 1, Date.now()); // rebuilt for today, as the edit's next read does
    const first = await timed(lendingAll);
    console.log(`first lending request after a rebuild (its filter and summary again): ${ms(first.ms)} ms`);
    const csv = await timed(`/distributor_companies/lending_list?filter%5Bdownload_as_csv%5D=true`);
    console.log(`CSV export of every approved customer: ${csv.body.split('\r\n').length - 2} rows in ${ms(csv.ms)} ms`);
  }
}
