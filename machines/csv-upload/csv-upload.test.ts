import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { ApiError, apiErrorFromBody, clientError } from '../../src/api/errors';
import { CSV_MAX_BYTES, type CsvUploadResult, UPLOAD_FALLBACK_MESSAGE } from '../../src/domain/csv';
import {
  csvUploadMachine,
  NO_FILE_MESSAGE,
  stepOf,
  uploadErrorText,
  type CsvReadActorInput,
  type CsvReadOutcome,
  type CsvUploadActorInput,
  type CsvUploadEvent,
  type CsvUploadInput,
} from './csv-upload.machine';
import { csvFile, csvUploadPaths, READ_OK, READ_REFUSED, RESULT, serializeState } from './csv-upload.paths';

// ---------------------------------------------------------------------------------------------------
// A harness whose read and upload effects are held open until the test settles them.

interface PendingRead {
  input: CsvReadActorInput;
  signal: AbortSignal;
  resolve: (outcome: CsvReadOutcome) => void;
  reject: (error: unknown) => void;
}

interface PendingUpload {
  input: CsvUploadActorInput;
  signal: AbortSignal;
  resolve: (result: CsvUploadResult) => void;
  reject: (error: unknown) => void;
}

function harness(input: CsvUploadInput = { csvtype: 'invoice' }) {
  const reads: PendingRead[] = [];
  const uploads: PendingUpload[] = [];
  const refreshInvoices = vi.fn();
  const machine = csvUploadMachine.provide({
    actors: {
      read: fromPromise<CsvReadOutcome, CsvReadActorInput>(
        ({ input: readInput, signal }) =>
          new Promise((resolve, reject) => {
            reads.push({ input: readInput, signal, resolve, reject });
          }),
      ),
      upload: fromPromise<CsvUploadResult, CsvUploadActorInput>(
        ({ input: uploadInput, signal }) =>
          new Promise((resolve, reject) => {
            uploads.push({ input: uploadInput, signal, resolve, reject });
          }),
      ),
    },
    actions: { refreshInvoices },
  });
  const actor = createActor(machine, { input }).start();
  /** Lets the pending read finish with the file read, so the upload starts. */
  const readDone = async (outcome: CsvReadOutcome = READ_OK) => {
    await flush();
    reads[reads.length - 1]!.resolve(outcome);
    await flush();
  };
  return {
    actor,
    reads,
    uploads,
    readDone,
    refreshInvoices,
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Lets a settled upload promise reach the machine (microtasks only: fast enough for hundreds of paths). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

// ---------------------------------------------------------------------------------------------------

describe('step 0: choosing a file', () => {
  it('starts on the form for invoices, or for the csvtype given', () => {
    const h = harness();
    expect(h.snapshot().value).toBe('form');
    expect(stepOf(h.snapshot())).toBe(0);
    expect(h.context()).toEqual({
      csvtype: 'invoice',
      file: null,
      fileError: null,
      progress: null,
      result: null,
      error: null,
      rowsRead: null,
    });
    expect(harness({ csvtype: 'demographic_data' }).context().csvtype).toBe('demographic_data');
  });

  it('takes a CSV chosen or dropped, whatever type label the browser gives a .csv', () => {
    for (const type of ['text/csv', 'application/vnd.ms-excel', 'text/plain', '']) {
      const h = harness();
      const file = csvFile('Invoices Nov.CSV', 'a', type);
      h.actor.send({ type: 'SELECT_FILE', file });
      expect(h.context()).toMatchObject({ file, fileError: null });
    }
  });

  it('refuses a file that is not CSV by its name or its type, before sending anything', () => {
    const h = harness();
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('photo.png', 'x', 'image/png') });
    expect(h.context()).toMatchObject({
      file: null,
      fileError: "'photo.png' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8).",
    });
    h.actor.send({
      type: 'SELECT_FILE',
      file: csvFile('invoices.xlsx', 'x', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    });
    expect(h.context().fileError).toBe(
      "'invoices.xlsx' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8).",
    );
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('renamed.csv', 'x', 'application/pdf') });
    expect(h.context()).toMatchObject({
      file: null,
      fileError: "'renamed.csv' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8).",
    });
    h.actor.send({ type: 'UPLOAD' });
    expect(h.snapshot().value).toBe('form');
    // The refusal stays the message: it says more than "choose a file".
    expect(h.context().fileError).toContain("'renamed.csv' is not a CSV file");
    expect(h.uploads).toEqual([]);
  });

  it('refuses an oversized file naming the 5 MB limit, and an empty one', () => {
    const h = harness();
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('big.csv', 'x'.repeat(CSV_MAX_BYTES + 1)) });
    expect(h.context()).toMatchObject({
      file: null,
      fileError: "'big.csv' is 5.0 MB; files up to 5 MB can be uploaded. Split it into smaller files.",
    });
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('big.csv', 'x'.repeat(6.3 * 1024 * 1024)) });
    expect(h.context().fileError).toBe(
      "'big.csv' is 6.3 MB; files up to 5 MB can be uploaded. Split it into smaller files.",
    );
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('empty.csv', '') });
    expect(h.context().fileError).toBe(
      "'empty.csv' is empty. Choose a CSV file with a header row and at least one row.",
    );
    const exact = csvFile('exact.csv', 'x'.repeat(CSV_MAX_BYTES));
    h.actor.send({ type: 'SELECT_FILE', file: exact });
    expect(h.context()).toMatchObject({ file: exact, fileError: null });
  });

  it('a good file after a refused one clears the message; CLEAR_FILE empties the choice', () => {
    const h = harness();
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('a.txt', 'x', 'text/plain') });
    const good = csvFile();
    h.actor.send({ type: 'SELECT_FILE', file: good });
    expect(h.context()).toMatchObject({ file: good, fileError: null });
    h.actor.send({ type: 'CLEAR_FILE' });
    expect(h.context()).toMatchObject({ file: null, fileError: null });
  });

  it('UPLOAD with no file says what to do and sends nothing', () => {
    const h = harness();
    h.actor.send({ type: 'UPLOAD' });
    expect(h.snapshot().value).toBe('form');
    expect(h.context().fileError).toBe(NO_FILE_MESSAGE);
    expect(NO_FILE_MESSAGE).toBe('Choose a CSV file (up to 5 MB) to upload.');
    expect(h.uploads).toEqual([]);
  });

  it('SELECT_TYPE sets what is uploaded', () => {
    const h = harness();
    h.actor.send({ type: 'SELECT_TYPE', csvtype: 'distributor' });
    expect(h.context().csvtype).toBe('distributor');
  });
});

