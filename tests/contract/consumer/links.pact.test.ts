import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createPaymentLink,
  fetchBlockedChannels,
  fetchCustomerInvoices,
  fetchLinkCustomers,
  fetchPaymentLinks,
  lookUpInvoice,
  scheduleReminder,
  sendPaymentLinks,
} from '../../../src/api/links';
import { authHeaders, clientFor, EXAMPLE_AUTH_TOKEN, JSON_CONTENT, newPact, nonEmptyId, V1 } from '../pact';
import { invoiceListBody } from './invoice-rows';

/**
 * Payment links and reminders (spec 1 §7): the anchor's channel blocks, the generated links, the create
 * form's lookup and link, the send-link modal's customers, invoices and send (by invoice, by customer), and
 * the reminder schedule, with the validation answers and the blocked-channel refusal the app shows.
 * Ids in paths and bodies come from the provider state (fromProviderState).
 */

const { boolean, eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;
const pact = newPact();
const CUSTOMER_STATE = 't1@anchor.test has a customer with open invoices';

const loggedIn = (description: string, state?: string, user = 't1@anchor.test') => {
  const interaction = pact.addInteraction().given(`${user} is logged in`);
  return (state ? interaction.given(state) : interaction).uponReceiving(description);
};
const jsonWrite = (key: string) => authHeaders({ 'Content-Type': 'application/json', 'Idempotency-Key': key });
const pagy = {
  count: integer(12),
  page: 1,
  items: integer(10),
  pages: integer(2),
  from: integer(1),
  to: integer(10),
  prev: null,
};
const isoTime = regex('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', '2026-11-22T10:00:00.000Z');
const channels = eachLike(regex('^(whatsapp|sms|email)$', 'email'));
const linkRow = {
  id: nonEmptyId('88'),
  name: string('Asha Traders'),
  phone_number: string('9800000041'),
  email: string('asha@example.test'),
  invoice_ids: eachLike(string('4711')),
  invoice_numbers: eachLike(string('INV-4711')),
  creation_date: isoTime,
  status: regex('^(paid|pending|expired)$', 'pending'),
  mode_of_communication: channels,
  url: regex('^https?://.+\\?token=[\\w-]+$', 'http://127.0.0.1:5173/pay-with-provider?token=abc123'),
};

describe('anchor settings and generated links', () => {
  it('GET /anchor_settings/{id}: the channel blocks', () =>
    loggedIn('the settings of the own anchor')
      .withRequest('GET', fromProviderState('/anchor_settings/${anchorId}', '/anchor_settings/1'), (b) =>
        b.headers(authHeaders()),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            id: nonEmptyId('1'),
            type: 'anchor_setting',
            attributes: {
              settings: {
                whatsapp_blocked: { default: boolean(false) },
                sms_blocked: { default: boolean(false) },
                email_blocked: { default: boolean(false) },
              },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        await expect(fetchBlockedChannels(clientFor(server.url), '1')).resolves.toEqual([]);
      }));

  it('GET /payment_links: pending links, paged', () =>
    loggedIn('the pending payment links', CUSTOMER_STATE)
      .withRequest('GET', '/payment_links', (b) =>
        b.headers(authHeaders()).query({ 'filter[link_status]': 'pending', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ data: eachLike({ id: nonEmptyId('88'), type: 'payment_link', attributes: linkRow }), pagy }),
      )
      .executeTest(async (server) => {
        const list = await fetchPaymentLinks(clientFor(server.url), {
          region: 'all',
          channelFinance: 'all',
          status: 'pending',
          search: '',
          page: 1,
        });
        expect(list.data[0]).toMatchObject({ status: 'pending', invoice_numbers: ['INV-4711'] });
      }));

  it('GET /payment_links refuses a search under 3 characters', () =>
    loggedIn('a payment-link search of 2 characters')
      .withRequest('GET', '/payment_links', (b) =>
        b.headers(authHeaders()).query({ 'filter[link_status]': 'pending', 'filter[search]': 'ab', page: '1' }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [{ code: 'ER-VALIDATION', title: 'search', detail: string('search needs at least 3 characters') }],
        }),
      )
      .executeTest(async (server) => {
        // The app never sends it (below 3 characters the search is left out); the provider still refuses it.
        const response = await fetch(
          `${server.url}/payment_links?filter[link_status]=pending&filter[search]=ab&page=1`,
          { headers: { Accept: V1, Authorization: EXAMPLE_AUTH_TOKEN } },
        );
        expect(response.status).toBe(422);
      }));
});

