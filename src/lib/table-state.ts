/**
 * Table state (page, region, search, filters) kept in the URL query, so a reload, the back button and a
 * shared link all restore it. Several tables can share a page, so every key is prefixed by a table id:
 *
 *   <id>.page=2  <id>.region=north  <id>.q=acme  <id>.f.<name>=<value>  <id>.sel=<row id>,<row id>
 *
 * Values equal to the defaults are left out, so the default state gives a clean URL.
 */

import { isRegion, type RegionFilter } from '../domain/regions';

export interface TableState {
  page: number;
  region: RegionFilter;
  search: string;
  filters: Record<string, string>;
  /** The ids of the rows ticked, in the order they were ticked; kept across pages and filters. */
  selected: readonly string[];
}

/** The state of a table with nothing chosen; `defaults` passed to the functions below are laid over it. */
export const DEFAULT_TABLE_STATE: Readonly<TableState> = Object.freeze({
  page: 1,
  region: 'all',
  search: '',
  filters: Object.freeze({}) as Record<string, string>,
  selected: Object.freeze<string[]>([]),
});

const ID = /^[A-Za-z0-9_-]+$/;

/**
 * Table ids may use letters, digits, '_' and '-' only. A '.' would let one table's keys read as another's
 * (id 'a.f' and a filter 'page' of table 'a' would both be 'a.f.page'), so it is rejected.
 */
function assertTableId(tableId: string): void {
  if (!ID.test(tableId)) throw new Error(`table id must match ${String(ID)}, got '${tableId}'`);
}

function resolveDefaults(defaults: Partial<TableState> | undefined): TableState {
  const d = defaults ?? {};
  return {
    page: d.page !== undefined && isPositiveInteger(d.page) ? d.page : DEFAULT_TABLE_STATE.page,
    region: isRegionFilter(d.region) ? d.region : DEFAULT_TABLE_STATE.region,
    search: d.search ?? DEFAULT_TABLE_STATE.search,
    filters: nonEmptyFilters(d.filters ?? DEFAULT_TABLE_STATE.filters),
    selected: d.selected ?? DEFAULT_TABLE_STATE.selected,
  };
}

function isPositiveInteger(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1;
}

function isRegionFilter(value: unknown): value is RegionFilter {
  return value === 'all' || isRegion(value);
}

/** Filters with an empty value mean "no filter" and are dropped. */
function nonEmptyFilters(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
}

function keys(tableId: string) {
  return {
    page: `${tableId}.page`,
    region: `${tableId}.region`,
    search: `${tableId}.q`,
    filterPrefix: `${tableId}.f.`,
    selected: `${tableId}.sel`,
  };
}

function ownsKey(key: string, tableId: string): boolean {
  const k = keys(tableId);
  return (
    key === k.page ||
    key === k.region ||
    key === k.search ||
    key === k.selected ||
    (key.startsWith(k.filterPrefix) && key.length > k.filterPrefix.length)
  );
}

/**
 * Reads one table's state from `location.search` (with or without the leading '?').
 *
 * - `<id>.page`: a positive integer written in plain digits, else the default page (1 unless given).
 * - `<id>.region`: one of {@link REGIONS} or 'all', else the default region ('all' unless given).
 * - `<id>.q`: the search text as written (present but empty clears a non-empty default), else the default.
 * - `<id>.f.<name>`: laid over the default filters; an empty value clears that filter. The result only holds
 *   filters with a non-empty value.
 * - `<id>.sel`: row ids separated by ',' (empty parts and repeats dropped), else the default selection.
 * - When a key appears more than once, the first one counts.
 */
export function readTableState(search: string, tableId: string, defaults?: Partial<TableState>): TableState {
  assertTableId(tableId);
  const base = resolveDefaults(defaults);
  const params = new URLSearchParams(search);
  const k = keys(tableId);

  const pageText = params.get(k.page);
  const page = pageText !== null && /^\d+$/.test(pageText) ? Number(pageText) : Number.NaN;
  const region = params.get(k.region);
  const q = params.get(k.search);
  const sel = params.get(k.selected);

  // A Map, not an object, so a filter named '__proto__' is kept as data.
  const filters = new Map(Object.entries(base.filters));
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (!key.startsWith(k.filterPrefix) || key.length === k.filterPrefix.length) continue;
    const name = key.slice(k.filterPrefix.length);
    if (seen.has(name)) continue;
    seen.add(name);
    filters.set(name, value);
  }

  return {
    page: isPositiveInteger(page) ? page : base.page,
    region: isRegionFilter(region) ? region : base.region,
    search: q ?? base.search,
    filters: nonEmptyFilters(Object.fromEntries(filters)),
    selected: sel === null ? base.selected : uniqueIds(sel.split(',')),
  };
}

