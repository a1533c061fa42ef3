import { MatchersV3, type Matcher } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  availCredit,
  createInvoice,
  directPayment,
  fetchCollection,
  openLimitAvailCredit,
  paymentSuccess,
  sendOtp,
  verifyOtp,
  type ManualInvoiceInput,
} from '../../../src/api/pay';
import { DEFAULT_PRODUCT, vendorMediaType } from '../../../src/domain/product';
import { authorization, clientFor, failureOf, JSON_CONTENT, newPact, nonEmptyId, V1 } from '../pact';

/**
 * The public pay page's calls (spec 3 §7, 'Pay page'). Every call is authorised by the page token of a
 * payment link, sent bare in Authorization (`auth: { token }` in the client); the pact names the demo
 * link the provider state sets up, and the verification sends the token that state chose. The token is
 * never in a query: GET /invoice_collection departs from the spec (which shows `token` in its query),
 * because query strings are written to server and proxy logs and the token can pay.
 *
 * Values a provider generates (invoice ids, OTP references, OTPs, order ids) come from the provider state
 * (`fromProviderState`), so the pact holds no value that depends on the day or on the order it is run in.
 */
const { boolean, eachLike, equal, fromProviderState, integer, number, regex, string } = MatchersV3;
const pact = newPact();

const V2 = vendorMediaType(DEFAULT_PRODUCT, 2);
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const DAY = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const TIMESTAMP = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$';
/** Order ids travel through the gateway's return URL and back: URL-safe text. */
const ORDER_ID = '^[A-Za-z0-9_-]{1,64}$';
const HTTP_URL = '^https?://\\S+$';

/** Each money request carries a fresh UUID as its Idempotency-Key (PayScreen: crypto.randomUUID()). */
const idempotencyKey = (example: string) => regex(UUID, example);

/** A value the provider state supplies, that must still match `pattern` (both a matcher and a generator). */
function fromStateMatching(expression: string, pattern: string, example: string): Matcher<string> {
  return {
    'pact:matcher:type': 'regex',
    regex: pattern,
    'pact:generator:type': 'ProviderState',
    expression,
    value: example,
  } as Matcher<string>;
}

const payHeaders = (token: string, extra: Record<string, unknown> = {}) => ({
  Accept: V1,
  Authorization: authorization(token),
  ...extra,
});
const jsonPost = (token: string, key?: string, accept: string = V1) => ({
  Accept: accept,
  Authorization: authorization(token),
  'Content-Type': 'application/json',
  ...(key === undefined ? {} : { 'Idempotency-Key': idempotencyKey(key) }),
});
const errorBody = (code: string, detail: string) => ({ errors: [{ code, detail: string(detail) }] });

/** The page header of the closed-limit demo customer (payMetaCodec: every field the page reads). */
const closedLimitMeta = {
  anchor_name: string('Sarvodaya Consumer Products Ltd'),
  anchor_id: integer(1),
  distributor_name: string('Shree Ganesh Traders'),
  distributor_code: string('CS000361'),
  loan_account_no: string('LAN9000000001'),
  loan_account_status: string('active'),
  loan_application_id: integer(1251),
  sanctioned_limit: number(500000),
  credit_limit_utilised: number(120000),
  credit_limit_balance: number(380000),
  overdue_amount: number(0),
  overdue_days: integer(0),
  soa_link: regex(HTTP_URL, 'https://provider.example/statements/st_9c1f4e7a2b'),
  open_limit_customer: false,
  is_sales_order: boolean(false),
  require_otp: boolean(false),
  show_virtual_account_number: boolean(true),
  [`show_${DEFAULT_PRODUCT}_credit_option`]: boolean(true),
  [`show_${DEFAULT_PRODUCT}_pay_option`]: boolean(true),
  partial_count: integer(2),
};

