import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { customerContactsQuery, fetchCustomerContacts } from '../../../src/api/customers';
import { DEFAULT_TABLE_STATE } from '../../../src/lib/table-state';
import { authHeaders, clientFor, exactly, JSON_CONTENT, newPact, nonEmptyId } from '../pact';

const { eachLike, integer, string, regex } = MatchersV3;
const pact = newPact();

describe('customer calls', () => {
  it('GET /distributor_companies lists the admin’s customers with contact details, by region and page', () =>
    pact
      .addInteraction()
      .given('t1@anchor.test is logged in')
      .given('t1@anchor.test has more than a page of customers in the north, with addresses and bank account details')
      .uponReceiving('a request for the customers of one region (admin)')
      .withRequest('GET', '/distributor_companies', (b) =>
        b.headers(authHeaders()).query({
          'filter[region]': 'north',
          'filter[admin_panel]': 'true',
          'filter[require_address_details]': 'true',
          page: '1',
        }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          data: eachLike({
            id: nonEmptyId('12'),
            type: 'distributor_company',
            attributes: {
              id: integer(12),
              name: string('Sharma Traders'),
              customer_code: string('CS000012'),
              region: exactly('north'),
              business_email: string('accounts.sharma.12@example.in'),
              mobile_number: regex('^[6-9][0-9]{9}$', '9876543210'),
              company_address: {
                address_1: string('12, MG Road'),
                address_2: string('Market Yard'),
                city: string('Lucknow'),
                state: string('Uttar Pradesh'),
                pin_code: regex('^[0-9]{6}$', '226001'),
              },
              account_details: eachLike({
                upi_id: nonEmptyId('sharma12@okhdfc'),
                ifsc: regex('^[A-Z]{4}0[A-Z0-9]{6}$', 'HDFC0001234'),
                bank_name: string('HDFC Bank'),
              }),
            },
          }),
          pagy: {
            count: integer(80),
            page: 1,
            items: integer(10),
            pages: integer(8),
            from: integer(1),
            to: integer(10),
            prev: null,
            next: integer(2),
          },
        }),
      )
      .executeTest(async (server) => {
        const answer = await fetchCustomerContacts(
          clientFor(server.url),
          customerContactsQuery({ ...DEFAULT_TABLE_STATE, region: 'north' }),
        );
        expect(answer.data[0]).toMatchObject({
          id: '12',
          name: 'Sharma Traders',
          customer_code: 'CS000012',
          region: 'north',
        });
        expect(answer.pagy).toMatchObject({ page: 1, next: 2 });
      }));
});
