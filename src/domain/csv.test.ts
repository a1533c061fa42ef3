import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, csvColumnsOf, csvFileProblem, failureReasons, headerKey, rowFailed, uploadPath } from './csv';

describe('the CSV catalogue', () => {
  it('sends customer files to the customer endpoint, the rest to the invoices endpoint', () => {
    expect(uploadPath('invoice')).toBe('/invoices/upload');
    expect(uploadPath('distributor')).toBe('/invoices/upload');
    expect(uploadPath('distributor_history')).toBe('/invoices/upload');
    expect(uploadPath('demographic_data')).toBe('/distributor_companies/upload');
    expect(uploadPath('transaction_data')).toBe('/distributor_companies/upload');
  });

  it('lists each file’s columns, required first', () => {
    expect(csvColumnsOf('invoices')).toEqual([
      'invoice_number',
      'customer_code',
      'invoice_date',
      'due_date',
      'amount',
      'erp_invoice_id',
    ]);
  });

  it('reads a header cell as a column key', () => {
    expect(headerKey('\uFEFF Invoice Number ')).toBe('invoice_number');
    expect(headerKey('due-date')).toBe('due_date');
  });
});

describe('the browser’s file check', () => {
  const file = (name: string, size: number, type = 'text/csv') => ({ name, size, type });

  it('takes a .csv of up to 5 MB, whatever CSV type the browser names', () => {
    for (const type of ['text/csv', 'application/vnd.ms-excel', 'text/plain', ''])
      expect(csvFileProblem(file('a.CSV', 10, type))).toBeNull();
    expect(csvFileProblem(file('a.csv', CSV_MAX_BYTES))).toBeNull();
  });

  it('refuses another type, an empty file and one over the limit, saying why', () => {
    expect(csvFileProblem(file('a.xlsx', 10))).toContain('is not a CSV file');
    expect(csvFileProblem(file('a.csv', 10, 'application/pdf'))).toContain('is not a CSV file');
    expect(csvFileProblem(file('a.csv', 0))).toContain('is empty');
    expect(csvFileProblem(file('a.csv', CSV_MAX_BYTES + 1))).toBe(
      "'a.csv' is 5.0 MB; files up to 5 MB can be uploaded. Split it into smaller files.",
    );
  });
});

describe('result rows', () => {
  it('a row failed when its status is not success or it carries a reason', () => {
    expect(rowFailed({ status: 'success', failure_reason: null })).toBe(false);
    expect(rowFailed({ status: 'failed' })).toBe(true);
    expect(rowFailed({ status: 'success', failure_reason: ['Row 3: bad date'] })).toBe(true);
    expect(failureReasons({ status: 'failed', failure_reason: ['a', ' ', 'b'] })).toEqual(['a', 'b']);
    expect(failureReasons({ status: 'failed', failure_reason: 'one' })).toEqual(['one']);
  });
});
