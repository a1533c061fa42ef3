import { type ErrorRequestHandler, type Request, type RequestHandler, Router } from 'express';
import multer from 'multer';
import Papa from 'papaparse';
import {
  CSV_COLUMNS,
  CSV_KIND,
  CSV_MAX_BYTES,
  CSV_MAX_ROWS,
  CSV_MAX_SIZE_TEXT,
  CUSTOMER_ENDPOINT_TYPES,
  csvColumnsOf,
  headerKey,
  INVOICE_ENDPOINT_TYPES,
  type CsvKind,
  type CsvType,
} from '../../src/domain/csv';
import { hiddenCharacter, hiddenCharacterProblem, isEmailAddress } from '../../src/domain/validation';
import { currentUser } from '../auth/middleware';
import { parseDay, todayOf } from '../aggregates';
import { isoDay } from '../../src/domain/dates';
import type { MockContext } from '../context';
import { nextId, type CsvUpload, type DistributorCompany, type Invoice, type User, type ReadonlyDb } from '../db';
import type { Repository } from '../store/repository';
import { REGIONS, type Region } from '../../src/domain/regions';
import { clipped, displayName, HttpError, isRecord, quoted, route, type ApiErrorEntry } from '../http';
import { invoiceNumbers, warmAnchor } from '../invoice-index';
import { warmLending } from '../lending-index';
import { MAX_DOCUMENT_PAISE, rupeesToPaise } from '../../src/domain/money';

/**
 * CSV uploads (spec 1 §2.6 'CSV upload modal', §3 'CSV upload result row', §7; spec 2 §2.6, §7):
 *
 * - POST /invoices/upload: multipart `file` and `csvtype` (invoice, the default; distributor = customer
 *   master; distributor_history = customer history).
 * - POST /distributor_companies/upload: multipart `file` and `type` (or `csvtype`): demographic_data
 *   (customer master) or transaction_data (customer history).
 *
 * A file is refused as a whole (422 `{ status: 'error', errors }`, one entry) when it is not CSV text,
 * empty, has the wrong header or too many rows; over 5 MB it is 413. Otherwise every row is checked and
 * the answer is 200 `{ status: 'success', message: [...], meta }`: the rows that pass are stored, the
 * rows that fail change nothing and are reported by row number (the header is row 1, as a spreadsheet
 * numbers it) and reason. Invoices answer one result row per invoice (invoice_number, status,
 * failure_reason text); customer files one row for the file (file_id, status, failure_reason list).
 */

const UPLOAD_FIELD = 'file';
/** GST invoice numbers: at most 16 characters of letters, digits, '/' and '-'. */
const INVOICE_NUMBER = /^[A-Za-z0-9/-]{1,16}$/;
const CUSTOMER_CODE = /^[A-Za-z0-9/_-]{1,20}$/;
/** An optional country prefix (+ and 1-3 digits, then an optional dash or space) and exactly 10 digits. */
const MOBILE = /^(?:\+\d{1,3}[- ]?)?(\d{10})$/;
const PIN_CODE = /^[1-9]\d{5}$/;
const KIND_LABEL: Record<CsvKind, string> = {
  invoices: 'invoice',
  customer_master: 'customer master',
  customer_history: 'customer history',
};

const uploadError = (status: number, code: string, detail: string, title = UPLOAD_FIELD) =>
  new HttpError(status, [{ code, title, detail }]);

// ---------------------------------------------------------------------------------------------------
// Receiving the file
// ---------------------------------------------------------------------------------------------------

/**
 * Runs `handler`; if it fails while the request body is still arriving, reads the rest of the body first
 * (discarding it), so the client hears the answer instead of a reset connection.
 */
function drainingOnError(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    handler(req, res, (error?: unknown) => {
      if (error === undefined || error === null || !req.readable || req.readableEnded || req.destroyed) {
        next(error);
        return;
      }
      let called = false;
      const finish = () => {
        if (called) return;
        called = true;
        next(error);
      };
      req.once('end', finish);
      req.once('close', finish);
      req.once('error', finish);
      req.resume();
    });
  };
}

