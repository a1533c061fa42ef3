import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dropFamiliesInClear, type TokenFamily, type TokenState } from '../auth/tokens';
import { type Db, type DbMeta, SCHEMA_VERSION, type ReadonlyDb } from '../db';
import { COLLECTIONS, type Collection, type DbOp, keyOf, MEMORY_ONLY } from './changes';
import { Repository } from './repository';
import {
  BACKUP_FILE,
  has,
  LEGACY_DB_FILE,
  LEGACY_MIGRATED_FILE,
  LOCK_FILE,
  removeTempFiles,
  segmentFile,
  segmentNumbers,
  SESSIONS_FILE,
  SNAPSHOT_FILE,
  syncDir,
  writeFileAtomic,
  writeFileAtomicSync,
} from './files';
import {
  createSegment,
  encodeLine,
  JournalWriter,
  openSegmentForAppend,
  readSegment,
  type SegmentContent,
  type SegmentHeader,
  type SessionOp,
  truncateSegment,
} from './journal';
import {
  DamagedFile,
  readSnapshot,
  readSnapshotHeader,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  SnapshotCancelled,
  type SnapshotHeader,
  writeSnapshot,
  writeSnapshotSync,
} from './snapshot';

/**
 * The mock's durable store: a database snapshot, a small sessions file and a journal (store/journal.ts).
 *
 * A write is answered once its journal line is on disk (`commit`). Start-up reads the snapshot, the
 * sessions file and replays the journal over them. In the background, once the journal holds
 * `snapshotBytes` of database changes, a new snapshot is written (a chunk at a time, to a temporary file,
 * fsync, rename, fsync of the folder; the previous one is kept as db.prev.ndjson) and the journal starts a
 * new segment. Session changes alone never cause a database snapshot: when the journal outgrows
 * `rotateBytes`, it starts a new segment whose header carries the database changes not yet in a
 * snapshot, sessions.json is rewritten (a few kilobytes), and the old segments go.
 *
 * Files in the folder: db.ndjson (snapshot), db.prev.ndjson (the one before), sessions.json,
 * journal-NNNNNN.ndjson (one or two segments), and `*.tmp` only while a file is being written. The
 * memory-only collections (the dev outbox, see changes.ts) are in none of them: each start begins them empty.
 */
interface StoreOptions {
  dir: string;
  seed: number;
  scale: number;
  /** Start over: delete the stored data and seed afresh. */
  reset?: boolean;
  /** Put the kept backup snapshot back in place (the current files are moved aside, not deleted). */
  restoreBackup?: boolean;
  /** Start from the snapshot and the journal before its first damaged line (the rest is moved aside, not deleted). */
  recover?: boolean;
  generate: () => Db;
  newSessions: () => TokenState;
  log: (line: string) => void;
  now?: () => number;
  /** Database changes in the journal (bytes) that start a snapshot. */
  snapshotBytes?: number;
  /** Bytes in the current journal segment that start a new one. */
  rotateBytes?: number;
  /** Deep-freeze the rows (see store/repository.ts). */
  freeze: boolean;
}

const DEFAULT_SNAPSHOT_BYTES = 16 * 1024 * 1024;
const DEFAULT_ROTATE_BYTES = 8 * 1024 * 1024;

const SESSIONS_FORMAT = 'anchor-portal-mock-sessions';

interface SessionsFile {
  sessions: typeof SESSIONS_FORMAT;
  version: number;
  dataset: string;
  /** The first journal segment whose session changes this file may lack. */
  journal: number;
  /** The next journal seq when the file was written. */
  seq: number;
  families: Record<string, TokenFamily>;
}

/** The mock cannot start on this folder; the message says why and what to do. Nothing was changed. */
export class StoreError extends Error {}

/**
 * A storage engine: opens a data folder (seeding it the first time) and answers the store over it. The journal
 * (`openStore`, this file) is the one the mock uses; another engine, an embedded database say, plugs in through
 * `createMockServer({ storage })` once it passes the same durability tests (storage-conformance.ts).
 */
export type OpenStore = (options: StoreOptions) => DurableStore;

/**
 * What the mock needs of a storage engine. Its rows are held by `repository`; `commit` puts every write made
 * through it on disk, and a write is answered only after that.
 */
