// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  customerMasterWizardMachine,
  type CreditEvaluationResult,
  type EvaluationRequest,
  type WizardUploadRequest,
} from '../../../machines/customer-master-wizard/customer-master-wizard.machine';
import { apiErrorFromBody } from '../../api/errors';
import type { CsvUploadResult } from '../../domain/csv';
import { themes } from '../../ui/theme';
import { CustomerMasterWizardDialog, WIZARD_MODAL_TITLE } from './CustomerMasterWizard';
import { isEvaluatedDataKey } from './useCustomerMasterWizard';

afterEach(cleanup);

const fileAnswer = (status: string, reasons: string[], accepted: number, fileId = 'UPL-000001'): CsvUploadResult => ({
  rows: [{ file_id: fileId, status, failure_reason: reasons }],
  meta: { total_rows: accepted + reasons.length, accepted_rows: accepted, rejected_rows: reasons.length },
});
const PARTIAL = fileAnswer(
  'partial',
  ['Row 3: region must be one of north, south, east, west', 'Row 5: name is required'],
  4,
);
const NOTHING = fileAnswer('failed', ['Row 2: customer_code is required'], 0);
const ACCEPTED = fileAnswer('success', [], 6);
const EVALUATION: CreditEvaluationResult = {
  evaluated: 5,
  graded: 3,
  need_more_data: 2,
  eligibility_total: 12_50_000_00,
  customers: [],
};

interface Answers {
  upload: (input: WizardUploadRequest) => Promise<CsvUploadResult>;
  evaluate?: (input: EvaluationRequest) => Promise<CreditEvaluationResult>;
}

function setup(answers: Answers) {
  const refreshLeads = vi.fn();
  const sent: WizardUploadRequest[] = [];
  const evaluated: EvaluationRequest[] = [];
  const logic = customerMasterWizardMachine.provide({
    actors: {
      upload: fromPromise<CsvUploadResult, WizardUploadRequest>(({ input }) => {
        sent.push(input);
        return answers.upload(input);
      }),
      evaluate: fromPromise<CreditEvaluationResult, EvaluationRequest>(({ input }) => {
        evaluated.push(input);
        return (answers.evaluate ?? (() => Promise.resolve(EVALUATION)))(input);
      }),
    },
    actions: { refreshLeads },
  });
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={themes.light}>
      <CustomerMasterWizardDialog open onClose={onClose} logic={logic} />
    </ThemeProvider>,
  );
  return { refreshLeads, sent, onClose, evaluated, evaluations: () => evaluated.length };
}

const csv = (name = 'customers.csv', body = 'customer_code,name\nC-1,Acme\n', type = 'text/csv') =>
  new File([body], name, { type });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
const currentStep = () =>
  screen.getByRole('list', { name: 'Wizard steps' }).querySelector('[aria-current="step"]')?.textContent ?? null;
const heading = (name: string) => screen.getByRole('heading', { level: 3, name });

