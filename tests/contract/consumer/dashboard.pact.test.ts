import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  downloadLeads,
  fetchClearedGraph,
  fetchCreditLimitSummary,
  fetchLeadList,
  fetchLeadStatusCounts,
  fetchLendingSummary,
  fetchPaymentGraph,
  fetchSharedGraph,
  fetchTopPerformers,
} from '../../../src/api/dashboard';
import { DEFAULT_TABLE_STATE } from '../../../src/lib/table-state';
import { authHeaders, clientFor, exactly, JSON_CONTENT, newPact, nonEmptyId } from '../pact';

const { eachLike, integer, number, string, regex, like } = MatchersV3;
const pact = newPact();
const YEAR = { period: 'yearly' as const, from: '2025-11-23', to: '2026-11-22' };
const MONTH = { period: 'monthly' as const, from: '2026-11-01', to: '2026-11-22' };
const region = regex('^(north|east|west|south)$', 'north');
/** A calendar month of the window with its year (the 364-day window meets 13 months, two of them with the same name). */
const monthRow = {
  month: regex('^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$', 'Jan'),
  year: integer(2026),
  total: number(125000.5),
  no_of_invoices: integer(12),
};
const weekly = [{ weekly_data: eachLike({ week: integer(1), total: number(40000.25), no_of_invoices: integer(3) }) }];
/** t1@anchor.test's request, in `state` (the data the answer needs: every list and chart here must have rows). */
const loggedIn = (description: string, state: string) =>
  pact.addInteraction().given('t1@anchor.test is logged in').given(state).uponReceiving(description);
const A_YEAR_OF_INVOICES_AND_PAYMENTS =
  't1@anchor.test’s anchor shared invoices and received payments from customers in several regions in each of the last 12 months';
const CREDIT_LINES_IN_USE = 't1@anchor.test’s anchor has customers with credit lines in use';
const LEADS_IN_SEVERAL_STATUSES = 't1@anchor.test has new leads and leads in other statuses';
const APPROVED_IN_THE_NORTH = 't1@anchor.test has approved customers in the north';

