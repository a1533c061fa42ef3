import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { parseDay, todayOf } from '../aggregates';
import { isoDay } from '../../src/domain/dates';
import type { MockContext } from '../context';
import { nextId, type Invoice } from '../db';
import { displayName, HttpError, isRecord, route, type ApiErrorEntry } from '../http';
import { runIdempotent } from '../idempotency';
import { MAX_DOCUMENT_PAISE } from '../../src/domain/money';
import { collectionItem, documentLabel, isOpenLimit, parseAmount, payAccount } from '../pay';

/** The largest invoice image or PDF the pay page may upload. */
export const INVOICE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The accepted types: the first bytes each starts with (the declared type is the client's word, the bytes are
 * the file), and the extension of the name the provider gives it.
 */
const FILE_TYPES: Readonly<Record<string, { magic: readonly number[]; extension: string }>> = {
  'application/pdf': { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], extension: 'pdf' }, // %PDF-
  'image/png': { magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], extension: 'png' },
  'image/jpeg': { magic: [0xff, 0xd8, 0xff], extension: 'jpg' },
};
const INVOICE_IMAGE_TYPES: readonly string[] = Object.keys(FILE_TYPES);

/** The accepted type the file's bytes are, or null when they are none of them. */
export function sniffedType(bytes: Uint8Array): string | null {
  return INVOICE_IMAGE_TYPES.find((type) => FILE_TYPES[type]!.magic.every((byte, i) => bytes[i] === byte)) ?? null;
}

/** The multipart name of the file (spec 3 §7: invoice_image.file, nested under invoice). */
export const INVOICE_IMAGE_FIELD = 'invoice[invoice_image][file]';
/** GST invoice numbers: at most 16 letters, digits, '/' or '-'. */
const DOCUMENT_NUMBER = /^[A-Za-z0-9/-]{1,16}$/;

const fieldProblem = (field: string, detail: string): ApiErrorEntry => ({
  code: 'ER-VALIDATION',
  title: `invoice[${field}]`,
  detail,
});

/** multer with the size limit, its errors answered in the provider's error shape. */
function invoiceImageUpload(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: INVOICE_IMAGE_MAX_BYTES, files: 1, fields: 20 },
  }).single(INVOICE_IMAGE_FIELD);
  return (req, res, next) => {
    parse(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        const detail =
          error.code === 'LIMIT_FILE_SIZE'
            ? `The invoice file is larger than ${INVOICE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`
            : error.code === 'LIMIT_UNEXPECTED_FILE'
              ? `Send one file, as ${INVOICE_IMAGE_FIELD}.`
              : `The upload could not be read: ${error.message}.`;
        next(
          new HttpError(error.code === 'LIMIT_FILE_SIZE' ? 413 : 422, [
            { code: 'ER-VALIDATION', title: INVOICE_IMAGE_FIELD, detail },
          ]),
        );
        return;
      }
      next(error as Error | undefined);
    });
  };
}

/**
 * POST /create_invoice (spec 3 §2 'Manual invoice entry', §7): an open-limit customer adds its own invoice
 * or sales order from the pay page. Multipart `invoice[...]` fields: loan_application_id, anchor_id,
 * erp_distributor_id and customer_code (must be the token's own), invoice_date (not after today),
 * due_date, total (rupees), gst_invoice_id (the document number, unique for the anchor), source
 * 'open_limit_customer', and the file `invoice[invoice_image][file]` (PDF, PNG or JPEG by its declared type
 * and by its first bytes, at most 5 MB) unless the anchor works with sales orders. Every field problem is
 * reported at once (422). An optional Idempotency-Key replays the first answer; without one, a repeat is
 * refused as a duplicate number. Answers 201 with the new document as the pay page lists it.
 */
