import { describe, expect, it } from 'vitest';
import { AMOUNT_NOT_WHOLE, type CreateRequest } from '../../../machines/manual-invoice/manual-invoice.machine';
import { errorEntriesOf } from '../../domain/errors';
import { manualInvoiceInput, type ManualOwner } from './useManualEntries';

const OWNER: ManualOwner = { loanApplicationId: '42', anchorId: '7', erpDistributorId: 'ERP-1', customerCode: 'C-1' };
const TODAY = '2026-03-01';
const request = (amount: string, extra: Partial<CreateRequest> = {}): CreateRequest => ({
  values: { number: '  INV/9-A ', amount, date: '2026-02-27' },
  file: null,
  key: 'k-1',
  ...extra,
});

describe('manualInvoiceInput', () => {
  it('builds the create-invoice request: the owner, the number trimmed, the amount in paise, due today', () => {
    expect(manualInvoiceInput(request('1500'), OWNER, TODAY)).toEqual({
      ...OWNER,
      number: 'INV/9-A',
      amount: 150_000,
      invoiceDate: '2026-02-27',
      dueDate: TODAY,
      file: undefined,
    });
  });

  it('parses the amount exactly, never through floating point', () => {
    // Number('19.99') * 100 is 1998.9999999999998; the kernel's parser gives the exact paise.
    expect(manualInvoiceInput(request('19.99'), OWNER, TODAY).amount).toBe(1999);
    expect(manualInvoiceInput(request('12345678'), OWNER, TODAY).amount).toBe(1_234_567_800);
  });

  it('passes the file on', () => {
    const file = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' });
    expect(manualInvoiceInput(request('1', { file }), OWNER, TODAY).file).toBe(file);
  });

  it.each(['-5', '+5', '1e3', '12.345', 'abc', ''])(
    'refuses %j as the amount field error, rather than reshaping it',
    (amount) => {
      let thrown: unknown;
      try {
        manualInvoiceInput(request(amount), OWNER, TODAY);
      } catch (error) {
        thrown = error;
      }
      expect(errorEntriesOf(thrown)).toEqual([{ code: 'ERROR', detail: AMOUNT_NOT_WHOLE, title: 'invoice[total]' }]);
    },
  );
});
