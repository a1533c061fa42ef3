import pactCore, { type VerifierOptions } from '@pact-foundation/pact-core';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CONSUMER, PACT_FILE, PROVIDER } from './pact';

/**
 * Verifies a provider against the committed pact: `npm run pact:verify:provider -- --provider-base-url URL`.
 * No mock and no test runner: a backend team points it at its own provider. From the environment:
 *
 * - PACT_STATES_SETUP_URL (or --states-url): the provider's provider-state endpoint (Pact's protocol: POST
 *   `{ state, params, action: 'setup' | 'teardown' }`, a setup answers the values to inject, `authToken` the
 *   Authorization of the interaction); pacts/PROVIDER-STATES.md lists the states. Required.
 * - PACT_PROVIDER_HEADERS: more headers for every request to the provider, one `Name: value` per line (an API
 *   gateway's key, say). Never the Authorization: each interaction gets its own from its states.
 * - PACT_BROKER_BASE_URL and PACT_BROKER_TOKEN: fetch the consumer's pacts from a Pact Broker instead of the
 *   committed file and publish the results there (as PACT_PROVIDER_VERSION, default the git commit).
 */
export interface ProviderVerification {
  providerBaseUrl: string;
  statesUrl: string;
  headers?: string[];
  broker?: { url: string; token: string; providerVersion: string };
  /** The pact file, when no broker is given (default: the committed one). */
  pactFile?: string;
  logLevel?: VerifierOptions['logLevel'];
}

/**
 * Pact's Rust verifier, straight from pact-core: it calls the state endpoint, injects what the setups answer and
 * sends the requests itself. (@pact-foundation/pact's Verifier would put its own proxy in between, whose JSON
 * body limit of 100 KB answers an HTML 413 for the interaction that checks the provider's own 256 KB limit.)
 */
export function verifyProvider(options: ProviderVerification): Promise<string> {
  const source: Partial<VerifierOptions> = options.broker
    ? {
        pactBrokerUrl: options.broker.url,
        pactBrokerToken: options.broker.token,
        consumerVersionSelectors: [{ latest: true }],
        publishVerificationResult: true,
        providerVersion: options.broker.providerVersion,
      }
    : { pactUrls: [resolve(options.pactFile ?? PACT_FILE)] };
  return pactCore.verifyPacts({
    provider: PROVIDER,
    providerBaseUrl: options.providerBaseUrl,
    providerStatesSetupUrl: options.statesUrl,
    customProviderHeaders: options.headers ?? [],
    logLevel: options.logLevel ?? 'warn',
    ...source,
  });
}

/** The settings of a command-line run, from flags first, then the environment; a clear error for what is missing. */
export function verificationFromCli(argv: string[], env: NodeJS.ProcessEnv): ProviderVerification {
  const { values } = parseArgs({
    args: argv,
    options: { 'provider-base-url': { type: 'string' }, 'states-url': { type: 'string' }, pact: { type: 'string' } },
  });
  const providerBaseUrl = values['provider-base-url'] ?? env.PACT_PROVIDER_BASE_URL;
  const statesUrl = values['states-url'] ?? env.PACT_STATES_SETUP_URL;
  if (!providerBaseUrl)
    throw new Error('Give the provider: --provider-base-url https://provider.example (or PACT_PROVIDER_BASE_URL).');
  if (!statesUrl)
    throw new Error(
      'Give the provider-state endpoint: PACT_STATES_SETUP_URL=https://provider.example/... (see pacts/PROVIDER-STATES.md).',
    );
  const headers = (env.PACT_PROVIDER_HEADERS ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  for (const header of headers) {
    if (!/^[\w-]+:\s*\S/.test(header)) throw new Error(`PACT_PROVIDER_HEADERS: '${header}' is not 'Name: value'.`);
    if (/^authorization:/i.test(header))
      throw new Error(
        'PACT_PROVIDER_HEADERS: leave Authorization out; each interaction gets it from its provider states.',
      );
  }
  const brokerUrl = env.PACT_BROKER_BASE_URL;
  const brokerToken = env.PACT_BROKER_TOKEN;
  if (Boolean(brokerUrl) !== Boolean(brokerToken))
    throw new Error('Set both PACT_BROKER_BASE_URL and PACT_BROKER_TOKEN to use a Pact Broker, or neither.');
  return {
    providerBaseUrl,
    statesUrl,
    headers,
    ...(values.pact ? { pactFile: values.pact } : {}),
    ...(brokerUrl && brokerToken
      ? { broker: { url: brokerUrl, token: brokerToken, providerVersion: env.PACT_PROVIDER_VERSION ?? gitCommit() } }
      : {}),
  };
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const verification = verificationFromCli(process.argv.slice(2), process.env);
  const against = verification.broker
    ? `${CONSUMER}'s pacts from ${verification.broker.url}`
    : (verification.pactFile ?? PACT_FILE);
  console.log(`Verifying ${verification.providerBaseUrl} against ${against}`);
  await verifyProvider(verification);
  console.log('Every interaction verified.');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