/** multer, in memory, one file of at most 5 MB under `file`; its refusals as the provider's errors. */
function receiveFile(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  }).single(UPLOAD_FIELD);
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (error === undefined || error === null) {
        next();
        return;
      }
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          next(
            uploadError(
              413,
              'ER-UPLOAD-TOO-LARGE',
              `The file is larger than ${CSV_MAX_SIZE_TEXT}, the upload limit. Split it into smaller files.`,
            ),
          );
        } else if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
          next(
            uploadError(
              422,
              'ER-UPLOAD-FILE',
              `Send one CSV file, in the form field '${UPLOAD_FIELD}'${error.field ? ` (not ${quoted(error.field)})` : ''}.`,
            ),
          );
        } else {
          next(uploadError(422, 'ER-UPLOAD-FILE', `The upload form could not be read: ${error.message}.`));
        }
        return;
      }
      next(new HttpError(400, [{ code: 'ER-BAD-REQUEST', detail: 'The multipart body could not be read.' }]));
    });
  };
}

/** A text field of the form (multer fills req.body); undefined when absent or blank, 422 when sent twice. */
function formField(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (!isRecord(body)) return undefined;
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw uploadError(422, 'ER-UPLOAD-TYPE', `Send ${name} once, as text.`, name);
  return value.trim() === '' ? undefined : value.trim();
}

// ---------------------------------------------------------------------------------------------------
// Reading the CSV
// ---------------------------------------------------------------------------------------------------

interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: string[];
}

export interface CsvFile {
  header: string[];
  rows: CsvRow[];
  /** Per row number: a problem the parser found in that row (a malformed quote). */
  parseProblems: Map<number, string>;
}

// Control characters other than tab, line feed and carriage return do not occur in CSV text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The file as text rows, or one 422 for a file that is not CSV text or is empty. */
export function readCsv(buffer: Buffer, filename: string): CsvFile {
  const name = quoted(filename);
  if (buffer.length === 0)
    throw uploadError(422, 'ER-UPLOAD-EMPTY', `${name} is empty: it has no header row and no rows.`);
  const notText = (why: string) =>
    uploadError(
      422,
      'ER-UPLOAD-NOT-CSV',
      `${name} is not a CSV file: ${why}. Save the sheet as CSV UTF-8 (comma delimited) and upload that file.`,
    );
  if (buffer.includes(0)) throw notText('it holds binary data (is it an Excel workbook, a PDF or an image?)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    throw notText('it is not UTF-8 text');
  }
  if (CONTROL.test(text)) throw notText('it holds control characters that text does not');
  text = text.replace(/^\uFEFF/, '');
  if (text.trim() === '')
    throw uploadError(422, 'ER-UPLOAD-EMPTY', `${name} is empty: it has no header row and no rows.`);

  const parsed = Papa.parse<string[]>(text, { delimiter: ',', header: false, skipEmptyLines: false });
  const parseProblems = new Map<number, string>();
  for (const error of parsed.errors) {
    const row = (error.row ?? 0) + 1;
    if (error.code === 'MissingQuotes') {
      throw uploadError(
        422,
        'ER-UPLOAD-NOT-CSV',
        `${name} cannot be read: row ${row} opens a quoted cell that is never closed.`,
      );
    }
    if (!parseProblems.has(row))
      parseProblems.set(row, 'a quoted cell is malformed (a quote inside a quoted cell must be doubled: "")');
  }
  const [header = [], ...rest] = parsed.data;
  const rows: CsvRow[] = [];
  rest.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return; // blank lines (and the final newline) are not rows
    rows.push({ row: index + 2, cells });
  });
  return { header, rows, parseProblems };
}

/** A file with a fitting header must also have between 1 and CSV_MAX_ROWS rows. */
function checkRowCount(file: CsvFile, filename: string, kind: CsvKind): void {
  const name = quoted(filename);
  if (file.rows.length === 0) {
    throw uploadError(
      422,
      'ER-UPLOAD-EMPTY',
      `${name} has a header but no rows: add at least one ${KIND_LABEL[kind]} row under the header.`,
    );
  }
  if (file.rows.length > CSV_MAX_ROWS) {
    throw uploadError(
      422,
      'ER-UPLOAD-ROWS',
      `${name} has ${file.rows.length.toLocaleString('en-IN')} rows; one file may hold at most ${CSV_MAX_ROWS.toLocaleString('en-IN')}. Split it into smaller files.`,
    );
  }
}

