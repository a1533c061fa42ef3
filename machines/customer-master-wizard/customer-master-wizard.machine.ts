import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { csvFileProblem, failureReasons, rowFailed, type CsvUploadResult } from '../../src/domain/csv';
import { errorEntriesOf, toastText, type ErrorEntry } from '../../src/domain/errors';
import {
  WIZARD_ERROR_STEP,
  WIZARD_STEPS,
  WIZARD_SUCCESS_STEP,
  type WizardUploadType,
  type WizardWorkStep,
} from '../../src/domain/lending';
import type { CreditEvaluationResult } from '../../src/domain/credit';
import { NO_FILE_MESSAGE, progressPercent, type CsvFile } from '../csv-upload/csv-upload.machine';

/** The wizard's steps (spec 2 §4): 0 customer master, 1 invoice history, 2 credit evaluation, 3 success, 4 error. */
export type WizardStep = WizardWorkStep | typeof WIZARD_SUCCESS_STEP | typeof WIZARD_ERROR_STEP;
/** The steps that upload a file. */
export type WizardUploadStep = Exclude<WizardWorkStep, 2>;

/** What the upload effect gets: the step's type (demographic_data, transaction_data) and the file. */
export interface WizardUploadRequest {
  csvtype: WizardUploadType;
  file: CsvFile;
  /** Feeds PROGRESS events back to the machine. */
  onProgress: (progress: { loaded: number; total: number }) => void;
}

/** What the evaluation effect resolves with (POST /distributor_companies/credit_evaluation); amounts in paise. */
export type { CreditEvaluationResult };

/** What the evaluation effect gets: the file ids of the wizard's processed uploads (none when both were skipped). */
export interface EvaluationRequest {
  fileIds: string[];
}

/** How a processed file went as a whole: every row taken, some refused, or none taken. */
export type UploadFileStatus = 'success' | 'partial' | 'failed';

/** Rows a processed file had refused: how many and why (the rows' failure reasons, 'Row 3: ...'). */
export interface RejectedRows {
  /** The step whose upload refused them. */
  step: WizardUploadStep;
  fileName: string;
  count: number;
  reasons: string[];
}

/** A step's processed upload (kept to the end of the wizard, so nothing it reported is lost). */
export interface WizardUpload {
  fileName: string;
  status: Exclude<UploadFileStatus, 'failed'>;
  result: CsvUploadResult;
  rejected: RejectedRows | null;
}

/** Why the wizard is on the error step: the provider's entries, the text, and the rows' reasons (if any). */
export interface WizardFailure {
  entries: ErrorEntry[];
  text: string;
  reasons: string[];
}

/**
 * What the wizard holds. The step is not here: it is the state (`wizardStepOf`), and so is the step an error
 * came from (`failedStepOf`), so neither can disagree with where the machine is.
 */
export interface CustomerMasterWizardContext {
  /** The file chosen for the current upload step: kept when its upload fails, cleared when the step is left. */
  file: CsvFile | null;
  /** The browser-side refusal of a chosen file (not CSV, empty, over 5 MB), or of Upload with no file. */
  fileError: string | null;
  /** Upload progress in percent; null before any byte is reported or when the size is unknown. */
  progress: number | null;
  /** Each upload step's processed file; null while not uploaded (or skipped). */
  uploads: Record<WizardUploadStep, WizardUpload | null>;
  /** The rows the previous step's upload refused, shown as a warning on the step it advanced to. */
  warning: RejectedRows | null;
  /** Step 3: what the credit evaluation did. */
  evaluation: CreditEvaluationResult | null;
  /** Step 4: why. */
  error: WizardFailure | null;
}

export type CustomerMasterWizardEvent =
  /** A file chosen with the button or dropped: checked here before anything is sent. */
  | { type: 'CHOOSE_FILE'; file: CsvFile }
  | { type: 'CLEAR_FILE' }
  | { type: 'UPLOAD' }
  /** Sent by the upload effect (through `onProgress`) while the file goes up. */
  | { type: 'PROGRESS'; loaded: number; total: number }
  /** Stops an upload under way (its request is aborted); the step and the file stay. */
  | { type: 'CANCEL' }
  /** Steps 0 and 1: on to the next step with nothing uploaded for this one. */
  | { type: 'SKIP' }
  /** Step 2: run the credit evaluation. */
  | { type: 'COMPLETE' }
  /** Step 4: back to the step the error came from. */
  | { type: 'BACK' }
  /** A clean wizard on step 0 (the modal was closed, or Done); aborts anything under way. */
  | { type: 'RESET' };

