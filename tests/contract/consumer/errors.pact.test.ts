import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { apiErrorFromBody } from '../../../src/api/errors';
import { DEFAULT_PRODUCT, vendorMediaType } from '../../../src/domain/product';
import { authHeaders, EXAMPLE_AUTH_TOKEN, exactly, JSON_CONTENT, newPact, V1 } from '../pact';

/**
 * The error answers every call shares, which the client reads by one rule (src/api/errors.ts): a 422 for a
 * filter value or page the provider does not know, naming the parameter in `title`, and a 406 for a media type
 * version it does not serve. The app never sends these requests itself, so each test sends the raw request and
 * reads the answer with the client's own reader.
 */
const { eachLike, string } = MatchersV3;
const pact = newPact();

const loggedIn = (description: string) => pact.addInteraction().given('t1@anchor.test is logged in').uponReceiving(description);
const fieldError = (field: string, example: string) => ({ errors: eachLike({ code: exactly('ER-VALIDATION'), title: exactly(field), detail: string(example) }) });
const rawHeaders = (accept = V1) => ({ Accept: accept, Authorization: EXAMPLE_AUTH_TOKEN });

async function failure(url: string, accept?: string) {
  const response = await fetch(url, { headers: rawHeaders(accept) });
  return apiErrorFromBody(response.status, await response.json());
}

describe('the error answers a client must handle', () => {
  it('GET /invoices with a filter value the provider does not know: 422 naming the filter', () =>
    loggedIn('an invoice list filtered by a region that does not exist')
      .withRequest('GET', '/invoices', (b) => b.headers(authHeaders()).query({ 'filter[distributor_company_region_eq]': 'central', page: '1' }))
      .willRespondWith(422, (b) => b.headers(JSON_CONTENT).jsonBody(fieldError('distributor_company_region_eq', 'distributor_company_region_eq must be one of north, south, east, west')))
      .executeTest(async (server) => {
        const error = await failure(`${server.url}/invoices?filter[distributor_company_region_eq]=central&page=1`);
        expect(error.status).toBe(422);
        expect(Object.keys(error.fieldErrors())).toEqual(['distributor_company_region_eq']);
      }));

  it('GET /invoices with page 0: 422 naming the page', () =>
    loggedIn('an invoice list asked for page 0')
      .withRequest('GET', '/invoices', (b) => b.headers(authHeaders()).query({ page: '0' }))
      .willRespondWith(422, (b) => b.headers(JSON_CONTENT).jsonBody(fieldError('page', 'page must be a whole number from 1')))
      .executeTest(async (server) => {
        const error = await failure(`${server.url}/invoices?page=0`);
        expect(Object.keys(error.fieldErrors())).toEqual(['page']);
      }));

  it('GET /users/:id asking for a version the provider does not serve: 406', () => {
    const unknownVersion = vendorMediaType(DEFAULT_PRODUCT, 9 as never);
    return loggedIn('a request for a media type version the provider does not serve')
      .withRequest('GET', '/users/1', (b) => b.headers({ ...authHeaders(), Accept: unknownVersion }))
      .willRespondWith(406, (b) => b.headers(JSON_CONTENT).jsonBody({ errors: eachLike({ code: exactly('ER-NOT-ACCEPTABLE'), detail: string('Version 9 is not served.') }) }))
      .executeTest(async (server) => {
        const error = await failure(`${server.url}/users/1`, unknownVersion);
        expect([error.status, error.code]).toEqual([406, 'ER-NOT-ACCEPTABLE']);
      });
  });
});
