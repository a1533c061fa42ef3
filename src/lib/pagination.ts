/**
 * Helpers for the pagy paging block the provider sends with every list.
 */
import { PAGE_SIZE } from '../domain/thresholds';
import type { Pagy } from '../api/codecs/common';
import { formatCount } from './format';

export type { Pagy };

/** Items per page when the pagy block does not say. */
export const DEFAULT_ITEMS = PAGE_SIZE;

/** The manual page-number input shows only when the total count exceeds this. */
const PAGE_INPUT_THRESHOLD = 10;

function itemsPerPage(pagy: Pagy): number {
  const items = pagy.items;
  return items !== undefined && Number.isFinite(items) && items >= 1 ? Math.floor(items) : DEFAULT_ITEMS;
}

function safeCount(pagy: Pagy): number {
  return Number.isFinite(pagy.count) && pagy.count > 0 ? Math.floor(pagy.count) : 0;
}

/**
 * The last page number: `pages` when the block gives a usable one, else `ceil(count / items)` with items
 * defaulting to 10. Always an integer of at least 1 (an empty list still has page 1).
 */
export function lastPage(pagy: Pagy): number {
  const pages = pagy.pages;
  if (pages !== undefined && Number.isFinite(pages)) return Math.max(1, Math.floor(pages));
  return Math.max(1, Math.ceil(safeCount(pagy) / itemsPerPage(pagy)));
}

/** Whether to show the manual page-number input: only when the total count exceeds 10 (11 and up). */
export function showPageInput(pagy: Pagy): boolean {
  return pagy.count > PAGE_INPUT_THRESHOLD;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A typed page number made into a page to go to, or null when there is nothing to go to.
 *
 * - Strings are trimmed and must be a plain decimal (`'7'`, `'2.7'`, `'-3'`); empty or anything else
 *   (`'abc'`, `'1e2'`, `'0x10'`) -> null. Numbers that are NaN or ±Infinity -> null.
 * - Fractions are truncated (`'2.7'` -> 2), below 1 -> 1 (`0`, `-3`, `'0.5'`), above `last` -> `last`.
 * - `last` itself is floored and taken as at least 1, so the answer is always an integer in [1, last].
 */
export function clampPage(input: string | number, last: number): number | null {
  let value: number;
  if (typeof input === 'number') {
    value = input;
  } else {
    const text = input.trim();
    if (!PLAIN_NUMBER.test(text)) return null;
    value = Number(text);
  }
  if (!Number.isFinite(value)) return null;
  const max = Number.isFinite(last) ? Math.max(1, Math.floor(last)) : 1;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}

/**
 * 'Showing <from> to <to> of <count>', numbers en-IN grouped: `'Showing 11 to 20 of 95'`,
 * `'Showing 1 to 10 of 1,234'`. Uses `from` / `to` when the block gives them, else computes them from the
 * page (clamped to [1, last page]) and items per page. An empty list reads `'Showing 0 to 0 of 0'`.
 */
export function pageSummary(pagy: Pagy, unit?: string): string {
  const of = (text: string) => (unit ? `${text} ${unit}` : text);
  const count = safeCount(pagy);
  if (count === 0) return of('Showing 0 to 0 of 0');
  const items = itemsPerPage(pagy);
  const page = Math.min(Math.max(1, Math.floor(Number.isFinite(pagy.page) ? pagy.page : 1)), Math.ceil(count / items));
  const from = pagy.from ?? (page - 1) * items + 1;
  const to = pagy.to ?? Math.min(page * items, count);
  return of(`Showing ${formatCount(from)} to ${formatCount(to)} of ${formatCount(count)}`);
}

/**
 * A zero-based page (drawdowns, repayments: page, size, totalElements, totalPages) as the pager's pagy
 * block, whose pages count from 1.
 */
export function pagyOfZeroBased(p: { page: number; size: number; totalElements: number; totalPages: number }): Pagy {
  const page = p.page + 1;
  const count = p.totalElements;
  const from = count === 0 ? 0 : p.page * p.size + 1;
  const to = Math.min(count, page * p.size);
  return {
    count,
    page,
    pages: Math.max(1, p.totalPages),
    items: p.size,
    from,
    to,
    prev: p.page > 0 ? page - 1 : null,
    next: page < p.totalPages ? page + 1 : null,
  };
}