/** Where each expected column is, or one 422 naming the expected columns when the header does not fit. */
function checkHeader(header: readonly string[], kind: CsvKind): Map<string, number> {
  const { required, optional } = CSV_COLUMNS[kind];
  const expected = csvColumnsOf(kind);
  const keys = header.map(headerKey);
  const positions = new Map<string, number>();
  const repeated = new Set<string>();
  const unknown: string[] = [];
  keys.forEach((key, index) => {
    if (key === '') return; // a blank header cell (a trailing comma): its column is ignored
    if (!expected.includes(key)) unknown.push(header[index]!.trim());
    else if (positions.has(key)) repeated.add(key);
    else positions.set(key, index);
  });
  const missing = required.filter((key) => !positions.has(key));
  if (missing.length === 0 && unknown.length === 0 && repeated.size === 0) return positions;
  const problems = [
    missing.length > 0 ? `missing ${missing.join(', ')}` : null,
    unknown.length > 0
      ? `unknown ${unknown.slice(0, 5).map(quoted).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`
      : null,
    repeated.size > 0 ? `repeated ${[...repeated].join(', ')}` : null,
  ].filter((p) => p !== null);
  throw uploadError(
    422,
    'ER-UPLOAD-HEADER',
    `The header row does not match the ${KIND_LABEL[kind]} template (${problems.join('; ')}). Expected columns: ${required.join(', ')}` +
      (optional.length > 0 ? `, and optionally ${optional.join(', ')}` : '') +
      '.',
  );
}

// ---------------------------------------------------------------------------------------------------
// Checking cells
// ---------------------------------------------------------------------------------------------------

/** 'YYYY-MM-DD', 'DD-MM-YYYY' or 'DD/MM/YYYY' with a real calendar date, as 'YYYY-MM-DD'; else null. */
export function parseCsvDate(text: string): string | null {
  const value = text.trim();
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  return parseDay(dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value);
}

/** One row's cells by column, and the problems found so far. */
class RowCheck {
  readonly problems: string[] = [];
  constructor(
    private readonly cells: readonly string[],
    private readonly positions: ReadonlyMap<string, number>,
  ) {}

  /** The trimmed cell ('' when blank or the column is absent). */
  cell(column: string): string {
    const index = this.positions.get(column);
    return index === undefined ? '' : (this.cells[index] ?? '').trim();
  }

  /** A problem per cell (of the known columns) that holds an invisible or direction-changing character. */
  hiddenCharacters(): string[] {
    return [...this.positions.keys()].flatMap((column) => hiddenCharacterProblem(this.cell(column), column) ?? []);
  }

  required(column: string): string | null {
    const value = this.cell(column);
    if (value === '') {
      this.problems.push(`${column} is required`);
      return null;
    }
    return value;
  }

  matching(column: string, pattern: RegExp, rule: string, value = this.required(column)): string | null {
    if (value === null) return null;
    if (!pattern.test(value)) {
      this.problems.push(`${column} ${quoted(value)} ${rule}`);
      return null;
    }
    return value;
  }

  text(column: string, max: number, optional = false): string | null {
    const value = optional ? this.cell(column) : this.required(column);
    if (value === null) return null;
    if (value.length > max) {
      this.problems.push(`${column} is longer than ${max} characters`);
      return null;
    }
    return value;
  }

  date(column: string, today: string, optional = false): string | null {
    const raw = optional ? this.cell(column) : this.required(column);
    if (raw === null || raw === '') return null;
    const day = parseCsvDate(raw);
    if (day === null) {
      this.problems.push(`${column} ${quoted(raw)} is not a valid date (write YYYY-MM-DD)`);
      return null;
    }
    if (day > today) {
      this.problems.push(`${column} ${day} is after today`);
      return null;
    }
    return day;
  }

  /** A due date: a real date, not before the invoice date (it may be in the future). */
  dueDate(column: string, invoiceDate: string | null): string | null {
    const raw = this.required(column);
    if (raw === null) return null;
    const day = parseCsvDate(raw);
    if (day === null) {
      this.problems.push(`${column} ${quoted(raw)} is not a valid date (write YYYY-MM-DD)`);
      return null;
    }
    if (invoiceDate !== null && day < invoiceDate) {
      this.problems.push(`${column} ${day} is before the invoice_date ${invoiceDate}`);
      return null;
    }
    return day;
  }

