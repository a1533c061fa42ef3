import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatValidationErrors } from '../../src/api/errors';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenData } from '../../src/api/client';
import {
  ClearedGraph,
  CreditLimitSummary,
  LeadList,
  LeadStatusCounts,
  LendingSummary,
  PaymentGraph,
  SharedGraph,
  TopPerformers,
} from '../../src/api/codecs/dashboard';
import {
  creditLimitSummary,
  invoicesCleared,
  invoicesShared,
  lendingSummary,
  paymentsReceived,
  topPerformers,
} from '../aggregates';
import { createMockServer, type RunningMock } from '../app';
import type { DistributorCompany } from '../db';
import { DEMO_PASSWORD } from '../seed';
import { LEAD_CSV_HEADERS } from './distributors';
import { demoAuthToken } from '../test-login';

const NOW = new Date('2026-11-22T10:00:00');
const YEAR = { from: '2025-11-23', to: '2026-11-22' };
const MONTH = { from: '2026-11-01', to: '2026-11-22' };

const mock = createMockServer({ clock: () => NOW, log: () => {} });
let running: RunningMock;
let token = '';

const login = (email: string) => demoAuthToken(running.url, email);

beforeAll(async () => {
  running = await mock.listen(0);
  token = await login('t1@anchor.test');
});
afterAll(() => running.close());

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

async function get(path: string, auth: string | null = token): Promise<Answer> {
  const response = await fetch(`${running.url}${path}`, { headers: auth === null ? {} : { Authorization: auth } });
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    body: json ? (JSON.parse(text) as unknown) : null,
    text,
    headers: response.headers,
  };
}

/** Decodes a 200 answer as the client does: flattenData, then the codec. */
function decode<A>(codec: t.Decoder<unknown, A>, answer: Answer): A {
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  const result = codec.decode(flattenData(answer.body));
  if (isLeft(result)) throw new Error(formatValidationErrors(result.left).join('\n'));
  return result.right;
}

const errorTitles = (answer: Answer) => (answer.body as { errors?: { title?: string }[] }).errors?.map((e) => e.title);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const anchorOne = () => mock.db().distributor_companies.filter((c) => c.anchor_id === 1);
const newestFirst = (a: DistributorCompany, b: DistributorCompany) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

const ROUTES = [
  `/invoices/graph?${q({ invoices_shared_from_date: YEAR.from, invoices_shared_to_date: YEAR.to, shared_type: 'yearly' })}`,
  `/invoices/cleared_graph?${q({ invoices_cleared_from_date: YEAR.from, invoices_cleared_to_date: YEAR.to, cleared_type: 'yearly' })}`,
  `/invoices/payment_graph?${q({ payments_data_from_date: YEAR.from, payments_data_to_date: YEAR.to, payment_type: 'yearly' })}`,
  '/payments/top_performers',
  '/loan_applications/credit_limit_summary',
  '/loan_applications/lending_summary',
  '/distributor_companies/statuses',
  '/distributor_companies/lead_list',
  '/distributor_companies?filter[application_status]=approved',
  '/distributor_companies/lead_list?filter[download_as_csv]=true',
];

describe('auth', () => {
  it('answers 401 without a token or with a bad one, on every dashboard route', async () => {
    for (const path of ROUTES) {
      expect((await get(path, null)).status, path).toBe(401);
      expect((await get(path, 'made-up')).status, path).toBe(401);
    }
  });
});

