import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { csvUploadMachine, type CsvUploadActorInput } from '../../machines/csv-upload/csv-upload.machine';
import { type CsvUploadResult, failureReasons, rowFailed } from '../domain/csv';
import { createMockServer, type RunningMock } from '../../mock-server/app';
import { createApiClient, type SessionPort } from './client';
import { ApiError } from './errors';
import { DEFAULT_PRODUCT } from '../domain/product';
import { uploadCsv, uploadForm } from './uploads';
import { demoAuthToken } from '../../mock-server/test-login';

const mock = createMockServer({ log: () => {}, clock: () => new Date('2026-11-22T10:00:00') });
let running: RunningMock;
let token = '';

beforeAll(async () => {
  running = await mock.listen(0);
  token = await demoAuthToken(running.url, 't1@anchor.test');
});
afterAll(() => running.close());

const session: SessionPort = {
  currentToken: () => Promise.resolve(token),
  expired: () => Promise.resolve(null),
  invalid: () => Promise.resolve(null),
};
const api = () => createApiClient({ baseUrl: running.url, product: DEFAULT_PRODUCT, session });
const file = (text: string, name = 'invoices.csv', type = 'text/csv') => new File([text], name, { type });
const code = () => mock.db().distributor_companies.find((c) => c.anchor_id === 1)!.customer_code;

describe('uploadForm', () => {
  it('names the type csvtype for /invoices/upload and type for /distributor_companies/upload, and the file part text/csv', () => {
    const invoices = uploadForm('invoice', file('a', 'x.csv', 'application/vnd.ms-excel'));
    expect(invoices.get('csvtype')).toBe('invoice');
    expect(invoices.get('type')).toBeNull();
    const part = invoices.get('file') as File;
    expect([part.name, part.type]).toEqual(['x.csv', 'text/csv']);
    expect(uploadForm('distributor_history', file('a')).get('csvtype')).toBe('distributor_history');
    const master = uploadForm('demographic_data', file('a'));
    expect([master.get('type'), master.get('csvtype')]).toEqual(['demographic_data', null]);
    expect(uploadForm('transaction_data', file('a')).get('type')).toBe('transaction_data');
  });
});

describe('uploadCsv against the mock provider', () => {
  it('resolves with the result rows of a mixed file', async () => {
    const result = await uploadCsv(api(), {
      csvtype: 'invoice',
      file: file(
        `invoice_number,customer_code,invoice_date,due_date,amount\nAPI-001,${code()},2026-11-01,2026-11-30,10\nAPI-002,NOPE,2026-11-01,2026-11-30,10\n`,
      ),
    });
    expect(result.rows).toEqual([
      { row: 2, invoice_number: 'API-001', status: 'success', failure_reason: null },
      {
        row: 3,
        invoice_number: 'API-002',
        status: 'failed',
        failure_reason: 'Row 3: customer_code NOPE is not one of your customers',
      },
    ]);
    expect(result.rows.map(rowFailed)).toEqual([false, true]);
    expect(result.meta).toMatchObject({ csvtype: 'invoice', accepted_rows: 1, rejected_rows: 1 });
    expect(mock.db().invoices.filter((i) => i.document_number === 'API-001')).toHaveLength(1);
  });

  it('sends the customer types to /distributor_companies/upload', async () => {
    const result = await uploadCsv(api(), {
      csvtype: 'demographic_data',
      file: file(
        'customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile\nAPI-C-1,Api Traders,north,Asha,asha@api.in,9876543210\n',
      ),
    });
    expect(result.rows).toEqual([{ file_id: result.meta!.file_id, status: 'success', failure_reason: [] }]);
    expect(failureReasons(result.rows[0]!)).toEqual([]);
    expect(mock.db().distributor_companies.some((c) => c.customer_code === 'API-C-1')).toBe(true);
  });

  it('rejects a refused file with an ApiError whose text is the provider’s detail', async () => {
    const error = await uploadCsv(api(), { csvtype: 'invoice', file: file('wrong,header\n1,2\n') }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).code).toBe('ER-UPLOAD-HEADER');
    expect((error as ApiError).text).toMatch(/^The header row does not match the invoice template/);
  });
});

