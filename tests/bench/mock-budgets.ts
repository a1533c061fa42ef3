/**
 * The mock's budgets, measured on the mock as `npm run mock` runs it: a child process on a
 * loopback port, started twice in the same run: once with `--memory` (the comparison) and once saving to a
 * fresh temporary data folder (the figures under budget). The saving mock is started, stopped and started
 * again, so its "first request after start" reads its data from disk. For each mock:
 *
 * - first request after start: the first GET /invoices (the due list) after the mock says it listens
 *   (after one login, which is timed too), then the first GET /distributor_companies/lending_list (the
 *   lending page's list, same budget);
 * - logins per second: POST /sessions, 8 at a time, for a few seconds;
 * - the first list after a 10,000-row CSV upload (the due list, then the lending list);
 * - lists while writes go on: one client writes (a star, a one-row CSV upload, a login, in turn) while two
 *   others read the due list and the lending list in turn; each read's latency counts (p50, p99), per list;
 * - peak memory: the child's VmHWM (peak resident set) at the end;
 * - beside them, what a test worker's own data would cost: a copy of the freshly seeded store, and a start on it.
 *
 * Run alone: `npx tsx tests/bench/mock-budgets.ts --scale 22`; `npm run bench:mock` runs it after the
 * latency tables. `--snapshot-bytes N` (default 4 MB) sets the saving mock's MOCK_SNAPSHOT_BYTES, so a
 * database snapshot (normally after 32 MB of journal) happens during the run and is part of the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { copyStore } from '../../mock-server/store/store';
import { freePort } from '../../mock-server/child-mock';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EMAIL = 't1@anchor.test';
const PASSWORD = 'Demo@1234';

export interface BudgetOptions {
  scale: number;
  /** Seconds for the login rate. */
  loginSeconds?: number;
  /** Seconds of lists while writes go on. */
  writeSeconds?: number;
  snapshotBytes?: number;
  log?: (line: string) => void;
}

interface Figures {
  readyMs: number;
  firstLoginMs: number;
  firstListMs: number;
  firstLendingMs: number;
  loginsPerSecond: number;
  uploadMs: number;
  listAfterUploadMs: number;
  lendingAfterUploadMs: number;
  listP50: number;
  listP99: number;
  listMax: number;
  lendingP50: number;
  lendingP99: number;
  lendingMax: number;
  reads: number;
  writes: number;
  peakMb: number;
}

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Child {
  process: ChildProcess;
  url: string;
  /** Milliseconds from spawn to "Mock provider: <url>". */
  readyMs: number;
  output: () => string;
}

/** The bench logs in many times a second from one address: it lifts the limits on guessing, which it does not measure. */
const LIFTED_LIMITS = 'login-account=1000000,login-address=1000000';

async function startMock(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Child> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/main.ts', '--port', String(port), ...args], {
    cwd: ROOT,
    env: { ...process.env, MOCK_RATE_LIMITS: LIFTED_LIMITS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (text += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mock did not start within 5 minutes:\n${text}`)), 300_000);
    child.stdout.on('data', (chunk: string) => {
      text += chunk;
      const match = /Mock provider: (http:\/\/\S+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited (${code}) before it listened:\n${text}`));
    });
  });
  return { process: child, url, readyMs: performance.now() - started, output: () => text };
}

async function stopMock(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  child.process.kill('SIGTERM');
  await exited;
}

function peakMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await run();
  return { ms: performance.now() - t, value };
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: { email: EMAIL, password: PASSWORD } }),
  });
  if (response.status !== 201) throw new Error(`login: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { attributes: { auth_token: string } } }).data.attributes.auth_token;
}

const DUE_LIST =
  '/invoices?filter%5Bstatus_in%5D%5B%5D=open&filter%5Bstatus_in%5D%5B%5D=partially_paid&page=1&items=10';

interface ListAnswer {
  data: { attributes: { id: number; customer_code: string; resource: { starred: boolean } } }[];
}

async function list(url: string, token: string): Promise<ListAnswer> {
  const response = await fetch(`${url}${DUE_LIST}`, { headers: { Authorization: token } });
  if (response.status !== 200) throw new Error(`list: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as ListAnswer;
}

