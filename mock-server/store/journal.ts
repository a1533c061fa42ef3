import {
  close,
  closeSync,
  fdatasync,
  fdatasyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  write,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { TokenFamily } from '../auth/tokens';
import { COLLECTIONS, type Collection, type DbOp, keyField, MEMORY_ONLY } from './changes';
import { segmentFile, syncDir } from './files';
import { DamagedFile } from './snapshot';

/**
 * The journal: append-only files `journal-NNNNNN.ndjson` (segments), one line per committed write:
 *
 *   {"seq":42,"at":"2026-11-22T10:00:00.000Z","db":[{"c":"resources","op":"put","v":{…}}],"s":[…]}<TAB>crc32
 *
 * `db` holds the database changes (whole rows, see changes.ts), `s` the session changes (whole token
 * families, or `{"op":"del","id"}`); a password change and the sessions it ends are one line, so they
 * commit together. The CRC-32 after the tab covers the JSON before it. A segment starts with a header line
 * (its number, the data set, the seq of its first line and, after a rotation that kept database changes
 * not yet in a snapshot, `carry_from` and those changes as `db`).
 *
 * Group commit: lines are queued; one write and one fdatasync take every line queued meanwhile, and each
 * request is answered when the fdatasync that covers its line returns.
 */
export type SessionOp = { op: 'put'; v: TokenFamily } | { op: 'del'; id: string };

interface JournalLine {
  seq: number;
  at: string;
  db?: DbOp[];
  s?: SessionOp[];
}

export interface SegmentHeader {
  segment: number;
  dataset: string;
  /** The seq of the segment's first line. */
  seq: number;
  /** The snapshot base whose changes since `db` carries; null when it carries none. */
  carry_from: number | null;
  db?: DbOp[];
  created_at: string;
}

export function encodeLine(value: object): string {
  const json = JSON.stringify(value);
  return `${json}\t${crc32(json).toString(16).padStart(8, '0')}\n`;
}

/** The JSON of a line whose checksum holds, else null. */
export function decodeLine(line: Buffer): unknown {
  const tab = line.lastIndexOf(9);
  if (tab < 0 || line.length - tab - 1 !== 8) return null;
  const json = line.subarray(0, tab);
  if (crc32(json).toString(16).padStart(8, '0') !== line.toString('latin1', tab + 1)) return null;
  try {
    return JSON.parse(json.toString('utf8'));
  } catch {
    return null;
  }
}

interface TornLine {
  /** 1-based line number in the segment. */
  line: number;
  offset: number;
  bytes: number;
  text: string;
}

export interface SegmentContent {
  number: number;
  file: string;
  header: SegmentHeader;
  lines: JournalLine[];
  /** Bytes up to the end of the last complete line. */
  goodBytes: number;
  torn: TornLine | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isHeader(value: unknown, number: number): value is SegmentHeader {
  return (
    isObject(value) &&
    value.segment === number &&
    typeof value.dataset === 'string' &&
    Number.isSafeInteger(value.seq) &&
    (value.carry_from === null || Number.isSafeInteger(value.carry_from))
  );
}

function isLine(value: unknown): value is JournalLine {
  return (
    isObject(value) &&
    Number.isSafeInteger(value.seq) &&
    (value.db === undefined || Array.isArray(value.db)) &&
    (value.s === undefined || Array.isArray(value.s))
  );
}

const NAMES: readonly string[] = [...COLLECTIONS, ...MEMORY_ONLY];

function isDbOp(op: unknown): op is DbOp {
  if (typeof op !== 'object' || op === null) return false;
  const o = op as Partial<{ c: string; op: string; v: unknown; rows: unknown }>;
  if (!NAMES.includes(o.c ?? '')) return false;
  if (o.op === 'set') return Array.isArray(o.rows);
  return (
    o.op === 'put' &&
    typeof o.v === 'object' &&
    o.v !== null &&
    ['string', 'number'].includes(typeof (o.v as Record<string, unknown>)[keyField(o.c as Collection)])
  );
}

function isSessionOp(op: unknown): op is SessionOp {
  if (typeof op !== 'object' || op === null) return false;
  const o = op as Partial<{ op: string; v: { id?: unknown }; id: unknown }>;
  return (o.op === 'put' && typeof o.v?.id === 'string') || (o.op === 'del' && typeof o.id === 'string');
}

/** An earlier version journaled the memory-only collections too: their changes are dropped on reading. */
function dropMemoryOnly(value: { db?: DbOp[] }): void {
  if (value.db) value.db = value.db.filter((op) => !(MEMORY_ONLY as readonly string[]).includes(op.c));
}

/** What in a line this mock cannot replay, or null. */
function unreadable(db: unknown[] | undefined, s: unknown[] | undefined): string | null {
  const badDb = (db ?? []).find((op) => !isDbOp(op));
  if (badDb !== undefined) return `a database change this mock cannot read: ${JSON.stringify(badDb).slice(0, 200)}`;
  const badSession = (s ?? []).find((op) => !isSessionOp(op));
  if (badSession !== undefined)
    return `a session change this mock cannot read: ${JSON.stringify(badSession).slice(0, 200)}`;
  return null;
}

/**
 * Reads one segment (or, with `upTo`, its first `upTo` bytes: the part before a damaged line). Only the last
 * segment may end in an incomplete line (a write cut off by a crash): it is reported as `torn`; anything
 * else that does not read back as written, or that this mock cannot replay, throws DamagedFile with the
 * bytes before that line. Returns null for a last segment that holds nothing but (part of) its header:
 * created, never used.
 */
export function readSegment(dir: string, number: number, last: boolean, upTo?: number): SegmentContent | null {
  const file = join(dir, segmentFile(number));
  const whole = readFileSync(file);
  const data = upTo === undefined ? whole : whole.subarray(0, upTo);
  const lines: JournalLine[] = [];
  let header: SegmentHeader | null = null;
  let start = 0;
  let count = 0;
  for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
    count += 1;
    const damagedHere = (problem: string) => new DamagedFile(file, problem, start);
    const value = decodeLine(data.subarray(start, nl));
    if (value === null)
      throw damagedHere(`is damaged at line ${count} (bytes ${start} to ${nl}): its checksum or JSON does not hold.`);
    if (header === null) {
      if (!isHeader(value, number)) throw damagedHere('does not start with its segment header line.');
      const problem = unreadable(value.db, undefined);
      if (problem !== null) throw damagedHere(`holds in its header line ${problem}`);
      dropMemoryOnly(value);
      header = value;
    } else {
      if (!isLine(value)) throw damagedHere(`line ${count} is not a journal line.`);
      const expected = header.seq + lines.length;
      if (value.seq !== expected)
        throw damagedHere(
          `line ${count} has seq ${value.seq} where ${expected} was expected: a line is missing or out of place.`,
        );
      const problem = unreadable(value.db, value.s);
      if (problem !== null) throw damagedHere(`holds at line ${count} ${problem}`);
      dropMemoryOnly(value);
      lines.push(value);
    }
    start = nl + 1;
  }
  let torn: TornLine | null = null;
  if (start < data.length) {
    if (!last)
      throw new DamagedFile(
        file,
        `ends in the middle of line ${count + 1}, and it is not the last journal segment.`,
        start,
      );
    torn = {
      line: count + 1,
      offset: start,
      bytes: data.length - start,
      text: data.toString('utf8', start, Math.min(data.length, start + 600)),
    };
  }
  if (header === null) {
    if (last) return null;
    throw new DamagedFile(file, 'is empty, and it is not the last journal segment.', 0);
  }
  return { number, file, header, lines, goodBytes: start, torn };
}

/** Cuts a torn line off the end of a segment. */
export function truncateSegment(file: string, bytes: number): void {
  const fd = openSync(file, 'r+');
  try {
    ftruncateSync(fd, bytes);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Creates a segment with its header line, on disk (file and folder entry) before it is used. */
export function createSegment(dir: string, header: SegmentHeader): { fd: number; bytes: number } {
  const file = join(dir, segmentFile(header.segment));
  const fd = openSync(file, 'wx');
  const line = encodeLine(header);
  try {
    writeSync(fd, line);
    fdatasyncSync(fd);
    syncDir(dir);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return { fd, bytes: Buffer.byteLength(line) };
}

export function openSegmentForAppend(dir: string, number: number): number {
  return openSync(join(dir, segmentFile(number)), 'a');
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody waits for must not become an unhandled rejection; its failure is reported by onError.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

const writeAll = (fd: number, buffer: Buffer): Promise<void> =>
  new Promise((resolve, reject) => {
    const next = (offset: number) => {
      if (offset >= buffer.length) {
        resolve();
        return;
      }
      write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
        if (error) reject(error);
        else next(offset + written);
      });
    };
    next(0);
  });

const datasync = (fd: number): Promise<void> =>
  new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));

/** Appends lines to the current segment with group commit. */
export class JournalWriter {
  private queue: string[] = [];
  private waiting: Deferred | null = null;
  private inflight: Deferred | null = null;
  private retired: number[] = [];
  private failure: Error | null = null;
  /** Bytes written to the current segment (header included). */
  bytes: number;
  /** fdatasync calls so far (one per group commit). */
  syncs = 0;

  constructor(
    private fd: number,
    bytes: number,
    private readonly onError: (error: Error) => void,
  ) {
    this.bytes = bytes;
  }

  append(line: string): void {
    if (this.failure) throw this.failure;
    this.queue.push(line);
    this.bytes += Buffer.byteLength(line);
  }

  /** Lines appended and not yet handed to a write. */
  queued(): number {
    return this.queue.length;
  }

  /** Resolves when every line appended so far is on disk. */
  sync(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.queue.length > 0) {
      this.waiting ??= deferred();
      const promise = this.waiting.promise;
      this.kick();
      return promise;
    }
    return this.inflight?.promise ?? Promise.resolve();
  }

  /** Later batches go to `fd`; the old file is closed once its last batch is on disk. */
  switchTo(fd: number, bytes: number): void {
    if (this.inflight) this.retired.push(this.fd);
    else close(this.fd, () => {});
    this.fd = fd;
    this.bytes = bytes;
  }

  private kick(): void {
    if (this.inflight || this.queue.length === 0 || this.failure) return;
    const batch = Buffer.from(this.queue.join(''));
    const done = this.waiting ?? deferred();
    this.queue = [];
    this.waiting = null;
    this.inflight = done;
    const fd = this.fd;
    writeAll(fd, batch)
      .then(() => {
        this.syncs += 1;
        return datasync(fd);
      })
      .then(
        () => done.resolve(),
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          this.failure = failure;
          done.reject(failure);
          this.waiting?.reject(failure);
          this.onError(failure);
        },
      )
      .finally(() => {
        this.inflight = null;
        for (const old of this.retired.splice(0)) close(old, () => {});
        this.kick();
      });
  }

  /** Waits for the queue to drain and closes the file. */
  async close(): Promise<void> {
    try {
      await this.sync();
    } finally {
      for (const old of this.retired.splice(0)) close(old, () => {});
      const fd = this.fd;
      this.fd = -1;
      if (fd >= 0) await new Promise<void>((resolve) => close(fd, () => resolve()));
    }
  }
}
