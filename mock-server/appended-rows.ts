import type { Db } from './db';

/**
 * How the mock's indexes notice new rows without scanning: they remember, per collection, the array, its
 * length and its last row. A write that only appends keeps the array and its old last row in place, so the
 * index takes just the new rows; anything else (a row replaced or removed, a new array after a reload) makes
 * the index rebuild.
 */
export type Collection = 'distributor_companies' | 'loan_applications' | 'invoices' | 'payments' | 'drawdowns' | 'repayments';

/** What an index has seen of a collection. */
export interface Seen {
  rows: readonly object[];
  length: number;
  last: object | undefined;
}

const see = (rows: readonly object[]): Seen => ({ rows, length: rows.length, last: rows[rows.length - 1] });
const unchanged = (seen: Seen, rows: readonly object[]) => rows === seen.rows && rows.length === seen.length && rows[seen.length - 1] === seen.last;
/** Only rows added at the end since: the same array, the last row seen still in its place. */
const appendedOnly = (seen: Seen, rows: readonly object[]) =>
  rows === seen.rows && rows.length >= seen.length && (seen.length === 0 || rows[seen.length - 1] === seen.last);

/** What an index sees of these collections now. */
export function seeRows<C extends Collection>(db: Db, collections: readonly C[]): Record<C, Seen> {
  return Object.fromEntries(collections.map((c) => [c, see(db[c])])) as Record<C, Seen>;
}

/**
 * The rows appended to each collection in `seen` since it was taken, and `seen` moved on to now; null when
 * a collection changed otherwise, or when one of `fixed` changed at all (the caller rebuilds). Collections
 * with nothing new give empty arrays.
 */
export function appendedRows<C extends Collection>(db: Db, seen: Record<C, Seen>, fixed: readonly NoInfer<C>[] = []): { [K in C]: Db[K] } | null {
  const names = Object.keys(seen) as C[];
  if (fixed.some((c) => !unchanged(seen[c], db[c]))) return null;
  if (!names.every((c) => appendedOnly(seen[c], db[c]))) return null;
  const added = {} as { [K in C]: Db[K] };
  for (const c of names) {
    added[c] = db[c].slice(seen[c].length) as Db[C];
    seen[c] = see(db[c]);
  }
  return added;
}

/** True when any collection got rows. */
export const anyAdded = (added: Record<string, readonly unknown[]>) => Object.values(added).some((rows) => rows.length > 0);