  amount(column: string): number | null {
    const raw = this.required(column);
    if (raw === null) return null;
    const paise = rupeesToPaise(raw, { unsigned: true, exact: true, grouping: true });
    if (paise === null) {
      this.problems.push(`${column} ${quoted(raw)} is not an amount in rupees with at most 2 decimals`);
      return null;
    }
    if (paise <= 0) {
      this.problems.push(`${column} must be more than 0`);
      return null;
    }
    if (paise > MAX_DOCUMENT_PAISE) {
      this.problems.push(`${column} is more than ₹100 crore`);
      return null;
    }
    return paise;
  }
}

/** A row whose cell count differs from the header's (blank cells past the header's end do not count). */
function cellCountProblem(cells: readonly string[], width: number): string | null {
  const used = cells.length > width && cells.slice(width).every((c) => c.trim() === '') ? width : cells.length;
  if (used === width) return null;
  return (
    `has ${used} cells but the header has ${width} columns` +
    (used > width ? ' (is a value with a comma not in quotes? Write "1,234.50" or 1234.50)' : '')
  );
}

interface RowOutcome<T> {
  row: number;
  /** The row's identifier for the result table (invoice_number, customer_code), '' when it had none. */
  key: string;
  value: T | null;
  problems: string[];
}

/** Reasons as the result table shows them: 'Row 3: amount is required; due_date ...'. */
const reasonOf = (outcome: RowOutcome<unknown>) => `Row ${outcome.row}: ${outcome.problems.join('; ')}`;

/** The rows to store: read whole and without a problem (repeats are found after the row's own checks). */
function accepted<T>(outcomes: readonly RowOutcome<T>[]): T[] {
  return outcomes.flatMap((o) => (o.problems.length === 0 && o.value !== null ? [o.value] : []));
}

/** Marks every row whose key repeats within the file (all of them: which one is right cannot be known). */
function markRepeats(outcomes: RowOutcome<unknown>[], column: string): void {
  const rowsByKey = new Map<string, number[]>();
  for (const o of outcomes) {
    if (o.key === '') continue;
    const key = o.key.toLowerCase();
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), o.row]);
  }
  for (const o of outcomes) {
    const rows = o.key === '' ? [] : (rowsByKey.get(o.key.toLowerCase()) ?? []);
    if (rows.length > 1)
      o.problems.push(`${column} ${clipped(o.key)} appears more than once in this file (rows ${rows.join(', ')})`);
  }
}

function rowsOf<T>(
  file: CsvFile,
  positions: Map<string, number>,
  check: (row: RowCheck) => { key: string; value: T | null },
): RowOutcome<T>[] {
  return file.rows.map(({ row, cells }) => {
    const rowCheck = new RowCheck(cells, positions);
    const countProblem = cellCountProblem(cells, file.header.length);
    const parseProblem = file.parseProblems.get(row);
    const keyCell = rowCheck.cell(checkKeyColumn(positions));
    // The result table shows the key: not one with an invisible or direction-changing character.
    const shownKey = hiddenCharacter(keyCell) === undefined ? keyCell : '';
    if (countProblem !== null || parseProblem !== undefined) {
      return { row, key: shownKey, value: null, problems: [countProblem ?? parseProblem!] };
    }
    // Such characters are the row's only problems: the other checks would echo the cells that hold them.
    const hidden = rowCheck.hiddenCharacters();
    if (hidden.length > 0) return { row, key: shownKey, value: null, problems: hidden };
    const { key, value } = check(rowCheck);
    return { row, key, value: rowCheck.problems.length === 0 ? value : null, problems: rowCheck.problems };
  });
}

/** The column that names a row (used to label rows that could not be read cell by cell). */
const checkKeyColumn = (positions: Map<string, number>) =>
  positions.has('invoice_number') ? 'invoice_number' : 'customer_code';

