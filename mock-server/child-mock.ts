import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A mock in a process of its own, as `npm run mock` runs it, for tests and benches that kill or measure it. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `script` (from the repository's root) with `args` and answers once it prints "Mock provider: <url>";
 * `{port}` in `args` becomes a free port. Rejects with its output if it exits first.
 */
export async function startChildMock(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string }> {
  const port = String(await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, ...args.map((arg) => (arg === '{port}' ? port : arg))],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = /Mock provider: (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the mock exited (${code}) before it listened:\n${text}`)));
  });
  return { child, url };
}
