// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  csvUploadMachine,
  type CsvReadActorInput,
  type CsvReadOutcome,
  type CsvUploadActorInput,
} from '../../../machines/csv-upload/csv-upload.machine';
import { type CsvUploadResult, UPLOAD_TEXTS } from '../../domain/csv';
import { apiErrorFromBody } from '../../api/errors';
import { themes } from '../theme';
import { CsvUploadDialog } from './CsvUploadModal';
import { readEffect } from './useCsvUpload';

afterEach(cleanup);

// happy-dom lays nothing out: give the result tables' scroll regions a size, as a browser would (rows keep their estimate).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this.getAttribute('role') === 'region' ? 360 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.getAttribute('role') === 'region' ? 640 : 0;
  });
});
afterEach(() => vi.restoreAllMocks());

const RESULT: CsvUploadResult = {
  rows: [
    { row: 2, invoice_number: 'GOOD-1', status: 'success', failure_reason: null },
    {
      row: 3,
      invoice_number: 'BAD-1',
      status: 'failed',
      failure_reason: 'Row 3: customer_code NOPE is not one of your customers',
    },
  ],
  meta: { total_rows: 2, accepted_rows: 1, rejected_rows: 1 },
};

function setup(upload: (input: CsvUploadActorInput) => Promise<CsvUploadResult>, read = readEffect(null)) {
  const refreshInvoices = vi.fn();
  const sent: CsvUploadActorInput[] = [];
  const logic = csvUploadMachine.provide({
    actors: {
      // The hook's reader, run on the page (happy-dom has no Worker).
      read,
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

const csv = (name = 'invoices.csv', body = 'invoice_number,customer_code\nA,B\n', type = 'text/csv') =>
  new File([body], name, { type });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
/** Lets the effects settle: the reader on the page (its module loads on first use), then the upload's answer. */
const settle = async () => {
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'File reading progress' })).toBeNull());
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
};
/** The cells of a table's body rows, as text. */
const bodyCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('CsvUploadDialog', () => {
  it('opens on the form: file type (invoices first), the template link and both ways to pick a file', () => {
    setup(() => Promise.resolve(RESULT));
    expect(screen.getByRole('heading', { name: 'Upload Invoices via CSV' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Invoices' })).toHaveProperty('checked', true);
    expect(screen.getByText(UPLOAD_TEXTS.templateStep)).toBeTruthy();
    expect(screen.getByText(UPLOAD_TEXTS.fileStep)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the invoice template (CSV)' }).getAttribute('href')).toBe(
      '/templates/invoice-upload-template.csv',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Customer master' }));
    expect(screen.getByRole('heading', { name: UPLOAD_TEXTS.customerMasterTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the customer master template (CSV)' }).getAttribute('href')).toBe(
      '/templates/customer-master-template.csv',
    );
  });

  it('opens the file picker from the drop zone with Enter or Space, and from the button', () => {
    setup(() => Promise.resolve(RESULT));
    const click = vi.spyOn(fileInput(), 'click').mockImplementation(() => {});
    const zone = screen.getByRole('button', { name: /Drag and drop a CSV file here/ });
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
    // The refused rows first, then every row; each table says how many rows it has.
    const [refused, all] = screen.getAllByRole('table');
    expect(refused!.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Refused rows (1)' }).id);
    expect(all!.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'All rows (2)' }).id);
    expect(screen.getByRole('region', { name: 'All rows (2)' }).getAttribute('tabindex')).toBe('0');
    expect(bodyCells(refused!)).toEqual([
      ['3', 'BAD-1', 'Failed', 'Row 3: customer_code NOPE is not one of your customers'],
    ]);
    expect(bodyCells(all!)).toEqual([
      ['2', 'GOOD-1', 'Success', '-'],
      ['3', 'BAD-1', 'Failed', 'Row 3: customer_code NOPE is not one of your customers'],
    ]);
    expect(all!.getAttribute('aria-rowcount')).toBe('3');
    expect(
      within(all!)
        .getAllByRole('row')
        .map((r) => r.getAttribute('aria-rowindex')),
    ).toEqual(['1', '2', '3']);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows 'Error' with the joined details, or the spec's fallback, and Back keeps the file", async () => {
    let answer: Error = apiErrorFromBody(422, {
      errors: [
        { code: 'ER-UPLOAD-HEADER', detail: 'The header row does not match' },
        { code: 'X', detail: 'and more' },
      ],
    });
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

  it('shows the reading with its own labelled progress bar and rows read; Cancel stops it and nothing is sent', async () => {
    let report: (progress: { rows: number; loaded: number; total: number }) => void = () => {};
    let aborted = false;
    const read = fromPromise<CsvReadOutcome, CsvReadActorInput>(({ input, signal }) => {
      report = input.onProgress;
      signal.addEventListener('abort', () => (aborted = true));
      return new Promise(() => {});
    });
    const { sent } = setup(() => Promise.resolve(RESULT), read);
    choose(csv('big.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(screen.getByRole('progressbar', { name: 'File reading progress' }).getAttribute('aria-valuenow')).toBe('0');
    act(() => report({ rows: 4_000, loaded: 40, total: 100 }));
    expect(screen.getByRole('status').textContent).toBe('Reading big.csv… 4,000 rows read');
    expect(screen.getByRole('progressbar', { name: 'File reading progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('csv-selected-file').textContent).toContain('big.csv');
    expect(sent).toEqual([]);
  });

  it('a file the reader refuses goes back to the form with the reason in an alert', async () => {
    const read = fromPromise<CsvReadOutcome, CsvReadActorInput>(() =>
      Promise.resolve({ rows: 0, problem: "'gone.csv' could not be read." }),
    );
    const { sent } = setup(() => Promise.resolve(RESULT), read);
    choose(csv('gone.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe("'gone.csv' could not be read.");
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('a 10,000-row result keeps only a window of rows in the DOM, the refused ones first', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      i % 1000 === 7
        ? { row: i + 2, invoice_number: `N-${i}`, status: 'failed', failure_reason: `Row ${i + 2}: amount is required` }
        : { row: i + 2, invoice_number: `N-${i}`, status: 'success', failure_reason: null },
    );
    setup(() => Promise.resolve({ rows, meta: { total_rows: 10_000, accepted_rows: 9_990, rejected_rows: 10 } }));
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('10,000 rows read: 9,990 accepted, 10 refused.');
    const [refused, all] = screen.getAllByRole('table');
    expect(bodyCells(refused!).map((cells) => cells[1])).toEqual([
      'N-7',
      'N-1007',
      'N-2007',
      'N-3007',
      'N-4007',
      'N-5007',
      'N-6007',
      'N-7007',
      'N-8007',
      'N-9007',
    ]);
    expect(all!.getAttribute('aria-rowcount')).toBe('10001');
    const shown = within(all!).getAllByRole('row').length - 1;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(60);
    expect(document.querySelectorAll('tbody tr:not(.spacer)').length).toBeLessThanOrEqual(500);
  });
});
