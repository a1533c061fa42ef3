import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from '../../../mock-server/app';
import { PACT_STATES_PATH } from '../../../mock-server/pact-states';
import { PACT_TODAY } from '../pact';
import { verifyProvider } from '../verify-provider';

/**
 * Verifies the embedded mock provider against the pact the consumer tests wrote, the way a backend team
 * verifies theirs (tests/contract/verify-provider.ts): the mock serves the provider states at its test-only
 * endpoint, and every Authorization comes from the states. Then checks the states put back what they changed.
 *
 * The pact's examples use fixed dates, so the mock runs on a clock that starts on PACT_TODAY: its seed is laid
 * out around that day whenever the verification runs.
 */
const DEV_KEY = 'pact-verification';
const startedAt = Date.now();
const mock = createMockServer({
  clock: () => new Date(PACT_TODAY + (Date.now() - startedAt)),
  log: () => {},
  devKey: DEV_KEY,
  pactStates: true,
});
let running: RunningMock;

beforeAll(async () => {
  running = await mock.listen(0);
});
afterAll(() => running.close());

/**
 * What the admin and session interactions add and change (users, their flags and passwords, bank accounts,
 * settings, the audit log), which their states put back on teardown.
 */
function adminData() {
  const db = mock.db();
  return structuredClone({
    users: db.users,
    bankAccounts: db.anchor_account_details,
    settings: db.anchor_settings,
    auditLog: db.admin_changes,
  });
}

describe('provider verification', () => {
  it('the mock provider honours every interaction in the pact, through its provider-state endpoint', async () => {
    const before = adminData();
    await verifyProvider({
      providerBaseUrl: running.url,
      statesUrl: `${running.url}${PACT_STATES_PATH}?key=${DEV_KEY}`,
    });
    expect(adminData(), 'the states leave users, bank accounts, settings and the audit log as they found them').toEqual(
      before,
    );
  });
});
