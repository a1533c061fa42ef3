/**
 * Processes for `npm run bench` (tests/bench/bench.ts): builds, the app with its mock, Chromium for Lighthouse.
 * Every child is started in its own process group and remembered, so a normal end, an error, Ctrl-C or a
 * timeout stops each one by its PID (the group led by it: Chromium's renderers, Vite's workers), and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../mock-server/child-mock';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Started {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for error messages. */
  output: () => string;
}

const running = new Set<Started>();

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the process group this child leads (spawned detached)
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Starts `command args` in its own process group and resolves once `ready` matches its output (stdout or
 * stderr), with the match; rejects when it exits first or `timeoutMs` passes (and stops it then).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number; cwd?: string },
): Promise<Started & { match: RegExpExecArray }> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  const started: Started = { name, child, output: () => text };
  running.add(started);
  child.once('exit', () => running.delete(started));
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error: Error | null, match?: RegExpExecArray) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) {
        void stopProcess(started);
        reject(error);
      } else resolve({ ...started, match: match! });
    };
    const timer = setTimeout(
      () => finish(new Error(`${name} was not ready within ${options.timeoutMs / 1000} s:\n${text.slice(-2000)}`)),
      options.timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.length > 200_000) text = text.slice(-100_000);
      const match = options.ready.exec(text);
      if (match) finish(null, match);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => finish(error));
    child.once('exit', (code, signal) =>
      finish(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${text.slice(-2000)}`)),
    );
  });
}

/** Runs a command to its end (a build); rejects on a non-zero exit or after `timeoutMs` (stopping it). */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs: number; cwd?: string },
): Promise<string> {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  const started: Started = { name, child, output: () => text };
  running.add(started);
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        signalGroup(child, 'SIGKILL');
        reject(new Error(`${name} did not finish within ${options.timeoutMs / 1000} s:\n${text.slice(-2000)}`));
      }, options.timeoutMs);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${text.slice(-3000)}`);
    return text;
  } finally {
    running.delete(started);
  }
}

/** SIGTERM to the child's process group, SIGKILL after `graceMs` if it is still there. */
export async function stopProcess(started: Started, graceMs = 8_000): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) {
    running.delete(started);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') {
    signalGroup(child, 'SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  }
  running.delete(started);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => stopProcess(p)));
}

/** Last resort on process exit: SIGKILL whatever is still running (synchronous, as 'exit' handlers must be). */
export function killAllNow(): void {
  for (const p of running) signalGroup(p.child, 'SIGKILL');
  running.clear();
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `preferred` when nothing listens there, else any free port. */
export async function portNear(preferred: number): Promise<number> {
  return (await portIsFree(preferred)) ? preferred : freePort();
}

/** Waits until `url` answers 200 (a server that printed its address may still be binding). */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (${last})`);
}

/** Rejects with a clear message when `work` takes longer than `ms`. */
export async function withTimeout<T>(label: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${label}: timed out after ${(ms / 1000).toFixed(0)} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until `path` exists and is not empty (Chromium writes DevToolsActivePort once it listens). */
export async function waitUntilFile(path: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (existsSync(path) && statSync(path).size > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} did not appear within ${timeoutMs / 1000} s`);
}
