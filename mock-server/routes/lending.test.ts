import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatValidationErrors } from '../../src/api/errors';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenData } from '../../src/api/client';
import { LeadList } from '../../src/api/codecs/dashboard';
import {
  CreditEvaluation,
  CreditLineSummary,
  DrawdownInvoices,
  DrawdownPage,
  FundList,
  lendingListCodec,
  OnboardedList,
  RepaymentPage,
  type Drawdown as WireDrawdown,
} from '../../src/api/codecs/lending';
import { invoiceListCodec } from '../../src/api/codecs/invoices';
import { csvColumnsOf } from '../../src/domain/csv';
import {
  dueIndicator,
  LENDING_SEGMENTS,
  matchesOverdue,
  PIPELINE_SEGMENTS,
  repaymentStatus,
  sourcesFilterValue,
  SOURCE_FILTERS,
} from '../../src/domain/lending';
import { createMockServer, type RunningMock } from '../app';
import { percent } from '../aggregates';
import type { ReadonlyDb } from '../db';
import { drawdownFigures, loanFigures } from '../lending';
import { MANY_DRAWDOWNS_CUSTOMER } from '../seed';
import { demoAuthToken } from '../test-login';

/**
 * The lending and pipeline routes against the seeded data (scale 1) on a fixed day, every answer decoded
 * with the app's codecs (src/api/codecs/lending.ts). Expected figures are worked out from the rows with the
 * charge model directly, not through the index the routes answer from.
 */

const NOW = new Date('2026-11-22T10:00:00');
const TODAY = '2026-11-22';
const PRODUCT = 'provider';
const mock = createMockServer({ clock: () => NOW, log: () => {}, product: PRODUCT });
let running: RunningMock;
let token = '';
let token1551 = '';

beforeAll(async () => {
  running = await mock.listen(0);
  token = await demoAuthToken(running.url, 't1@anchor.test');
  token1551 = await demoAuthToken(running.url, 'anchor1551@anchor.test');
});
afterAll(() => running.close());

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

async function get(path: string, auth = token): Promise<Answer> {
  const response = await fetch(`${running.url}${path}`, { headers: { Authorization: auth } });
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    body: json ? (JSON.parse(text) as unknown) : null,
    text,
    headers: response.headers,
  };
}

function decode<A>(codec: t.Decoder<unknown, A>, answer: Answer): A {
  expect(answer.status, answer.text.slice(0, 500)).toBe(200);
  const result = codec.decode(flattenData(answer.body));
  if (isLeft(result)) throw new Error(formatValidationErrors(result.left).join('\n'));
  return result.right;
}

/** Expects one 422 ER-VALIDATION entry per field named. */
function expect422(answer: Answer, ...fields: string[]): void {
  expect(answer.status, answer.text).toBe(422);
  const errors = (answer.body as { errors: { code: string; title?: string }[] }).errors;
  expect(errors.map((e) => e.code)).toEqual(fields.map(() => 'ER-VALIDATION'));
  expect(errors.map((e) => e.title)).toEqual(fields);
}

function expect404(answer: Answer): void {
  expect(answer.status, answer.text).toBe(404);
  expect((answer.body as { errors: { code: string }[] }).errors[0]!.code).toBe('ER-NOT-FOUND');
}

const query = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

const LendingList = lendingListCodec(PRODUCT);
type LendingList = t.TypeOf<typeof LendingList>;

/** Every row of a paged list (100 a page). */
async function allRows<A extends { data: unknown[]; pagy?: { pages?: number } }>(
  codec: t.Decoder<unknown, A>,
  path: string,
  params: Record<string, string | undefined>,
  auth = token,
) {
  const rows: A['data'] = [];
  let first: A | null = null;
  for (let page = 1; ; page++) {
    const answer = decode(codec, await get(`${path}?${query({ ...params, page, items: 100 })}`, auth));
    first ??= answer;
    rows.push(...answer.data);
    if (page >= (answer.pagy?.pages ?? 1)) break;
  }
  return { rows, first: first };
}

const db = (): ReadonlyDb => mock.db();
const anchorOne = () => db().distributor_companies.filter((c) => c.anchor_id === 1);
const companyNamed = (name: string) => db().distributor_companies.find((c) => c.name === name)!;
const loanOf = (companyId: number) => db().loan_applications.find((l) => l.distributor_company_id === companyId)!;

/** A customer's days past due and overdue amount worked out from the rows with the charge model. */
function expectedLoanFigures(companyId: number) {
  const loan = loanOf(companyId);
  const figures = db()
    .drawdowns.filter((d) => d.loan_application_id === loan.id)
    .map((d) =>
      drawdownFigures(
        d,
        db().repayments.filter((r) => r.drawdown_id === d.id),
        TODAY,
      ),
    );
  return loanFigures(loan, figures);
}

/** What the customer owes on unpaid invoices dated from `from` to today. */
const unpaidSince = (companyId: number, from: string) =>
  db()
    .invoices.filter(
      (inv) =>
        inv.distributor_company_id === companyId &&
        inv.status !== 'paid' &&
        inv.invoice_date >= from &&
        inv.invoice_date <= TODAY,
    )
    .reduce((sum, inv) => sum + inv.total - inv.amount_paid, 0);

const collator = new Intl.Collator('en');
const inNameOrder = (rows: readonly { name: string; id: string }[]) =>
  rows.every(
    (row, i) =>
      i === 0 ||
      collator.compare(rows[i - 1]!.name, row.name) < 0 ||
      (rows[i - 1]!.name === row.name && Number(rows[i - 1]!.id) < Number(row.id)),
  );

// ---------------------------------------------------------------------------------------------------
// GET /distributor_companies/lending_list
// ---------------------------------------------------------------------------------------------------

