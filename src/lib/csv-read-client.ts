/**
 * The page's side of the CSV reader: `readCsvOffThread` starts the reading worker (csv-read.worker.ts) for
 * one file, relays its progress and settles with its summary. Where there is no Worker (tests under
 * happy-dom, an old browser) the same reader runs on the page instead, loaded on demand so papaparse stays
 * out of the page's own chunks.
 */
import type { CsvReadMessage, CsvReadProgress, CsvReadSummary, CsvSource } from './csv-read';

/** What the page needs of a Worker (a fake will do in tests). */
export interface CsvReadWorker {
  onmessage: ((event: MessageEvent<CsvReadMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage: (message: { file: CsvSource }) => void;
  terminate: () => void;
}

export interface CsvReadOffThreadOptions {
  onProgress?: (progress: CsvReadProgress) => void;
  /** Aborting stops the worker; the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** Makes the worker; null reads on the page. Defaults to the module worker, or null where there is no Worker. */
  createWorker?: (() => CsvReadWorker) | null;
}

/** The module worker Vite builds from csv-read.worker.ts (its own chunk, with papaparse). */
export const defaultCsvReadWorker: (() => CsvReadWorker) | null =
  typeof Worker === 'undefined'
    ? null
    : (): CsvReadWorker =>
        new Worker(new URL('./csv-read.worker.ts', import.meta.url), { type: 'module', name: 'csv-read' });

const abortError = () => new DOMException('The file reading was cancelled.', 'AbortError');

/** Reads `file` in a Web Worker (or on the page where there is none): progress as it goes, then the summary. */
export async function readCsvOffThread(
  file: CsvSource,
  options: CsvReadOffThreadOptions = {},
): Promise<CsvReadSummary> {
  const { onProgress, signal } = options;
  const createWorker = options.createWorker === undefined ? defaultCsvReadWorker : options.createWorker;
  if (signal?.aborted) throw abortError();
  if (createWorker === null) {
    const { readCsvFile } = await import('./csv-read');
    if (signal?.aborted) throw abortError();
    return readCsvFile(file, { onProgress: (progress) => !signal?.aborted && onProgress?.(progress) });
  }
  return new Promise<CsvReadSummary>((resolve, reject) => {
    let worker: CsvReadWorker;
    try {
      worker = createWorker();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const finish = () => {
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress?.({ rows: message.rows, loaded: message.loaded, total: message.total });
        return;
      }
      finish();
      if (message.type === 'done') resolve(message.summary);
      else reject(new Error(message.message));
    };
    // A worker that cannot start (its script refused or failed to load) or throws outside serveCsvRead.
    worker.onerror = (event) => {
      event.preventDefault?.();
      finish();
      reject(new Error(event.message || 'The file reader stopped.'));
    };
    worker.postMessage({ file });
  });
}