/** The lending page's list as the app first asks for it: approved customers, this year, page 1. */
const LENDING_LIST =
  '/distributor_companies/lending_list?filter%5Bapplication_status%5D=approved&filter%5Bperiod%5D=this_year&page=1';

async function lendingList(url: string, token: string): Promise<void> {
  const response = await fetch(`${url}${LENDING_LIST}`, { headers: { Authorization: token } });
  if (response.status !== 200) throw new Error(`lending list: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: unknown[] };
  if (body.data.length === 0) throw new Error('the lending list is empty');
}

async function star(url: string, token: string, id: number, starred: boolean): Promise<void> {
  const response = await fetch(`${url}/resources/create_or_update`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ resource: { resource_type: 'Invoice', resource_id: id, starred } }),
  });
  if (response.status !== 200) throw new Error(`star: HTTP ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

async function upload(url: string, token: string, rows: string[]): Promise<void> {
  const form = new FormData();
  form.append('csvtype', 'invoice');
  const text = `invoice_number,customer_code,invoice_date,due_date,amount\r\n${rows.join('\r\n')}\r\n`;
  form.append('file', new File([text], 'bench.csv', { type: 'text/csv' }));
  const response = await fetch(`${url}/invoices/upload`, {
    method: 'POST',
    body: form,
    headers: { Authorization: token },
  });
  const body = (await response.json()) as { meta?: { accepted_rows: number }; errors?: unknown };
  if (response.status !== 200 || body.meta?.accepted_rows !== rows.length)
    throw new Error(`upload: HTTP ${response.status} ${JSON.stringify(body).slice(0, 400)}`);
}

let invoiceSerial = 0;
const run = Math.random().toString(36).slice(2, 6).toUpperCase();
const invoiceRow = (code: string) =>
  `BN${run}${String(++invoiceSerial).padStart(7, '0')},${code},${today()},${today()},1234.50`;

async function measure(child: Child, options: Required<Omit<BudgetOptions, 'log'>>): Promise<Figures> {
  const { url } = child;
  const first = await timed(() => login(url));
  const token = first.value;
  const firstList = await timed(() => list(url, token));
  const firstLending = await timed(() => lendingList(url, token));
  const page = firstList.value.data.map((row) => row.attributes);
  const codes = [...new Set(page.map((row) => row.customer_code))];
  if (codes.length === 0) throw new Error('the due list is empty: nothing to star or upload against');

  // Logins, 8 at a time.
  let logins = 0;
  const loginEnd = performance.now() + options.loginSeconds * 1000;
  const loginStart = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < loginEnd) {
        await login(url);
        logins += 1;
      }
    }),
  );
  const loginsPerSecond = logins / ((performance.now() - loginStart) / 1000);

  // A 10,000-row upload, then the first list.
  const big = await timed(() =>
    upload(
      url,
      token,
      Array.from({ length: 10_000 }, (_, i) => invoiceRow(codes[i % codes.length]!)),
    ),
  );
  const afterUpload = await timed(() => list(url, token));
  const lendingAfterUpload = await timed(() => lendingList(url, token));

  // Lists while writes go on: each reader asks for the due list and the lending list in turn.
  const latencies: number[] = [];
  const lendingLatencies: number[] = [];
  let writes = 0;
  let writing = true;
  const writer = (async () => {
    const end = performance.now() + options.writeSeconds * 1000;
    for (let i = 0; performance.now() < end; i++) {
      const target = page[i % page.length]!;
      if (i % 3 === 0) await star(url, token, target.id, i % 2 === 0);
      else if (i % 3 === 1) await upload(url, token, [invoiceRow(codes[i % codes.length]!)]);
      else await login(url);
      writes += 1;
    }
    writing = false;
  })();
  const readers = Array.from({ length: 2 }, async (_, reader) => {
    for (let i = reader; writing; i++) {
      if (i % 2 === 0) latencies.push((await timed(() => list(url, token))).ms);
      else lendingLatencies.push((await timed(() => lendingList(url, token))).ms);
    }
  });
  await Promise.all([writer, ...readers]);
  latencies.sort((a, b) => a - b);
  lendingLatencies.sort((a, b) => a - b);

  return {
    readyMs: child.readyMs,
    firstLoginMs: first.ms,
    firstListMs: firstList.ms,
    firstLendingMs: firstLending.ms,
    loginsPerSecond,
    uploadMs: big.ms,
    listAfterUploadMs: afterUpload.ms,
    lendingAfterUploadMs: lendingAfterUpload.ms,
    listP50: percentile(latencies, 50),
    listP99: percentile(latencies, 99),
    listMax: latencies.at(-1) ?? NaN,
    lendingP50: percentile(lendingLatencies, 50),
    lendingP99: percentile(lendingLatencies, 99),
    lendingMax: lendingLatencies.at(-1) ?? NaN,
    reads: latencies.length + lendingLatencies.length,
    writes,
    peakMb: peakMb(child.process.pid),
  };
}

