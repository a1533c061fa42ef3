import { PactV4, SpecificationVersion, MatchersV3 } from '@pact-foundation/pact';
import { createApiClient, type ClientOptions, type SessionPort } from '../../src/api/client';
import { DEFAULT_PRODUCT, vendorMediaType } from '../../src/domain/product';

/** The names in the pact file; a backend team verifies `lending-provider` against it. */
export const CONSUMER = 'anchor-portal';
export const PROVIDER = 'lending-provider';
export const PACT_DIR = 'pacts';
export const PACT_FILE = `${PACT_DIR}/${CONSUMER}-${PROVIDER}.json`;

export function newPact(): PactV4 {
  return new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: PACT_DIR, spec: SpecificationVersion.SPECIFICATION_VERSION_V4, logLevel: 'warn' });
}

/** An example token in the pact; the verification swaps in a live one from the provider. */
export const EXAMPLE_AUTH_TOKEN = 'at_example-token';

export const V1 = vendorMediaType(DEFAULT_PRODUCT, 1);
export const JSON_CONTENT = { 'Content-Type': MatchersV3.regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };

/** Request headers of an authenticated JSON call. */
export const authHeaders = (extra: Record<string, string> = {}) => ({ Accept: V1, Authorization: EXAMPLE_AUTH_TOKEN, ...extra });

/** The real client, pointed at the Pact mock, with a session that always hands out the example token. */
/**
 * Pact JS 16.3+ has a race (pact-foundation/pact-reference#535, pact-js#1835): the mock server can answer
 * before it records the request as matched, and executeTest then reads "expected but not received" for a
 * request the test just got an answer to (about 1 run in 8). Every consumer test's client waits a moment
 * after each answer so the bookkeeping lands first; it is the only pause in the suite, and only here.
 */
const PACT_BOOKKEEPING_MS = 30;
async function settledFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  await new Promise((resolve) => setTimeout(resolve, PACT_BOOKKEEPING_MS));
  return response;
}

export function clientFor(url: string, port: Partial<SessionPort> = {}, options: Partial<ClientOptions> = {}) {
  const session: SessionPort = {
    currentToken: () => Promise.resolve(EXAMPLE_AUTH_TOKEN),
    expired: () => Promise.resolve(null),
    invalid: () => Promise.resolve(null),
    ...port,
  };
  return createApiClient({ baseUrl: url, product: DEFAULT_PRODUCT, session, fetch: settledFetch, ...options });
}
