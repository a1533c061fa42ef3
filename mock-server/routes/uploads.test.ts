import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, CSV_MAX_ROWS, CSV_TEMPLATES, csvColumnsOf, type CsvKind } from '../../src/domain/csv';
import { createMockServer, type RunningMock } from '../app';
import type { Invoice } from '../db';
import { parseCsvDate } from './uploads';
import { demoAuthToken } from '../test-login';

/** A fixed day, so "after today" and the seeded data do not move under the tests. */
const NOW = new Date('2026-11-22T10:00:00');
const mock = createMockServer({ log: () => {}, clock: () => NOW });
let running: RunningMock;
let token = '';

beforeAll(async () => {
  running = await mock.listen(0);
  token = await login('t1@anchor.test');
});
afterAll(() => running.close());

const login = (email: string) => demoAuthToken(running.url, email);

interface ResultRow {
  row?: number;
  invoice_number?: string;
  file_id?: string;
  status: string;
  failure_reason: string | string[] | null;
}
interface Answer {
  status?: string;
  message?: ResultRow[];
  meta?: {
    file_id: string;
    csvtype: string;
    total_rows: number;
    accepted_rows: number;
    rejected_rows: number;
    last_invoices_upload: string | null;
  };
  errors?: { code: string; detail: string; title?: string }[];
}

interface UploadOptions {
  path?: string;
  fields?: Record<string, string>;
  name?: string;
  type?: string;
  field?: string;
  auth?: string | null;
}

