import { onEditOf, type Edit } from './store/repository';
import type { ReadonlyDb } from './db';

/**
 * How the mock's indexes stay current without scanning. Inserts only append, so an index remembers each
 * collection's length and takes the rows past it (`appendedRows`). Every other write (a row updated, rows
 * removed or replaced) is told to it by the repository (`followEdits`): it drops what the edit touched, the
 * anchor of the row or everything, and rebuilds that on the next read.
 */
export type Collection =
  'distributor_companies' | 'loan_applications' | 'invoices' | 'payments' | 'drawdowns' | 'repayments';

/** What an index has seen of a collection: how many rows it had. */
export interface Seen {
  length: number;
}

/** What an index sees of these collections now. */
export function seeRows<C extends Collection>(db: ReadonlyDb, collections: readonly C[]): Record<C, Seen> {
  return Object.fromEntries(collections.map((c) => [c, { length: db[c].length }])) as Record<C, Seen>;
}

/**
 * The rows appended to each collection in `seen` since it was taken, and `seen` moved on to now; null when
 * one of `fixed` got rows at all (the caller rebuilds). Collections with nothing new give empty arrays.
 */
export function appendedRows<C extends Collection>(
  db: ReadonlyDb,
  seen: Record<C, Seen>,
  fixed: readonly NoInfer<C>[] = [],
): { [K in C]: ReadonlyDb[K] } | null {
  if (fixed.some((c) => db[c].length !== seen[c].length)) return null;
  const added = {} as { [K in C]: ReadonlyDb[K] };
  for (const c of Object.keys(seen) as C[]) {
    added[c] = db[c].slice(seen[c].length) as unknown as ReadonlyDb[C];
    seen[c] = { length: db[c].length };
  }
  return added;
}

/** True when any collection got rows. */
export const anyAdded = (added: Record<string, readonly unknown[]>) =>
  Object.values(added).some((rows) => rows.length > 0);

/** The anchors an edit touches; null when it cannot tell (rows without an anchor, rows removed or replaced). */
function anchorsOf(edit: Edit): number[] | null {
  if ('whole' in edit) return null;
  const anchorOf = (row: object) => (row as { anchor_id?: unknown }).anchor_id;
  const before = anchorOf(edit.before);
  const after = anchorOf(edit.after);
  if (typeof before !== 'number' || typeof after !== 'number') return null;
  return before === after ? [before] : [before, after];
}

const following = new WeakMap<ReadonlyDb, Set<string>>();

/**
 * Calls `stale` (once per `name` and database) after every edit of `collections`, with the anchors it
 * touched, or null for all of them.
 */
export function followEdits(
  db: ReadonlyDb,
  name: string,
  collections: readonly Collection[],
  stale: (anchors: number[] | null) => void,
): void {
  let names = following.get(db);
  if (!names) following.set(db, (names = new Set()));
  if (names.has(name)) return;
  names.add(name);
  onEditOf(db, (edit) => {
    if ((collections as readonly string[]).includes(edit.collection)) stale(anchorsOf(edit));
  });
}
