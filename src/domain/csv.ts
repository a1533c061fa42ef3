/**
 * CSV uploads: what the app, the mock provider and the templates agree on (the column catalogue, limits,
 * texts, the result rows). Pure data and checks, no I/O, so the upload machine, the API client and the
 * mock all read the same limits and column sets.
 */
import { groupIndian } from './money';

/** The upload limit: 5 MB (5 × 1024 × 1024 bytes). The client refuses a larger file; the provider answers 413. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_SIZE_TEXT = '5 MB';
/** Data rows (after the header) one file may hold; the provider refuses a longer file as a whole. */
export const CSV_MAX_ROWS = 10_000;

/**
 * The `csvtype`s of POST /invoices/upload (spec 1 §7): invoices, customer master, customer history.
 * demographic_data and transaction_data (spec 2 §7, spec 3 §7) go to POST /distributor_companies/upload
 * instead, as its `type` field; they are the same two customer files under their other names.
 */
export const INVOICE_ENDPOINT_TYPES = ['invoice', 'distributor', 'distributor_history'] as const;
export const CUSTOMER_ENDPOINT_TYPES = ['demographic_data', 'transaction_data'] as const;
export const CSV_TYPES = [...INVOICE_ENDPOINT_TYPES, ...CUSTOMER_ENDPOINT_TYPES] as const;
export type CsvType = (typeof CSV_TYPES)[number];

/** What a file holds, whichever name the type was sent under. */
export type CsvKind = 'invoices' | 'customer_master' | 'customer_history';

export const CSV_KIND: Record<CsvType, CsvKind> = {
  invoice: 'invoices',
  distributor: 'customer_master',
  demographic_data: 'customer_master',
  distributor_history: 'customer_history',
  transaction_data: 'customer_history',
};

/** The endpoint a csvtype is uploaded to (spec 3 §7). */
export function uploadPath(csvtype: CsvType): '/invoices/upload' | '/distributor_companies/upload' {
  return (CUSTOMER_ENDPOINT_TYPES as readonly string[]).includes(csvtype)
    ? '/distributor_companies/upload'
    : '/invoices/upload';
}

export interface CsvColumns {
  /** Every row must fill these. */
  required: readonly string[];
  /** May be left out of the header, or left blank in a row. */
  optional: readonly string[];
}

/**
 * The header of each file, in template order. Header cells are matched after trimming, lower-casing and
 * turning spaces and hyphens into underscores ('Invoice Number' reads as invoice_number); order is free.
 */
export const CSV_COLUMNS: Record<CsvKind, CsvColumns> = {
  invoices: {
    required: ['invoice_number', 'customer_code', 'invoice_date', 'due_date', 'amount'],
    optional: ['erp_invoice_id'],
  },
  customer_master: {
    required: ['customer_code', 'name', 'region', 'primary_user_name', 'primary_user_email', 'primary_user_mobile'],
    optional: ['city', 'state', 'pin_code'],
  },
  customer_history: {
    required: ['customer_code', 'invoice_number', 'invoice_date', 'due_date', 'amount'],
    optional: ['payment_date'],
  },
};

export const csvColumnsOf = (kind: CsvKind): string[] => [...CSV_COLUMNS[kind].required, ...CSV_COLUMNS[kind].optional];

/** The templates, served as static files of the app (`public/templates/`): header row only. */
export const CSV_TEMPLATES: Record<CsvKind, string> = {
  invoices: '/templates/invoice-upload-template.csv',
  customer_master: '/templates/customer-master-template.csv',
  customer_history: '/templates/customer-history-template.csv',
};

/** How the cells are written, for hints next to the template link. */
export const CSV_FORMAT_HINTS = [
  'Dates as YYYY-MM-DD (DD-MM-YYYY and DD/MM/YYYY are read too).',
  'Amounts in rupees, with up to 2 decimals (1234.50 or 1,234.50).',
  `One file up to ${CSV_MAX_SIZE_TEXT} and ${groupIndian(String(CSV_MAX_ROWS))} rows, comma-separated, UTF-8.`,
] as const;

