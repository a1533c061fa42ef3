import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { fromPromise } from 'xstate';
import {
  csvUploadMachine,
  type CsvReadActorInput,
  type CsvReadOutcome,
  type CsvUploadActorInput,
} from '../../../machines/csv-upload/csv-upload.machine';
import type { CsvUploadResult } from '../../domain/csv';
import { useSession } from '../../api/session-context';
import { uploadCsv } from '../../api/uploads';
import { readCsvOffThread, type CsvReadOffThreadOptions } from '../../lib/csv-read-client';
import { isInvoiceDataKey } from './csv-upload-view';

/**
 * The machine's `read` effect: the file read and checked in a Web Worker (papaparse), its progress sent back
 * as the machine asks; stopping the actor (Cancel, Reset, unmount) stops the worker. `createWorker` is for
 * tests (null reads on the page, as where there is no Worker).
 */
export const readEffect = (createWorker?: CsvReadOffThreadOptions['createWorker']) =>
  fromPromise<CsvReadOutcome, CsvReadActorInput>(async ({ input, signal }) => {
    const summary = await readCsvOffThread(input.file, {
      onProgress: input.onProgress,
      signal,
      ...(createWorker === undefined ? {} : { createWorker }),
    });
    return { rows: summary.rows, problem: summary.problem };
  });

/**
 * The CSV upload flow's effects: the file is read off the main thread first (`readEffect`), the upload goes
 * through the client (stopping the actor on Cancel, Reset or unmount aborts the request), and a processed
 * file refreshes every invoice list, the statistics and the utilisation card.
 */
export function useCsvUpload() {
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  return useMemo(
    () =>
      csvUploadMachine.provide({
        actors: {
          read: readEffect(),
          upload: fromPromise<CsvUploadResult, CsvUploadActorInput>(({ input, signal }) =>
            uploadCsv(client, { csvtype: input.csvtype, file: input.file, onProgress: input.onProgress, signal }),
          ),
        },
        actions: {
          refreshInvoices: () => {
            void mutate(isInvoiceDataKey);
          },
        },
      }),
    [client, mutate],
  );
}