const isAccepted = (status: string) => ['success', 'partial'].includes(status.toLowerCase());
/** A customer file answers one row for the file (file_id, its reasons as a list); an invoice-style answer one row per row. */
const isFileRow = (result: CsvUploadResult) => result.rows.some((r) => r.file_id !== undefined && r.file_id !== null);

/** Every failure reason of a processed file's rows, in order. */
export const rejectedReasons = (result: CsvUploadResult): string[] => result.rows.flatMap(failureReasons);

/** How many rows a processed file refused: the provider's count when it sends one, else counted from the rows. */
export function rejectedCount(result: CsvUploadResult): number {
  if (result.meta?.rejected_rows !== undefined) return result.meta.rejected_rows;
  return isFileRow(result) ? rejectedReasons(result).length : result.rows.filter(rowFailed).length;
}

/**
 * A processed file as a whole: 'failed' when no row was taken (the file rows say failed, or the provider
 * counts none accepted), 'partial' when some rows were refused, 'success' otherwise.
 */
export function uploadFileStatus(result: CsvUploadResult): UploadFileStatus {
  const { rows, meta } = result;
  const noneAccepted = meta?.accepted_rows === 0 && (meta.total_rows ?? 1) > 0;
  if (noneAccepted || (rows.length > 0 && !rows.some((r) => isAccepted(r.status)))) return 'failed';
  if (rows.some(rowFailed) || (meta?.rejected_rows ?? 0) > 0) return 'partial';
  return 'success';
}

/** 'N rows were rejected' (one row: 'was'). */
export const rejectedRowsText = (count: number): string =>
  `${count.toLocaleString('en-IN')} ${count === 1 ? 'row was' : 'rows were'} rejected`;

/** The error step of a processed file that took no row: its name, the count, and every row's reason. */
function nothingAcceptedFailure(fileName: string, result: CsvUploadResult): WizardFailure {
  return {
    entries: [],
    text: `No rows of '${fileName}' were accepted: ${rejectedRowsText(rejectedCount(result))}.`,
    reasons: rejectedReasons(result),
  };
}

/** The error step of a refused upload or evaluation: the provider's entries as the toast text, 'CODE: detail'. */
function refusalFailure(error: unknown): WizardFailure {
  const entries = errorEntriesOf(error);
  return { entries, text: toastText(entries), reasons: [] };
}

/** The file ids of the processed uploads kept for the steps: the provider's id of each file. */
export function uploadedFileIds(uploads: Record<WizardUploadStep, WizardUpload | null>): string[] {
  return [uploads[0], uploads[1]].flatMap((upload) => {
    const id = upload?.result.meta?.file_id ?? upload?.result.rows.find((r) => r.file_id)?.file_id;
    return id ? [id] : [];
  });
}

/** The upload type of an upload step (spec 2 §7: demographic_data, then transaction_data). */
export const uploadTypeOf = (step: WizardUploadStep): WizardUploadType => WIZARD_STEPS[step].csvtype;

/** The kernel's step title (spec 2 §2.6, typos kept). */
export const stepTitle = (step: WizardWorkStep): string => WIZARD_STEPS[step].title;

const NO_UPLOADS: Record<WizardUploadStep, WizardUpload | null> = { 0: null, 1: null };

const initialWizardContext = (): CustomerMasterWizardContext => ({
  file: null,
  fileError: null,
  progress: null,
  uploads: NO_UPLOADS,
  warning: null,
  evaluation: null,
  error: null,
});

/** What leaving an upload step clears. */
const leaveStep = { file: null, fileError: null, progress: null } as const;

/** The state of each work step, by step: the step is where the machine is. */
const WORK_STATES = ['customerMaster', 'invoiceHistory', 'evaluation'] as const;
type WorkState = (typeof WORK_STATES)[number];

