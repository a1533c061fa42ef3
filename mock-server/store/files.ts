import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The data folder's files and the one way every whole file is written: a temporary file in the same
 * folder, fsync, rename over the real name, fsync of the folder. A crash at any point leaves either the
 * old complete file or the new complete file, and at worst a `*.tmp` that the next start removes.
 */
export const SNAPSHOT_FILE = 'db.ndjson';
export const BACKUP_FILE = 'db.prev.ndjson';
export const SESSIONS_FILE = 'sessions.json';
/** Holds the process id of the mock using the folder. */
export const LOCK_FILE = 'mock.lock';
/** The single-file database of earlier versions of the mock (read once and migrated). */
export const LEGACY_DB_FILE = 'db.json';
export const LEGACY_MIGRATED_FILE = 'db.json.migrated';

export const segmentFile = (n: number) => `journal-${String(n).padStart(6, '0')}.ndjson`;
const SEGMENT = /^journal-(\d{6,})\.ndjson$/;

export function segmentNumbers(dir: string): number[] {
  return readdirSync(dir)
    .map((name) => SEGMENT.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export const tempName = (file: string) => `${file}.${process.pid}.tmp`;

export function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes a small file atomically, synchronously (start-up and reset only). */
export function writeFileAtomicSync(dir: string, name: string, content: string | Uint8Array): void {
  const temp = join(dir, tempName(name));
  const fd = openSync(temp, 'w');
  try {
    writeFileSync(fd, content);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, join(dir, name));
  syncDir(dir);
}

/** Writes a small file atomically, off the request path. */
export async function writeFileAtomic(dir: string, name: string, text: string): Promise<void> {
  const temp = join(dir, tempName(name));
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.datasync();
  } catch (error) {
    await handle.close();
    rmSync(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, join(dir, name));
  syncDir(dir);
}

/** Removes `*.tmp` files a crash left behind; returns their names. */
export function removeTempFiles(dir: string): string[] {
  const names = readdirSync(dir).filter((name) => name.endsWith('.tmp'));
  for (const name of names) rmSync(join(dir, name), { force: true });
  if (names.length > 0) syncDir(dir);
  return names;
}

/** Whether a file exists in the folder. */
export function has(dir: string, name: string): boolean {
  return existsSync(join(dir, name));
}
