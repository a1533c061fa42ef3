import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import {
  downloadLendingList,
  fetchCreditLineSummary,
  fetchDrawdownInvoices,
  fetchDrawdowns,
  fetchFundAvailable,
  fetchLendingList,
  fetchOnboardedList,
  fetchRepayments,
  runCreditEvaluation,
} from '../../../src/api/lending';
import { DEFAULT_PRODUCT } from '../../../src/domain/product';
import { REGIONS } from '../../../src/domain/regions';
import { APPLICATION_STATUSES, RISK_GRADES } from '../../../src/domain/statuses';
import { DEFAULT_TABLE_STATE, type TableState } from '../../../src/lib/table-state';
import {
  authHeaders,
  clientFor,
  exactly,
  JSON_CONTENT,
  newPact,
  nonEmptyId,
  numberMatching,
  numberRules,
  oneOf,
  positiveCount,
} from '../pact';

/**
 * The lending page, the 'All Customer' modal, the customer modal's drawdowns and repayments, and the
 * credit-limit pipeline with the wizard's credit evaluation (spec 2 §3, §4, §7), each through the app's own
 * call. The wizard's two uploads (POST /distributor_companies/upload with `type` demographic_data and
 * transaction_data) are pinned in uploads.pact.test.ts.
 *
 * A filter's meaning is pinned on every row, not only on the example: inside `eachLike` a plain value is
 * matched by type only, so a value the filter fixes is a regex (or `equal`). Day counts and amounts that a
 * filter bounds are pinned with Pact's regex matcher on the number: the Rust core matches a regex against
 * a JSON number's decimal form (45 is '45'), so `^(3[1-9]|[4-9]\d|\d{3,})$` is 'a whole number above 30'.
 * The regex alone would also take the string '45', so each such path also gets its JSON type as a second
 * rule (`numberRules`: the two are combined with AND).
 *
 * Ids of the customer and its loan come from the provider state (fromProviderState).
 */

const { boolean, constrainedArrayLike, eachLike, equal, fromProviderState, integer, number, regex, string } =
  MatchersV3;
const pact = newPact();

const region = regex(oneOf(REGIONS), 'north');
const applicationStatus = regex(oneOf(APPLICATION_STATUSES), 'approved');
const riskGrade = regex(oneOf(RISK_GRADES), 'M');
const DAY = regex('^\\d{4}-\\d{2}-\\d{2}$', '2027-04-06');
const TIMESTAMP = regex(
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
  '2026-11-02T00:00:00.000Z',
);

/** More than 30 days (the 30+ segment: overdue_criteria greater_than, overdue_by_days 30). */
const moreThan30Days = (example: number) => numberMatching('^(3[1-9]|[4-9]\\d|\\d{3,})$', example);
/** An amount in rupees above 0. */
const positiveAmount = (example: number) => numberMatching('^([1-9]\\d*(\\.\\d+)?|0\\.\\d*[1-9]\\d*)$', example);

const loggedIn = (description: string, state?: string, user = 't1@anchor.test') => {
  const interaction = pact.addInteraction().given(`${user} is logged in`);
  return (state ? interaction.given(state) : interaction).uponReceiving(description);
};
const tableState = (state: Partial<TableState>): TableState => ({ ...DEFAULT_TABLE_STATE, ...state });
/** The first page of a filtered list: how many rows, not which. */
const firstPage = { count: integer(12), page: 1, items: integer(10) };

// ---------------------------------------------------------------------------------------------------
// GET /distributor_companies/lending_list
// ---------------------------------------------------------------------------------------------------

const APPROVED_STATE = 't1@anchor.test has approved customers with a loan application';
const LENDING_QUERY = { 'filter[application_status]': 'approved', 'filter[period]': 'this_year', page: '1' };
const THIRTY_PLUS = { 'filter[overdue_by_days]': '30', 'filter[overdue_criteria]': 'greater_than' };

