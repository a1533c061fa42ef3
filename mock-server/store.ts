import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Db, SCHEMA_VERSION } from './db';

/**
 * Where the mock keeps its state. `file: null` keeps everything in memory (tests); otherwise every
 * change is written to the file atomically (temporary file, fsync, rename), so a crash mid-write
 * leaves the previous complete file, never a half-written one.
 */
export interface JsonFile<T> {
  readonly file: string | null;
  /** Reads the file; null when it is missing, unreadable, or fails the check. */
  load(check: (value: unknown) => value is T): T | null;
  /** Schedules a write of `value()`; writes coalesce, the latest state wins. */
  markDirty(): void;
  /** Resolves when every scheduled write is on disk. */
  flush(): Promise<void>;
  remove(): void;
}

const COALESCE_MS = 25;

export function jsonFile<T>(file: string | null, value: () => T, log: (line: string) => void): JsonFile<T> {
  let dirty = false;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function writeAtomic(path: string, text: string): Promise<void> {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  }

  function writeNow(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    // Chain writes so two never interleave; each takes the state as it is when it starts.
    writing = writing.then(async () => {
      if (!dirty || file === null) return;
      dirty = false;
      try {
        await writeAtomic(file, JSON.stringify(value()));
      } catch (error) {
        dirty = true;
        log(`[mock] could not save ${file}: ${error instanceof Error ? error.message : String(error)}`);
        await rm(`${file}.${process.pid}.tmp`, { force: true });
      }
    });
    return writing;
  }

  return {
    file,
    load(check) {
      if (file === null) return null;
      try {
        const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
        return check(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    markDirty() {
      if (file === null) return;
      dirty = true;
      timer ??= setTimeout(() => void writeNow(), COALESCE_MS);
    },
    flush: writeNow,
    remove() {
      if (file !== null) rmSync(file, { force: true });
    },
  };
}

/** A stored database is reused only when it was written by this schema, with the same seed and scale. */
export function isCompatibleDb(seed: number, scale: number) {
  return (value: unknown): value is Db => {
    if (typeof value !== 'object' || value === null) return false;
    const meta = (value as { meta?: Partial<Db['meta']> }).meta;
    return meta?.schema === SCHEMA_VERSION && meta.seed === seed && meta.scale === scale;
  };
}
