import { createHash, type Hash } from 'node:crypto';
import { closeSync, fdatasyncSync, linkSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db, DbMeta, ReadonlyDb } from '../db';
import { COLLECTIONS, type Collection, MEMORY_ONLY } from './changes';
import { BACKUP_FILE, has, SNAPSHOT_FILE, syncDir, tempName } from './files';

/**
 * A database snapshot, `db.ndjson`: one JSON value per line, so it is written a chunk at a time (never one
 * 100 MB string) and read back a line at a time.
 *
 *   {"snapshot":"anchor-portal-mock-db","version":1,"dataset":"…","journal":7,"meta":{…},"written_at":"…"}
 *   {"snapshot_collection":"invoices"}
 *   {…one row…}
 *   …
 *   {"snapshot_end":{"lines":123456,"sha256":"…"}}
 *
 * The closing line counts the lines before it and carries the sha256 of their bytes: a file cut short has
 * no closing line, a damaged one fails the count or the checksum. `journal` is the first journal segment
 * whose changes the snapshot may lack: start-up replays the journal from there.
 */
export const SNAPSHOT_FORMAT = 'anchor-portal-mock-db';
export const SNAPSHOT_VERSION = 1;

export interface SnapshotHeader {
  snapshot: typeof SNAPSHOT_FORMAT;
  version: number;
  /** Random id of this data folder's data, shared by its snapshot, sessions and journal. */
  dataset: string;
  journal: number;
  meta: DbMeta;
  written_at: string;
}

/** A file of the data folder that cannot be read as written. */
export class DamagedFile extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    /** In a journal segment, the bytes before the damaged line: they read back as written (`--recover` keeps them). */
    readonly goodBytes?: number,
  ) {
    super(`${file} ${problem}`);
  }
}

const rowsOf = (db: ReadonlyDb, c: Collection) => db[c] as readonly object[] | undefined;

function* snapshotLines(db: ReadonlyDb, header: SnapshotHeader): Generator<object> {
  yield header;
  for (const c of COLLECTIONS) {
    const rows = rowsOf(db, c);
    if (rows === undefined) continue;
    yield { snapshot_collection: c };
    // Rows added while a snapshot is written may or may not be in it: the journal has them either way.
    for (let i = 0; i < rows.length; i++) yield rows[i]!;
  }
}

const trailer = (lines: number, hash: Hash) =>
  `${JSON.stringify({ snapshot_end: { lines, sha256: hash.digest('hex') } })}\n`;

/** Puts a complete temporary snapshot in place, keeping the one it replaces as the backup. */
function install(dir: string, temp: string): void {
  if (has(dir, SNAPSHOT_FILE)) {
    const backupTemp = join(dir, tempName(BACKUP_FILE));
    rmSync(backupTemp, { force: true });
    linkSync(join(dir, SNAPSHOT_FILE), backupTemp);
    renameSync(backupTemp, join(dir, BACKUP_FILE));
  }
  renameSync(temp, join(dir, SNAPSHOT_FILE));
  syncDir(dir);
}