describe('pay page: GET /invoice_collection', () => {
  it('lists the open documents of a closed-limit customer, with the page header and paging', () =>
    pact
      .addInteraction()
      .given('the payment link demo-closed-limit is open')
      .uponReceiving('a request for the first page of open invoices of a closed-limit customer')
      .withRequest('GET', '/invoice_collection', (b) =>
        b.headers(payHeaders('demo-closed-limit')).query({ status: 'open', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('4663'),
            type: 'invoice',
            attributes: {
              document_number: string('INV/2026/004663'),
              invoice_date: regex(DAY, '2026-11-17'),
              due_date: regex(DAY, '2026-12-17'),
              invoice_amount: number(48250.5),
              balance_due: number(48250.5),
              status: regex('^(open|partially_paid|in-progress)$', 'open'),
              is_selected: boolean(false),
              virtual_account_number: string('VA19000000001'),
              is_manual: boolean(false),
            },
          }),
          meta: closedLimitMeta,
          pagy: {
            count: integer(14),
            page: 1,
            items: integer(10),
            pages: integer(2),
            from: integer(1),
            to: integer(10),
            prev: null,
            next: integer(2),
          },
        }),
      )
      .executeTest(async (server) => {
        const page = await fetchCollection(clientFor(server.url), DEFAULT_PRODUCT, 'demo-closed-limit', 'open', 1);
        expect(page.data).toHaveLength(1);
        expect(page.data[0]).toMatchObject({
          id: '4663',
          document_number: 'INV/2026/004663',
          invoice_amount: 4825050,
          balance_due: 4825050,
          status: 'open',
        });
        expect(page.meta).toMatchObject({
          anchor_id: '1',
          loan_application_id: '1251',
          sanctioned_limit: 50000000,
          credit_limit_balance: 38000000,
          open_limit_customer: false,
          show_provider_credit_option: true,
          show_provider_pay_option: true,
        });
        expect(page.pagy).toMatchObject({ count: 14, page: 1, pages: 2, next: 2, prev: null });
      }));

  it('lists the closed documents with their UTR numbers', () =>
    pact
      .addInteraction()
      .given('the payment link demo-closed-limit is open')
      .uponReceiving('a request for the first page of closed invoices')
      .withRequest('GET', '/invoice_collection', (b) =>
        b.headers(payHeaders('demo-closed-limit')).query({ status: 'closed', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('4677'),
            type: 'invoice',
            attributes: {
              document_number: string('INV/2026/004677'),
              invoice_date: regex(DAY, '2026-10-28'),
              due_date: regex(DAY, '2026-11-27'),
              invoice_amount: number(120000),
              balance_due: number(0),
              status: regex('^paid$', 'paid'),
              payment_utr: string('UTRDEMO0000004321'),
            },
          }),
          meta: closedLimitMeta,
          pagy: { count: integer(4), page: 1 },
        }),
      )
      .executeTest(async (server) => {
        const page = await fetchCollection(clientFor(server.url), DEFAULT_PRODUCT, 'demo-closed-limit', 'closed', 1);
        expect(page.data[0]).toMatchObject({
          status: 'paid',
          balance_due: 0,
          invoice_amount: 12000000,
          payment_utr: 'UTRDEMO0000004321',
        });
      }));

  it('shows an open-limit customer its supplier bank accounts and the ids a manual invoice needs', () =>
    pact
      .addInteraction()
      .given('the payment link demo-open-limit is open')
      .uponReceiving('a request for the open invoices of an open-limit customer')
      .withRequest('GET', '/invoice_collection', (b) =>
        b.headers(payHeaders('demo-open-limit')).query({ status: 'open', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('4681'),
            type: 'invoice',
            attributes: {
              document_number: string('INV/2026/004681'),
              invoice_date: regex(DAY, '2026-11-15'),
              due_date: regex(DAY, '2026-12-15'),
              invoice_amount: number(56700),
              balance_due: number(56700),
              status: regex('^(open|partially_paid|in-progress)$', 'open'),
            },
          }),
          meta: {
            anchor_name: string('Sarvodaya Consumer Products Ltd'),
            anchor_id: integer(1),
            distributor_name: string('Balaji Enterprises'),
            distributor_code: string('CS000362'),
            erp_distributor_id: nonEmptyId('CS000362'),
            loan_account_no: string('LAN9000000002'),
            loan_account_status: string('active'),
            loan_application_id: integer(1252),
            sanctioned_limit: number(400000),
            credit_limit_utilised: number(120000),
            credit_limit_balance: number(280000),
            overdue_amount: number(0),
            overdue_days: integer(0),
            open_limit_customer: true,
            is_sales_order: boolean(false),
            require_otp: boolean(false),
            show_virtual_account_number: boolean(false),
            [`show_${DEFAULT_PRODUCT}_credit_option`]: boolean(true),
            [`show_${DEFAULT_PRODUCT}_pay_option`]: boolean(true),
            supplier_bank_accounts: eachLike({
              id: integer(1),
              bank_account_name: string('Sarvodaya Collections'),
              bank_name: string('State Bank of India'),
            }),
          },
          pagy: { count: integer(4), page: 1 },
        }),
      )
      .executeTest(async (server) => {
        const page = await fetchCollection(clientFor(server.url), DEFAULT_PRODUCT, 'demo-open-limit', 'open', 1);
        expect(page.meta).toMatchObject({
          open_limit_customer: true,
          loan_application_id: '1252',
          erp_distributor_id: 'CS000362',
          credit_limit_balance: 28000000,
        });
        expect(page.meta.supplier_bank_accounts).toEqual([
          { id: '1', bank_account_name: 'Sarvodaya Collections', bank_name: 'State Bank of India' },
        ]);
      }));

  it('refuses an expired payment link with 401 ER-PAY-401', () =>
    pact
      .addInteraction()
      .given('the payment link demo-expired has expired')
      .uponReceiving('a request for open invoices with an expired payment link')
      .withRequest('GET', '/invoice_collection', (b) =>
        b.headers(payHeaders('demo-expired')).query({ status: 'open', page: '1' }),
      )
      .willRespondWith(401, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(errorBody('ER-PAY-401', 'This payment link has expired. Ask the supplier for a new link.')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          fetchCollection(clientFor(server.url), DEFAULT_PRODUCT, 'demo-expired', 'open', 1),
        );
        expect(failure).toMatchObject({ status: 401, code: 'ER-PAY-401' });
        expect(failure.text).toBe('This payment link has expired. Ask the supplier for a new link.');
      }));

  it('refuses an unknown payment link with 401 ER-PAY-401', () =>
    pact
      .addInteraction()
      .given('no payment link has the token no-such-token')
      .uponReceiving('a request for open invoices with an unknown payment link')
      .withRequest('GET', '/invoice_collection', (b) =>
        b.headers(payHeaders('no-such-token')).query({ status: 'open', page: '1' }),
      )
      .willRespondWith(401, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(errorBody('ER-PAY-401', 'This payment link is not valid. Ask the supplier for a new link.')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          fetchCollection(clientFor(server.url), DEFAULT_PRODUCT, 'no-such-token', 'open', 1),
        );
        expect(failure).toMatchObject({ status: 401, code: 'ER-PAY-401' });
      }));
});

