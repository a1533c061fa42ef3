import type { Db, ReadonlyDb, RowOf } from '../db';
import { COLLECTIONS, type Collection, type DbOp, EVERY_COLLECTION, keyOf, type AnyCollection } from './changes';

/**
 * The one way the mock reads and writes its rows.
 *
 * Reads: `repo.data` is the database, typed read-only (`ReadonlyDb`); the indexes build on it. Writes:
 * `insert`, `update`, `remove` and `replace` (and `put`, the journal's replay). Each write is recorded for the journal (the durable store
 * takes it with `takeChanges` and has it on disk before the request that made it is answered; a write made
 * outside a request is committed on the next turn of the event loop), and told to the indexes (`onEdit`),
 * so no caller has anything to remember after a write.
 *
 * Rows are never edited in place: `update` puts a new row where the old one was. With `freeze` (development
 * and tests) every row the repository holds is deeply frozen, so code that edits a row behind its back throws
 * a TypeError at once instead of losing the change at the next restart.
 */

/** What a write did, for the indexes: one row replaced, or rows removed or replaced wholesale. */
export type Edit =
  { collection: AnyCollection; before: object; after: object } | { collection: AnyCollection; whole: true };

type Key = string | number;

export interface RepositoryOptions {
  /** Deep-freeze every row (development and tests), so an edit that bypasses the repository throws. */
  freeze: boolean;
}

const repositories = new WeakMap<object, Repository>();

/**
 * How many updates and removals collection `c` of `db` has had (indexes reach the repository from the data
 * they are given). Plain data no repository holds, such as a seed read by a test, never changes: 0.
 */
export function editsOf(db: ReadonlyDb, c: AnyCollection): number {
  return repositories.get(db)?.edits(c) ?? 0;
}

/** Calls `listener` after every edit of `db` (see `Repository.onEdit`); nothing for plain data. */
export function onEditOf(db: ReadonlyDb, listener: (edit: Edit) => void): void {
  repositories.get(db)?.onEdit(listener);
}

/** Rows are frozen unless the mock runs in production mode. */
export const freezeByDefault = () => process.env.NODE_ENV !== 'production';

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

const isStored = (c: AnyCollection): c is Collection => EVERY_COLLECTION[c] === 'stored';

export class Repository {
  /** The database, read-only. */
  readonly data: ReadonlyDb;
  private readonly db: Db;
  private readonly freeze: boolean;
  /** Row key to its position, per collection; built on first use, dropped when rows are removed. */
  private readonly positions = new Map<AnyCollection, Map<Key, number>>();
  /** Rows written since the journal last took them, by collection then key (the row's latest value). */
  private readonly pendingRows = new Map<Collection, Map<Key, object>>();
  /** Collections removed from or replaced since then: written whole. */
  private readonly pendingWhole = new Set<Collection>();
  private readonly editCounts = new Map<AnyCollection, number>();
  private readonly editListeners = new Set<(edit: Edit) => void>();
  private readonly writeListeners = new Set<() => void>();

  constructor(db: Db, options: RepositoryOptions) {
    for (const c of Object.keys(EVERY_COLLECTION) as AnyCollection[])
      (db as unknown as Record<string, unknown[]>)[c] ??= [];
    this.db = db;
    this.data = db;
    this.freeze = options.freeze;
    if (this.freeze) {
      deepFreeze(db.meta);
      for (const c of Object.keys(EVERY_COLLECTION) as AnyCollection[])
        for (const row of this.rowsOf(c)) deepFreeze(row);
    }
    repositories.set(db, this);
  }

  private rowsOf(c: AnyCollection): object[] {
    return (this.db as unknown as Record<AnyCollection, object[]>)[c];
  }

  private positionsOf(c: AnyCollection): Map<Key, number> {
    let map = this.positions.get(c);
    if (!map) {
      map = new Map();
      const rows = this.rowsOf(c);
      for (let i = 0; i < rows.length; i++) map.set(keyOf(c, rows[i]!), i);
      this.positions.set(c, map);
    }
    return map;
  }

  private sealed<T>(row: T): T {
    return this.freeze ? deepFreeze(row) : row;
  }

  private wrote(c: AnyCollection, row: object | null): void {
    if (isStored(c)) {
      if (row === null) {
        this.pendingWhole.add(c);
        this.pendingRows.delete(c);
      } else if (!this.pendingWhole.has(c)) {
        let rows = this.pendingRows.get(c);
        if (!rows) this.pendingRows.set(c, (rows = new Map<Key, object>()));
        rows.set(keyOf(c, row), row);
      }
    }
    for (const listener of this.writeListeners) listener();
  }

