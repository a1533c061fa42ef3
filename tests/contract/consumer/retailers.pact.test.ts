import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  downloadDistributors,
  fetchAccountsReceivable,
  fetchDistributors,
  fetchRetailerInvoices,
  fetchRetailers,
} from '../../../src/api/retailers';
import { RETAILER_INVOICE_PAGE_SIZE } from '../../../src/domain/admin';
import { REGIONS } from '../../../src/domain/regions';
import { DEFAULT_TABLE_STATE, type TableState } from '../../../src/lib/table-state';
import {
  authHeaders,
  clientFor,
  exactly,
  failureOf,
  JSON_CONTENT,
  newPact,
  nonEmptyId,
  numberRules,
  oneOf,
  positiveCount,
} from '../pact';

/**
 * The retailer page (spec 2 §2.9, §3, §7): accounts receivable by the user's type, the distributor-wise list
 * and its CSV, one distributor's retailers, and one retailer's invoices 15 to a page, each through the app's
 * own call.
 *
 * As in lending.pact.test.ts, a filter's meaning is pinned on every row: inside `eachLike` a plain value is
 * matched by type only, so what a filter fixes is a regex (or `equal`). 'At least one retailer on channel
 * finance' is Pact's regex rule on the number (`^[1-9]\d*$` against its decimal form) plus an integer rule on
 * the same path (combined with AND), so the string '3' does not pass either.
 *
 * Ids (the distributor, the retailer, the anchor) come from the provider state (fromProviderState).
 */

const { constrainedArrayLike, eachLike, equal, fromProviderState, integer, number, regex, string } = MatchersV3;
const pact = newPact();

const region = regex(oneOf(REGIONS), 'south');
const DAY = regex('^\\d{4}-\\d{2}-\\d{2}$', '2026-11-20');

/** The retailer area is t2, t1t2 and unset (spec 2 §2): its calls are made as t1t2 unless a test says otherwise. */
const loggedIn = (description: string, state?: string, user = 't1t2@anchor.test') => {
  const interaction = pact.addInteraction().given(`${user} is logged in`);
  return (state ? interaction.given(state) : interaction).uponReceiving(description);
};
const tableState = (state: Partial<TableState>): TableState => ({ ...DEFAULT_TABLE_STATE, ...state });
const csvHeaders = eachLike({ display_name: string('Distributor Name'), key: string('name') });

// ---------------------------------------------------------------------------------------------------
// GET /distributor_retailers/accounts_receivables
// ---------------------------------------------------------------------------------------------------

const RECEIVABLES_STATE =
  'the anchor of t1@anchor.test and t2@anchor.test has retailers with unpaid invoices on channel finance';

