/**
 * The customer-master wizard's path model: the graphs its path tests walk (machines/test-paths.ts, `PathModel`).
 * Test support, imported by tests only.
 */
import type { AnyEventObject } from 'xstate';
import { CSV_MAX_BYTES, type CsvUploadResult } from '../../src/domain/csv';
import type { CsvFile } from '../csv-upload/csv-upload.machine';
import { pathModel } from '../test-paths';
import { apiErrorFromBody, clientError } from '../../src/api/errors';
import {
  customerMasterWizardMachine,
  failedStepOf,
  wizardStepOf,
  type CreditEvaluationResult,
  type CustomerMasterWizardEvent,
  type CustomerMasterWizardSnapshot,
} from './customer-master-wizard.machine';

const csvFile = (name = 'customers.csv', content = 'customer_code,name\nC-1,Acme\n', type = 'text/csv'): CsvFile =>
  new File([content], name, { type });
export const good = csvFile('customers.csv');
export const history = csvFile('history.csv');
export const notes = csvFile('notes.txt', 'hello', 'text/plain');
export const big = csvFile('big.csv', 'x'.repeat(CSV_MAX_BYTES + 1));

/** The provider's id of every processed file in the paths. */
export const FILE_ID = 'UPL-000001';

/** A customer file's answer: one row for the file (spec 2 §7), with the provider's summary. */
const fileAnswer = (status: string, reasons: string[], accepted: number): CsvUploadResult => ({
  rows: [{ file_id: FILE_ID, status, failure_reason: reasons }],
  meta: {
    file_id: FILE_ID,
    total_rows: accepted + reasons.length,
    accepted_rows: accepted,
    rejected_rows: reasons.length,
  },
});
export const ACCEPTED = fileAnswer('success', [], 3);
export const PARTIAL = fileAnswer(
  'partial',
  ['Row 3: region must be one of north, south, east, west', 'Row 5: primary_user_mobile is not a mobile number'],
  2,
);
export const NOTHING = fileAnswer('failed', ['Row 2: customer_code is required', 'Row 3: name is required'], 0);
export const EVALUATION: CreditEvaluationResult = {
  evaluated: 5,
  graded: 3,
  need_more_data: 2,
  eligibility_total: 12_50_000_00,
  customers: [],
};

export const REFUSED = apiErrorFromBody(422, {
  status: 'error',
  errors: [{ code: 'ER-UPLOAD-HEADER', title: 'file', detail: 'The header row does not match.' }],
});
export const OFFLINE = clientError('Could not reach the provider. Check the connection and try again.');
export const EVAL_DOWN = apiErrorFromBody(503, {
  errors: [{ code: 'ER-503', detail: 'Credit evaluation is unavailable, try later.' }],
});

// The wizard as the paths and the tests' model see it.

export type ValueName =
  | 'customerMaster.choosing'
  | 'customerMaster.sending'
  | 'invoiceHistory.choosing'
  | 'invoiceHistory.sending'
  | 'evaluation.ready'
  | 'evaluation.evaluating'
  | 'succeeded'
  | 'failed.customerMaster'
  | 'failed.invoiceHistory'
  | 'failed.evaluation';

/** What the paths tell apart; a graph's snapshot or a live actor's. */
type Seen = Pick<CustomerMasterWizardSnapshot, 'value' | 'context'>;

export interface View {
  value: ValueName;
  /** Derived from the state (`wizardStepOf`, `failedStepOf`); the tests' model keeps its own. */
  step: number;
  previousStep: number | null;
  file: string | null;
  fileError: string | null;
  progress: number | null;
  uploads: [string | null, string | null];
  warning: { step: number; count: number; reasons: string[] } | null;
  evaluation: CreditEvaluationResult | null;
  error: { text: string; reasons: string[] } | null;
}

export const valueName = (value: unknown): ValueName =>
  (typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, string>).map(([k, v]) => `${k}.${v}`)[0]) as ValueName;

