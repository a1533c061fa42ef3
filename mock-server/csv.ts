import type { Request, Response } from 'express';
import Papa from 'papaparse';
import { validationError } from './http';
import { filterValue, pageParams, paginate, type Pagy } from './paging';

/**
 * CSV answers: RFC 4180 text (papaparse quotes a cell only when it holds a comma, a quote, a line break or
 * edge spaces; lines end CRLF), written to the response in chunks so a large export streams instead of
 * being built whole in memory.
 */

/** A column a list can export: its header text and the key `headers_accepted` names it by. */
export interface CsvHeader<K extends string = string> {
  display_name: string;
  key: K;
}

/** `filter[download_as_csv]`: true / 1 exports, false / 0 / absent lists. */
export function wantsCsv(req: Request): boolean {
  const value = filterValue(req, 'download_as_csv');
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw validationError({ download_as_csv: 'download_as_csv must be true or false' });
}

/**
 * `headers_accepted`: comma-separated keys of `accepted`, in the order wanted (absent or blank: all of them;
 * repeats dropped). An unknown key is a 422 that lists the accepted ones.
 */
export function csvColumnsFrom<H extends CsvHeader>(accepted: readonly H[], raw: unknown): H[] {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return [...accepted];
  if (typeof raw !== 'string')
    throw validationError({ headers_accepted: 'headers_accepted must be a comma-separated list of keys' });
  const keys = [
    ...new Set(
      raw
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    ),
  ];
  const unknown = keys.filter((key) => !accepted.some((h) => h.key === key));
  if (unknown.length > 0) {
    throw validationError({
      headers_accepted: `Unknown column ${unknown.join(', ')}; accepted: ${accepted.map((h) => h.key).join(', ')}`,
    });
  }
  return keys.map((key) => accepted.find((h) => h.key === key)!);
}

/** Rows per chunk written to the response. */
const CSV_CHUNK_ROWS = 1000;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number: an optional minus, digits, optional decimals. A spreadsheet reads it as a number, never a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * The formula-injection guard: a cell a spreadsheet would read as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) gets a leading `'`, so it shows as text. A plain number is not a formula
 * and is written as it is, so an ageing of -28 or an amount of -5.00 still sums in the sheet.
 */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV chunk: guarded cells, CRLF between lines and after the last one. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((row) => row.map(guardCell)),
    { newline: '\r\n', header: false },
  )}\r\n`;
}

/** Waits until the response can take more (or the caller went away). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * `res.locals` key: answer the spec's other CSV form, JSON `{ download_csv: true, result, filename }`. Only
 * the pact's provider state for that form sets it (mock-server/pact-states/index.ts); the app reads both.
 */
export const CSV_AS_JSON = 'csvAsJson';

/**
 * Sends `text/csv` as an attachment named `filename`: the header row, then the rows, turned into cells by
 * `cells` one chunk of CSV_CHUNK_ROWS at a time, honouring back-pressure. Stops early if the caller hangs up.
 */
export async function sendCsv<T>(
  res: Response,
  filename: string,
  header: readonly string[],
  rows: readonly T[],
  cells: (row: T) => string[],
  chunkRows = CSV_CHUNK_ROWS,
): Promise<void> {
  if (res.locals[CSV_AS_JSON] === true) {
    res.status(200).json({ download_csv: true, result: csvLines([header, ...rows.map(cells)]), filename });
    return;
  }
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  let pending = csvLines([header]);
  for (let start = 0; start < rows.length; start += chunkRows) {
    pending += csvLines(rows.slice(start, start + chunkRows).map(cells));
    if (res.destroyed) return;
    if (!res.write(pending)) await drained(res);
    pending = '';
  }
  if (res.destroyed) return;
  res.end(pending);
}

/** What a list route answers with: a page of JSON, or with `filter[download_as_csv]` every row as CSV. */
export interface ListAnswer<T, K extends string> {
  /** The columns an export may ask for (`headers_accepted`), in their default order. */
  headers: readonly CsvHeader<K>[];
  /** The export's file name. */
  filename: string;
  /** Every matching row; called once the request's CSV and paging parameters have been checked. */
  rows: () => readonly T[];
  cell: (row: T, key: K) => string;
  /** The JSON of one page: its rows as resources, the pagy block and whatever else the list sends. */
  page: (rows: T[], pagy: Pagy) => unknown;
}

/**
 * The one answer of a list that can be exported: with `filter[download_as_csv]` every matching row in the
 * columns `headers_accepted` names (streamed), otherwise the page `page` and `items` ask for.
 */
export async function sendListOrCsv<T, K extends string>(
  req: Request,
  res: Response,
  list: ListAnswer<T, K>,
): Promise<void> {
  if (wantsCsv(req)) {
    const columns = csvColumnsFrom(list.headers, req.query.headers_accepted);
    const cells = (row: T) => columns.map((h) => list.cell(row, h.key));
    await sendCsv(
      res,
      list.filename,
      columns.map((h) => h.display_name),
      list.rows(),
      cells,
    );
    return;
  }
  const { page, items } = pageParams(req);
  const { rows, pagy } = paginate(list.rows(), page, items);
  res.json(list.page(rows, pagy));
}