function companiesByCode(db: ReadonlyDb, anchorId: number): Map<string, DistributorCompany> {
  const map = new Map<string, DistributorCompany>();
  for (const c of db.distributor_companies) if (c.anchor_id === anchorId) map.set(c.customer_code.toLowerCase(), c);
  return map;
}

// ---------------------------------------------------------------------------------------------------
// The three kinds of file
// ---------------------------------------------------------------------------------------------------

interface NewInvoice {
  company: DistributorCompany;
  invoice_number: string;
  erp_invoice_id: string;
  invoice_date: string;
  due_date: string;
  total: number;
}

function checkInvoiceRows(
  db: ReadonlyDb,
  anchorId: number,
  file: CsvFile,
  positions: Map<string, number>,
  today: string,
): RowOutcome<NewInvoice>[] {
  const companies = companiesByCode(db, anchorId);
  const stored = invoiceNumbers(db, anchorId);
  const outcomes = rowsOf<NewInvoice>(file, positions, (row) => {
    const number = row.matching(
      'invoice_number',
      INVOICE_NUMBER,
      'must be at most 16 characters of letters, digits, / and -',
    );
    const code = row.required('customer_code');
    const company = code === null ? undefined : companies.get(code.toLowerCase());
    if (code !== null && company === undefined) row.problems.push(`customer_code ${code} is not one of your customers`);
    const invoiceDate = row.date('invoice_date', today);
    const dueDate = row.dueDate('due_date', invoiceDate);
    const total = row.amount('amount');
    const erp = row.text('erp_invoice_id', 50, true);
    if (number !== null && stored.has(number.toLowerCase()))
      row.problems.push(`invoice_number ${number} is already on record`);
    const value =
      number !== null && company !== undefined && invoiceDate !== null && dueDate !== null && total !== null
        ? {
            company,
            invoice_number: number,
            erp_invoice_id: erp || number,
            invoice_date: invoiceDate,
            due_date: dueDate,
            total,
          }
        : null;
    return { key: number ?? row.cell('invoice_number'), value };
  });
  markRepeats(outcomes, 'invoice_number');
  return outcomes;
}

interface CustomerRow {
  customer_code: string;
  name: string;
  region: Region;
  primary_user_name: string;
  primary_user_email: string;
  primary_user_mobile: string;
  city: string;
  state: string;
  pin_code: string;
}

function checkCustomerRows(file: CsvFile, positions: Map<string, number>): RowOutcome<CustomerRow>[] {
  const outcomes = rowsOf<CustomerRow>(file, positions, (row) => {
    const code = row.matching(
      'customer_code',
      CUSTOMER_CODE,
      'must be at most 20 characters of letters, digits, /, _ and -',
    );
    const name = row.text('name', 255);
    const regionText = row.required('region');
    const region = regionText === null ? null : (REGIONS.find((r) => r === regionText.toLowerCase()) ?? null);
    if (regionText !== null && region === null)
      row.problems.push(`region ${quoted(regionText)} must be one of ${REGIONS.join(', ')}`);
    const userName = row.text('primary_user_name', 255);
    const emailText = row.required('primary_user_email');
    const email = emailText !== null && isEmailAddress(emailText) ? emailText : null;
    if (emailText !== null && email === null)
      row.problems.push(`primary_user_email ${quoted(emailText)} is not a valid e-mail address`);
    const mobileText = row.required('primary_user_mobile');
    const mobile = mobileText === null ? null : (MOBILE.exec(mobileText)?.[1] ?? null);
    if (mobileText !== null && mobile === null)
      row.problems.push(`primary_user_mobile ${quoted(mobileText)} must be 10 digits (with an optional +91 prefix)`);
    const city = row.text('city', 100, true);
    const state = row.text('state', 100, true);
    const pin = row.cell('pin_code');
    if (pin !== '' && !PIN_CODE.test(pin)) row.problems.push(`pin_code ${quoted(pin)} must be 6 digits`);
    const value =
      code !== null && name !== null && region !== null && userName !== null && email !== null && mobile !== null
        ? {
            customer_code: code,
            name,
            region,
            primary_user_name: userName,
            primary_user_email: email,
            primary_user_mobile: mobile,
            city: city ?? '',
            state: state ?? '',
            pin_code: pin,
          }
        : null;
    return { key: code ?? row.cell('customer_code'), value };
  });
  markRepeats(outcomes, 'customer_code');
  return outcomes;
}

