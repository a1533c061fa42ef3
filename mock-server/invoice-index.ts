import { addDays } from 'date-fns';
import { monthKey, todayOf, weekCount, weekOfMonth, windowMonths, type DateWindow, type GraphType } from './aggregates';
import {
  nextId,
  type DistributorCompany,
  type Drawdown,
  type Invoice,
  type LoanApplication,
  type Payment,
  type PaymentLink,
  type StarResource,
  type ReadonlyDb,
} from './db';
import { editsOf, type Repository } from './store/repository';
import { daysBetween, isoDay, type MONTHS } from '../src/domain/dates';
import {
  DUE_STATUSES,
  INVOICE_STATUSES,
  UNPAID_STATUSES,
  type ClosedStatus,
  type InvoiceStatus,
} from '../src/domain/statuses';
import { type Region } from '../src/domain/regions';
import { anyAdded, appendedRows, followEdits, seeRows, type Seen } from './appended-rows';
import type { AnyCollection } from './store/changes';

/**
 * Per-anchor indexes over invoices and payments for the invoices page (due list, detailed table,
 * collections, stats), so a request costs a binary search and its page rather than a scan of every row.
 *
 * Shape. For each anchor, built on first use: the anchor's invoices sorted by due date, and by invoice
 * date; its payments sorted by payment date (newest first); per invoice, what its payments and drawdowns
 * add up to (paid by credit / pay / outside, the latest payment, principal still due to the provider);
 * lookups by id; a lower-cased search text per invoice (built on the first search). A list query picks a "slice": the invoices of a
 * status set, region, channel-finance flag, closed status and customer, still sorted by due date, with
 * prefix sums of the balance due. Overdue days are today - due date, so every overdue filter (= 0, <= 30,
 * > 90, ...) is a contiguous range of that slice found by binary search, whatever day it is; the count and
 * total due of a range come from the prefix sums; its distinct customers are counted once and memoised.
 * Payments work the same way (slice per region, range by payment date). Slices are built lazily, one scan
 * of the anchor's rows each, the first time a combination is asked for. Starred lists start from the
 * star set (a few per cent of the rows), not from the slice. A search (3+ characters, substring of the
 * invoice number or customer name) cannot be a range: it scans its range once per distinct query and
 * serves every page of that query from a memo until the data changes.
 *
 * Staying correct when data changes. The indexes are built when the mock starts (`warmIndexes`). New
 * invoices and customers (uploads, manual invoices) are added to the built indexes in place: sorted arrays,
 * slices and prefix sums take the new rows by binary search (or one merge for a large batch), and memoised
 * results of the anchor are dropped; a write of one row costs no rebuild. Anything else drops the anchor's
 * index, rebuilt on its next read (about a quarter of a second at 100k invoices): an edited row (a payment
 * moving its invoice on, a customer renamed by an upload), a new payment or drawdown (which come with such an
 * edit). A new loan or repayment, an edit without an anchor or a removal drops them all (appended-rows.ts).
 * Stars have their own small index over `db.resources`, which `setStar` keeps up to date in place.
 */

// ---------------------------------------------------------------------------------------------------
// Change detection
// ---------------------------------------------------------------------------------------------------

/** What a small index has seen: the collections' lengths and edit counts (any change makes it rebuild). */
function fingerprint(db: ReadonlyDb, collections: readonly AnyCollection[]): number[] {
  return collections.flatMap((c) => [db[c].length, editsOf(db, c)]);
}

const sameFingerprint = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

// ---------------------------------------------------------------------------------------------------
// Binary search and small helpers
// ---------------------------------------------------------------------------------------------------

/** The first index in [0, n) where `isAfter(i)` holds, for a predicate that is false then true. */
function firstIndex(n: number, isAfter: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isAfter(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const byDueDate = (a: Invoice, b: Invoice) =>
  a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id;
/** Newest first. */
const byPaymentDateDesc = (a: Payment, b: Payment) =>
  a.payment_date > b.payment_date ? -1 : a.payment_date < b.payment_date ? 1 : b.id - a.id;

/** 'YYYY-MM-DD' as the number YYYYMMDD (NaN for anything else). */
function dayNumber(day: string): number {
  if (day.length !== 10) return NaN;
  let n = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = day.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    n = n * 10 + digit;
  }
  return n;
}

/** Rows per sort; positions are packed under the day in one float (YYYYMMDD * 2^22 < 2^53). */
const POSITION_LIMIT = 2 ** 22;

/**
 * Rows sorted by a day, then id (both ascending), through one numeric sort of `day * 2^22 + position` in a
 * Float64Array: several times faster than a comparator over date strings at 100k rows. The rows come in id
 * order (the collections are kept in insertion order, ids rising), so position order is id order; anything
 * else (ids out of order, a day that is not YYYY-MM-DD, 4M+ rows) takes the plain comparator sort.
 */
function sortByDay<T extends { id: number }>(rows: readonly T[], dayOf: (row: T) => string): T[] {
  const fallback = () => [...rows].sort((a, b) => (dayOf(a) < dayOf(b) ? -1 : dayOf(a) > dayOf(b) ? 1 : a.id - b.id));
  if (rows.length >= POSITION_LIMIT) return fallback();
  const keys = new Float64Array(rows.length);
  let lastId = -Infinity;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const day = dayNumber(dayOf(row));
    if (Number.isNaN(day) || row.id <= lastId) return fallback();
    lastId = row.id;
    keys[i] = day * POSITION_LIMIT + i;
  }
  keys.sort();
  const out = new Array<T>(rows.length);
  for (let i = 0; i < keys.length; i++) out[i] = rows[keys[i]! % POSITION_LIMIT]!;
  return out;
}

export const balanceOf = (invoice: Invoice) => invoice.total - invoice.amount_paid;

/** Days past the due date (due yesterday = 1, due today = 0, due tomorrow = -1). */
export const overdueDays = (invoice: Pick<Invoice, 'due_date'>, todayIso: string) =>
  daysBetween(invoice.due_date, todayIso)!;

/** A small memo that forgets its oldest entries past a limit (one per anchor index, dropped with it). */
class Memo {
  private readonly entries = new Map<string, unknown>();
  constructor(private readonly limit = 500) {}
  get<T>(key: string, compute: () => T): T {
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const value = compute();
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }
}

// ---------------------------------------------------------------------------------------------------
// The per-anchor index
// ---------------------------------------------------------------------------------------------------

/** What an invoice's payments and drawdowns add up to, in paise. */
export interface InvoiceFacts {
  paidByCredit: number;
  paidByPay: number;
  paidOutside: number;
  /** The latest payment (by payment date, then id), or null. */
  latest: Payment | null;
  /** Principal still outstanding on the completed drawdowns that financed this invoice. */
  dueWithProvider: number;
}