describe('pay page: OTP (version 2)', () => {
  it('POST /communications/send_otp sends an OTP and answers its reference', () =>
    pact
      .addInteraction()
      .given('demo-otp must confirm credit with an OTP')
      .uponReceiving('a request for an OTP to confirm credit')
      .withRequest('POST', '/communications/send_otp', (b) =>
        b.headers(jsonPost('demo-otp', undefined, V2)).jsonBody({
          data: { attributes: { loan_application_id: fromProviderState('${loanApplicationId}', '1252') } },
        }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ data: { otp_reference_id: nonEmptyId('otp_3q2-example-reference'), expires_in: integer(300) } }),
      )
      .executeTest(async (server) => {
        await expect(sendOtp(clientFor(server.url), 'demo-otp', '1252')).resolves.toEqual({
          otp_reference_id: 'otp_3q2-example-reference',
          expires_in: 300,
        });
      }));

  it('POST /communications/verify_otp accepts the OTP that was sent', () =>
    pact
      .addInteraction()
      .given('an OTP was sent for demo-otp')
      .uponReceiving('the OTP that was sent, to confirm credit')
      .withRequest('POST', '/communications/verify_otp', (b) =>
        b.headers(jsonPost('demo-otp', undefined, V2)).jsonBody({
          data: {
            attributes: {
              loan_application_id: fromProviderState('${loanApplicationId}', '1252'),
              otp: fromStateMatching('${otp}', '^[0-9]{6}$', '482913'),
              otp_reference_id: fromProviderState('${otpReferenceId}', 'otp_3q2-example-reference'),
            },
          },
        }),
      )
      .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ data: { verified: true } }))
      .executeTest(async (server) => {
        const answer = await verifyOtp(clientFor(server.url), 'demo-otp', {
          loanApplicationId: '1252',
          otp: '482913',
          referenceId: 'otp_3q2-example-reference',
        });
        expect(answer).toEqual({ verified: true });
      }));

  it('POST /communications/verify_otp refuses a wrong OTP with ER-OTP-101', () =>
    pact
      .addInteraction()
      .given('an OTP was sent for demo-otp')
      .uponReceiving('a wrong OTP')
      .withRequest('POST', '/communications/verify_otp', (b) =>
        b.headers(jsonPost('demo-otp', undefined, V2)).jsonBody({
          data: {
            attributes: {
              loan_application_id: fromProviderState('${loanApplicationId}', '1252'),
              // The state makes sure the OTP it sent is not 000000.
              otp: '000000',
              otp_reference_id: fromProviderState('${otpReferenceId}', 'otp_3q2-example-reference'),
            },
          },
        }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody(errorBody('ER-OTP-101', 'The OTP is not correct. 4 attempts left.')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          verifyOtp(clientFor(server.url), 'demo-otp', {
            loanApplicationId: '1252',
            otp: '000000',
            referenceId: 'otp_3q2-example-reference',
          }),
        );
        expect(failure).toMatchObject({
          status: 422,
          code: 'ER-OTP-101',
          text: 'The OTP is not correct. 4 attempts left.',
        });
      }));
});