function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => id !== ''))];
}

/**
 * Writes one table's state into `location.search` and returns the new query string, without '?' ('' when
 * nothing is left).
 *
 * - Other tables' keys and unrelated keys stay as they were, in their order (duplicates included).
 * - This table's keys come in a fixed order: page, region, q, then filters sorted by name, then sel. They take the place
 *   of the first key this table had, or go at the end when it had none, so repeated writes do not shuffle the URL.
 * - A value equal to its default is left out, so the default state writes nothing. A filter or search that is
 *   empty while its default is not is written empty (`<id>.q=`), which {@link readTableState} reads as cleared.
 * - A page that is not a positive integer or a region that is not known is written as the default (left out).
 */
export function writeTableState(
  search: string,
  tableId: string,
  next: TableState,
  defaults?: Partial<TableState>,
): string {
  assertTableId(tableId);
  const base = resolveDefaults(defaults);
  const k = keys(tableId);

  const own: [string, string][] = [];
  const page = isPositiveInteger(next.page) ? next.page : base.page;
  if (page !== base.page) own.push([k.page, String(page)]);
  const region = isRegionFilter(next.region) ? next.region : base.region;
  if (region !== base.region) own.push([k.region, region]);
  if (next.search !== base.search) own.push([k.search, next.search]);
  const names = [...new Set([...Object.keys(next.filters), ...Object.keys(base.filters)])].sort(compareNames);
  for (const name of names) {
    if (name === '') continue;
    const value = ownValue(next.filters, name);
    if (value !== ownValue(base.filters, name)) own.push([k.filterPrefix + name, value]);
  }
  const selected = uniqueIds(next.selected).join(',');
  if (selected !== uniqueIds(base.selected).join(',')) own.push([k.selected, selected]);

  const out = new URLSearchParams();
  let placed = false;
  for (const [key, value] of new URLSearchParams(search)) {
    if (ownsKey(key, tableId)) {
      if (!placed) own.forEach(([ok, ov]) => out.append(ok, ov));
      placed = true;
    } else {
      out.append(key, value);
    }
  }
  if (!placed) own.forEach(([ok, ov]) => out.append(ok, ov));
  return out.toString();
}

/** A filter's value, '' when unset; own properties only, so 'constructor' or 'toString' are plain names. */
function ownValue(filters: Record<string, string>, name: string): string {
  return Object.hasOwn(filters, name) ? (filters[name] ?? '') : '';
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sameFilters(a: Record<string, string>, b: Record<string, string>): boolean {
  const x = nonEmptyFilters(a);
  const y = nonEmptyFilters(b);
  const xKeys = Object.keys(x);
  return xKeys.length === Object.keys(y).length && xKeys.every((key) => Object.hasOwn(y, key) && y[key] === x[key]);
}

/**
 * Applies a change to a table's state. Whenever the region, the search or any filter actually changes, the
 * page goes back to 1 (even if the change also names a page); a change of only the page or the selection
 * keeps it (ticked rows stay ticked on other pages and under other filters). `filters`
 * in a change replaces the whole set (spread the old filters to change one). Filters with an empty value count
 * as absent when comparing.
 */
export function withChange(state: TableState, change: Partial<TableState>): TableState {
  const next: TableState = {
    page: change.page ?? state.page,
    region: change.region ?? state.region,
    search: change.search ?? state.search,
    filters: change.filters ?? state.filters,
    selected: change.selected ?? state.selected,
  };
  const reset =
    next.region !== state.region || next.search !== state.search || !sameFilters(next.filters, state.filters);
  return reset ? { ...next, page: 1 } : next;
}