/** A lending row; `pins` replaces what a filter fixes. */
const lendingRow = (pins: Record<string, unknown> = {}) => ({
  id: nonEmptyId('170'),
  type: 'distributor_company',
  attributes: {
    id: integer(170),
    name: string('Abbott Enterprises'),
    customer_code: string('CS000170'),
    region,
    cust_id: nonEmptyId('CUST46024398'),
    application_id: integer(1118),
    amount_outstanding: number(14267.12),
    application_status: exactly('approved'),
    risk_grading: riskGrade,
    limit_sanctioned: number(1100000),
    limit_utilized: number(35630.85),
    balance_available: number(1064369.15),
    overdue: number(35630.85),
    dpd: integer(79),
    excess_credit: number(0),
    is_blocked: boolean(false),
    limit_expiry_date: DAY,
    loan_status: string('active'),
    overdue_by_days: integer(79),
    eligibility_amount: number(86800),
    ...pins,
  },
});

/** The onboarded summary, product-keyed on the wire (`distributors_using_{product}_credit...`). */
const onboardedMeta = {
  onboarded_distributors_count: integer(330),
  [`distributors_using_${DEFAULT_PRODUCT}_credit_and_pay`]: integer(328),
  [`distributors_using_${DEFAULT_PRODUCT}_credit`]: integer(144),
  account_receivables: number(1235305.19),
  available_limit: number(1056374.12),
};
const csvHeaders = eachLike({ display_name: string('Customer Name'), key: string('name') });

describe('the lending table', () => {
  it('GET /distributor_companies/lending_list: approved customers this year, with the onboarded summary', () =>
    loggedIn('the first page of the lending customers this year', APPROVED_STATE)
      .withRequest('GET', '/distributor_companies/lending_list', (b) => b.headers(authHeaders()).query(LENDING_QUERY))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike(lendingRow()),
          pagy: {
            count: integer(163),
            page: 1,
            items: integer(10),
            pages: integer(17),
            from: integer(1),
            to: integer(10),
            prev: null,
            next: integer(2),
          },
          meta: onboardedMeta,
          csv_headers_accepted: csvHeaders,
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchLendingList(clientFor(server.url), DEFAULT_TABLE_STATE, DEFAULT_PRODUCT);
        expect(list.data[0]).toMatchObject({
          id: '170',
          cust_id: 'CUST46024398',
          application_id: '1118',
          application_status: 'approved',
          amount_outstanding: 1426712,
          limit_utilized: 3563085,
          dpd: 79,
          overdue_by_days: 79,
          is_blocked: false,
          limit_expiry_date: '2027-04-06',
        });
        // The product-keyed names come out neutral.
        expect(list.meta).toEqual({
          onboarded_distributors_count: 330,
          distributors_using_credit_and_pay: 328,
          distributors_using_credit: 144,
          account_receivables: 123530519,
          available_limit: 105637412,
        });
        expect(list.csv_headers_accepted?.[0]).toEqual({ display_name: 'Customer Name', key: 'name' });
      }));

  it('GET /distributor_companies/lending_list: the 30+ segment in the north', () =>
    loggedIn(
      'the first page of the lending customers in the north more than 30 days past due',
      't1@anchor.test has approved customers in the north more than 30 days past due',
    )
      .withRequest('GET', '/distributor_companies/lending_list', (b) =>
        b.headers(authHeaders()).query({ ...LENDING_QUERY, ...THIRTY_PLUS, 'filter[region]': 'north' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({
            data: eachLike(
              lendingRow({ region: exactly('north'), overdue_by_days: moreThan30Days(45), dpd: moreThan30Days(45) }),
            ),
            pagy: firstPage,
            meta: onboardedMeta,
          })
          .matchingRules(
            numberRules({ '$.data[*].attributes.overdue_by_days': 'integer', '$.data[*].attributes.dpd': 'integer' }),
          ),
      )
      .executeTest(async (server) => {
        const list = await fetchLendingList(
          clientFor(server.url),
          tableState({ region: 'north', filters: { segment: '30_plus' } }),
          DEFAULT_PRODUCT,
        );
        expect(list.data[0]).toMatchObject({
          region: 'north',
          application_status: 'approved',
          overdue_by_days: 45,
          dpd: 45,
        });
      }));

  it('GET /distributor_companies/lending_list: the Regular segment', () =>
    loggedIn(
      'the first page of the lending customers with nothing past due',
      't1@anchor.test has approved customers with nothing past due',
    )
      .withRequest('GET', '/distributor_companies/lending_list', (b) =>
        b
          .headers(authHeaders())
          .query({ ...LENDING_QUERY, 'filter[overdue_by_days]': '0', 'filter[overdue_criteria]': 'equal' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike(lendingRow({ overdue_by_days: equal(0), dpd: equal(0), overdue: equal(0) })),
          pagy: firstPage,
          meta: onboardedMeta,
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchLendingList(
          clientFor(server.url),
          tableState({ filters: { segment: 'regular' } }),
          DEFAULT_PRODUCT,
        );
        expect(list.data[0]).toMatchObject({ overdue_by_days: 0, dpd: 0, overdue: 0 });
      }));

  it('GET /distributor_companies/lending_list as CSV', () =>
    loggedIn('a CSV export of the lending customers this year with two columns', APPROVED_STATE)
      .withRequest('GET', '/distributor_companies/lending_list', (b) =>
        b.headers(authHeaders()).query({
          'filter[application_status]': 'approved',
          'filter[period]': 'this_year',
          'filter[download_as_csv]': 'true',
          headers_accepted: 'name,customer_code',
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Type': regex('^text/csv(;.*)?$', 'text/csv; charset=utf-8'),
          'Content-Disposition': regex(
            '^attachment; filename=".+\\.csv"$',
            'attachment; filename="Lending-2026-11-22.csv"',
          ),
        }),
      )
      .executeTest(async (server) => {
        const saved: string[] = [];
        const client = clientFor(server.url, {}, { saveFile: (name) => saved.push(name) });
        await downloadLendingList(client, DEFAULT_TABLE_STATE, ['name', 'customer_code']);
        expect(saved).toEqual(['Lending-2026-11-22.csv']);
      }));

  it('GET /distributor_companies/lending_list for anchor 1551: the reduced columns', () =>
    loggedIn(
      'the first page of the lending customers of anchor 1551',
      'anchor1551@anchor.test has approved customers with a loan application',
      'anchor1551@anchor.test',
    )
      .withRequest('GET', '/distributor_companies/lending_list', (b) => b.headers(authHeaders()).query(LENDING_QUERY))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike(lendingRow()),
          pagy: firstPage,
          meta: onboardedMeta,
          // Spec 2 §2.1, §6: exactly these columns, in this order.
          csv_headers_accepted: [
            { display_name: 'Customer Name', key: 'name' },
            { display_name: 'Anchor Customer ID', key: 'customer_code' },
            { display_name: 'Limit Sanctioned', key: 'limit_sanctioned' },
            { display_name: 'Limit Utilised', key: 'limit_utilized' },
            { display_name: 'Is Customer in Overdue', key: 'overdue_flag' },
            { display_name: 'Overdue Amount', key: 'overdue' },
            { display_name: 'Overdue Days', key: 'overdue_by_days' },
            { display_name: 'Limit Available for Billing', key: 'balance_available' },
            { display_name: 'Limit Expiry Date', key: 'limit_expiry_date' },
          ],
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchLendingList(clientFor(server.url), DEFAULT_TABLE_STATE, DEFAULT_PRODUCT);
        expect(list.csv_headers_accepted?.map((h) => h.key)).toEqual([
          'name',
          'customer_code',
          'limit_sanctioned',
          'limit_utilized',
          'overdue_flag',
          'overdue',
          'overdue_by_days',
          'balance_available',
          'limit_expiry_date',
        ]);
      }));
});