const NO_FACTS: InvoiceFacts = { paidByCredit: 0, paidByPay: 0, paidOutside: 0, latest: null, dueWithProvider: 0 };

/** The invoices of one combination of fixed filters, sorted by due date, with prefix sums of the balance. */
interface InvoiceSlice {
  key: string;
  rows: Invoice[];
  /** rows[i].due_date, for the binary search. */
  due: string[];
  /** balancePrefix[i] = sum of the balances of rows[0..i). */
  balancePrefix: Float64Array;
  matches: (invoice: Invoice) => boolean;
}

interface PaymentSlice {
  key: string;
  rows: Payment[];
  dates: string[];
  amountPrefix: Float64Array;
  matches: (payment: Payment) => boolean;
}

export interface AnchorIndex {
  anchorId: number;
  /** Sorted by due date, then id. */
  invoicesByDue: Invoice[];
  /** Sorted by invoice date, then id. */
  invoicesByDate: Invoice[];
  /** Sorted by payment date, newest first, then id (highest first). */
  paymentsByDate: Payment[];
  invoiceById: Map<number, Invoice>;
  paymentById: Map<number, Payment>;
  companies: Map<number, DistributorCompany>;
  /** Each company's loan application: the one it names, else any that names it. */
  loans: Map<number, LoanApplication>;
  facts: Map<number, InvoiceFacts>;
  /** Drawdown id to its due date. */
  drawdownDue: Map<number, string>;
  /** The anchor's invoice numbers, lower-cased (an upload refuses numbers already on record). */
  numbers: Set<string>;
  /** Invoice id to lower-case "document number \n customer name", for search; built on the first search. */
  searchText: Map<number, string> | null;
  /** The newest creation_date of the invoices the anchor shared (not customers' manual ones). */
  lastInvoiceUpload: string | null;
  slices: Map<string, InvoiceSlice>;
  paymentSlices: Map<string, PaymentSlice>;
  memo: Memo;
}

/** The collections the invoice index follows: loans and repayments may not grow, the rest may. */
const TRACKED = [
  'distributor_companies',
  'invoices',
  'drawdowns',
  'payments',
  'loan_applications',
  'repayments',
] as const;

interface IndexCache {
  seen: Record<(typeof TRACKED)[number], Seen>;
  anchors: Map<number, AnchorIndex>;
}

const invoiceCaches = new WeakMap<ReadonlyDb, IndexCache>();

function newCache(db: ReadonlyDb): IndexCache {
  // An edited row drops its anchor's index; an edit it cannot place, every index.
  followEdits(db, 'invoice-index', TRACKED, (anchors) => {
    const cache = invoiceCaches.get(db);
    if (!cache) return;
    if (anchors === null) invoiceCaches.delete(db);
    else for (const anchorId of anchors) cache.anchors.delete(anchorId);
  });
  return { seen: seeRows(db, TRACKED), anchors: new Map() };
}

/** The indexes, brought up to date with the rows added since they were last read, or new ones. */
function currentCache(db: ReadonlyDb): IndexCache {
  let cache = invoiceCaches.get(db);
  if (!cache || !catchUp(db, cache)) {
    cache = newCache(db);
    invoiceCaches.set(db, cache);
  }
  return cache;
}

/** Adds the rows appended since the cache last looked; false when a new loan or repayment came (rebuild). */
function catchUp(db: ReadonlyDb, cache: IndexCache): boolean {
  const added = appendedRows(db, cache.seen, ['loan_applications', 'repayments']);
  if (added === null) return false;
  if (cache.anchors.size > 0 && anyAdded(added)) {
    addRows(cache, {
      companies: added.distributor_companies,
      invoices: added.invoices,
      drawdowns: added.drawdowns,
      payments: added.payments,
    });
  }
  return true;
}

/** The anchor's index: kept up to date with appended rows, rebuilt when anything else changed. */
export function anchorIndex(db: ReadonlyDb, anchorId: number): AnchorIndex {
  const cache = currentCache(db);
  let index = cache.anchors.get(anchorId);
  if (!index) {
    index = buildAnchorIndex(db, anchorId);
    cache.anchors.set(anchorId, index);
  }
  return index;
}

function buildAnchorIndex(db: ReadonlyDb, anchorId: number): AnchorIndex {
  const companies = new Map<number, DistributorCompany>();
  for (const c of db.distributor_companies) if (c.anchor_id === anchorId) companies.set(c.id, c);

  const loanById = new Map<number, LoanApplication>();
  const loanByCompany = new Map<number, LoanApplication>();
  for (const loan of db.loan_applications) {
    if (loan.anchor_id !== anchorId) continue;
    loanById.set(loan.id, loan);
    if (!loanByCompany.has(loan.distributor_company_id)) loanByCompany.set(loan.distributor_company_id, loan);
  }
  const loans = new Map<number, LoanApplication>();
  for (const company of companies.values()) {
    const loan =
      (company.loan_application_id === null ? undefined : loanById.get(company.loan_application_id)) ??
      loanByCompany.get(company.id);
    if (loan) loans.set(company.id, loan);
  }

  const invoices = db.invoices.filter((inv) => inv.anchor_id === anchorId);
  const invoiceById = new Map<number, Invoice>();
  const numbers = new Set<string>();
  const facts = new Map<number, InvoiceFacts>();
  let lastInvoiceUpload: string | null = null;
  for (const inv of invoices) {
    invoiceById.set(inv.id, inv);
    numbers.add(inv.document_number.toLowerCase());
    // Manual invoices come from customers on the pay page, not from the anchor.
    if (inv.is_manual !== true && (lastInvoiceUpload === null || inv.creation_date > lastInvoiceUpload))
      lastInvoiceUpload = inv.creation_date;
  }
  const payments = db.payments.filter((p) => p.anchor_id === anchorId);
  const paymentById = new Map<number, Payment>();
  for (const p of payments) {
    paymentById.set(p.id, p);
    addPaymentFacts(facts, invoiceById, p);
  }

  const drawdownDue = new Map<number, string>();
  for (const d of db.drawdowns)
    if (companies.has(d.distributor_company_id)) addDrawdownFacts(facts, invoiceById, drawdownDue, d);

  return {
    anchorId,
    invoicesByDue: sortByDay(invoices, (inv) => inv.due_date),
    invoicesByDate: sortByDay(invoices, (inv) => inv.invoice_date),
    paymentsByDate: sortByDay(payments, (p) => p.payment_date).reverse(),
    invoiceById,
    numbers,
    paymentById,
    companies,
    loans,
    facts,
    drawdownDue,
    searchText: null,
    lastInvoiceUpload,
    slices: new Map(),
    paymentSlices: new Map(),
    memo: new Memo(),
  };
}

