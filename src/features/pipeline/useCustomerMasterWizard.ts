import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { fromPromise } from 'xstate';
import {
  customerMasterWizardMachine,
  type CreditEvaluationResult,
  type EvaluationRequest,
  type WizardUploadRequest,
} from '../../../machines/customer-master-wizard/customer-master-wizard.machine';
import type { CsvUploadResult } from '../../domain/csv';
import { runCreditEvaluation } from '../../api/lending';
import { useSession } from '../../api/session-context';
import { uploadCsv } from '../../api/uploads';

/**
 * The SWR data an evaluation makes stale, by the key's first element: the dashboard's leads (New Leads
 * and the other lead tables) and their counts, and the pipeline's fund tables and credit line summary.
 */
const STALE_AFTER_EVALUATION = new Set(['leads', 'lead-statuses', 'fund-available', 'credit-line-summary']);
export const isEvaluatedDataKey = (key: unknown): boolean =>
  Array.isArray(key) && STALE_AFTER_EVALUATION.has(key[0] as string);

/**
 * The customer-master wizard's effects: each step's file goes up through the client to POST
 * /distributor_companies/upload (stopping the actor on Cancel, Reset or unmount aborts it), Complete runs
 * POST /distributor_companies/credit_evaluation for the uploaded files, and an evaluation revalidates the
 * leads and the pipeline.
 */
export function useCustomerMasterWizard() {
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  return useMemo(
    () =>
      customerMasterWizardMachine.provide({
        actors: {
          upload: fromPromise<CsvUploadResult, WizardUploadRequest>(({ input, signal }) =>
            uploadCsv(client, { csvtype: input.csvtype, file: input.file, onProgress: input.onProgress, signal }),
          ),
          evaluate: fromPromise<CreditEvaluationResult, EvaluationRequest>(({ input }) =>
            runCreditEvaluation(client, input.fileIds),
          ),
        },
        actions: {
          refreshLeads: () => {
            void mutate(isEvaluatedDataKey);
          },
        },
      }),
    [client, mutate],
  );
}