  private edited(edit: Edit): void {
    this.editCounts.set(edit.collection, (this.editCounts.get(edit.collection) ?? 0) + 1);
    for (const listener of this.editListeners) listener(edit);
  }

  /** The row of `c` with this key (`id`; `token_hash` for reset tokens). */
  get<C extends AnyCollection>(c: C, key: Key): Readonly<RowOf<C>> | undefined {
    const at = this.positionsOf(c).get(key);
    return at === undefined ? undefined : (this.rowsOf(c)[at] as RowOf<C>);
  }

  /** Adds a row at the end of `c`; the row is frozen and must not be changed afterwards. */
  insert<C extends AnyCollection>(c: C, row: RowOf<C>): Readonly<RowOf<C>> {
    const key = keyOf(c, row);
    const positions = this.positionsOf(c);
    if (positions.has(key)) throw new Error(`${c} already has a row ${String(key)}`);
    const sealed = this.sealed(row);
    const rows = this.rowsOf(c);
    positions.set(key, rows.length);
    rows.push(sealed);
    this.wrote(c, sealed);
    return sealed;
  }

  /** Replaces a row (given, or by key) with a copy that has `patch` over it; answers the new row. */
  update<C extends AnyCollection>(c: C, row: Readonly<RowOf<C>> | Key, patch: Partial<RowOf<C>>): Readonly<RowOf<C>> {
    const key = typeof row === 'object' ? keyOf(c, row) : row;
    const at = this.positionsOf(c).get(key);
    if (at === undefined) throw new Error(`${c} has no row ${String(key)}`);
    const after = { ...this.rowsOf(c)[at]!, ...patch };
    if (keyOf(c, after) !== key) throw new Error(`an update may not change the key of a row of ${c}`);
    return this.replaceAt(c, at, after) as RowOf<C>;
  }

  /** Puts a whole row by its key: in place of the row with that key, else at the end (the journal's replay). */
  put<C extends AnyCollection>(c: C, row: RowOf<C>): void {
    const at = this.positionsOf(c).get(keyOf(c, row));
    if (at === undefined) this.insert(c, row);
    else this.replaceAt(c, at, row);
  }

  private replaceAt(c: AnyCollection, at: number, row: object): object {
    const rows = this.rowsOf(c);
    const before = rows[at]!;
    const after = this.sealed(row);
    rows[at] = after;
    this.wrote(c, after);
    this.edited({ collection: c, before, after });
    return after;
  }

  /** Removes the rows of `c` that `drop` picks; answers how many. */
  remove<C extends AnyCollection>(c: C, drop: (row: Readonly<RowOf<C>>) => boolean): number {
    const rows = this.rowsOf(c) as RowOf<C>[];
    let kept = 0;
    for (let i = 0; i < rows.length; i++) if (!drop(rows[i]!)) rows[kept++] = rows[i]!;
    const removed = rows.length - kept;
    if (removed === 0) return 0;
    rows.length = kept;
    this.positions.delete(c);
    this.wrote(c, null);
    this.edited({ collection: c, whole: true });
    return removed;
  }

  /** Puts `rows` in place of every row of `c`. */
  replace<C extends AnyCollection>(c: C, rows: readonly RowOf<C>[]): void {
    const current = this.rowsOf(c);
    current.length = 0;
    for (const row of rows) current.push(this.sealed(row));
    this.positions.delete(c);
    this.wrote(c, null);
    this.edited({ collection: c, whole: true });
  }

  /** How many updates and removals `c` has had: an index built over it is stale once this moves. */
  edits(c: AnyCollection): number {
    return this.editCounts.get(c) ?? 0;
  }

  /** Calls `listener` after every update, removal or replacement (not after inserts: indexes see those by length). */
  onEdit(listener: (edit: Edit) => void): () => void {
    this.editListeners.add(listener);
    return () => this.editListeners.delete(listener);
  }

  /** Calls `listener` after every write (the durable store schedules a commit). */
  onWrite(listener: () => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** Whether writes wait for the journal. */
  hasChanges(): boolean {
    return this.pendingRows.size > 0 || this.pendingWhole.size > 0;
  }

  /** The journal operations for the writes made since the last call, and forgets them. */
  takeChanges(): DbOp[] {
    const ops: DbOp[] = [];
    for (const c of COLLECTIONS) {
      if (this.pendingWhole.has(c)) ops.push({ c, op: 'set', rows: this.rowsOf(c) });
      else for (const v of this.pendingRows.get(c)?.values() ?? []) ops.push({ c, op: 'put', v });
    }
    this.pendingRows.clear();
    this.pendingWhole.clear();
    return ops;
  }
}