export const factsOf = (index: AnchorIndex, invoiceId: number): InvoiceFacts => index.facts.get(invoiceId) ?? NO_FACTS;

/**
 * 'Last invoice received', for every screen that shows it (the due list's meta, the credit line summary):
 * when the provider last received an invoice of the anchor's own, i.e. its last CSV upload or the newest
 * creation of an invoice it shared, whichever is later (customers' manual invoices aside); null before any.
 */
export function lastInvoiceReceived(db: ReadonlyDb, anchorId: number): string | null {
  const uploaded = db.anchors.find((a) => a.id === anchorId)?.last_invoices_upload ?? null;
  const shared = anchorIndex(db, anchorId).lastInvoiceUpload;
  if (uploaded === null || shared === null) return uploaded ?? shared;
  return Date.parse(uploaded) >= Date.parse(shared) ? uploaded : shared;
}

/** The anchor's invoice numbers, lower-cased; read only. */
export const invoiceNumbers = (db: ReadonlyDb, anchorId: number): ReadonlySet<string> =>
  anchorIndex(db, anchorId).numbers;

function factsFor(facts: Map<number, InvoiceFacts>, invoiceId: number): InvoiceFacts {
  let f = facts.get(invoiceId);
  if (!f) facts.set(invoiceId, (f = { ...NO_FACTS }));
  return f;
}

/** Adds a payment to what its invoice was paid by, and to its latest payment. */
function addPaymentFacts(facts: Map<number, InvoiceFacts>, invoiceById: Map<number, Invoice>, p: Payment): void {
  if (!invoiceById.has(p.invoice_id)) return;
  const f = factsFor(facts, p.invoice_id);
  if (p.source === 'credit') f.paidByCredit += p.amount;
  else if (p.source === 'pay') f.paidByPay += p.amount;
  else f.paidOutside += p.amount;
  if (
    !f.latest ||
    p.payment_date > f.latest.payment_date ||
    (p.payment_date === f.latest.payment_date && p.id > f.latest.id)
  )
    f.latest = p;
}

/** Adds a drawdown's due date, and its outstanding principal to what its invoices owe the provider. */
function addDrawdownFacts(
  facts: Map<number, InvoiceFacts>,
  invoiceById: Map<number, Invoice>,
  drawdownDue: Map<number, string>,
  d: Drawdown,
): void {
  drawdownDue.set(d.id, d.due_date);
  if (d.status !== 'completed' || d.principal_outstanding <= 0) return;
  // A drawdown over several invoices is shared out by their totals (the last one takes the rounding).
  const financed = d.invoice_ids.map((id) => invoiceById.get(id)).filter((inv): inv is Invoice => inv !== undefined);
  const whole = financed.reduce((sum, inv) => sum + inv.total, 0);
  let left = d.principal_outstanding;
  financed.forEach((inv, i) => {
    const share =
      i === financed.length - 1 ? left : whole === 0 ? 0 : Math.round((d.principal_outstanding * inv.total) / whole);
    factsFor(facts, inv.id).dueWithProvider += share;
    left -= share;
  });
}

// ---------------------------------------------------------------------------------------------------
// Keeping built indexes up to date (rows appended)
// ---------------------------------------------------------------------------------------------------

const byInvoiceDate = (a: Invoice, b: Invoice) =>
  a.invoice_date < b.invoice_date ? -1 : a.invoice_date > b.invoice_date ? 1 : a.id - b.id;

/** Where `row` goes in `sorted` (after any equal): a binary search. */
const insertionPoint = <T>(sorted: readonly T[], row: T, cmp: (a: T, b: T) => number) =>
  firstIndex(sorted.length, (i) => cmp(sorted[i]!, row) > 0);

/** `sorted` with `rows` added in order: spliced in one by one when few, merged when many. */
function withRows<T>(sorted: T[], rows: readonly T[], cmp: (a: T, b: T) => number): T[] {
  if (rows.length === 0) return sorted;
  const add = [...rows].sort(cmp);
  if (add.length <= 64) {
    for (const row of add) sorted.splice(insertionPoint(sorted, row, cmp), 0, row);
    return sorted;
  }
  const out = new Array<T>(sorted.length + add.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < sorted.length && j < add.length) out[k++] = cmp(sorted[i]!, add[j]!) <= 0 ? sorted[i++]! : add[j++]!;
  while (i < sorted.length) out[k++] = sorted[i++]!;
  while (j < add.length) out[k++] = add[j++]!;
  return out;
}

/** Prefix sums of `value` over `rows`: out[i] is the sum over rows[0..i). */
function prefixSums<T>(rows: readonly T[], value: (row: T) => number): Float64Array {
  const out = new Float64Array(rows.length + 1);
  for (let i = 0; i < rows.length; i++) out[i + 1] = out[i]! + value(rows[i]!);
  return out;
}

/** Prefix sums with a value inserted at `at`: the ones after it shift by one and grow by `value`. */
function prefixInsert(prefix: Float64Array, at: number, value: number): Float64Array {
  const out = new Float64Array(prefix.length + 1);
  out.set(prefix.subarray(0, at + 1));
  for (let i = at; i < prefix.length; i++) out[i + 1] = prefix[i]! + value;
  return out;
}

/**
 * Adds rows to a sorted slice (rows, their sort keys, prefix sums of their values): one binary search and
 * splice each when few, one merge when many.
 */
function addToSorted<T>(
  slice: { rows: T[]; keys: string[]; prefix: Float64Array },
  rows: readonly T[],
  cmp: (a: T, b: T) => number,
  key: (row: T) => string,
  value: (row: T) => number,
): { rows: T[]; keys: string[]; prefix: Float64Array } {
  if (rows.length <= 64) {
    let { prefix } = slice;
    for (const row of [...rows].sort(cmp)) {
      const at = insertionPoint(slice.rows, row, cmp);
      slice.rows.splice(at, 0, row);
      slice.keys.splice(at, 0, key(row));
      prefix = prefixInsert(prefix, at, value(row));
    }
    return { rows: slice.rows, keys: slice.keys, prefix };
  }
  const merged = withRows(slice.rows, rows, cmp);
  return { rows: merged, keys: merged.map(key), prefix: prefixSums(merged, value) };
}

function addToInvoiceSlice(slice: InvoiceSlice, rows: readonly Invoice[]): void {
  const hits = rows.filter(slice.matches);
  if (hits.length === 0) return;
  const out = addToSorted(
    { rows: slice.rows, keys: slice.due, prefix: slice.balancePrefix },
    hits,
    byDueDate,
    (inv) => inv.due_date,
    balanceOf,
  );
  slice.rows = out.rows;
  slice.due = out.keys;
  slice.balancePrefix = out.prefix;
}

