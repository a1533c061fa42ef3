// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { csvUploadMachine, type CsvUploadActorInput } from '../../../machines/csv-upload/csv-upload.machine';
import { type CsvUploadResult, UPLOAD_TEXTS } from '../../domain/csv';
import { apiErrorFromBody } from '../../api/errors';
import { themes } from '../theme';
import { CsvUploadDialog } from './CsvUploadModal';

afterEach(cleanup);

const RESULT: CsvUploadResult = {
  rows: [
    { row: 2, invoice_number: 'GOOD-1', status: 'success', failure_reason: null },
    { row: 3, invoice_number: 'BAD-1', status: 'failed', failure_reason: 'Row 3: customer_code NOPE is not one of your customers' },
  ],
  meta: { total_rows: 2, accepted_rows: 1, rejected_rows: 1 },
};

function setup(upload: (input: CsvUploadActorInput) => Promise<CsvUploadResult>) {
  const refreshInvoices = vi.fn();
  const sent: CsvUploadActorInput[] = [];
  const logic = csvUploadMachine.provide({
    actors: {
      upload: fromPromise<CsvUploadResult, CsvUploadActorInput>(({ input }) => {
        sent.push(input);
        return upload(input);
      }),
    },
    actions: { refreshInvoices },
  });
  const onClose = vi.fn();
  const view = render(
    <ThemeProvider theme={themes.dark}>
      <CsvUploadDialog open onClose={onClose} logic={logic} />
    </ThemeProvider>,
  );
  return { refreshInvoices, sent, onClose, view };
}

const csv = (name = 'invoices.csv', body = 'invoice_number,customer_code\nA,B\n', type = 'text/csv') => new File([body], name, { type });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const settle = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});

describe('CsvUploadDialog', () => {
  it('opens on the form: file type (invoices first), the template link and both ways to pick a file', () => {
    setup(() => Promise.resolve(RESULT));
    expect(screen.getByRole('heading', { name: 'Upload Invoices via CSV' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Invoices' })).toHaveProperty('checked', true);
    expect(screen.getByText(UPLOAD_TEXTS.templateStep)).toBeTruthy();
    expect(screen.getByText(UPLOAD_TEXTS.fileStep)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the invoice template (CSV)' }).getAttribute('href')).toBe('/templates/invoice-upload-template.csv');

    fireEvent.click(screen.getByRole('radio', { name: 'Customer master' }));
    expect(screen.getByRole('heading', { name: UPLOAD_TEXTS.customerMasterTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the customer master template (CSV)' }).getAttribute('href')).toBe('/templates/customer-master-template.csv');
  });

  it('opens the file picker from the drop zone with Enter or Space, and from the button', () => {
    setup(() => Promise.resolve(RESULT));
    const click = vi.spyOn(fileInput(), 'click').mockImplementation(() => {});
    const zone = screen.getByRole('button', { name: /Drop a CSV file here/ });
    expect(zone.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.keyDown(zone, { key: ' ' });
    fireEvent.keyDown(zone, { key: 'a' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose file' }));
    expect(click).toHaveBeenCalledTimes(3);
  });

  it('refuses a file that is not CSV before sending anything, and Upload without a file', async () => {
    const { sent } = setup(() => Promise.resolve(RESULT));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Choose a CSV file \(up to 5 MB\)/);
    choose(csv('photo.png', 'PNG', 'image/png'));
    expect(screen.getByRole('alert').textContent).toContain("'photo.png' is not a CSV file");
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(sent).toEqual([]);
  });

  it('takes a dropped file, uploads it, shows each row with its reason and refreshes the lists; Back gives a clean form', async () => {
    const { sent, refreshInvoices } = setup(() => Promise.resolve(RESULT));
    const zone = screen.getByTestId('csv-drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [csv('dropped.csv')] } });
    expect(screen.getByTestId('csv-selected-file').textContent).toContain('dropped.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();

    expect(sent.map((s) => [s.csvtype, s.file.name])).toEqual([['invoice', 'dropped.csv']]);
    expect(refreshInvoices).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('2 rows read: 1 accepted, 1 refused.');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2', 'GOOD-1', 'Success', '-'],
      ['3', 'BAD-1', 'Failed', 'Row 3: customer_code NOPE is not one of your customers'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows 'Error' with the joined details, or the spec's fallback, and Back keeps the file", async () => {
    let answer: Error = apiErrorFromBody(422, { errors: [{ code: 'ER-UPLOAD-HEADER', detail: 'The header row does not match' }, { code: 'X', detail: 'and more' }] });
    setup(() => Promise.reject(answer));
    choose(csv('wrong.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The header row does not match, and more');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('csv-selected-file').textContent).toContain('wrong.csv');
    answer = apiErrorFromBody(500, {});
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(UPLOAD_TEXTS.fallbackError);
  });

  it('stays open with Cancel while the file goes up; closing afterwards resets the form', async () => {
    let finish: (result: CsvUploadResult) => void = () => {};
    const { onClose } = setup(() => new Promise((resolve) => (finish = resolve)));
    choose(csv('slow.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('csv-selected-file').textContent).toContain('slow.csv');
    finish(RESULT);
    await settle();
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Customer historical invoice data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByTestId('csv-selected-file')).toBeNull();
  });
});