/** `${invoiceId}`: an open invoice of the link's customer that the provider state picked. */
const creditRequest = (exampleId: string, amount: number) => ({
  source: 'anchor_portal',
  payment_gateway: {
    invoice_details: [{ id: fromProviderState('${invoiceId}', exampleId), user_requested_amount: number(amount) }],
  },
});

describe('pay page: credit', () => {
  it('POST /avail_credit draws credit once the OTP is verified', () =>
    pact
      .addInteraction()
      .given('demo-otp verified an OTP and has an open invoice credit can pay', { amount: 1000.5 })
      .uponReceiving('a credit draw for part of an invoice after the OTP was verified')
      .withRequest('POST', '/avail_credit', (b) =>
        b.headers(jsonPost('demo-otp', '0b6f2c1e-8d43-4a8e-9f10-3c5d7e9a1b21')).jsonBody(creditRequest('4700', 1000.5)),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ message: string('Credit availed successfully.') }),
      )
      .executeTest(async (server) => {
        const answer = await availCredit(
          clientFor(server.url),
          'demo-otp',
          [{ id: '4700', amount: 100050 }],
          '0b6f2c1e-8d43-4a8e-9f10-3c5d7e9a1b21',
        );
        expect(answer.message).toBe('Credit availed successfully.');
      }));

  it('POST /avail_credit refuses credit before the OTP is verified (ER-OTP-104)', () =>
    pact
      .addInteraction()
      .given('demo-otp has an open invoice credit can pay but no verified OTP', { amount: 1000.5 })
      .uponReceiving('a credit draw without a verified OTP')
      .withRequest('POST', '/avail_credit', (b) =>
        b.headers(jsonPost('demo-otp', '5d1e7a90-2c4b-4f6e-8a3d-9b0c1e2f3a45')).jsonBody(creditRequest('4700', 1000.5)),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            errorBody('ER-OTP-104', 'Verify the OTP sent to your registered mobile number before availing credit.'),
          ),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          availCredit(
            clientFor(server.url),
            'demo-otp',
            [{ id: '4700', amount: 100050 }],
            '5d1e7a90-2c4b-4f6e-8a3d-9b0c1e2f3a45',
          ),
        );
        expect(failure).toMatchObject({ status: 422, code: 'ER-OTP-104' });
      }));

  it('POST /avail_credit refuses a total over the available limit (ER-CREDIT-103)', () =>
    pact
      .addInteraction()
      .given('demo-closed-limit has less credit left than an open invoice asks for', { amount: 20000, available: 5000 })
      .uponReceiving('a credit draw over the available limit')
      .withRequest('POST', '/avail_credit', (b) =>
        b
          .headers(jsonPost('demo-closed-limit', '9a7c3e51-6b2d-4c8f-a1e0-7d5b3f9c2e68'))
          .jsonBody(creditRequest('4663', 20000)),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            errorBody('ER-CREDIT-103', 'The credit total of ₹20,000.00 is more than the available limit of ₹5,000.00.'),
          ),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          availCredit(
            clientFor(server.url),
            'demo-closed-limit',
            [{ id: '4663', amount: 2000000 }],
            '9a7c3e51-6b2d-4c8f-a1e0-7d5b3f9c2e68',
          ),
        );
        expect(failure).toMatchObject({ status: 422, code: 'ER-CREDIT-103' });
        expect(failure.text).toMatch(/available limit/);
      }));

  it('POST /op_avail_credit draws credit for an open-limit customer, grouped by supplier bank account', () =>
    pact
      .addInteraction()
      .given('demo-open-limit has an open invoice credit can pay', { amount: 1500.25 })
      .uponReceiving('an open-limit credit draw to one supplier bank account')
      .withRequest('POST', '/op_avail_credit', (b) =>
        b.headers(jsonPost('demo-open-limit', 'c4e8a2b6-1f3d-4e5a-9c7b-0d2f4a6c8e13')).jsonBody({
          source: 'anchor_portal',
          payment_gateway: [
            {
              bank_account_id: fromProviderState('${bankAccountId}', '1'),
              invoice_details: [
                { id: fromProviderState('${invoiceId}', '4681'), user_requested_amount: number(1500.25) },
              ],
            },
          ],
        }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ message: string('Credit availed successfully.') }),
      )
      .executeTest(async (server) => {
        const answer = await openLimitAvailCredit(
          clientFor(server.url),
          'demo-open-limit',
          [{ bankAccountId: '1', items: [{ id: '4681', amount: 150025 }] }],
          'c4e8a2b6-1f3d-4e5a-9c7b-0d2f4a6c8e13',
        );
        expect(answer.message).toBe('Credit availed successfully.');
      }));
});