describe('reading the file (off the main thread) before it is sent', () => {
  it('reads the chosen file with its csvtype, counts the rows read as it goes, then sends it', async () => {
    const h = harness();
    const file = csvFile();
    h.actor.send({ type: 'SELECT_FILE', file });
    h.actor.send({ type: 'UPLOAD' });
    await flush();
    expect(h.snapshot().value).toBe('reading');
    expect(h.reads[0]!.input).toMatchObject({ csvtype: 'invoice', file });
    expect(h.context()).toMatchObject({ progress: null, rowsRead: null });
    h.reads[0]!.input.onProgress({ rows: 4_000, loaded: 250_000, total: 600_000 });
    expect(h.context()).toMatchObject({ progress: 42, rowsRead: 4_000 });
    h.reads[0]!.input.onProgress({ rows: 10_000, loaded: 600_000, total: 600_000 });
    expect(h.context()).toMatchObject({ progress: 100, rowsRead: 10_000 });
    // Nothing else is taken while the file is read.
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('other.csv') });
    h.actor.send({ type: 'SELECT_TYPE', csvtype: 'distributor' });
    h.actor.send({ type: 'PROGRESS', loaded: 1, total: 2 });
    h.actor.send({ type: 'BACK' });
    expect(h.context()).toMatchObject({ file, csvtype: 'invoice', progress: 100 });
    expect(h.uploads).toEqual([]);
    h.reads[0]!.resolve({ rows: 10_000, problem: null });
    await flush();
    expect(h.snapshot().value).toBe('uploading');
    // The upload's own progress starts from nothing; the count of rows read stays.
    expect(h.context()).toMatchObject({ progress: null, rowsRead: 10_000 });
    expect(h.uploads).toHaveLength(1);
    expect(h.uploads[0]!.input).toMatchObject({ csvtype: 'invoice', file });
  });

  it('a file the reader refuses returns to the form with the reason, and nothing is sent', async () => {
    const h = harness();
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('good.csv') });
    h.actor.send({ type: 'UPLOAD' });
    await h.readDone(READ_REFUSED);
    expect(h.snapshot().value).toBe('form');
    expect(h.context()).toEqual({
      csvtype: 'invoice',
      file: null,
      fileError: READ_REFUSED.problem,
      progress: null,
      rowsRead: null,
      result: null,
      error: null,
    });
    expect(h.uploads).toEqual([]);
    // Upload now asks for a file, keeping the reason in view.
    h.actor.send({ type: 'UPLOAD' });
    expect(h.context().fileError).toBe(READ_REFUSED.problem);
    expect(h.reads).toHaveLength(1);
  });

  it('a reader that fails (no worker, a worker that stops) lets the file go: the provider checks it', async () => {
    const h = harness();
    const file = csvFile();
    h.actor.send({ type: 'SELECT_FILE', file });
    h.actor.send({ type: 'UPLOAD' });
    await flush();
    h.reads[0]!.input.onProgress({ rows: 10, loaded: 1, total: 4 });
    h.reads[0]!.reject(new Error('The file reader stopped.'));
    await flush();
    expect(h.snapshot().value).toBe('uploading');
    expect(h.context()).toMatchObject({ file, progress: null, fileError: null, error: null, rowsRead: 10 });
    expect(h.uploads).toHaveLength(1);
    h.uploads[0]!.resolve(RESULT);
    await flush();
    expect(h.snapshot().value).toBe('success');
  });

  it('CANCEL and RESET stop the reader (its signal aborts); a late answer or progress is ignored', async () => {
    const h = harness();
    const file = csvFile();
    h.actor.send({ type: 'SELECT_FILE', file });
    h.actor.send({ type: 'UPLOAD' });
    await flush();
    h.reads[0]!.input.onProgress({ rows: 500, loaded: 1, total: 2 });
    h.actor.send({ type: 'CANCEL' });
    expect(h.snapshot().value).toBe('form');
    expect(h.reads[0]!.signal.aborted).toBe(true);
    expect(h.context()).toMatchObject({ file, progress: null, rowsRead: null, fileError: null });
    h.reads[0]!.input.onProgress({ rows: 1000, loaded: 2, total: 2 });
    h.reads[0]!.resolve(READ_OK);
    await flush();
    expect(h.snapshot().value).toBe('form');
    expect(h.context()).toMatchObject({ progress: null, rowsRead: null });
    expect(h.uploads).toEqual([]);

    h.actor.send({ type: 'UPLOAD' });
    await flush();
    h.actor.send({ type: 'RESET' });
    expect(h.reads[1]!.signal.aborted).toBe(true);
    expect(h.context()).toEqual({
      csvtype: 'invoice',
      file: null,
      fileError: null,
      progress: null,
      rowsRead: null,
      result: null,
      error: null,
    });
  });

  it('without a reader provided, the machine sends the file at once (the default read reads nothing)', async () => {
    const sent: CsvUploadActorInput[] = [];
    const machine = csvUploadMachine.provide({
      actors: {
        upload: fromPromise<CsvUploadResult, CsvUploadActorInput>(
          ({ input }) => (sent.push(input), new Promise(() => {})),
        ),
      },
    });
    const actor = createActor(machine, { input: { csvtype: 'invoice' } }).start();
    actor.send({ type: 'SELECT_FILE', file: csvFile() });
    actor.send({ type: 'UPLOAD' });
    await flush();
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.rowsRead).toBeNull();
    expect(sent).toHaveLength(1);
  });
});