interface HistoryRow {
  company: DistributorCompany;
  invoice_number: string;
  invoice_date: string;
  due_date: string;
  total: number;
  payment_date: string | null;
}

function checkHistoryRows(
  db: ReadonlyDb,
  anchorId: number,
  file: CsvFile,
  positions: Map<string, number>,
  today: string,
): RowOutcome<HistoryRow>[] {
  const companies = companiesByCode(db, anchorId);
  const stored = new Set<string>();
  for (const h of db.invoice_history) if (h.anchor_id === anchorId) stored.add(h.invoice_number.toLowerCase());
  const outcomes = rowsOf<HistoryRow>(file, positions, (row) => {
    const code = row.required('customer_code');
    const company = code === null ? undefined : companies.get(code.toLowerCase());
    if (code !== null && company === undefined)
      row.problems.push(`customer_code ${code} is not one of your customers (upload it in the customer master first)`);
    const number = row.matching(
      'invoice_number',
      INVOICE_NUMBER,
      'must be at most 16 characters of letters, digits, / and -',
    );
    const invoiceDate = row.date('invoice_date', today);
    const dueDate = row.dueDate('due_date', invoiceDate);
    const total = row.amount('amount');
    const paymentDate = row.date('payment_date', today, true);
    if (paymentDate !== null && invoiceDate !== null && paymentDate < invoiceDate)
      row.problems.push(`payment_date ${paymentDate} is before the invoice_date ${invoiceDate}`);
    if (number !== null && stored.has(number.toLowerCase()))
      row.problems.push(`invoice_number ${number} is already in the history on record`);
    const value =
      company !== undefined && number !== null && invoiceDate !== null && dueDate !== null && total !== null
        ? {
            company,
            invoice_number: number,
            invoice_date: invoiceDate,
            due_date: dueDate,
            total,
            payment_date: paymentDate,
          }
        : null;
    return { key: number ?? row.cell('invoice_number'), value };
  });
  markRepeats(outcomes, 'invoice_number');
  return outcomes;
}

// ---------------------------------------------------------------------------------------------------
// Storing and answering
// ---------------------------------------------------------------------------------------------------

function recordUpload(
  repo: Repository,
  user: User,
  kind: CsvKind,
  csvtype: CsvType,
  file: Express.Multer.File,
  filename: string,
  outcomes: RowOutcome<unknown>[],
  at: string,
): CsvUpload {
  const id = nextId(repo.data.csv_uploads);
  const acceptedRows = accepted(outcomes).length;
  const record: CsvUpload = {
    id,
    file_id: `UPL-${String(id).padStart(6, '0')}`,
    anchor_id: user.anchor_id,
    user_id: user.id,
    kind,
    csvtype,
    filename,
    size: file.size,
    uploaded_at: at,
    total_rows: outcomes.length,
    accepted_rows: acceptedRows,
    rejected_rows: outcomes.length - acceptedRows,
  };
  repo.insert('csv_uploads', record);
  return record;
}

function storeInvoices(repo: Repository, outcomes: RowOutcome<NewInvoice>[], upload: CsvUpload, at: string): void {
  let id = nextId(repo.data.invoices);
  for (const value of accepted(outcomes)) {
    const { company } = value;
    const invoice: Invoice = {
      id: id++,
      anchor_id: company.anchor_id,
      distributor_company_id: company.id,
      document_number: value.invoice_number,
      erp_invoice_id: value.erp_invoice_id,
      customer_code: company.customer_code,
      total: value.total,
      amount_paid: 0,
      invoice_date: value.invoice_date,
      due_date: value.due_date,
      status: 'open',
      channel_finance: company.channel_finance,
      virtual_account_number: company.virtual_account_number,
      creation_date: at,
      ddr_status_date: [],
      invoice_rejected_ddr: false,
      is_sales_order: false,
      pay_by_date: null,
      discount_amount: 0,
      closed_status: null,
      upload_id: upload.id,
    };
    repo.insert('invoices', invoice);
  }
}

