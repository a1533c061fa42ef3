/**
 * The CSV upload's path model: the graph its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import type { CsvUploadResult } from '../../src/domain/csv';
import { pathModel } from '../test-paths';
import { apiErrorFromBody } from '../../src/api/errors';
import { csvUploadMachine, type CsvFile, type CsvReadOutcome, type CsvUploadEvent } from './csv-upload.machine';

export const csvFile = (name = 'invoices.csv', content = 'invoice_number\r\nX-1\r\n', type = 'text/csv'): CsvFile =>
  new File([content], name, { type });
export const RESULT: CsvUploadResult = {
  rows: [
    { row: 2, invoice_number: 'INV-1', status: 'success', failure_reason: null },
    {
      row: 3,
      invoice_number: 'INV-2',
      status: 'failed',
      failure_reason: 'Row 3: customer_code NOPE is not one of your customers',
    },
  ],
  meta: { file_id: 'UPL-000001', accepted_rows: 1, rejected_rows: 1 },
};

/** The reader's answers: the file read (2 rows), and a file it refuses (the browser could no longer read it). */
export const READ_OK: CsvReadOutcome = { rows: 2, problem: null };
export const READ_REFUSED: CsvReadOutcome = {
  rows: 0,
  problem: "'good.csv' could not be read: it may have been moved or changed since it was chosen. Choose it again.",
};

const good = csvFile('good.csv');
const read = { type: 'xstate.done.actor.read', output: READ_OK } as AnyEventObject;
const readRefused = { type: 'xstate.done.actor.read', output: READ_REFUSED } as AnyEventObject;
const readFailed = { type: 'xstate.error.actor.read', error: new Error('The file reader stopped.') } as AnyEventObject;
const done = { type: 'xstate.done.actor.upload', output: RESULT } as AnyEventObject;
const failed = {
  type: 'xstate.error.actor.upload',
  error: apiErrorFromBody(422, { errors: [{ detail: 'Refused.' }] }),
} as AnyEventObject;
const silent = { type: 'xstate.error.actor.upload', error: apiErrorFromBody(500, {}) } as AnyEventObject;
const EVENTS = [
  { type: 'SELECT_FILE', file: good },
  { type: 'SELECT_FILE', file: csvFile('bad.png', 'x', 'image/png') },
  { type: 'SELECT_TYPE', csvtype: 'distributor' },
  { type: 'CLEAR_FILE' },
  { type: 'UPLOAD' },
  read,
  { type: 'PROGRESS', loaded: 1, total: 2 },
  { type: 'CANCEL' },
  { type: 'BACK' },
  { type: 'RESET' },
  done,
  failed,
  silent,
] as CsvUploadEvent[];

/** The reading step in full: its progress, the file read, refused by the reader, the reader failing, Cancel and Reset. */
const READING_EVENTS = [
  { type: 'SELECT_FILE', file: good },
  { type: 'UPLOAD' },
  { type: 'READ_PROGRESS', rows: 1, loaded: 1, total: 2 },
  read,
  readRefused,
  readFailed,
  { type: 'CANCEL' },
  { type: 'RESET' },
  done,
] as CsvUploadEvent[];

/** States apart by step and by what the form holds (the guards and the texts depend on it). */
export const serializeState = (s: {
  value: unknown;
  context: {
    csvtype: string;
    file: unknown;
    fileError: string | null;
    progress: number | null;
    rowsRead: number | null;
    error: { text: string } | null;
  };
}) =>
  JSON.stringify([
    s.value,
    s.context.csvtype,
    s.context.file !== null,
    s.context.fileError,
    s.context.progress,
    s.context.rowsRead,
    s.context.error?.text ?? null,
  ]);

/** Files serialise as {} in JSON: name them, or the graph takes both SELECT_FILE events for one. */
const serializeEvent = (e: AnyEventObject) =>
  JSON.stringify(e, (key, value: unknown) =>
    value instanceof Blob ? `file:${(value as File).name}` : key === 'error' ? String(value) : value,
  );

export const csvUploadPaths = pathModel({
  machine: csvUploadMachine,
  effects: ['read', 'upload'],
  graphs: {
    /** Every step, a good and a refused file, the file read, the upload answered, refused and failing silently. */
    upload: { events: EVENTS, serializeState, serializeEvent },
    /** Reading the file: progress in rows, the file read, refused by the reader, the reader failing (the file goes anyway). */
    reading: { events: READING_EVENTS, serializeState, serializeEvent },
  },
});
