/**
 * What the CSV upload modal shows, as pure helpers: the file types the Invoices page uploads, each one's
 * title, template and columns, the result summary and status names, and which cached lists a processed
 * file makes stale.
 */
import { countText, formatCount } from '../../lib/format';
import {
  CSV_COLUMNS,
  CSV_KIND,
  CSV_TEMPLATES,
  type CsvKind,
  type CsvType,
  type CsvUploadResult,
  rowFailed,
  UPLOAD_TEXTS,
  type UploadResultRow,
} from '../../domain/csv';

/** The csvtypes of POST /invoices/upload (spec 1 §7), in the order the modal offers them; invoices first. */
export const PAGE_CSV_TYPES = ['invoice', 'distributor', 'distributor_history'] as const satisfies readonly CsvType[];
export type PageCsvType = (typeof PAGE_CSV_TYPES)[number];

export const CSV_TYPE_LABELS: Record<PageCsvType, string> = {
  invoice: 'Invoices',
  distributor: 'Customer master',
  distributor_history: 'Customer historical invoice data',
};

/** The modal's title: the spec's titles for the customer files (spec 2 §2.6), its button's wording for invoices. */
export function uploadTitle(csvtype: CsvType): string {
  const kind = CSV_KIND[csvtype];
  if (kind === 'customer_master') return UPLOAD_TEXTS.customerMasterTitle;
  if (kind === 'customer_history') return UPLOAD_TEXTS.customerHistoryTitle;
  return 'Upload Invoices via CSV';
}

const TEMPLATE_NAMES: Record<CsvKind, string> = {
  invoices: 'invoice template',
  customer_master: 'customer master template',
  customer_history: 'customer history template',
};

/** The template link of a csvtype: where it is, its link text, and the columns it holds. */
export function templateOf(csvtype: CsvType) {
  const kind = CSV_KIND[csvtype];
  const { required, optional } = CSV_COLUMNS[kind];
  return {
    href: CSV_TEMPLATES[kind],
    label: `Download the ${TEMPLATE_NAMES[kind]} (CSV)`,
    columns:
      `Columns: ${required.join(', ')}` + (optional.length > 0 ? `; optional: ${optional.join(', ')}` : '') + '.',
  };
}

const STATUS_NAMES: Record<string, string> = {
  success: 'Success',
  failed: 'Failed',
  partial: 'Partly failed',
  error: 'Failed',
};

/** A result row's status as shown: 'Success', 'Failed', 'Partly failed'; an unknown one as sent. */
export const statusName = (status: string) => STATUS_NAMES[status.toLowerCase()] ?? status;

/** The line above the result table: rows read, accepted and refused (from the provider's summary when given). */
export function resultSummary(result: CsvUploadResult): string {
  const meta = result.meta;
  if (meta?.total_rows !== undefined && meta.accepted_rows !== undefined) {
    const rejected = meta.rejected_rows ?? meta.total_rows - meta.accepted_rows;
    return `${countText(meta.total_rows, 'row')} read: ${formatCount(meta.accepted_rows)} accepted, ${formatCount(rejected)} refused.`;
  }
  const failed = result.rows.filter(rowFailed).length;
  return `${countText(result.rows.length, 'row')} in the result: ${formatCount(result.rows.length - failed)} accepted, ${formatCount(failed)} refused.`;
}

/** The key of a result row (rows of a customer file have no invoice number). */
export const resultRowKey = (row: UploadResultRow, index: number) =>
  `${index}-${row.row ?? ''}-${row.invoice_number ?? row.file_id ?? ''}`;

/**
 * The SWR lists a processed file makes stale: every invoice list and the due-list meta (its key starts with
 * 'invoices', which also carries the 'Add New Invoices' date), the statistics ('invoice-stats'), and the
 * distributor utilisation card ('distributor-details': new overdue invoices move its 30+ / 90+ figures).
 */
const STALE_AFTER_UPLOAD = new Set(['invoices', 'invoice-stats', 'distributor-details']);
export const isInvoiceDataKey = (key: unknown): boolean =>
  Array.isArray(key) && STALE_AFTER_UPLOAD.has(key[0] as string);