export interface DurableStore {
  readonly dir: string;
  /** The rows; every write through it is journaled. */
  readonly repository: Repository;
  readonly db: ReadonlyDb;
  readonly sessions: TokenState;
  sessionChanged(family: TokenFamily): void;
  sessionRemoved(id: string): void;
  /**
   * Journals every write made so far; resolves once it is on disk. A write request is answered only after it
   * (store/middleware.ts); a write made outside a request (a timer) is committed on the next turn by itself.
   */
  commit(): Promise<void>;
  /** The first storage failure; after it, nothing more is written. */
  readonly failure: Error | null;
  /** Runs a snapshot or a rotation now (tests), after any that is under way (an engine without them does nothing). */
  compact(kind: 'snapshot' | 'rotate'): Promise<void>;
  /** The engine's own figures, for tests and the bench. */
  status(): {
    segment: number;
    snapshotBase: number;
    sessionsBase: number;
    dbBytes: number;
    seq: number;
    syncs: number;
    compacting: boolean;
  };
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------

/** The journal lines from a damaged line on: how many, and when they were written as far as their text tells. */
interface Loss {
  lines: number;
  from: string | null;
  to: string | null;
}

/** Where a damaged journal line is: its segment, the bytes before it, and the segments after it. */
interface Damage {
  number: number;
  goodBytes: number;
  later: number[];
}

function lostLines(dir: string, damage: Damage): Loss {
  let lines = 0;
  const times: string[] = [];
  const numbers = [damage.number, ...damage.later];
  for (const number of numbers) {
    const data = readFileSync(join(dir, segmentFile(number))).subarray(number === damage.number ? damage.goodBytes : 0);
    const texts = data.toString('utf8').split('\n');
    // After the last newline of the journal: nothing, or a write a crash cut off, never acknowledged.
    if (number === numbers.at(-1)) texts.pop();
    for (const text of texts) {
      if (text === '' || text.startsWith('{"segment":')) continue;
      lines += 1;
      // The line's own time, read from its text: a damaged line may still show it.
      const at = /^\{"seq":\d+,"at":"([^"]+)"/.exec(text)?.[1];
      if (at !== undefined) times.push(at);
    }
  }
  times.sort();
  return { lines, from: times[0] ?? null, to: times.at(-1) ?? null };
}

function describeLoss(loss: Loss): string {
  const what = `${loss.lines} journal line${loss.lines === 1 ? '' : 's'} (writes)`;
  if (loss.from === null) return `${what}, whose times cannot be read`;
  return loss.from === loss.to
    ? `${what}, written at ${loss.from}`
    : `${what}, written from ${loss.from} to ${loss.to}`;
}

function wayOut(dir: string, backup: boolean, loss?: Loss): string {
  const lines = [`Nothing in ${dir} was changed. Ways out:`];
  if (loss) {
    lines.push(
      `  - keep the snapshot and the journal before the damaged line: npm run mock -- --recover`,
      `    (the damaged line and everything after it are lost: ${describeLoss(loss)}; every session ends; the damaged files are moved to ${join(dir, 'damaged-<time>')}/, not deleted)`,
    );
  }
  lines.push(
    `  - ${loss ? 'or ' : ''}start over from the seed (deletes the stored data): npm run mock:reset   (add the --data-dir, --seed and --scale you start with)`,
  );
  if (backup) {
    lines.push(
      `  - or go back to the previous snapshot, kept as ${join(dir, BACKUP_FILE)}: npm run mock -- --restore-backup`,
      `    (changes made after that snapshot are lost and every session ends; the current files are moved to ${join(dir, 'damaged-<time>')}/, not deleted)`,
    );
  } else {
    lines.push(
      `  (no previous snapshot is kept yet; to keep the damaged files for a look, move them out of ${dir} first)`,
    );
  }
  return lines.join('\n');
}

/** The refusal for a damaged file; a damaged journal line also offers `--recover`, saying what it would lose. */
function damaged(dir: string, error: DamagedFile, damage?: Damage): StoreError {
  const loss = damage ? lostLines(dir, damage) : undefined;
  return new StoreError(
    `The mock cannot start: ${error.file} ${error.problem}\n${wayOut(dir, has(dir, BACKUP_FILE), loss)}`,
  );
}

/** The data folder (or a file in it) cannot be written; the message says why and what to do. */
function cannotWrite(dir: string, error: NodeJS.ErrnoException): StoreError {
  const where = error.path && error.path !== dir ? `, on ${error.path}` : '';
  const denied: [string, string] = [
    'this user may not write there',
    `make it writable for this user (chmod u+w ${dir}), or start the mock as the user who owns it`,
  ];
  const reasons: Record<string, [string, string]> = {
    EACCES: denied,
    EPERM: denied,
    EROFS: ['it is on a read-only file system', 'mount that file system writable'],
    ENOTDIR: ['a part of its path is a file, not a folder', 'move that file out of the way'],
    EEXIST: ['it is a file, not a folder', 'move that file out of the way'],
    ENOSPC: ['the disk is full', 'make room on the disk'],
  };
  const [reason, fix] = reasons[error.code ?? ''] ?? [error.message, 'fix the cause'];
  return new StoreError(
    `The mock cannot write to ${dir}: ${reason} (${error.code ?? 'error'}${where}).\n` +
      `Ways out:\n` +
      `  - ${fix}\n` +
      `  - or start on another folder: --data-dir <another folder>\n` +
      `  - or keep nothing on disk: --memory   (the data lives until the mock stops)`,
  );
}

const WRITE_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOSPC']);
const isWriteError = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error && WRITE_ERRORS.has((error as NodeJS.ErrnoException).code ?? '');

function describe(meta: Pick<DbMeta, 'seed' | 'scale'>): string {
  return `seed ${meta.seed} and scale ${meta.scale}`;
}