describe('uploading', () => {
  it('sends the file and csvtype once, shows progress, and on success shows step 1 and refreshes the invoice list', async () => {
    const h = harness();
    const file = csvFile();
    h.actor.send({ type: 'SELECT_TYPE', csvtype: 'distributor' });
    h.actor.send({ type: 'SELECT_FILE', file });
    h.actor.send({ type: 'UPLOAD' });
    h.actor.send({ type: 'UPLOAD' }); // a double click
    expect(h.snapshot().value).toBe('reading');
    expect(stepOf(h.snapshot())).toBe(0);
    await flush();
    expect(h.reads).toHaveLength(1);
    expect(h.reads[0]!.input).toMatchObject({ csvtype: 'distributor', file });
    h.actor.send({ type: 'UPLOAD' }); // a late second click, while the file is read
    await h.readDone({ rows: 2, problem: null });
    expect(h.snapshot().value).toBe('uploading');
    expect(stepOf(h.snapshot())).toBe(0);
    expect(h.reads).toHaveLength(1);
    expect(h.uploads).toHaveLength(1);
    expect(h.context().rowsRead).toBe(2);
    expect(h.uploads[0]!.input).toMatchObject({ csvtype: 'distributor', file });
    expect(h.context().progress).toBeNull();

    // The effect reports progress through onProgress.
    h.uploads[0]!.input.onProgress({ loaded: 250, total: 1000 });
    expect(h.context().progress).toBe(25);
    h.uploads[0]!.input.onProgress({ loaded: 1000, total: 1000 });
    expect(h.context().progress).toBe(100);
    h.actor.send({ type: 'PROGRESS', loaded: 5, total: 0 }); // size unknown
    expect(h.context().progress).toBeNull();

    // Nothing else is taken while the file goes up.
    h.actor.send({ type: 'SELECT_FILE', file: csvFile('other.csv') });
    h.actor.send({ type: 'SELECT_TYPE', csvtype: 'invoice' });
    h.actor.send({ type: 'BACK' });
    h.actor.send({ type: 'UPLOAD' });
    expect(h.context()).toMatchObject({ file, csvtype: 'distributor' });
    await flush();
    expect(h.uploads).toHaveLength(1);
    expect(h.refreshInvoices).not.toHaveBeenCalled();

    h.uploads[0]!.resolve(RESULT);
    await flush();
    expect(h.snapshot().value).toBe('success');
    expect(stepOf(h.snapshot())).toBe(1);
    expect(h.context()).toMatchObject({ result: RESULT, progress: 100, error: null, rowsRead: 2 });
    expect(h.refreshInvoices).toHaveBeenCalledTimes(1);
  });

  it('Back from the result returns to an empty form, keeping the csvtype (the file was stored: no resend by accident)', async () => {
    const h = harness();
    h.actor.send({ type: 'SELECT_TYPE', csvtype: 'distributor' });
    h.actor.send({ type: 'SELECT_FILE', file: csvFile() });
    h.actor.send({ type: 'UPLOAD' });
    await h.readDone();
    h.uploads[0]!.resolve(RESULT);
    await flush();
    h.actor.send({ type: 'BACK' });
    expect(h.snapshot().value).toBe('form');
    expect(h.context()).toEqual({
      csvtype: 'distributor',
      file: null,
      fileError: null,
      progress: null,
      result: null,
      error: null,
      rowsRead: null,
    });
  });

  it('CANCEL aborts the upload and returns to the form with the file kept; a late answer is ignored', async () => {
    const h = harness();
    const file = csvFile();
    h.actor.send({ type: 'SELECT_FILE', file });
    h.actor.send({ type: 'UPLOAD' });
    await h.readDone();
    h.uploads[0]!.input.onProgress({ loaded: 1, total: 2 });
    h.actor.send({ type: 'CANCEL' });
    expect(h.snapshot().value).toBe('form');
    expect(h.uploads[0]!.signal.aborted).toBe(true);
    expect(h.context()).toMatchObject({ file, progress: null, result: null, error: null, rowsRead: null });
    h.uploads[0]!.resolve(RESULT);
    h.uploads[0]!.input.onProgress({ loaded: 2, total: 2 });
    await flush();
    expect(h.snapshot().value).toBe('form');
    expect(h.context().progress).toBeNull();
    expect(h.refreshInvoices).not.toHaveBeenCalled();
    // And it can be sent again (read again first).
    h.actor.send({ type: 'UPLOAD' });
    await h.readDone();
    expect(h.reads).toHaveLength(2);
    expect(h.uploads).toHaveLength(2);
  });

  it('RESET from any step gives a clean form and aborts an upload under way', async () => {
    const h = harness();
    h.actor.send({ type: 'SELECT_TYPE', csvtype: 'distributor' });
    h.actor.send({ type: 'SELECT_FILE', file: csvFile() });
    h.actor.send({ type: 'UPLOAD' });
    await h.readDone();
    h.actor.send({ type: 'RESET' });
    expect(h.uploads[0]!.signal.aborted).toBe(true);
    expect(h.snapshot().value).toBe('form');
    expect(h.context()).toEqual({
      csvtype: 'distributor',
      file: null,
      fileError: null,
      progress: null,
      result: null,
      error: null,
      rowsRead: null,
    });
  });
});

