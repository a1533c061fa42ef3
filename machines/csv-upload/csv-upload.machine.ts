import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  CSV_MAX_SIZE_TEXT,
  csvFileProblem,
  UPLOAD_FALLBACK_MESSAGE,
  type CsvType,
  type CsvUploadResult,
} from '../../src/domain/csv';
import { errorEntriesOf, FALLBACK_TEXT, type ErrorEntry } from '../../src/domain/errors';

/** A chosen or dropped file (a File in the browser). */
export type CsvFile = Blob & { readonly name: string };

export interface CsvUploadInput {
  /** What the modal uploads: 'invoice' on the Invoices page. */
  csvtype: CsvType;
}

/** Why the last upload failed: the provider's entries and the text the error step shows. */
export interface CsvUploadFailure {
  entries: ErrorEntry[];
  text: string;
}

export interface CsvUploadContext {
  csvtype: CsvType;
  /** The file that will be sent: kept when an upload fails or is cancelled, cleared after a success. */
  file: CsvFile | null;
  /** The client's refusal of a chosen file (not CSV, empty, over 5 MB) or of Upload with no file. */
  fileError: string | null;
  /**
   * Progress in percent (0-100) of the step under way: while reading, the share of the file read; while
   * uploading, the share sent. Null before anything is reported or when the size is unknown.
   */
  progress: number | null;
  /** Data rows read so far (while reading), then the file's count; null before reading or when the reader did not count. */
  rowsRead: number | null;
  /** Step 1: the processed file's result rows (each with its status and failure_reason). */
  result: CsvUploadResult | null;
  /** Step 2: the refusal. */
  error: CsvUploadFailure | null;
}

export type CsvUploadEvent =
  /** Choose what is uploaded (kept across Back). */
  | { type: 'SELECT_TYPE'; csvtype: CsvType }
  /** A file chosen with the button or dropped: checked here before anything is sent. */
  | { type: 'SELECT_FILE'; file: CsvFile }
  | { type: 'CLEAR_FILE' }
  | { type: 'UPLOAD' }
  /** Sent by the read effect (through `onProgress`) while the file is read: rows read, and characters read of all. */
  | { type: 'READ_PROGRESS'; rows: number; loaded: number; total: number }
  /** Sent by the upload effect (through `onProgress`) while the file goes up. */
  | { type: 'PROGRESS'; loaded: number; total: number }
  /** Stops the reading or the upload under way (the worker is stopped, the request aborted) and returns to the form. */
  | { type: 'CANCEL' }
  /** From the result or the error step back to the form. */
  | { type: 'BACK' }
  /** A clean form (the modal was closed), keeping the csvtype. */
  | { type: 'RESET' };

/** What the upload effect gets. `onProgress` feeds PROGRESS events back to the machine. */
export interface CsvUploadActorInput {
  csvtype: CsvType;
  file: CsvFile;
  onProgress: (progress: { loaded: number; total: number }) => void;
}

/** What the read effect gets. `onProgress` feeds READ_PROGRESS events back to the machine. */
export interface CsvReadActorInput {
  csvtype: CsvType;
  file: CsvFile;
  onProgress: (progress: { rows: number; loaded: number; total: number }) => void;
}

/** What reading the file found: its data rows (null when not counted) and why it cannot be sent (null when it can). */
export interface CsvReadOutcome {
  rows: number | null;
  problem: string | null;
}

export const NO_FILE_MESSAGE = `Choose a CSV file (up to ${CSV_MAX_SIZE_TEXT}) to upload.`;

/**
 * The error step's text (spec 1 §8): the details of the answer's errors joined with commas, or, when it
 * has none, the spec's long fallback message.
 */
export function uploadErrorText(entries: readonly ErrorEntry[]): string {
  const details = entries.map((e) => e.detail.trim()).filter((d) => d !== '' && d !== FALLBACK_TEXT);
  return details.length > 0 ? details.join(', ') : UPLOAD_FALLBACK_MESSAGE;
}

function failureOf(error: unknown): CsvUploadFailure {
  const entries = errorEntriesOf(error);
  return { entries, text: uploadErrorText(entries) };
}

/** Upload progress in percent (0-100), or null when the size is unknown. */
export const progressPercent = (loaded: number, total: number): number | null =>
  total > 0 && Number.isFinite(loaded) ? Math.max(0, Math.min(100, Math.round((loaded / total) * 100))) : null;

const cleanForm = { file: null, fileError: null, progress: null, rowsRead: null, result: null, error: null } as const;

