import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newTokenState } from '../auth/tokens';
import { generateDb } from '../seed';
import { MEMORY_ONLY } from './changes';
import type { ReadonlyDb } from '../db';
import { type DurableStore, type OpenStore, StoreError } from './store';

/**
 * The durability every storage engine of the mock must keep, written against `OpenStore` and `DurableStore`
 * only: an engine that passes it (the journal today; an embedded database later) can replace another. A crash
 * is a store left without `close()`, as a SIGKILL leaves it; the engine says how to tear or damage its own
 * files. (mock-server/store/crash.heavy.test.ts kills a whole mock with SIGKILL during bursts of writes.)
 */
export interface StorageUnderTest {
  name: string;
  open: OpenStore;
  /** Its module (from the repository's root), whose export `openStore` is `open`: a second process holds a folder with it. */
  module: string;
  /** Cuts the last committed write short, as a crash in the middle of writing it does. */
  tearLastWrite(dir: string): void;
  /** Damages a committed write that is not the last (a bad sector). */
  damageAWrite(dir: string): void;
}

const NOW = new Date('2026-11-20T10:00:00Z');
const SEED = 11;
const SCALE = 0.05;

/** The stored rows, as plain data (the memory-only collections aside). */
function stored(db: ReadonlyDb): unknown {
  const copy: Record<string, unknown> = JSON.parse(JSON.stringify(db)) as Record<string, unknown>;
  for (const c of MEMORY_ONLY) delete copy[c];
  return copy;
}

/** Every file of the folder and its bytes. */
function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
  );
}

export function describeStorage(engine: StorageUnderTest): void {
  describe(`storage engine: ${engine.name}`, () => {
    const dirs: string[] = [];
    const opened: DurableStore[] = [];
    const lines: string[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close().catch(() => {});
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
      lines.length = 0;
    });

    const folder = () => {
      const dir = mkdtempSync(join(tmpdir(), 'storage-'));
      dirs.push(dir);
      return dir;
    };
    const open = (dir: string) => {
      const store = engine.open({
        dir,
        seed: SEED,
        scale: SCALE,
        generate: () => generateDb({ seed: SEED, scale: SCALE, today: NOW }),
        newSessions: newTokenState,
        log: (line) => lines.push(line),
        now: () => NOW.getTime(),
        freeze: true,
      });
      opened.push(store);
      return store;
    };
    /** Leaves the store as a crash would: nothing more is written, nothing is closed. */
    const crash = (store: DurableStore) => opened.splice(opened.indexOf(store), 1);

    it('keeps every committed insert, update and removal across a crash, as they were made', async () => {
      const dir = folder();
      const first = open(dir);
      const repo = first.repository;
      const invoice = repo.data.invoices[0]!;
      repo.update('invoices', invoice, { amount_paid: invoice.amount_paid + 100, status: 'partially_paid' });
      repo.insert('resources', {
        id: 9_001,
        anchor_id: invoice.anchor_id,
        resource_type: 'Invoice',
        resource_id: invoice.id,
        starred: true,
      });
      const removed = repo.data.payment_links[0]!.id;
      repo.remove('payment_links', (link) => link.id === removed);
      await first.commit();
      crash(first);

      const second = open(dir);
      expect(stored(second.db)).toEqual(stored(first.db));
      expect(second.repository.get('invoices', invoice.id)?.amount_paid).toBe(invoice.amount_paid + 100);
      expect(second.repository.get('payment_links', removed)).toBeUndefined();
    });

    it('commits a write made outside a request by itself, on the next turn', async () => {
      const dir = folder();
      const first = open(dir);
      const anchor = first.repository.data.anchors[0]!;
      first.repository.update('anchors', anchor, { name: 'Renamed by a timer' });
      // No commit asked for: the store takes the write on the next turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      crash(first);
      expect(open(dir).repository.get('anchors', anchor.id)?.name).toBe('Renamed by a timer');
    });

    it('drops a write cut short by a crash, with a warning, and keeps every one before it', async () => {
      const dir = folder();
      const first = open(dir);
      const [a, b] = first.repository.data.anchors;
      first.repository.update('anchors', a!, { name: 'First write' });
      await first.commit();
      first.repository.update('anchors', b!, { name: 'Second write' });
      await first.commit();
      crash(first);
      engine.tearLastWrite(dir);

      const second = open(dir);
      expect(second.repository.get('anchors', a!.id)?.name).toBe('First write');
      expect(second.repository.get('anchors', b!.id)?.name).toBe(b!.name);
      expect(lines.join('\n')).toMatch(/warning|dropped|torn|cut/i);
    });

    it('refuses to start on a damaged write, saying the ways out, and changes nothing', async () => {
      const dir = folder();
      const first = open(dir);
      for (const [i, anchor] of first.repository.data.anchors.entries()) {
        first.repository.update('anchors', anchor, { name: `Write ${i}` });
        await first.commit();
      }
      await first.close();
      opened.splice(opened.indexOf(first), 1);
      engine.damageAWrite(dir);
      const before = filesOf(dir);

      expect(() => open(dir)).toThrow(StoreError);
      expect(() => open(dir)).toThrow(/Ways out/);
      expect(filesOf(dir)).toEqual(before);
    });

    it(
      'refuses a folder another process has open, and takes it over once that process is gone',
      { timeout: 60_000 },
      async () => {
        const dir = folder();
        await open(dir).close();
        opened.length = 0;
        const root = fileURLToPath(new URL('../..', import.meta.url));
        const holder = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            '--input-type=module',
            '-e',
            `const { openStore } = await import(${JSON.stringify(engine.module)});
           const { generateDb } = await import('./mock-server/seed/index.ts');
           const { newTokenState } = await import('./mock-server/auth/tokens.ts');
           openStore({ dir: ${JSON.stringify(dir)}, seed: ${SEED}, scale: ${SCALE}, generate: () => generateDb({ seed: ${SEED}, scale: ${SCALE}, today: new Date(${NOW.getTime()}) }), newSessions: newTokenState, log: () => {}, freeze: false });
           console.log('holding');
           setInterval(() => {}, 1000);`,
          ],
          { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        try {
          await new Promise<void>((resolve, reject) => {
            holder.stdout.setEncoding('utf8').on('data', (text: string) => text.includes('holding') && resolve());
            holder.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
          });
          expect(() => open(dir)).toThrow(new RegExp(`another mock \\(process ${holder.pid}\\) is using`));
        } finally {
          await new Promise((resolve) => {
            holder.once('exit', resolve);
            holder.kill('SIGKILL');
          });
        }
        expect(open(dir).repository.data.anchors.length).toBeGreaterThan(0);
      },
    );
  });
}