describe('accounts receivable', () => {
  it('GET /distributor_retailers/accounts_receivables for a t1t2 user: with the distributor figure', () =>
    loggedIn('the accounts receivable of a t1t2 user', RECEIVABLES_STATE)
      .withRequest('GET', '/distributor_retailers/accounts_receivables', (b) =>
        b.headers(authHeaders()).query({ event: 't1t2' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            outstanding_invoices_for_retailer: number(512345.67),
            outstanding_invoices_for_distributor: number(2345678.9),
            total_limit_sanctioned: number(2600000),
            total_utilised_limit: number(1005000),
            total_limit_balance: number(1595000),
          },
        }),
      )
      .executeTest(async (server) => {
        expect(await fetchAccountsReceivable(clientFor(server.url), 't1t2')).toEqual({
          outstanding_invoices_for_retailer: 51234567,
          outstanding_invoices_for_distributor: 234567890,
          total_limit_sanctioned: 260000000,
          total_utilised_limit: 100500000,
          total_limit_balance: 159500000,
        });
      }));

  /**
   * Spec 2 §6: a t2 user is not shown the distributor figure, and the provider leaves it out. Pact cannot say
   * 'this key is absent' (a response may carry keys the pact does not name), so the pact's body simply has no
   * such key, and the app reads the missing figure as null.
   */
  it('GET /distributor_retailers/accounts_receivables for a t2 user: no distributor figure', () =>
    loggedIn('the accounts receivable of a t2 user', RECEIVABLES_STATE, 't2@anchor.test')
      .withRequest('GET', '/distributor_retailers/accounts_receivables', (b) =>
        b.headers(authHeaders()).query({ event: 't2' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            outstanding_invoices_for_retailer: number(512345.67),
            total_limit_sanctioned: number(2600000),
            total_utilised_limit: number(1005000),
            total_limit_balance: number(1595000),
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await fetchAccountsReceivable(clientFor(server.url), 't2');
        expect(answer.outstanding_invoices_for_distributor).toBeNull();
        expect(answer).toMatchObject({ outstanding_invoices_for_retailer: 51234567, total_limit_balance: 159500000 });
      }));

  it('GET /distributor_retailers/accounts_receivables: a t2 user asking for the t1 view is refused (403 ER-ACCESS-101)', () =>
    loggedIn('the t1 accounts receivable asked for by a t2 user', undefined, 't2@anchor.test')
      .withRequest('GET', '/distributor_retailers/accounts_receivables', (b) =>
        b.headers(authHeaders()).query({ event: 't1' }),
      )
      .willRespondWith(403, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [{ code: 'ER-ACCESS-101', detail: string('A t2 user cannot see the t1 accounts receivable.') }],
        }),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(fetchAccountsReceivable(clientFor(server.url), 't1'));
        expect(failure).toMatchObject({ status: 403, code: 'ER-ACCESS-101' });
      }));

  it('GET /distributor_retailers/accounts_receivables: a t1 token is refused the retailer area (403 ER-ACCESS-101)', () =>
    loggedIn('the accounts receivable asked for by a t1 user', undefined, 't1@anchor.test')
      .withRequest('GET', '/distributor_retailers/accounts_receivables', (b) =>
        b.headers(authHeaders()).query({ event: 't1' }),
      )
      .willRespondWith(403, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ errors: [{ code: 'ER-ACCESS-101', detail: string('A t1 user cannot use the retailer area.') }] }),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(fetchAccountsReceivable(clientFor(server.url), 't1'));
        expect(failure).toMatchObject({ status: 403, code: 'ER-ACCESS-101' });
      }));
});

// ---------------------------------------------------------------------------------------------------
// GET /distributor_retailers/distributor_details (and its CSV)
// ---------------------------------------------------------------------------------------------------

const SOUTH_CF_STATE = 't1@anchor.test has distributors in the south with retailers on channel finance';
const DISTRIBUTORS_CSV = 'Distributor Name,Retailers on Channel Finance\r\nGodavari Retail Links,7\r\n';