describe('invoice graphs', () => {
  it('shared, yearly: the 13 calendar months of the window, oldest first with their year, that decode and add up to the card', async () => {
    const graph = decode(SharedGraph, await get(ROUTES[0]!)).data.invoices_shared.yearly!;
    const expected = invoicesShared(mock.db(), 1, YEAR, 'yearly');
    expect(graph.invoice_count).toBe(expected.invoice_count);
    expect(graph.invoice_total).toBe(expected.invoice_total); // paise again after Money
    expect(graph.filter_information).toHaveLength(13);
    const months = graph.filter_information as { month: string; year: number; total: number; no_of_invoices: number }[];
    expect(months.map((m) => `${m.month} ${m.year}`)).toEqual([
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
    ]);
    expect(months.reduce((s, m) => s + m.total, 0)).toBe(graph.invoice_total);
    expect(months.reduce((s, m) => s + m.no_of_invoices, 0)).toBe(graph.invoice_count);
  });

  it('shared, weekly: one entry holding the weeks of the month', async () => {
    const answer = await get(
      `/invoices/graph?${q({ invoices_shared_from_date: MONTH.from, invoices_shared_to_date: MONTH.to, shared_type: 'weekly' })}`,
    );
    const graph = decode(SharedGraph, answer).data.invoices_shared;
    expect(graph.yearly).toBeUndefined();
    const weekly = graph.weekly!;
    expect(weekly.invoice_count).toBe(invoicesShared(mock.db(), 1, MONTH, 'weekly').invoice_count);
    const [entry] = weekly.filter_information as {
      weekly_data: { week: number; total: number; no_of_invoices: number }[];
    }[];
    expect(entry!.weekly_data.map((w) => w.week)).toEqual([1, 2, 3, 4, 5]);
    expect(entry!.weekly_data.reduce((s, w) => s + w.total, 0)).toBe(weekly.invoice_total);
  });

  it('cleared and payments decode and match the figures', async () => {
    const cleared = decode(ClearedGraph, await get(ROUTES[1]!)).data.invoices_cleared.yearly!;
    const expectedCleared = invoicesCleared(mock.db(), 1, YEAR, 'yearly');
    expect(cleared.invoice_total).toBe(expectedCleared.invoice_total);
    expect(cleared.cleared_percentage).toBe(expectedCleared.cleared_percentage);
    expect(cleared.cleared_percentage).toBeGreaterThan(0);
    expect(cleared.cleared_percentage).toBeLessThan(100);

    const weekly = await get(
      `/invoices/payment_graph?${q({ payments_data_from_date: MONTH.from, payments_data_to_date: MONTH.to, payment_type: 'weekly' })}`,
    );
    const payments = decode(PaymentGraph, weekly).data.payments.weekly!;
    expect(payments.payment_total).toBe(paymentsReceived(mock.db(), 1, MONTH, 'weekly').payment_total);
    const yearly = decode(PaymentGraph, await get(ROUTES[2]!)).data.payments.yearly!;
    expect(yearly.payment_total).toBe(paymentsReceived(mock.db(), 1, YEAR, 'yearly').payment_total);
  });

  it('defaults the type to yearly', async () => {
    const graph = decode(
      SharedGraph,
      await get(`/invoices/graph?${q({ invoices_shared_from_date: YEAR.from, invoices_shared_to_date: YEAR.to })}`),
    );
    expect(Object.keys(graph.data.invoices_shared)).toEqual(['yearly']);
  });

  it('answers 422 naming the parameter for missing or bad dates, a reversed window or an unknown type', async () => {
    const shared = (params: Record<string, string>) => get(`/invoices/graph?${q(params)}`);
    const missing = await shared({ invoices_shared_to_date: YEAR.to });
    expect(missing.status).toBe(422);
    expect(errorTitles(missing)).toEqual(['invoices_shared_from_date']);
    expect(
      errorTitles(await shared({ invoices_shared_from_date: '2026-02-30', invoices_shared_to_date: YEAR.to })),
    ).toEqual(['invoices_shared_from_date']);
    expect(
      errorTitles(await shared({ invoices_shared_from_date: YEAR.from, invoices_shared_to_date: '22/11/2026' })),
    ).toEqual(['invoices_shared_to_date']);
    const reversed = await shared({ invoices_shared_from_date: YEAR.to, invoices_shared_to_date: YEAR.from });
    expect(reversed.status).toBe(422);
    expect(errorTitles(reversed)).toEqual(['invoices_shared_to_date']);
    const daily = await shared({
      invoices_shared_from_date: YEAR.from,
      invoices_shared_to_date: YEAR.to,
      shared_type: 'daily',
    });
    expect(errorTitles(daily)).toEqual(['shared_type']);
    const cleared = await get(
      `/invoices/cleared_graph?${q({ invoices_cleared_from_date: YEAR.from, invoices_cleared_to_date: YEAR.to, cleared_type: 'monthly' })}`,
    );
    expect(cleared.status).toBe(422);
    expect(errorTitles(cleared)).toEqual(['cleared_type']);
    const payments = await get(`/invoices/payment_graph?${q({ payments_data_to_date: 'x', payment_type: 'weekly' })}`);
    expect(errorTitles(payments)?.sort()).toEqual(['payments_data_from_date', 'payments_data_to_date']);
  });
});

