import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A route added the plain way (it writes through the repository and calls nothing else) keeps what it
 * acknowledged across `kill -9`, and so does a write a timer makes after the answer.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'mock-server/store/fixtures/plain-route-mock.ts';
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mock-plain-route-'));
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dir, String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the mock exited (${code}) before it listened:\n${text}`)));
  });
  return { child, url };
}

const post = (url: string, path: string, name: string) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
const nameAt = async (url: string) => ((await (await fetch(`${url}/__test/anchor`)).json()) as { name: string }).name;

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('a route with no persistence call', () => {
  it('keeps its acknowledged writes, and a timer’s write, across SIGKILL', { timeout: 60_000 }, async () => {
    const first = await start();
    for (let i = 1; i <= 20; i++) expect((await post(first.url, '/__test/rename', `Renamed ${i}`)).status).toBe(201);
    // Killed the moment the last answer arrived: it was on disk before it was sent.
    await kill(first.child);

    const second = await start();
    expect(await nameAt(second.url)).toBe('Renamed 20');
    expect((await post(second.url, '/__test/rename-later', 'Renamed by a timer')).status).toBe(202);
    // The timer writes after the answer; its write is committed on the next turn, with no call to ask for it.
    await expect.poll(() => nameAt(second.url)).toBe('Renamed by a timer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await kill(second.child);

    const third = await start();
    expect(await nameAt(third.url)).toBe('Renamed by a timer');
    await kill(third.child);
  });
});