function storeCustomers(
  repo: Repository,
  anchorId: number,
  outcomes: RowOutcome<CustomerRow>[],
  upload: CsvUpload,
  at: string,
): void {
  const existing = companiesByCode(repo.data, anchorId);
  let id = nextId(repo.data.distributor_companies);
  const named: number[] = [];
  for (const value of accepted(outcomes)) {
    const known = existing.get(value.customer_code.toLowerCase());
    named.push(known ? known.id : id);
    const contact = {
      name: value.name,
      region: value.region,
      primary_user_name: value.primary_user_name,
      primary_user_email: value.primary_user_email,
      primary_user_mobile: value.primary_user_mobile,
    };
    if (known) {
      // The master is the anchor's record of the customer: it updates the name, region and contact.
      const address = known.company_address;
      repo.update('distributor_companies', known, {
        ...contact,
        company_address: {
          ...address,
          city: value.city !== '' ? value.city : address.city,
          state: value.state !== '' ? value.state : address.state,
          pin_code: value.pin_code !== '' ? value.pin_code : address.pin_code,
        },
      });
      continue;
    }
    const companyId = id++;
    repo.insert('distributor_companies', {
      id: companyId,
      anchor_id: anchorId,
      customer_code: value.customer_code,
      ...contact,
      business_email: value.primary_user_email,
      mobile_number: value.primary_user_mobile,
      company_address: { address_1: '', address_2: '', city: value.city, state: value.state, pin_code: value.pin_code },
      account_details: [],
      application_status: 'new_leads',
      risk_grading: 'R',
      eligibility_amount: 0,
      channel_finance: false,
      virtual_account_number: `VA${anchorId}${String(companyId).padStart(10, '0')}`,
      loan_application_id: null,
      created_at: at,
    });
  }
  repo.update('csv_uploads', upload, { customer_ids: named });
}

function storeHistory(
  repo: Repository,
  anchorId: number,
  outcomes: RowOutcome<HistoryRow>[],
  upload: CsvUpload,
  at: string,
): void {
  let id = nextId(repo.data.invoice_history);
  for (const value of accepted(outcomes)) {
    repo.insert('invoice_history', {
      id: id++,
      anchor_id: anchorId,
      distributor_company_id: value.company.id,
      customer_code: value.company.customer_code,
      invoice_number: value.invoice_number,
      invoice_date: value.invoice_date,
      due_date: value.due_date,
      total: value.total,
      payment_date: value.payment_date,
      upload_id: upload.id,
      created_at: at,
    });
  }
}

/** The answer's summary of the file. */
function metaOf(upload: CsvUpload, lastInvoicesUpload: string | null) {
  return {
    file_id: upload.file_id,
    csvtype: upload.csvtype,
    total_rows: upload.total_rows,
    accepted_rows: upload.accepted_rows,
    rejected_rows: upload.rejected_rows,
    last_invoices_upload: lastInvoicesUpload,
  };
}