describe('pay page: a money request sent again', () => {
  it('POST /op_avail_credit with an Idempotency-Key already used answers the first answer and draws nothing more', () =>
    pact
      .addInteraction()
      .given('demo-open-limit drew credit for an open invoice with an Idempotency-Key', { amount: 1200.5 })
      .uponReceiving('an open-limit credit draw sent again with the same Idempotency-Key')
      .withRequest('POST', '/op_avail_credit', (b) =>
        b
          .headers({
            ...jsonPost('demo-open-limit'),
            'Idempotency-Key': fromStateMatching('${idempotencyKey}', UUID, '6e0c2a84-3b5d-4f7a-9c1e-8d2b4f6a0c57'),
          })
          .jsonBody({
            source: 'anchor_portal',
            payment_gateway: [
              {
                bank_account_id: fromProviderState('${bankAccountId}', '1'),
                invoice_details: [
                  { id: fromProviderState('${invoiceId}', '4681'), user_requested_amount: number(1200.5) },
                ],
              },
            ],
          }),
      )
      // The same status and body as the first time, marked as a replay: the credit is drawn once.
      .willRespondWith(201, (b) =>
        b
          .headers({ ...JSON_CONTENT, 'Idempotent-Replayed': 'true' })
          .jsonBody({ message: string('Credit availed successfully.') }),
      )
      .executeTest(async (server) => {
        const key = '6e0c2a84-3b5d-4f7a-9c1e-8d2b4f6a0c57';
        const answer = await openLimitAvailCredit(
          clientFor(server.url),
          'demo-open-limit',
          [{ bankAccountId: '1', items: [{ id: '4681', amount: 120050 }] }],
          key,
        );
        expect(answer.message).toBe('Credit availed successfully.');
      }));
});