/**
 * The modal's texts. Quoted in the spec (verbatim, typos kept): the card, the button, the wizard's step
 * titles, 'Error' and the fallback. The two step lines follow spec 1 §2.6's description (not quoted there).
 */
export const UPLOAD_TEXTS = {
  card: 'Add New Invoices',
  /** The invoices page's and the pipeline's label for the provider's one 'last invoice received' date. */
  lastReceived: 'Last invoice received',
  button: 'Upload via CSV',
  templateStep: 'Step 1: download a template.',
  fileStep: 'Step 2: select a file by dragging or by button.',
  customerMasterTitle: 'Upload Customer Master via CSV',
  customerHistoryTitle: 'Upload Customer historical invoice data via CSV',
  creditEvaluationTitle: 'Credit Evalution Service',
  errorTitle: 'Error',
  /** Spec 1 §8, verbatim: the error step's text when the answer carries no error details. */
  fallbackError:
    'Invoice file upload failed, we have sent you the updated on your registered email id. Please check you email and try uploading invoice file again!',
} as const;

/** The error step's text when the answer carries no details (spec 1 §8, verbatim). */
export const UPLOAD_FALLBACK_MESSAGE = UPLOAD_TEXTS.fallbackError;

/** Types browsers give a .csv file (Windows with Excel says application/vnd.ms-excel); '' when unknown. */
const CSV_MIME_TYPES = new Set([
  '',
  'text/csv',
  'text/plain',
  'text/x-csv',
  'text/comma-separated-values',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
]);

export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

/** Bytes as '6.3 MB' / '420 KB' / '12 bytes', for messages. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/**
 * The client's check before sending (beyond the spec, which shows none): a .csv name with a type a CSV
 * may have, not empty, at most 5 MB. The message to show, or null when the file may be sent.
 */
export function csvFileProblem(file: FileFacts): string | null {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  if (!/\.csv$/i.test(file.name.trim()) || !CSV_MIME_TYPES.has(type)) {
    return `'${file.name}' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8).`;
  }
  if (file.size === 0) return `'${file.name}' is empty. Choose a CSV file with a header row and at least one row.`;
  if (file.size > CSV_MAX_BYTES)
    return `'${file.name}' is ${sizeText(file.size)}; files up to ${CSV_MAX_SIZE_TEXT} can be uploaded. Split it into smaller files.`;
  return null;
}

/**
 * One row of an upload's result table: invoice_number (an invoice file, one row per invoice) or file_id (a
 * customer file, one row for the file), status, and failure_reason as text or a list ('Row 3: ...').
 * `row` is the row's number in the file (header = 1) where the provider gives it.
 */
export interface UploadResultRow {
  status: string;
  row?: number;
  invoice_number?: string | null;
  file_id?: string | null;
  failure_reason?: string | string[] | null;
}

/** The answer's summary of the file (the mock sends it; the spec does not show one, so every part is optional). */
export interface UploadMeta {
  file_id?: string;
  csvtype?: string;
  total_rows?: number;
  accepted_rows?: number;
  rejected_rows?: number;
  last_invoices_upload?: string | null;
}

/** A processed file: the result table's rows and the provider's summary (null when it sends none). */
export interface CsvUploadResult {
  rows: UploadResultRow[];
  meta: UploadMeta | null;
}

/** The failure reasons of a row as a list (none for a row that passed). */
export function failureReasons(row: UploadResultRow): string[] {
  const reason = row.failure_reason;
  if (reason === undefined || reason === null) return [];
  return (Array.isArray(reason) ? reason : [reason]).filter((r) => r.trim() !== '');
}

/** Whether a row was refused (in part, for a customer file): a status other than success, or a reason. */
export const rowFailed = (row: UploadResultRow): boolean => row.status !== 'success' || failureReasons(row).length > 0;

/** A header cell as a column key: trimmed, lower case, spaces and hyphens as underscores. */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