describe('the distributor-wise retailer list', () => {
  it('GET /distributor_retailers/distributor_details: distributors in the south with retailers on channel finance', () =>
    loggedIn('the first page of the distributors in the south with retailers on channel finance', SOUTH_CF_STATE)
      .withRequest('GET', '/distributor_retailers/distributor_details', (b) =>
        b.headers(authHeaders()).query({ 'filter[region]': 'south', 'filter[channel_finance]': '1', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({
            data: eachLike({
              id: nonEmptyId('342'),
              type: 'distributor',
              attributes: {
                id: integer(342),
                anchor_id: integer(1),
                name: string('Godavari Retail Links'),
                customer_code: string('CS000342'),
                region: exactly('south'),
                total_no_of_retailers: integer(12),
                total_retailers_on_channel_finance: positiveCount(7),
                total_limit_sanctioned: number(2050000),
                limit_utilised: number(835000),
                available_limit: number(1215000),
                thirty_plus_retailers: integer(6),
                thirty_plus_value: number(187946.09),
                ninty_plus_retailers: integer(3),
                ninty_plus_value: number(82151.15),
              },
            }),
            pagy: { count: integer(3), page: 1, items: integer(10), prev: null },
            csv_headers_accepted: csvHeaders,
          })
          .matchingRules(numberRules({ '$.data[*].attributes.total_retailers_on_channel_finance': 'integer' })),
      )
      .executeTest(async (server) => {
        const list = await fetchDistributors(
          clientFor(server.url),
          tableState({ region: 'south', filters: { cf: '1' } }),
        );
        expect(list.data[0]).toEqual({
          id: '342',
          anchor_id: '1',
          name: 'Godavari Retail Links',
          customer_code: 'CS000342',
          region: 'south',
          total_no_of_retailers: 12,
          total_retailers_on_channel_finance: 7,
          total_limit_sanctioned: 205000000,
          limit_utilised: 83500000,
          available_limit: 121500000,
          thirty_plus_retailers: 6,
          thirty_plus_value: 18794609,
          ninty_plus_retailers: 3,
          ninty_plus_value: 8215115,
        });
        expect(list.csv_headers_accepted?.[0]).toEqual({ display_name: 'Distributor Name', key: 'name' });
      }));

  it('GET /distributor_retailers/distributor_details as CSV', () =>
    loggedIn(
      'a CSV export of the distributors in the south with retailers on channel finance, two columns',
      SOUTH_CF_STATE,
    )
      .withRequest('GET', '/distributor_retailers/distributor_details', (b) =>
        b.headers(authHeaders()).query({
          'filter[region]': 'south',
          'filter[channel_finance]': '1',
          'filter[download_as_csv]': 'true',
          headers_accepted: 'name,total_retailers_on_channel_finance',
        }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers({
            'Content-Type': regex('^text/csv(;.*)?$', 'text/csv; charset=utf-8'),
            'Content-Disposition': regex(
              '^attachment; filename=".+\\.csv"$',
              'attachment; filename="Distributors-2026-11-22.csv"',
            ),
          })
          // The columns asked for, in that order, under their display names; then a line per distributor. The
          // builder takes the body as bytes and adds a rule on their detected type, which for CSV is text/plain.
          .body('text/plain', Buffer.from(DISTRIBUTORS_CSV))
          .matchingRules({
            body: [
              {
                path: '$',
                rules: [
                  regex(
                    '^Distributor Name,Retailers on Channel Finance\\r\\n([^\\r\\n]*,[1-9]\\d*\\r\\n)+$',
                    DISTRIBUTORS_CSV,
                  ),
                ],
              },
            ],
          }),
      )
      .executeTest(async (server) => {
        const saved: { name: string; text: string }[] = [];
        const client = clientFor(
          server.url,
          {},
          { saveFile: (name, content) => void content.text().then((text) => saved.push({ name, text })) },
        );
        await downloadDistributors(client, tableState({ region: 'south', filters: { cf: '1' } }), [
          'name',
          'total_retailers_on_channel_finance',
        ]);
        await expect.poll(() => saved).toEqual([{ name: 'Distributors-2026-11-22.csv', text: DISTRIBUTORS_CSV }]);
      }));
});

// ---------------------------------------------------------------------------------------------------
// GET /distributor_retailers/{id}/distributor_retailer_details
// ---------------------------------------------------------------------------------------------------

const GODAVARI_STATE = 't1@anchor.test’s distributor Godavari Retail Links has retailers off channel finance';

describe('a distributor’s retailers', () => {
  it('GET /distributor_retailers/{id}/distributor_retailer_details: the retailers off channel finance', () =>
    loggedIn('the first page of a distributor’s retailers that are not on channel finance', GODAVARI_STATE)
      .withRequest(
        'GET',
        fromProviderState(
          '/distributor_retailers/${distributorId}/distributor_retailer_details',
          '/distributor_retailers/342/distributor_retailer_details',
        ),
        (b) => b.headers(authHeaders()).query({ 'filter[channel_finance]': '0', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('7'),
            type: 'retailer',
            attributes: {
              id: integer(7),
              anchor_id: integer(1),
              distributor_company_id: integer(342),
              application_id: nonEmptyId('APPD00000007'),
              cust_id: nonEmptyId('RCUSTD000007'),
              name: string('Palar Chemists'),
              retailer_code: string('R000007'),
              mobile_number: string('9765400007'),
              region,
              channel_finance: equal(false),
              total_limit_sanctioned: number(0),
              limit_utilised: number(0),
              available_limit: number(0),
              amount_outstanding: number(0),
              amount_overdue: number(0),
              unpaid_invoice_amount: number(0),
              unpaid_invoice_count: integer(0),
            },
          }),
          pagy: { count: integer(5), page: 1, items: integer(10), prev: null },
          csv_headers_accepted: eachLike({ display_name: string('Retailer Name'), key: string('name') }),
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchRetailers(clientFor(server.url), '342', tableState({ filters: { cf: '0' } }));
        expect(list.data[0]).toMatchObject({
          id: '7',
          name: 'Palar Chemists',
          channel_finance: false,
          total_limit_sanctioned: 0,
          unpaid_invoice_count: 0,
        });
        expect(list.pagy).toMatchObject({ count: 5, page: 1 });
      }));

  it('GET /distributor_retailers/{id}/distributor_retailer_details: another anchor’s distributor is not found', () =>
    loggedIn('the retailers of another anchor’s distributor', 'another anchor has a distributor')
      .withRequest(
        'GET',
        fromProviderState(
          '/distributor_retailers/${distributorId}/distributor_retailer_details',
          '/distributor_retailers/330/distributor_retailer_details',
        ),
        (b) => b.headers(authHeaders()).query({ page: '1' }),
      )
      .willRespondWith(404, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ errors: [{ code: 'ER-NOT-FOUND', detail: string('No such distributor.') }] }),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(fetchRetailers(clientFor(server.url), '330', DEFAULT_TABLE_STATE));
        expect(failure).toMatchObject({ status: 404, code: 'ER-NOT-FOUND' });
      }));
});