describe('the create-links form', () => {
  it('GET /invoices/lookup: an open invoice by number, with its customer user', () =>
    loggedIn('a lookup of an open invoice by number', CUSTOMER_STATE)
      .withRequest('GET', '/invoices/lookup', (b) =>
        b.headers(authHeaders()).query({ document_number: fromProviderState('${documentNumber}', 'INV-4711') }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: {
            id: nonEmptyId('4711'),
            type: 'invoice',
            attributes: {
              document_number: string('INV-4711'),
              balance_amount: like(22150.5),
              distributor_company: { id: integer(41), name: string('Asha Traders') },
              distributor_user: { id: integer(41), email: string('asha@example.test'), mobile: string('9800000041') },
            },
          },
        }),
      )
      .executeTest(async (server) => {
        const found = await lookUpInvoice(clientFor(server.url), 'INV-4711');
        expect(found).toMatchObject({ id: '4711', document_number: 'INV-4711', distributor_user: { id: '41' } });
      }));

  it('POST /payment_links: a link for one invoice', () =>
    loggedIn('a new payment link from the create form', CUSTOMER_STATE)
      .withRequest('POST', '/payment_links', (b) =>
        b.headers(jsonWrite('create-1')).jsonBody({
          payment_links: {
            distributor_user_id: fromProviderState('${customerId}', 41),
            invoices_ids: [fromProviderState('${invoiceId}', 4711)],
            mode_of_communication: ['email'],
          },
        }),
      )
      .willRespondWith(201, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ message: string('Payment link sent successfully.'), data: eachLike(linkRow) }),
      )
      .executeTest(async (server) => {
        const answer = await createPaymentLink(
          clientFor(server.url),
          { payment_links: { distributor_user_id: 41, invoices_ids: [4711], mode_of_communication: ['email'] } },
          'create-1',
        );
        expect(answer.data[0]?.status).toBe('pending');
      }));
});

