import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { apiErrorFromBody } from '../../src/api/errors';
import type { PayDocument } from '../../src/domain/pay';
import {
  AMOUNT_NOT_WHOLE,
  isWholeRupees,
  fileProblem,
  INVOICE_FILE_MAX_BYTES,
  isFilled,
  manualInvoiceMachine,
  validateValues,
  type CreateRequest,
} from './manual-invoice.machine';

const TODAY = '2026-11-22';
const created: PayDocument = {
  id: '901',
  document_number: 'MAN-1',
  invoice_date: '2026-11-20',
  due_date: TODAY,
  invoice_amount: 1_200_00,
  balance_due: 1_200_00,
  status: 'open',
  is_manual: true,
};
const pdf = (name = 'invoice.pdf', size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function start(options: { isSalesOrder?: boolean; create?: (request: CreateRequest) => Promise<{ data: PayDocument }> } = {}) {
  let keys = 0;
  const requests: CreateRequest[] = [];
  const create = options.create ?? (() => Promise.resolve({ data: created }));
  const machine = manualInvoiceMachine.provide({
    actors: {
      createInvoice: fromPromise(({ input }: { input: CreateRequest }) => {
        requests.push(input);
        return create(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { isSalesOrder: options.isSalesOrder ?? false, today: TODAY, newKey: () => `key-${++keys}` } });
  actor.start();
  const fill = (values: { number?: string; amount?: string; date?: string } = {}) => {
    actor.send({ type: 'CHANGE', field: 'number', value: values.number ?? 'MAN-1' });
    actor.send({ type: 'CHANGE', field: 'amount', value: values.amount ?? '1200' });
    actor.send({ type: 'CHANGE', field: 'date', value: values.date ?? '2026-11-20' });
  };
  return { actor, requests, fill };
}

describe('manual invoice rules', () => {
  it('takes whole rupees only, so a pasted decimal or exponent is refused rather than reshaped', () => {
    expect(isWholeRupees('1200')).toBe(true);
    expect(isWholeRupees('')).toBe(true);
    expect(isWholeRupees('1e5')).toBe(false);
    expect(isWholeRupees('1200.50')).toBe(false);
    expect(isWholeRupees('-5')).toBe(false);
    expect(isWholeRupees('1,200')).toBe(false);
  });

  it('checks number, amount and date, with the date not after today', () => {
    const options = { isSalesOrder: false, today: TODAY };
    expect(validateValues({ number: '', amount: '', date: '' }, options)).toEqual({
      number: 'Please enter the invoice number.',
      amount: 'Please enter the invoice amount.',
      date: 'Please choose the invoice date.',
    });
    expect(validateValues({ number: 'A B', amount: '0', date: '2026-11-23' }, options)).toEqual({
      number: "Use up to 16 letters, digits, '/' or '-'.",
      amount: 'Amount should be greater than zero.',
      date: 'The invoice date cannot be later than today.',
    });
    expect(validateValues({ number: 'SO/1', amount: '5', date: TODAY }, { ...options, isSalesOrder: true })).toEqual({});
    expect(validateValues({ number: '', amount: '5', date: TODAY }, { ...options, isSalesOrder: true }).number).toBe('Please enter the sales order number.');
    expect(isFilled({ number: 'A', amount: '1', date: '' })).toBe(false);
    expect(isFilled({ number: 'A', amount: '1', date: TODAY })).toBe(true);
  });

  it('takes PDF, PNG and JPEG files up to 5 MB', () => {
    expect(fileProblem(pdf())).toBeNull();
    expect(fileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe('Please upload the invoice as a PDF, PNG or JPEG file.');
    expect(fileProblem(pdf('big.pdf', INVOICE_FILE_MAX_BYTES + 1))).toBe('The file is larger than 5 MB. Please upload a smaller file.');
    expect(fileProblem(pdf('empty.pdf', 0))).toBe('The file is empty. Please upload the invoice.');
  });
});

describe('manual invoice machine', () => {
  it('creates the invoice when a file is chosen after the three fields, and outputs the document', async () => {
    const { actor, requests, fill } = start();
    fill({ amount: '1200' });
    // A paste of '1200.50' is refused with a message; the amount stays what it was (not ₹1,20,050).
    actor.send({ type: 'CHANGE', field: 'amount', value: '1200.50' });
    expect(actor.getSnapshot().context.errors.amount).toBe(AMOUNT_NOT_WHOLE);
    expect(actor.getSnapshot().context.values).toEqual({ number: 'MAN-1', amount: '1200', date: '2026-11-20' });
    const file = pdf();
    actor.send({ type: 'UPLOAD', file });
    expect(actor.getSnapshot().value).toBe('creating');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('created');
    expect(actor.getSnapshot().output).toEqual({ created });
    expect(requests).toEqual([{ values: { number: 'MAN-1', amount: '1200', date: '2026-11-20' }, file, key: 'key-1' }]);
  });

  it('refuses a file before the fields are valid, and a wrong file, without sending', () => {
    const { actor, requests, fill } = start();
    actor.send({ type: 'UPLOAD', file: pdf() });
    expect(actor.getSnapshot().context.errors).toMatchObject({ number: 'Please enter the invoice number.' });
    fill({ date: '2026-12-01' });
    actor.send({ type: 'UPLOAD', file: pdf() });
    expect(actor.getSnapshot().context.errors).toEqual({ date: 'The invoice date cannot be later than today.' });
    actor.send({ type: 'CHANGE', field: 'date', value: TODAY });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'UPLOAD', file: new File(['x'], 'a.txt', { type: 'text/plain' }) });
    expect(actor.getSnapshot().context.errors).toEqual({ file: 'Please upload the invoice as a PDF, PNG or JPEG file.' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(requests).toHaveLength(0);
  });

  it('puts the provider’s field messages on the fields, keeps what was typed, and retries with the same key', async () => {
    let fail = true;
    const { actor, requests, fill } = start({
      create: () =>
        fail
          ? Promise.reject(apiErrorFromBody(422, { errors: [{ code: 'ER-VALIDATION', title: 'invoice[gst_invoice_id]', detail: 'Invoice MAN-1 already exists.' }] }))
          : Promise.resolve({ data: created }),
    });
    fill();
    const file = pdf();
    actor.send({ type: 'UPLOAD', file });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ number: 'Invoice MAN-1 already exists.' });
    expect(actor.getSnapshot().context.values.number).toBe('MAN-1');
    // The same request again keeps its key; a changed number is a new attempt with a new key.
    actor.send({ type: 'UPLOAD', file });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', field: 'number', value: 'MAN-2' });
    fail = false;
    actor.send({ type: 'UPLOAD', file });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests.map((r) => r.key)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('toasts every refusal, also those placed beside a field', async () => {
    const { actor, fill } = start({
      create: () => Promise.reject(apiErrorFromBody(422, { errors: [{ code: 'ER-VALIDATION', title: 'invoice[total]', detail: 'The amount must be in rupees.' }] })),
    });
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ amount: 'The amount must be in rupees.' });
    expect(actor.getSnapshot().context.failure).toEqual([{ code: 'ER-VALIDATION', detail: 'The amount must be in rupees.' }]);
  });

  it('keeps a refusal that names no field for a toast', async () => {
    const { actor, fill } = start({ create: () => Promise.reject(apiErrorFromBody(503, { errors: [{ code: 'ER-503', detail: 'Try later.' }] })) });
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.failure).toEqual([{ code: 'ER-503', detail: 'Try later.' }]);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends once however often the file is chosen while creating', async () => {
    let resolve: (value: { data: PayDocument }) => void = () => {};
    const create = vi.fn(() => new Promise<{ data: PayDocument }>((r) => (resolve = r)));
    const { actor, fill } = start({ create });
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    actor.send({ type: 'UPLOAD', file: pdf() });
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().value).toBe('creating');
    resolve({ data: created });
    await waitFor(actor, (s) => s.status === 'done');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('submits a sales order without a file; a file event is ignored for sales orders', async () => {
    const { actor, requests, fill } = start({ isSalesOrder: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors.number).toBe('Please enter the sales order number.');
    fill();
    actor.send({ type: 'UPLOAD', file: pdf() });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toEqual([{ values: { number: 'MAN-1', amount: '1200', date: '2026-11-20' }, file: null, key: 'key-1' }]);
  });

  it('ignores Submit for invoices (they are created by the upload)', () => {
    const { actor, fill, requests } = start();
    fill();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(requests).toHaveLength(0);
  });

  it('asks before deleting: cancel keeps the entry, confirm ends it with nothing created', () => {
    const { actor, fill } = start();
    fill();
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.number).toBe('MAN-1');
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(actor.getSnapshot().output).toEqual({ created: null });
  });
});