export async function runBudgets(input: BudgetOptions): Promise<boolean> {
  const options = { loginSeconds: 4, writeSeconds: 8, snapshotBytes: 4_000_000, ...input };
  const log = input.log ?? ((line: string) => console.log(line));
  const scaleArgs = ['--scale', String(options.scale)];

  log(
    `Budgets at --scale ${options.scale}: the saving mock (a fresh data folder) beside the same mock with --memory, each a child process`,
  );
  const memory = await startMock([...scaleArgs, '--memory']);
  let memoryFigures: Figures;
  try {
    memoryFigures = await measure(memory, options);
  } finally {
    await stopMock(memory);
  }

  const dir = mkdtempSync(join(tmpdir(), 'bench-mock-'));
  let savingFigures: Figures;
  const copy = mkdtempSync(join(tmpdir(), 'bench-mock-copy-'));
  const run = { firstStartMs: 0, copyMs: 0, copyStartMs: 0, files: '' };
  try {
    const env = { MOCK_SNAPSHOT_BYTES: String(options.snapshotBytes) };
    const seeding = await startMock([...scaleArgs, '--data-dir', dir], env);
    run.firstStartMs = seeding.readyMs;
    await stopMock(seeding);
    // A seeded store copied for a test worker, and a mock started on the copy.
    const copyStarted = performance.now();
    copyStore(dir, copy);
    run.copyMs = performance.now() - copyStarted;
    const onCopy = await startMock([...scaleArgs, '--data-dir', copy], env);
    run.copyStartMs = onCopy.readyMs;
    await stopMock(onCopy);
    const saving = await startMock([...scaleArgs, '--data-dir', dir], env);
    try {
      savingFigures = await measure(saving, options);
    } finally {
      await stopMock(saving);
    }
    run.files = readdirSync(dir)
      .sort()
      .map((name) => `${name} ${(statSync(join(dir, name)).size / 1e6).toFixed(1)} MB`)
      .join(', ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }

  const rows: [string, string, string, string, boolean | null][] = [];
  const verdict = (ok: boolean) => ok;
  rows.push([
    'start to listening (ms)',
    ms(savingFigures.readyMs),
    ms(memoryFigures.readyMs),
    `first start with seeding: ${ms(run.firstStartMs)}`,
    null,
  ]);
  rows.push(['copy of the seeded store for a test (ms)', ms(run.copyMs), '', '', null]);
  rows.push(['start on the copy to listening (ms)', ms(run.copyStartMs), '', '', null]);
  rows.push(['first login after start (ms)', ms(savingFigures.firstLoginMs), ms(memoryFigures.firstLoginMs), '', null]);
  rows.push([
    'first request after start: due list (ms)',
    ms(savingFigures.firstListMs),
    ms(memoryFigures.firstListMs),
    '<= 250',
    verdict(savingFigures.firstListMs <= 250),
  ]);
  rows.push([
    'first lending list after start (ms)',
    ms(savingFigures.firstLendingMs),
    ms(memoryFigures.firstLendingMs),
    '<= 250',
    verdict(savingFigures.firstLendingMs <= 250),
  ]);
  rows.push([
    'logins per second (8 at a time)',
    savingFigures.loginsPerSecond.toFixed(1),
    memoryFigures.loginsPerSecond.toFixed(1),
    `>= ${(memoryFigures.loginsPerSecond / 2).toFixed(1)} (half of --memory)`,
    verdict(savingFigures.loginsPerSecond >= memoryFigures.loginsPerSecond / 2),
  ]);
  rows.push(['10,000-row upload (ms)', ms(savingFigures.uploadMs), ms(memoryFigures.uploadMs), '', null]);
  rows.push([
    'first list after it (ms)',
    ms(savingFigures.listAfterUploadMs),
    ms(memoryFigures.listAfterUploadMs),
    '',
    null,
  ]);
  rows.push([
    'first lending list after it (ms)',
    ms(savingFigures.lendingAfterUploadMs),
    ms(memoryFigures.lendingAfterUploadMs),
    '',
    null,
  ]);
  rows.push(['list p50 while writes go on (ms)', ms(savingFigures.listP50), ms(memoryFigures.listP50), '', null]);
  rows.push([
    'list p99 while writes go on (ms)',
    ms(savingFigures.listP99),
    ms(memoryFigures.listP99),
    '<= 50',
    verdict(savingFigures.listP99 <= 50),
  ]);
  rows.push(['list max while writes go on (ms)', ms(savingFigures.listMax), ms(memoryFigures.listMax), '', null]);
  rows.push([
    'lending list p50 while writes go on (ms)',
    ms(savingFigures.lendingP50),
    ms(memoryFigures.lendingP50),
    '',
    null,
  ]);
  rows.push([
    'lending list p99 while writes go on (ms)',
    ms(savingFigures.lendingP99),
    ms(memoryFigures.lendingP99),
    '<= 50',
    verdict(savingFigures.lendingP99 <= 50),
  ]);
  rows.push([
    'lending list max while writes go on (ms)',
    ms(savingFigures.lendingMax),
    ms(memoryFigures.lendingMax),
    '',
    null,
  ]);
  rows.push([
    '  reads / writes in that time',
    `${savingFigures.reads} / ${savingFigures.writes}`,
    `${memoryFigures.reads} / ${memoryFigures.writes}`,
    '',
    null,
  ]);
  rows.push([
    'peak memory, VmHWM (MB)',
    savingFigures.peakMb.toFixed(0),
    memoryFigures.peakMb.toFixed(0),
    '<= 600',
    verdict(savingFigures.peakMb <= 600),
  ]);

  log(`${'figure'.padEnd(44)}${'saving'.padStart(12)}${'--memory'.padStart(12)}   ${'budget'.padEnd(34)}result`);
  let pass = true;
  for (const [name, saving, mem, budget, ok] of rows) {
    if (ok === false) pass = false;
    log(
      `${name.padEnd(44)}${saving.padStart(12)}${mem.padStart(12)}   ${budget.padEnd(34)}${ok === null ? '' : ok ? 'PASS' : 'FAIL'}`,
    );
  }
  log(
    `(saving mock with MOCK_SNAPSHOT_BYTES=${options.snapshotBytes}, so the 10,000-row upload starts a database snapshot during the run)`,
  );
  log(`data folder at the end: ${run.files}`);
  log(pass ? 'Budgets: all PASS' : 'Budgets: some FAIL');
  return pass;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const raw = at >= 0 ? process.argv[at + 1] : undefined;
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pass = await runBudgets({ scale: option('scale', 22), snapshotBytes: option('snapshot-bytes', 4_000_000) });
  process.exitCode = pass ? 0 : 1;
}
