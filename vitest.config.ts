import { defineConfig } from 'vitest/config';

/**
 * Three projects, run in this order by `npm test`: unit (machines, lib, api, mock, integration against
 * the real mock), consumer (Pact consumer tests write .pact-out/; `npm run pact:drift` compares it with the committed
 * pacts/), provider (verifies the mock against pacts/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'mock-server/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/contract/*.test.ts', 'tests/flows/*.test.ts'],
        },
      },
      {
        test: {
          name: 'consumer',
          environment: 'node',
          include: ['tests/contract/consumer/**/*.pact.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'provider',
          environment: 'node',
          include: ['tests/contract/provider/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
