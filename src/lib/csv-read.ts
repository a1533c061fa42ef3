/**
 * Reading a chosen CSV file before it is sent: papaparse over the file's text, counting its rows and
 * reporting progress, and the kernel's check of the file (`csvFileProblem`). A plain module: the upload's
 * Web Worker (`csv-read.worker.ts`) is a thin wrapper over `serveCsvRead`, tests call `readCsvFile`
 * directly, and a browser without workers runs it on the page (`csv-read-client.ts`).
 *
 * It refuses nothing the provider judges: the header, the row limit, malformed quotes and every cell are
 * checked by the provider, whose messages the error step and the result table show. The rules stay there
 * and in src/domain; this module only reads.
 */
import Papa from 'papaparse';
import { csvFileProblem } from '../domain/csv';

/** A chosen or dropped file (a File in the browser; any Blob with a name will do). */
export type CsvSource = Blob & { readonly name: string };

/** How far the reading is: data rows read so far, and characters of the file's text read out of all. */
export interface CsvReadProgress {
  rows: number;
  loaded: number;
  total: number;
}

/** What reading a file found. */
export interface CsvReadSummary {
  /** Data rows: the lines after the header that hold anything (blank lines are not rows, as the provider counts them). */
  rows: number;
  /** The header row's cells as written ([] for a file that could not be read). */
  header: string[];
  /** Why the file cannot be sent (the kernel's file check, or a file the browser could not read); null when it may go. */
  problem: string | null;
}

export interface CsvReadOptions {
  onProgress?: (progress: CsvReadProgress) => void;
  /** Data rows between two progress reports. */
  every?: number;
}

/** Rows read between two progress reports (a 10,000-row file reports 20 times). */
const CSV_READ_REPORT_EVERY = 500;

/** A file the browser could not read (moved, deleted or changed since it was chosen). */
export const unreadableFileText = (name: string) =>
  `'${name}' could not be read: it may have been moved or changed since it was chosen. Choose it again.`;

const isBlankRow = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads CSV text: the header, and the data rows counted as papaparse reads them (a quoted cell may hold
 * commas and line breaks; blank lines are not rows). Progress goes to `onProgress` every `every` rows and
 * once at the end.
 */
export function readCsvText(text: string, options: CsvReadOptions = {}): Omit<CsvReadSummary, 'problem'> {
  const { onProgress, every = CSV_READ_REPORT_EVERY } = options;
  const body = text.replace(/^\uFEFF/, '');
  const total = body.length;
  let header: string[] | null = null;
  let rows = 0;
  if (total > 0) {
    // A string is parsed synchronously: `step` runs for every row before parse returns.
    Papa.parse<string[]>(body, {
      delimiter: ',',
      header: false,
      skipEmptyLines: false,
      step: (results) => {
        const cells = results.data;
        if (header === null) header = cells;
        else if (!isBlankRow(cells)) {
          rows += 1;
          if (rows % every === 0)
            onProgress?.({ rows, loaded: Math.min(total, Math.max(0, results.meta.cursor)), total });
        }
      },
    });
  }
  onProgress?.({ rows, loaded: total, total });
  return { rows, header: header ?? [] };
}

/**
 * Reads a chosen file: the kernel's file check first (a file that is not CSV, empty or over 5 MB goes no
 * further), then its text (UTF-8, as the provider reads it) through `readCsvText`.
 */
export async function readCsvFile(file: CsvSource, options: CsvReadOptions = {}): Promise<CsvReadSummary> {
  const problem = csvFileProblem(file);
  if (problem !== null) return { rows: 0, header: [], problem };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { rows: 0, header: [], problem: unreadableFileText(file.name) };
  }
  return { ...readCsvText(text, options), problem: null };
}

// ---------------------------------------------------------------------------------------------------
// The worker's messages

/** The page asks the worker to read one file. */
export interface CsvReadRequest {
  file: CsvSource;
}

/** The worker answers with progress, then the summary or why it failed. */
export type CsvReadMessage =
  | ({ type: 'progress' } & CsvReadProgress)
  | { type: 'done'; summary: CsvReadSummary }
  | { type: 'failed'; message: string };

/** What the worker does with a request: read the file, posting progress and then the outcome. */
export async function serveCsvRead(request: CsvReadRequest, post: (message: CsvReadMessage) => void): Promise<void> {
  try {
    const summary = await readCsvFile(request.file, {
      onProgress: (progress) => post({ type: 'progress', ...progress }),
    });
    post({ type: 'done', summary });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
