/**
 * Lighthouse 12 (the npm package, its default mobile preset: simulated slow 4G and 4x CPU) against the Debian
 * Chromium, for `npm run bench`. Each run has its own Chromium (a fresh profile, a debugging port) that this
 * module starts and stops by its PID. For a signed-in page, Playwright first logs in over CDP in that same
 * Chromium, the HTTP cache is cleared, and Lighthouse keeps the origin's storage (the session's tokens).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { startProcess, stopProcess, waitUntilFile } from './bench-processes';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-dev-shm-usage',
];

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  /** The element Lighthouse found largest (its selector and the start of its HTML), to know what to speed up. */
  lcpElement: string;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  /** The run's longest main-thread tasks (Lighthouse's long-tasks audit): file and milliseconds. */
  longTasks: { file: string; ms: number }[];
  /** Where the page ended (a signed-in page sent to /login would show here). */
  finalUrl: string;
  /** Lighthouse's warnings for the run (e.g. a page that did not settle). */
  warnings: string[];
}

export interface LighthouseFigures {
  runs: LighthouseRun[];
  /** Runs that failed even when tried again (their messages). */
  failures: string[];
  /** Per-figure medians of the runs. */
  median: { score: number; lcpMs: number; tbtMs: number; fcpMs: number; cls: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One Lighthouse run of `url`; `signIn` (given a Playwright page in the same Chromium) runs first when set. */
/** The LCP element audit's node: `selector: snippet`, or '' when Lighthouse gives none. */
function lcpElementOf(details: unknown): string {
  type Node = { selector?: string; snippet?: string };
  type Table = { items?: { node?: Node; items?: { node?: Node }[] }[] };
  const first = (details as Table | undefined)?.items?.[0];
  const node = first?.node ?? first?.items?.[0]?.node;
  return node ? `${node.selector ?? ''}: ${(node.snippet ?? '').slice(0, 120)}` : '';
}

export async function lighthouseOnce(url: string, signIn?: (page: Page) => Promise<void>): Promise<LighthouseRun> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lh-'));
  const portFile = join(profile, 'DevToolsActivePort');
  const browser = await startProcess(
    'chromium (lighthouse)',
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    {
      ready: /DevTools listening on (ws:\/\/\S+)/,
      timeoutMs: 30_000,
    },
  );
  try {
    await waitUntilFile(portFile, 10_000);
    const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
    if (!Number.isInteger(port) || port <= 0) throw new Error(`no debugging port in ${portFile}`);

    if (signIn) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      try {
        const context = cdp.contexts()[0] ?? (await cdp.newContext());
        const page = await context.newPage();
        await signIn(page);
        // Lighthouse keeps storage for this run (the tokens), so drop the cache the login filled here.
        const session = await context.newCDPSession(page);
        await session.send('Network.clearBrowserCache');
        await session.detach();
        await page.close();
      } finally {
        await cdp.close(); // disconnects; the browser stays for Lighthouse
      }
    }

    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: signIn !== undefined,
      maxWaitForLoad: 60_000,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const finalUrl = lhr.finalDisplayedUrl;
    if (signIn && new URL(finalUrl).pathname.startsWith('/login'))
      throw new Error(`Lighthouse ended on ${finalUrl}: the session did not carry over`);
    const taskItems =
      (lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? [];
    const longTasks = taskItems
      .map((t) => ({ file: (t.url ?? '').split('/').pop() || 'unattributable', ms: Math.round(t.duration ?? 0) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    return {
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      lcpMs: audit('largest-contentful-paint'),
      lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
      tbtMs: audit('total-blocking-time'),
      fcpMs: audit('first-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      finalUrl,
      longTasks,
      warnings: lhr.runWarnings,
    };
  } finally {
    await stopProcess(browser);
    if (existsSync(profile)) rmSync(profile, { recursive: true, force: true });
  }
}

export async function lighthouseMedian(
  url: string,
  runs: number,
  signIn?: (page: Page) => Promise<void>,
  log: (line: string) => void = () => {},
): Promise<LighthouseFigures> {
  const results: LighthouseRun[] = [];
  const failures: string[] = [];
  for (let i = 0; i < runs; i += 1) {
    // A run Lighthouse could not trace (NO_NAVSTART, NO_FCP on a busy machine) is tried once more.
    let run: LighthouseRun | null = null;
    for (let attempt = 1; attempt <= 2 && !run; attempt += 1) {
      try {
        run = await lighthouseOnce(url, signIn);
      } catch (error) {
        const text = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        failures.push(text);
        log(`    run ${i + 1}, attempt ${attempt} failed: ${text}`);
      }
    }
    if (!run) continue;
    log(
      `    run ${i + 1}: score ${run.score}, LCP ${(run.lcpMs / 1000).toFixed(2)} s (${run.lcpElement || 'element not reported'}), TBT ${run.tbtMs.toFixed(0)} ms`,
    );
    results.push(run);
  }
  if (results.length === 0) throw new Error(`every Lighthouse run failed: ${failures.at(-1) ?? ''}`);
  return {
    runs: results,
    failures,
    median: {
      score: median(results.map((r) => r.score)),
      lcpMs: median(results.map((r) => r.lcpMs)),
      tbtMs: median(results.map((r) => r.tbtMs)),
      fcpMs: median(results.map((r) => r.fcpMs)),
      cls: median(results.map((r) => r.cls)),
    },
  };
}