function checkCompatible(dir: string, file: string, meta: DbMeta, o: StoreOptions): void {
  if (meta.schema !== SCHEMA_VERSION) {
    throw new StoreError(
      `The mock cannot start: ${file} holds data of schema version ${meta.schema}; this mock reads version ${SCHEMA_VERSION} and has no migration from it.\n` +
        `Nothing in ${dir} was changed. Ways out:\n` +
        `  - start over from the seed (deletes the stored data): npm run mock:reset   (add the --data-dir, --seed and --scale you start with)\n` +
        `  - or keep it and start on another folder: --data-dir <another folder>`,
    );
  }
  if (meta.seed !== o.seed || meta.scale !== o.scale) {
    throw new StoreError(
      `The mock cannot start: ${dir} holds data made with ${describe(meta)}, and this start asks for ${describe(o)}. Stored data is never replaced without asking.\n` +
        `Nothing in ${dir} was changed. Ways out:\n` +
        `  - use the stored data: start with --seed ${meta.seed} --scale ${meta.scale}\n` +
        `  - keep it and start on another folder: --data-dir <another folder>\n` +
        `  - replace it with fresh data: npm run mock:reset -- --seed ${o.seed} --scale ${o.scale}   (add your --data-dir)`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Opening: reset, restore, migrate, seed or recover
// ---------------------------------------------------------------------------------------------------

interface Loaded {
  dataset: string;
  repository: Repository;
  sessions: TokenState;
  snapshotBase: number;
  sessionsBase: number;
  /** The segment to append to, its file descriptor and size. */
  segment: number;
  fd: number;
  bytes: number;
  /** Bytes of the segment's header (the carry included). */
  headerBytes: number;
  seq: number;
  /** Database changes since the snapshot, from the journal. */
  dirty: Dirty;
}

interface Dirty {
  rows: Map<Collection, Map<string | number, object>>;
  whole: Set<Collection>;
  bytes: number;
}

const emptyDirty = (): Dirty => ({ rows: new Map(), whole: new Set(), bytes: 0 });

/** Notes the rows `ops` wrote as changed since the snapshot. */
function noteDirty(dirty: Dirty, ops: readonly DbOp[]): void {
  for (const op of ops) {
    if (op.op === 'set') {
      dirty.whole.add(op.c);
      dirty.rows.delete(op.c);
    } else if (!dirty.whole.has(op.c)) {
      let rows = dirty.rows.get(op.c);
      if (!rows) dirty.rows.set(op.c, (rows = new Map<string | number, object>()));
      rows.set(keyOf(op.c, op.v), op.v);
    }
  }
}

/** The repository over rows read from the folder; the memory-only collections start empty whatever a file held. */
function holding(db: Db, o: StoreOptions): Repository {
  for (const c of MEMORY_ONLY) db[c] = [];
  return new Repository(db, { freeze: o.freeze });
}

function storeFiles(dir: string): string[] {
  const names = [SNAPSHOT_FILE, BACKUP_FILE, SESSIONS_FILE, LEGACY_DB_FILE, ...segmentNumbers(dir).map(segmentFile)];
  return names.filter((name) => has(dir, name));
}

/**
 * Copies a store that is not open (its snapshot, backup, sessions and journal; not its lock) into a new folder:
 * a seeded store for a test in a few milliseconds, where seeding one takes a scan of the seed and a snapshot.
 */
export function copyStore(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of storeFiles(from)) copyFileSync(join(from, name), join(to, name));
}

function resetFolder(dir: string, log: (line: string) => void): void {
  const names = storeFiles(dir);
  for (const name of names) rmSync(join(dir, name), { force: true });
  removeTempFiles(dir);
  syncDir(dir);
  if (names.length > 0) log(`[mock] --reset: deleted ${names.join(', ')} from ${dir}`);
}

function sessionsText(dataset: string, base: number, seq: number, state: TokenState): string {
  const file: SessionsFile = {
    sessions: SESSIONS_FORMAT,
    version: 1,
    dataset,
    journal: base,
    seq,
    families: state.families,
  };
  return JSON.stringify(file);
}

/** Where `--restore-backup` and `--recover` move the files they replace. */
const asideFolder = (o: StoreOptions) =>
  join(o.dir, `damaged-${new Date(o.now?.() ?? Date.now()).toISOString().replace(/[:.]/g, '-')}`);

function restoreBackupFiles(o: StoreOptions): void {
  const { dir } = o;
  if (!has(dir, BACKUP_FILE))
    throw new StoreError(`--restore-backup: there is no ${join(dir, BACKUP_FILE)} to go back to.`);
  let backup: SnapshotHeader;
  try {
    backup = readSnapshot(dir, BACKUP_FILE).header;
  } catch (error) {
    if (error instanceof DamagedFile)
      throw new StoreError(`--restore-backup: the backup ${error.file} ${error.problem} Nothing was changed.`);
    throw error;
  }
  const aside = asideFolder(o);
  mkdirSync(aside, { recursive: true });
  const moved = [SNAPSHOT_FILE, SESSIONS_FILE, ...segmentNumbers(dir).map(segmentFile)].filter((name) =>
    has(dir, name),
  );
  for (const name of moved) renameSync(join(dir, name), join(aside, name));
  copyFileSync(join(dir, BACKUP_FILE), join(dir, SNAPSHOT_FILE));
  const fresh = o.newSessions();
  writeFileAtomicSync(dir, SESSIONS_FILE, sessionsText(backup.dataset, backup.journal, 1, fresh));
  syncDir(dir);
  o.log(
    `[mock] --restore-backup: moved ${moved.join(', ') || 'nothing'} to ${aside}; the snapshot of ${backup.written_at} is back in place; every session has ended.`,
  );
}

/** A new folder: the seed, written out before anything else happens. */
function create(o: StoreOptions, db: Db, sessions: TokenState): Loaded {
  const dataset = randomBytes(8).toString('hex');
  const now = new Date(o.now?.() ?? Date.now()).toISOString();
  writeSnapshotSync(o.dir, db, {
    snapshot: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    dataset,
    journal: 1,
    meta: db.meta,
    written_at: now,
  });
  writeFileAtomicSync(o.dir, SESSIONS_FILE, sessionsText(dataset, 1, 1, sessions));
  const header: SegmentHeader = { segment: 1, dataset, seq: 1, carry_from: null, created_at: now };
  const { fd, bytes } = createSegment(o.dir, header);
  return {
    dataset,
    repository: holding(db, o),
    sessions,
    snapshotBase: 1,
    sessionsBase: 1,
    segment: 1,
    fd,
    bytes,
    headerBytes: bytes,
    seq: 1,
    dirty: emptyDirty(),
  };
}

/** The single db.json of earlier versions: checked like a snapshot, then carried over into the new files. */
function migrateLegacy(o: StoreOptions): Loaded {
  const file = join(o.dir, LEGACY_DB_FILE);
  let db: Db;
  try {
    db = JSON.parse(readFileSync(file, 'utf8')) as Db;
    if (typeof db !== 'object' || db === null || typeof db.meta !== 'object') throw new Error('no meta');
  } catch {
    throw new StoreError(
      `The mock cannot start: ${file} (the database file of an earlier version of the mock) is not complete JSON: it was cut short or damaged.\n` +
        `Nothing in ${o.dir} was changed. Ways out:\n` +
        `  - start over from the seed (deletes it): npm run mock:reset   (add the --data-dir, --seed and --scale you start with)\n` +
        `  - or move it out of ${o.dir} to keep it for a look`,
    );
  }
  checkCompatible(o.dir, file, db.meta, o);
  // The sessions of that version kept refresh tokens in clear: they end rather than move over.
  if (has(o.dir, SESSIONS_FILE))
    o.log(`[mock] the sessions of the earlier version have ended (it kept refresh tokens in clear); log in again.`);
  const loaded = create(o, db, o.newSessions());
  renameSync(file, join(o.dir, LEGACY_MIGRATED_FILE));
  syncDir(o.dir);
  o.log(
    `[mock] moved the database of ${file} to the journaled store (${SNAPSHOT_FILE}); the old file is kept as ${LEGACY_MIGRATED_FILE}.`,
  );
  return loaded;
}

function readSessions(dir: string): SessionsFile {
  const file = join(dir, SESSIONS_FILE);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new DamagedFile(file, 'is not complete JSON.');
  }
  const s = value as Partial<SessionsFile>;
  if (
    s.sessions !== SESSIONS_FORMAT ||
    s.version !== 1 ||
    typeof s.dataset !== 'string' ||
    !Number.isSafeInteger(s.journal) ||
    !Number.isSafeInteger(s.seq) ||
    typeof s.families !== 'object' ||
    s.families === null
  ) {
    throw new DamagedFile(file, 'is not a sessions file of this mock.');
  }
  return s as SessionsFile;
}

function describeTorn(segment: SegmentContent): string {
  const torn = segment.torn!;
  const seq = /"seq":(\d+)/.exec(torn.text)?.[1];
  const collections = [...new Set([...torn.text.matchAll(/"c":"([a-z_]+)"/g)].map((m) => m[1]))];
  const what = [
    seq === undefined ? 'a write' : `the write of seq ${seq}`,
    collections.length > 0
      ? `(changing ${collections.join(', ')}${/"s":\[/.test(torn.text) ? ' and sessions' : ''})`
      : /"s":\[/.test(torn.text)
        ? '(changing sessions)'
        : '',
  ];
  const preview = torn.text.length > 300 ? `${torn.text.slice(0, 300)}…` : torn.text;
  return (
    `[mock] warning: ${segment.file} ends in a line cut off mid-write (line ${torn.line}, ${torn.bytes} bytes from offset ${torn.offset}), as a crash leaves it. ` +
    `Dropped ${what.filter(Boolean).join(' ')}; it was never acknowledged. The dropped text began: ${preview}`
  );
}

/**
 * --recover: moves the damaged segment, the segments after it and sessions.json aside, puts back the part of
 * the damaged segment before its damaged line, and writes an empty sessions file.
 */
function cutJournal(o: StoreOptions, cut: Damage & { error: DamagedFile }, sessions: string): void {
  const { dir } = o;
  const loss = lostLines(dir, cut);
  const aside = asideFolder(o);
  mkdirSync(aside, { recursive: true });
  // sessions.json first: should this stop halfway, a start refuses the folder rather than reading half of it.
  const moved = [SESSIONS_FILE, ...[cut.number, ...cut.later].map(segmentFile)];
  for (const name of moved) renameSync(join(dir, name), join(aside, name));
  if (cut.goodBytes > 0)
    writeFileAtomicSync(
      dir,
      segmentFile(cut.number),
      readFileSync(join(aside, segmentFile(cut.number))).subarray(0, cut.goodBytes),
    );
  writeFileAtomicSync(dir, SESSIONS_FILE, sessions);
  syncDir(dir);
  o.log(
    `[mock] --recover: ${cut.error.file} ${cut.error.problem} Started from ${SNAPSHOT_FILE} and the journal before that line. ` +
      `Lost: ${describeLoss(loss)}. Moved ${moved.join(', ')} to ${aside}${cut.goodBytes > 0 ? ` (${segmentFile(cut.number)} is back, cut before the damaged line)` : ''}; every session has ended.`,
  );
}

function recover(o: StoreOptions, numbers: number[]): Loaded {
  const { dir, log } = o;
  // 1. Read and check everything; change nothing until all of it holds.
  if (!has(dir, SNAPSHOT_FILE))
    throw damaged(
      dir,
      new DamagedFile(join(dir, SNAPSHOT_FILE), 'is missing, though the journal or the backup is there.'),
    );
  let header: SnapshotHeader;
  try {
    header = readSnapshotHeader(dir);
  } catch (error) {
    throw error instanceof DamagedFile ? damaged(dir, error) : error;
  }
  if (header.version !== SNAPSHOT_VERSION) {
    throw new StoreError(
      `The mock cannot start: ${join(dir, SNAPSHOT_FILE)} was written in store format ${header.version}; this mock reads format ${SNAPSHOT_VERSION}.\n${wayOut(dir, false)}`,
    );
  }
  checkCompatible(dir, join(dir, SNAPSHOT_FILE), header.meta, o);
  let db: Db;
  try {
    db = readSnapshot(dir).db;
  } catch (error) {
    throw error instanceof DamagedFile ? damaged(dir, error) : error;
  }

  let sessionsFile: SessionsFile | null = null;
  try {
    if (has(dir, SESSIONS_FILE)) sessionsFile = readSessions(dir);
    else if (numbers.length > 0)
      throw new DamagedFile(join(dir, SESSIONS_FILE), 'is missing, though the journal is there.');
  } catch (error) {
    throw error instanceof DamagedFile ? damaged(dir, error) : error;
  }
  if (sessionsFile && sessionsFile.dataset !== header.dataset) {
    throw damaged(
      dir,
      new DamagedFile(
        join(dir, SESSIONS_FILE),
        `belongs to another data set (${sessionsFile.dataset}) than ${SNAPSHOT_FILE} (${header.dataset}).`,
      ),
    );
  }

  const snapshotBase = header.journal;
  // The snapshot holds the database changes of the segments before its own (a crash during a compaction can
  // leave them behind). Only sessions.json may still need some of them, and --recover ends every session.
  const readFrom = o.recover ? snapshotBase : Math.min(snapshotBase, sessionsFile?.journal ?? snapshotBase);
  const read = numbers.filter((n) => n >= readFrom);
  const segments: SegmentContent[] = [];
  let emptyLast: number | null = null;
  // With --recover, the first damaged journal line: the journal is cut there.
  let cut: (Damage & { error: DamagedFile }) | null = null;
  // A damaged segment before the snapshot's: no database change is lost, but the sessions' history is.
  let sessionsLost: DamagedFile | null = null;
  try {
    for (const [i, number] of read.entries()) {
      if (i > 0 && number !== read[i - 1]! + 1) {
        throw new DamagedFile(
          join(dir, segmentFile(read[i - 1]! + 1)),
          `is missing: the journal jumps from segment ${read[i - 1]} to ${number}.`,
        );
      }
      if (sessionsLost && number < snapshotBase) continue;
      let segment: SegmentContent | null;
      try {
        segment = readSegment(dir, number, i === read.length - 1);
      } catch (error) {
        if (!(error instanceof DamagedFile) || error.goodBytes === undefined) throw error;
        if (number < snapshotBase) {
          sessionsLost = error;
          segments.length = 0;
          continue;
        }
        const damage: Damage = { number, goodBytes: error.goodBytes, later: read.slice(i + 1) };
        if (!o.recover) throw damaged(dir, error, damage);
        cut = { ...damage, error };
        segment = readSegment(dir, number, true, error.goodBytes);
      }
      if (segment === null) {
        if (!cut) emptyLast = number;
      } else {
        if (segment.header.dataset !== header.dataset)
          throw new DamagedFile(
            segment.file,
            `belongs to another data set (${segment.header.dataset}) than ${SNAPSHOT_FILE} (${header.dataset}).`,
          );
        const previous = segments.at(-1);
        if (previous && segment.header.seq !== previous.header.seq + previous.lines.length) {
          throw new DamagedFile(
            segment.file,
            `starts at seq ${segment.header.seq}, but ${previous.file} ends at seq ${previous.header.seq + previous.lines.length - 1}: lines are missing.`,
          );
        }
        segments.push(segment);
      }
      if (cut) break;
    }
  } catch (error) {
    throw error instanceof DamagedFile ? damaged(dir, error) : error;
  }
  if (o.recover && !cut)
    throw new StoreError(
      `--recover: the journal in ${dir} has no damaged line to cut at. Nothing was changed; start without --recover.`,
    );

  if (cut || sessionsLost) {
    // The sessions after the damage are unknown (a logout, a password change): every session ends, and the
    // new sessions file starts after the journal kept, so none of its session changes come back either.
    const kept = segments.at(-1);
    sessionsFile = {
      sessions: SESSIONS_FORMAT,
      version: 1,
      dataset: header.dataset,
      journal: Math.max(snapshotBase, (kept?.number ?? 0) + 1),
      seq: kept ? kept.header.seq + kept.lines.length : (sessionsFile?.seq ?? 1),
      families: {},
    };
  }
  const sessionsBase = sessionsFile?.journal ?? snapshotBase;
  const first = segments[0];
  // The database replays from its snapshot's segment; if that one is gone, the first segment must carry its changes.
  let dbFrom = snapshotBase;
  if (first && first.number > snapshotBase) {
    if (first.header.carry_from !== snapshotBase) {
      throw damaged(
        dir,
        new DamagedFile(
          join(dir, segmentFile(snapshotBase)),
          `is missing: ${SNAPSHOT_FILE} needs the journal from segment ${snapshotBase} on, and ${first.file} does not carry its changes${first.header.carry_from === null ? '' : ` (it carries those since segment ${first.header.carry_from}: is ${SNAPSHOT_FILE} an older copy?)`}.`,
        ),
      );
    }
    dbFrom = first.number;
  }
  if (first && first.number > sessionsBase) {
    throw damaged(
      dir,
      new DamagedFile(
        join(dir, segmentFile(sessionsBase)),
        `is missing: ${SESSIONS_FILE} needs the journal from segment ${sessionsBase} on.`,
      ),
    );
  }

  // 2. Repairs a crash can call for: a torn last line, an unused last segment, segments already covered (a
  // damaged one among them ends the sessions that needed it); and with --recover, the cut.
  const noSessions = () => sessionsText(header.dataset, sessionsBase, sessionsFile!.seq, { families: {} });
  if (cut) cutJournal(o, cut, noSessions());
  if (sessionsLost) {
    // Written before the damaged segment goes with the covered ones: sessions.json never needs a missing segment.
    writeFileAtomicSync(dir, SESSIONS_FILE, noSessions());
    log(
      `[mock] warning: ${sessionsLost.file} ${sessionsLost.problem} ${SNAPSHOT_FILE} already holds its database changes; the sessions' history is lost with it, so every session has ended.`,
    );
  }
  const last = segments.at(-1);
  if (last?.torn) {
    log(describeTorn(last));
    truncateSegment(last.file, last.goodBytes);
  }
  if (emptyLast !== null) {
    rmSync(join(dir, segmentFile(emptyLast)), { force: true });
    log(`[mock] removed ${segmentFile(emptyLast)}: a journal segment created just before a crash, with nothing in it.`);
  }
  const keepFrom = Math.min(dbFrom, sessionsBase);
  const covered = numbers.filter((n) => n < keepFrom);
  for (const n of covered) rmSync(join(dir, segmentFile(n)), { force: true });
  if (covered.length > 0 || emptyLast !== null) syncDir(dir);

  // 3. Replay.
  const sessions: TokenState = sessionsFile ? { families: sessionsFile.families } : o.newSessions();
  if (!sessionsFile)
    log(`[mock] ${SESSIONS_FILE} was not there (a first start cut short?): starting with no sessions.`);
  // Replayed through the repository: what it then holds as not yet journaled is what changed since the snapshot.
  const repository = holding(db, o);
  const dirty = emptyDirty();
  const replay = (ops: readonly DbOp[]) => {
    for (const op of ops) {
      if (op.op === 'set') repository.replace(op.c, op.rows as never[]);
      else repository.put(op.c, op.v as never);
    }
    dirty.bytes += JSON.stringify(ops).length;
  };
  let replayed = 0;
  for (const segment of segments) {
    if (segment.number < keepFrom) continue;
    const dbOn = segment.number >= dbFrom;
    const sessionsOn = segment.number >= sessionsBase;
    if (dbOn && segment.header.carry_from === snapshotBase && segment.header.db) replay(segment.header.db);
    for (const line of segment.lines) {
      if (dbOn && line.db) replay(line.db);
      if (sessionsOn && line.s) {
        for (const op of line.s) {
          if (op.op === 'put') sessions.families[op.v.id] = op.v;
          else delete sessions.families[op.id];
        }
      }
      replayed += 1;
    }
  }
  if (replayed > 0) log(`[mock] replayed ${replayed} journal line${replayed === 1 ? '' : 's'} over the snapshot.`);
  noteDirty(dirty, repository.takeChanges());

  // 4. Carry on appending to the last segment, or start one.
  const seq = last ? last.header.seq + last.lines.length : (sessionsFile?.seq ?? 1);
  if (last && last.number >= keepFrom && last.number >= Math.max(snapshotBase, sessionsBase)) {
    const fd = openSegmentForAppend(dir, last.number);
    const headerBytes = Buffer.byteLength(encodeLine(last.header));
    return {
      dataset: header.dataset,
      repository,
      sessions,
      snapshotBase,
      sessionsBase,
      segment: last.number,
      fd,
      bytes: last.goodBytes,
      headerBytes,
      seq,
      dirty,
    };
  }
  const number = Math.max(snapshotBase, sessionsBase, (last && last.number >= keepFrom ? last.number : 0) + 1);
  const segmentHeader: SegmentHeader = {
    segment: number,
    dataset: header.dataset,
    seq,
    carry_from: null,
    created_at: new Date(o.now?.() ?? Date.now()).toISOString(),
  };
  const { fd, bytes } = createSegment(dir, segmentHeader);
  return {
    dataset: header.dataset,
    repository,
    sessions,
    snapshotBase,
    sessionsBase,
    segment: number,
    fd,
    bytes,
    headerBytes: bytes,
    seq,
    dirty,
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** One mock per folder: two appending to one journal would spoil it. A lock a crash left is taken over. */
function lock(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new StoreError(
        `The mock cannot start: another mock (process ${pid}) is using ${dir}. Stop it first, or give this one another --data-dir.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

export const openStore: OpenStore = (o) => {
  const { dir, log } = o;
  let unlock: () => void;
  try {
    mkdirSync(dir, { recursive: true });
    unlock = lock(dir);
  } catch (error) {
    // EEXIST here: the folder's path is a file.
    const code = (error as NodeJS.ErrnoException).code;
    if (isWriteError(error) || code === 'EEXIST') throw cannotWrite(dir, error as NodeJS.ErrnoException);
    throw error;
  }
  try {
    if (o.reset) resetFolder(dir, log);
    if (o.restoreBackup) restoreBackupFiles(o);
    const leftovers = removeTempFiles(dir);
    if (leftovers.length > 0) log(`[mock] removed temporary files a crash left in ${dir}: ${leftovers.join(', ')}`);
    const numbers = segmentNumbers(dir);
    let loaded: Loaded;
    if (!has(dir, SNAPSHOT_FILE) && numbers.length === 0 && !has(dir, BACKUP_FILE)) {
      if (has(dir, LEGACY_DB_FILE)) {
        loaded = migrateLegacy(o);
      } else {
        loaded = create(o, o.generate(), o.newSessions());
        log(`[mock] seeded a new database (seed ${o.seed}, scale ${o.scale}) in ${join(dir, SNAPSHOT_FILE)}`);
      }
    } else {
      loaded = recover(o, numbers);
    }
    const store = new Store(o, loaded, unlock);
    const ended = dropFamiliesInClear(loaded.sessions);
    if (ended.length > 0) {
      log(
        `[mock] ended ${ended.length} session${ended.length === 1 ? '' : 's'} stored by an earlier version of the mock, which kept refresh tokens in clear; ${ended.length === 1 ? 'its user logs' : 'their users log'} in again.`,
      );
      for (const id of ended) store.sessionRemoved(id);
      store.commit().catch(() => {}); // a failure is logged by the store
    }
    return store;
  } catch (error) {
    unlock();
    throw isWriteError(error) ? cannotWrite(dir, error) : error;
  }
};

// ---------------------------------------------------------------------------------------------------
// Running: commits and compaction
// ---------------------------------------------------------------------------------------------------

class Store implements DurableStore {
  readonly dir: string;
  readonly repository: Repository;
  readonly db: ReadonlyDb;
  readonly sessions: TokenState;
  failure: Error | null = null;
  private readonly stopWatching: () => void;
  private commitScheduled = false;
  private readonly writer: JournalWriter;
  private readonly sessionOps = new Map<string, TokenFamily | null>();
  private readonly dataset: string;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly snapshotBytes: number;
  private readonly rotateBytes: number;
  private segment: number;
  private headerBytes: number;
  private snapshotBase: number;
  private sessionsBase: number;
  private seq: number;
  private dirty: Dirty;
  private compaction: Promise<void> | null = null;
  private closing = false;

  constructor(
    o: StoreOptions,
    loaded: Loaded,
    private readonly unlock: () => void,
  ) {
    this.dir = o.dir;
    this.repository = loaded.repository;
    this.db = this.repository.data;
    this.sessions = loaded.sessions;
    this.dataset = loaded.dataset;
    this.log = o.log;
    this.now = o.now ?? Date.now;
    this.snapshotBytes = o.snapshotBytes ?? DEFAULT_SNAPSHOT_BYTES;
    this.rotateBytes = o.rotateBytes ?? DEFAULT_ROTATE_BYTES;
    this.segment = loaded.segment;
    this.headerBytes = loaded.headerBytes;
    this.snapshotBase = loaded.snapshotBase;
    this.sessionsBase = loaded.sessionsBase;
    this.seq = loaded.seq;
    this.dirty = loaded.dirty;
    this.stopWatching = this.repository.onWrite(() => this.scheduleCommit());
    this.writer = new JournalWriter(loaded.fd, loaded.bytes, (error) => this.fail(error));
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.log(
      `[mock] ERROR: could not write the journal in ${this.dir}: ${error.message}. The mock refuses writes from now on (reads go on); ` +
        `what was acknowledged is on disk. Fix the cause (a full disk?) and restart the mock.`,
    );
  }

  sessionChanged(family: TokenFamily): void {
    this.sessionOps.set(family.id, family);
  }

  sessionRemoved(id: string): void {
    this.sessionOps.set(id, null);
  }

  /** A write outside a request is journaled on the next turn; inside one, the answer's commit comes first. */
  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      if (!this.closing) this.commit().catch(() => {}); // a failure is logged by the store
    });
  }

  /** Turns the changes made since the last call into one journal line, queued for the next group commit. */
  private capture(): void {
    const db = this.repository.hasChanges() ? this.repository.takeChanges() : [];
    const s: SessionOp[] = [];
    for (const [id, family] of this.sessionOps) s.push(family ? { op: 'put', v: family } : { op: 'del', id });
    this.sessionOps.clear();
    if (db.length === 0 && s.length === 0) return;
    // Keys first: a row without one fails here, before anything unreadable reaches the journal.
    if (db.length > 0) noteDirty(this.dirty, db);
    const line = encodeLine({
      seq: this.seq,
      at: new Date(this.now()).toISOString(),
      ...(db.length > 0 ? { db } : {}),
      ...(s.length > 0 ? { s } : {}),
    });
    this.seq += 1;
    this.writer.append(line);
    if (db.length > 0) this.dirty.bytes += line.length;
    this.maybeCompact();
  }

  commit(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    try {
      this.capture();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.writer.sync();
  }

  status() {
    return {
      segment: this.segment,
      snapshotBase: this.snapshotBase,
      sessionsBase: this.sessionsBase,
      dbBytes: this.dirty.bytes,
      seq: this.seq,
      syncs: this.writer.syncs,
      compacting: this.compaction !== null,
    };
  }

  private maybeCompact(): void {
    if (this.compaction || this.closing || this.failure) return;
    if (this.dirty.bytes >= this.snapshotBytes) void this.startCompaction('snapshot');
    else if (this.writer.bytes - this.headerBytes >= this.rotateBytes) void this.startCompaction('rotate');
  }

  private startCompaction(kind: 'snapshot' | 'rotate'): Promise<void> {
    const run = (kind === 'snapshot' ? this.snapshot() : this.rotateSessions()).catch((error: unknown) => {
      if (error instanceof SnapshotCancelled) return;
      this.log(
        `[mock] could not write a ${kind === 'snapshot' ? 'snapshot' : 'new journal segment'} in ${this.dir}: ${error instanceof Error ? error.message : String(error)}. The journal keeps every change.`,
      );
    });
    this.compaction = run.finally(() => {
      this.compaction = null;
    });
    return this.compaction;
  }

  async compact(kind: 'snapshot' | 'rotate'): Promise<void> {
    while (this.compaction) await this.compaction;
    await this.startCompaction(kind);
  }

  /** A new segment; its header carries the database changes since the snapshot when asked to. */
  private rotate(carry: boolean): number {
    const next = this.segment + 1;
    const ops: DbOp[] = [];
    if (carry) {
      for (const c of COLLECTIONS) {
        if (this.dirty.whole.has(c)) {
          const rows = this.db[c] as object[] | undefined;
          if (rows) ops.push({ c, op: 'set', rows });
        } else {
          for (const row of this.dirty.rows.get(c)?.values() ?? []) ops.push({ c, op: 'put', v: row });
        }
      }
    }
    const header: SegmentHeader = {
      segment: next,
      dataset: this.dataset,
      // Lines queued but not yet written go to the new segment: its first line is the oldest of them.
      seq: this.seq - this.writer.queued(),
      carry_from: carry ? this.snapshotBase : null,
      created_at: new Date(this.now()).toISOString(),
      ...(ops.length > 0 ? { db: ops } : {}),
    };
    const { fd, bytes } = createSegment(this.dir, header);
    this.writer.switchTo(fd, bytes);
    this.segment = next;
    this.headerBytes = bytes;
    return next;
  }

  /** Every change made so far on disk, then `write` (so no file ever holds a change the journal lacks). */
  private async afterJournal<T>(write: () => T): Promise<T> {
    this.capture();
    const synced = this.writer.sync();
    const value = write();
    await synced;
    return value;
  }

  private async writeSessions(base: number): Promise<void> {
    const text = await this.afterJournal(() => sessionsText(this.dataset, base, this.seq, this.sessions));
    await writeFileAtomic(this.dir, SESSIONS_FILE, text);
    this.sessionsBase = base;
  }

  private dropSegmentsBefore(base: number): void {
    const old = segmentNumbers(this.dir).filter((n) => n < base);
    for (const n of old) rmSync(join(this.dir, segmentFile(n)), { force: true });
    if (old.length > 0) syncDir(this.dir);
  }

  private async snapshot(): Promise<void> {
    const base = this.rotate(false);
    const before = this.dirty;
    this.dirty = emptyDirty();
    try {
      const header: SnapshotHeader = {
        snapshot: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        dataset: this.dataset,
        journal: base,
        meta: this.db.meta,
        written_at: new Date(this.now()).toISOString(),
      };
      await writeSnapshot(this.dir, this.db, header, {
        cancelled: () => this.closing,
        beforeInstall: () => this.afterJournal(() => undefined),
      });
    } catch (error) {
      // The old snapshot and every segment since it are still there: keep counting from it.
      const merged = before;
      for (const [c, rows] of this.dirty.rows)
        for (const [key, row] of rows) (merged.rows.get(c) ?? merged.rows.set(c, new Map()).get(c)!).set(key, row);
      for (const c of this.dirty.whole) merged.whole.add(c);
      merged.bytes += this.dirty.bytes;
      this.dirty = merged;
      throw error;
    }
    this.snapshotBase = base;
    await this.writeSessions(base);
    this.dropSegmentsBefore(base);
  }

  private async rotateSessions(): Promise<void> {
    const base = this.rotate(true);
    await this.writeSessions(base);
    this.dropSegmentsBefore(base);
  }

  async close(): Promise<void> {
    this.closing = true;
    try {
      if (!this.failure) this.capture();
    } catch {
      // reported by fail()
    }
    if (this.compaction) await this.compaction;
    try {
      await this.writer.close();
    } catch {
      // reported by fail()
    }
    this.stopWatching();
    this.unlock();
  }
}