// ---------------------------------------------------------------------------------------------------
// GET /distributor_retailers/{id}/retailer_invoice_details
// ---------------------------------------------------------------------------------------------------

const SRI_STATE = 't1@anchor.test’s retailer Sri Venkateswara Bazaar has 18 invoices';
const RETAILER_ID = '18';
const invoicesPath = () =>
  fromProviderState(
    '/distributor_retailers/${retailerId}/retailer_invoice_details',
    `/distributor_retailers/${RETAILER_ID}/retailer_invoice_details`,
  );
const invoicesQuery = (page: string) => ({
  anchor_id: fromProviderState('${anchorId}', '1'),
  page,
  items: String(RETAILER_INVOICE_PAGE_SIZE),
});
const invoiceRow = {
  id: nonEmptyId('201'),
  type: 'retailer_invoice',
  attributes: {
    id: integer(201),
    retailer_id: integer(18),
    document_number: string('RINV/2627/000201'),
    total: number(12450),
    invoice_date: DAY,
    due_date: DAY,
    status: regex('^(open|partially_paid|paid)$', 'open'),
    invoice_ageing: integer(0),
    amount_paid: number(0),
  },
};

describe('a retailer’s invoices', () => {
  it('GET /distributor_retailers/{id}/retailer_invoice_details: page 1 holds 15 of 18', () =>
    loggedIn('the first page of a retailer’s invoices', SRI_STATE)
      .withRequest('GET', invoicesPath(), (b) => b.headers(authHeaders()).query(invoicesQuery('1')))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: constrainedArrayLike(invoiceRow, 15, 15),
          pagy: { count: 18, page: 1, items: 15, pages: 2, from: 1, to: 15, prev: null, next: 2 },
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchRetailerInvoices(clientFor(server.url), RETAILER_ID, '1', 1);
        expect(list.data).toHaveLength(15);
        expect(list.data[0]).toEqual({
          id: '201',
          retailer_id: 18,
          document_number: 'RINV/2627/000201',
          total: 1245000,
          invoice_date: '2026-11-20',
          due_date: '2026-11-20',
          status: 'open',
          invoice_ageing: 0,
          amount_paid: 0,
        });
        expect(list.pagy).toEqual({ count: 18, page: 1, items: 15, pages: 2, from: 1, to: 15, prev: null, next: 2 });
      }));

  it('GET /distributor_retailers/{id}/retailer_invoice_details: page 2 holds the other 3', () =>
    loggedIn('the second page of a retailer’s invoices', SRI_STATE)
      .withRequest('GET', invoicesPath(), (b) => b.headers(authHeaders()).query(invoicesQuery('2')))
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: constrainedArrayLike(invoiceRow, 3, 3),
          pagy: { count: 18, page: 2, items: 15, pages: 2, from: 16, to: 18, prev: 1, next: null },
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchRetailerInvoices(clientFor(server.url), RETAILER_ID, '1', 2);
        expect(list.data).toHaveLength(3);
        expect(list.pagy).toMatchObject({ page: 2, from: 16, to: 18, next: null });
      }));
});
