import { isLeft } from 'fp-ts/Either';
import { formatValidationErrors } from '../../src/api/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenData } from '../../src/api/client';
import { CreatedInvoice, invoiceCollectionCodec, PaymentAnswer } from '../../src/api/codecs/pay';
import { createMockServer, type MockServer, type RunningMock } from '../app';
import type { ReadonlyDb } from '../db';
import { INVOICE_IMAGE_FIELD, INVOICE_IMAGE_MAX_BYTES, sniffedType } from './create-invoice';

const NOW = new Date('2026-11-22T10:00:00');
const TODAY = '2026-11-22';
const OPEN_LIMIT = 'demo-open-limit';
const Collection = invoiceCollectionCodec('provider');

let mock: MockServer;
let running: RunningMock;
beforeAll(async () => {
  mock = createMockServer({ clock: () => NOW, log: () => {}, appUrl: 'http://127.0.0.1:5173' });
  running = await mock.listen(0);
});
afterAll(() => running.close());

const db = () => mock.db();

function accountOf(database: ReadonlyDb, token: string) {
  const link = database.payment_links.find((l) => l.token === token)!;
  const company = database.distributor_companies.find((c) => c.id === link.distributor_company_id)!;
  const loan = database.loan_applications.find((l) => l.id === company.loan_application_id)!;
  return { link, company, loan };
}

/** The multipart form the pay page sends, for `token`'s own customer, with any field overridden or removed (undefined). */
function form(
  token: string,
  overrides: Record<string, string | undefined> = {},
  file: Blob | null = new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }),
): FormData {
  const { company, loan } = accountOf(db(), token);
  const fields: Record<string, string | undefined> = {
    loan_application_id: String(loan.id),
    anchor_id: String(company.anchor_id),
    erp_distributor_id: company.customer_code,
    customer_code: company.customer_code,
    invoice_date: '2026-11-20',
    due_date: TODAY,
    total: '12500.50',
    gst_invoice_id: 'MAN-001',
    source: 'open_limit_customer',
    ...overrides,
  };
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(`invoice[${name}]`, value);
  if (file) body.append(INVOICE_IMAGE_FIELD, file, 'invoice.pdf');
  return body;
}

async function post(token: string | null, body: FormData, key?: string) {
  const headers: Record<string, string> = { Accept: 'application/vnd.provider.v1+json' };
  if (token !== null) headers.Authorization = token;
  if (key !== undefined) headers['Idempotency-Key'] = key;
  const response = await fetch(`${running.url}/create_invoice`, { method: 'POST', headers, body });
  const json = (await response.json()) as unknown;
  return { status: response.status, json, replayed: response.headers.get('Idempotent-Replayed') };
}

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

const errorsOf = (json: unknown) => (json as { errors: { code: string; title?: string; detail: string }[] }).errors;

function decodeCreated(json: unknown) {
  const result = CreatedInvoice.decode(flattenData(json));
  if (isLeft(result)) throw new Error(formatValidationErrors(result.left).join('\n'));
  return result.right;
}

