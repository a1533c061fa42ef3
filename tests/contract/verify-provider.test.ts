import { describe, expect, it } from 'vitest';
import { verificationFromCli } from './verify-provider';

describe('npm run pact:verify:provider (its settings)', () => {
  const base = ['--provider-base-url', 'https://provider.example'];
  const states = { PACT_STATES_SETUP_URL: 'https://provider.example/_pact/states' };

  it('takes the provider from the flag and the states URL from the environment, with the committed pact', () => {
    expect(verificationFromCli(base, states)).toEqual({
      providerBaseUrl: 'https://provider.example',
      statesUrl: 'https://provider.example/_pact/states',
      headers: [],
    });
  });

  it('says what is missing instead of failing inside the verifier', () => {
    expect(() => verificationFromCli([], states)).toThrow('Give the provider: --provider-base-url');
    expect(() => verificationFromCli(base, {})).toThrow('Give the provider-state endpoint: PACT_STATES_SETUP_URL');
  });

  it('adds the extra headers, but never an Authorization (the states give each interaction its own)', () => {
    expect(
      verificationFromCli(base, { ...states, PACT_PROVIDER_HEADERS: 'X-Api-Key: abc\n  X-Tenant: t1 ' }).headers,
    ).toEqual(['X-Api-Key: abc', 'X-Tenant: t1']);
    expect(() => verificationFromCli(base, { ...states, PACT_PROVIDER_HEADERS: 'Authorization: at_x' })).toThrow(
      /leave Authorization out/,
    );
    expect(() => verificationFromCli(base, { ...states, PACT_PROVIDER_HEADERS: 'not a header' })).toThrow(
      /is not 'Name: value'/,
    );
  });

  it('uses a Pact Broker only with both its URL and token, and publishes as the given version', () => {
    const broker = {
      ...states,
      PACT_BROKER_BASE_URL: 'https://broker.example',
      PACT_BROKER_TOKEN: 't0k',
      PACT_PROVIDER_VERSION: '1.2.3',
    };
    expect(verificationFromCli(base, broker).broker).toEqual({
      url: 'https://broker.example',
      token: 't0k',
      providerVersion: '1.2.3',
    });
    expect(() => verificationFromCli(base, { ...states, PACT_BROKER_BASE_URL: 'https://broker.example' })).toThrow(
      /both PACT_BROKER_BASE_URL and PACT_BROKER_TOKEN/,
    );
  });
});