describe('home dashboard calls', () => {
  it('GET /invoices/graph, yearly', () =>
    loggedIn('the invoices-shared graph for a year', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/invoices/graph', (b) =>
        b
          .headers(authHeaders())
          .query({ invoices_shared_from_date: YEAR.from, invoices_shared_to_date: YEAR.to, shared_type: 'yearly' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            invoices_shared: {
              yearly: {
                invoice_count: integer(420),
                invoice_total: number(98765432.1),
                filter_information: eachLike(monthRow),
              },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const graph = await fetchSharedGraph(clientFor(server.url), YEAR);
        expect(graph).toMatchObject({ invoice_count: 420, invoice_total: 9876543210 });
        expect(graph?.filter_information[0]).toEqual({ month: 'Jan', year: 2026, total: 12500050, no_of_invoices: 12 });
      }));

  it('GET /invoices/graph, weekly', () =>
    loggedIn('the invoices-shared graph for this month by week', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/invoices/graph', (b) =>
        b
          .headers(authHeaders())
          .query({ invoices_shared_from_date: MONTH.from, invoices_shared_to_date: MONTH.to, shared_type: 'weekly' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            invoices_shared: {
              weekly: { invoice_count: integer(40), invoice_total: number(1500000), filter_information: weekly },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const graph = await fetchSharedGraph(clientFor(server.url), MONTH);
        expect(graph?.filter_information[0]).toEqual({ weekly_data: [{ week: 1, total: 4000025, no_of_invoices: 3 }] });
      }));

  it('GET /invoices/cleared_graph, yearly', () =>
    loggedIn('the invoices-cleared graph for a year', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/invoices/cleared_graph', (b) =>
        b
          .headers(authHeaders())
          .query({ invoices_cleared_from_date: YEAR.from, invoices_cleared_to_date: YEAR.to, cleared_type: 'yearly' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            invoices_cleared: {
              yearly: {
                invoice_total: number(5000000),
                cleared_percentage: number(61.25),
                filter_information: eachLike(monthRow),
              },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        expect(await fetchClearedGraph(clientFor(server.url), YEAR)).toMatchObject({
          invoice_total: 500000000,
          cleared_percentage: 61.25,
        });
      }));

  it('GET /invoices/payment_graph, yearly', () =>
    loggedIn('the payments graph for a year', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/invoices/payment_graph', (b) =>
        b
          .headers(authHeaders())
          .query({ payments_data_from_date: YEAR.from, payments_data_to_date: YEAR.to, payment_type: 'yearly' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: { payments: { yearly: { payment_total: number(7500000), filter_information: eachLike(monthRow) } } },
        }),
      )
      .executeTest(async (server) => {
        expect(await fetchPaymentGraph(clientFor(server.url), YEAR)).toMatchObject({ payment_total: 750000000 });
      }));

  it('GET /invoices/cleared_graph, weekly', () =>
    loggedIn('the invoices-cleared graph for this month by week', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/invoices/cleared_graph', (b) =>
        b.headers(authHeaders()).query({
          invoices_cleared_from_date: MONTH.from,
          invoices_cleared_to_date: MONTH.to,
          cleared_type: 'weekly',
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            invoices_cleared: {
              weekly: { invoice_total: number(400000), cleared_percentage: number(55.5), filter_information: weekly },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const graph = await fetchClearedGraph(clientFor(server.url), MONTH);
        expect(graph?.filter_information[0]).toEqual({ weekly_data: [{ week: 1, total: 4000025, no_of_invoices: 3 }] });
      }));

  it('GET /invoices/payment_graph, weekly', () =>
    loggedIn('the payments graph for this month by week', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/invoices/payment_graph', (b) =>
        b
          .headers(authHeaders())
          .query({ payments_data_from_date: MONTH.from, payments_data_to_date: MONTH.to, payment_type: 'weekly' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ data: { payments: { weekly: { payment_total: number(650000), filter_information: weekly } } } }),
      )
      .executeTest(async (server) => {
        const graph = await fetchPaymentGraph(clientFor(server.url), MONTH);
        expect(graph?.filter_information[0]).toEqual({ weekly_data: [{ week: 1, total: 4000025, no_of_invoices: 3 }] });
      }));

  it('GET /invoices/graph refuses a window that ends before it starts', () =>
    loggedIn('an invoices-shared graph request with from after to', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/invoices/graph', (b) =>
        b.headers(authHeaders()).query({
          invoices_shared_from_date: '2026-11-22',
          invoices_shared_to_date: '2026-11-01',
          shared_type: 'yearly',
        }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: eachLike({ code: exactly('ER-VALIDATION'), detail: string('from must not be after to') }),
        }),
      )
      .executeTest(async (server) => {
        await expect(
          fetchSharedGraph(clientFor(server.url), { period: 'yearly', from: '2026-11-22', to: '2026-11-01' }),
        ).rejects.toMatchObject({
          status: 422,
          code: 'ER-VALIDATION',
        });
      }));

  it('GET /payments/top_performers by window', () =>
    loggedIn('the top regions by payments received in a window', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/payments/top_performers', (b) =>
        b.headers(authHeaders()).query({ 'filter[from_date]': YEAR.from, 'filter[to_date]': YEAR.to }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            top_performers: eachLike({ region, payment_received: number(2500000) }),
            total_payments_received: number(7500000),
            credit_top_performers: {
              credit_utilisation: { region, utilised: number(1200000) },
              credit_limit_growth: { region, growth: number(4.5) },
              invoice_clearance: { region, average_days: number(21.5) },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await fetchTopPerformers(clientFor(server.url), { from_date: YEAR.from, to_date: YEAR.to });
        expect(answer.top_performers[0]).toEqual({ region: 'north', payment_received: 250000000 });
        expect(answer.credit_top_performers?.invoice_clearance.average_days).toBe(21.5);
      }));

  it('GET /payments/top_performers for this month (the period the page asks for)', () =>
    loggedIn('the top regions by payments received this month', A_YEAR_OF_INVOICES_AND_PAYMENTS)
      .withRequest('GET', '/payments/top_performers', (b) =>
        b.headers(authHeaders()).query({ 'filter[from_date]': MONTH.from, 'filter[to_date]': MONTH.to }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            top_performers: eachLike({ region, payment_received: number(250000) }),
            total_payments_received: number(650000),
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await fetchTopPerformers(clientFor(server.url), { from_date: MONTH.from, to_date: MONTH.to });
        expect(answer.top_performers[0]).toEqual({ region: 'north', payment_received: 25000000 });
      }));

  it('GET /distributor_companies/statuses', () =>
    loggedIn('the lead counts by status', LEADS_IN_SEVERAL_STATUSES)
      .withRequest('GET', '/distributor_companies/statuses', (b) => b.headers(authHeaders()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            current_status: regex('^(new_leads|work_in_progress|approved|declined)$', 'new_leads'),
            total_applications: integer(64),
          }),
        }),
      )
      .executeTest(async (server) => {
        expect(await fetchLeadStatusCounts(clientFor(server.url))).toEqual([
          { current_status: 'new_leads', total_applications: 64 },
        ]);
      }));

  const leadRow = (status: string) => ({
    id: nonEmptyId('7'),
    type: 'distributor_company',
    attributes: {
      id: integer(7),
      name: string('Iyer Agencies'),
      customer_code: string('CS000007'),
      application_status: exactly(status),
      amount_outstanding: number(125000.5),
      risk_grading: regex('^[LMHR]$', 'M'),
      eligibility_amount: number(5000000),
      created_at: string('2026-03-14T00:00:00.000Z'),
      limit_sanctioned: number(0),
      limit_utilized: number(0),
      balance_available: number(0),
      region,
    },
  });
  const listBody = (status: string) => ({
    data: eachLike(leadRow(status)),
    pagy: {
      count: integer(64),
      page: 1,
      items: integer(10),
      pages: integer(7),
      from: integer(1),
      to: integer(10),
      prev: null,
      next: integer(2),
    },
    csv_headers_accepted: eachLike({ display_name: string('Customer Name'), key: string('name') }),
  });

  it('GET /distributor_companies/lead_list (new leads)', () =>
    loggedIn('the first page of new leads', LEADS_IN_SEVERAL_STATUSES)
      .withRequest('GET', '/distributor_companies/lead_list', (b) =>
        b.headers(authHeaders()).query({ 'filter[application_status]': 'new_leads', page: '1' }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(listBody('new_leads')))
      .executeTest(async (server) => {
        const list = await fetchLeadList(clientFor(server.url), 'new_leads', DEFAULT_TABLE_STATE);
        expect(list.data[0]).toMatchObject({
          id: '7',
          application_status: 'new_leads',
          amount_outstanding: 12500050,
          risk_grading: 'M',
        });
        expect(list.csv_headers_accepted?.[0]).toEqual({ display_name: 'Customer Name', key: 'name' });
      }));

  it('GET /distributor_companies by application status and region', () =>
    loggedIn('the first page of approved customers in the north', APPROVED_IN_THE_NORTH)
      .withRequest('GET', '/distributor_companies', (b) =>
        b
          .headers(authHeaders())
          .query({ 'filter[application_status]': 'approved', 'filter[region]': 'north', page: '1' }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(listBody('approved')))
      .executeTest(async (server) => {
        const list = await fetchLeadList(clientFor(server.url), 'approved', {
          ...DEFAULT_TABLE_STATE,
          region: 'north',
        });
        expect(list.data[0]?.application_status).toBe('approved');
      }));

  it('GET /distributor_companies/lead_list as CSV', () =>
    loggedIn('a CSV export of new leads with two columns', LEADS_IN_SEVERAL_STATUSES)
      .withRequest('GET', '/distributor_companies/lead_list', (b) =>
        b.headers(authHeaders()).query({
          'filter[application_status]': 'new_leads',
          'filter[download_as_csv]': 'true',
          headers_accepted: 'name,customer_code',
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': regex('^text/csv(;.*)?$', 'text/csv; charset=utf-8'),
          'Content-Disposition': regex(
            '^attachment; filename=".+\\.csv"$',
            'attachment; filename="Leads-new_leads-2026-11-22.csv"',
          ),
        }),
      )
      .executeTest(async (server) => {
        const saved: string[] = [];
        const client = clientFor(server.url, {}, { saveFile: (name) => saved.push(name) });
        await downloadLeads(client, 'new_leads', DEFAULT_TABLE_STATE, ['name', 'customer_code']);
        expect(saved).toEqual(['Leads-new_leads-2026-11-22.csv']);
      }));

  const defaults = { default_30days: number(300000), default_90days: number(100000), total: number(500000) };
  const utilised = { utilised_limit: number(40000000), unutilised_limit: number(60000000) };

  it('GET /loan_applications/credit_limit_summary', () =>
    loggedIn('the credit limit summary', CREDIT_LINES_IN_USE)
      .withRequest('GET', '/loan_applications/credit_limit_summary', (b) => b.headers(authHeaders()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            regionwise_credit_utilisation: eachLike({
              region,
              region_data: {
                total_utilised: number(10000000),
                utilisation_growth: number(-2.5),
                overdue_90_days: number(50000),
              },
            }),
            utilised_limit_summary: utilised,
            overdue_summary: { overdue_90_days: number(100000), total_overdue: number(500000) },
            total_credit_limit_sanctioned: { total: number(100000000), active_customers: integer(150) },
            default: defaults,
            credit_utilisation_summary: {
              overall_credit_utilised: number(40),
              channel_finance_peneration: number(35.5),
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const summary = await fetchCreditLimitSummary(clientFor(server.url));
        expect(summary.regionwise_credit_utilisation[0]?.region_data.utilisation_growth).toBe(-2.5);
        expect(summary.total_credit_limit_sanctioned).toEqual({ total: 10000000000, active_customers: 150 });
      }));

  it('GET /loan_applications/lending_summary', () =>
    loggedIn('the lending summary', CREDIT_LINES_IN_USE)
      .withRequest('GET', '/loan_applications/lending_summary', (b) => b.headers(authHeaders()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            credit_limit_available: { total: number(100000000), total_distributors: like(160) },
            utilised_limit_summary: utilised,
            default: defaults,
          },
        }),
      )
      .executeTest(async (server) => {
        expect((await fetchLendingSummary(clientFor(server.url))).credit_limit_available).toEqual({
          total: 10000000000,
          total_distributors: 160,
        });
      }));
});
