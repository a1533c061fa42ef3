import type { Db } from '../db';

/**
 * What changed in the database since the durable store last looked, as journal operations.
 *
 * - Rows added to a collection (`db.invoices.push(row)`) are found without help: the tracker remembers each
 *   collection's array, length and last row, and the rows past the remembered length are new.
 * - Rows edited in place must be named: `touched(db, 'invoices', invoice)` after changing `invoice`. The
 *   row's whole current value goes into the next journal line (last writer wins on replay).
 * - Anything else (a collection replaced, rows removed or reordered) is found too, and the whole
 *   collection is written (`set`): correct, only bigger.
 *
 * Only the stored collections are tracked (see EVERY_COLLECTION). In memory mode no tracker is attached and
 * `touched` does nothing.
 */

/**
 * Every collection of the database and where it lives, in the order snapshots write them. Checked against
 * `Db`, so a collection added there and not here fails the typecheck.
 * - 'stored': journaled and in snapshots.
 * - 'memory': lives until the mock stops and is never written. The dev outbox holds reset links and OTP codes
 *   in clear: in the data folder, any copy of it would undo the hashing of reset_tokens and otps.
 */
const EVERY_COLLECTION = {
  anchors: 'stored',
  users: 'stored',
  anchor_settings: 'stored',
  anchor_account_details: 'stored',
  distributor_companies: 'stored',
  loan_applications: 'stored',
  invoices: 'stored',
  payments: 'stored',
  drawdowns: 'stored',
  repayments: 'stored',
  retailers: 'stored',
  retailer_invoices: 'stored',
  payment_links: 'stored',
  resources: 'stored',
  reset_tokens: 'stored',
  mails: 'memory',
  idempotency_keys: 'stored',
  otps: 'stored',
  gateway_orders: 'stored',
  csv_uploads: 'stored',
  invoice_history: 'stored',
  reminders: 'stored',
  admin_changes: 'stored',
} as const satisfies Record<Exclude<keyof Db, 'meta'>, 'stored' | 'memory'>;

type Where = typeof EVERY_COLLECTION;
/** A collection written to the data folder. */
export type Collection = { [C in keyof Where]: Where[C] extends 'stored' ? C : never }[keyof Where];
type MemoryOnly = Exclude<keyof Where, Collection>;

const names = Object.keys(EVERY_COLLECTION) as (keyof Where)[];
export const COLLECTIONS = names.filter((c): c is Collection => EVERY_COLLECTION[c] === 'stored');
/** Empty at every start. Files written by an earlier version may still hold them: they are dropped on load. */
export const MEMORY_ONLY = names.filter((c): c is MemoryOnly => EVERY_COLLECTION[c] === 'memory');

export type DbOp =
  /** Upsert one row by its key (`id`; `token_hash` for reset tokens). */
  | { c: Collection; op: 'put'; v: object }
  /** The whole collection. */
  | { c: Collection; op: 'set'; rows: object[] };

/** The field that identifies a row of a collection. */
export function keyField(collection: Collection): string {
  return collection === 'reset_tokens' ? 'token_hash' : 'id';
}

export function keyOf(collection: Collection, row: object): string | number {
  const key = (row as Record<string, unknown>)[keyField(collection)];
  if (typeof key !== 'string' && typeof key !== 'number') throw new Error(`a row of ${collection} has no ${keyField(collection)}`);
  return key;
}

interface Seen {
  rows: readonly object[] | undefined;
  length: number;
  last: object | undefined;
}

const trackers = new WeakMap<Db, ChangeTracker>();

/** Records that `row` of `collection` was edited in place (no-op when nothing tracks `db`). */
export function touched(db: Db, collection: Collection, row: object): void {
  trackers.get(db)?.touch(collection, row);
}

export class ChangeTracker {
  private readonly seen = new Map<Collection, Seen>();
  private readonly edited = new Map<Collection, Set<object>>();

  constructor(private readonly db: Db) {
    this.remember();
    trackers.set(db, this);
  }

  detach(): void {
    if (trackers.get(this.db) === this) trackers.delete(this.db);
  }

  touch(collection: Collection, row: object): void {
    let rows = this.edited.get(collection);
    if (!rows) this.edited.set(collection, (rows = new Set()));
    rows.add(row);
  }

  /** Forgets pending changes: the current state is the known one. */
  remember(): void {
    this.edited.clear();
    for (const c of COLLECTIONS) this.seen.set(c, this.look(c));
  }

  private rowsOf(c: Collection): readonly object[] | undefined {
    return this.db[c];
  }

  private look(c: Collection): Seen {
    const rows = this.rowsOf(c);
    return { rows, length: rows?.length ?? 0, last: rows?.[rows.length - 1] };
  }

  /** Whether `take` would return anything. Cheap: a few comparisons per collection. */
  pending(): boolean {
    if (this.edited.size > 0) return true;
    for (const c of COLLECTIONS) {
      const before = this.seen.get(c)!;
      const rows = this.rowsOf(c);
      if (rows !== before.rows || rows?.length !== before.length || rows?.[before.length - 1] !== before.last) return true;
    }
    return false;
  }

  /** The operations that bring the last known state to the current one, and forgets them. */
  take(): DbOp[] {
    const ops: DbOp[] = [];
    for (const c of COLLECTIONS) {
      const before = this.seen.get(c)!;
      const rows = this.rowsOf(c);
      const edited = this.edited.get(c);
      if (rows === before.rows && rows?.length === before.length && rows?.[before.length - 1] === before.last && !edited) continue;
      this.seen.set(c, this.look(c));
      if (rows === undefined) continue;
      const appendedOnly = rows === before.rows && rows.length >= before.length && (before.length === 0 || rows[before.length - 1] === before.last);
      if (!appendedOnly) {
        ops.push({ c, op: 'set', rows: rows as object[] });
        continue;
      }
      if (edited) for (const row of edited) if (!isAppended(rows, before.length, row)) ops.push({ c, op: 'put', v: row });
      for (let i = before.length; i < rows.length; i++) ops.push({ c, op: 'put', v: rows[i]! });
    }
    this.edited.clear();
    return ops;
  }
}

/** Whether `row` sits at or past `from` (rows added since the last look are written in order anyway). */
function isAppended(rows: readonly object[], from: number, row: object): boolean {
  for (let i = rows.length - 1; i >= from; i--) if (rows[i] === row) return true;
  return false;
}