// ---------------------------------------------------------------------------------------------------
// GET /distributor_companies/list ('All Customer')
// ---------------------------------------------------------------------------------------------------

const SOURCES_STATE = 't1@anchor.test has customers who paid through credit, through pay and outside';
const onboardedRow = (pins: Record<string, unknown> = {}) => ({
  id: nonEmptyId('260'),
  type: 'distributor_company',
  attributes: {
    id: integer(260),
    name: string('Abbott Distributors'),
    customer_code: string('CS000260'),
    region,
    amount_outstanding: number(25347.38),
    application_status: applicationStatus,
    risk_grading: riskGrade,
    eligibility_amount: number(122300),
    availed: boolean(false),
    availed_amount: number(0),
    ...pins,
  },
});

describe('the All Customer modal', () => {
  const sources = [
    {
      key: 'all',
      wire: `${DEFAULT_PRODUCT}_credit,${DEFAULT_PRODUCT}_pay,erp_payment`,
      who: 'through credit, pay or outside',
    },
    { key: 'scf_pay', wire: `${DEFAULT_PRODUCT}_credit,${DEFAULT_PRODUCT}_pay`, who: 'through credit or pay' },
    { key: 'pay', wire: `${DEFAULT_PRODUCT}_pay`, who: 'through pay' },
  ] as const;

  for (const { key, wire, who } of sources) {
    it(`GET /distributor_companies/list: customers who paid ${who}`, () =>
      loggedIn(`the first page of the customers who paid ${who}`, SOURCES_STATE)
        .withRequest('GET', '/distributor_companies/list', (b) =>
          b.headers(authHeaders()).query({ 'filter[payment_sources_filter]': wire, page: '1' }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ data: eachLike(onboardedRow()), pagy: firstPage }),
        )
        .executeTest(async (server) => {
          const list = await fetchOnboardedList(
            clientFor(server.url),
            tableState({ filters: { sources: key } }),
            DEFAULT_PRODUCT,
          );
          expect(list.data[0]).toMatchObject({
            id: '260',
            availed: false,
            availed_amount: 0,
            eligibility_amount: 12230000,
          });
        }));
  }

  // Every credit payment is a completed drawdown: a customer who paid through credit has availed some.
  it('GET /distributor_companies/list: customers who paid through credit (SCF) have availed credit', () =>
    loggedIn('the first page of the customers who paid through credit', SOURCES_STATE)
      .withRequest('GET', '/distributor_companies/list', (b) =>
        b.headers(authHeaders()).query({ 'filter[payment_sources_filter]': `${DEFAULT_PRODUCT}_credit`, page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({
            data: eachLike(onboardedRow({ availed: equal(true), availed_amount: positiveAmount(5753.83) })),
            pagy: firstPage,
          })
          .matchingRules(numberRules({ '$.data[*].attributes.availed_amount': 'number' })),
      )
      .executeTest(async (server) => {
        const list = await fetchOnboardedList(
          clientFor(server.url),
          tableState({ filters: { sources: 'scf' } }),
          DEFAULT_PRODUCT,
        );
        expect(list.data[0]).toMatchObject({ availed: true, availed_amount: 575383 });
      }));

  it('GET /distributor_companies/list: in one region', () =>
    loggedIn('the first page of the customers in the north who paid through credit, pay or outside', SOURCES_STATE)
      .withRequest('GET', '/distributor_companies/list', (b) =>
        b
          .headers(authHeaders())
          .query({ 'filter[payment_sources_filter]': sources[0].wire, 'filter[region]': 'north', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ data: eachLike(onboardedRow({ region: exactly('north') })), pagy: firstPage }),
      )
      .executeTest(async (server) => {
        const list = await fetchOnboardedList(clientFor(server.url), tableState({ region: 'north' }), DEFAULT_PRODUCT);
        expect(list.data[0]).toMatchObject({ region: 'north' });
      }));
});

// ---------------------------------------------------------------------------------------------------
// GET /distributor_companies/fund_available
// ---------------------------------------------------------------------------------------------------

describe('the pipeline', () => {
  // Examples a credit team would sign: a Medium grade 45 days overdue, a High one 120 days overdue (src/domain/credit.ts).
  const windows = [
    { days: '1' as const, risk: '^(L|M)$', example: 'M', overdue: 45, title: 'in 24 hours (risk L or M)' },
    { days: '5' as const, risk: '^(H|R)$', example: 'H', overdue: 120, title: 'in 5 working days (risk H or R)' },
  ];
  for (const { days, risk, example, overdue, title } of windows) {
    it(`GET /distributor_companies/fund_available: funds ${title}, 30+ days overdue`, () =>
      loggedIn(
        `the first page of the leads with funds available ${title} and invoices more than 30 days overdue`,
        't1@anchor.test has leads with invoices more than 30 days overdue in both fund windows',
      )
        .withRequest('GET', '/distributor_companies/fund_available', (b) =>
          b.headers(authHeaders()).query({ 'filter[fund_in_days]': days, ...THIRTY_PLUS, page: '1' }),
        )
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody({
              data: eachLike({
                id: nonEmptyId('13'),
                type: 'distributor_company',
                attributes: {
                  id: integer(13),
                  name: string('Dubashi Wholesale'),
                  customer_code: string('CS000013'),
                  region,
                  amount_outstanding: number(38000),
                  overdue_by_days: moreThan30Days(overdue),
                  risk_grading: regex(risk, example),
                  eligibility_amount: positiveAmount(114000),
                  application_status: regex('^(new_leads|work_in_progress)$', 'work_in_progress'),
                },
              }),
              pagy: firstPage,
            })
            .matchingRules(
              numberRules({
                '$.data[*].attributes.overdue_by_days': 'integer',
                '$.data[*].attributes.eligibility_amount': 'number',
              }),
            ),
        )
        .executeTest(async (server) => {
          const list = await fetchFundAvailable(
            clientFor(server.url),
            days,
            tableState({ filters: { segment: '30_plus' } }),
          );
          expect(list.data[0]).toMatchObject({
            id: '13',
            overdue_by_days: overdue,
            risk_grading: example,
            eligibility_amount: 11400000,
          });
        }));
  }

  it('GET /loan_applications/credit_line_summary', () =>
    loggedIn('the credit line summary', 't1@anchor.test’s anchor has customers with credit lines in use')
      .withRequest('GET', '/loan_applications/credit_line_summary', (b) => b.headers(authHeaders()))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          // last_uploaded_invoice (a time, or null before the first upload) is left out: Pact has no 'string or null'.
          data: {
            utilised_limit_summary: { utilised_limit_percentage: number(21.92) },
            total_credit_limit_available: { total: number(105637412.25), active_distributors: integer(148) },
            total_credit_limit_sanctioned: { total: number(135300000) },
            yet_to_avail_credit_details: {
              regular: number(29890000),
              '30_days': number(1031250000),
              '90_days': number(932520000),
              total: number(1076810000),
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const summary = await fetchCreditLineSummary(clientFor(server.url));
        expect(summary).toEqual({
          last_uploaded_invoice: null,
          utilised_limit_summary: { utilised_limit_percentage: 21.92 },
          total_credit_limit_available: { total: 10563741225, active_distributors: 148 },
          total_credit_limit_sanctioned: { total: 13530000000 },
          yet_to_avail_credit_details: {
            regular: 2989000000,
            '30_days': 103125000000,
            '90_days': 93252000000,
            total: 107681000000,
          },
        });
      }));
});