/** Start-up only (a fresh seed, a migration): written in one go. */
export function writeSnapshotSync(dir: string, db: ReadonlyDb, header: SnapshotHeader): void {
  const temp = join(dir, tempName(SNAPSHOT_FILE));
  const fd = openSync(temp, 'w');
  try {
    const hash = createHash('sha256');
    let lines = 0;
    let parts: string[] = [];
    let size = 0;
    const flush = () => {
      const text = parts.join('');
      hash.update(text);
      writeSync(fd, text);
      parts = [];
      size = 0;
    };
    for (const value of snapshotLines(db, header)) {
      const line = `${JSON.stringify(value)}\n`;
      parts.push(line);
      size += line.length;
      lines += 1;
      if (size >= 4_000_000) flush();
    }
    flush();
    writeSync(fd, trailer(lines, hash));
    fdatasyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  install(dir, temp);
}

export class SnapshotCancelled extends Error {}

/**
 * Off the request path: serialises about `chunkBytes` at a time and lets the event loop run between
 * chunks, so requests keep being answered while a large database is written.
 */
export async function writeSnapshot(
  dir: string,
  db: ReadonlyDb,
  header: SnapshotHeader,
  options: { chunkBytes?: number; cancelled?: () => boolean; beforeInstall?: () => Promise<unknown> } = {},
): Promise<number> {
  const chunk = options.chunkBytes ?? 512 * 1024;
  const temp = join(dir, tempName(SNAPSHOT_FILE));
  const handle = await open(temp, 'w');
  let bytes = 0;
  try {
    const hash = createHash('sha256');
    let lines = 0;
    const source = snapshotLines(db, header);
    for (let done = false; !done;) {
      const parts: string[] = [];
      let size = 0;
      while (size < chunk) {
        const next = source.next();
        if (next.done) {
          done = true;
          break;
        }
        const line = `${JSON.stringify(next.value)}\n`;
        parts.push(line);
        size += line.length;
        lines += 1;
      }
      const text = parts.join('');
      hash.update(text);
      const buffer = Buffer.from(text);
      await handle.write(buffer);
      bytes += buffer.length;
      await new Promise((resolve) => setImmediate(resolve));
      if (options.cancelled?.()) throw new SnapshotCancelled('the snapshot was cancelled');
    }
    const end = trailer(lines, hash);
    await handle.write(end);
    bytes += Buffer.byteLength(end);
    await handle.datasync();
    await handle.close();
    // Everything the snapshot may hold must be in the journal before the snapshot replaces the old one.
    await options.beforeInstall?.();
  } catch (error) {
    await handle.close().catch(() => {});
    rmSync(temp, { force: true });
    throw error;
  }
  install(dir, temp);
  return bytes;
}

function isHeader(value: unknown): value is SnapshotHeader {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Partial<SnapshotHeader>;
  const meta = h.meta as Partial<DbMeta> | undefined;
  return (
    h.snapshot === SNAPSHOT_FORMAT &&
    typeof h.version === 'number' &&
    typeof h.dataset === 'string' &&
    Number.isSafeInteger(h.journal) &&
    typeof meta === 'object' &&
    meta !== null &&
    typeof meta.schema === 'number' &&
    typeof meta.seed === 'number' &&
    typeof meta.scale === 'number'
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads only the first line (to check seed, scale and versions before reading the rest). */
export function readSnapshotHeader(dir: string): SnapshotHeader {
  const file = join(dir, SNAPSHOT_FILE);
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const end = buffer.subarray(0, read).indexOf(10);
    if (end < 0) throw new DamagedFile(file, read === 0 ? 'is empty.' : 'does not start with a snapshot header line.');
    let value: unknown;
    try {
      value = JSON.parse(buffer.toString('utf8', 0, end));
    } catch {
      throw new DamagedFile(file, 'does not start with a snapshot header line.');
    }
    if (!isHeader(value)) throw new DamagedFile(file, 'does not start with a snapshot header line.');
    return value;
  } finally {
    closeSync(fd);
  }
}

/** Reads a whole snapshot, a chunk at a time, checking its closing line; throws DamagedFile. */
export function readSnapshot(dir: string, name = SNAPSHOT_FILE): { header: SnapshotHeader; db: Db; bytes: number } {
  const file = join(dir, name);
  const fd = openSync(file, 'r');
  const hash = createHash('sha256');
  const found: { header: SnapshotHeader | null; end: { lines: number; sha256: string } | null } = {
    header: null,
    end: null,
  };
  const db: Partial<Record<Collection, object[]>> = {};
  let rows: object[] | null = null;
  let lines = 0;
  let bytes = 0;
  const known = new Set<string>(COLLECTIONS);
  const dropped = new Set<string>(MEMORY_ONLY);

  const take = (line: Buffer) => {
    if (found.end !== null) throw new DamagedFile(file, `has data after its closing line (line ${lines + 2}).`);
    let value: unknown;
    try {
      value = JSON.parse(line.toString('utf8'));
    } catch {
      throw new DamagedFile(file, `has a line that is not JSON (line ${lines + 1}).`);
    }
    if (isObject(value) && isObject(value.snapshot_end)) {
      const e = value.snapshot_end;
      if (typeof e.lines !== 'number' || typeof e.sha256 !== 'string')
        throw new DamagedFile(file, 'has a malformed closing line.');
      found.end = { lines: e.lines, sha256: e.sha256 };
      return;
    }
    hash.update(line);
    hash.update('\n');
    lines += 1;
    if (found.header === null) {
      if (!isHeader(value)) throw new DamagedFile(file, 'does not start with a snapshot header line.');
      found.header = value;
      return;
    }
    if (!isObject(value)) throw new DamagedFile(file, `has a row that is not an object (line ${lines}).`);
    if (typeof value.snapshot_collection === 'string') {
      // Read past, not kept: an earlier version wrote the memory-only collections too.
      if (dropped.has(value.snapshot_collection)) rows = [];
      else if (!known.has(value.snapshot_collection))
        throw new DamagedFile(file, `names an unknown collection '${value.snapshot_collection}' (line ${lines}).`);
      else rows = db[value.snapshot_collection as Collection] = [];
      return;
    }
    if (rows === null) throw new DamagedFile(file, `has a row before any collection (line ${lines}).`);
    rows.push(value);
  };

  try {
    const buffer = Buffer.alloc(8 * 1024 * 1024);
    let rest: Buffer = Buffer.alloc(0);
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      bytes += read;
      const data = rest.length > 0 ? Buffer.concat([rest, buffer.subarray(0, read)]) : buffer.subarray(0, read);
      let start = 0;
      for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
        take(data.subarray(start, nl));
        start = nl + 1;
      }
      rest = Buffer.from(data.subarray(start));
    }
    if (rest.length > 0) {
      throw new DamagedFile(
        file,
        `is cut short: it ends in the middle of line ${lines + 1}, after ${bytes} bytes, without its closing line.`,
      );
    }
  } finally {
    closeSync(fd);
  }
  const { header, end: closing } = found;
  if (header === null)
    throw new DamagedFile(file, bytes === 0 ? 'is empty.' : 'does not start with a snapshot header line.');
  if (closing === null)
    throw new DamagedFile(
      file,
      `is cut short: it ends after ${lines} lines (${bytes} bytes) without its closing line.`,
    );
  if (closing.lines !== lines || closing.sha256 !== hash.digest('hex')) {
    throw new DamagedFile(
      file,
      `is damaged: its closing line counts ${closing.lines} lines and a checksum that the ${lines} lines before it do not match.`,
    );
  }
  // Collections added since the file was written are missing: the repository adds them empty.
  return { header, db: { meta: header.meta, ...db } as unknown as Db, bytes };
}