describe('pay page: direct payment', () => {
  it('POST /direct_payments/cc_avenue answers the gateway link to send the customer to', () =>
    pact
      .addInteraction()
      .given('demo-closed-limit has an open invoice', { amount: 2500.75 })
      .uponReceiving('a direct payment of part of an invoice by UPI')
      .withRequest('POST', '/direct_payments/cc_avenue', (b) =>
        b.headers(jsonPost('demo-closed-limit', '3f9b1d7e-5a2c-4b8e-8d6f-1e3a5c7b9d02')).jsonBody({
          direct_payment: {
            invoice_details: [
              { id: fromProviderState('${invoiceId}', '4663'), user_requested_amount: number(2500.75) },
            ],
            payment_method: 'upi',
          },
        }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          message: string(
            'Order CCA20261122000001A1B2C3 for ₹2,500.75 created. Complete the payment on the payment gateway.',
          ),
          order_id: regex(ORDER_ID, 'CCA20261122000001A1B2C3'),
          payment_link_url: regex(HTTP_URL, 'https://gateway.example/pay/CCA20261122000001A1B2C3'),
        }),
      )
      .executeTest(async (server) => {
        const answer = await directPayment(
          clientFor(server.url),
          'demo-closed-limit',
          [{ id: '4663', amount: 250075 }],
          'upi',
          '3f9b1d7e-5a2c-4b8e-8d6f-1e3a5c7b9d02',
        );
        expect(answer).toMatchObject({
          order_id: 'CCA20261122000001A1B2C3',
          payment_link_url: 'https://gateway.example/pay/CCA20261122000001A1B2C3',
        });
      }));

  it('GET /direct_payments/cc_avenue_success answers the transaction of a completed order', () =>
    pact
      .addInteraction()
      .given('demo-closed-limit paid a gateway order', { amount: 2500.75 })
      .uponReceiving('a request for the outcome of a completed gateway order')
      .withRequest('GET', '/direct_payments/cc_avenue_success', (b) =>
        b
          .headers(payHeaders('demo-closed-limit'))
          .query({ order_id: fromStateMatching('${orderId}', ORDER_ID, 'CCA20261122000001A1B2C3') }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            transation_number: string('UTRP2026112200000001'),
            transation_date: regex(TIMESTAMP, '2026-11-22T10:05:00.000Z'),
            amount_paid: number(2500.75),
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await paymentSuccess(clientFor(server.url), 'demo-closed-limit', 'CCA20261122000001A1B2C3');
        expect(answer).toEqual({
          transation_number: 'UTRP2026112200000001',
          transation_date: '2026-11-22T10:05:00.000Z',
          amount_paid: 250075,
        });
      }));

  it('GET /direct_payments/cc_avenue_success refuses an order not paid yet (ER-PAY-102)', () =>
    pact
      .addInteraction()
      .given('demo-closed-limit has a gateway order not paid yet', { amount: 2500.75 })
      .uponReceiving('a request for the outcome of a gateway order not paid yet')
      .withRequest('GET', '/direct_payments/cc_avenue_success', (b) =>
        b
          .headers(payHeaders('demo-closed-limit'))
          .query({ order_id: fromStateMatching('${orderId}', ORDER_ID, 'CCA20261122000002D4E5F6') }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            errorBody(
              'ER-PAY-102',
              'The payment of order CCA20261122000002D4E5F6 has not been completed at the payment gateway.',
            ),
          ),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          paymentSuccess(clientFor(server.url), 'demo-closed-limit', 'CCA20261122000002D4E5F6'),
        );
        expect(failure).toMatchObject({ status: 422, code: 'ER-PAY-102' });
      }));
});

/**
 * POST /create_invoice is multipart/form-data. Pact V4 has no builder for a multipart body with several
 * fields (multipartBody takes one file), so the example body is written out with a fixed boundary, the
 * Content-Type header is matched by a regex (the client's FormData picks its own boundary), and each part
 * gets a matching rule at `$['<part name>']`: the parts are compared by name, whatever their order.
 */
const BOUNDARY = 'anchor-portal-pact-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** A minimal PDF: what matters to the contract is its content type, which Pact detects from the bytes. */
const INVOICE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const FILE_PART = 'invoice[invoice_image][file]';

