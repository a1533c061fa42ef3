import * as t from 'io-ts';
import type { UploadMeta as UploadMetaShape, UploadResultRow as UploadResultRowShape } from '../../domain/csv';
import { Nullable, type Decodes } from './common';

/**
 * CSV uploads (spec 1 §3 'CSV upload result row', §7): POST /invoices/upload and
 * POST /distributor_companies/upload answer `status` success with `message`, a list of result rows, or
 * status error with `errors` (a list with detail).
 */

/** An id the provider may send as a string or a number (file ids). */
const TextOrNumber = new t.Type<string, string, unknown>(
  'TextOrNumber',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    typeof u === 'string'
      ? t.success(u)
      : typeof u === 'number' && Number.isFinite(u)
        ? t.success(String(u))
        : t.failure(u, c),
  (s) => s,
);

/**
 * One row of the result table: invoice_number (an invoice file, one row per invoice) or file_id (a
 * customer file, one row for the file), status, and failure_reason as text or a list ('Row 3: ...').
 * `row` is the row's number in the file (header = 1) where the provider gives it.
 */
const UploadResultRow = t.intersection([
  t.type({ status: t.string }),
  t.partial({
    row: t.number,
    invoice_number: Nullable(t.string),
    file_id: Nullable(TextOrNumber),
    failure_reason: Nullable(t.union([t.string, t.array(t.string)])),
  }),
]);
true satisfies Decodes<typeof UploadResultRow, UploadResultRowShape>;

/** The answer's summary of the file (the mock sends it; the spec does not show one, so every part is optional). */
const UploadMeta = t.partial({
  file_id: TextOrNumber,
  csvtype: t.string,
  total_rows: t.number,
  accepted_rows: t.number,
  rejected_rows: t.number,
  last_invoices_upload: Nullable(t.string),
});
true satisfies Decodes<typeof UploadMeta, UploadMetaShape>;

export const UploadSuccess = t.intersection([
  t.type({ status: t.literal('success'), message: t.array(UploadResultRow) }),
  t.partial({ meta: UploadMeta }),
]);
export type UploadSuccess = t.TypeOf<typeof UploadSuccess>;

/** An error answer that came with a 2xx status; the client turns it into an ApiError. */
export const UploadFailure = t.intersection([
  t.type({ status: t.literal('error') }),
  t.partial({ errors: t.array(t.unknown), message: t.unknown }),
]);
export type UploadFailure = t.TypeOf<typeof UploadFailure>;

export const UploadAnswer = t.union([UploadSuccess, UploadFailure]);
export type UploadAnswer = t.TypeOf<typeof UploadAnswer>;