describe('GET /distributor_companies/lending_list', () => {
  const path = '/distributor_companies/lending_list';
  let all: LendingList['data'];
  let first: LendingList;

  beforeAll(async () => {
    ({ rows: all, first } = await allRows(LendingList, path, {}));
  });

  it('needs a token', async () => {
    expect((await get(path, 'nope')).status).toBe(401);
  });

  it('lists the anchor’s approved customers with a loan application, A-Z, with their figures', () => {
    const approved = anchorOne().filter((c) => c.application_status === 'approved' && c.loan_application_id !== null);
    expect(all.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(approved.map((c) => c.id).sort((a, b) => a - b));
    expect(inNameOrder(all)).toBe(true);
    expect(first.pagy).toMatchObject({ count: approved.length, page: 1, items: 100 });
    for (const row of all) {
      const company = db().distributor_companies.find((c) => c.id === Number(row.id))!;
      const loan = loanOf(company.id);
      const figures = expectedLoanFigures(company.id);
      expect(row).toMatchObject({
        name: company.name,
        customer_code: company.customer_code,
        region: company.region,
        cust_id: loan.cust_id,
        application_id: String(loan.id),
        application_status: 'approved',
        amount_outstanding: unpaidSince(company.id, '2026-01-01'),
        limit_sanctioned: loan.limit_sanctioned,
        limit_utilized: loan.limit_utilized,
        balance_available: Math.max(0, loan.limit_sanctioned - loan.limit_utilized),
        excess_credit: Math.max(0, loan.limit_utilized - loan.limit_sanctioned),
        overdue: figures.overdue,
        dpd: figures.overdueByDays,
        overdue_by_days: figures.overdueByDays,
        is_blocked: loan.is_blocked,
        limit_expiry_date: loan.limit_expiry_date,
        loan_status: loan.loan_status,
        eligibility_amount: company.eligibility_amount,
      });
    }
  });

  it('sums the table into the summary: receivables and available limit over every row; onboarded counts by payment source', () => {
    const meta = first.meta!;
    expect(meta.account_receivables).toBe(all.reduce((sum, r) => sum + r.amount_outstanding!, 0));
    expect(meta.available_limit).toBe(all.reduce((sum, r) => sum + r.balance_available!, 0));
    const paidThrough = (sources: string[]) =>
      new Set(
        db()
          .payments.filter((p) => p.anchor_id === 1 && sources.includes(p.source))
          .map((p) => p.distributor_company_id),
      ).size;
    expect(meta.onboarded_distributors_count).toBe(paidThrough(['credit', 'pay', 'erp_payment']));
    expect(meta.distributors_using_credit_and_pay).toBe(paidThrough(['credit', 'pay']));
    expect(meta.distributors_using_credit).toBe(paidThrough(['credit']));
    expect((first.meta as Record<string, unknown>)[`distributors_using_${PRODUCT}_credit`]).toBeUndefined(); // renamed by the codec
    expect(meta.distributors_using_credit).toBeLessThanOrEqual(meta.distributors_using_credit_and_pay);
  });

  it('keeps the summary whatever the segment, search, region or page; the period moves the receivables', async () => {
    const filtered = decode(
      LendingList,
      await get(
        `${path}?${query({ 'filter[region]': 'north', 'filter[overdue_by_days]': 0, 'filter[overdue_criteria]': 'equal', 'filter[search]': 'traders', page: 2 })}`,
      ),
    );
    expect(filtered.meta).toEqual(first.meta);
    const month = await allRows(LendingList, path, { 'filter[period]': 'this_month' });
    expect(month.first.meta).toMatchObject({
      ...first.meta,
      account_receivables: month.rows.reduce((sum, r) => sum + r.amount_outstanding!, 0),
    });
    for (const row of month.rows) expect(row.amount_outstanding).toBe(unpaidSince(Number(row.id), '2026-11-01'));
    expect(month.first.meta!.account_receivables).toBeLessThan(first.meta!.account_receivables);
  });

  it('filters each segment on the customer’s days past due', async () => {
    const counts: Record<string, number> = {};
    for (const segment of LENDING_SEGMENTS) {
      const params =
        segment.filter === null
          ? {}
          : {
              'filter[overdue_by_days]': String(segment.filter.overdue_by_days),
              'filter[overdue_criteria]': segment.filter.overdue_criteria,
            };
      const { rows } = await allRows(LendingList, path, params);
      counts[segment.key] = rows.length;
      expect(rows.map((r) => r.id)).toEqual(
        all.filter((r) => matchesOverdue(r.overdue_by_days!, segment.filter)).map((r) => r.id),
      );
      expect(rows.length, segment.label).toBeGreaterThan(0);
    }
    expect(counts.regular! + counts.dpd!).toBe(counts.all);
    expect(counts['30_plus']).toBeGreaterThanOrEqual(counts['90_plus']!);
    const find = async (name: string, segment: string) => {
      const s = LENDING_SEGMENTS.find((x) => x.key === segment)!.filter!;
      const answer = decode(
        LendingList,
        await get(
          `${path}?${query({ 'filter[search]': name, 'filter[overdue_by_days]': s.overdue_by_days, 'filter[overdue_criteria]': s.overdue_criteria })}`,
        ),
      );
      return answer.data.map((r) => r.name);
    };
    expect(await find(MANY_DRAWDOWNS_CUSTOMER, 'dpd')).toEqual([MANY_DRAWDOWNS_CUSTOMER]);
    expect(await find(MANY_DRAWDOWNS_CUSTOMER, '30_plus')).toEqual([]);
    expect(await find('Narmada Trading', '30_plus')).toEqual(['Narmada Trading Co']);
    expect(await find('Narmada Trading', '90_plus')).toEqual([]);
    expect(await find('Tapti Agro', '90_plus')).toEqual(['Tapti Agro Suppliers']);
    expect(await find('Godavari Retail', 'regular')).toEqual(['Godavari Retail Links']);
  });

  it('filters by region, by name or customer code, and by application status', async () => {
    const north = await allRows(LendingList, path, { 'filter[region]': 'north' });
    expect(north.rows.length).toBe(all.filter((r) => r.region === 'north').length);
    expect(new Set(north.rows.map((r) => r.region))).toEqual(new Set(['north']));
    const vardhman = all.find((r) => r.name === MANY_DRAWDOWNS_CUSTOMER)!;
    expect(
      decode(LendingList, await get(`${path}?filter[search]=${vardhman.customer_code.toLowerCase()}`)).data.map(
        (r) => r.id,
      ),
    ).toEqual([vardhman.id]);
    expect(decode(LendingList, await get(`${path}?filter[search]=WHOLESALE%20mart`)).data.map((r) => r.name)).toContain(
      MANY_DRAWDOWNS_CUSTOMER,
    );
    const wip = await allRows(LendingList, path, { 'filter[application_status]': 'work_in_progress' });
    const expected = anchorOne().filter(
      (c) => c.application_status === 'work_in_progress' && c.loan_application_id !== null,
    );
    expect(wip.rows.length).toBe(expected.length);
    expect(new Set(wip.rows.map((r) => r.application_status))).toEqual(new Set(['work_in_progress']));
  });

  it('refuses unknown filter values and bad paging with 422 naming the field', async () => {
    expect422(await get(`${path}?filter[application_status]=closed`), 'application_status');
    expect422(await get(`${path}?filter[overdue_by_days]=30`), 'overdue_criteria');
    expect422(await get(`${path}?filter[overdue_criteria]=equal`), 'overdue_by_days');
    expect422(await get(`${path}?filter[overdue_by_days]=-1&filter[overdue_criteria]=equal`), 'overdue_by_days');
    expect422(
      await get(`${path}?filter[overdue_by_days]=1.5&filter[overdue_criteria]=less_than`),
      'overdue_by_days',
      'overdue_criteria',
    );
    expect422(await get(`${path}?filter[search]=ab`), 'search');
    expect422(await get(`${path}?filter[region]=central`), 'region');
    expect422(await get(`${path}?filter[period]=last_year`), 'period');
    expect422(await get(`${path}?page=0`), 'page');
    expect422(await get(`${path}?filter[download_as_csv]=maybe`), 'download_as_csv');
    const past = decode(LendingList, await get(`${path}?page=999`));
    expect(past.data).toEqual([]);
  });

  it('exports every matching row as CSV with the columns asked for', async () => {
    expect(first.csv_headers_accepted!.map((h) => h.display_name)).toEqual([
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
    const answer = await get(
      `${path}?filter[download_as_csv]=true&filter[overdue_by_days]=0&filter[overdue_criteria]=greater_than`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = Papa.parse<string[]>(answer.text.trim(), { header: false }).data;
    expect(lines[0]).toEqual(first.csv_headers_accepted!.map((h) => h.display_name));
    const dpd = all.filter((r) => r.overdue_by_days! > 0);
    expect(lines.slice(1).map((l) => l[1])).toEqual(dpd.map((r) => r.customer_code));
    const some = await get(
      `${path}?filter[download_as_csv]=true&filter[search]=vardhman&headers_accepted=dpd,name,is_blocked,overdue`,
    );
    const vardhman = all.find((r) => r.name === MANY_DRAWDOWNS_CUSTOMER)!;
    expect(Papa.parse<string[]>(some.text.trim()).data).toEqual([
      ['DPD', 'Customer Name', 'Stop', 'Overdue'],
      [String(vardhman.dpd), MANY_DRAWDOWNS_CUSTOMER, 'No', (vardhman.overdue! / 100).toFixed(2)],
    ]);
    expect422(await get(`${path}?filter[download_as_csv]=true&headers_accepted=overdue_flag`), 'headers_accepted');
  });

  it('gives anchor 1551 its own customers and the reduced columns', async () => {
    const { rows, first: answer } = await allRows(LendingList, path, {}, token1551);
    const approved = db().distributor_companies.filter(
      (c) => c.anchor_id === 1551 && c.application_status === 'approved',
    );
    expect(rows.length).toBe(approved.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(answer.csv_headers_accepted).toEqual([
      { display_name: 'Customer Name', key: 'name' },
      { display_name: 'Anchor Customer ID', key: 'customer_code' },
      { display_name: 'Limit Sanctioned', key: 'limit_sanctioned' },
      { display_name: 'Limit Utilised', key: 'limit_utilized' },
      { display_name: 'Is Customer in Overdue', key: 'overdue_flag' },
      { display_name: 'Overdue Amount', key: 'overdue' },
      { display_name: 'Overdue Days', key: 'overdue_by_days' },
      { display_name: 'Limit Available for Billing', key: 'balance_available' },
      { display_name: 'Limit Expiry Date', key: 'limit_expiry_date' },
    ]);
    const csv = await get(`${path}?filter[download_as_csv]=true`, token1551);
    const lines = Papa.parse<string[]>(csv.text.trim()).data;
    expect(lines[0]).toEqual(answer.csv_headers_accepted!.map((h) => h.display_name));
    expect(lines.slice(1).map((l) => l[0])).toEqual(rows.map((r) => r.name));
    lines.slice(1).forEach((line, i) => {
      expect(line[4]).toBe(rows[i]!.overdue_by_days! > 0 ? 'Yes' : 'No');
      expect(line[6]).toBe(String(rows[i]!.overdue_by_days));
    });
    expect(new Set(lines.slice(1).map((l) => l[4]))).toEqual(new Set(['Yes', 'No']));
    expect422(
      await get(`${path}?filter[download_as_csv]=true&headers_accepted=amount_outstanding`, token1551),
      'headers_accepted',
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// GET /distributor_companies/list
// ---------------------------------------------------------------------------------------------------

describe('GET /distributor_companies/list (All Customer)', () => {
  const path = '/distributor_companies/list';

  it('counts the same customers as the lending summary under each payment-source filter', async () => {
    const meta = decode(LendingList, await get('/distributor_companies/lending_list')).meta!;
    const count = async (key: string) => {
      const filter = SOURCE_FILTERS.find((f) => f.key === key)!;
      return decode(
        OnboardedList,
        await get(`${path}?${query({ 'filter[payment_sources_filter]': sourcesFilterValue(filter, PRODUCT) })}`),
      ).pagy!.count;
    };
    expect(await count('all')).toBe(meta.onboarded_distributors_count);
    expect(await count('scf_pay')).toBe(meta.distributors_using_credit_and_pay);
    expect(await count('scf')).toBe(meta.distributors_using_credit);
    expect(decode(OnboardedList, await get(path)).pagy!.count).toBe(meta.onboarded_distributors_count);
    const payOnly = new Set(
      db()
        .payments.filter((p) => p.anchor_id === 1 && p.source === 'pay')
        .map((p) => p.distributor_company_id),
    ).size;
    expect(await count('pay')).toBe(payOnly);
  });

  it('lists A-Z with what was availed; only customers who paid through the sources asked for', async () => {
    const { rows } = await allRows(OnboardedList, path, {});
    expect(inNameOrder(rows)).toBe(true);
    const vardhman = rows.find((r) => r.name === MANY_DRAWDOWNS_CUSTOMER)!;
    const loan = loanOf(Number(vardhman.id));
    const completed = db().drawdowns.filter((d) => d.loan_application_id === loan.id && d.status === 'completed');
    expect(vardhman).toMatchObject({
      availed: true,
      availed_amount: completed.reduce((sum, d) => sum + d.amount, 0),
      application_status: 'approved',
      risk_grading: 'L',
    });
    const unpaid = db().invoices.filter(
      (inv) => inv.distributor_company_id === Number(vardhman.id) && inv.status !== 'paid',
    );
    expect(vardhman.amount_outstanding).toBe(unpaid.reduce((sum, inv) => sum + inv.total - inv.amount_paid, 0));
    // Sabari Foods paid only outside (ERP): in All, not in SCF + Invoice Pay.
    expect(rows.find((r) => r.name === 'Sabari Foods')).toMatchObject({ availed: false, availed_amount: 0 });
    const scfPay = await allRows(OnboardedList, path, {
      'filter[payment_sources_filter]': `${PRODUCT}_credit, ${PRODUCT}_pay`,
    });
    expect(scfPay.rows.some((r) => r.name === 'Sabari Foods')).toBe(false);
    const erp = await allRows(OnboardedList, path, { 'filter[payment_sources_filter]': 'erp_payment' });
    expect(erp.rows.some((r) => r.name === 'Sabari Foods')).toBe(true);
  });

  it('filters by region and search, pages, and refuses unknown sources', async () => {
    const { rows } = await allRows(OnboardedList, path, {});
    const south = await allRows(OnboardedList, path, { 'filter[region]': 'south' });
    expect(south.rows.length).toBe(
      rows.filter((r) => db().distributor_companies.find((c) => c.id === Number(r.id))!.region === 'south').length,
    );
    expect(decode(OnboardedList, await get(`${path}?filter[search]=godavari`)).data.map((r) => r.name)).toEqual([
      'Godavari Retail Links',
    ]);
    const [one, two] = [
      decode(OnboardedList, await get(`${path}?page=1`)),
      decode(OnboardedList, await get(`${path}?page=2`)),
    ];
    expect(one.data).toHaveLength(10);
    expect(two.data.map((r) => r.id)).toEqual(rows.slice(10, 20).map((r) => r.id));
    expect422(await get(`${path}?filter[payment_sources_filter]=credit`), 'payment_sources_filter');
    expect422(await get(`${path}?filter[payment_sources_filter]=${PRODUCT}_credit,cash`), 'payment_sources_filter');
    expect422(await get(`${path}?filter[search]=go`), 'search');
  });
});

// ---------------------------------------------------------------------------------------------------
// GET /distributor_companies/fund_available
// ---------------------------------------------------------------------------------------------------

describe('GET /distributor_companies/fund_available', () => {
  const path = '/distributor_companies/fund_available';

  /** The customer's invoice overdue days, from its rows. */
  const invoiceOverdue = (companyId: number) =>
    Math.max(
      0,
      ...db()
        .invoices.filter((inv) => inv.distributor_company_id === companyId && inv.status !== 'paid')
        .map((inv) => (Date.parse(TODAY) - Date.parse(inv.due_date)) / 86_400_000),
    );

  it('lists leads with eligibility in each window by risk, most eligible first, with their invoice overdue days', async () => {
    for (const [days, risks] of [
      ['1', ['L', 'M']],
      ['5', ['H', 'R']],
    ] as const) {
      const { rows } = await allRows(FundList, path, { 'filter[fund_in_days]': days });
      const expected = anchorOne().filter(
        (c) =>
          (c.application_status === 'new_leads' || c.application_status === 'work_in_progress') &&
          c.eligibility_amount > 0 &&
          (risks as readonly string[]).includes(c.risk_grading),
      );
      expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
        expected.map((c) => c.id).sort((a, b) => a - b),
      );
      expect(rows.every((r, i) => i === 0 || rows[i - 1]!.eligibility_amount! >= r.eligibility_amount!)).toBe(true);
      for (const row of rows.slice(0, 40)) {
        expect(row.overdue_by_days).toBe(invoiceOverdue(Number(row.id)));
        const unpaid = db().invoices.filter(
          (inv) => inv.distributor_company_id === Number(row.id) && inv.status !== 'paid',
        );
        expect(row.amount_outstanding).toBe(unpaid.reduce((sum, inv) => sum + inv.total - inv.amount_paid, 0));
      }
    }
  });

  it('filters each segment on the invoice overdue days, the status and the region', async () => {
    // No Low or Medium grade is more than 90 days overdue: the 24-hour table's 90+ is empty.
    const expectations: [string, string, string[]][] = [
      ['1', 'regular', ['Sabari Foods']],
      ['1', '30_plus', ['Krishna Valley Traders']],
      ['1', '90_plus', []],
      ['5', 'regular', ['Cauvery Consumer Goods']],
      ['5', '30_plus', ['Sharavati Essentials', 'Mahanadi Provisions', 'Pennar Distributors']],
      ['5', '90_plus', ['Mahanadi Provisions', 'Pennar Distributors']],
    ];
    for (const [days, key, names] of expectations) {
      const segment = PIPELINE_SEGMENTS.find((s) => s.key === key)!;
      const { rows } = await allRows(FundList, path, {
        'filter[fund_in_days]': days,
        'filter[overdue_by_days]': String(segment.filter!.overdue_by_days),
        'filter[overdue_criteria]': segment.filter!.overdue_criteria,
      });
      expect(rows.length > 0, `${days} ${key}: rows`).toBe(names.length > 0);
      for (const row of rows) expect(matchesOverdue(row.overdue_by_days, segment.filter)).toBe(true);
      expect(
        rows.map((r) => r.name),
        `${days} ${key}`,
      ).toEqual(expect.arrayContaining(names));
    }
    const newLeads = await allRows(FundList, path, {
      'filter[fund_in_days]': '1',
      'filter[application_status]': 'new_leads',
    });
    expect(new Set(newLeads.rows.map((r) => r.application_status))).toEqual(new Set(['new_leads']));
    const east = await allRows(FundList, path, { 'filter[fund_in_days]': '5', 'filter[region]': 'east' });
    expect(
      east.rows
        .map((r) => db().distributor_companies.find((c) => c.id === Number(r.id))!.region)
        .every((r) => r === 'east'),
    ).toBe(true);
    expect(east.rows.map((r) => r.name)).toContain('Pennar Distributors');
  });

  it('needs fund_in_days 1 or 5 and refuses other statuses', async () => {
    expect422(await get(path), 'fund_in_days');
    expect422(await get(`${path}?filter[fund_in_days]=3`), 'fund_in_days');
    expect422(await get(`${path}?filter[fund_in_days]=1&filter[application_status]=approved`), 'application_status');
    expect422(
      await get(`${path}?filter[fund_in_days]=1&filter[overdue_by_days]=x&filter[overdue_criteria]=equal`),
      'overdue_by_days',
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Drawdowns, repayments, drawdown invoices
// ---------------------------------------------------------------------------------------------------

describe('GET /distributor_companies/drawdowns and /repayments', () => {
  const loanQuery = (name: string, extra: Record<string, string | number> = {}) => {
    const loan = loanOf(companyNamed(name).id);
    return query({ cust_id: loan.cust_id, loan_application_id: loan.id, ...extra });
  };

  it('pages a loan’s drawdowns from 0, newest first, with the charge model’s figures', async () => {
    const path = '/distributor_companies/drawdowns';
    const page0 = decode(DrawdownPage, await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER)}`));
    const page1 = decode(DrawdownPage, await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { page: 1 })}`));
    expect(page0).toMatchObject({ page: 0, size: 10, totalElements: 13, totalPages: 2 });
    expect(page0.data).toHaveLength(10);
    expect(page1).toMatchObject({ page: 1, size: 10, totalElements: 13, totalPages: 2 });
    expect(page1.data).toHaveLength(3);
    const rows: WireDrawdown[] = [...page0.data, ...page1.data];
    expect(new Set(rows.map((r) => r.drawdownId)).size).toBe(13);
    expect(rows.every((r, i) => i === 0 || rows[i - 1]!.disbursementDate! >= r.disbursementDate!)).toBe(true);
    expect(decode(DrawdownPage, await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { page: 2 })}`))).toMatchObject(
      { data: [], page: 2, totalElements: 13, totalPages: 2 },
    );
    const small = decode(
      DrawdownPage,
      await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { page: 2, size: 5 })}`),
    );
    expect(small).toMatchObject({ page: 2, size: 5, totalPages: 3 });
    expect(small.data.map((r) => r.drawdownId)).toEqual(rows.slice(10).map((r) => r.drawdownId));

    for (const row of rows) {
      const stored = db().drawdowns.find((d) => d.drawdown_number === row.drawdownId)!;
      const f = drawdownFigures(
        stored,
        db().repayments.filter((r) => r.drawdown_id === stored.id),
        TODAY,
      );
      expect(row).toEqual({
        drawdownId: stored.drawdown_number,
        loanApplicationId: String(stored.loan_application_id),
        disbursementDate: stored.disbursement_date,
        status: stored.status,
        drawdownAmount: stored.amount,
        utr: stored.utr === '' ? null : stored.utr,
        dueDate: stored.due_date,
        ...f,
      });
    }
    const shown = rows.map((r) => ({
      tone: dueIndicator(r, TODAY)?.tone ?? null,
      status: repaymentStatus(r),
      state: r.status,
    }));
    expect(shown.filter((s) => s.tone === 'red')).toHaveLength(1);
    expect(shown.filter((s) => s.tone === 'amber')).toHaveLength(1);
    expect(shown.filter((s) => s.tone === 'green')).toHaveLength(5);
    expect(shown.filter((s) => s.status === 'Paid')).toHaveLength(4);
    expect(
      shown
        .filter((s) => s.status === null)
        .map((s) => s.state)
        .sort(),
    ).toEqual(['failed', 'pending']);
    const amber = rows.find((r) => dueIndicator(r, TODAY)?.tone === 'amber')!;
    expect(dueIndicator(amber, TODAY)).toEqual({ tone: 'amber', text: 'Due in 15 days' });
  });

  it('pages the repayments from 0, newest first; none is an empty page', async () => {
    const path = '/distributor_companies/repayments';
    const answer = decode(RepaymentPage, await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER)}`));
    const loan = loanOf(companyNamed(MANY_DRAWDOWNS_CUSTOMER).id);
    const stored = db().repayments.filter((r) => r.loan_application_id === loan.id);
    expect(answer).toMatchObject({ page: 0, size: 10, totalElements: stored.length, totalPages: 1 });
    expect(answer.data.map((r) => r.orderId).sort()).toEqual(stored.map((r) => r.order_id).sort());
    expect(answer.data.every((r, i) => i === 0 || answer.data[i - 1]!.createdAt >= r.createdAt)).toBe(true);
    const repayment = stored[0]!;
    expect(answer.data.find((r) => r.orderId === repayment.order_id)).toEqual({
      createdAt: repayment.created_at,
      loanApplicationId: String(loan.id),
      orderId: repayment.order_id,
      amount: repayment.amount,
      paymentMode: repayment.payment_mode,
      status: repayment.status,
      utr: repayment.utr,
    });
    const [a, b] = [
      decode(RepaymentPage, await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { size: 2 })}`)),
      decode(RepaymentPage, await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { size: 2, page: 1 })}`)),
    ];
    expect(a.data).toHaveLength(2);
    expect(b.data[0]!.orderId).not.toBe(a.data[0]!.orderId);
    expect(decode(RepaymentPage, await get(`${path}?${loanQuery('Godavari Retail Links')}`))).toEqual({
      data: [],
      page: 0,
      size: 10,
      totalElements: 0,
      totalPages: 0,
    });
  });

  it('needs both ids (422), answers 404 for a loan that is not the anchor’s or not that cust_id, and 422 for bad paging', async () => {
    for (const path of ['/distributor_companies/drawdowns', '/distributor_companies/repayments']) {
      const loan = loanOf(companyNamed(MANY_DRAWDOWNS_CUSTOMER).id);
      expect422(await get(path), 'cust_id', 'loan_application_id');
      expect422(await get(`${path}?cust_id=${loan.cust_id}`), 'loan_application_id');
      expect422(await get(`${path}?loan_application_id=${loan.id}`), 'cust_id');
      expect422(await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { page: -1 })}`), 'page');
      expect422(await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { page: 'x' })}`), 'page');
      expect422(await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { size: 0 })}`), 'size');
      expect422(await get(`${path}?${loanQuery(MANY_DRAWDOWNS_CUSTOMER, { size: 101 })}`), 'size');
      expect404(await get(`${path}?${query({ cust_id: 'CUST00000000', loan_application_id: loan.id })}`));
      expect404(await get(`${path}?${query({ cust_id: loan.cust_id, loan_application_id: 'abc' })}`));
      const other = loanOf(companyNamed('Green Valley Agri Inputs').id);
      expect(other.anchor_id).toBe(1551);
      expect404(await get(`${path}?${query({ cust_id: other.cust_id, loan_application_id: other.id })}`));
      expect(
        (await get(`${path}?${query({ cust_id: other.cust_id, loan_application_id: other.id })}`, token1551)).status,
      ).toBe(200);
    }
  });
});

