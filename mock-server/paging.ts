import type { Request } from 'express';
import { validationError } from './http';
import { PAGE_SIZE } from '../src/domain/thresholds';

/** The pagy block every paged list answers with. */
export interface Pagy {
  count: number;
  page: number;
  items: number;
  pages: number;
  from: number;
  to: number;
  prev: number | null;
  next: number | null;
}

const DEFAULT_ITEMS = PAGE_SIZE;
const MAX_ITEMS = 100;

/** Reads `page` (1-based) and `items` from the query; bad values are a 422, not a silent default. */
export function pageParams(req: Request): { page: number; items: number } {
  const read = (name: string, fallback: number, max: number) => {
    const raw = req.query[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (typeof raw !== 'string' || !Number.isInteger(value) || value < 1 || value > max) {
      throw validationError({ [name]: `${name} must be a whole number from 1 to ${max}` });
    }
    return value;
  };
  return { page: read('page', 1, Number.MAX_SAFE_INTEGER), items: read('items', DEFAULT_ITEMS, MAX_ITEMS) };
}

/** One page of rows and its pagy. A page past the end gives no rows (and says where the last page is). */
export function paginate<T>(rows: readonly T[], page: number, items: number): { rows: T[]; pagy: Pagy } {
  const { start, end, pagy } = pageWindow(rows.length, page, items);
  return { rows: rows.slice(start, end), pagy };
}

/**
 * Where a page falls in a list of `count` rows (`start` inclusive, `end` exclusive) and its pagy, without
 * the rows: for lists held as a range of an index, so a page costs its own rows and not the whole list.
 */
export function pageWindow(count: number, page: number, items: number): { start: number; end: number; pagy: Pagy } {
  const pages = Math.max(1, Math.ceil(count / items));
  const start = Math.min((page - 1) * items, count);
  const end = Math.min(start + items, count);
  const size = end - start;
  return {
    start,
    end,
    pagy: {
      count,
      page,
      items,
      pages,
      from: size > 0 ? start + 1 : 0,
      to: size > 0 ? start + size : 0,
      prev: page > 1 ? Math.min(page - 1, pages) : null,
      next: page < pages ? page + 1 : null,
    },
  };
}

/** `filter[name]` as a trimmed string, or undefined. */
export function filterValue(req: Request, name: string): string | undefined {
  const filter = req.query.filter;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return undefined;
  const value = (filter as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
