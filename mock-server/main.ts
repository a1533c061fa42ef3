import { parseArgs } from 'node:util';
import { createMockServer, DEFAULT_TOKEN_TTL, type MockServerOptions } from './app';
import { DEV_KEY_HEADER } from './dev-key';
import { parseRateLimits } from './rate-limits';
import { DEFAULT_PRODUCT } from '../src/domain/product';
import { DEFAULT_SEED, DEMO_LOGINS, DEMO_PASSWORD, DEMO_PAY_LINKS, LENDING_DEMO_CUSTOMERS } from './seed';

/**
 * Settings of the mock provider, from flags first, then the environment, then defaults:
 * --port / MOCK_PORT (3001), --host / MOCK_HOST (127.0.0.1), --seed / MOCK_SEED, --scale / MOCK_SCALE,
 * --token-ttl / MOCK_TOKEN_TTL (seconds), --data-dir / MOCK_DATA_DIR (.mock-data), --memory (no files),
 * --reset (regenerate from the seed), --restore-backup (go back to the kept snapshot, db.prev.ndjson),
 * --recover (start from the snapshot and the journal before its first damaged line),
 * --today / MOCK_TODAY (run the clock from this date-time: the pact's examples are written around
 * 2026-11-22), MOCK_PACT_STATES=on (serve the pact's provider states at /__dev/pact-states; test-only),
 * MOCK_RATE_LIMITS (`login-address=1000,otp-token=50`: limits on guessing, see rate-limits.ts), MOCK_DEV_KEY (the key of the development pages, /__dev/*; random at each start when unset), MOCK_SNAPSHOT_BYTES (journal bytes of database changes that start a snapshot, 16 MB), MOCK_ROTATE_BYTES
 * (journal segment bytes that start a new segment, 8 MB), VITE_PRODUCT (product key), APP_URL (links in
 * mails).
 */
export interface MockCliSettings {
  port: number;
  host: string;
  options: MockServerOptions;
}

export function mockSettings(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): MockCliSettings & { resetOnly: boolean } {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      scale: { type: 'string' },
      'token-ttl': { type: 'string' },
      'data-dir': { type: 'string' },
      memory: { type: 'boolean' },
      reset: { type: 'boolean' },
      'reset-only': { type: 'boolean' },
      'restore-backup': { type: 'boolean' },
      recover: { type: 'boolean' },
      today: { type: 'string' },
    },
  });
  const text = (flag: string, name: string) => {
    const value = values[flag];
    return typeof value === 'string' ? value : env[name];
  };
  const number = (flag: string, name: string, fallback: number) => {
    const raw = text(flag, name);
    if (raw === undefined || raw === '') return fallback;
    const parsed = Number(raw);
    if (!Number.isFinite(parsed) || parsed <= 0)
      throw new Error(`--${flag} (${name}) must be a positive number, got '${raw}'`);
    return parsed;
  };
  const appPort = env.APP_PORT ?? '5173';
  const today = text('today', 'MOCK_TODAY');
  const todayMs = today ? Date.parse(today) : NaN;
  if (today && Number.isNaN(todayMs)) throw new Error(`--today (MOCK_TODAY) must be a date-time, got '${today}'`);
  const startedAt = Date.now();
  const resetOnly = values['reset-only'] === true;
  return {
    port: number('port', 'MOCK_PORT', 3001),
    host: text('host', 'MOCK_HOST') ?? '127.0.0.1',
    resetOnly,
    options: {
      seed: number('seed', 'MOCK_SEED', DEFAULT_SEED),
      scale: number('scale', 'MOCK_SCALE', 1),
      tokenTtl: number('token-ttl', 'MOCK_TOKEN_TTL', DEFAULT_TOKEN_TTL),
      dataDir: values.memory === true ? null : (text('data-dir', 'MOCK_DATA_DIR') ?? '.mock-data'),
      reset: values.reset === true || resetOnly,
      restoreBackup: values['restore-backup'] === true,
      recover: values.recover === true,
      snapshotBytes: env.MOCK_SNAPSHOT_BYTES ? number('snapshot-bytes', 'MOCK_SNAPSHOT_BYTES', 0) : undefined,
      rotateBytes: env.MOCK_ROTATE_BYTES ? number('rotate-bytes', 'MOCK_ROTATE_BYTES', 0) : undefined,
      product: env.VITE_PRODUCT || undefined,
      appUrl: env.APP_URL ?? `http://127.0.0.1:${appPort}`,
      devKey: env.MOCK_DEV_KEY || undefined,
      rateLimits: parseRateLimits(env.MOCK_RATE_LIMITS),
      pactStates: env.MOCK_PACT_STATES === 'on',
      ...(today ? { clock: () => new Date(todayMs + (Date.now() - startedAt)) } : {}),
    },
  };
}

/** Where a developer reads reset links and OTPs: the mock's own port, with this start's dev key. */
export function devMailboxLines(mockUrl: string, devKey: string): string[] {
  return [
    `Dev mailbox (reset links, OTPs): ${mockUrl}/__dev/outbox?key=${devKey}`,
    `  or send the header ${DEV_KEY_HEADER}: ${devKey}`,
  ];
}

export function demoLoginLines(): string[] {
  const pad = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
  return DEMO_LOGINS.map(
    (l) => `  ${l.email.padEnd(pad)}  ${DEMO_PASSWORD}  (type ${l.event ?? 'unset'}, anchor ${l.anchorId})`,
  );
}

/** The demo pay links as pay-page URLs of the app, one per line with what each shows. */
export function demoPayLinkLines(appUrl: string, product: string = DEFAULT_PRODUCT): string[] {
  const base = appUrl.replace(/\/+$/, '');
  return DEMO_PAY_LINKS.flatMap((link) => [
    `  ${base}/pay-with-${product}?token=${link.token}`,
    `      ${link.scenario}`,
  ]);
}

/** The lending demo customers of anchor 1 (t1@anchor.test), one per line with what each shows. */
export function demoLendingLines(): string[] {
  const pad = Math.max(...LENDING_DEMO_CUSTOMERS.map((c) => c.name.length));
  return LENDING_DEMO_CUSTOMERS.map((c) => `  ${c.name.padEnd(pad)}  ${c.shows}`);
}

async function main(): Promise<void> {
  const settings = mockSettings(process.argv.slice(2));
  const mock = createMockServer(settings.options);
  if (settings.resetOnly) {
    await mock.store?.close();
    console.log(`[mock] database regenerated from seed ${settings.options.seed ?? DEFAULT_SEED}.`);
    return;
  }
  const running = await mock.listen(settings.port, settings.host);
  console.log(`Mock provider: ${running.url}`);
  for (const line of devMailboxLines(running.url, mock.devKey)) console.log(line);
  console.log('Demo logins:');
  for (const line of demoLoginLines()) console.log(line);
  console.log('Demo pay links:');
  for (const line of demoPayLinkLines(settings.options.appUrl ?? 'http://127.0.0.1:5173', settings.options.product))
    console.log(line);
  console.log('Lending and pipeline demo customers (anchor 1; search them on /lending and /my-pipeline):');
  for (const line of demoLendingLines()) console.log(line);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