function groupByAnchor<T extends { anchor_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.anchor_id);
    if (list) list.push(row);
    else out.set(row.anchor_id, [row]);
  }
  return out;
}

/** Adds appended rows to every built anchor index they belong to. */
function addRows(
  cache: IndexCache,
  added: {
    companies: readonly DistributorCompany[];
    invoices: readonly Invoice[];
    drawdowns: readonly Drawdown[];
    payments: readonly Payment[];
  },
): void {
  const changed = new Set<AnchorIndex>();
  for (const company of added.companies) {
    const index = cache.anchors.get(company.anchor_id);
    if (!index) continue;
    if (company.loan_application_id !== null) {
      // A new customer that comes with a loan: rare enough to rebuild its anchor's index.
      cache.anchors.delete(company.anchor_id);
      continue;
    }
    index.companies.set(company.id, company);
    changed.add(index);
  }

  for (const [anchorId, invoices] of groupByAnchor(added.invoices)) {
    const index = cache.anchors.get(anchorId);
    if (!index) continue;
    for (const inv of invoices) {
      index.invoiceById.set(inv.id, inv);
      index.numbers.add(inv.document_number.toLowerCase());
      if (inv.is_manual !== true && (index.lastInvoiceUpload === null || inv.creation_date > index.lastInvoiceUpload))
        index.lastInvoiceUpload = inv.creation_date;
      index.searchText?.set(inv.id, searchTextFor(index, inv));
    }
    index.invoicesByDue = withRows(index.invoicesByDue, invoices, byDueDate);
    index.invoicesByDate = withRows(index.invoicesByDate, invoices, byInvoiceDate);
    for (const slice of index.slices.values()) addToInvoiceSlice(slice, invoices);
    changed.add(index);
  }

  // A payment or a draw comes with its invoice (and loan) edited, which drops the anchor's index anyway; one
  // added on its own (a provider state putting rows back) drops it too.
  for (const p of added.payments) cache.anchors.delete(p.anchor_id);
  for (const d of added.drawdowns) {
    for (const [anchorId, index] of cache.anchors)
      if (index.companies.has(d.distributor_company_id)) cache.anchors.delete(anchorId);
  }

  // Counts, figures and search results memoised over the old rows are gone.
  for (const index of changed) index.memo = new Memo();
}

const COMMON_STATUSES: readonly (readonly InvoiceStatus[])[] = [
  DUE_STATUSES,
  UNPAID_STATUSES,
  ['in-progress'],
  ['paid'],
  INVOICE_STATUSES,
];

/**
 * Brings the anchor's index up to date (or builds it) with its common slices and search text. A write
 * that adds many rows (an upload) calls it before answering, so the lists the app refreshes next do not
 * wait for it.
 */
export function warmAnchor(db: ReadonlyDb, anchorId: number): void {
  const index = anchorIndex(db, anchorId);
  for (const statuses of COMMON_STATUSES)
    invoiceSlice(index, { statuses, region: null, channelFinance: null, closedStatus: null, companyId: null });
  paymentSlice(index, null);
  searchTextOf(index, 0);
}

/**
 * Builds every anchor's index, the common slices, the search text, the star and link indexes: called when
 * the mock starts, so no request pays for it.
 */
export function warmIndexes(db: ReadonlyDb): void {
  for (const anchor of db.anchors) {
    warmAnchor(db, anchor.id);
    linkFigures(db, anchor.id, Date.now());
  }
  starIndex(db);
}

// ---------------------------------------------------------------------------------------------------
// Stars
// ---------------------------------------------------------------------------------------------------

interface StarIndex {
  fingerprint: unknown[];
  /** `${anchor}:${type}:${id}` to the row. */
  rows: Map<string, Readonly<StarResource>>;
  starred: Map<number, { Invoice: Set<number>; Payment: Set<number> }>;
  /** Bumped on every change, so memoised starred lists know they are stale. */
  generation: number;
}

const starCaches = new WeakMap<ReadonlyDb, StarIndex>();
let starGeneration = 0;

const starKey = (anchorId: number, type: StarResource['resource_type'], id: number) => `${anchorId}:${type}:${id}`;

function starSets(index: StarIndex, anchorId: number) {
  let sets = index.starred.get(anchorId);
  if (!sets) index.starred.set(anchorId, (sets = { Invoice: new Set(), Payment: new Set() }));
  return sets;
}

function starIndex(db: ReadonlyDb): StarIndex {
  const print = fingerprint(db, ['resources']);
  const cached = starCaches.get(db);
  if (cached && sameFingerprint(cached.fingerprint, print)) return cached;
  const index: StarIndex = { fingerprint: print, rows: new Map(), starred: new Map(), generation: ++starGeneration };
  for (const row of db.resources) {
    index.rows.set(starKey(row.anchor_id, row.resource_type, row.resource_id), row);
    if (row.starred) starSets(index, row.anchor_id)[row.resource_type].add(row.resource_id);
  }
  starCaches.set(db, index);
  return index;
}

export function isStarred(db: ReadonlyDb, anchorId: number, type: StarResource['resource_type'], id: number): boolean {
  return starIndex(db).starred.get(anchorId)?.[type].has(id) ?? false;
}

