import { describe, expect, it } from 'vitest';
import { UPLOAD_TEXTS } from '../../domain/csv';
import { invoiceListQuery } from '../../api/invoice-queries';
import { isInvoiceDataKey, resultRowKey, resultSummary, statusName, templateOf, uploadTitle } from './csv-upload-view';

describe('isInvoiceDataKey', () => {
  it('matches the invoice lists, the statistics and the utilisation card, not other lists', () => {
    expect(isInvoiceDataKey(['invoices', invoiceListQuery({ filter: 'due_today' })])).toBe(true);
    expect(isInvoiceDataKey(['invoice-stats', 'monthly', 'yearly', 'yearly', '2026-11-22'])).toBe(true);
    expect(isInvoiceDataKey(['distributor-details'])).toBe(true);
    expect(isInvoiceDataKey(['payments', {}])).toBe(false);
    expect(isInvoiceDataKey(['customers', {}])).toBe(false);
    expect(isInvoiceDataKey('invoices')).toBe(false);
    expect(isInvoiceDataKey(undefined)).toBe(false);
  });
});

describe('templateOf and uploadTitle', () => {
  it('points each file type at its template, with its columns', () => {
    expect(templateOf('invoice')).toEqual({
      href: '/templates/invoice-upload-template.csv',
      label: 'Download the invoice template (CSV)',
      columns: 'Columns: invoice_number, customer_code, invoice_date, due_date, amount; optional: erp_invoice_id.',
    });
    expect(templateOf('distributor').href).toBe('/templates/customer-master-template.csv');
    expect(templateOf('distributor_history').href).toBe('/templates/customer-history-template.csv');
  });

  it("uses the spec's titles for the customer files", () => {
    expect(uploadTitle('invoice')).toBe('Upload Invoices via CSV');
    expect(uploadTitle('distributor')).toBe(UPLOAD_TEXTS.customerMasterTitle);
    expect(uploadTitle('distributor_history')).toBe(UPLOAD_TEXTS.customerHistoryTitle);
  });
});

describe('resultSummary and statusName', () => {
  const rows = [
    { row: 2, invoice_number: 'A', status: 'success', failure_reason: null },
    { row: 3, invoice_number: 'B', status: 'failed', failure_reason: 'Row 3: amount is required' },
    { row: 4, invoice_number: 'C', status: 'failed', failure_reason: ['Row 4: x', 'Row 4: y'] },
  ];

  it("takes the provider's figures when it sends them", () => {
    expect(resultSummary({ rows, meta: { total_rows: 3, accepted_rows: 1, rejected_rows: 2 } })).toBe(
      '3 rows read: 1 accepted, 2 refused.',
    );
    // Counts are grouped en-IN, like the provider's messages ('10,001'); one row is a row.
    expect(resultSummary({ rows, meta: { total_rows: 10_000, accepted_rows: 9_998, rejected_rows: 2 } })).toBe(
      '10,000 rows read: 9,998 accepted, 2 refused.',
    );
    expect(resultSummary({ rows, meta: { total_rows: 1, accepted_rows: 1, rejected_rows: 0 } })).toBe(
      '1 row read: 1 accepted, 0 refused.',
    );
    expect(resultSummary({ rows: rows.slice(0, 1), meta: { total_rows: 1, accepted_rows: 1 } })).toBe(
      '1 row read: 1 accepted, 0 refused.',
    );
  });

  it('counts the rows itself otherwise', () => {
    expect(resultSummary({ rows, meta: null })).toBe('3 rows in the result: 1 accepted, 2 refused.');
  });

  it('names the statuses', () => {
    expect(statusName('success')).toBe('Success');
    expect(statusName('failed')).toBe('Failed');
    expect(statusName('partial')).toBe('Partly failed');
    expect(statusName('queued')).toBe('queued');
  });

  it('keys rows uniquely even when numbers repeat', () => {
    const keys = [...rows, rows[0]!].map(resultRowKey);
    expect(new Set(keys).size).toBe(4);
  });
});