const wizard = setup({
  types: {
    context: {} as CustomerMasterWizardContext,
    events: {} as CustomerMasterWizardEvent,
  },
  actors: {
    upload: fromPromise<CsvUploadResult, WizardUploadRequest>(() => new Promise(() => {})),
    evaluate: fromPromise<CreditEvaluationResult, EvaluationRequest>(() => new Promise(() => {})),
  },
  actions: {
    /** Reloads the leads (New Leads on the dashboard) and the pipeline's tables after an evaluation. */
    refreshLeads: () => {},
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    nothingAccepted: (_, result: CsvUploadResult) => uploadFileStatus(result) === 'failed',
  },
});

/** Steps 0 and 1 alike: choose a file and upload it (or skip); a processed file moves on, a refusal goes to the error step. */
function uploadStep(step: WizardUploadStep) {
  const next = `#customerMasterWizard.${WORK_STATES[(step + 1) as 1 | 2]}` as const;
  const failed = `#customerMasterWizard.failed.${WORK_STATES[step]}` as const;
  return wizard.createStateConfig({
    initial: 'choosing',
    states: {
      choosing: {
        on: {
          CHOOSE_FILE: {
            actions: assign(({ event }) => {
              const problem = csvFileProblem(event.file);
              return { file: problem === null ? event.file : null, fileError: problem };
            }),
          },
          CLEAR_FILE: { actions: assign({ file: null, fileError: null }) },
          UPLOAD: [
            { guard: 'hasFile', target: 'sending' },
            { actions: assign({ fileError: ({ context }) => context.fileError ?? NO_FILE_MESSAGE }) },
          ],
          SKIP: {
            target: next,
            actions: assign(({ context }) => ({
              ...leaveStep,
              uploads: { ...context.uploads, [step]: null },
              warning: null,
            })),
          },
        },
      },
      sending: {
        entry: assign({ progress: null, fileError: null }),
        invoke: {
          id: 'upload',
          src: 'upload',
          input: ({ context, self }) => ({
            csvtype: uploadTypeOf(step),
            file: context.file as CsvFile, // the hasFile guard let the machine in here
            onProgress: ({ loaded, total }: { loaded: number; total: number }) =>
              self.send({ type: 'PROGRESS', loaded, total }),
          }),
          onDone: [
            {
              guard: { type: 'nothingAccepted', params: ({ event }) => event.output },
              target: failed,
              actions: assign(({ context, event }) => ({
                progress: null,
                error: nothingAcceptedFailure(context.file?.name ?? '', event.output),
              })),
            },
            { target: next, actions: assign(({ context, event }) => advance(step, context, event.output)) },
          ],
          onError: {
            target: failed,
            actions: assign(({ event }) => ({ progress: null, error: refusalFailure(event.error) })),
          },
        },
        on: {
          PROGRESS: { actions: assign({ progress: ({ event }) => progressPercent(event.loaded, event.total) }) },
          CANCEL: { target: 'choosing', actions: assign({ progress: null }) },
        },
      },
    },
  });
}

/** The error step's Back: to the step the error came from (an upload step keeps its file, so Upload sends it again). */
const backTo = (state: WorkState) =>
  wizard.createStateConfig({
    on: { BACK: { target: `#customerMasterWizard.${state}`, actions: assign({ error: null }) } },
  });

/**
 * The customer-master CSV wizard (spec 2 §2.6, §4, §7, §8).
 *
 * - Step 0 'Upload Customer Master via CSV' (demographic_data) and step 1 'Upload Customer historical
 *   invoice data via CSV' (transaction_data): choose or drop a file (checked before sending: CSV, not empty,
 *   at most 5 MB), Upload, or Skip (on to the next step, nothing uploaded for this one).
 * - A processed file advances one step. When the provider refused some of its rows ('partial') the
 *   count and the reasons are kept and shown as a warning on the next step. When it took none ('failed'),
 *   or the upload is refused as a whole, the wizard goes to step 4 in the substate named after the step
 *   (`failed.customerMaster`, ...); Back returns to that step with the file kept.
 * - Step 2 'Credit Evalution Service': Complete runs the evaluation of the customers the processed files
 *   named (their file ids; none when both steps were skipped); its answer is step 3 (and
 *   `refreshLeads` makes the leads and the pipeline reload), its failure step 4 (`failed.evaluation`).
 * - UPLOAD and COMPLETE are taken only when idle, so a double click sends once. RESET starts over.
 *
 * States, one per step (`wizardStepOf` reads the step from them): customerMaster.choosing | .sending (step 0),
 * invoiceHistory.choosing | .sending (step 1), evaluation.ready | .evaluating (step 2), succeeded (step 3),
 * failed.customerMaster | .invoiceHistory | .evaluation (step 4, from that step). Effects, provided by the
 * screen's hook (src/features/pipeline/useCustomerMasterWizard.ts): the `upload` and `evaluate` actors and
 * the `refreshLeads` action.
 */
