import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildMock } from '../child-mock';

/**
 * A route added the plain way (it writes through the repository and calls nothing else) keeps what it
 * acknowledged across `kill -9`, and so does a write a timer makes after the answer.
 */
const FIXTURE = 'mock-server/store/fixtures/plain-route-mock.ts';
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mock-plain-route-'));
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ child: ChildProcess; url: string }> {
  const started = await startChildMock(FIXTURE, [dir, '{port}']);
  children.push(started.child);
  return started;
}

const post = (url: string, path: string, name: string) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
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
