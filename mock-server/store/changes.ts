import type { Db } from '../db';

/**
 * Every collection of the database and where it lives, in the order snapshots write them. Checked against
 * `Db`, so a collection added there and not here fails the typecheck.
 * - 'stored': journaled and in snapshots.
 * - 'memory': lives until the mock stops and is never written. The dev outbox holds reset links and OTP codes
 *   in clear: in the data folder, any copy of it would undo the hashing of reset_tokens and otps.
 */
export const EVERY_COLLECTION = {
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
/** Any collection, stored or memory-only. */
export type AnyCollection = keyof Where;
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
export function keyField(collection: AnyCollection): string {
  return collection === 'reset_tokens' ? 'token_hash' : 'id';
}

export function keyOf(collection: AnyCollection, row: object): string | number {
  const key = (row as Record<string, unknown>)[keyField(collection)];
  if (typeof key !== 'string' && typeof key !== 'number')
    throw new Error(`a row of ${collection} has no ${keyField(collection)}`);
  return key;
}