/** Stars or unstars an invoice or payment (creating its resource row the first time); keeps the star index current. */
export function setStar(
  repo: Repository,
  anchorId: number,
  type: StarResource['resource_type'],
  resourceId: number,
  starred: boolean,
): Readonly<StarResource> {
  const db = repo.data;
  const index = starIndex(db);
  const key = starKey(anchorId, type, resourceId);
  const known = index.rows.get(key);
  const row = known
    ? repo.update('resources', known, { starred })
    : repo.insert('resources', {
        id: nextId(db.resources),
        anchor_id: anchorId,
        resource_type: type,
        resource_id: resourceId,
        starred,
      });
  index.rows.set(key, row);
  const set = starSets(index, anchorId)[type];
  if (starred) set.add(resourceId);
  else set.delete(resourceId);
  index.generation = ++starGeneration;
  index.fingerprint = fingerprint(db, ['resources']);
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Payment-link counts (the create-links summary card, in the due list's meta)
// ---------------------------------------------------------------------------------------------------

interface LinkIndex {
  fingerprint: unknown[];
  byAnchor: Map<
    number,
    { total: number; customers: number; createdAt: string[]; pendingExpiry: number[]; invoiceIds: number[] }
  >;
}

const linkCaches = new WeakMap<ReadonlyDb, LinkIndex>();

/**
 * The create-links card's figures, all over one set: every payment link the anchor generated to date.
 * (total_payment_links, the send-links banner's, counts only the last 60 days of them.)
 */
export interface LinkFigures {
  /** Pending links not yet expired. */
  active_links: number;
  /** Every link sent. */
  links_generated: number;
  /** Still due (balance, paise) on the open and part-paid invoices the links name, each invoice once. */
  total_due: number;
  /** Customers links were sent to. */
  customers: number;
  /** Links sent over the last 60 days. */
  total_payment_links: number;
}

/** The anchor's payment-link counts at `now`, from sorted creation and expiry times (two binary searches). */
export function linkFigures(db: ReadonlyDb, anchorId: number, now: number): LinkFigures {
  // A link's status changes only with a payment, so the payments are part of the fingerprint too.
  const print = fingerprint(db, ['payment_links', 'payments']);
  let index = linkCaches.get(db);
  if (!index || !sameFingerprint(index.fingerprint, print)) {
    const grouped = new Map<number, PaymentLink[]>();
    for (const link of db.payment_links) {
      const list = grouped.get(link.anchor_id);
      if (list) list.push(link);
      else grouped.set(link.anchor_id, [link]);
    }
    index = { fingerprint: print, byAnchor: new Map() };
    for (const [id, links] of grouped) {
      index.byAnchor.set(id, {
        total: links.length,
        customers: new Set(links.map((l) => l.distributor_company_id)).size,
        createdAt: links.map((l) => l.created_at).sort(),
        pendingExpiry: links
          .filter((l) => l.status === 'pending')
          .map((l) => Date.parse(l.expires_at))
          .sort((a, b) => a - b),
        invoiceIds: [...new Set(links.flatMap((l) => l.invoice_ids))],
      });
    }
    linkCaches.set(db, index);
  }
  const mine = index.byAnchor.get(anchorId);
  if (!mine) return { active_links: 0, links_generated: 0, total_due: 0, customers: 0, total_payment_links: 0 };
  const since = new Date(now - 60 * 86_400_000).toISOString();
  // Balances move with payments in place: summed from the live rows on every read.
  const invoices = anchorIndex(db, anchorId).invoiceById;
  let totalDue = 0;
  for (const id of mine.invoiceIds) {
    const invoice = invoices.get(id);
    if (invoice && (DUE_STATUSES as readonly InvoiceStatus[]).includes(invoice.status)) totalDue += balanceOf(invoice);
  }
  return {
    active_links:
      mine.pendingExpiry.length - firstIndex(mine.pendingExpiry.length, (i) => mine.pendingExpiry[i]! > now),
    links_generated: mine.total,
    total_due: totalDue,
    customers: mine.customers,
    total_payment_links: mine.createdAt.length - firstIndex(mine.createdAt.length, (i) => mine.createdAt[i]! >= since),
  };
}

// ---------------------------------------------------------------------------------------------------
// Invoice lists
// ---------------------------------------------------------------------------------------------------

export type OverdueCriteria = 'eq' | 'lt' | 'lteq' | 'gt' | 'gteq';
export const OVERDUE_CRITERIA: readonly OverdueCriteria[] = ['eq', 'lt', 'lteq', 'gt', 'gteq'];

export interface InvoiceQuery {
  /** At least one. */
  statuses: readonly InvoiceStatus[];
  region: Region | null;
  channelFinance: boolean | null;
  closedStatus: ClosedStatus | null;
  companyId: number | null;
  /** Overdue days (today - due date) compared with `days`. */
  overdue: { days: number; criteria: OverdueCriteria } | null;
  /** true: starred only; false: unstarred only; null: either. */
  starred: boolean | null;
  /** Lower-cased search text (invoice number or customer name), or null. */
  search: string | null;
  /** Lower-cased part of an invoice number (the send-link modal's 'Search By Invoice No.', 2+ characters), or null. */
  numberSearch?: string | null;
}

/** A list result: its rows (sorted by due date, then id) and the due-list figures over all of them. */
export interface InvoiceResult {
  count: number;
  /** Rows [start, end) of the result. */
  rows(start: number, end: number): Invoice[];
  totalDue: number;
  customers: number;
}

function invoiceSlice(
  index: AnchorIndex,
  q: Pick<InvoiceQuery, 'statuses' | 'region' | 'channelFinance' | 'closedStatus' | 'companyId'>,
): InvoiceSlice {
  const statuses = [...new Set(q.statuses)].sort();
  const key = [
    statuses.join(','),
    q.region ?? '*',
    q.channelFinance ?? '*',
    q.closedStatus ?? '*',
    q.companyId ?? '*',
  ].join('|');
  let slice = index.slices.get(key);
  if (slice) return slice;
  const wanted = new Set<InvoiceStatus>(statuses);
  const matches = (inv: Invoice) =>
    wanted.has(inv.status) &&
    (q.region === null || index.companies.get(inv.distributor_company_id)?.region === q.region) &&
    (q.channelFinance === null || inv.channel_finance === q.channelFinance) &&
    (q.closedStatus === null || inv.closed_status === q.closedStatus) &&
    (q.companyId === null || inv.distributor_company_id === q.companyId);
  const rows = index.invoicesByDue.filter(matches);
  const balancePrefix = new Float64Array(rows.length + 1);
  rows.forEach((inv, i) => (balancePrefix[i + 1] = balancePrefix[i]! + balanceOf(inv)));
  slice = { key, rows, due: rows.map((inv) => inv.due_date), balancePrefix, matches };
  index.slices.set(key, slice);
  return slice;
}

/**
 * The due dates an overdue filter keeps, as bounds on the sorted due dates: overdue days d = today - due,
 * so d = N is due = today - N, d <= N is due >= today - N, d > N is due < today - N, and so on.
 */
function dueBounds(
  overdue: InvoiceQuery['overdue'],
  today: Date,
): { min: string | null; max: string | null; minOpen: boolean; maxOpen: boolean } {
  if (overdue === null) return { min: null, max: null, minOpen: false, maxOpen: false };
  const pivot = isoDay(addDays(today, -overdue.days));
  switch (overdue.criteria) {
    case 'eq':
      return { min: pivot, max: pivot, minOpen: false, maxOpen: false };
    case 'lteq':
      return { min: pivot, max: null, minOpen: false, maxOpen: false };
    case 'lt':
      return { min: pivot, max: null, minOpen: true, maxOpen: false };
    case 'gt':
      return { min: null, max: pivot, minOpen: false, maxOpen: true };
    case 'gteq':
      return { min: null, max: pivot, minOpen: false, maxOpen: false };
  }
}

function dueRange(slice: InvoiceSlice, overdue: InvoiceQuery['overdue'], today: Date): [number, number] {
  const b = dueBounds(overdue, today);
  const n = slice.due.length;
  const lo = b.min === null ? 0 : firstIndex(n, (i) => (b.minOpen ? slice.due[i]! > b.min! : slice.due[i]! >= b.min!));
  const hi = b.max === null ? n : firstIndex(n, (i) => (b.maxOpen ? slice.due[i]! >= b.max! : slice.due[i]! > b.max!));
  return [lo, Math.max(lo, hi)];
}

function inDueBounds(due: string, overdue: InvoiceQuery['overdue'], today: Date): boolean {
  const b = dueBounds(overdue, today);
  if (b.min !== null && (b.minOpen ? due <= b.min : due < b.min)) return false;
  if (b.max !== null && (b.maxOpen ? due >= b.max : due > b.max)) return false;
  return true;
}

function distinctCompanies(rows: Iterable<{ distributor_company_id: number }>): number {
  const ids = new Set<number>();
  for (const row of rows) ids.add(row.distributor_company_id);
  return ids.size;
}

function listResult(rows: Invoice[]): InvoiceResult {
  let totalDue = 0;
  for (const inv of rows) totalDue += balanceOf(inv);
  return {
    count: rows.length,
    rows: (start, end) => rows.slice(start, end),
    totalDue,
    customers: distinctCompanies(rows),
  };
}

/** The invoices a list query matches, for the anchor, on `now`'s day. */
export function findInvoices(db: ReadonlyDb, anchorId: number, q: InvoiceQuery, now: number): InvoiceResult {
  const index = anchorIndex(db, anchorId);
  const today = todayOf(now);
  const slice = invoiceSlice(index, q);
  const stars = starIndex(db);

  if (q.starred === true) {
    // Few rows are starred: start from the stars, not from the slice.
    const ids = stars.starred.get(anchorId)?.Invoice ?? new Set<number>();
    const key = `inv*|${slice.key}|${JSON.stringify(q.overdue)}|${isoDay(today)}|${q.search ?? ''}|${q.numberSearch ?? ''}|${stars.generation}`;
    return index.memo.get(key, () => {
      const rows: Invoice[] = [];
      for (const id of ids) {
        const inv = index.invoiceById.get(id);
        if (
          inv &&
          slice.matches(inv) &&
          inDueBounds(inv.due_date, q.overdue, today) &&
          matchesSearch(index, inv, q.search) &&
          matchesNumber(inv, q.numberSearch)
        )
          rows.push(inv);
      }
      return listResult(rows.sort(byDueDate));
    });
  }

  const [lo, hi] = dueRange(slice, q.overdue, today);
  if (q.search === null && !q.numberSearch && q.starred === null) {
    const customers = index.memo.get(`inv#|${slice.key}|${lo}|${hi}`, () =>
      distinctCompanies(slice.rows.slice(lo, hi)),
    );
    return {
      count: hi - lo,
      rows: (start, end) => slice.rows.slice(lo + start, lo + Math.min(end, hi - lo)),
      totalDue: slice.balancePrefix[hi]! - slice.balancePrefix[lo]!,
      customers,
    };
  }
  // Search (and "not starred"): scan the range once per distinct query, then serve its pages from the memo.
  const starGen = q.starred === false ? stars.generation : 0;
  return index.memo.get(
    `inv?|${slice.key}|${lo}|${hi}|${q.search ?? ''}|${q.numberSearch ?? ''}|${q.starred}|${starGen}`,
    () => {
      const unstarredOnly = q.starred === false ? (stars.starred.get(anchorId)?.Invoice ?? new Set<number>()) : null;
      const rows: Invoice[] = [];
      for (let i = lo; i < hi; i++) {
        const inv = slice.rows[i]!;
        if (unstarredOnly?.has(inv.id)) continue;
        if (matchesSearch(index, inv, q.search) && matchesNumber(inv, q.numberSearch)) rows.push(inv);
      }
      return listResult(rows);
    },
  );
}

const searchTextFor = (index: AnchorIndex, inv: Invoice) =>
  `${inv.document_number}\n${index.companies.get(inv.distributor_company_id)?.name ?? ''}`.toLowerCase();

function searchTextOf(index: AnchorIndex, invoiceId: number): string {
  if (index.searchText === null) {
    const texts = new Map<number, string>();
    for (const inv of index.invoiceById.values()) texts.set(inv.id, searchTextFor(index, inv));
    index.searchText = texts;
  }
  return index.searchText.get(invoiceId) ?? '';
}

const matchesSearch = (index: AnchorIndex, inv: Invoice, search: string | null) =>
  search === null || searchTextOf(index, inv.id).includes(search);
const matchesNumber = (inv: Invoice, part: string | null | undefined) =>
  !part || inv.document_number.toLowerCase().includes(part);

// ---------------------------------------------------------------------------------------------------
// Payment lists (collections)
// ---------------------------------------------------------------------------------------------------

export interface PaymentQuery {
  region: Region | null;
  /** Payments dated from today - N days to today; null: any date. */
  sinceDays: number | null;
  starred: boolean | null;
  /** Lower-cased search text (invoice number or customer name), or null. */
  search: string | null;
}

export interface PaymentResult {
  count: number;
  rows(start: number, end: number): Payment[];
  totalCollected: number;
  invoices: number;
  customers: number;
}

function paymentSlice(index: AnchorIndex, region: Region | null): PaymentSlice {
  const key = region ?? '*';
  let slice = index.paymentSlices.get(key);
  if (slice) return slice;
  const matches = (p: Payment) => region === null || index.companies.get(p.distributor_company_id)?.region === region;
  const rows = index.paymentsByDate.filter(matches);
  const amountPrefix = new Float64Array(rows.length + 1);
  rows.forEach((p, i) => (amountPrefix[i + 1] = amountPrefix[i]! + p.amount));
  slice = { key, rows, dates: rows.map((p) => p.payment_date), amountPrefix, matches };
  index.paymentSlices.set(key, slice);
  return slice;
}

function paymentFigures(rows: readonly Payment[]): Pick<PaymentResult, 'totalCollected' | 'invoices' | 'customers'> {
  let total = 0;
  const invoices = new Set<number>();
  for (const p of rows) {
    total += p.amount;
    invoices.add(p.invoice_id);
  }
  return { totalCollected: total, invoices: invoices.size, customers: distinctCompanies(rows) };
}

const paymentSearch = (index: AnchorIndex, p: Payment, search: string | null) =>
  search === null || searchTextOf(index, p.invoice_id).includes(search);

/** The anchor's payments a collections query matches, newest first. */
export function findPayments(db: ReadonlyDb, anchorId: number, q: PaymentQuery, now: number): PaymentResult {
  const index = anchorIndex(db, anchorId);
  const today = todayOf(now);
  const todayIso = isoDay(today);
  const slice = paymentSlice(index, q.region);
  const from = q.sinceDays === null ? null : isoDay(addDays(today, -q.sinceDays));
  const inWindow = (day: string) => from === null || (day >= from && day <= todayIso);
  const stars = starIndex(db);

  if (q.starred === true) {
    const key = `pay*|${slice.key}|${from ?? ''}|${todayIso}|${q.search ?? ''}|${stars.generation}`;
    return index.memo.get(key, () => {
      const rows: Payment[] = [];
      for (const id of stars.starred.get(anchorId)?.Payment ?? []) {
        const p = index.paymentById.get(id);
        if (p && slice.matches(p) && inWindow(p.payment_date) && paymentSearch(index, p, q.search)) rows.push(p);
      }
      rows.sort(byPaymentDateDesc);
      return { count: rows.length, rows: (s, e) => rows.slice(s, e), ...paymentFigures(rows) };
    });
  }

  // Newest first: [lo, hi) is dated on or before today and on or after `from`.
  const n = slice.dates.length;
  const lo = from === null ? 0 : firstIndex(n, (i) => slice.dates[i]! <= todayIso);
  const hi =
    from === null
      ? n
      : Math.max(
          lo,
          firstIndex(n, (i) => slice.dates[i]! < from),
        );
  if (q.search === null && q.starred === null) {
    const figures = index.memo.get(`pay#|${slice.key}|${lo}|${hi}`, () => paymentFigures(slice.rows.slice(lo, hi)));
    return {
      count: hi - lo,
      rows: (s, e) => slice.rows.slice(lo + s, lo + Math.min(e, hi - lo)),
      ...figures,
      totalCollected: slice.amountPrefix[hi]! - slice.amountPrefix[lo]!,
    };
  }
  const starGen = q.starred === false ? stars.generation : 0;
  return index.memo.get(`pay?|${slice.key}|${lo}|${hi}|${q.search ?? ''}|${q.starred}|${starGen}`, () => {
    const unstarredOnly = q.starred === false ? (stars.starred.get(anchorId)?.Payment ?? new Set<number>()) : null;
    const rows: Payment[] = [];
    for (let i = lo; i < hi; i++) {
      const p = slice.rows[i]!;
      if (unstarredOnly?.has(p.id)) continue;
      if (paymentSearch(index, p, q.search)) rows.push(p);
    }
    return { count: rows.length, rows: (s, e) => rows.slice(s, e), ...paymentFigures(rows) };
  });
}

// ---------------------------------------------------------------------------------------------------
// Invoice statistics and limits
// ---------------------------------------------------------------------------------------------------

/** A bucket of the invoices-page charts, in paise: its invoices' total and what was paid by credit, by pay and outside. */
interface StatsBucket {
  count: number;
  total_amount: number;
  paid_using_credit: number;
  paid_using_pay: number;
  paid_outside: number;
}

/** Yearly: a bucket per calendar month of the window, oldest first, with its year. Monthly: 'Week N'. */
export type StatsBuckets =
  | { type: 'yearly'; months: (StatsBucket & { month: (typeof MONTHS)[number]; year: number })[] }
  | { type: 'monthly'; weeks: (StatsBucket & { week: number })[] };

export type StatsType = 'monthly' | 'yearly';
export const STATS_TYPES: readonly StatsType[] = ['monthly', 'yearly'];
/** The home graphs' names for the same views. */
export const graphTypeOf = (type: StatsType): GraphType => (type === 'yearly' ? 'yearly' : 'weekly');

export interface InvoiceStatsFigures {
  invoices_summary: {
    shared_invoice_count: number;
    shared_invoice_total_amount: number;
    cleared_invoice_count: number;
    total_cleared_amount: number;
    cleared_using_credit: number;
    cleared_using_pay: number;
    /** Paid by payments received outside the provider (ERP payments). */
    cleared_outside: number;
  };
  /**
   * Today's balance of unpaid invoices. The total is the sum of not overdue, 1-30 days overdue, 30+ and
   * in-progress (the first three over open and part-paid invoices, as the due filters); 90+ is part of 30+.
   */
  overdue_invoices_summary: {
    total_overdue_invoices_amount: number;
    regular_open_invoices_amount: number;
    overdue_invoices_amount_upto_30_days: number;
    overdue_invoices_amount_30_days: number;
    overdue_invoices_amount_90_days: number;
    in_progress_invoices_amount: number;
  };
  available_limits_summary: { total_available_limit: number; avl_limit_pertaining_for_open_invoices: number };
  shared: StatsBuckets;
  cleared: StatsBuckets;
}

function windowRange(index: AnchorIndex, window: DateWindow): Invoice[] {
  const rows = index.invoicesByDate;
  const lo = firstIndex(rows.length, (i) => rows[i]!.invoice_date >= window.from);
  const hi = firstIndex(rows.length, (i) => rows[i]!.invoice_date > window.to);
  return rows.slice(lo, Math.max(lo, hi));
}

function statsBuckets(index: AnchorIndex, rows: readonly Invoice[], type: StatsType, window: DateWindow): StatsBuckets {
  const sums = new Map<number, StatsBucket>();
  const keyOf = type === 'yearly' ? monthKey : weekOfMonth;
  const empty = (): StatsBucket => ({
    count: 0,
    total_amount: 0,
    paid_using_credit: 0,
    paid_using_pay: 0,
    paid_outside: 0,
  });
  for (const inv of rows) {
    const key = keyOf(inv.invoice_date);
    let b = sums.get(key);
    if (!b) sums.set(key, (b = empty()));
    const f = factsOf(index, inv.id);
    b.count += 1;
    b.total_amount += inv.total;
    b.paid_using_credit += f.paidByCredit;
    b.paid_using_pay += f.paidByPay;
    b.paid_outside += f.paidOutside;
  }
  const bucket = (key: number): StatsBucket => sums.get(key) ?? empty();
  // Yearly: each calendar month of the window with its year, oldest first (two Novembers stay apart).
  if (type === 'yearly')
    return { type, months: windowMonths(window).map(({ key, month, year }) => ({ month, year, ...bucket(key) })) };
  // As on the home charts: ceil(days in the month of `to` / 7) weeks, more if the window reaches a longer month.
  const weeks = Math.max(weekCount(window), ...sums.keys());
  return { type, weeks: Array.from({ length: weeks }, (_, i) => ({ week: i + 1, ...bucket(i + 1) })) };
}

/** Whether credit can be drawn on a loan today: approved, active, not blocked, limit not expired. */
function usableLoan(loan: LoanApplication | undefined, todayIso: string): loan is LoanApplication {
  return (
    loan !== undefined &&
    loan.application_status === 'approved' &&
    loan.loan_status === 'active' &&
    !loan.is_blocked &&
    loan.limit_expiry_date >= todayIso
  );
}

/** What may still be drawn on a usable loan (sanctioned - utilised, not below 0); 0 otherwise. */
export function availableLimit(loan: LoanApplication | undefined, todayIso: string): number {
  return usableLoan(loan, todayIso) ? Math.max(0, loan.limit_sanctioned - loan.limit_utilized) : 0;
}

/** Sum of balances of the invoices in `statuses` (all regions; default: every unpaid one) by overdue range, from the prefix sums. */
function outstanding(
  index: AnchorIndex,
  today: Date,
  overdue: InvoiceQuery['overdue'],
  statuses: readonly InvoiceStatus[] = UNPAID_STATUSES,
): number {
  const slice = invoiceSlice(index, {
    statuses,
    region: null,
    channelFinance: null,
    closedStatus: null,
    companyId: null,
  });
  const [lo, hi] = dueRange(slice, overdue, today);
  return slice.balancePrefix[hi]! - slice.balancePrefix[lo]!;
}

/** Companies with an unpaid invoice in an overdue range. */
function companiesOverdue(index: AnchorIndex, today: Date, overdue: NonNullable<InvoiceQuery['overdue']>): Set<number> {
  const slice = invoiceSlice(index, {
    statuses: UNPAID_STATUSES,
    region: null,
    channelFinance: null,
    closedStatus: null,
    companyId: null,
  });
  const [lo, hi] = dueRange(slice, overdue, today);
  const out = new Set<number>();
  for (let i = lo; i < hi; i++) out.add(slice.rows[i]!.distributor_company_id);
  return out;
}

export interface AvailableLimits {
  /** Sum of what every usable loan may still draw. */
  total: number;
  /** Per usable loan: the least of its available limit and its customer's balance on invoices not yet overdue. */
  forOpenInvoices: number;
  /** Available limit of customers with receivables more than 30 / 90 days overdue. */
  overdue30: number;
  overdue90: number;
}

export function availableLimits(db: ReadonlyDb, anchorId: number, now: number): AvailableLimits {
  const index = anchorIndex(db, anchorId);
  const today = todayOf(now);
  const todayIso = isoDay(today);
  return index.memo.get(`limits|${todayIso}`, () => {
    // Open and part-paid invoices not yet overdue (in-progress ones already have a drawdown request).
    const open = invoiceSlice(index, {
      statuses: DUE_STATUSES,
      region: null,
      channelFinance: null,
      closedStatus: null,
      companyId: null,
    });
    const [lo, hi] = dueRange(open, { days: 0, criteria: 'lteq' }, today);
    const notOverdue = new Map<number, number>();
    for (let i = lo; i < hi; i++) {
      const inv = open.rows[i]!;
      notOverdue.set(inv.distributor_company_id, (notOverdue.get(inv.distributor_company_id) ?? 0) + balanceOf(inv));
    }
    const over30 = companiesOverdue(index, today, { days: 30, criteria: 'gt' });
    const over90 = companiesOverdue(index, today, { days: 90, criteria: 'gt' });
    const out: AvailableLimits = { total: 0, forOpenInvoices: 0, overdue30: 0, overdue90: 0 };
    for (const [companyId, loan] of index.loans) {
      const available = availableLimit(loan, todayIso);
      if (available === 0) continue;
      out.total += available;
      out.forOpenInvoices += Math.min(available, notOverdue.get(companyId) ?? 0);
      if (over30.has(companyId)) out.overdue30 += available;
      if (over90.has(companyId)) out.overdue90 += available;
    }
    return out;
  });
}

export interface StatsQuery {
  box: DateWindow;
  shared: { window: DateWindow; type: StatsType };
  cleared: { window: DateWindow; type: StatsType };
}

/**
 * GET /invoices/stats, in paise. Box 1 over the invoices dated in `box`: shared (all of them), cleared (those
 * paid) and how the cleared ones were paid (credit, pay, outside: the three add up to the cleared total).
 * Box 2 is today's outstanding balance of unpaid invoices: all of them, and the parts that add up to it, as
 * the due filters count them: open and part-paid invoices not overdue (due today or later), 1 to 30 days
 * overdue, more than 30 days overdue (and of those, more than 90), and the in-progress ones whatever their
 * due date. Box 3 is `availableLimits`. Charts: invoices dated in each window by calendar month with its year
 * (yearly) or 'Week N' (monthly); shared counts every invoice, cleared only paid ones; both split what was
 * paid by credit, by pay and outside.
 */
export function invoiceStats(db: ReadonlyDb, anchorId: number, q: StatsQuery, now: number): InvoiceStatsFigures {
  const index = anchorIndex(db, anchorId);
  const today = todayOf(now);
  return index.memo.get(`stats|${isoDay(today)}|${JSON.stringify(q)}`, () => {
    const summary = {
      shared_invoice_count: 0,
      shared_invoice_total_amount: 0,
      cleared_invoice_count: 0,
      total_cleared_amount: 0,
      cleared_using_credit: 0,
      cleared_using_pay: 0,
      cleared_outside: 0,
    };
    for (const inv of windowRange(index, q.box)) {
      summary.shared_invoice_count += 1;
      summary.shared_invoice_total_amount += inv.total;
      if (inv.status !== 'paid') continue;
      const f = factsOf(index, inv.id);
      summary.cleared_invoice_count += 1;
      summary.total_cleared_amount += inv.total;
      summary.cleared_using_credit += f.paidByCredit;
      summary.cleared_using_pay += f.paidByPay;
      summary.cleared_outside += f.paidOutside;
    }
    const limits = availableLimits(db, anchorId, now);
    return {
      invoices_summary: summary,
      overdue_invoices_summary: {
        total_overdue_invoices_amount: outstanding(index, today, null),
        regular_open_invoices_amount: outstanding(index, today, { days: 0, criteria: 'lteq' }, DUE_STATUSES),
        overdue_invoices_amount_upto_30_days:
          outstanding(index, today, { days: 0, criteria: 'gt' }, DUE_STATUSES) -
          outstanding(index, today, { days: 30, criteria: 'gt' }, DUE_STATUSES),
        overdue_invoices_amount_30_days: outstanding(index, today, { days: 30, criteria: 'gt' }, DUE_STATUSES),
        overdue_invoices_amount_90_days: outstanding(index, today, { days: 90, criteria: 'gt' }, DUE_STATUSES),
        in_progress_invoices_amount: outstanding(index, today, null, ['in-progress']),
      },
      available_limits_summary: {
        total_available_limit: limits.total,
        avl_limit_pertaining_for_open_invoices: limits.forOpenInvoices,
      },
      shared: statsBuckets(index, windowRange(index, q.shared.window), q.shared.type, q.shared.window),
      cleared: statsBuckets(
        index,
        windowRange(index, q.cleared.window).filter((inv) => inv.status === 'paid'),
        q.cleared.type,
        q.cleared.window,
      ),
    };
  });
}