export function view(s: Seen): View {
  const c = s.context;
  return {
    value: valueName(s.value),
    step: wizardStepOf(s),
    previousStep: failedStepOf(s),
    file: c.file?.name ?? null,
    fileError: c.fileError,
    progress: c.progress,
    uploads: [c.uploads[0]?.status ?? null, c.uploads[1]?.status ?? null],
    warning: c.warning && { step: c.warning.step, count: c.warning.count, reasons: c.warning.reasons },
    evaluation: c.evaluation,
    error: c.error && { text: c.error.text, reasons: c.error.reasons },
  };
}

export const EV = {
  chooseGood: { type: 'CHOOSE_FILE', file: good },
  chooseHistory: { type: 'CHOOSE_FILE', file: history },
  chooseTxt: { type: 'CHOOSE_FILE', file: notes },
  chooseBig: { type: 'CHOOSE_FILE', file: big },
  clear: { type: 'CLEAR_FILE' },
  upload: { type: 'UPLOAD' },
  progress: { type: 'PROGRESS', loaded: 1, total: 4 },
  cancel: { type: 'CANCEL' },
  skip: { type: 'SKIP' },
  complete: { type: 'COMPLETE' },
  back: { type: 'BACK' },
  reset: { type: 'RESET' },
} satisfies Record<string, CustomerMasterWizardEvent>;
export const EFFECTS = {
  accepted: { type: 'xstate.done.actor.upload', output: ACCEPTED },
  partial: { type: 'xstate.done.actor.upload', output: PARTIAL },
  nothing: { type: 'xstate.done.actor.upload', output: NOTHING },
  refused: { type: 'xstate.error.actor.upload', error: REFUSED },
  offline: { type: 'xstate.error.actor.upload', error: OFFLINE },
  evaluated: { type: 'xstate.done.actor.evaluate', output: EVALUATION },
  evalDown: { type: 'xstate.error.actor.evaluate', error: EVAL_DOWN },
} satisfies Record<string, AnyEventObject>;

const NAMES = new Map<unknown, string>([
  [good, 'good'],
  [history, 'history'],
  [notes, 'txt'],
  [big, 'big'],
  [ACCEPTED, 'accepted'],
  [PARTIAL, 'partial'],
  [NOTHING, 'nothing'],
  [REFUSED, 'refused'],
  [OFFLINE, 'offline'],
  [EVALUATION, 'evaluation'],
  [EVAL_DOWN, 'evalDown'],
]);
/** Files, answers and errors by name: JSON would make every file {} and every error alike. */
const serializeEvent = (e: AnyEventObject) =>
  JSON.stringify(e, (key, value: unknown) => (key !== '' && NAMES.has(value) ? NAMES.get(value) : value));
export const fullState = (s: Seen) => JSON.stringify(view(s));
/** Coarser, for the simple paths: where the wizard is, what it holds, not the texts (the model still checks them). */
export const coarseState = (s: Seen) => {
  const v = view(s);
  return JSON.stringify([
    v.value,
    v.step,
    v.previousStep,
    v.file,
    v.uploads,
    v.warning?.step ?? null,
    v.error !== null,
  ]);
};
const canTake = ((s: { can: (e: AnyEventObject) => boolean }, e: AnyEventObject) => s.can(e)) as never;

export const customerMasterWizardPaths = pathModel({
  machine: customerMasterWizardMachine,
  effects: ['upload', 'evaluate'],
  graphs: {
    /** Every event and answer: every state and step by a shortest path. */
    everyStep: {
      events: [...Object.values(EV), ...Object.values(EFFECTS)] as never,
      serializeState: fullState,
      serializeEvent: serializeEvent,
      filterEvents: canTake,
    },
    /** The work (for the simple paths): uploads processed, partial, refused, skipped, evaluated. */
    work: {
      events: [
        EV.chooseGood,
        EV.chooseTxt,
        EV.upload,
        EV.skip,
        EV.complete,
        EV.back,
        EFFECTS.accepted,
        EFFECTS.partial,
        EFFECTS.nothing,
        EFFECTS.refused,
        EFFECTS.evaluated,
        EFFECTS.evalDown,
      ] as never,
      serializeState: coarseState,
      serializeEvent: serializeEvent,
      filterEvents: canTake,
    },
  },
});