describe('step 2: errors', () => {
  async function failWith(error: unknown) {
    const h = harness();
    const file = csvFile();
    h.actor.send({ type: 'SELECT_TYPE', csvtype: 'distributor' });
    h.actor.send({ type: 'SELECT_FILE', file });
    h.actor.send({ type: 'UPLOAD' });
    await h.readDone();
    h.uploads[0]!.reject(error);
    await flush();
    return { ...h, file };
  }

  it('shows the joined details of the answer’s errors', async () => {
    const h = await failWith(
      apiErrorFromBody(422, {
        status: 'error',
        errors: [
          { code: 'ER-UPLOAD-HEADER', title: 'file', detail: 'The header row does not match.' },
          { code: 'X', detail: 'Second.' },
        ],
      }),
    );
    expect(h.snapshot().value).toBe('failure');
    expect(stepOf(h.snapshot())).toBe(2);
    expect(h.context().error).toEqual({
      entries: [
        { code: 'ER-UPLOAD-HEADER', title: 'file', detail: 'The header row does not match.' },
        { code: 'X', detail: 'Second.' },
      ],
      text: 'The header row does not match., Second.',
    });
    expect(h.refreshInvoices).not.toHaveBeenCalled();
  });

  it('shows the spec’s long fallback message when the answer has no details', async () => {
    for (const body of [
      {},
      { status: 'error' },
      { status: 'error', errors: [] },
      { errors: [{ code: 'E', detail: '' }] },
      '<html>502</html>',
    ]) {
      const h = await failWith(apiErrorFromBody(500, body));
      expect(h.context().error?.text).toBe(
        'Invoice file upload failed, we have sent you the updated on your registered email id. Please check you email and try uploading invoice file again!',
      );
    }
    expect(UPLOAD_FALLBACK_MESSAGE).toBe(
      'Invoice file upload failed, we have sent you the updated on your registered email id. Please check you email and try uploading invoice file again!',
    );
  });

  it('shows the client’s own message for a failure with no answer (network) and for any thrown error', async () => {
    expect(
      (await failWith(clientError('Could not reach the provider. Check the connection and try again.'))).context().error
        ?.text,
    ).toBe('Could not reach the provider. Check the connection and try again.');
    expect((await failWith(new Error('Unexpected response'))).context().error?.text).toBe('Unexpected response');
    expect(
      (
        await failWith(
          new ApiError(
            413,
            [{ code: 'ER-UPLOAD-TOO-LARGE', detail: 'The file is larger than 5 MB, the upload limit.' }],
            'x',
          ),
        )
      ).context().error?.text,
    ).toBe('The file is larger than 5 MB, the upload limit.');
  });

  it('Back returns to the form with nothing lost: the csvtype and the file stay, ready to send again', async () => {
    const h = await failWith(apiErrorFromBody(422, { errors: [{ detail: 'Bad file.' }] }));
    h.actor.send({ type: 'BACK' });
    expect(h.snapshot().value).toBe('form');
    expect(h.context()).toEqual({
      csvtype: 'distributor',
      file: h.file,
      fileError: null,
      progress: null,
      result: null,
      error: null,
      rowsRead: null,
    });
    h.actor.send({ type: 'UPLOAD' });
    await h.readDone();
    expect(h.uploads).toHaveLength(2);
    expect(h.uploads[1]!.input).toMatchObject({ csvtype: 'distributor', file: h.file });
  });

  it('uploadErrorText joins details with ", " and skips the generic fallback text', () => {
    expect(
      uploadErrorText([
        { code: 'A', detail: ' one ' },
        { code: 'B', detail: 'two' },
      ]),
    ).toBe('one, two');
    expect(uploadErrorText([{ code: 'ERROR', detail: 'Something went wrong!' }])).toBe(UPLOAD_FALLBACK_MESSAGE);
    expect(uploadErrorText([])).toBe(UPLOAD_FALLBACK_MESSAGE);
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path: the graph of the machine, each simple path replayed on a live actor.

describe('every path', () => {
  it('reaches each state and step, and settles each effect both ways', () => {
    const paths = [csvUploadPaths.graphs.upload, csvUploadPaths.graphs.reading].flatMap((graph) =>
      getShortestPaths(csvUploadPaths.machine, graph),
    );
    expect(new Set(paths.map((p) => p.state.value))).toEqual(
      new Set(['form', 'reading', 'uploading', 'success', 'failure']),
    );
    const effectEvents = new Set(
      paths.flatMap((p) => p.steps.map((s) => s.event.type)).filter((type) => type.startsWith('xstate.')),
    );
    expect(effectEvents).toEqual(
      new Set([
        'xstate.init',
        'xstate.done.actor.read',
        'xstate.error.actor.read',
        'xstate.done.actor.upload',
        'xstate.error.actor.upload',
      ]),
    );
  });

  const graphs = { upload: csvUploadPaths.graphs.upload, reading: csvUploadPaths.graphs.reading };
  for (const [name, graph] of Object.entries(graphs)) {
    it(
      `${name}: replays every simple path on a live actor and ends where the graph says, with the same context`,
      { timeout: 60_000 },
      async () => {
        const paths = getSimplePaths(csvUploadPaths.machine, graph);
        expect(paths.length).toBeGreaterThan(name === 'upload' ? 100 : 10);
        const uploadsPerPath: number[] = [];
        for (const path of paths) {
          const h = harness();
          for (const step of path.steps) {
            const event = step.event as AnyEventObject;
            if (event.type === 'xstate.init') continue;
            const pending = h.uploads[h.uploads.length - 1];
            const reading = h.reads[h.reads.length - 1];
            if (event.type === 'xstate.done.actor.upload') pending!.resolve(event.output as CsvUploadResult);
            else if (event.type === 'xstate.error.actor.upload') pending!.reject(event.error);
            else if (event.type === 'PROGRESS')
              pending!.input.onProgress({ loaded: event.loaded as number, total: event.total as number });
            else if (event.type === 'xstate.done.actor.read') reading!.resolve(event.output as CsvReadOutcome);
            else if (event.type === 'xstate.error.actor.read') reading!.reject(event.error);
            else if (event.type === 'READ_PROGRESS')
              reading!.input.onProgress({
                rows: event.rows as number,
                loaded: event.loaded as number,
                total: event.total as number,
              });
            else h.actor.send(event as CsvUploadEvent);
            await settle();
            expect(serializeState(h.snapshot()), JSON.stringify(path.steps.map((s) => s.event.type))).toBe(
              serializeState(step.state as never),
            );
          }
          const entries = (state: string) =>
            path.steps.filter((s, i) => s.state.value === state && path.steps[i - 1]?.state.value !== state).length;
          expect(h.reads).toHaveLength(entries('reading'));
          expect(h.uploads).toHaveLength(entries('uploading'));
          expect(h.refreshInvoices).toHaveBeenCalledTimes(
            path.steps.filter((s) => (s.event.type as string) === 'xstate.done.actor.upload').length,
          );
          uploadsPerPath.push(h.uploads.length);
        }
        // Every path that reaches uploading sent exactly one request per entry into it (counted above).
        expect(uploadsPerPath.filter((n) => n > 0).length).toBeGreaterThan(0);
      },
    );
  }
});