describe('GET /distributor_companies/drawdown_invoices', () => {
  const path = '/distributor_companies/drawdown_invoices';

  it('lists the drawdown’s invoices; 422 without an id, 404 for another anchor’s or an unknown drawdown', async () => {
    const loan = loanOf(companyNamed(MANY_DRAWDOWNS_CUSTOMER).id);
    const drawdown = db().drawdowns.find((d) => d.loan_application_id === loan.id && d.status === 'completed')!;
    const invoice = db().invoices.find((inv) => inv.id === drawdown.invoice_ids[0])!;
    expect(decode(DrawdownInvoices, await get(`${path}?drawdown_id=${drawdown.drawdown_number}`))).toEqual({
      data: [{ invoiceNumber: invoice.document_number, invoiceAmount: invoice.total }],
    });
    expect422(await get(path), 'drawdown_id');
    expect404(await get(`${path}?drawdown_id=DDR9999999`));
    const other = db().drawdowns.find(
      (d) => d.loan_application_id === loanOf(companyNamed('Green Valley Agri Inputs').id).id,
    )!;
    expect404(await get(`${path}?drawdown_id=${other.drawdown_number}`));
    expect(
      decode(DrawdownInvoices, await get(`${path}?drawdown_id=${other.drawdown_number}`, token1551)).data,
    ).toHaveLength(1);
  });

  it('answers an empty list for a drawdown without invoices', async () => {
    const loan = loanOf(companyNamed('Godavari Retail Links').id);
    const id = Math.max(...db().drawdowns.map((d) => d.id)) + 1;
    mock.repository.insert('drawdowns', {
      id,
      drawdown_number: `DDR${id}`,
      loan_application_id: loan.id,
      distributor_company_id: loan.distributor_company_id,
      disbursement_date: TODAY,
      status: 'failed',
      amount: 100,
      utr: '',
      due_date: '2027-01-21',
      invoice_ids: [],
      principal_outstanding: 0,
      interest_paid: 0,
      penal_paid: 0,
    });
    expect(decode(DrawdownInvoices, await get(`${path}?drawdown_id=DDR${id}`))).toEqual({ data: [] });
    // The appended drawdown is in the loan's list at once (the index takes it in place).
    const page = decode(
      DrawdownPage,
      await get(`/distributor_companies/drawdowns?${query({ cust_id: loan.cust_id, loan_application_id: loan.id })}`),
    );
    expect(page.data[0]!.drawdownId).toBe(`DDR${id}`);
  });
});

