/**
 * `npm run bench [-- --only pay,login,dashboard,inp,upload,lighthouse,mock] [--strict]`: the app's performance
 * figures in one run, each beside its budget, and the bare React 19 + Vite page (tests/bench/bare) beside the
 * pay page.
 *
 * 1. Builds the app and the bare page (`vite build`, each into its own folder under node_modules/.cache/anchor-bench,
 *    so neither `dist/` nor the linter sees them).
 * 2. Starts the built app with an in-memory mock (`scripts/start.ts --preview --memory`, ports 4599/3599 or free
 *    ones) and the bare page (`vite preview`, port 4598), both served compressed by Vite's preview server.
 * 3. Measures, with Playwright and the Debian Chromium (tests/bench/bench-browser.ts, bench-lighthouse.ts):
 *    - first-load JS per route, as the browser receives it (every JS file until the route is ready, gzip level 9):
 *      the pay page on a phone (and the bare page), the login page, and from the login page to the dashboard with
 *      every chart and the region map drawn; the map's outline data on its own;
 *    - Lighthouse 12 mobile (median of 3) on the pay page, the signed-in dashboard and the bare page;
 *    - INP (web-vitals) at 4x CPU: the dashboard's chart toggles, the invoices page's due filters, the pay page's
 *      Pay click (it asks for a payment mode; nothing is paid); in the same runs, the longest task while the
 *      dashboard loads (beside the bare page's, counted the same way) and every layout shift while the due
 *      filters change;
 *    - a 10,000-row invoice CSV uploaded through the invoices page: the longest main-thread task, click to result;
 *    - the mock's budgets (tests/bench/mock-budgets.ts through `invoices-mock.ts --budgets-only`).
 * 4. Prints one table (figure, measured, budget, PASS/FAIL, the bare page's figure) and writes it with every detail
 *    to .bench/results-<time>.json. Exit code 0 unless --strict and something failed (or could not be measured).
 *
 * Options: --only <list>, --strict, --skip-build (reuse the last builds), --lighthouse-runs N (3), --inp-runs N (3),
 * --upload-runs N (3), --cpu N (4), --scale N (the mock budgets' scale, 22), --app-root DIR (measure the app in
 * another tree, e.g. `git archive <commit>` unpacked with this checkout's node_modules linked in; the bare page,
 * the tools and the results stay here) with --label TEXT (says which tree that is, in the table and the JSON).
 * Every process it starts is stopped by its PID at the end, on an error and on Ctrl-C.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  chromium,
  devices,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { preview, type PreviewServer } from 'vite';
import {
  bareFirstLoad,
  bareLoadTask,
  dashboardFirstLoad,
  dashboardInp,
  dashboardReady,
  dueFiltersInp,
  kib,
  logIn,
  loginFirstLoad,
  PAY_PATH,
  payClickInp,
  payFirstLoad,
  uploadRun,
  type DashboardLoad,
  type FirstLoad,
  type InpResult,
  type UploadResult,
} from './bench-browser';
import { SIZE_BUDGETS_KIB } from './budgets';
import { CHROMIUM, lighthouseMedian, type LighthouseFigures } from './bench-lighthouse';
import {
  killAllNow,
  portNear,
  ROOT,
  runToEnd,
  startProcess,
  stopAll,
  stopProcess,
  waitForHttp,
  withTimeout,
  type Started,
} from './bench-processes';

// ---------------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------------

const PARTS = ['pay', 'login', 'dashboard', 'inp', 'upload', 'lighthouse', 'mock'] as const;
type Part = (typeof PARTS)[number];

function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at >= 0) return process.argv[at + 1];
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

function positiveOption(name: string, fallback: number): number {
  const raw = argValue(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

function selectedParts(): Set<Part> {
  const raw = argValue('only');
  if (raw === undefined) return new Set(PARTS);
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`--only takes a list of ${PARTS.join(', ')} (got '${raw}')`);
  return new Set(names as Part[]);
}

const only = selectedParts();
const strict = process.argv.includes('--strict');
const skipBuild = process.argv.includes('--skip-build');
const lighthouseRuns = positiveOption('lighthouse-runs', 3);
const uploadRuns = positiveOption('upload-runs', 3);
const inpRuns = positiveOption('inp-runs', 3);
const cpuRate = positiveOption('cpu', 4);
const mockScale = positiveOption('scale', 22);
const label = argValue('label') ?? '';
const UPLOAD_ROWS = 10_000;

/** The app to measure: this checkout, or another tree (`--app-root`, e.g. a `git archive` of an older commit with node_modules linked). */
const APP_ROOT = resolve(argValue('app-root') ?? ROOT);
// BENCH_CACHE: another folder for the builds, so two checkouts (or two people on one machine) do not overwrite each other's.
const CACHE = process.env.BENCH_CACHE
  ? resolve(process.env.BENCH_CACHE)
  : join(ROOT, 'node_modules', '.cache', 'anchor-bench');