describe('top performers', () => {
  it('defaults to the 364-day window, the same as period this_year or explicit dates', async () => {
    const byDefault = decode(TopPerformers, await get('/payments/top_performers')).data;
    const thisYear = decode(TopPerformers, await get('/payments/top_performers?filter[period]=this_year')).data;
    const explicit = decode(
      TopPerformers,
      await get(`/payments/top_performers?filter[from_date]=${YEAR.from}&filter[to_date]=${YEAR.to}`),
    ).data;
    expect(thisYear).toEqual(byDefault);
    expect(explicit).toEqual(byDefault);
    const expected = topPerformers(mock.db(), 1, YEAR, NOW);
    expect(byDefault.top_performers).toEqual(expected.top_performers);
    expect(byDefault.total_payments_received).toBe(expected.total_payments_received);
    expect(byDefault.credit_top_performers).toEqual(expected.credit_top_performers);
    expect(byDefault.top_performers).toHaveLength(2);
  });

  it('narrows to a given window and rejects bad filters', async () => {
    const month = decode(
      TopPerformers,
      await get(`/payments/top_performers?filter[from_date]=${MONTH.from}&filter[to_date]=${MONTH.to}`),
    ).data;
    expect(month.total_payments_received).toBe(topPerformers(mock.db(), 1, MONTH, NOW).total_payments_received);
    expect(errorTitles(await get('/payments/top_performers?filter[period]=last_year'))).toEqual(['period']);
    expect(errorTitles(await get('/payments/top_performers?filter[from_date]=2026-11-31'))).toEqual(['from_date']);
    expect(
      errorTitles(await get(`/payments/top_performers?filter[from_date]=${YEAR.to}&filter[to_date]=${YEAR.from}`)),
    ).toEqual(['to_date']);
  });
});

describe('credit summaries', () => {
  it('credit limit summary decodes and carries the figures in paise after Money', async () => {
    const summary = decode(CreditLimitSummary, await get('/loan_applications/credit_limit_summary')).data;
    expect(summary).toEqual(creditLimitSummary(mock.db(), 1, NOW));
    expect(summary.regionwise_credit_utilisation.map((r) => r.region)).toEqual(['north', 'east', 'west', 'south']);
  });

  it('lending summary decodes', async () => {
    const summary = decode(LendingSummary, await get('/loan_applications/lending_summary')).data;
    expect(summary).toEqual(lendingSummary(mock.db(), 1, NOW));
  });

  it('is scoped to the logged-in user’s anchor', async () => {
    const other = await login('anchor1551@anchor.test');
    const summary = decode(LendingSummary, await get('/loan_applications/lending_summary', other)).data;
    expect(summary).toEqual(lendingSummary(mock.db(), 1551, NOW));
    expect(summary.credit_limit_available.total).not.toBe(
      lendingSummary(mock.db(), 1, NOW).credit_limit_available.total,
    );
  });
});