describe('the send-links modal', () => {
  it('GET /distributor_companies: customers with dues', () =>
    loggedIn('the customers with open invoices', CUSTOMER_STATE)
      .withRequest('GET', '/distributor_companies', (b) =>
        b.headers(authHeaders()).query({ 'filter[status]': 'open,partially_paid', page: '1' }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('41'),
            type: 'distributor_company',
            attributes: {
              id: integer(41),
              name: string('Asha Traders'),
              primary_user_email: string('asha@example.test'),
              primary_user_mobile: string('9800000041'),
              region: regex('^(north|east|west|south)$', 'north'),
            },
          }),
          pagy,
        }),
      )
      .executeTest(async (server) => {
        const list = await fetchLinkCustomers(clientFor(server.url), { search: '', page: 1 });
        expect(list.data[0]).toMatchObject({ id: '41', region: 'north' });
      }));

  it('GET /invoices: one customer’s open invoices by part of the number', () =>
    loggedIn('one customer’s open invoices matching 2 characters of the number', CUSTOMER_STATE)
      .withRequest('GET', '/invoices', (b) =>
        b.headers(authHeaders()).query({
          'filter[status_in][]': ['open', 'partially_paid'],
          'filter[distributor_company_id]': fromProviderState('${customerId}', '41'),
          'filter[document_number_cont]': fromProviderState('${numberPart}', '47'),
          page: '1',
        }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            invoiceListBody(pagy, eachLike({ display_name: string('Customer Name'), key: string('customer_name') })),
          ),
      )
      .executeTest(async (server) => {
        const list = await fetchCustomerInvoices(clientFor(server.url), { customerId: '41', search: '47', page: 1 });
        expect(list.data[0]).toMatchObject({ id: '4711', status: 'open' });
      }));

  it('POST /payments/send_payment_links: by invoice', () =>
    loggedIn('payment links sent by invoice', CUSTOMER_STATE)
      .withRequest('POST', '/payments/send_payment_links', (b) =>
        b.headers(jsonWrite('send-1')).jsonBody({
          payment_links: {
            distributor_company_id: fromProviderState('${customerId}', 41),
            invoices_ids: [fromProviderState('${invoiceId}', 4711)],
            mode_of_communication: ['whatsapp', 'email'],
          },
        }),
      )
      .willRespondWith(201, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ message: string('Payment link sent successfully.'), data: eachLike(linkRow) }),
      )
      .executeTest(async (server) => {
        const answer = await sendPaymentLinks(
          clientFor(server.url),
          {
            payment_links: {
              distributor_company_id: 41,
              invoices_ids: [4711],
              mode_of_communication: ['whatsapp', 'email'],
            },
          },
          'send-1',
        );
        expect(answer.data).toHaveLength(1);
      }));

  it('POST /payments/send_payment_links: by customer', () =>
    loggedIn('payment links sent by customer', CUSTOMER_STATE)
      .withRequest('POST', '/payments/send_payment_links', (b) =>
        b.headers(jsonWrite('send-2')).jsonBody({
          payment_links: {
            distributor_company_ids: [fromProviderState('${customerId}', 41)],
            mode_of_communication: ['sms'],
          },
        }),
      )
      .willRespondWith(201, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody({ message: string('Payment link sent successfully.'), data: eachLike(linkRow) }),
      )
      .executeTest(async (server) => {
        const answer = await sendPaymentLinks(
          clientFor(server.url),
          { payment_links: { distributor_company_ids: [41], mode_of_communication: ['sms'] } },
          'send-2',
        );
        expect(answer.data[0]?.invoice_ids.length).toBeGreaterThan(0);
      }));

  it('POST /payments/send_payment_links refuses missing invoices field by field', () =>
    loggedIn('payment links without invoices', CUSTOMER_STATE)
      .withRequest('POST', '/payments/send_payment_links', (b) =>
        b.headers(jsonWrite('send-3')).jsonBody({
          payment_links: {
            distributor_company_id: fromProviderState('${customerId}', 41),
            invoices_ids: [],
            mode_of_communication: ['email'],
          },
        }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [
            {
              code: 'ER-VALIDATION',
              title: 'invoices_ids',
              detail: string('invoices_ids must list one or more ids'),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const failure = sendPaymentLinks(
          clientFor(server.url),
          { payment_links: { distributor_company_id: 41, invoices_ids: [], mode_of_communication: ['email'] } },
          'send-3',
        );
        await expect(failure).rejects.toMatchObject({ status: 422 });
      }));

  it('POST /payments/send_payment_links refuses a channel the anchor blocked', () =>
    loggedIn(
      'payment links by SMS where SMS is blocked',
      'anchor1551@anchor.test has a customer with open invoices',
      'anchor1551@anchor.test',
    )
      .withRequest('POST', '/payments/send_payment_links', (b) =>
        b.headers(jsonWrite('send-4')).jsonBody({
          payment_links: {
            distributor_company_ids: [fromProviderState('${customerId}', 900)],
            mode_of_communication: ['sms'],
          },
        }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [
            {
              code: 'ER-CHANNEL-BLOCKED',
              title: 'mode_of_communication',
              detail: string('Please contact your admin to unblock the SMS service.'),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const failure = sendPaymentLinks(
          clientFor(server.url),
          { payment_links: { distributor_company_ids: [900], mode_of_communication: ['sms'] } },
          'send-4',
        );
        await expect(failure).rejects.toMatchObject({ status: 422, code: 'ER-CHANNEL-BLOCKED' });
      }));
});

describe('reminders', () => {
  it('POST /schedule_reminders: a custom reminder', () =>
    loggedIn('a custom reminder for an invoice', CUSTOMER_STATE)
      .withRequest('POST', '/schedule_reminders', (b) =>
        b.headers(jsonWrite('remind-1')).jsonBody({
          schedule_reminder: {
            time: '09.00',
            type: 'CUSTOM_DAYS',
            days: '1001000',
            invoice_ids: [fromProviderState('${invoiceId}', 4711)],
            category_type: 'clear_dues_for_invoice',
            modes: ['whatsapp'],
          },
        }),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          message: string('Reminder scheduled successfully.'),
          data: {
            id: nonEmptyId('5'),
            type: 'CUSTOM_DAYS',
            time: '09.00',
            days: '1001000',
            invoice_ids: eachLike(string('4711')),
            modes: ['whatsapp'],
            next_run_at: isoTime,
          },
        }),
      )
      .executeTest(async (server) => {
        const body = {
          schedule_reminder: {
            time: '09.00',
            type: 'CUSTOM_DAYS' as const,
            days: '1001000',
            invoice_ids: [4711],
            category_type: 'clear_dues_for_invoice' as const,
            modes: ['whatsapp' as const],
          },
        };
        const answer = await scheduleReminder(clientFor(server.url), body, 'remind-1');
        expect(answer.data).toMatchObject({ type: 'CUSTOM_DAYS', days: '1001000' });
      }));

  it('POST /schedule_reminders refuses a schedule without a time', () =>
    loggedIn('a reminder without a time', CUSTOMER_STATE)
      .withRequest('POST', '/schedule_reminders', (b) =>
        b.headers(jsonWrite('remind-2')).jsonBody({
          schedule_reminder: {
            time: '',
            type: 'DAILY',
            days: '1111111',
            invoice_ids: [fromProviderState('${invoiceId}', 4711)],
            category_type: 'clear_dues_for_invoice',
            modes: ['email'],
          },
        }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: [
            {
              code: 'ER-VALIDATION',
              title: 'time',
              detail: string('time must be an hour from 24.00 (12 AM) to 23.00'),
            },
          ],
        }),
      )
      .executeTest(async (server) => {
        const body = {
          schedule_reminder: {
            time: '',
            type: 'DAILY' as const,
            days: '1111111',
            invoice_ids: [4711],
            category_type: 'clear_dues_for_invoice' as const,
            modes: ['email' as const],
          },
        };
        await expect(scheduleReminder(clientFor(server.url), body, 'remind-2')).rejects.toMatchObject({ status: 422 });
      }));
});
