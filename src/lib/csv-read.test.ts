import { describe, expect, it } from 'vitest';
import { readCsv } from '../../mock-server/routes/uploads';
import { CSV_MAX_BYTES } from '../domain/csv';
import {
  readCsvFile,
  readCsvText,
  serveCsvRead,
  unreadableFileText,
  type CsvReadMessage,
  type CsvReadProgress,
} from './csv-read';

/** The reading the upload's worker does, as a plain module. */

const HEADER = 'invoice_number,customer_code,invoice_date,due_date,amount,erp_invoice_id';
const file = (text: string, name = 'invoices.csv', type = 'text/csv') => new File([text], name, { type });
const invoices = (rows: number) =>
  [
    HEADER,
    ...Array.from({ length: rows }, (_, i) => `INV-${i + 1},C-${i % 7},2025-01-02,2025-02-01,${1000 + i}.50,`),
  ].join('\r\n') + '\r\n';

describe('readCsvText', () => {
  it('counts the data rows under the header as the provider does: quoted commas and line breaks, blank lines, a BOM, no final newline', () => {
    const samples = [
      invoices(3),
      `\uFEFF${HEADER}\nA,B,2025-01-01,2025-01-02,"1,234.50",\n`,
      `${HEADER}\r\n\r\nA,B,2025-01-01,2025-01-02,5,"an id\r\nover two lines"\r\n,,,,,\r\n   \r\nC,D,2025-01-01,2025-01-02,6,`,
      `${HEADER}\n"X ""quoted"" cell",B,2025-01-01,2025-01-02,5,\n`,
      'just a header',
      `${HEADER}\nshort,row\n`,
    ];
    for (const text of samples) {
      const mine = readCsvText(text);
      const provider = readCsv(Buffer.from(text), 'x.csv');
      expect(mine.rows, JSON.stringify(text)).toBe(provider.rows.length);
      expect(mine.header).toEqual(provider.header);
    }
    expect(readCsvText(invoices(3))).toEqual({ rows: 3, header: HEADER.split(',') });
  });

  it('reports progress every N rows, in rows read and characters of the text, and once at the end', () => {
    const text = invoices(1_250);
    const reports: CsvReadProgress[] = [];
    const summary = readCsvText(text, { onProgress: (p) => reports.push(p), every: 500 });
    expect(summary.rows).toBe(1_250);
    expect(reports.map((r) => r.rows)).toEqual([500, 1_000, 1_250]);
    expect(reports.every((r) => r.total === text.length)).toBe(true);
    expect(reports[0]!.loaded).toBeGreaterThan(0);
    expect(reports[0]!.loaded).toBeLessThan(reports[1]!.loaded);
    expect(reports[2]!.loaded).toBe(text.length);
  });

  it('reads an empty text as no header and no rows', () => {
    expect(readCsvText('')).toEqual({ rows: 0, header: [] });
  });

  it('reads 10,000 rows quickly (it runs in a worker, but should not take long there either)', () => {
    const text = invoices(10_000);
    const started = performance.now();
    expect(readCsvText(text).rows).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('readCsvFile', () => {
  it('reads a chosen file: its rows and header, and no problem', async () => {
    await expect(readCsvFile(file(invoices(2)))).resolves.toEqual({
      rows: 2,
      header: HEADER.split(','),
      problem: null,
    });
  });

  it('refuses with the kernel’s messages what the file check refuses (not CSV, empty, over 5 MB), without reading it', async () => {
    await expect(readCsvFile(file('PNG', 'photo.png', 'image/png'))).resolves.toEqual({
      rows: 0,
      header: [],
      problem: "'photo.png' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8).",
    });
    expect((await readCsvFile(file('', 'empty.csv'))).problem).toBe(
      "'empty.csv' is empty. Choose a CSV file with a header row and at least one row.",
    );
    expect((await readCsvFile(file('x'.repeat(CSV_MAX_BYTES + 1), 'big.csv'))).problem).toBe(
      "'big.csv' is 5.0 MB; files up to 5 MB can be uploaded. Split it into smaller files.",
    );
  });

  it('leaves to the provider what it judges: a wrong header, malformed quotes, too many rows go on with no problem', async () => {
    expect(await readCsvFile(file('number,customer\r\nX1,Y1\r\n'))).toMatchObject({ rows: 1, problem: null });
    expect(await readCsvFile(file(`${HEADER}\r\n"open,B,2025-01-01,2025-01-02,5,\r\n`))).toMatchObject({
      problem: null,
    });
    expect(await readCsvFile(file(invoices(10_001)))).toMatchObject({ rows: 10_001, problem: null });
  });

  it('says so when the browser cannot read the file any more (moved or changed since it was chosen)', async () => {
    const gone = Object.assign(file(invoices(1), 'gone.csv'), {
      text: () => Promise.reject(new DOMException('The file could not be read', 'NotReadableError')),
    });
    await expect(readCsvFile(gone)).resolves.toEqual({ rows: 0, header: [], problem: unreadableFileText('gone.csv') });
  });
});

describe('serveCsvRead (what the worker does with a request)', () => {
  it('posts progress, then the summary', async () => {
    const messages: CsvReadMessage[] = [];
    await serveCsvRead({ file: file(invoices(1_200)) }, (m) => messages.push(m));
    expect(messages.map((m) => m.type)).toEqual(['progress', 'progress', 'progress', 'done']);
    expect(messages[3]).toEqual({ type: 'done', summary: { rows: 1_200, header: HEADER.split(','), problem: null } });
  });

  it('posts why it failed when reading throws', async () => {
    const messages: CsvReadMessage[] = [];
    const broken = { name: 'x.csv', size: 3, type: 'text/csv', text: () => Promise.resolve(null) } as unknown as File;
    await serveCsvRead({ file: broken }, (m) => messages.push(m));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.type).toBe('failed');
  });
});