describe('lead manager', () => {
  it('counts the four statuses for the anchor', async () => {
    const counts = decode(LeadStatusCounts, await get('/distributor_companies/statuses')).data;
    expect(counts.map((c) => c.current_status)).toEqual(['new_leads', 'work_in_progress', 'approved', 'declined']);
    expect(counts.reduce((s, c) => s + c.total_applications, 0)).toBe(anchorOne().length);
    const other = decode(
      LeadStatusCounts,
      await get('/distributor_companies/statuses', await login('anchor1551@anchor.test')),
    ).data;
    expect(other.reduce((s, c) => s + c.total_applications, 0)).toBe(
      mock.db().distributor_companies.filter((c) => c.anchor_id === 1551).length,
    );
  });

  it('lists new leads with their figures and the CSV columns, paged newest first', async () => {
    const leads = anchorOne()
      .filter((c) => c.application_status === 'new_leads')
      .sort(newestFirst);
    const list = decode(LeadList, await get('/distributor_companies/lead_list?page=2&items=5'));
    expect(list.pagy).toMatchObject({ count: leads.length, page: 2, from: 6, to: 10, prev: 1, next: 3 });
    expect(list.data.map((r) => r.id)).toEqual(leads.slice(5, 10).map((c) => String(c.id)));
    for (const row of list.data) {
      expect(row.application_status).toBe('new_leads');
      expect([row.limit_sanctioned, row.limit_utilized, row.balance_available]).toEqual([0, 0, 0]); // no loan application
      expect(typeof row.amount_outstanding).toBe('number');
    }
    expect(list.csv_headers_accepted).toEqual(LEAD_CSV_HEADERS);
    expect(list.csv_headers_accepted?.map((h) => h.key)).toEqual([
      'name',
      'customer_code',
      'amount_outstanding',
      'application_status',
      'risk_grading',
      'eligibility_amount',
      'created_at',
      'limit_sanctioned',
      'limit_utilized',
      'balance_available',
    ]);
    // lead_list is always new leads, whatever status is asked for.
    expect(
      decode(LeadList, await get('/distributor_companies/lead_list?filter[application_status]=approved')).pagy?.count,
    ).toBe(leads.length);
  });

  it('lists any status on /distributor_companies, with balance = sanctioned - utilised', async () => {
    for (const status of ['work_in_progress', 'approved', 'declined'] as const) {
      const list = decode(LeadList, await get(`/distributor_companies?filter[application_status]=${status}&items=100`));
      expect(list.pagy?.count).toBe(anchorOne().filter((c) => c.application_status === status).length);
      for (const row of list.data) {
        expect(row.application_status).toBe(status);
        expect(row.balance_available).toBe(row.limit_sanctioned! - row.limit_utilized!);
      }
    }
    const approved = decode(
      LeadList,
      await get('/distributor_companies?filter[application_status]=approved&items=100'),
    );
    expect(approved.data.some((r) => (r.limit_utilized ?? 0) > 0)).toBe(true);
  });

  it('filters leads by region and search', async () => {
    const north = decode(
      LeadList,
      await get('/distributor_companies?filter[application_status]=approved&filter[region]=north&items=100'),
    );
    expect(north.pagy?.count).toBe(
      anchorOne().filter((c) => c.application_status === 'approved' && c.region === 'north').length,
    );
    expect(new Set(north.data.map((r) => r.region))).toEqual(new Set(['north']));
    const target = anchorOne().find((c) => c.application_status === 'new_leads')!;
    const byCode = decode(
      LeadList,
      await get(`/distributor_companies/lead_list?filter[search]=${target.customer_code.toLowerCase()}`),
    );
    expect(byCode.data.map((r) => r.id)).toEqual([String(target.id)]);
  });

  it('keeps the admin customer list as it was without a status filter, and rejects an unknown status', async () => {
    const admin = await get('/distributor_companies?items=3');
    const rows = (admin.body as { data: { attributes: Record<string, unknown> }[] }).data;
    expect(rows).toHaveLength(3);
    expect(rows[0]!.attributes).not.toHaveProperty('application_status');
    expect(admin.body).not.toHaveProperty('csv_headers_accepted');
    const bad = await get('/distributor_companies?filter[application_status]=pending');
    expect(bad.status).toBe(422);
    expect(errorTitles(bad)).toEqual(['application_status']);
    expect(errorTitles(await get('/distributor_companies/lead_list?filter[region]=central'))).toEqual(['region']);
  });
});