describe('uploadCsv with other answers', () => {
  const answering = (body: unknown, status = 200) =>
    createApiClient({
      baseUrl: 'https://provider.test',
      product: DEFAULT_PRODUCT,
      session,
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
        ),
    });

  it('treats status error in a 2xx answer as a refusal, details joined', async () => {
    const error = await uploadCsv(
      answering({ status: 'error', errors: [{ detail: 'Bad row data' }, { detail: 'Try again' }] }),
      { csvtype: 'invoice', file: file('x') },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).text).toBe('Bad row data, Try again');
  });

  it('accepts numeric file ids, list reasons and no meta', async () => {
    const result = await uploadCsv(
      answering({ status: 'success', message: [{ file_id: 7, status: 'failed', failure_reason: ['Row 2: x'] }] }),
      { csvtype: 'transaction_data', file: file('x') },
    );
    expect(result).toEqual({ rows: [{ file_id: '7', status: 'failed', failure_reason: ['Row 2: x'] }], meta: null });
  });

  it('refuses an answer that breaks the contract', async () => {
    const error = await uploadCsv(answering({ status: 'success', message: 'done' }), {
      csvtype: 'invoice',
      file: file('x'),
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('DecodeError');
  });
});

describe('the upload machine with the real client and mock', () => {
  const run = (csvtype: 'invoice' | 'transaction_data', text: string) => {
    const refreshInvoices = vi.fn();
    // The effect as the screen's hook provides it (src/ui/csv-upload/useCsvUpload.ts).
    const upload = fromPromise<CsvUploadResult, CsvUploadActorInput>(({ input, signal }) =>
      uploadCsv(api(), { csvtype: input.csvtype, file: input.file, onProgress: input.onProgress, signal }),
    );
    const actor = createActor(csvUploadMachine.provide({ actors: { upload }, actions: { refreshInvoices } }), {
      input: { csvtype },
    }).start();
    actor.send({ type: 'SELECT_FILE', file: file(text) });
    actor.send({ type: 'UPLOAD' });
    actor.send({ type: 'UPLOAD' });
    return { actor, refreshInvoices, settled: waitFor(actor, (s) => s.matches('success') || s.matches('failure')) };
  };

  it('uploads once, reaches step 1 with the rows and refreshes the invoice list', async () => {
    const before = mock.db().csv_uploads.length;
    const { refreshInvoices, settled } = run(
      'invoice',
      `invoice_number,customer_code,invoice_date,due_date,amount\nMACHINE-001,${code()},2026-11-01,2026-11-30,10\n`,
    );
    const done = await settled;
    expect(done.value).toBe('success');
    expect(done.context.result?.rows).toEqual([
      { row: 2, invoice_number: 'MACHINE-001', status: 'success', failure_reason: null },
    ]);
    expect(refreshInvoices).toHaveBeenCalledTimes(1);
    expect(mock.db().csv_uploads.length).toBe(before + 1);
  });

  it('reaches step 2 with the provider’s detail for a refused file, and Back keeps the file', async () => {
    const { actor, settled } = run('transaction_data', 'customer_code,invoice_number\nX,1\n');
    const failed = await settled;
    expect(failed.value).toBe('failure');
    expect(failed.context.error?.text).toBe(
      'The header row does not match the customer history template (missing invoice_date, due_date, amount). Expected columns: customer_code, invoice_number, invoice_date, due_date, amount, and optionally payment_date.',
    );
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().context).toMatchObject({ csvtype: 'transaction_data', error: null });
    expect(actor.getSnapshot().context.file).not.toBeNull();
  });
});