// ---------------------------------------------------------------------------------------------------
// The customer modal: drawdowns, their invoices, repayments
// ---------------------------------------------------------------------------------------------------

const MANY_DRAWDOWNS_STATE = 't1@anchor.test has a customer with 13 drawdowns and 5 repayments';
const OTHER_LOAN_STATE = 'another anchor has a customer with a loan application';
const CUST_ID = 'CUST90000011';
const LOAN_ID = '1253';
const loanQuery = (page: string) => ({
  cust_id: fromProviderState('${custId}', CUST_ID),
  loan_application_id: fromProviderState('${loanApplicationId}', LOAN_ID),
  page,
});
const loanParams = (page: number) => ({ custId: CUST_ID, loanApplicationId: LOAN_ID, page });

/**
 * A drawdown. `utr` is null while a drawdown is pending or failed and Pact has no 'string or null', so
 * rows of mixed statuses leave it out (the codec reads an absent utr as null).
 */
const drawdownRow = (extra: Record<string, unknown> = {}) => ({
  drawdownId: string('DDR0000950'),
  loanApplicationId: integer(1253),
  disbursementDate: DAY,
  status: string('completed'),
  drawdownAmount: number(80000),
  dueDate: DAY,
  totalOutstandingAmount: number(0),
  dpdPrincipal: integer(0),
  dpdInterest: integer(0),
  postedInterestAmount: number(0),
  postedPenalAmount: number(0),
  overduePrincipalAmount: number(0),
  overdueInterestAmount: number(0),
  accruedInterestAmount: number(0),
  accruedPenalAmount: number(0),
  ...extra,
});
const notFound = {
  errors: [{ code: 'ER-NOT-FOUND', detail: string('No loan application 1260 of customer CUST90000004 was found.') }],
};