/** Checks, stores the good rows and answers, for one file of one kind. */
function processUpload(ctx: MockContext, req: Request, csvtype: CsvType) {
  const file = req.file;
  if (!file) throw uploadError(422, 'ER-UPLOAD-FILE', `Attach the CSV file as the form field '${UPLOAD_FIELD}'.`);
  const user = currentUser(req);
  const db = ctx.db();
  const kind = CSV_KIND[csvtype];
  // Stored and echoed in messages: display text, never the client's raw name.
  const filename = displayName(file.originalname, 'upload.csv');
  const parsed = readCsv(file.buffer, filename);
  const positions = checkHeader(parsed.header, kind);
  checkRowCount(parsed, filename, kind);
  const now = new Date(ctx.now());
  const at = now.toISOString();
  const today = isoDay(todayOf(now));
  let anchor = db.anchors.find((a) => a.id === user.anchor_id);

  if (kind === 'invoices') {
    const outcomes = checkInvoiceRows(db, user.anchor_id, parsed, positions, today);
    const upload = recordUpload(ctx.repository, user, kind, csvtype, file, filename, outcomes, at);
    storeInvoices(ctx.repository, outcomes, upload, at);
    if (anchor && upload.accepted_rows > 0)
      anchor = ctx.repository.update('anchors', anchor, { last_invoices_upload: at });
    // The new rows go into the lists' indexes now, not in the first list the app asks for after the answer.
    warmAnchor(db, user.anchor_id);
    warmLending(db, user.anchor_id, now.getTime());
    return {
      status: 'success',
      message: outcomes.map((o) => ({
        row: o.row,
        invoice_number: clipped(o.key),
        status: o.problems.length === 0 ? 'success' : 'failed',
        failure_reason: o.problems.length === 0 ? null : reasonOf(o),
      })),
      meta: metaOf(upload, anchor?.last_invoices_upload ?? null),
    };
  }

  const outcomes =
    kind === 'customer_master'
      ? checkCustomerRows(parsed, positions)
      : checkHistoryRows(db, user.anchor_id, parsed, positions, today);
  const upload = recordUpload(ctx.repository, user, kind, csvtype, file, filename, outcomes, at);
  if (kind === 'customer_master') {
    storeCustomers(ctx.repository, user.anchor_id, outcomes as RowOutcome<CustomerRow>[], upload, at);
    warmAnchor(db, user.anchor_id);
    warmLending(db, user.anchor_id, now.getTime());
  } else {
    storeHistory(ctx.repository, user.anchor_id, outcomes as RowOutcome<HistoryRow>[], upload, at);
  }
  const failed = outcomes.filter((o) => o.problems.length > 0);
  return {
    status: 'success',
    message: [
      {
        file_id: upload.file_id,
        status: failed.length === 0 ? 'success' : upload.accepted_rows === 0 ? 'failed' : 'partial',
        failure_reason: failed.map(reasonOf),
      },
    ],
    meta: metaOf(upload, anchor?.last_invoices_upload ?? null),
  };
}

/** `csvtype` of POST /invoices/upload: absent means invoice. */
function invoiceEndpointType(req: Request): CsvType {
  const value = formField(req, 'csvtype') ?? 'invoice';
  if ((INVOICE_ENDPOINT_TYPES as readonly string[]).includes(value)) return value as CsvType;
  if ((CUSTOMER_ENDPOINT_TYPES as readonly string[]).includes(value)) {
    throw uploadError(
      422,
      'ER-UPLOAD-TYPE',
      `csvtype ${value} is uploaded to POST /distributor_companies/upload, not here.`,
      'csvtype',
    );
  }
  throw uploadError(422, 'ER-UPLOAD-TYPE', `csvtype must be one of ${INVOICE_ENDPOINT_TYPES.join(', ')}.`, 'csvtype');
}

/** `type` (spec 2 §7; `csvtype` is read too) of POST /distributor_companies/upload: required. */
function customerEndpointType(req: Request): CsvType {
  const type = formField(req, 'type');
  const csvtype = formField(req, 'csvtype');
  if (type !== undefined && csvtype !== undefined && type !== csvtype) {
    throw uploadError(422, 'ER-UPLOAD-TYPE', `type ${type} and csvtype ${csvtype} disagree: send one of them.`, 'type');
  }
  const value = type ?? csvtype;
  if (value !== undefined && (CUSTOMER_ENDPOINT_TYPES as readonly string[]).includes(value)) return value as CsvType;
  throw uploadError(422, 'ER-UPLOAD-TYPE', `type must be one of ${CUSTOMER_ENDPOINT_TYPES.join(', ')}.`, 'type');
}

/** Upload failures keep the spec's answer shape: `{ status: 'error', errors }`. */
const uploadErrorAnswer: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (error instanceof HttpError && !res.headersSent) {
    res.status(error.status).json({ status: 'error', errors: error.errors satisfies ApiErrorEntry[] });
    return;
  }
  next(error);
};

export function uploadRoutes(ctx: MockContext): Router {
  const router = Router();
  const receive = [drainingOnError(ctx.auth), receiveFile()];
  router.post(
    '/invoices/upload',
    ...receive,
    route((req, res) => {
      res.json(processUpload(ctx, req, invoiceEndpointType(req)));
    }),
  );
  router.post(
    '/distributor_companies/upload',
    ...receive,
    route((req, res) => {
      res.json(processUpload(ctx, req, customerEndpointType(req)));
    }),
  );
  router.use(['/invoices/upload', '/distributor_companies/upload'], uploadErrorAnswer);
  return router;
}