// ---------------------------------------------------------------------------------------------------
// GET /loan_applications/credit_line_summary
// ---------------------------------------------------------------------------------------------------

describe('GET /loan_applications/credit_line_summary', () => {
  it('adds up: sanctioned = available + utilised; yet to avail from the fund tables of both windows', async () => {
    const summary = decode(CreditLineSummary, await get('/loan_applications/credit_line_summary')).data;
    const loans = db().loan_applications.filter((l) => l.anchor_id === 1 && l.application_status === 'approved');
    const sanctioned = loans.reduce((sum, l) => sum + l.limit_sanctioned, 0);
    const utilised = loans.reduce((sum, l) => sum + l.limit_utilized, 0);
    expect(loans.every((l) => l.limit_utilized <= l.limit_sanctioned)).toBe(true);
    expect(summary.total_credit_limit_sanctioned.total).toBe(sanctioned);
    expect(summary.total_credit_limit_available.total).toBe(sanctioned - utilised);
    expect(summary.total_credit_limit_available.total + utilised).toBe(summary.total_credit_limit_sanctioned.total);
    expect(summary.total_credit_limit_available.active_distributors).toBe(
      loans.filter((l) => l.loan_status === 'active').length,
    );
    expect(summary.utilised_limit_summary.utilised_limit_percentage).toBe(percent(utilised, sanctioned));

    const funds = [
      ...(await allRows(FundList, '/distributor_companies/fund_available', { 'filter[fund_in_days]': '1' })).rows,
      ...(await allRows(FundList, '/distributor_companies/fund_available', { 'filter[fund_in_days]': '5' })).rows,
    ];
    const eligibility = (rows: typeof funds) => rows.reduce((sum, r) => sum + r.eligibility_amount!, 0);
    const details = summary.yet_to_avail_credit_details;
    expect(details.total).toBe(eligibility(funds));
    expect(details.regular).toBe(eligibility(funds.filter((r) => r.overdue_by_days === 0)));
    expect(details['30_days']).toBe(eligibility(funds.filter((r) => r.overdue_by_days > 30)));
    expect(details['90_days']).toBe(eligibility(funds.filter((r) => r.overdue_by_days > 90)));
    expect(details['90_days']).toBeLessThanOrEqual(details['30_days']);
    expect(details.regular + details['30_days']).toBeLessThanOrEqual(details.total);
  });

  it('last_uploaded_invoice is the invoices page’s last invoice received: the newest shared invoice, then the last upload', async () => {
    const lastReceived = async (auth = token) => ({
      pipeline: decode(CreditLineSummary, await get('/loan_applications/credit_line_summary', auth)).data
        .last_uploaded_invoice,
      invoices: decode(invoiceListCodec(PRODUCT), await get('/invoices?filter[status_in][]=open', auth)).meta
        .last_invoices_upload,
    });
    const newestShared = (anchorId: number) =>
      db()
        .invoices.filter((inv) => inv.anchor_id === anchorId && inv.is_manual !== true)
        .map((inv) => inv.creation_date)
        .sort()
        .at(-1);
    expect(db().anchors.find((a) => a.id === 1)!.last_invoices_upload ?? null).toBeNull();
    expect(await lastReceived()).toEqual({ pipeline: newestShared(1), invoices: newestShared(1) });
    expect(await lastReceived(token1551)).toEqual({ pipeline: newestShared(1551), invoices: newestShared(1551) });
    try {
      mock.repository.update('anchors', 1, { last_invoices_upload: NOW.toISOString() }); // what an accepted CSV upload records
      expect(await lastReceived()).toEqual({ pipeline: NOW.toISOString(), invoices: NOW.toISOString() });
    } finally {
      mock.repository.update('anchors', 1, { last_invoices_upload: null });
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// The wizard: customer master, invoice history, credit evaluation
// ---------------------------------------------------------------------------------------------------

describe('the customer-master wizard and POST /distributor_companies/credit_evaluation', () => {
  const csv = (header: string[], rows: string[][]) => `${[header, ...rows].map((r) => r.join(',')).join('\r\n')}\r\n`;

  async function upload(type: 'demographic_data' | 'transaction_data', text: string) {
    const form = new FormData();
    form.append('type', type);
    form.append('file', new File([text], `${type}.csv`, { type: 'text/csv' }));
    const response = await fetch(`${running.url}/distributor_companies/upload`, {
      method: 'POST',
      body: form,
      headers: { Authorization: token },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      message: { status: string; failure_reason: string[] }[];
      meta: { file_id: string; accepted_rows: number; rejected_rows: number };
    };
  }

  async function postEvaluation(body: unknown): Promise<Answer> {
    const response = await fetch(`${running.url}/distributor_companies/credit_evaluation`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as unknown, text, headers: response.headers };
  }

  /** The evaluation of the customers these files named; with none, of every lead waiting for a grade. */
  const evaluate = async (fileIds: string[] = []) =>
    decode(CreditEvaluation, await postEvaluation(fileIds.length > 0 ? { file_ids: fileIds } : {})).data;

  it('grades the new customers from their history: they are New Leads with a grade and eligibility, in the lead list and the fund tables', async () => {
    const master = csvColumnsOf('customer_master');
    const cells = (code: string, name: string, extra: Partial<Record<string, string>> = {}) =>
      master.map(
        (column) =>
          ({
            customer_code: code,
            name,
            region: 'east',
            primary_user_name: 'Owner',
            primary_user_email: `${code.toLowerCase()}@wizard.in`,
            primary_user_mobile: '9876501234',
            city: '',
            state: '',
            pin_code: '',
            ...extra,
          })[column] ?? '',
      );
    const masterAnswer = await upload(
      'demographic_data',
      csv(master, [
        cells('WIZ-ONTIME', 'Wizard Ontime Stores'),
        cells('WIZ-MIXED', 'Wizard Mixed Traders'),
        cells('WIZ-LATE', 'Wizard Late Agencies'),
        cells('WIZ-NONE', 'Wizard Nodata Mart'),
        cells('WIZ-BAD', 'Wizard Bad Row', { primary_user_email: 'not-an-email' }),
      ]),
    );
    expect(masterAnswer.meta).toMatchObject({ accepted_rows: 4, rejected_rows: 1 });
    expect(masterAnswer.message[0]!.failure_reason).toEqual([
      "Row 6: primary_user_email 'not-an-email' is not a valid e-mail address",
    ]);

    const history = csvColumnsOf('customer_history');
    const row = (code: string, number: string, invoiceDate: string, dueDate: string, amount: string, paid: string) =>
      history.map(
        (column) =>
          ({
            customer_code: code,
            invoice_number: number,
            invoice_date: invoiceDate,
            due_date: dueDate,
            amount,
            payment_date: paid,
          })[column] ?? '',
      );
    const historyAnswer = await upload(
      'transaction_data',
      csv(history, [
        // On time: every invoice paid by its due date; two months, ₹3,00,000 in all: eligibility 3 × 1,50,000.
        row('WIZ-ONTIME', 'WH-1', '2026-08-01', '2026-08-31', '100000', '2026-08-20'),
        row('WIZ-ONTIME', 'WH-2', '2026-08-15', '2026-09-14', '50000', '2026-09-14'),
        row('WIZ-ONTIME', 'WH-3', '2026-09-03', '2026-10-03', '150000', '2026-09-30'),
        // Mixed: 3 of 4 on time (75 %): M; one month of ₹41,000.50: eligibility floor(3 × 41,000.50 / 1,000) × 1,000.
        row('WIZ-MIXED', 'WM-1', '2026-10-01', '2026-10-31', '10000', '2026-10-05'),
        row('WIZ-MIXED', 'WM-2', '2026-10-02', '2026-11-01', '10000', '2026-10-06'),
        row('WIZ-MIXED', 'WM-3', '2026-10-03', '2026-11-02', '10000', '2026-10-07'),
        row('WIZ-MIXED', 'WM-4', '2026-10-04', '2026-11-03', '11000.50', ''),
        // Late: paid after the due date, or not at all: H; one month of ₹40,000: eligibility ₹1,20,000.
        row('WIZ-LATE', 'WL-1', '2026-07-01', '2026-07-31', '20000', '2026-08-15'),
        row('WIZ-LATE', 'WL-2', '2026-07-02', '2026-08-01', '20000', ''),
        // Not one of the anchor's customers.
        row('WIZ-GHOST', 'WG-1', '2026-07-02', '2026-08-01', '20000', ''),
      ]),
    );
    expect(historyAnswer.meta).toMatchObject({ accepted_rows: 9, rejected_rows: 1 });
    expect(historyAnswer.message[0]).toMatchObject({
      status: 'partial',
      failure_reason: [
        'Row 11: customer_code WIZ-GHOST is not one of your customers (upload it in the customer master first)',
      ],
    });

    // Only the customers the two files named: the master's four (WIZ-BAD was refused), three of them with history.
    const files = [masterAnswer.meta.file_id, historyAnswer.meta.file_id];
    const waitingBefore = anchorOne().filter(
      (c) => c.risk_grading === 'R' && c.application_status !== 'approved' && c.application_status !== 'declined',
    ).length;
    const result = await evaluate(files);
    const wizardCustomer = (
      customer_code: string,
      name: string,
      risk_grading: string,
      eligibility_amount: number,
      facts: [number, number, number, number],
    ) => {
      const [invoices, judged, paid_on_time, overdue_days] = facts;
      return { customer_code, name, risk_grading, eligibility_amount, invoices, judged, paid_on_time, overdue_days };
    };
    expect(result).toEqual({
      evaluated: 4,
      graded: 3,
      need_more_data: 1,
      eligibility_total: 300_000_00 + 41_000_00 + 40_000_00,
      customers: [
        // Every invoice paid by its due date: L; 3 × 1,50,000 a month, but never more than the ₹3,00,000 billed.
        wizardCustomer('WIZ-ONTIME', 'Wizard Ontime Stores', 'L', 300_000_00, [3, 3, 3, 0]),
        // 3 of 4 on time (75 %): M; one month of ₹41,000.50, so at most that, rounded down to ₹1,000.
        wizardCustomer('WIZ-MIXED', 'Wizard Mixed Traders', 'M', 41_000_00, [4, 4, 3, 19]),
        // Paid late, or not at all (113 days past due): H; one month of ₹40,000.
        wizardCustomer('WIZ-LATE', 'Wizard Late Agencies', 'H', 40_000_00, [2, 2, 0, 113]),
        wizardCustomer('WIZ-NONE', 'Wizard Nodata Mart', 'R', 0, [0, 0, 0, 0]),
      ],
    });
    expect(waitingBefore).toBeGreaterThan(4);
    const graded = (code: string) => db().distributor_companies.find((c) => c.customer_code === code)!;
    expect(graded('WIZ-ONTIME')).toMatchObject({
      application_status: 'new_leads',
      risk_grading: 'L',
      eligibility_amount: 300_000_00,
    });
    expect(graded('WIZ-MIXED')).toMatchObject({ risk_grading: 'M', eligibility_amount: 41_000_00 });
    expect(graded('WIZ-LATE')).toMatchObject({ risk_grading: 'H', eligibility_amount: 40_000_00 });
    expect(graded('WIZ-NONE')).toMatchObject({ risk_grading: 'R', eligibility_amount: 0 });

    // The dashboard's lead manager shows them as New Leads with their grade and eligibility.
    const leads = decode(LeadList, await get('/distributor_companies/lead_list?filter[search]=wizard&items=100'));
    expect(leads.data.map((r) => [r.name, r.application_status, r.risk_grading, r.eligibility_amount]).sort()).toEqual(
      [
        ['Wizard Late Agencies', 'new_leads', 'H', 40_000_00],
        ['Wizard Mixed Traders', 'new_leads', 'M', 41_000_00],
        ['Wizard Nodata Mart', 'new_leads', 'R', 0],
        ['Wizard Ontime Stores', 'new_leads', 'L', 300_000_00],
      ].sort(),
    );
    // The pipeline: 24 hours for L and M, 5 working days for H; none without eligibility.
    const fund = async (days: string) =>
      decode(
        FundList,
        await get(`/distributor_companies/fund_available?filter[fund_in_days]=${days}&filter[search]=wizard`),
      ).data.map((r) => r.name);
    expect(await fund('1')).toEqual(['Wizard Ontime Stores', 'Wizard Mixed Traders']);
    expect(await fund('5')).toEqual(['Wizard Late Agencies']);

    // Each file alone: its own customers (the master names four; the history three).
    expect((await evaluate([masterAnswer.meta.file_id])).customers.map((c) => c.customer_code)).toEqual([
      'WIZ-ONTIME',
      'WIZ-MIXED',
      'WIZ-LATE',
      'WIZ-NONE',
    ]);
    expect((await evaluate([historyAnswer.meta.file_id])).customers.map((c) => c.customer_code)).toEqual([
      'WIZ-ONTIME',
      'WIZ-MIXED',
      'WIZ-LATE',
    ]);
    // With no file: every lead still waiting for a grade, WIZ-NONE among them, none of the graded.
    const waiting = await evaluate();
    expect(waiting.customers.map((c) => c.customer_code)).toContain('WIZ-NONE');
    expect(waiting.customers.every((c) => c.risk_grading === 'R')).toBe(true);
    expect(waiting).toMatchObject({
      evaluated: waiting.customers.length,
      graded: 0,
      need_more_data: waiting.customers.length,
    });
  });

  it('refuses file ids that are not the anchor’s customer files', async () => {
    const invoiceUpload = db().csv_uploads?.find((u) => u.kind === 'invoices');
    for (const body of [
      { file_ids: 'UPL-000001' },
      { file_ids: [] },
      { file_ids: [7] },
      { file_ids: ['UPL-999999'] },
      ...(invoiceUpload ? [{ file_ids: [invoiceUpload.file_id] }] : []),
    ]) {
      expect422(await postEvaluation(body), 'file_ids');
    }
  });
});
