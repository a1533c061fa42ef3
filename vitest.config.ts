import { defineConfig } from 'vitest/config';

/**
 * Four projects, run in this order by `npm test`: unit (machines, lib, api, mock, integration against the
 * real mock; no timing assertions, limits that hold on a busy machine), heavy (`*.heavy.test.ts`: timing,
 * crash and scale tests, one file at a time), consumer (Pact consumer tests write .pact-out/; `npm run
 * pact:drift` compares it with the committed pacts/), provider (verifies the mock against pacts/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'machines/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'mock-server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/contract/*.test.ts',
            'tests/flows/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.heavy.test.ts'],
          // A 2-core machine busy with other work runs a test several times slower than a quiet one.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'heavy',
          environment: 'node',
          include: ['mock-server/**/*.heavy.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
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