describe('CustomerMasterWizardDialog', () => {
  it('opens on step 1 of 3: the title as focused heading, the template, Skip, and Upload disabled until a file is chosen', () => {
    setup({ upload: () => Promise.resolve(ACCEPTED) });
    expect(screen.getByRole('heading', { level: 2, name: WIZARD_MODAL_TITLE })).toBeTruthy();
    expect(currentStep()).toBe('1Step 1 of 3: Customer master');
    expect(document.activeElement).toBe(heading('Upload Customer Master via CSV'));
    expect(screen.getByRole('link', { name: 'Download the customer master template (CSV)' }).getAttribute('href')).toBe(
      '/templates/customer-master-template.csv',
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Skip' })).toHaveProperty('disabled', false);
  });

  it('refuses a .txt file before sending anything', async () => {
    const { sent } = setup({ upload: () => Promise.resolve(ACCEPTED) });
    choose(csv('notes.txt', 'x', 'text/plain'));
    expect(screen.getByRole('alert').textContent).toContain("'notes.txt' is not a CSV file");
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    await settle();
    expect(sent).toEqual([]);
    expect(currentStep()).toContain('Customer master');
  });

  it('uploads the customer master; a partial file advances with the rejected rows as a warning on step 2', async () => {
    const { sent } = setup({ upload: () => Promise.resolve(PARTIAL) });
    fireEvent.drop(screen.getByTestId('csv-drop-zone'), { dataTransfer: { files: [csv('dropped.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(sent.map((s) => [s.csvtype, s.file.name])).toEqual([['demographic_data', 'dropped.csv']]);

    expect(currentStep()).toContain('Invoice history');
    expect(document.activeElement).toBe(heading('Upload Customer historical invoice data via CSV'));
    expect(
      screen.getByRole('link', { name: 'Download the customer history template (CSV)' }).getAttribute('href'),
    ).toBe('/templates/customer-history-template.csv');
    const warning = screen.getAllByRole('status').find((s) => s.textContent?.includes('rejected'))!;
    expect(warning.textContent).toContain('2 rows were rejected in dropped.csv');
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Row 3: region must be one of north, south, east, west', 'Row 5: name is required']);
    expect(screen.queryByTestId('csv-selected-file')).toBeNull();
  });

  it('Skip, Skip, Complete: the evaluation’s figures and total eligibility; Done closes and refreshes once', async () => {
    const { refreshLeads, onClose, evaluations } = setup({ upload: () => Promise.resolve(ACCEPTED) });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(document.activeElement).toBe(heading('Upload Customer historical invoice data via CSV'));
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(currentStep()).toContain('Credit evaluation');
    expect(document.activeElement).toBe(heading('Credit Evalution Service'));
    expect(screen.getByTestId('evaluation-scope').textContent).toContain(
      'Nothing was uploaded here: Complete grades every customer not yet approved who is still waiting for a grade (R).',
    );
    expect(screen.getAllByText('Skipped')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await settle();
    expect(evaluations()).toBe(1);
    expect(document.activeElement).toBe(heading('Credit evaluation complete'));
    expect(screen.getByRole('status').textContent).toBe(
      '5 customers waiting for a grade evaluated: 3 graded, 2 need more data.',
    );
    expect(screen.getByText('₹12,50,000.00')).toBeTruthy();
    expect(refreshLeads).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('Complete after two uploads evaluates those files’ customers and says who each was and why it got its grade', async () => {
    const files = [fileAnswer('success', [], 2, 'UPL-000041'), fileAnswer('success', [], 10, 'UPL-000042')];
    const answer: CreditEvaluationResult = {
      evaluated: 2,
      graded: 1,
      need_more_data: 1,
      eligibility_total: 60_000_00,
      customers: [
        {
          customer_code: 'NEW-1',
          name: 'Ontime Stores',
          risk_grading: 'L',
          eligibility_amount: 60_000_00,
          invoices: 10,
          judged: 10,
          paid_on_time: 9,
          overdue_days: 0,
        },
        {
          customer_code: 'NEW-2',
          name: 'Nodata Mart',
          risk_grading: 'R',
          eligibility_amount: 0,
          invoices: 0,
          judged: 0,
          paid_on_time: 0,
          overdue_days: 0,
        },
      ],
    };
    const { evaluated } = setup({
      upload: () => Promise.resolve(files.shift()!),
      evaluate: () => Promise.resolve(answer),
    });
    for (const name of ['master.csv', 'history.csv']) {
      choose(csv(name));
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      await settle();
    }
    expect(screen.getByTestId('evaluation-scope').textContent).toContain(
      'Complete grades the customers in the files uploaded here',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await settle();
    expect(evaluated).toEqual([{ fileIds: ['UPL-000041', 'UPL-000042'] }]);
    expect(screen.getByRole('status').textContent).toBe(
      '2 customers from the uploaded files evaluated: 1 graded, 1 needs more data.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Evaluated customers' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Ontime Stores (NEW-1): Low, eligibility ₹60,000.00; 9 of 10 invoices paid by the due date.',
      'Nodata Mart (NEW-2): R: Need more data, eligibility ₹0.00; no invoice on record.',
    ]);
  });

  it('a file with no row accepted shows the error step with the reasons; Back returns to the step with the file', async () => {
    setup({ upload: () => Promise.resolve(NOTHING) });
    choose(csv('bad.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(document.activeElement).toBe(heading('Error'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("No rows of 'bad.csv' were accepted: 1 row was rejected.");
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Row 2: customer_code is required']);
    expect(currentStep()).toContain('Customer master');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(heading('Upload Customer Master via CSV'));
    expect(screen.getByTestId('csv-selected-file').textContent).toContain('bad.csv');
  });

  it('a refused evaluation shows the toast text; Back returns to step 3 and Complete can run again', async () => {
    const { evaluations } = setup({
      upload: () => Promise.resolve(ACCEPTED),
      evaluate: () => Promise.reject(apiErrorFromBody(503, { errors: [{ code: 'ER-503', detail: 'Try later.' }] })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('ER-503: Try later.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(heading('Credit Evalution Service'));
    fireEvent.click(screen.getByRole('button', { name: 'Complete' }));
    await settle();
    expect(evaluations()).toBe(2);
  });

  it('stays open while a file goes up (Cancel keeps it); closing resets to step 1', async () => {
    const { onClose } = setup({ upload: () => new Promise(() => {}) });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    choose(csv('history.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await settle();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Uploading…' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('csv-selected-file').textContent).toContain('history.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    // The dialog is closed (its content hidden): the next opening starts on step 1 with no file.
    expect(document.querySelector('[aria-current="step"]')?.textContent).toContain('Customer master');
    expect(screen.queryByTestId('csv-selected-file')).toBeNull();
  });
});

describe('isEvaluatedDataKey', () => {
  it('matches the leads and their counts, the fund tables and the credit line summary, not other data', () => {
    expect(isEvaluatedDataKey(['leads', { status: 'new_leads' }])).toBe(true);
    expect(isEvaluatedDataKey(['lead-statuses'])).toBe(true);
    expect(isEvaluatedDataKey(['fund-available', { days: '1' }])).toBe(true);
    expect(isEvaluatedDataKey(['credit-line-summary'])).toBe(true);
    expect(isEvaluatedDataKey(['invoices', {}])).toBe(false);
    expect(isEvaluatedDataKey('leads')).toBe(false);
  });
});
