import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { fromPromise } from 'xstate';
import { csvUploadMachine, type CsvUploadActorInput } from '../../../machines/csv-upload/csv-upload.machine';
import type { CsvUploadResult } from '../../domain/csv';
import { useSession } from '../../api/session-context';
import { uploadCsv } from '../../api/uploads';
import { isInvoiceDataKey } from './csv-upload-view';

/**
 * The CSV upload flow's effects: the upload goes through the client (stopping the actor on Cancel, Reset
 * or unmount aborts the request), and a processed file refreshes every invoice list, the statistics and
 * the utilisation card.
 */
export function useCsvUpload() {
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  return useMemo(
    () =>
      csvUploadMachine.provide({
        actors: {
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