async function upload(
  content: string | Uint8Array<ArrayBuffer>,
  options: UploadOptions = {},
): Promise<{ status: number; body: Answer }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? { csvtype: 'invoice' })) form.append(key, value);
  form.append(
    options.field ?? 'file',
    new File([content], options.name ?? 'invoices.csv', { type: options.type ?? 'text/csv' }),
  );
  const headers: Record<string, string> = {};
  const auth = options.auth === undefined ? token : options.auth;
  if (auth !== null) headers.Authorization = auth;
  const response = await fetch(`${running.url}${options.path ?? '/invoices/upload'}`, {
    method: 'POST',
    body: form,
    headers,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const db = () => mock.db();
const HEADER = 'invoice_number,customer_code,invoice_date,due_date,amount';
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const anchorOneCompanies = () => db().distributor_companies.filter((c) => c.anchor_id === 1);
/** Two customers of anchor 1 and one of anchor 1551. */
const code = (i: number) => anchorOneCompanies()[i]!.customer_code;
const otherAnchorCode = () => db().distributor_companies.find((c) => c.anchor_id === 1551)!.customer_code;
const invoicesNumbered = (...numbers: string[]) => db().invoices.filter((inv) => numbers.includes(inv.document_number));
const snapshot = () => ({
  invoices: db().invoices.length,
  uploads: db().csv_uploads.length,
  companies: db().distributor_companies.length,
  history: db().invoice_history.length,
});

/** Expects one whole-file refusal and nothing stored. */
async function expectRefused(
  run: () => Promise<{ status: number; body: Answer }>,
  status: number,
  code: string,
): Promise<string> {
  const before = snapshot();
  const { status: got, body } = await run();
  expect(got).toBe(status);
  expect(body.status).toBe('error');
  expect(body.errors).toHaveLength(1);
  expect(body.errors![0]!.code).toBe(code);
  expect(snapshot()).toEqual(before);
  return body.errors![0]!.detail;
}

describe('POST /invoices/upload: a good file', () => {
  it('stores every row as an open invoice of the anchor and answers one success row per invoice', async () => {
    const [a, b] = [anchorOneCompanies()[3]!, anchorOneCompanies()[4]!];
    const before = db().invoices.length;
    const { status, body } = await upload(
      csv(
        `${HEADER},erp_invoice_id`,
        `GOOD/2627/001,${a.customer_code},2026-10-01,2026-10-31,12345.67,ERP-77`,
        `GOOD/2627/002,${b.customer_code.toLowerCase()},15/10/2026,14-11-2026,"1,23,456.5",`,
        `GOOD/2627/003,${a.customer_code},2026-11-22,2026-11-22,1000,`,
      ),
    );
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.message).toEqual([
      { row: 2, invoice_number: 'GOOD/2627/001', status: 'success', failure_reason: null },
      { row: 3, invoice_number: 'GOOD/2627/002', status: 'success', failure_reason: null },
      { row: 4, invoice_number: 'GOOD/2627/003', status: 'success', failure_reason: null },
    ]);
    expect(body.meta).toMatchObject({
      csvtype: 'invoice',
      total_rows: 3,
      accepted_rows: 3,
      rejected_rows: 0,
      last_invoices_upload: NOW.toISOString(),
    });
    expect(body.meta!.file_id).toMatch(/^UPL-\d{6}$/);
    expect(db().invoices.length).toBe(before + 3);

    const [first, second, third] = invoicesNumbered('GOOD/2627/001', 'GOOD/2627/002', 'GOOD/2627/003') as [
      Invoice,
      Invoice,
      Invoice,
    ];
    const record = db().csv_uploads.find((u) => u.file_id === body.meta!.file_id)!;
    expect(first).toMatchObject({
      anchor_id: 1,
      distributor_company_id: a.id,
      customer_code: a.customer_code,
      erp_invoice_id: 'ERP-77',
      total: 1_234_567,
      amount_paid: 0,
      invoice_date: '2026-10-01',
      due_date: '2026-10-31',
      status: 'open',
      channel_finance: a.channel_finance,
      virtual_account_number: a.virtual_account_number,
      creation_date: NOW.toISOString(),
      closed_status: null,
      upload_id: record.id,
    });
    // Codes match without regard to case and are stored as the customer's own; DD/MM/YYYY and grouped rupees are read.
    expect(second).toMatchObject({
      customer_code: b.customer_code,
      invoice_date: '2026-10-15',
      due_date: '2026-11-14',
      total: 12_345_650,
      erp_invoice_id: 'GOOD/2627/002',
    });
    expect(third.total).toBe(100_000);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expect(db().anchors.find((x) => x.id === 1)!.last_invoices_upload).toBe(NOW.toISOString());
    expect(record).toMatchObject({
      anchor_id: 1,
      kind: 'invoices',
      csvtype: 'invoice',
      filename: 'invoices.csv',
      total_rows: 3,
      accepted_rows: 3,
      rejected_rows: 0,
    });
  });

  it('adds the invoices to the dashboard figures and to the customer’s pay page', async () => {
    const graph = async () => {
      const response = await fetch(
        `${running.url}/invoices/graph?invoices_shared_from_date=2025-11-23&invoices_shared_to_date=2026-11-22&shared_type=yearly`,
        {
          headers: { Authorization: token },
        },
      );
      return (
        (await response.json()) as {
          data: { invoices_shared: { yearly: { invoice_count: number; invoice_total: number } } };
        }
      ).data.invoices_shared.yearly;
    };
    const link = db().payment_links.find((l) => l.token === 'demo-closed-limit')!;
    const customer = db().distributor_companies.find((c) => c.id === link.distributor_company_id)!;
    const before = await graph();
    const { body } = await upload(csv(HEADER, `PAYPAGE-001,${customer.customer_code},2026-11-01,2026-12-15,2500.25`));
    expect(body.message![0]!.status).toBe('success');
    const after = await graph();
    expect(after.invoice_count).toBe(before.invoice_count + 1);
    expect(Math.round((after.invoice_total - before.invoice_total) * 100)).toBe(250_025);

    const numbers: string[] = [];
    for (let page = 1; page < 50; page++) {
      const response = await fetch(
        `${running.url}/invoice_collection?token=demo-closed-limit&status=open&page=${page}`,
      );
      const answer = (await response.json()) as {
        data: { attributes: { document_number: string; balance_due: number } }[];
        pagy: { next: number | null };
      };
      numbers.push(...answer.data.map((d) => d.attributes.document_number));
      const mine = answer.data.find((d) => d.attributes.document_number === 'PAYPAGE-001');
      if (mine) expect(mine.attributes.balance_due).toBe(2500.25);
      if (answer.pagy.next === null) break;
    }
    expect(numbers).toContain('PAYPAGE-001');
  });

  it('reads a byte-order mark, quoted cells, a header in another order and case, and skips blank lines', async () => {
    const { status, body } = await upload(
      `\uFEFFAmount,Invoice Number,Customer-Code,DUE_DATE,invoice_date\r\n"2,000.00","FMT-001",${code(5)},2026-11-30,2026-11-01\r\n\r\n  \r\n500,FMT-002,${code(5)},2026-11-30,2026-11-02\r\n`,
    );
    expect(status).toBe(200);
    expect(body.message!.map((r) => [r.row, r.invoice_number, r.status])).toEqual([
      [2, 'FMT-001', 'success'],
      [5, 'FMT-002', 'success'],
    ]);
    expect(invoicesNumbered('FMT-001')[0]!.total).toBe(200_000);
  });
});

describe('POST /invoices/upload: a mixed file', () => {
  it('stores only the good rows and gives every failed row its number and reasons', async () => {
    const taken = db().invoices.find((inv) => inv.anchor_id === 1)!.document_number;
    const good = code(6);
    const before = snapshot();
    const { status, body } = await upload(
      csv(
        HEADER,
        `MIX-001,${good},2026-10-01,2026-10-31,100.50`, // 2 good
        `MIX-002,NOPE-999,2026-10-01,2026-10-31,100`, // 3 unknown customer
        `MIX-003,${otherAnchorCode()},2026-10-01,2026-10-31,100`, // 4 another anchor's customer
        `MIX-004,${good},2026-02-30,2026-10-31,100`, // 5 not a date
        `MIX-005,${good},2026-10-10,2026-10-01,100`, // 6 due before invoice date
        `MIX-006,${good},2026-10-01,2026-10-31,0`, // 7 zero
        `MIX-007,${good},2026-10-01,2026-10-31,-5`, // 8 negative
        `MIX-008,${good},2026-10-01,2026-10-31,10.505`, // 9 three decimals
        `MIX-009,${good},2026-12-01,2026-12-31,100`, // 10 invoice date after today
        `,${good},2026-10-01,2026-10-31,`, // 11 two required cells blank
        `MIX 010 !,${good},2026-10-01,2026-10-31,100`, // 12 not a GST number
        `MIX-011,${good},2026-10-01,2026-10-31,1,234.50`, // 13 unquoted comma: 6 cells
        `MIX-012,${good},2026-10-01`, // 14 too few cells
        `${taken},${good},2026-10-01,2026-10-31,100`, // 15 on record already
        `MIX-013,${good},2026-10-01,2026-10-31,100`, // 16 repeated with 17
        `mix-013,${good},2026-10-02,2026-10-31,200`, // 17
        `MIX-014,${good},2026-11-01,2026-12-15,99.99`, // 18 good
      ),
    );
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    const reasons: Record<string, ResultRow['failure_reason']> = Object.fromEntries(
      body.message!.map((r) => [String(r.row), r.failure_reason] as const),
    );
    expect(body.message!.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(body.message!.filter((r) => r.status === 'success').map((r) => r.invoice_number)).toEqual([
      'MIX-001',
      'MIX-014',
    ]);
    expect(body.message!.filter((r) => r.status === 'failed')).toHaveLength(15);
    expect(reasons[2]).toBeNull();
    expect(reasons[3]).toBe('Row 3: customer_code NOPE-999 is not one of your customers');
    expect(reasons[4]).toBe(`Row 4: customer_code ${otherAnchorCode()} is not one of your customers`);
    expect(reasons[5]).toBe("Row 5: invoice_date '2026-02-30' is not a valid date (write YYYY-MM-DD)");
    expect(reasons[6]).toBe('Row 6: due_date 2026-10-01 is before the invoice_date 2026-10-10');
    expect(reasons[7]).toBe('Row 7: amount must be more than 0');
    expect(reasons[8]).toBe("Row 8: amount '-5' is not an amount in rupees with at most 2 decimals");
    expect(reasons[9]).toBe("Row 9: amount '10.505' is not an amount in rupees with at most 2 decimals");
    expect(reasons[10]).toBe('Row 10: invoice_date 2026-12-01 is after today');
    expect(reasons[11]).toBe('Row 11: invoice_number is required; amount is required');
    expect(reasons[12]).toBe(
      "Row 12: invoice_number 'MIX 010 !' must be at most 16 characters of letters, digits, / and -",
    );
    expect(reasons[13]).toMatch(
      /^Row 13: has 6 cells but the header has 5 columns \(is a value with a comma not in quotes\?/,
    );
    expect(reasons[14]).toBe('Row 14: has 3 cells but the header has 5 columns');
    expect(reasons[15]).toBe(`Row 15: invoice_number ${taken} is already on record`);
    expect(reasons[16]).toBe('Row 16: invoice_number MIX-013 appears more than once in this file (rows 16, 17)');
    expect(reasons[17]).toBe('Row 17: invoice_number mix-013 appears more than once in this file (rows 16, 17)');
    expect(reasons[18]).toBeNull();
    expect(body.meta).toMatchObject({ total_rows: 17, accepted_rows: 2, rejected_rows: 15 });

    // Only the two good rows were stored; nothing else changed.
    expect(snapshot()).toEqual({ ...before, invoices: before.invoices + 2, uploads: before.uploads + 1 });
    expect(invoicesNumbered('MIX-001', 'MIX-014').map((i) => i.total)).toEqual([10_050, 9_999]);
    expect(db().invoices.filter((i) => /^mix-0(0[2-9]|1[0-3])$/i.test(i.document_number))).toEqual([]);
    expect(db().invoices.filter((i) => i.document_number === taken)).toHaveLength(1);
  });

  it('refuses a number already uploaded, so a file sent twice stores nothing the second time', async () => {
    const line = `TWICE-001,${code(7)},2026-10-01,2026-10-31,100`;
    expect((await upload(csv(HEADER, line))).body.message![0]!.status).toBe('success');
    const before = snapshot();
    const again = await upload(csv(HEADER, line));
    expect(again.body.message).toEqual([
      {
        row: 2,
        invoice_number: 'TWICE-001',
        status: 'failed',
        failure_reason: 'Row 2: invoice_number TWICE-001 is already on record',
      },
    ]);
    expect(again.body.meta).toMatchObject({ accepted_rows: 0, rejected_rows: 1 });
    expect(snapshot()).toEqual({ ...before, uploads: before.uploads + 1 });
    expect(invoicesNumbered('TWICE-001')).toHaveLength(1);
  });

  it('checks numbers per anchor: another anchor may use the same number', async () => {
    const anchor1551 = await login('anchor1551@anchor.test');
    const { body } = await upload(csv(HEADER, `GOOD/2627/001,${otherAnchorCode()},2026-10-01,2026-10-31,100`), {
      auth: anchor1551,
    });
    expect(body.message![0]).toMatchObject({ status: 'success', failure_reason: null });
    expect(
      invoicesNumbered('GOOD/2627/001')
        .map((i) => i.anchor_id)
        .sort(),
    ).toEqual([1, 1551]);
  });

  it('leaves last_invoices_upload alone when no row was accepted', async () => {
    mock.repository.update('anchors', 1, { last_invoices_upload: '2026-01-01T00:00:00.000Z' });
    const { body } = await upload(csv(HEADER, `NONE-001,NOPE,2026-10-01,2026-10-31,100`));
    expect(body.meta).toMatchObject({ accepted_rows: 0, last_invoices_upload: '2026-01-01T00:00:00.000Z' });
    expect(db().anchors.find((a) => a.id === 1)!.last_invoices_upload).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('POST /invoices/upload: files refused whole', () => {
  it('a wrong header: one error naming the expected columns', async () => {
    const detail = await expectRefused(
      () =>
        upload(
          csv('invoice_no,customer_code,invoice_date,due_date,ammount', `X-1,${code(1)},2026-10-01,2026-10-31,100`),
        ),
      422,
      'ER-UPLOAD-HEADER',
    );
    expect(detail).toBe(
      "The header row does not match the invoice template (missing invoice_number, amount; unknown 'invoice_no', 'ammount'). Expected columns: invoice_number, customer_code, invoice_date, due_date, amount, and optionally erp_invoice_id.",
    );
    const repeated = await expectRefused(
      () => upload(csv(`${HEADER},amount`, `X-1,${code(1)},2026-10-01,2026-10-31,100,100`)),
      422,
      'ER-UPLOAD-HEADER',
    );
    expect(repeated).toContain('repeated amount');
    // A file without a header row: its first row is read as the header.
    const headless = await expectRefused(
      () => upload(csv(`X-1,${code(1)},2026-10-01,2026-10-31,100`)),
      422,
      'ER-UPLOAD-HEADER',
    );
    expect(headless).toContain('Expected columns: invoice_number, customer_code, invoice_date, due_date, amount');
    // A semicolon-separated file is one unknown column.
    expect(await expectRefused(() => upload(csv(HEADER.replaceAll(',', ';'))), 422, 'ER-UPLOAD-HEADER')).toContain(
      'missing invoice_number, customer_code',
    );
  });

  it('an empty file, a blank one and a header with no rows', async () => {
    expect(await expectRefused(() => upload(''), 422, 'ER-UPLOAD-EMPTY')).toBe(
      "'invoices.csv' is empty: it has no header row and no rows.",
    );
    expect(await expectRefused(() => upload('\r\n  \r\n'), 422, 'ER-UPLOAD-EMPTY')).toBe(
      "'invoices.csv' is empty: it has no header row and no rows.",
    );
    expect(await expectRefused(() => upload(csv(HEADER, ',,,,', '')), 422, 'ER-UPLOAD-EMPTY')).toBe(
      "'invoices.csv' has a header but no rows: add at least one invoice row under the header.",
    );
  });

  it('a binary file (an Excel workbook), a file that is not UTF-8 and one with control characters', async () => {
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00]);
    const detail = await expectRefused(
      () =>
        upload(xlsx, {
          name: 'invoices.xlsx',
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
      422,
      'ER-UPLOAD-NOT-CSV',
    );
    expect(detail).toBe(
      "'invoices.xlsx' is not a CSV file: it holds binary data (is it an Excel workbook, a PDF or an image?). Save the sheet as CSV UTF-8 (comma delimited) and upload that file.",
    );
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\r\nX-1,`), 0xe9, 0xff, 0x0d, 0x0a]);
    expect(await expectRefused(() => upload(latin1), 422, 'ER-UPLOAD-NOT-CSV')).toContain('it is not UTF-8 text');
    expect(await expectRefused(() => upload(`${HEADER}\r\n\u0001\u0002`), 422, 'ER-UPLOAD-NOT-CSV')).toContain(
      'control characters',
    );
  });

  it('an unclosed quote', async () => {
    expect(
      await expectRefused(
        () => upload(csv(HEADER, `"X-1,${code(1)},2026-10-01,2026-10-31,100`)),
        422,
        'ER-UPLOAD-NOT-CSV',
      ),
    ).toBe("'invoices.csv' cannot be read: row 2 opens a quoted cell that is never closed.");
  });

  it('a file over 5 MB: 413, and the connection still carries the answer', async () => {
    const big = `${HEADER}\r\n${'x'.repeat(CSV_MAX_BYTES)}`;
    expect(await expectRefused(() => upload(big), 413, 'ER-UPLOAD-TOO-LARGE')).toBe(
      'The file is larger than 5 MB, the upload limit. Split it into smaller files.',
    );
    // Exactly 5 MB is within the limit (its one long line is then a row with one cell).
    const exact = `${HEADER}\r\n`.padEnd(CSV_MAX_BYTES, 'x');
    expect(new TextEncoder().encode(exact).length).toBe(CSV_MAX_BYTES);
    const within = await upload(exact);
    expect(within.status).toBe(200);
    expect(within.body.message![0]!.failure_reason).toBe('Row 2: has 1 cells but the header has 5 columns');
  });

  it(`more than ${CSV_MAX_ROWS} rows`, async () => {
    const rows = Array.from({ length: CSV_MAX_ROWS + 1 }, (_, i) => `ROWS-${i},${code(1)},2026-10-01,2026-10-31,1`);
    expect(await expectRefused(() => upload(csv(HEADER, ...rows)), 422, 'ER-UPLOAD-ROWS')).toBe(
      "'invoices.csv' has 10,001 rows; one file may hold at most 10,000. Split it into smaller files.",
    );
  });

  it('no file, or the file under another name', async () => {
    const form = new FormData();
    form.append('csvtype', 'invoice');
    const before = snapshot();
    const response = await fetch(`${running.url}/invoices/upload`, {
      method: 'POST',
      body: form,
      headers: { Authorization: token },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      status: 'error',
      errors: [{ code: 'ER-UPLOAD-FILE', title: 'file', detail: "Attach the CSV file as the form field 'file'." }],
    });
    const json = await fetch(`${running.url}/invoices/upload`, {
      method: 'POST',
      body: '{}',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(422);
    expect(await expectRefused(() => upload(csv(HEADER), { field: 'upload' }), 422, 'ER-UPLOAD-FILE')).toBe(
      "Send one CSV file, in the form field 'file' (not 'upload').",
    );
    expect(snapshot()).toEqual(before);
  });

  it('needs a logged-in user', async () => {
    const body = csv(HEADER, `AUTH-001,${code(1)},2026-10-01,2026-10-31,100`);
    const missing = await expectRefused(() => upload(body, { auth: null }), 401, 'ER-AUTH-102');
    expect(missing).toBe('Authorization token is missing.');
    await expectRefused(() => upload(body, { auth: 'not-a-token' }), 401, 'ER-AUTH-102');
    await expectRefused(
      () => upload(body, { path: '/distributor_companies/upload', fields: { type: 'demographic_data' }, auth: null }),
      401,
      'ER-AUTH-102',
    );
    // A large body is read to its end before the 401, so the client hears the answer.
    expect((await upload(`${HEADER}\r\n${'x'.repeat(2 * 1024 * 1024)}`, { auth: null })).status).toBe(401);
    expect(invoicesNumbered('AUTH-001')).toEqual([]);
  });
});

describe('csvtype routing', () => {
  it('/invoices/upload takes invoice (the default), distributor and distributor_history; the customer types go elsewhere', async () => {
    const plain = await upload(csv(HEADER, `DEFAULT-001,${code(8)},2026-10-01,2026-10-31,100`), { fields: {} });
    expect(plain.body.meta?.csvtype).toBe('invoice');
    expect(invoicesNumbered('DEFAULT-001')).toHaveLength(1);
    const elsewhere = await expectRefused(
      () => upload(csv(HEADER), { fields: { csvtype: 'demographic_data' } }),
      422,
      'ER-UPLOAD-TYPE',
    );
    expect(elsewhere).toBe('csvtype demographic_data is uploaded to POST /distributor_companies/upload, not here.');
    expect(
      await expectRefused(() => upload(csv(HEADER), { fields: { csvtype: 'receipts' } }), 422, 'ER-UPLOAD-TYPE'),
    ).toBe('csvtype must be one of invoice, distributor, distributor_history.');
    // Sent twice, it is neither: refused rather than guessed.
    const twice = new FormData();
    twice.append('csvtype', 'invoice');
    twice.append('csvtype', 'distributor');
    twice.append(
      'file',
      new File([csv(HEADER, `TWICE-T-1,${code(1)},2026-10-01,2026-10-31,1`)], 'x.csv', { type: 'text/csv' }),
    );
    const response = await fetch(`${running.url}/invoices/upload`, {
      method: 'POST',
      body: twice,
      headers: { Authorization: token },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Answer).errors).toEqual([
      { code: 'ER-UPLOAD-TYPE', title: 'csvtype', detail: 'Send csvtype once, as text.' },
    ]);
    expect(invoicesNumbered('TWICE-T-1')).toEqual([]);
  });

  it('checks the header against the csvtype’s template', async () => {
    const detail = await expectRefused(
      () => upload(csv(HEADER, `X,${code(1)},2026-10-01,2026-10-31,1`), { fields: { csvtype: 'distributor' } }),
      422,
      'ER-UPLOAD-HEADER',
    );
    expect(detail).toContain('does not match the customer master template');
    expect(detail).toContain(
      'Expected columns: customer_code, name, region, primary_user_name, primary_user_email, primary_user_mobile, and optionally city, state, pin_code.',
    );
    const history = await expectRefused(
      () =>
        upload(
          csv(
            'customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile',
            'C1,A,north,B,b@x.in,9876543210',
          ),
          { path: '/distributor_companies/upload', fields: { type: 'transaction_data' } },
        ),
      422,
      'ER-UPLOAD-HEADER',
    );
    expect(history).toContain('customer history template');
  });

  it('/distributor_companies/upload needs type demographic_data or transaction_data (csvtype is read too)', async () => {
    const master = 'customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile';
    const path = '/distributor_companies/upload';
    expect(await expectRefused(() => upload(csv(master), { path, fields: {} }), 422, 'ER-UPLOAD-TYPE')).toBe(
      'type must be one of demographic_data, transaction_data.',
    );
    await expectRefused(() => upload(csv(master), { path, fields: { type: 'invoice' } }), 422, 'ER-UPLOAD-TYPE');
    await expectRefused(
      () => upload(csv(master), { path, fields: { type: 'demographic_data', csvtype: 'transaction_data' } }),
      422,
      'ER-UPLOAD-TYPE',
    );
    const viaCsvtype = await upload(csv(master, 'CSVTYPE-1,Csvtype Traders,east,Ravi,ravi@example.in,9876543210'), {
      path,
      fields: { csvtype: 'demographic_data' },
    });
    expect(viaCsvtype.body.meta?.csvtype).toBe('demographic_data');
  });
});

describe('customer master (demographic_data, or csvtype distributor)', () => {
  const MASTER =
    'customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile,city,state,pin_code';

  it('creates new customers as leads and updates known ones; one result row for the file with the failed rows listed', async () => {
    const known = anchorOneCompanies()[9]!;
    const before = snapshot();
    const { status, body } = await upload(
      csv(
        MASTER,
        'NEW-C-1,Kaveri Traders,South,Lakshmi R,lakshmi@kaveri.in,+91 9876543210,Mysuru,Karnataka,570001', // 2 new
        `${known.customer_code},Renamed Stores,west,Arjun,arjun@renamed.in,9123456789,,,`, // 3 update
        'NEW-C-2,Bad Region,central,X,not-an-email,12345,,,12', // 4 four problems
        'NEW-C-3,Twin,north,Y,y@twin.in,9876543211,,,', // 5 repeated
        'new-c-3,Twin Again,north,Y,y@twin.in,9876543211,,,', // 6 repeated
      ),
      { path: '/distributor_companies/upload', fields: { type: 'demographic_data' }, name: 'master.csv' },
    );
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.message).toEqual([
      {
        file_id: body.meta!.file_id,
        status: 'partial',
        failure_reason: [
          "Row 4: region 'central' must be one of north, east, west, south; primary_user_email 'not-an-email' is not a valid e-mail address; primary_user_mobile '12345' must be 10 digits (with an optional +91 prefix); pin_code '12' must be 6 digits",
          'Row 5: customer_code NEW-C-3 appears more than once in this file (rows 5, 6)',
          'Row 6: customer_code new-c-3 appears more than once in this file (rows 5, 6)',
        ],
      },
    ]);
    expect(body.meta).toMatchObject({ csvtype: 'demographic_data', total_rows: 5, accepted_rows: 2, rejected_rows: 3 });
    expect(snapshot()).toEqual({ ...before, companies: before.companies + 1, uploads: before.uploads + 1 });
    const created = db().distributor_companies.find((c) => c.customer_code === 'NEW-C-1')!;
    expect(created).toMatchObject({
      anchor_id: 1,
      name: 'Kaveri Traders',
      region: 'south',
      primary_user_email: 'lakshmi@kaveri.in',
      primary_user_mobile: '9876543210',
      application_status: 'new_leads',
      loan_application_id: null,
      company_address: { city: 'Mysuru', state: 'Karnataka', pin_code: '570001' },
    });
    expect(db().distributor_companies.find((c) => c.id === known.id)).toMatchObject({
      name: 'Renamed Stores',
      region: 'west',
      primary_user_name: 'Arjun',
      primary_user_mobile: '9123456789',
    });
    // The new customer is one of the anchor's customers at once: its invoices can be uploaded.
    expect((await upload(csv(HEADER, 'NEWC-INV-1,NEW-C-1,2026-11-01,2026-11-30,10'))).body.message![0]!.status).toBe(
      'success',
    );
  });

  it('csvtype distributor on /invoices/upload is the same file; a file where every row fails says failed', async () => {
    const { body } = await upload(csv(MASTER, 'ALL-BAD,,north,,,,,,'), { fields: { csvtype: 'distributor' } });
    expect(body.message).toEqual([
      {
        file_id: body.meta!.file_id,
        status: 'failed',
        failure_reason: [
          'Row 2: name is required; primary_user_name is required; primary_user_email is required; primary_user_mobile is required',
        ],
      },
    ]);
    const ok = await upload(csv(MASTER, 'ALIAS-C-1,Alias Traders,east,Ravi,ravi@alias.in,9876543210,,,'), {
      fields: { csvtype: 'distributor' },
    });
    expect(ok.body.message).toEqual([{ file_id: ok.body.meta!.file_id, status: 'success', failure_reason: [] }]);
    expect(db().distributor_companies.filter((c) => c.customer_code === 'ALIAS-C-1')).toHaveLength(1);
  });
});

describe('invisible and direction-changing characters in cells', () => {
  const MASTER =
    'customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile,city,state,pin_code';

  it('fail the row with one reason per such cell, never echoing them; names in any script are stored', async () => {
    const before = snapshot();
    const { body } = await upload(
      csv(
        MASTER,
        'BIDI-C-1,\u202Eevil Traders,north,Asha,asha@bidi.in,9876543210,,,', // 2 an override in the name
        'BIDI-C-2\u200B,Good Name,north,Ravi\u2066,ravi@bidi.in,9876543210,Pune\u0085,,', // 3 three cells, the key among them
        'BIDI-C-3,शर्मा ट्रेडर्स,north,محمد علي,mohammed@bidi.in,9876543210,,,', // 4 Hindi and Arabic
        "BIDI-C-4,D'Souza & Sons,south,می\u200Cرزایی,mirzaei@bidi.in,9876543210,,,", // 5 an apostrophe, a joiner a spelling needs
        '"BIDI-C-5","Two\nLines",east,Y,y@bidi.in,9876543210,,,', // 6 a line break in a name
      ),
      { path: '/distributor_companies/upload', fields: { type: 'demographic_data' }, name: 'master.csv' },
    );
    expect(body.message).toEqual([
      {
        file_id: body.meta!.file_id,
        status: 'partial',
        failure_reason: [
          'Row 2: name contains an invisible or direction-changing character (U+202E)',
          'Row 3: customer_code contains an invisible or direction-changing character (U+200B); primary_user_name contains an invisible or direction-changing character (U+2066); city contains an invisible or direction-changing character (U+0085)',
          'Row 6: name contains an invisible or direction-changing character (U+000A)',
        ],
      },
    ]);
    expect(snapshot()).toEqual({ ...before, companies: before.companies + 2, uploads: before.uploads + 1 });
    expect(db().distributor_companies.find((c) => c.customer_code === 'BIDI-C-3')).toMatchObject({
      name: 'शर्मा ट्रेडर्स',
      primary_user_name: 'محمد علي',
    });
    expect(db().distributor_companies.find((c) => c.customer_code === 'BIDI-C-4')).toMatchObject({
      name: "D'Souza & Sons",
      primary_user_name: 'می\u200Cرزایی',
    });
  });

  it('a file name: stored and echoed as display text, without its path or hidden characters', async () => {
    // A browser sends the name as it is; a crafted request can spell any character with filename*=UTF-8''.
    const send = async (content: string) => {
      const boundary = 'file-name-test';
      const part = (headers: string, text: string) => `--${boundary}\r\n${headers}\r\n\r\n${text}\r\n`;
      const raw =
        part('Content-Disposition: form-data; name="csvtype"', 'invoice') +
        part(
          `Content-Disposition: form-data; name="file"; filename*=UTF-8''..%2F..%2Fbills%E2%80%AEvsc.exe%07\r\nContent-Type: text/csv`,
          content,
        ) +
        `--${boundary}--\r\n`;
      const response = await fetch(`${running.url}/invoices/upload`, {
        method: 'POST',
        body: raw,
        headers: { Authorization: token, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      });
      return { status: response.status, body: (await response.json()) as Answer };
    };
    expect(await expectRefused(() => send(''), 422, 'ER-UPLOAD-EMPTY')).toBe(
      "'billsvsc.exe' is empty: it has no header row and no rows.",
    );
    const { body } = await send(csv(HEADER, `NAME-INV-1,${code(8)},2026-10-01,2026-10-31,100`));
    expect(db().csv_uploads.find((u) => u.file_id === body.meta!.file_id)?.filename).toBe('billsvsc.exe');
  });

  it('an invoice row: the result row shows no invoice number that holds one', async () => {
    const { body } = await upload(
      csv(
        `${HEADER},erp_invoice_id`,
        `BIDI-INV-1,${code(8)},2026-10-01,2026-10-31,100,ERP\u202E1`,
        `BIDI\u202EINV-2,${code(8)},2026-10-01,2026-10-31,100,`,
      ),
    );
    expect(body.message).toEqual([
      {
        row: 2,
        invoice_number: 'BIDI-INV-1',
        status: 'failed',
        failure_reason: 'Row 2: erp_invoice_id contains an invisible or direction-changing character (U+202E)',
      },
      {
        row: 3,
        invoice_number: '',
        status: 'failed',
        failure_reason: 'Row 3: invoice_number contains an invisible or direction-changing character (U+202E)',
      },
    ]);
  });
});

describe('customer history (transaction_data, or csvtype distributor_history)', () => {
  const HISTORY = 'customer_code,invoice_number,invoice_date,due_date,amount,payment_date';

  it('stores good rows as history (not as live invoices) and lists the failed ones', async () => {
    const customer = anchorOneCompanies()[11]!;
    const before = snapshot();
    const lastInvoices = db().anchors.find((a) => a.id === 1)!.last_invoices_upload;
    const { body } = await upload(
      csv(
        HISTORY,
        `${customer.customer_code},HIST-001,2025-04-01,2025-05-01,50000,2025-04-28`, // 2 paid
        `${customer.customer_code},HIST-002,2025-06-01,2025-07-01,75000.50,`, // 3 unpaid
        `UNKNOWN-9,HIST-003,2025-06-01,2025-07-01,100,`, // 4 unknown customer
        `${customer.customer_code},HIST-004,2025-06-01,2025-07-01,100,2025-05-01`, // 5 paid before invoiced
      ),
      { path: '/distributor_companies/upload', fields: { type: 'transaction_data' } },
    );
    expect(body.message).toEqual([
      {
        file_id: body.meta!.file_id,
        status: 'partial',
        failure_reason: [
          'Row 4: customer_code UNKNOWN-9 is not one of your customers (upload it in the customer master first)',
          'Row 5: payment_date 2025-05-01 is before the invoice_date 2025-06-01',
        ],
      },
    ]);
    expect(snapshot()).toEqual({ ...before, history: before.history + 2, uploads: before.uploads + 1 });
    expect(db().invoice_history.filter((h) => h.invoice_number.startsWith('HIST-'))).toEqual([
      expect.objectContaining({
        anchor_id: 1,
        distributor_company_id: customer.id,
        invoice_number: 'HIST-001',
        total: 5_000_000,
        payment_date: '2025-04-28',
      }),
      expect.objectContaining({ invoice_number: 'HIST-002', total: 7_500_050, payment_date: null }),
    ]);
    expect(invoicesNumbered('HIST-001', 'HIST-002')).toEqual([]);
    // History is not new invoices: the 'Add New Invoices' date stays.
    expect(db().anchors.find((a) => a.id === 1)!.last_invoices_upload).toBe(lastInvoices);

    const again = await upload(csv(HISTORY, `${customer.customer_code},HIST-001,2025-04-01,2025-05-01,50000,`), {
      fields: { csvtype: 'distributor_history' },
    });
    expect(again.body.message![0]!.failure_reason).toEqual([
      'Row 2: invoice_number HIST-001 is already in the history on record',
    ]);
  });
});

describe('cells', () => {
  it('parseCsvDate reads YYYY-MM-DD, DD-MM-YYYY and DD/MM/YYYY with real calendar dates only', () => {
    expect(parseCsvDate('2026-02-28')).toBe('2026-02-28');
    expect(parseCsvDate(' 28-02-2026 ')).toBe('2026-02-28');
    expect(parseCsvDate('29/02/2024')).toBe('2024-02-29');
    for (const bad of ['29/02/2026', '2026-13-01', '2026-1-5', '02/28/2026', '20260228', 'yesterday', ''])
      expect(parseCsvDate(bad)).toBeNull();
  });
});

describe('templates', () => {
  it('each template in public/ is the header row of the columns the provider reads, in order', () => {
    for (const kind of ['invoices', 'customer_master', 'customer_history'] as CsvKind[]) {
      const text = readFileSync(new URL(`../../public${CSV_TEMPLATES[kind]}`, import.meta.url), 'utf8');
      expect(text).toBe(`${csvColumnsOf(kind).join(',')}\r\n`);
    }
  });
});