const APP_DIST = join(CACHE, 'app');
const BARE_DIST = join(CACHE, 'bare');
const BARE_CONFIG = join(ROOT, 'tests', 'bench', 'bare', 'vite.config.ts');
const RESULTS_DIR = join(ROOT, '.bench');
const VITE = join(APP_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
/** The mock limits guesses per account and per address; the bench logs in many times from one address. */
const RATE_LIMITS =
  'login-address=100000,login-account=100000,forgot-address=10000,forgot-account=10000,otp-token=10000';

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0).padStart(4)} s`;
const log = (line: string) => console.log(`[${elapsed()}, load ${loadavg()[0]!.toFixed(1).padStart(4)}] ${line}`);
const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

// ---------------------------------------------------------------------------------------------------
// Rows of the table
// ---------------------------------------------------------------------------------------------------

type Unit = 'KiB' | 'ms' | 's' | 'score' | 'shift' | 'text';
interface Budget {
  op: '<=' | '>=';
  limit: number;
}
interface Row {
  order: number;
  figure: string;
  unit: Unit;
  /** The measured number (KiB, ms or score); null when it could not be measured. */
  measured: number | null;
  shown: string;
  budget: Budget | null;
  budgetText: string;
  result: 'PASS' | 'FAIL' | 'ERROR' | '';
  bare: string;
  note: string;
}

const rows: Row[] = [];
const details: Record<string, unknown> = {};
const errors: string[] = [];

function show(value: number | null, unit: Unit): string {
  if (value === null || !Number.isFinite(value)) return '-';
  if (unit === 'KiB') return `${value.toFixed(1)} KiB`;
  if (unit === 'ms') return `${Math.round(value).toLocaleString('en-IN')} ms`;
  if (unit === 's') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'shift') return value.toFixed(3);
  return String(Math.round(value));
}

function budgetText(budget: Budget | null, unit: Unit): string {
  if (!budget) return '';
  return `${budget.op === '<=' ? '≤' : '≥'} ${show(budget.limit, unit)}`;
}

type Spec = readonly [order: number, figure: string, unit: Unit, budget: Budget | null];

function addRow(
  spec: Spec,
  measured: number | null,
  extra: { bare?: string; note?: string; error?: string } = {},
): void {
  const [order, figure, unit, budget] = spec;
  const ok =
    measured === null || !Number.isFinite(measured) || !budget
      ? null
      : budget.op === '<='
        ? measured <= budget.limit
        : measured >= budget.limit;
  rows.push({
    order,
    figure,
    unit,
    measured: measured !== null && Number.isFinite(measured) ? measured : null,
    shown: show(measured, unit),
    budget,
    budgetText: budgetText(budget, unit),
    result: extra.error !== undefined || (budget && ok === null) ? 'ERROR' : ok === null ? '' : ok ? 'PASS' : 'FAIL',
    bare: extra.bare ?? '',
    note: extra.error !== undefined ? `not measured: ${extra.error}` : (extra.note ?? ''),
  });
}

/** The rows of one part, as errors, when the part could not run. */
function failedRows(specs: Spec[], error: unknown): void {
  const text = message(error);
  errors.push(text);
  for (const spec of specs) addRow(spec, null, { error: text });
}

const SPEC = {
  pay: [10, 'pay page first-load JS (gzip, phone)', 'KiB', { op: '<=', limit: SIZE_BUDGETS_KIB.pay }],
  login: [20, 'login page first-load JS', 'KiB', { op: '<=', limit: SIZE_BUDGETS_KIB.login }],
  dashboard: [
    30,
    'dashboard: login to every chart and the map',
    'KiB',
    { op: '<=', limit: SIZE_BUDGETS_KIB.dashboard },
  ],
  mapData: [31, 'dashboard: map data', 'KiB', { op: '<=', limit: SIZE_BUDGETS_KIB.mapData }],
  payScore: [40, 'pay page Lighthouse mobile: score', 'score', { op: '>=', limit: 95 }],
  payLcp: [41, 'pay page Lighthouse mobile: LCP', 's', { op: '<=', limit: 2000 }],
  payTbt: [42, 'pay page Lighthouse mobile: TBT', 'ms', { op: '<=', limit: 100 }],
  dashScore: [50, 'dashboard Lighthouse mobile: score', 'score', { op: '>=', limit: 90 }],
  dashTbt: [51, 'dashboard Lighthouse mobile: TBT', 'ms', { op: '<=', limit: 300 }],
  inpCharts: [60, `INP at ${cpuRate}x CPU: dashboard chart toggles`, 'ms', { op: '<=', limit: 100 }],
  inpDue: [61, `INP at ${cpuRate}x CPU: invoices due filters`, 'ms', { op: '<=', limit: 100 }],
  inpPay: [62, `INP at ${cpuRate}x CPU: pay page Pay click`, 'ms', { op: '<=', limit: 100 }],
  dashLoadTask: [63, `dashboard load at ${cpuRate}x CPU: longest task`, 'ms', { op: '<=', limit: 100 }],
  dueShift: [64, 'invoices due filters: layout shift', 'shift', { op: '<=', limit: 0.02 }],
  uploadTask: [70, '10,000-row upload: longest main-thread task', 'ms', { op: '<=', limit: 200 }],
  uploadResult: [71, '10,000-row upload: click to result', 's', { op: '<=', limit: 1500 }],
} satisfies Record<string, Spec>;

// ---------------------------------------------------------------------------------------------------
// Processes and cleanup
// ---------------------------------------------------------------------------------------------------

let browser: Browser | null = null;
let barePreview: PreviewServer | null = null;
let app: Started | null = null;

async function cleanup(): Promise<void> {
  const closing: Promise<unknown>[] = [];
  if (browser) closing.push(browser.close().catch(() => {}));
  if (barePreview) closing.push(barePreview.close().catch(() => {}));
  browser = null;
  barePreview = null;
  await Promise.all(closing);
  if (app) await stopProcess(app);
  app = null;
  await stopAll();
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping everything this run started…`);
    void cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', killAllNow);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: APP_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