describe('lead CSV export', () => {
  const csv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

  it('exports every matching row, all columns by default, as an attachment', async () => {
    const filter = 'filter[application_status]=approved&filter[region]=north';
    const count = decode(LeadList, await get(`/distributor_companies?${filter}`)).pagy!.count;
    const answer = await get(`/distributor_companies?${filter}&filter[download_as_csv]=true&page=3`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Leads-approved-2026-11-22.csv"');
    expect(answer.text.endsWith('\r\n')).toBe(true);
    expect(answer.text.split('\r\n')).toHaveLength(count + 2); // header, rows, and the empty piece after the last CRLF
    const [header, ...rows] = csv(answer.text);
    expect(header).toEqual(LEAD_CSV_HEADERS.map((h) => h.display_name));
    expect(rows).toHaveLength(count);
    expect(count).toBeGreaterThan(10); // more than one page
    const first = anchorOne()
      .filter((c) => c.application_status === 'approved' && c.region === 'north')
      .sort(newestFirst)[0]!;
    const loan = mock.db().loan_applications.find((l) => l.id === first.loan_application_id)!;
    const [name, code, , status, risk, eligibility, createdAt, sanctioned, utilised, balance] = rows[0]!;
    expect([name, code, status, risk, eligibility, createdAt]).toEqual([
      first.name,
      first.customer_code,
      'approved',
      first.risk_grading,
      (first.eligibility_amount / 100).toFixed(2),
      first.created_at,
    ]);
    expect([sanctioned, utilised, balance]).toEqual([
      (loan.limit_sanctioned / 100).toFixed(2),
      (loan.limit_utilized / 100).toFixed(2),
      ((loan.limit_sanctioned - loan.limit_utilized) / 100).toFixed(2),
    ]);
  });

  it('exports only the chosen columns, in the order given', async () => {
    const answer = await get(
      '/distributor_companies/lead_list?filter[download_as_csv]=true&headers_accepted=limit_sanctioned,name,customer_code',
    );
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Leads-new_leads-2026-11-22.csv"');
    const [header, ...rows] = csv(answer.text);
    expect(header).toEqual(['Limit Sanctioned', 'Customer Name', 'Customer Code']);
    const leads = anchorOne()
      .filter((c) => c.application_status === 'new_leads')
      .sort(newestFirst);
    expect(rows).toEqual(leads.map((c) => ['0.00', c.name, c.customer_code]));
  });

  it('rejects an unknown column', async () => {
    const answer = await get(
      '/distributor_companies/lead_list?filter[download_as_csv]=true&headers_accepted=name,password_hash',
    );
    expect(answer.status).toBe(422);
    expect(errorTitles(answer)).toEqual(['headers_accepted']);
  });

  it('guards formula cells and quotes the rest so the names parse back', async () => {
    const leads = () =>
      anchorOne()
        .filter((c) => c.application_status === 'declined')
        .sort(newestFirst);
    const [formula, quoted] = leads();
    const originals = [formula!.name, quoted!.name];
    mock.repository.update('distributor_companies', formula!, { name: '=HYPERLINK("http://evil.test","click")' });
    mock.repository.update('distributor_companies', quoted!, { name: 'Rao, "Best" Traders' });
    try {
      const answer = await get(
        '/distributor_companies?filter[application_status]=declined&filter[download_as_csv]=true&headers_accepted=name',
      );
      const [header, ...rows] = csv(answer.text);
      expect(header).toEqual(['Customer Name']);
      expect(rows[0]).toEqual([`'=HYPERLINK("http://evil.test","click")`]);
      expect(rows[1]).toEqual(['Rao, "Best" Traders']);
      expect(rows.map((r) => r[0])).toEqual(leads().map((c) => (c.id === formula!.id ? `'${c.name}` : c.name)));
    } finally {
      mock.repository.update('distributor_companies', formula!, { name: originals[0]! });
      mock.repository.update('distributor_companies', quoted!, { name: originals[1]! });
    }
  });
});

describe('large exports', () => {
  it('streams several thousand rows in chunks, all of them', async () => {
    const big = createMockServer({ clock: () => NOW, log: () => {} });
    const server = await big.listen(0);
    try {
      const db = big.db();
      const template = db.distributor_companies.find((c) => c.anchor_id === 1 && c.application_status === 'new_leads')!;
      const start = db.distributor_companies.length + 1;
      for (let i = 0; i < 2500; i++) {
        big.repository.insert('distributor_companies', {
          ...template,
          id: start + i,
          name: `Bulk ${i}`,
          customer_code: `BULK${i}`,
          created_at: '2020-01-01T00:00:00.000Z',
        });
      }
      const bigToken = await (async () => {
        const response = await fetch(`${server.url}/sessions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ user: { email: 't1@anchor.test', password: DEMO_PASSWORD } }),
        });
        return ((await response.json()) as { data: { attributes: { auth_token: string } } }).data.attributes.auth_token;
      })();
      const response = await fetch(
        `${server.url}/distributor_companies/lead_list?filter[download_as_csv]=true&headers_accepted=customer_code`,
        {
          headers: { Authorization: bigToken },
        },
      );
      const rows = Papa.parse<string[]>(await response.text(), { skipEmptyLines: true }).data;
      const expected = db.distributor_companies.filter(
        (c) => c.anchor_id === 1 && c.application_status === 'new_leads',
      ).length;
      expect(rows).toHaveLength(expected + 1);
      expect(rows.at(-1)).toEqual(['BULK0']); // oldest last; ties by id, highest first
    } finally {
      await server.close();
    }
  });
});
