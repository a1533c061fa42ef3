import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';

/**
 * The browser suite runs the built app (`vite build` first, see `npm run test:e2e`) under `vite preview`
 * with one in-memory mock provider for the whole suite, in the Debian Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium): Playwright's own browser download cannot work offline.
 */
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4173);
// The mock's development pages (dev mailbox, faults, reminder runs) answer only on its own port with its key:
// the workers inherit both from here (tests/e2e/fixtures.ts, devRequest).
process.env.E2E_MOCK_PORT ??= '3101';
process.env.E2E_DEV_KEY ??= randomBytes(18).toString('base64url');
const MOCK_PORT = Number(process.env.E2E_MOCK_PORT);
// The whole suite comes from one address and reuses the demo accounts and pay links: the limits per address
// and per pay token are lifted; the per-account login limit stays as shipped (tests/e2e/security.spec.ts).
const E2E_RATE_LIMITS = 'login-address=10000,forgot-address=10000,forgot-account=10000,otp-token=10000';
const baseURL = `http://127.0.0.1:${APP_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2, // the machine's two cores (Playwright's default would be one)
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // The suite is bound by the two cores, and recording a trace of every test (to keep only the failures') is a
    // large share of it: a failure keeps a screenshot; rerun one test with `--trace on` to get its trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app honours reduced motion (charts draw without animating, skeletons do not pulse): less to paint.
    // A test about motion asks for it (tests/e2e/chart-skeleton.spec.ts).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /record-flows\.spec\.ts$/ },
    // The flow recordings reuse demo-otp, whose new OTP cancels another test's unused one: they run after the rest.
    {
      name: 'flows',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /record-flows\.spec\.ts$/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'npx tsx scripts/start.ts --preview --memory',
    url: baseURL,
    reuseExistingServer: false,
    timeout: 60_000,
    // MOCK_FAULTS=on opens the mock's /__dev/faults with no rules: tests/e2e/faults.spec.ts adds rules scoped to its own pages.
    env: {
      APP_PORT: String(APP_PORT),
      MOCK_PORT: String(MOCK_PORT),
      APP_URL: baseURL,
      MOCK_FAULTS: 'on',
      MOCK_DEV_KEY: process.env.E2E_DEV_KEY,
      MOCK_RATE_LIMITS: E2E_RATE_LIMITS,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