describe('the invoice file’s checks', () => {
  it('knows a PDF, PNG or JPEG by its first bytes, and nothing else', () => {
    expect(sniffedType(new TextEncoder().encode('%PDF-1.4'))).toBe('application/pdf');
    expect(sniffedType(PNG_BYTES)).toBe('image/png');
    expect(sniffedType(JPEG_BYTES)).toBe('image/jpeg');
    expect(sniffedType(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(sniffedType(new TextEncoder().encode('<html>'))).toBeNull();
    expect(sniffedType(new Uint8Array())).toBeNull();
  });
});

describe('POST /create_invoice', () => {
  it('adds an open-limit customer’s invoice with its file; it is listed as a manual open document', async () => {
    const before = db().invoices.length;
    const answer = await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'MAN-100' }));
    expect(answer.status).toBe(201);
    const created = decodeCreated(answer.json);
    expect(created.message).toBe('Invoice MAN-100 created successfully.');
    expect(created.data).toMatchObject({
      document_number: 'MAN-100',
      invoice_amount: 12_500_50,
      balance_due: 12_500_50,
      status: 'open',
      is_manual: true,
      due_date: TODAY,
    });
    expect(db().invoices).toHaveLength(before + 1);
    const stored = db().invoices.at(-1)!;
    expect(stored).toMatchObject({
      total: 12_500_50,
      is_manual: true,
      invoice_image: {
        filename: `invoice-${stored.id}.pdf`,
        original_filename: 'invoice.pdf',
        content_type: 'application/pdf',
      },
    });

    const list = await fetch(`${running.url}/invoice_collection?status=open`, {
      headers: { Authorization: OPEN_LIMIT },
    });
    const decoded = Collection.decode(flattenData(await list.json()));
    if (isLeft(decoded)) throw new Error('collection did not decode');
    const pages = decoded.right.pagy?.pages ?? 1;
    const all = [decoded.right.data];
    for (let page = 2; page <= pages; page++) {
      const more = Collection.decode(
        flattenData(
          await (
            await fetch(`${running.url}/invoice_collection?status=open&page=${page}`, {
              headers: { Authorization: OPEN_LIMIT },
            })
          ).json(),
        ),
      );
      if (!isLeft(more)) all.push(more.right.data);
    }
    expect(all.flat().find((item) => item.id === created.data.id)).toMatchObject({
      is_manual: true,
      document_number: 'MAN-100',
    });
  });

  it('lets the new invoice be paid by credit through a supplier bank account', async () => {
    const created = decodeCreated(
      (await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'MAN-101', total: '5000' }))).json,
    );
    const { company, loan } = accountOf(db(), OPEN_LIMIT);
    const bank = db().anchor_account_details.find((a) => a.anchor_id === company.anchor_id)!;
    const utilised = loan.limit_utilized;
    const response = await fetch(`${running.url}/op_avail_credit`, {
      method: 'POST',
      headers: {
        Authorization: OPEN_LIMIT,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'create-invoice-credit-1',
      },
      body: JSON.stringify({
        source: 'anchor_portal',
        payment_gateway: [
          { bank_account_id: bank.id, invoice_details: [{ id: created.data.id, user_requested_amount: 5000 }] },
        ],
      }),
    });
    expect(response.status).toBe(201);
    expect(isLeft(PaymentAnswer.decode(await response.json()))).toBe(false);
    expect(accountOf(db(), OPEN_LIMIT).loan.limit_utilized - utilised).toBe(5_000_00);
    expect(db().invoices.find((i) => i.id === Number(created.data.id))).toMatchObject({
      status: 'paid',
      closed_status: 'credit',
    });
  });

  it('reports every field problem at once and stores nothing', async () => {
    const before = db().invoices.length;
    const answer = await post(
      OPEN_LIMIT,
      form(
        OPEN_LIMIT,
        {
          gst_invoice_id: undefined,
          total: '12.345',
          invoice_date: '2026-11-23',
          customer_code: 'SOMEONE-ELSE',
          source: 'erp',
        },
        null,
      ),
    );
    expect(answer.status).toBe(422);
    const titles = errorsOf(answer.json).map((e) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'invoice[gst_invoice_id]',
        'invoice[total]',
        'invoice[invoice_date]',
        'invoice[customer_code]',
        'invoice[source]',
        INVOICE_IMAGE_FIELD,
      ]),
    );
    expect(errorsOf(answer.json).find((e) => e.title === 'invoice[invoice_date]')?.detail).toBe(
      'The invoice date cannot be later than today.',
    );
    expect(errorsOf(answer.json).find((e) => e.title === 'invoice[customer_code]')?.detail).toBe(
      'invoice[customer_code] does not match this payment link.',
    );
    expect(db().invoices).toHaveLength(before);
  });

  it('refuses an amount above ₹100 crore', async () => {
    const answer = await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'BIG-1', total: '1000000000.01' }));
    expect(answer.status).toBe(422);
    expect(errorsOf(answer.json)).toEqual([
      { code: 'ER-VALIDATION', title: 'invoice[total]', detail: 'The amount cannot be more than ₹100 crore.' },
    ]);
  });

  it('refuses a number the anchor already has, in any letter case', async () => {
    expect((await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'DUP-1' }))).status).toBe(201);
    const again = await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'dup-1' }));
    expect(again.status).toBe(422);
    expect(errorsOf(again.json)).toEqual([
      { code: 'ER-VALIDATION', title: 'invoice[gst_invoice_id]', detail: 'Invoice dup-1 already exists.' },
    ]);
  });

  it('replays the first answer for a repeated Idempotency-Key (a double click creates one invoice)', async () => {
    const before = db().invoices.length;
    const first = await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'IDEM-1' }), 'create-key-1');
    const second = await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'IDEM-1' }), 'create-key-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.replayed).toBe('true');
    expect(second.json).toEqual(first.json);
    expect(db().invoices).toHaveLength(before + 1);
    const other = await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'IDEM-2' }), 'create-key-1');
    expect(other.status).toBe(422);
    expect(errorsOf(other.json)[0]?.code).toBe('ER-IDEMPOTENCY');
  });

  it('refuses a file that is not a PDF, PNG or JPEG, and one over 5 MB', async () => {
    const text = await post(
      OPEN_LIMIT,
      form(OPEN_LIMIT, { gst_invoice_id: 'TYPE-1' }, new Blob(['hello'], { type: 'text/plain' })),
    );
    expect(text.status).toBe(422);
    expect(errorsOf(text.json)[0]?.detail).toBe('The invoice file must be a PDF, PNG or JPEG (got text/plain).');
    const big = await post(
      OPEN_LIMIT,
      form(
        OPEN_LIMIT,
        { gst_invoice_id: 'SIZE-1' },
        new Blob([new Uint8Array(INVOICE_IMAGE_MAX_BYTES + 1)], { type: 'application/pdf' }),
      ),
    );
    expect(big.status).toBe(413);
    expect(errorsOf(big.json)[0]?.detail).toBe('The invoice file is larger than 5 MB.');
  });

  it('refuses a file whose bytes are not what its type says: HTML sent as a PDF with a path for a name', async () => {
    const before = db().invoices.length;
    const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'application/pdf' });
    const body = form(OPEN_LIMIT, { gst_invoice_id: 'EVIL-1' }, null);
    body.append(INVOICE_IMAGE_FIELD, html, '../../../evil.pdf');
    const answer = await post(OPEN_LIMIT, body);
    expect(answer.status).toBe(422);
    expect(errorsOf(answer.json)).toEqual([
      {
        code: 'ER-VALIDATION',
        title: INVOICE_IMAGE_FIELD,
        detail:
          'The invoice file is sent as application/pdf but its content is not: upload the PDF, PNG or JPEG itself.',
      },
    ]);
    // A PNG is no PDF either, and an empty file is nothing.
    const png = new Blob([PNG_BYTES], { type: 'application/pdf' });
    expect((await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'EVIL-2' }, png))).status).toBe(422);
    expect(
      (await post(OPEN_LIMIT, form(OPEN_LIMIT, { gst_invoice_id: 'EVIL-3' }, new Blob([], { type: 'image/jpeg' }))))
        .status,
    ).toBe(422);
    expect(db().invoices).toHaveLength(before);
  });

  it('takes a real PDF, PNG or JPEG under a name of its own, keeping the client’s name as display text only', async () => {
    const last = () => db().invoices.at(-1)!;
    const pdf = form(OPEN_LIMIT, { gst_invoice_id: 'REAL-PDF' }, null);
    pdf.append(INVOICE_IMAGE_FIELD, new Blob(['%PDF-1.7 real'], { type: 'application/pdf' }), '../../../evil.exe');
    expect((await post(OPEN_LIMIT, pdf)).status).toBe(201);
    expect(last().invoice_image).toMatchObject({
      filename: `invoice-${last().id}.pdf`,
      original_filename: 'evil.exe',
      content_type: 'application/pdf',
    });
    expect(
      (
        await post(
          OPEN_LIMIT,
          form(OPEN_LIMIT, { gst_invoice_id: 'REAL-PNG' }, new Blob([PNG_BYTES, 'rest'], { type: 'image/png' })),
        )
      ).status,
    ).toBe(201);
    expect(last().invoice_image).toMatchObject({ filename: `invoice-${last().id}.png`, content_type: 'image/png' });
    expect(
      (
        await post(
          OPEN_LIMIT,
          form(OPEN_LIMIT, { gst_invoice_id: 'REAL-JPG' }, new Blob([JPEG_BYTES, 'rest'], { type: 'image/jpeg' })),
        )
      ).status,
    ).toBe(201);
    expect(last().invoice_image).toMatchObject({ filename: `invoice-${last().id}.jpg`, content_type: 'image/jpeg' });
  });

  it('is only for open-limit customers with a valid page token', async () => {
    const closed = await post('demo-closed-limit', form('demo-closed-limit', { gst_invoice_id: 'CL-1' }));
    expect(closed.status).toBe(403);
    expect(errorsOf(closed.json)[0]?.code).toBe('ER-INVOICE-105');
    expect((await post(null, form(OPEN_LIMIT))).status).toBe(401);
    expect((await post('not-a-token', form(OPEN_LIMIT))).status).toBe(401);
  });

  it('takes a sales order without a file', async () => {
    const { loan } = accountOf(db(), 'demo-sales-order');
    mock.repository.update('loan_applications', loan, { open_limit_customer: true });
    try {
      const answer = await post('demo-sales-order', form('demo-sales-order', { gst_invoice_id: 'SO-MAN-1' }, null));
      expect(answer.status).toBe(201);
      expect(decodeCreated(answer.json).message).toBe('Sales order SO-MAN-1 created successfully.');
    } finally {
      mock.repository.update('loan_applications', loan, { open_limit_customer: false });
    }
  });
});