const packageVersion = (name: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

// ---------------------------------------------------------------------------------------------------
// The parts
// ---------------------------------------------------------------------------------------------------

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const PHONE: BrowserContextOptions = { ...devices['Pixel 7'] };

/** A fresh browser context for `work`, closed afterwards (also when `work` times out). */
async function inContext<T>(
  label: string,
  options: BrowserContextOptions,
  timeoutMs: number,
  work: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  if (!browser) throw new Error('the browser is not running');
  const context = await browser.newContext(options);
  context.setDefaultTimeout(30_000);
  try {
    return await withTimeout(label, timeoutMs, work(context));
  } finally {
    await context.close().catch(() => {});
  }
}

const fileList = (load: FirstLoad, limit = 6) =>
  load.files
    .filter((f) => f.kind === 'js')
    .slice(0, limit)
    .map((f) => `${f.file} ${kib(f.gzip).toFixed(1)}`)
    .join(', ');

async function measurePay(appUrl: string, bareUrl: string): Promise<void> {
  log('pay page first-load JS (phone), and the bare page');
  try {
    const pay = await inContext('pay page first load', PHONE, 90_000, (c) => payFirstLoad(c, appUrl));
    const bare = await inContext('bare page first load', PHONE, 60_000, (c) => bareFirstLoad(c, bareUrl));
    details.payFirstLoad = pay;
    details.bareFirstLoad = bare;
    addRow(SPEC.pay, kib(pay.jsGzip), {
      bare: `${kib(bare.jsGzip).toFixed(1)} KiB`,
      note: `${pay.files.filter((f) => f.kind === 'js').length} files, largest: ${fileList(pay, 4)}`,
    });
    log(`  pay ${kib(pay.jsGzip).toFixed(1)} KiB, bare ${kib(bare.jsGzip).toFixed(1)} KiB`);
  } catch (error) {
    failedRows([SPEC.pay], error);
  }
}

async function measureLoginAndDashboard(appUrl: string, wantLogin: boolean, wantDashboard: boolean): Promise<void> {
  log(wantDashboard ? 'login page, then the dashboard with every chart and the map' : 'login page first-load JS');
  try {
    if (!wantDashboard) {
      const login = await inContext('login first load', DESKTOP, 90_000, (c) => loginFirstLoad(c, appUrl));
      details.loginFirstLoad = login;
      addRow(SPEC.login, kib(login.jsGzip), { note: `largest: ${fileList(login, 4)}` });
      return;
    }
    const dash: DashboardLoad = await inContext('dashboard first load', DESKTOP, 180_000, (c) =>
      dashboardFirstLoad(c, appUrl),
    );
    details.loginFirstLoad = dash.login;
    details.dashboardFirstLoad = dash;
    if (wantLogin) addRow(SPEC.login, kib(dash.login.jsGzip), { note: `largest: ${fileList(dash.login, 4)}` });
    addRow(SPEC.dashboard, kib(dash.journeyTotal), {
      note: `login page ${kib(dash.login.jsGzip).toFixed(1)} + after login ${kib(dash.afterLoginJs).toFixed(1)}; ECharts ${kib(dash.echartsGzip).toFixed(1)}`,
    });
    addRow(SPEC.mapData, kib(dash.map.gzip), {
      note: `${dash.map.files.join(', ') || 'none found'} (${dash.map.how})`,
    });
    log(
      `  login ${kib(dash.login.jsGzip).toFixed(1)} KiB, dashboard journey ${kib(dash.journeyTotal).toFixed(1)} KiB, map ${kib(dash.map.gzip).toFixed(1)} KiB`,
    );
  } catch (error) {
    failedRows([...(wantLogin ? [SPEC.login] : []), ...(wantDashboard ? [SPEC.dashboard, SPEC.mapData] : [])], error);
  }
}

const inpNote = (r: InpResult) => {
  const worst = [...r.steps].sort((a, b) => b.latencyMs - a.latencyMs)[0];
  const parts = [`${r.steps.length} interactions`];
  if (worst) parts.push(`worst: ${worst.step} ${Math.round(worst.latencyMs)} ms`);
  if (r.attribution)
    parts.push(
      `input ${Math.round(r.attribution.inputDelay ?? 0)} / processing ${Math.round(r.attribution.processing ?? 0)} / presentation ${Math.round(r.attribution.presentation ?? 0)} ms`,
    );
  if (r.inpMs === null) parts.push('no interaction reached 16 ms: web-vitals reported none');
  return parts.join('; ');
};

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The run whose figure is the median (the lower middle for an even count). */
const medianRun = <T>(runs: T[], figure: (run: T) => number): T =>
  [...runs].sort((a, b) => figure(a) - figure(b))[Math.floor((runs.length - 1) / 2)]!;

/** `inpRuns` runs of one INP scenario (each on a fresh page); the row is their median. */
async function inpRows(
  spec: Spec,
  key: string,
  runOnce: () => Promise<InpResult>,
  extraNote: (run: InpResult) => string = () => '',
): Promise<InpResult[]> {
  const runs: InpResult[] = [];
  try {
    for (let i = 0; i < inpRuns; i += 1) {
      const run = await runOnce();
      log(
        `    run ${i + 1}: INP ${Math.round(run.figureMs)} ms (worst: ${[...run.steps].sort((a, b) => b.latencyMs - a.latencyMs)[0]?.step ?? '-'})`,
      );
      runs.push(run);
    }
  } catch (error) {
    if (runs.length === 0) {
      failedRows([spec], error);
      return runs;
    }
    errors.push(`${spec[1]}: run ${runs.length + 1} failed: ${message(error)}`);
  }
  details[key] = runs;
  const middle = medianRun(runs, (r) => r.figureMs);
  addRow(spec, medianOf(runs.map((r) => r.figureMs)), {
    note: `median of ${runs.length}: ${runs.map((r) => Math.round(r.figureMs)).join(', ')} ms; median run: ${inpNote(middle)}${extraNote(middle)}`,
  });
  return runs;
}

/** Another figure of the same runs (the page's load, its layout shift): their median, each run in the note. */
function figureOfRuns(
  spec: Spec,
  runs: InpResult[],
  figure: (run: InpResult) => number,
  what: string,
  bare = '',
): void {
  if (runs.length === 0) return addRow(spec, null, { error: 'its runs failed (see the row above)' });
  const values = runs.map(figure);
  addRow(spec, medianOf(values), {
    bare,
    note: `median of ${runs.length}: ${values.map((v) => show(v, spec[2])).join(', ')}; ${what}`,
  });
}

/** The bare React page's longest load task, median of the INP runs' number: React's own share of the dashboard's figure. */
async function bareLoadTaskText(context: BrowserContext, bareUrl: string): Promise<{ text: string; note: string }> {
  if (!bareUrl) return { text: '', note: '' };
  try {
    const values: number[] = [];
    for (let i = 0; i < inpRuns; i += 1) values.push(await bareLoadTask(context, bareUrl, cpuRate));
    log(`    bare React page: longest load task ${values.map((v) => show(v, 'ms')).join(', ')}`);
    return {
      text: show(medianOf(values), 'ms'),
      note: `; the bare React page: ${values.map((v) => show(v, 'ms')).join(', ')}`,
    };
  } catch (error) {
    errors.push(`the bare page's load task: ${message(error)}`);
    return { text: '', note: '' };
  }
}

async function measureInp(appUrl: string, bareUrl: string): Promise<void> {
  log(`INP at ${cpuRate}x CPU, ${inpRuns} runs each: dashboard chart toggles, invoices due filters`);
  try {
    await inContext('INP (dashboard, invoices)', DESKTOP, 150_000 * inpRuns, async (context) => {
      const page = await context.newPage();
      await logIn(page, appUrl);
      await page.close();
      log('  dashboard chart toggles');
      const chartRuns = await inpRows(SPEC.inpCharts, 'inpDashboardCharts', () =>
        dashboardInp(context, appUrl, cpuRate),
      );
      const bare = await bareLoadTaskText(context, bareUrl);
      figureOfRuns(
        SPEC.dashLoadTask,
        chartRuns,
        (r) => r.loadLongestTaskMs,
        `a reload with a stored session, from the parsed document (domInteractive) until the cards have their figures and the network is quiet (longtask entries; 0: none reached 50 ms)${bare.note}`,
        bare.text,
      );
      log('  invoices due filters');
      const dueRuns = await inpRows(SPEC.inpDue, 'inpDueFilters', () => dueFiltersInp(context, appUrl, cpuRate));
      figureOfRuns(
        SPEC.dueShift,
        dueRuns,
        (r) => r.layoutShift,
        'every layout shift while the filters change, those right after the click included (CLS would leave them out)',
      );
    });
  } catch (error) {
    // A timeout or a failed login: whichever rows are missing become errors.
    const missing = [SPEC.inpCharts, SPEC.dashLoadTask, SPEC.inpDue, SPEC.dueShift].filter(
      (spec) => !rows.some((r) => r.order === spec[0]),
    );
    failedRows(missing, error);
  }
  log(`INP at ${cpuRate}x CPU, ${inpRuns} runs: pay page Pay click (phone)`);
  await inpRows(
    SPEC.inpPay,
    'inpPayClick',
    () => inContext('INP (pay click)', PHONE, 120_000, (c) => payClickInp(c, appUrl, cpuRate)),
    (run) => `; the Pay click itself ${Math.round(run.steps.find((s) => s.step === 'Pay')?.latencyMs ?? 0)} ms`,
  );
}

async function measureLighthouse(appUrl: string, bareUrl: string): Promise<void> {
  const results: Record<string, LighthouseFigures | Error> = {};
  const targets: [string, string, boolean][] = [
    ['pay', `${appUrl}${PAY_PATH}`, false],
    ['dashboard', `${appUrl}/`, true],
    ['bare', `${bareUrl}/`, false],
  ];
  for (const [name, url, signedIn] of targets) {
    log(`Lighthouse mobile, ${lighthouseRuns} runs: ${name}`);
    try {
      const signIn = signedIn
        ? async (page: Page) => {
            await page.goto(`${appUrl}/login`);
            await logIn(page, appUrl);
            await dashboardReady(page);
          }
        : undefined;
      results[name] = await withTimeout(
        `Lighthouse ${name}`,
        150_000 * lighthouseRuns,
        lighthouseMedian(url, lighthouseRuns, signIn, log),
      );
    } catch (error) {
      results[name] = error instanceof Error ? error : new Error(String(error));
    }
  }
  details.lighthouse = Object.fromEntries(
    Object.entries(results).map(([k, v]) => [k, v instanceof Error ? { error: v.message } : v]),
  );
  const bare = results.bare instanceof Error ? null : (results.bare ?? null);
  const pay = results.pay;
  if (!pay || pay instanceof Error) failedRows([SPEC.payScore, SPEC.payLcp, SPEC.payTbt], pay ?? 'not run');
  else {
    const m = pay.median;
    addRow(SPEC.payScore, m.score, {
      bare: bare ? String(bare.median.score) : '',
      note: `runs: ${pay.runs.map((r) => r.score).join(', ')}`,
    });
    addRow(SPEC.payLcp, m.lcpMs, {
      bare: bare ? show(bare.median.lcpMs, 's') : '',
      note: `${bare ? `${(m.lcpMs / bare.median.lcpMs).toFixed(2)}x the bare page; ` : ''}FCP ${show(m.fcpMs, 's')}, CLS ${m.cls.toFixed(3)}`,
    });
    addRow(SPEC.payTbt, m.tbtMs, {
      bare: bare ? show(bare.median.tbtMs, 'ms') : '',
      note: `runs: ${pay.runs.map((r) => Math.round(r.tbtMs)).join(', ')} ms`,
    });
  }
  const dash = results.dashboard;
  if (!dash || dash instanceof Error) failedRows([SPEC.dashScore, SPEC.dashTbt], dash ?? 'not run');
  else {
    const m = dash.median;
    addRow(SPEC.dashScore, m.score, {
      note: `runs: ${dash.runs.map((r) => r.score).join(', ')}; LCP ${show(m.lcpMs, 's')}`,
    });
    const tasks = medianRun(dash.runs, (r) => r.tbtMs)
      .longTasks.map((t) => `${t.file} ${t.ms} ms`)
      .join(', ');
    addRow(SPEC.dashTbt, m.tbtMs, {
      note: `runs: ${dash.runs.map((r) => Math.round(r.tbtMs)).join(', ')} ms${tasks ? `; longest tasks (median run, simulated): ${tasks}` : ''}`,
    });
  }
  if (results.bare instanceof Error) errors.push(`Lighthouse on the bare page: ${results.bare.message}`);
}

async function measureUpload(appUrl: string): Promise<void> {
  log(`${UPLOAD_ROWS.toLocaleString('en-IN')}-row invoice CSV upload, ${uploadRuns} runs (1x CPU)`);
  try {
    const runs = await inContext('upload', DESKTOP, 150_000 * uploadRuns, async (context) => {
      const page = await context.newPage();
      await logIn(page, appUrl);
      await page.close();
      const out: UploadResult[] = [];
      for (let i = 0; i < uploadRuns; i += 1) {
        const run = await uploadRun(context, appUrl, UPLOAD_ROWS, 1);
        log(
          `    run ${i + 1}: longest task ${Math.round(run.longestTaskMs)} ms, click to result ${Math.round(run.clickToResultMs)} ms, server ${Math.round(run.serverMs ?? NaN)} ms, ${run.resultRowsInDom} rows in the DOM (${run.statusText})`,
        );
        out.push(run);
      }
      return out;
    });
    details.upload = runs;
    const accepted = runs.map((r) => r.accepted);
    const acceptedNote = accepted.every((a) => a === UPLOAD_ROWS)
      ? 'all rows accepted'
      : `accepted: ${accepted.join(', ')}`;
    addRow(SPEC.uploadTask, medianOf(runs.map((r) => r.longestTaskMs)), {
      note: `median of ${runs.length}: ${runs.map((r) => Math.round(r.longestTaskMs)).join(', ')} ms; ${runs[0]!.resultRowsInDom.toLocaleString('en-IN')} result rows in the DOM`,
    });
    addRow(SPEC.uploadResult, medianOf(runs.map((r) => r.clickToResultMs)), {
      note: `median of ${runs.length}: ${runs.map((r) => show(r.clickToResultMs, 's')).join(', ')}; server ${runs.map((r) => show(r.serverMs, 's')).join(', ')}; ${acceptedNote}`,
    });
  } catch (error) {
    failedRows([SPEC.uploadTask, SPEC.uploadResult], error);
  }
}

/** `invoices-mock.ts --budgets-only` as a child process; its PASS/FAIL lines become rows. */
async function measureMock(): Promise<void> {
  log(`mock budgets at --scale ${mockScale} (tests/bench/invoices-mock.ts --budgets-only)`);
  try {
    const output = await runToEnd(
      'mock budgets',
      process.execPath,
      ['--import', 'tsx', 'tests/bench/invoices-mock.ts', '--budgets-only', '--scale', String(mockScale)],
      {
        env: { MOCK_RATE_LIMITS: RATE_LIMITS },
        timeoutMs: 360_000,
        cwd: APP_ROOT,
      },
    ).catch((error: unknown) => {
      // A FAIL exits 1: keep its table.
      const text = error instanceof Error ? error.message : String(error);
      if (/Budgets: some FAIL/.test(text)) return text;
      throw error;
    });
    details.mockOutput = output;
    const lines = output.split('\n').filter((line) => /\s(PASS|FAIL)\s*$/.test(line) && !line.startsWith('Budgets:'));
    if (lines.length === 0) throw new Error(`no PASS/FAIL lines in its output:\n${output.slice(-1500)}`);
    lines.forEach((line, i) => {
      // figure (44) saving (12) --memory (12), three spaces, budget (34), result: tests/bench/mock-budgets.ts
      const name = line.slice(0, 44).trim();
      const saving = line.slice(44, 56).trim();
      const memory = line.slice(56, 68).trim();
      const budget = line.slice(71, 105).trim();
      const result = /FAIL\s*$/.test(line) ? 'FAIL' : 'PASS';
      const value = Number(saving);
      rows.push({
        order: 100 + i,
        figure: `mock: ${name}`,
        unit: 'text',
        measured: Number.isFinite(value) ? value : null,
        shown: saving,
        budget: null,
        budgetText: budget.replace('<=', '≤').replace('>=', '≥'),
        result,
        bare: '',
        note: `saving mock; --memory ${memory}`,
      });
    });
    log(`  ${lines.length} budgets, ${lines.filter((l) => /FAIL\s*$/.test(l)).length} FAIL`);
  } catch (error) {
    errors.push(`mock budgets: ${message(error)}`);
    rows.push({
      order: 100,
      figure: 'mock budgets',
      unit: 'text',
      measured: null,
      shown: '-',
      budget: null,
      budgetText: '',
      result: 'ERROR',
      bare: '',
      note: `not measured: ${message(error)}`,
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------

function printTable(): void {
  const sorted = [...rows].sort((a, b) => a.order - b.order);
  const header = ['figure', 'measured', 'budget', 'result', 'bare page', 'notes'];
  const cells = sorted.map((row) => [row.figure, row.shown, row.budgetText, row.result, row.bare, row.note]);
  const widths = header.slice(0, 5).map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const right = [false, true, false, false, true];
  const line = (cols: string[]) =>
    cols.map((text, i) => (i === 5 ? text : right[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!))).join('  ');
  console.log('');
  console.log(line(header));
  console.log(line([...widths.map((w) => '-'.repeat(w)), '-----']));
  for (const c of cells) console.log(line(c).trimEnd());
  console.log('');
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const commit = git(['rev-parse', '--short', 'HEAD']) || '(not a git checkout)';
  const changed = git(['status', '--porcelain']).split('\n').filter(Boolean);
  const loadStart = loadavg();
  if (APP_ROOT !== ROOT || label) log(`app tree: ${APP_ROOT}${label ? ` (${label})` : ''}`);
  log(
    `bench: ${[...only].join(', ')}; commit ${commit}${changed.length ? ` + ${changed.length} uncommitted changes` : ''}; ${cpus().length} cores, load ${loadStart.map((l) => l.toFixed(1)).join(' ')}`,
  );

  const needApp = PARTS.some((p) => p !== 'mock' && only.has(p));
  const needBare = only.has('pay') || only.has('lighthouse') || only.has('inp');
  let appUrl = '';
  let bareUrl = '';
  let chromiumVersion = '';

  try {
    if (needApp) {
      if (!skipBuild) {
        log(`building the app${APP_ROOT === ROOT ? '' : ` in ${APP_ROOT}`} into ${relative(ROOT, APP_DIST)}`);
        await runToEnd(
          'vite build (app)',
          process.execPath,
          [VITE, 'build', '--outDir', APP_DIST, '--emptyOutDir', '--logLevel', 'warn'],
          { timeoutMs: 300_000, cwd: APP_ROOT },
        );
      }
      if (needBare && !skipBuild) {
        log(`building the bare React page into ${relative(ROOT, BARE_DIST)}`);
        await runToEnd(
          'vite build (bare)',
          process.execPath,
          [VITE, 'build', '--config', BARE_CONFIG, '--outDir', BARE_DIST, '--emptyOutDir'],
          { timeoutMs: 120_000 },
        );
      }

      const appPort = await portNear(Number(process.env.BENCH_APP_PORT ?? 4599));
      const mockPort = await portNear(Number(process.env.BENCH_MOCK_PORT ?? 3599));
      appUrl = `http://127.0.0.1:${appPort}`;
      log(`starting the app (${appUrl}) with an in-memory mock (port ${mockPort})`);
      app = await startProcess(
        'app + mock',
        process.execPath,
        ['--import', 'tsx', 'scripts/start.ts', '--preview', '--memory'],
        {
          env: {
            APP_PORT: String(appPort),
            MOCK_PORT: String(mockPort),
            APP_URL: appUrl,
            APP_OUT_DIR: APP_DIST,
            MOCK_RATE_LIMITS: RATE_LIMITS,
          },
          ready: /Anchor Portal\s+(http\S+)/,
          timeoutMs: 180_000,
          cwd: APP_ROOT,
        },
      );
      await waitForHttp(`${appUrl}/login`, 60_000);

      if (needBare) {
        const barePort = await portNear(Number(process.env.BENCH_BARE_PORT ?? 4598));
        barePreview = await preview({
          configFile: BARE_CONFIG,
          build: { outDir: BARE_DIST },
          preview: { port: barePort, host: '127.0.0.1', strictPort: true },
        });
        bareUrl = `http://127.0.0.1:${barePort}`;
        await waitForHttp(`${bareUrl}/`, 30_000);
        log(`bare page at ${bareUrl}`);
      }

      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      chromiumVersion = browser.version();

      if (only.has('pay')) await measurePay(appUrl, bareUrl);
      if (only.has('login') || only.has('dashboard'))
        await measureLoginAndDashboard(appUrl, only.has('login'), only.has('dashboard'));
      if (only.has('inp')) await measureInp(appUrl, bareUrl);
      if (only.has('lighthouse')) await measureLighthouse(appUrl, bareUrl);
      // Last of the browser parts: the upload adds 10,000 invoices per run to the mock's book.
      if (only.has('upload')) await measureUpload(appUrl);
    }
  } catch (error) {
    errors.push(message(error));
    if (!interrupted)
      console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await cleanup();
  }

  if (interrupted) return 130; // the signal handler stops everything and exits; no results for a partial run

  // The mock's budgets start their own mocks: after everything else, with the app stopped.
  if (only.has('mock')) await measureMock();
  if (interrupted) return 130;

  printTable();
  const durationMs = performance.now() - t0;
  const failed = rows.filter((r) => r.result === 'FAIL' || r.result === 'ERROR');
  const stamp = startedAt
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  mkdirSync(RESULTS_DIR, { recursive: true });
  const jsonPath = join(RESULTS_DIR, `results-${stamp}.json`);
  const report = {
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(durationMs),
    parts: [...only],
    git: { appRoot: APP_ROOT, label, commit, uncommitted: changed },
    machine: {
      cores: cpus().length,
      loadAverageAtStart: loadStart,
      loadAverageAtEnd: loadavg(),
      node: process.version,
      chromium: chromiumVersion,
    },
    tools: {
      lighthouse: packageVersion('lighthouse'),
      webVitals: packageVersion('web-vitals'),
      playwright: packageVersion('@playwright/test'),
      vite: packageVersion('vite'),
    },
    settings: { cpuRate, lighthouseRuns, uploadRuns, uploadRows: UPLOAD_ROWS, mockScale, appUrl, bareUrl },
    rows: [...rows].sort((a, b) => a.order - b.order).map(({ order: _order, ...row }) => row),
    errors,
    details,
  };
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  const passed = rows.filter((r) => r.result === 'PASS').length;
  if (label) console.log(`tree: ${label}`);
  const busiest = Math.max(loadStart[0]!, loadavg()[0]!);
  if (busiest > cpus().length) {
    console.log(
      `note: the machine was busy (1-minute load up to ${busiest.toFixed(1)} on ${cpus().length} cores): timing figures (Lighthouse, INP, upload, mock) run high; sizes are unaffected.`,
    );
  }
  console.log(
    `${passed} PASS, ${rows.filter((r) => r.result === 'FAIL').length} FAIL, ${rows.filter((r) => r.result === 'ERROR').length} not measured; commit ${commit}${changed.length ? ` + ${changed.length} uncommitted changes` : ''}`,
  );
  console.log(`results: ${relative(ROOT, jsonPath)}; took ${(durationMs / 1000).toFixed(0)} s`);
  return strict && failed.length > 0 ? 1 : 0;
}

process.exitCode = await main().catch(async (error: unknown) => {
  console.error(error);
  await cleanup();
  return 1;
});