function multipartBody(
  fields: Record<string, string>,
  file: { filename: string; type: string; bytes: Buffer },
): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="invoice[${name}]"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${FILE_PART}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const NON_EMPTY = '^\\S+$';
const partRule = (name: string, matcher: Matcher<unknown>) => ({ path: `$['${name}']`, rules: [matcher] });

/** The fields of createInvoiceForm and how each is matched; `total` by the given matcher (any amount, or one value). */
function invoicePartRules(input: ManualInvoiceInput, total: Matcher<unknown>) {
  return [
    partRule('invoice[loan_application_id]', regex(NON_EMPTY, input.loanApplicationId)),
    partRule('invoice[anchor_id]', regex(NON_EMPTY, input.anchorId)),
    partRule('invoice[erp_distributor_id]', regex(NON_EMPTY, input.erpDistributorId)),
    partRule('invoice[customer_code]', regex(NON_EMPTY, input.customerCode)),
    partRule('invoice[invoice_date]', regex(DAY, input.invoiceDate)),
    partRule('invoice[due_date]', regex(DAY, input.dueDate)),
    partRule('invoice[total]', total),
    partRule('invoice[gst_invoice_id]', regex('^.+$', input.number)),
    partRule('invoice[source]', equal('open_limit_customer')),
    partRule(FILE_PART, { 'pact:matcher:type': 'contentType', value: 'application/pdf' }),
  ];
}

function invoiceFields(input: ManualInvoiceInput, total: string): Record<string, string> {
  return {
    loan_application_id: input.loanApplicationId,
    anchor_id: input.anchorId,
    erp_distributor_id: input.erpDistributorId,
    customer_code: input.customerCode,
    invoice_date: input.invoiceDate,
    due_date: input.dueDate,
    total,
    gst_invoice_id: input.number,
    source: 'open_limit_customer',
  };
}

const invoicePdf = () => new File([new Uint8Array(INVOICE_PDF)], 'invoice.pdf', { type: 'application/pdf' });
const PDF_PART = { filename: 'invoice.pdf', type: 'application/pdf', bytes: INVOICE_PDF };

/** The demo open-limit customer as the mock seeds it; the provider state checks these still hold. */
const OPEN_LIMIT_INVOICE: ManualInvoiceInput = {
  loanApplicationId: '1252',
  anchorId: '1',
  erpDistributorId: 'CS000362',
  customerCode: 'CS000362',
  number: 'OL/2026/0042',
  amount: 1250000,
  invoiceDate: '2026-11-20',
  dueDate: '2026-11-22',
};
const openLimitParams = (input: ManualInvoiceInput) => ({
  loanApplicationId: input.loanApplicationId,
  anchorId: input.anchorId,
  customerCode: input.customerCode,
  documentNumber: input.number,
});

