import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { login } from '../../../src/api/auth';
import { apiErrorFromBody, ApiError } from '../../../src/api/errors';
import { DEFAULT_PRODUCT, vendorMediaType } from '../../../src/domain/product';
import { authHeaders, clientFor, EXAMPLE_AUTH_TOKEN, exactly, failureOf, JSON_CONTENT, newPact, V1 } from '../pact';

/**
 * The error answers every call shares, which the client reads by one rule (src/api/errors.ts): a 422 for a
 * filter value or page the provider does not know, naming the parameter in `title`, a 406 for a media type
 * version it does not serve, a 413 for a body over the limit and a 400 for a body it cannot read. The app never
 * sends most of these requests itself, so those tests send the raw request and read the answer with the
 * client's own reader. Only status and the errors list are pinned for 400 and 413: the app shows 'CODE: detail'
 * whatever the code. A 500 is not in the pact: no provider state can make a correct provider fail, and the
 * client's reading of it (a retryable 'The provider failed to answer') is tested in src/api/client.test.ts.
 */
const { eachLike, fromProviderState, string } = MatchersV3;
const pact = newPact();

const loggedIn = (description: string) =>
  pact.addInteraction().given('t1@anchor.test is logged in').uponReceiving(description);
const fieldError = (field: string, example: string) => ({
  errors: eachLike({ code: exactly('ER-VALIDATION'), title: exactly(field), detail: string(example) }),
});
/** The limits the mock applies against hostile input (huge or deeply nested bodies) and a real provider must at least match: 256 KB bodies, and JSON deeper than 100 levels refused (Rails' JSON parser refuses past 100 by default; the mock past 32). */
const BODY_LIMITS_STATE = 'request bodies over 256 KB and JSON nested more than 100 levels deep are refused';
const OVER_BODY_LIMIT = 'x'.repeat(256 * 1024 + 1);
const NESTING = 110; // over Rails' 100, under the 128 Pact's own JSON reader takes
const deeplyNested = (depth: number): unknown => (depth === 0 ? 'bottom' : [deeplyNested(depth - 1)]);
const anyError = (code: string, detail: string) => ({
  errors: eachLike({ code: string(code), detail: string(detail) }),
});
const jsonRequest = { Accept: V1, 'Content-Type': 'application/json' };
const rawHeaders = (accept = V1) => ({ Accept: accept, Authorization: EXAMPLE_AUTH_TOKEN });

async function failure(url: string, accept?: string) {
  const response = await fetch(url, { headers: rawHeaders(accept) });
  return apiErrorFromBody(response.status, await response.json());
}

describe('the error answers a client must handle', () => {
  it('GET /invoices with a filter value the provider does not know: 422 naming the filter', () =>
    loggedIn('an invoice list filtered by a region that does not exist')
      .withRequest('GET', '/invoices', (b) =>
        b.headers(authHeaders()).query({ 'filter[distributor_company_region_eq]': 'central', page: '1' }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(
            fieldError(
              'distributor_company_region_eq',
              'distributor_company_region_eq must be one of north, south, east, west',
            ),
          ),
      )
      .executeTest(async (server) => {
        const error = await failure(`${server.url}/invoices?filter[distributor_company_region_eq]=central&page=1`);
        expect(error.status).toBe(422);
        expect(Object.keys(error.fieldErrors())).toEqual(['distributor_company_region_eq']);
      }));

  it('GET /invoices with page 0: 422 naming the page', () =>
    loggedIn('an invoice list asked for page 0')
      .withRequest('GET', '/invoices', (b) => b.headers(authHeaders()).query({ page: '0' }))
      .willRespondWith(422, (b) =>
        b.headers(JSON_CONTENT).jsonBody(fieldError('page', 'page must be a whole number from 1')),
      )
      .executeTest(async (server) => {
        const error = await failure(`${server.url}/invoices?page=0`);
        expect(Object.keys(error.fieldErrors())).toEqual(['page']);
      }));

  it('GET /users/:id asking for a version the provider does not serve: 406', () => {
    const unknownVersion = vendorMediaType(DEFAULT_PRODUCT, 9 as never);
    return loggedIn('a request for a media type version the provider does not serve')
      .withRequest('GET', fromProviderState('/users/${userId}', '/users/1'), (b) =>
        b.headers({ ...authHeaders(), Accept: unknownVersion }),
      )
      .willRespondWith(406, (b) =>
        b.headers(JSON_CONTENT).jsonBody({
          errors: eachLike({ code: exactly('ER-NOT-ACCEPTABLE'), detail: string('Version 9 is not served.') }),
        }),
      )
      .executeTest(async (server) => {
        const error = await failure(`${server.url}/users/1`, unknownVersion);
        expect([error.status, error.code]).toEqual([406, 'ER-NOT-ACCEPTABLE']);
      });
  });

  it('POST /sessions with a body over the limit: 413, read like any error', async () => {
    const credentials = { email: 't1@anchor.test', password: OVER_BODY_LIMIT };
    await pact
      .addInteraction()
      .given(BODY_LIMITS_STATE)
      .uponReceiving('a login whose body is over 256 KB')
      .withRequest('POST', '/sessions', (b) => b.headers(jsonRequest).jsonBody({ user: credentials }))
      .willRespondWith(413, (b) =>
        b.headers(JSON_CONTENT).jsonBody(anyError('ER-TOO-LARGE', 'The request body is too large.')),
      )
      .executeTest(async (server) => {
        const error = await failureOf(login(clientFor(server.url), credentials));
        expect(error).toBeInstanceOf(ApiError);
        expect([error.status, error.code]).toEqual([413, 'ER-TOO-LARGE']);
      });
  });

  it('POST /sessions with JSON nested deeper than the provider reads: 400, read like any error', () =>
    pact
      .addInteraction()
      .given(BODY_LIMITS_STATE)
      .uponReceiving('a login whose JSON is nested 110 levels deep')
      .withRequest('POST', '/sessions', (b) =>
        b.headers(jsonRequest).jsonBody({ user: { email: 't1@anchor.test', password: deeplyNested(NESTING) } }),
      )
      .willRespondWith(400, (b) =>
        b
          .headers(JSON_CONTENT)
          .jsonBody(anyError('ER-BAD-REQUEST', 'The request body nests more than 32 levels deep.')),
      )
      .executeTest(async (server) => {
        const response = await fetch(`${server.url}/sessions`, {
          method: 'POST',
          headers: jsonRequest,
          body: JSON.stringify({ user: { email: 't1@anchor.test', password: deeplyNested(NESTING) } }),
        });
        const error = apiErrorFromBody(response.status, await response.json());
        expect([error.status, error.code]).toEqual([400, 'ER-BAD-REQUEST']);
      }));
});