describe('the customer modal', () => {
  it('GET /distributor_companies/drawdowns: page 0 of 13', () =>
    loggedIn('the first page (0) of a customer’s drawdowns', MANY_DRAWDOWNS_STATE)
      .withRequest('GET', '/distributor_companies/drawdowns', (b) => b.headers(authHeaders()).query(loanQuery('0')))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: constrainedArrayLike(drawdownRow(), 10, 10),
          page: 0,
          size: 10,
          totalElements: 13,
          totalPages: 2,
        }),
      )
      .executeTest(async (server) => {
        const page = await fetchDrawdowns(clientFor(server.url), loanParams(0));
        expect(page).toMatchObject({ page: 0, size: 10, totalElements: 13, totalPages: 2 });
        expect(page.data).toHaveLength(10);
        expect(page.data[0]).toMatchObject({
          drawdownId: 'DDR0000950',
          loanApplicationId: '1253',
          utr: null,
          drawdownAmount: 8000000,
        });
      }));

  it('GET /distributor_companies/drawdowns: page 1 of 13', () =>
    loggedIn('the second page (1) of a customer’s drawdowns', MANY_DRAWDOWNS_STATE)
      .withRequest('GET', '/distributor_companies/drawdowns', (b) => b.headers(authHeaders()).query(loanQuery('1')))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          // The three oldest drawdowns were paid out: each has its UTR.
          data: constrainedArrayLike(drawdownRow({ utr: string('N900000000000950') }), 3, 3),
          page: 1,
          size: 10,
          totalElements: 13,
          totalPages: 2,
        }),
      )
      .executeTest(async (server) => {
        const page = await fetchDrawdowns(clientFor(server.url), loanParams(1));
        expect(page).toMatchObject({ page: 1, totalElements: 13, totalPages: 2 });
        expect(page.data).toHaveLength(3);
        expect(page.data[0]?.utr).toBe('N900000000000950');
      }));

  it('GET /distributor_companies/drawdowns: a loan of another anchor is not found', () =>
    loggedIn('the drawdowns of another anchor’s loan', OTHER_LOAN_STATE)
      .withRequest('GET', '/distributor_companies/drawdowns', (b) =>
        b.headers(authHeaders()).query({
          cust_id: fromProviderState('${custId}', 'CUST90000004'),
          loan_application_id: fromProviderState('${loanApplicationId}', '1260'),
          page: '0',
        }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_CONTENT).jsonBody(notFound))
      .executeTest(async (server) => {
        const failure = await fetchDrawdowns(clientFor(server.url), {
          custId: 'CUST90000004',
          loanApplicationId: '1260',
          page: 0,
        }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ApiError);
        expect(failure).toMatchObject({ status: 404, code: 'ER-NOT-FOUND' });
      }));

  it('GET /distributor_companies/drawdown_invoices: the invoices a drawdown paid', () =>
    loggedIn('the invoices of a customer’s drawdown', MANY_DRAWDOWNS_STATE)
      .withRequest('GET', '/distributor_companies/drawdown_invoices', (b) =>
        b.headers(authHeaders()).query({ drawdown_id: fromProviderState('${drawdownId}', 'DDR0000950') }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ data: eachLike({ invoiceNumber: string('INV/2627/D000367'), invoiceAmount: number(80000) }) }),
      )
      .executeTest(async (server) => {
        expect(await fetchDrawdownInvoices(clientFor(server.url), 'DDR0000950')).toEqual([
          { invoiceNumber: 'INV/2627/D000367', invoiceAmount: 8000000 },
        ]);
      }));

  const repaymentRow = {
    createdAt: TIMESTAMP,
    loanApplicationId: integer(1253),
    orderId: string('ORD00001057'),
    amount: number(15000),
    paymentMode: string('net_banking'),
    status: string('success'),
    utr: string('R900000000001057'),
  };

  it('GET /distributor_companies/repayments: page 0 of 5', () =>
    loggedIn('the first page (0) of a customer’s repayments', MANY_DRAWDOWNS_STATE)
      .withRequest('GET', '/distributor_companies/repayments', (b) => b.headers(authHeaders()).query(loanQuery('0')))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: constrainedArrayLike(repaymentRow, 5, 5),
          page: 0,
          size: 10,
          totalElements: 5,
          totalPages: 1,
        }),
      )
      .executeTest(async (server) => {
        const page = await fetchRepayments(clientFor(server.url), loanParams(0));
        expect(page).toMatchObject({ page: 0, size: 10, totalElements: 5, totalPages: 1 });
        expect(page.data[0]).toEqual({
          createdAt: '2026-11-02T00:00:00.000Z',
          loanApplicationId: '1253',
          orderId: 'ORD00001057',
          amount: 1500000,
          paymentMode: 'net_banking',
          status: 'success',
          utr: 'R900000000001057',
        });
      }));

  it('GET /distributor_companies/repayments: a loan of another anchor is not found', () =>
    loggedIn('the repayments of another anchor’s loan', OTHER_LOAN_STATE)
      .withRequest('GET', '/distributor_companies/repayments', (b) =>
        b.headers(authHeaders()).query({
          cust_id: fromProviderState('${custId}', 'CUST90000004'),
          loan_application_id: fromProviderState('${loanApplicationId}', '1260'),
          page: '0',
        }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_CONTENT).jsonBody(notFound))
      .executeTest(async (server) => {
        const failure = await fetchRepayments(clientFor(server.url), {
          custId: 'CUST90000004',
          loanApplicationId: '1260',
          page: 0,
        }).catch((e: unknown) => e);
        expect(failure).toMatchObject({ status: 404, code: 'ER-NOT-FOUND' });
      }));
});