export const customerMasterWizardMachine = wizard.createMachine({
  id: 'customerMasterWizard',
  context: initialWizardContext,
  initial: 'customerMaster',
  on: {
    RESET: { target: '#customerMasterWizard.customerMaster.choosing', actions: assign(() => initialWizardContext()) },
  },
  states: {
    customerMaster: uploadStep(0),
    invoiceHistory: uploadStep(1),
    evaluation: {
      initial: 'ready',
      states: {
        ready: {
          on: { COMPLETE: 'evaluating' },
        },
        evaluating: {
          invoke: {
            id: 'evaluate',
            src: 'evaluate',
            input: ({ context }) => ({ fileIds: uploadedFileIds(context.uploads) }),
            onDone: {
              target: '#customerMasterWizard.succeeded',
              actions: [assign({ evaluation: ({ event }) => event.output, warning: null }), 'refreshLeads'],
            },
            onError: {
              target: '#customerMasterWizard.failed.evaluation',
              actions: assign({ error: ({ event }) => refusalFailure(event.error) }),
            },
          },
        },
      },
    },
    succeeded: {},
    failed: {
      // Every way in names the substate; XState requires an initial all the same.
      initial: 'customerMaster',
      states: {
        customerMaster: backTo('customerMaster'),
        invoiceHistory: backTo('invoiceHistory'),
        evaluation: backTo('evaluation'),
      },
    },
  },
});

/** A processed file (success or partial): kept for its step, its refused rows become the next step's warning. */
function advance(step: WizardUploadStep, context: CustomerMasterWizardContext, result: CsvUploadResult) {
  const fileName = context.file?.name ?? '';
  const status = uploadFileStatus(result) === 'partial' ? 'partial' : 'success';
  const rejected: RejectedRows | null =
    status === 'partial' ? { step, fileName, count: rejectedCount(result), reasons: rejectedReasons(result) } : null;
  return {
    ...leaveStep,
    uploads: { ...context.uploads, [step]: { fileName, status, result, rejected } },
    warning: rejected,
  };
}

type CustomerMasterWizardMachine = typeof customerMasterWizardMachine;
export type CustomerMasterWizardSnapshot = SnapshotFrom<CustomerMasterWizardMachine>;

type WizardState = CustomerMasterWizardSnapshot['value'];
/** The top state: the step's, or succeeded or failed. */
const topState = (value: WizardState) =>
  typeof value === 'string' ? value : (Object.keys(value)[0] as Exclude<keyof typeof value, symbol>);

/** The wizard's step (0..4), read from its state: the UI shows it, the tests check it. */
export function wizardStepOf(snapshot: { value: WizardState }): WizardStep {
  const top = topState(snapshot.value);
  if (top === 'succeeded') return WIZARD_SUCCESS_STEP;
  if (top === 'failed') return WIZARD_ERROR_STEP;
  return WORK_STATES.indexOf(top) as WizardWorkStep;
}

/** On the error step, the step the error came from (Back returns to it); null elsewhere. */
export function failedStepOf(snapshot: { value: WizardState }): WizardWorkStep | null {
  const { value } = snapshot;
  return typeof value === 'object' && 'failed' in value ? (WORK_STATES.indexOf(value.failed) as WizardWorkStep) : null;
}

/** A file is going up (step 0 or 1). */
export const isUploading = (snapshot: CustomerMasterWizardSnapshot): boolean =>
  snapshot.matches({ customerMaster: 'sending' }) || snapshot.matches({ invoiceHistory: 'sending' });

/** An upload or the evaluation is under way: the modal stays open and the buttons are busy. */
export const isBusy = (snapshot: CustomerMasterWizardSnapshot): boolean =>
  isUploading(snapshot) || snapshot.matches({ evaluation: 'evaluating' });
