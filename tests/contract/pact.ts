import { PactV4, SpecificationVersion, MatchersV3, type Matcher } from '@pact-foundation/pact';
import { createApiClient, type ClientOptions, type SessionPort } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { DEFAULT_PRODUCT, vendorMediaType } from '../../src/domain/product';

/** The names in the pact file; a backend team verifies `lending-provider` against it. */
export const CONSUMER = 'anchor-portal';
export const PROVIDER = 'lending-provider';
/** The committed pact: what the provider is verified against (change it only with `npm run pact:accept`). */
export const PACT_DIR = 'pacts';
export const PACT_FILE = `${PACT_DIR}/${CONSUMER}-${PROVIDER}.json`;
/**
 * Where the consumer tests write the pact they generate: a git-ignored scratch folder (PACT_OUT_DIR overrides it).
 * tests/contract/pact-drift.ts compares it with PACT_FILE; `npm run pact:consumer` clears it first (Pact merges into a file it finds).
 */
export const GENERATED_PACT_DIR = process.env.PACT_OUT_DIR || '.pact-out';
export const GENERATED_PACT_FILE = `${GENERATED_PACT_DIR}/${CONSUMER}-${PROVIDER}.json`;

export function newPact(): PactV4 {
  return new PactV4({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir: GENERATED_PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: 'warn',
  });
}

/**
 * The day the pact's examples are written around (fixed dates in queries: a 2025-11-23..2026-11-22 window). A
 * provider is verified with data laid out around it: the mock runs on a clock that starts then (MOCK_TODAY).
 */
export const PACT_TODAY = new Date('2026-11-22T10:00:00').getTime();

/** An example token in the pact; the verification sends the one the interaction's provider state returns. */
export const EXAMPLE_AUTH_TOKEN = 'at_example-token';

export const V1 = vendorMediaType(DEFAULT_PRODUCT, 1);
export const JSON_CONTENT = {
  'Content-Type': MatchersV3.regex('^application/json(;.*)?$', 'application/json; charset=utf-8'),
};

/**
 * The Authorization of an interaction: whatever its provider states return as `authToken` (a user's auth
 * token, a pay token), `example` in the consumer test. Any provider can verify it: no token is in the pact.
 */
export const authorization = (example: string = EXAMPLE_AUTH_TOKEN) =>
  MatchersV3.fromProviderState('${authToken}', example);

/** Request headers of an authenticated JSON call. */
export const authHeaders = (extra: Record<string, string> = {}) => ({
  Accept: V1,
  Authorization: authorization(),
  ...extra,
});

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

// ---------------------------------------------------------------------------------------------------
// Matchers the consumer tests share
// ---------------------------------------------------------------------------------------------------

/** A regex source matching exactly one of `values`. */
export const oneOf = (values: readonly string[]) => `^(${values.join('|')})$`;
/** An id as the app's codecs take it: a string with something in it (an empty id is refused). */
export const nonEmptyId = (example: string) => MatchersV3.regex('^\\S+$', example);

/** A string that must equal `value` (inside eachLike, where a plain value is matched by type only). */
export const exactly = (value: string) => MatchersV3.regex(`^${value}$`, value);

/**
 * A JSON number whose decimal form matches `pattern`: Pact's Rust core applies a regex rule to a number's
 * string form. A regex alone would also accept a string, so pair it with `numberRules` for the same paths.
 */
export function numberMatching(pattern: string, example: number): Matcher<number> {
  if (!new RegExp(pattern).test(String(example))) throw new Error(`example ${example} does not match ${pattern}`);
  const matcher = { 'pact:matcher:type': 'regex', regex: pattern, value: example };
  return matcher;
}

/** The JSON types of the paths pinned with `numberMatching`, as extra response rules (combined with the regex by AND). */
export const numberRules = (types: Record<string, 'integer' | 'number'>) => ({
  body: Object.entries(types).map(([path, type]) => ({
    path,
    rules: [type === 'integer' ? MatchersV3.integer() : MatchersV3.number()],
  })),
});

/** A whole number above 0. */
export const positiveCount = (example: number) => numberMatching('^[1-9]\\d*$', example);

/** The ApiError a call rejects with (fails the test if it resolves or rejects with anything else). */
export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const failure = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(failure instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(failure)}`);
  return failure;
}