// ---------------------------------------------------------------------------------------------------
// POST /distributor_companies/credit_evaluation (the wizard's Complete)
// ---------------------------------------------------------------------------------------------------

describe('the customer-master wizard', () => {
  const jsonPost = () => authHeaders({ 'Content-Type': 'application/json' });
  /** One evaluated customer: who, the grade and eligibility, and what the grade was read from. */
  const evaluatedCustomer = (code: ReturnType<typeof regex>) => ({
    customer_code: code,
    name: string('Pact Ontime Stores'),
    risk_grading: regex(oneOf(RISK_GRADES), 'L'),
    eligibility_amount: number(250000),
    invoices: integer(2),
    judged: integer(2),
    paid_on_time: integer(2),
    overdue_days: integer(0),
  });

  // Only the customers the two files named are evaluated: every row is one of the state's three.
  it('POST /distributor_companies/credit_evaluation grades the customers of the uploaded files', () =>
    loggedIn(
      'a credit evaluation of a customer master and history upload',
      'customers of t1@anchor.test were uploaded with their invoice history and wait for a credit evaluation',
    )
      .withRequest('POST', '/distributor_companies/credit_evaluation', (b) =>
        b.headers(jsonPost()).jsonBody({
          file_ids: [
            fromProviderState('${masterFileId}', 'UPL-000101'),
            fromProviderState('${historyFileId}', 'UPL-000102'),
          ],
        }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({
            // evaluated = graded + need_more_data; Pact cannot add, so: at least one evaluated and graded, whole numbers.
            data: {
              evaluated: positiveCount(3),
              graded: positiveCount(2),
              need_more_data: integer(1),
              eligibility_total: positiveAmount(290000),
              customers: constrainedArrayLike(evaluatedCustomer(regex('^PACT-EVAL-[1-3]$', 'PACT-EVAL-1')), 1, 3),
            },
          })
          .matchingRules(
            numberRules({
              '$.data.evaluated': 'integer',
              '$.data.graded': 'integer',
              '$.data.eligibility_total': 'number',
            }),
          ),
      )
      .executeTest(async (server) => {
        const result = await runCreditEvaluation(clientFor(server.url), ['UPL-000101', 'UPL-000102']);
        expect(result).toEqual({
          evaluated: 3,
          graded: 2,
          need_more_data: 1,
          eligibility_total: 29000000,
          customers: [
            {
              customer_code: 'PACT-EVAL-1',
              name: 'Pact Ontime Stores',
              risk_grading: 'L',
              eligibility_amount: 25000000,
              invoices: 2,
              judged: 2,
              paid_on_time: 2,
              overdue_days: 0,
            },
          ],
        });
        expect(result.graded + result.need_more_data).toBe(result.evaluated);
      }));

  it('POST /distributor_companies/credit_evaluation with nothing uploaded and no lead waiting for a grade', () =>
    loggedIn(
      'a credit evaluation with no customer waiting for one',
      'no customer of anchor1551@anchor.test waits for a credit evaluation',
      'anchor1551@anchor.test',
    )
      .withRequest('POST', '/distributor_companies/credit_evaluation', (b) => b.headers(jsonPost()).jsonBody({}))
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ data: { evaluated: 0, graded: 0, need_more_data: 0, eligibility_total: 0, customers: [] } }),
      )
      .executeTest(async (server) => {
        expect(await runCreditEvaluation(clientFor(server.url), [])).toEqual({
          evaluated: 0,
          graded: 0,
          need_more_data: 0,
          eligibility_total: 0,
          customers: [],
        });
      }));
});