export function createInvoiceRoute(ctx: MockContext): RequestHandler[] {
  return [
    invoiceImageUpload(),
    route((req, res) => {
      const db = ctx.db();
      const now = ctx.now();
      const token = req.payToken!;
      const file = req.file;
      // The idempotency fingerprint reads req.body: put the file's digest in it so a different file is a different request.
      const fields = isRecord(req.body) && isRecord(req.body.invoice) ? req.body.invoice : null;
      const sha256 = file ? createHash('sha256').update(file.buffer).digest('hex') : null;
      req.body = { invoice: fields, file_sha256: sha256 };

      runIdempotent(ctx.repository, now, req, res, { token, required: false }, () => {
        const account = payAccount(db, token, now);
        const label = documentLabel(account);
        const loan = account.loan;
        if (!isOpenLimit(loan)) {
          throw new HttpError(403, [
            { code: 'ER-INVOICE-105', detail: `Only open-limit customers can add their own ${label.toLowerCase()}s.` },
          ]);
        }
        if (fields === null)
          throw new HttpError(422, [
            {
              code: 'ER-VALIDATION',
              title: 'invoice',
              detail: 'Send the invoice fields as multipart invoice[...] fields.',
            },
          ]);
        const text = (name: string) => (typeof fields[name] === 'string' ? fields[name].trim() : '');
        const problems: ApiErrorEntry[] = [];
        const today = isoDay(todayOf(now));

        const own: [string, string][] = [
          ['loan_application_id', String(loan.id)],
          ['anchor_id', String(account.anchor.id)],
          ['erp_distributor_id', account.company.customer_code],
          ['customer_code', account.company.customer_code],
        ];
        for (const [name, expected] of own) {
          if (text(name) === '') problems.push(fieldProblem(name, `invoice[${name}] is required.`));
          else if (text(name) !== expected)
            problems.push(fieldProblem(name, `invoice[${name}] does not match this payment link.`));
        }

        const number = text('gst_invoice_id');
        if (number === '')
          problems.push(fieldProblem('gst_invoice_id', `Please enter the ${label.toLowerCase()} number.`));
        else if (!DOCUMENT_NUMBER.test(number)) {
          problems.push(
            fieldProblem(
              'gst_invoice_id',
              `The ${label.toLowerCase()} number may have up to 16 letters, digits, '/' or '-'.`,
            ),
          );
        } else if (
          db.invoices.some(
            (inv) => inv.anchor_id === account.anchor.id && inv.document_number.toLowerCase() === number.toLowerCase(),
          )
        ) {
          problems.push(fieldProblem('gst_invoice_id', `${label} ${number} already exists.`));
        }

        const total = parseAmount(fields.total);
        if (total === null)
          problems.push(
            fieldProblem('total', 'The amount must be in rupees, greater than zero, with at most 2 decimals.'),
          );
        else if (total > MAX_DOCUMENT_PAISE)
          problems.push(fieldProblem('total', 'The amount cannot be more than ₹100 crore.'));

        const invoiceDate = parseDay(text('invoice_date'));
        if (invoiceDate === null)
          problems.push(fieldProblem('invoice_date', `Please choose the ${label.toLowerCase()} date (YYYY-MM-DD).`));
        else if (invoiceDate > today)
          problems.push(fieldProblem('invoice_date', `The ${label.toLowerCase()} date cannot be later than today.`));

        const dueDate = parseDay(text('due_date'));
        if (dueDate === null) problems.push(fieldProblem('due_date', 'invoice[due_date] must be a date (YYYY-MM-DD).'));
        else if (invoiceDate !== null && dueDate < invoiceDate)
          problems.push(fieldProblem('due_date', `The due date cannot be before the ${label.toLowerCase()} date.`));

        if (text('source') !== 'open_limit_customer')
          problems.push(fieldProblem('source', "invoice[source] must be 'open_limit_customer'."));

        const salesOrder = account.settings.is_sales_order;
        const type = file ? sniffedType(file.buffer) : null;
        if (!salesOrder && !file)
          problems.push({
            code: 'ER-VALIDATION',
            title: INVOICE_IMAGE_FIELD,
            detail: 'Please upload the invoice (PDF, PNG or JPEG).',
          });
        if (file && !INVOICE_IMAGE_TYPES.includes(file.mimetype)) {
          problems.push({
            code: 'ER-VALIDATION',
            title: INVOICE_IMAGE_FIELD,
            detail: `The invoice file must be a PDF, PNG or JPEG (got ${file.mimetype || 'an unknown type'}).`,
          });
        } else if (file && type !== file.mimetype) {
          problems.push({
            code: 'ER-VALIDATION',
            title: INVOICE_IMAGE_FIELD,
            detail: `The invoice file is sent as ${file.mimetype} but its content is not: upload the PDF, PNG or JPEG itself.`,
          });
        }
        if (problems.length > 0) throw new HttpError(422, problems);

        const id = nextId(db.invoices);
        const invoice: Invoice = {
          id,
          anchor_id: account.anchor.id,
          distributor_company_id: account.company.id,
          document_number: number,
          erp_invoice_id: `OLC${String(id).padStart(8, '0')}`,
          customer_code: account.company.customer_code,
          total: total!,
          amount_paid: 0,
          invoice_date: invoiceDate!,
          due_date: dueDate!,
          status: 'open',
          channel_finance: account.company.channel_finance,
          virtual_account_number: account.company.virtual_account_number,
          creation_date: new Date(now).toISOString(),
          ddr_status_date: [],
          invoice_rejected_ddr: false,
          is_sales_order: salesOrder,
          pay_by_date: null,
          discount_amount: 0,
          closed_status: null,
          is_manual: true,
          // The bytes are described, never written; the name is the provider's own, the client's is display text.
          invoice_image: file
            ? {
                filename: `invoice-${id}.${FILE_TYPES[type!]!.extension}`,
                original_filename: displayName(file.originalname, 'invoice'),
                content_type: type!,
                size: file.size,
                sha256: sha256!,
              }
            : null,
        };
        ctx.repository.insert('invoices', invoice);
        ctx.log(`[mock] ${account.company.name} added ${label.toLowerCase()} ${number}`);
        return {
          status: 201,
          body: { message: `${label} ${number} created successfully.`, data: collectionItem(db, account, invoice) },
        };
      });
    }),
  ];
}
