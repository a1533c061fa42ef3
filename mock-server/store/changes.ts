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
 * In memory mode no tracker is attached and `touched` does nothing.
 */
export type Collection = Exclude<keyof Db, 'meta'>;

export type DbOp =
  /** Upsert one row by its key (`id`; `token_hash` for reset tokens). */
  | { c: Collection; op: 'put'; v: object }
  /** The whole collection. */
  | { c: Collection; op: 'set'; rows: object[] };

/**
 * Every collection of the database, in the order snapshots write them. A Record, so a collection added to
 * `Db` and not here fails the typecheck (it would not be journaled).
 */
const EVERY_COLLECTION: Record<Collection, true> = {
  anchors: true,
  users: true,
  anchor_settings: true,
  anchor_account_details: true,
  distributor_companies: true,
  loan_applications: true,
  invoices: true,
  payments: true,
  drawdowns: true,
  repayments: true,
  retailers: true,
  retailer_invoices: true,
  payment_links: true,
  resources: true,
  reset_tokens: true,
  mails: true,
  idempotency_keys: true,
  otps: true,
  gateway_orders: true,
  csv_uploads: true,
  invoice_history: true,
  reminders: true,
  admin_changes: true,
};

export const COLLECTIONS = Object.keys(EVERY_COLLECTION) as Collection[];

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