describe('pay page: manual invoices (written last: POST /create_invoice)', () => {
  it('POST /create_invoice adds an open-limit customer’s own invoice with its PDF', () =>
    pact
      .addInteraction()
      .given('demo-open-limit may add its own invoices', openLimitParams(OPEN_LIMIT_INVOICE))
      .uponReceiving('a manual invoice with a PDF from an open-limit customer')
      .withRequest('POST', '/create_invoice', (b) =>
        b
          .headers(
            payHeaders('demo-open-limit', {
              'Content-Type': regex('^multipart/form-data; ?boundary=.+$', MULTIPART),
              'Idempotency-Key': idempotencyKey('e2a4c6e8-0b1d-4f3a-8c5e-7a9b1d3f5e70'),
            }),
          )
          .body(MULTIPART, multipartBody(invoiceFields(OPEN_LIMIT_INVOICE, '12500.00'), PDF_PART))
          .matchingRules({ body: invoicePartRules(OPEN_LIMIT_INVOICE, regex('^[0-9]+\\.[0-9]{2}$', '12500.00')) }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          message: string('Invoice OL/2026/0042 created successfully.'),
          data: {
            id: nonEmptyId('4715'),
            type: 'invoice',
            attributes: {
              document_number: string('OL/2026/0042'),
              invoice_date: regex(DAY, '2026-11-20'),
              due_date: regex(DAY, '2026-11-22'),
              invoice_amount: number(12500),
              balance_due: number(12500),
              status: 'open',
              is_selected: boolean(false),
              is_manual: true,
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await createInvoice(
          clientFor(server.url),
          'demo-open-limit',
          { ...OPEN_LIMIT_INVOICE, file: invoicePdf() },
          'e2a4c6e8-0b1d-4f3a-8c5e-7a9b1d3f5e70',
        );
        expect(answer.message).toBe('Invoice OL/2026/0042 created successfully.');
        expect(answer.data).toEqual({
          id: '4715',
          document_number: 'OL/2026/0042',
          invoice_date: '2026-11-20',
          due_date: '2026-11-22',
          invoice_amount: 1250000,
          balance_due: 1250000,
          status: 'open',
          is_selected: false,
          is_manual: true,
        });
      }));

  it('POST /create_invoice refuses a zero amount with a field error (422 ER-VALIDATION)', () => {
    const input = { ...OPEN_LIMIT_INVOICE, number: 'OL/2026/0043', amount: 0 };
    return pact
      .addInteraction()
      .given('demo-open-limit may add its own invoices', openLimitParams(input))
      .uponReceiving('a manual invoice with a zero amount')
      .withRequest('POST', '/create_invoice', (b) =>
        b
          .headers(
            payHeaders('demo-open-limit', {
              'Content-Type': regex('^multipart/form-data; ?boundary=.+$', MULTIPART),
              'Idempotency-Key': idempotencyKey('71c3e5a7-9b2d-4f6a-8e0c-2d4f6a8c0e35'),
            }),
          )
          .body(MULTIPART, multipartBody(invoiceFields(input, '0.00'), PDF_PART))
          .matchingRules({ body: invoicePartRules(input, equal('0.00')) }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [
            {
              code: 'ER-VALIDATION',
              title: 'invoice[total]',
              detail: string('The amount must be in rupees, greater than zero, with at most 2 decimals.'),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          createInvoice(
            clientFor(server.url),
            'demo-open-limit',
            { ...input, file: invoicePdf() },
            '71c3e5a7-9b2d-4f6a-8e0c-2d4f6a8c0e35',
          ),
        );
        expect(failure).toMatchObject({ status: 422, code: 'ER-VALIDATION' });
        expect(failure.fieldErrors()).toEqual({
          'invoice[total]': 'The amount must be in rupees, greater than zero, with at most 2 decimals.',
        });
      });
  });

  it('POST /create_invoice refuses a customer who is not open-limit (403 ER-INVOICE-105)', () => {
    const input = {
      ...OPEN_LIMIT_INVOICE,
      loanApplicationId: '1251',
      erpDistributorId: 'CS000361',
      customerCode: 'CS000361',
      number: 'OL/2026/0044',
    };
    return pact
      .addInteraction()
      .given('the payment link demo-closed-limit is open')
      .uponReceiving('a manual invoice from a closed-limit customer')
      .withRequest('POST', '/create_invoice', (b) =>
        b
          .headers(
            payHeaders('demo-closed-limit', {
              'Content-Type': regex('^multipart/form-data; ?boundary=.+$', MULTIPART),
              'Idempotency-Key': idempotencyKey('a8d0f2b4-6c1e-4a3b-9d5f-8e0a2c4e6b17'),
            }),
          )
          .body(MULTIPART, multipartBody(invoiceFields(input, '12500.00'), PDF_PART))
          .matchingRules({ body: invoicePartRules(input, regex('^[0-9]+\\.[0-9]{2}$', '12500.00')) }),
      )
      .willRespondWith(403, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(errorBody('ER-INVOICE-105', 'Only open-limit customers can add their own invoices.')),
      )
      .executeTest(async (server) => {
        const failure = await failureOf(
          createInvoice(
            clientFor(server.url),
            'demo-closed-limit',
            { ...input, file: invoicePdf() },
            'a8d0f2b4-6c1e-4a3b-9d5f-8e0a2c4e6b17',
          ),
        );
        expect(failure).toMatchObject({ status: 403, code: 'ER-INVOICE-105' });
      });
  });
});