/**
 * The CSV upload modal (spec 1 §2.6, §4): step 0 is the form (template link, choose or drop a file,
 * Upload; while it uploads, a progress bar), step 1 the result table after a success answer (which also
 * refreshes the invoice list through the injected `refreshInvoices`), step 2 the error with its text and
 * Back. Back returns to the form with the csvtype kept (and, from the error, the file too, so nothing is
 * lost). Beyond the spec, a file that is not CSV, is empty or is over 5 MB is refused before sending,
 * with a message naming the limit. UPLOAD is taken only on the form, so a double click sends once.
 *
 * Before it is sent, the file is read off the main thread (the `read` actor: the kit's Web Worker with
 * papaparse), with progress in rows read; a file the reader refuses (the kernel's file check, or a file the
 * browser can no longer read) returns to the form with the reason. The reader is an aid, not the judge:
 * if it fails (no worker), the file is sent anyway and the provider checks it, as it checks every row.
 *
 * States: form (step 0) -> reading -> uploading (both still step 0) -> success (step 1) | failure (step 2).
 * The effects are the `read` and `upload` actors, provided by the kit's hook (src/ui/csv-upload/useCsvUpload.ts).
 * The default `read` reads nothing and lets the file go, so a caller that provides only `upload` still works.
 */
export const csvUploadMachine = setup({
  types: {
    context: {} as CsvUploadContext,
    events: {} as CsvUploadEvent,
    input: {} as CsvUploadInput,
  },
  actors: {
    read: fromPromise<CsvReadOutcome, CsvReadActorInput>(() => Promise.resolve({ rows: null, problem: null })),
    upload: fromPromise<CsvUploadResult, CsvUploadActorInput>(() => new Promise(() => {})),
  },
  actions: {
    /** Reloads the invoice list (and the 'Add New Invoices' date) after a processed file. */
    refreshInvoices: () => {},
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    readRefused: (_, params: { output: CsvReadOutcome }) => params.output.problem !== null,
  },
}).createMachine({
  id: 'csvUpload',
  // No input (a graph traversal, an inspector) means the Invoices page's upload.
  context: ({ input }) => ({ csvtype: (input as CsvUploadInput | undefined)?.csvtype ?? 'invoice', ...cleanForm }),
  initial: 'form',
  on: {
    RESET: { target: '.form', actions: assign(cleanForm) },
  },
  states: {
    form: {
      on: {
        SELECT_TYPE: { actions: assign({ csvtype: ({ event }) => event.csvtype }) },
        SELECT_FILE: {
          actions: assign(({ event }) => {
            const problem = csvFileProblem(event.file);
            return { file: problem === null ? event.file : null, fileError: problem };
          }),
        },
        CLEAR_FILE: { actions: assign({ file: null, fileError: null }) },
        UPLOAD: [
          { guard: 'hasFile', target: 'reading' },
          { actions: assign({ fileError: ({ context }) => context.fileError ?? NO_FILE_MESSAGE }) },
        ],
      },
    },
    reading: {
      entry: assign({ progress: null, rowsRead: null, result: null, error: null, fileError: null }),
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context, self }) => ({
          csvtype: context.csvtype,
          file: context.file as CsvFile, // the hasFile guard let the machine in here
          onProgress: ({ rows, loaded, total }: { rows: number; loaded: number; total: number }) =>
            self.send({ type: 'READ_PROGRESS', rows, loaded, total }),
        }),
        onDone: [
          {
            guard: { type: 'readRefused', params: ({ event }) => ({ output: event.output }) },
            target: 'form',
            actions: assign({
              file: null,
              fileError: ({ event }) => event.output.problem,
              progress: null,
              rowsRead: null,
            }),
          },
          { target: 'uploading', actions: assign({ rowsRead: ({ event }) => event.output.rows }) },
        ],
        // The reader could not run (no worker): the provider reads and checks the file itself.
        onError: { target: 'uploading' },
      },
      on: {
        READ_PROGRESS: {
          actions: assign({
            progress: ({ event }) => progressPercent(event.loaded, event.total),
            rowsRead: ({ event }) => event.rows,
          }),
        },
        CANCEL: { target: 'form', actions: assign({ progress: null, rowsRead: null }) },
      },
    },
    uploading: {
      entry: assign({ progress: null, result: null, error: null, fileError: null }),
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          csvtype: context.csvtype,
          file: context.file as CsvFile, // the hasFile guard let the machine in here
          onProgress: ({ loaded, total }: { loaded: number; total: number }) =>
            self.send({ type: 'PROGRESS', loaded, total }),
        }),
        onDone: {
          target: 'success',
          actions: [assign({ result: ({ event }) => event.output, progress: 100 }), 'refreshInvoices'],
        },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
      on: {
        PROGRESS: { actions: assign({ progress: ({ event }) => progressPercent(event.loaded, event.total) }) },
        CANCEL: { target: 'form', actions: assign({ progress: null, rowsRead: null }) },
      },
    },
    success: {
      on: { BACK: { target: 'form', actions: assign(cleanForm) } },
    },
    failure: {
      on: { BACK: { target: 'form', actions: assign({ error: null, progress: null, rowsRead: null }) } },
    },
  },
});

type CsvUploadMachine = typeof csvUploadMachine;
export type CsvUploadSnapshot = SnapshotFrom<CsvUploadMachine>;
export type CsvUploadStep = 0 | 1 | 2;

/** The modal's step (spec 1 §4): 0 the form (reading and uploading included), 1 success, 2 error. */
export function stepOf(snapshot: CsvUploadSnapshot): CsvUploadStep {
  if (snapshot.matches('success')) return 1;
  if (snapshot.matches('failure')) return 2;
  return 0;
}
