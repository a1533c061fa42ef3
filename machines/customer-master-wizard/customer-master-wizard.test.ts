import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { csvFileProblem, type CsvUploadResult } from '../../src/domain/csv';
import { WIZARD_STEPS } from '../../src/domain/lending';
import { NO_FILE_MESSAGE, type CsvFile } from '../csv-upload/csv-upload.machine';
import { effectOutcome, fakeEffect, pathName, replay, settle, type GraphPath } from '../test-paths';
import {
  customerMasterWizardMachine,
  failedStepOf,
  isBusy,
  rejectedCount,
  rejectedReasons,
  rejectedRowsText,
  stepTitle,
  uploadFileStatus,
  wizardStepOf,
  type CreditEvaluationResult,
  type CustomerMasterWizardEvent,
  type CustomerMasterWizardSnapshot,
  type EvaluationRequest,
  type WizardUploadRequest,
} from './customer-master-wizard.machine';
import {
  ACCEPTED,
  big,
  coarseState,
  customerMasterWizardPaths,
  EV,
  EVAL_DOWN,
  EVALUATION,
  FILE_ID,
  fullState,
  good,
  history,
  notes,
  NOTHING,
  OFFLINE,
  PARTIAL,
  REFUSED,
  valueName,
  view,
  type ValueName,
  type View,
} from './customer-master-wizard.paths';

// ---------------------------------------------------------------------------------------------------
// A harness (the files, answers and errors are the path model's, in customer-master-wizard.paths.ts)

function harness() {
  const upload = fakeEffect<CsvUploadResult, WizardUploadRequest>();
  const evaluate = fakeEffect<CreditEvaluationResult, EvaluationRequest>();
  const refreshLeads = vi.fn();
  const machine = customerMasterWizardMachine.provide({
    actors: { upload: upload.logic, evaluate: evaluate.logic },
    actions: { refreshLeads },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    upload,
    evaluate,
    refreshLeads,
    send: (event: CustomerMasterWizardEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    /** The step, read from the state. */
    step: () => wizardStepOf(actor.getSnapshot()),
    /** The context with the step and the step an error came from, both read from the state. */
    seen: () => {
      const snapshot = actor.getSnapshot();
      return { ...snapshot.context, step: wizardStepOf(snapshot), previousStep: failedStepOf(snapshot) };
    },
  };
}
type Harness = ReturnType<typeof harness>;

async function uploadOn(h: Harness, file: CsvFile, answer: CsvUploadResult | { reject: unknown }) {
  h.send({ type: 'CHOOSE_FILE', file });
  h.send({ type: 'UPLOAD' });
  await settle();
  const call = h.upload.pending()[0]!;
  if ('reject' in answer) call.reject(answer.reject);
  else call.resolve(answer);
  await settle();
}

// ---------------------------------------------------------------------------------------------------

describe('the kernel’s steps', () => {
  it('titles the three work steps as the spec does (typo kept) and uploads demographic_data, then transaction_data', () => {
    expect([0, 1, 2].map((s) => stepTitle(s as 0 | 1 | 2))).toEqual([
      'Upload Customer Master via CSV',
      'Upload Customer historical invoice data via CSV',
      'Credit Evalution Service',
    ]);
    expect(WIZARD_STEPS.map((s) => s.csvtype)).toEqual(['demographic_data', 'transaction_data', null]);
  });
});

describe('the step is the state', () => {
  it('reads steps 0-4 from the state value, and on the error step the step the error came from', () => {
    const at = (value: CustomerMasterWizardSnapshot['value']) => [wizardStepOf({ value }), failedStepOf({ value })];
    expect(at({ customerMaster: 'choosing' })).toEqual([0, null]);
    expect(at({ customerMaster: 'sending' })).toEqual([0, null]);
    expect(at({ invoiceHistory: 'choosing' })).toEqual([1, null]);
    expect(at({ invoiceHistory: 'sending' })).toEqual([1, null]);
    expect(at({ evaluation: 'ready' })).toEqual([2, null]);
    expect(at({ evaluation: 'evaluating' })).toEqual([2, null]);
    expect(at('succeeded')).toEqual([3, null]);
    expect(at({ failed: 'customerMaster' })).toEqual([4, 0]);
    expect(at({ failed: 'invoiceHistory' })).toEqual([4, 1]);
    expect(at({ failed: 'evaluation' })).toEqual([4, 2]);
  });
});

describe('a processed file as a whole', () => {
  it('is success, partial or failed by its file row, or by the provider’s counts', () => {
    expect(uploadFileStatus(ACCEPTED)).toBe('success');
    expect(uploadFileStatus(PARTIAL)).toBe('partial');
    expect(uploadFileStatus(NOTHING)).toBe('failed');
    expect(uploadFileStatus({ rows: [], meta: null })).toBe('success');
    // Counts alone.
    expect(uploadFileStatus({ rows: [], meta: { total_rows: 4, accepted_rows: 0, rejected_rows: 4 } })).toBe('failed');
    expect(uploadFileStatus({ rows: [], meta: { total_rows: 4, accepted_rows: 3, rejected_rows: 1 } })).toBe('partial');
    // Rows per invoice: some refused is partial, all refused is failed.
    const ok = { row: 2, status: 'success', failure_reason: null };
    const bad = { row: 3, status: 'failed', failure_reason: 'Row 3: amount is required' };
    expect(uploadFileStatus({ rows: [ok, bad], meta: null })).toBe('partial');
    expect(uploadFileStatus({ rows: [bad, { ...bad, row: 4 }], meta: null })).toBe('failed');
    expect(uploadFileStatus({ rows: [{ file_id: '1', status: 'error' }], meta: null })).toBe('failed');
  });

  it('counts and lists the refused rows', () => {
    expect(rejectedCount(PARTIAL)).toBe(2);
    expect(rejectedReasons(PARTIAL)).toEqual([
      'Row 3: region must be one of north, south, east, west',
      'Row 5: primary_user_mobile is not a mobile number',
    ]);
    // Without the provider's counts: a file row counts its reasons, invoice-style rows count themselves.
    expect(
      rejectedCount({ rows: [{ file_id: '1', status: 'partial', failure_reason: ['a', 'b', 'c'] }], meta: null }),
    ).toBe(3);
    expect(
      rejectedCount({
        rows: [
          { row: 2, status: 'failed', failure_reason: ['x', 'y'] },
          { row: 3, status: 'success' },
        ],
        meta: null,
      }),
    ).toBe(1);
    expect(rejectedRowsText(2)).toBe('2 rows were rejected');
    expect(rejectedRowsText(1)).toBe('1 row was rejected');
    expect(rejectedRowsText(12_345)).toBe('12,345 rows were rejected');
  });
});

describe('steps 0 and 1: choosing and uploading', () => {
  it('starts on step 0, clean', () => {
    const h = harness();
    expect(h.snapshot().value).toEqual({ customerMaster: 'choosing' });
    expect(h.step()).toBe(0);
    expect(failedStepOf(h.snapshot())).toBeNull();
    expect(h.context()).toEqual({
      file: null,
      fileError: null,
      progress: null,
      uploads: { 0: null, 1: null },
      warning: null,
      evaluation: null,
      error: null,
    });
  });

  it('refuses a .txt or an oversize file in the browser: the problem shows, the step stays, nothing is sent', async () => {
    const h = harness();
    h.send({ type: 'CHOOSE_FILE', file: notes });
    expect(h.seen()).toMatchObject({
      step: 0,
      file: null,
      fileError: "'notes.txt' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8).",
    });
    h.send({ type: 'UPLOAD' });
    h.send({ type: 'CHOOSE_FILE', file: big });
    expect(h.seen()).toMatchObject({
      step: 0,
      file: null,
      fileError: "'big.csv' is 5.0 MB; files up to 5 MB can be uploaded. Split it into smaller files.",
    });
    h.send({ type: 'UPLOAD' });
    await settle();
    expect(h.snapshot().value).toEqual({ customerMaster: 'choosing' });
    expect(h.context().fileError).toBe(csvFileProblem(big));
    expect(h.upload.calls).toEqual([]);
    // A good file clears the problem; Remove empties the choice; Upload with nothing chosen says what to do.
    h.send({ type: 'CHOOSE_FILE', file: good });
    expect(h.context()).toMatchObject({ file: good, fileError: null });
    h.send({ type: 'CLEAR_FILE' });
    h.send({ type: 'UPLOAD' });
    expect(h.context()).toMatchObject({ file: null, fileError: NO_FILE_MESSAGE });
    expect(h.upload.calls).toEqual([]);
  });

  it('sends step 0 as demographic_data once (double click), reports progress, and a success advances to step 1', async () => {
    const h = harness();
    h.send({ type: 'CHOOSE_FILE', file: good });
    h.send({ type: 'UPLOAD' });
    h.send({ type: 'UPLOAD' });
    expect(isBusy(h.snapshot())).toBe(true);
    await settle();
    expect(h.upload.calls).toHaveLength(1);
    expect(h.upload.calls[0]!.input).toMatchObject({ csvtype: 'demographic_data', file: good });
    h.upload.calls[0]!.input.onProgress({ loaded: 40, total: 100 });
    expect(h.context().progress).toBe(40);
    // Nothing else is taken while the file goes up.
    h.send({ type: 'SKIP' });
    h.send({ type: 'CHOOSE_FILE', file: history });
    expect(h.seen()).toMatchObject({ step: 0, file: good });

    h.upload.calls[0]!.resolve(ACCEPTED);
    await settle();
    expect(h.snapshot().value).toEqual({ invoiceHistory: 'choosing' });
    expect(isBusy(h.snapshot())).toBe(false);
    expect(h.seen()).toMatchObject({
      step: 1,
      previousStep: null,
      file: null,
      progress: null,
      warning: null,
      error: null,
    });
    expect(h.context().uploads[0]).toEqual({
      fileName: 'customers.csv',
      status: 'success',
      result: ACCEPTED,
      rejected: null,
    });

    await uploadOn(h, history, ACCEPTED);
    expect(h.upload.calls[1]!.input).toMatchObject({ csvtype: 'transaction_data', file: history });
    expect(h.snapshot().value).toEqual({ evaluation: 'ready' });
    expect(h.seen()).toMatchObject({ step: 2, file: null, warning: null });
    expect(h.context().uploads[1]?.status).toBe('success');
    expect(h.refreshLeads).not.toHaveBeenCalled();
  });

  it('a partial file advances and keeps its refused rows: the next step warns with the count and the reasons', async () => {
    const h = harness();
    await uploadOn(h, good, PARTIAL);
    expect(h.step()).toBe(1);
    const rejected = {
      step: 0,
      fileName: 'customers.csv',
      count: 2,
      reasons: [
        'Row 3: region must be one of north, south, east, west',
        'Row 5: primary_user_mobile is not a mobile number',
      ],
    };
    expect(h.context().warning).toEqual(rejected);
    expect(h.context().uploads[0]).toEqual({ fileName: 'customers.csv', status: 'partial', result: PARTIAL, rejected });
    // The history upload is refused: the warning stays for when Back returns to step 1.
    await uploadOn(h, history, { reject: REFUSED });
    expect(h.seen()).toMatchObject({ step: 4, previousStep: 1, warning: rejected });
    h.send({ type: 'BACK' });
    expect(h.seen()).toMatchObject({ step: 1, previousStep: null, warning: rejected, file: history });
    // Moving on (Skip) leaves it behind; the upload itself stays in uploads.
    h.send({ type: 'SKIP' });
    expect(h.seen()).toMatchObject({ step: 2, warning: null });
    expect(h.context().uploads[0]?.rejected).toEqual(rejected);
  });

  it('Skip moves 0 -> 1 -> 2 with nothing uploaded for the step and the chosen file dropped', async () => {
    const h = harness();
    h.send({ type: 'CHOOSE_FILE', file: good });
    h.send({ type: 'SKIP' });
    expect(h.seen()).toMatchObject({ step: 1, file: null, fileError: null, uploads: { 0: null, 1: null } });
    h.send({ type: 'CHOOSE_FILE', file: notes });
    h.send({ type: 'SKIP' });
    expect(h.snapshot().value).toEqual({ evaluation: 'ready' });
    expect(h.seen()).toMatchObject({ step: 2, file: null, fileError: null, uploads: { 0: null, 1: null } });
    h.send({ type: 'SKIP' });
    expect(h.step()).toBe(2);
    await settle();
    expect(h.upload.calls).toEqual([]);
  });

  it('CANCEL aborts the upload and keeps the step and the file; a late answer is ignored', async () => {
    const h = harness();
    h.send({ type: 'CHOOSE_FILE', file: good });
    h.send({ type: 'UPLOAD' });
    await settle();
    h.send({ type: 'CANCEL' });
    expect(h.upload.calls[0]!.signal.aborted).toBe(true);
    expect(h.snapshot().value).toEqual({ customerMaster: 'choosing' });
    expect(h.seen()).toMatchObject({ step: 0, file: good, progress: null });
    h.upload.calls[0]!.resolve(ACCEPTED);
    await settle();
    expect(h.step()).toBe(0);
  });
});

describe('step 4: errors and Back', () => {
  it('a file with no row accepted goes to step 4 with every row’s reason; Back returns to step 0 with the file', async () => {
    const h = harness();
    await uploadOn(h, good, NOTHING);
    expect(h.snapshot().value).toEqual({ failed: 'customerMaster' });
    expect(h.seen()).toMatchObject({
      step: 4,
      previousStep: 0,
      error: {
        entries: [],
        text: "No rows of 'customers.csv' were accepted: 2 rows were rejected.",
        reasons: ['Row 2: customer_code is required', 'Row 3: name is required'],
      },
    });
    expect(h.context().uploads[0]).toBeNull();
    h.send({ type: 'BACK' });
    expect(h.snapshot().value).toEqual({ customerMaster: 'choosing' });
    expect(h.seen()).toMatchObject({ step: 0, previousStep: null, error: null, file: good });
    h.send({ type: 'UPLOAD' });
    await settle();
    expect(h.upload.calls.map((c) => c.input.csvtype)).toEqual(['demographic_data', 'demographic_data']);
  });

  it('a refused upload on step 1 shows the toast text; Back returns to step 1', async () => {
    const h = harness();
    h.send({ type: 'SKIP' });
    await uploadOn(h, history, { reject: REFUSED });
    expect(h.seen()).toMatchObject({
      step: 4,
      previousStep: 1,
      error: {
        entries: [{ code: 'ER-UPLOAD-HEADER', title: 'file', detail: 'The header row does not match.' }],
        text: 'ER-UPLOAD-HEADER: The header row does not match.',
        reasons: [],
      },
    });
    expect(h.snapshot().value).toEqual({ failed: 'invoiceHistory' });
    h.send({ type: 'BACK' });
    expect(h.seen()).toMatchObject({ step: 1, previousStep: null, error: null, file: history });
    expect(h.snapshot().value).toEqual({ invoiceHistory: 'choosing' });
  });

  it('Complete evaluates once; its answer is step 3 and refreshes the leads', async () => {
    const h = harness();
    h.send({ type: 'SKIP' });
    h.send({ type: 'SKIP' });
    h.send({ type: 'COMPLETE' });
    h.send({ type: 'COMPLETE' });
    expect(isBusy(h.snapshot())).toBe(true);
    await settle();
    expect(h.evaluate.calls).toHaveLength(1);
    h.evaluate.calls[0]!.resolve(EVALUATION);
    await settle();
    expect(h.snapshot().value).toBe('succeeded');
    expect(h.seen()).toMatchObject({ step: 3, evaluation: EVALUATION, error: null });
    expect(h.refreshLeads).toHaveBeenCalledTimes(1);
    h.send({ type: 'RESET' });
    expect(h.context()).toEqual(harness().context());
  });

  it('Complete sends the file ids of the processed uploads, so only their customers are evaluated; a skipped step adds none', async () => {
    const processed = (fileId: string): CsvUploadResult => ({
      rows: [{ file_id: fileId, status: 'success', failure_reason: [] }],
      meta: { file_id: fileId, accepted_rows: 2, rejected_rows: 0 },
    });
    const both = harness();
    for (const [i, id] of ['UPL-000041', 'UPL-000042'].entries()) {
      both.send({ type: 'CHOOSE_FILE', file: i === 0 ? good : history });
      both.send({ type: 'UPLOAD' });
      await settle();
      both.upload.calls[i]!.resolve(processed(id));
      await settle();
    }
    both.send({ type: 'COMPLETE' });
    await settle();
    expect(both.evaluate.calls.map((c) => c.input)).toEqual([{ fileIds: ['UPL-000041', 'UPL-000042'] }]);

    const historyOnly = harness();
    historyOnly.send({ type: 'SKIP' });
    historyOnly.send({ type: 'CHOOSE_FILE', file: history });
    historyOnly.send({ type: 'UPLOAD' });
    await settle();
    historyOnly.upload.calls[0]!.resolve(processed('UPL-000043'));
    await settle();
    historyOnly.send({ type: 'COMPLETE' });
    await settle();
    expect(historyOnly.evaluate.calls.map((c) => c.input)).toEqual([{ fileIds: ['UPL-000043'] }]);
  });

  it('a failed evaluation is step 4 remembering step 2; Back returns to step 2 and Complete runs it again', async () => {
    const h = harness();
    h.send({ type: 'SKIP' });
    h.send({ type: 'SKIP' });
    h.send({ type: 'COMPLETE' });
    await settle();
    h.evaluate.calls[0]!.reject(EVAL_DOWN);
    await settle();
    expect(h.snapshot().value).toEqual({ failed: 'evaluation' });
    expect(h.seen()).toMatchObject({
      step: 4,
      previousStep: 2,
      error: { text: 'ER-503: Credit evaluation is unavailable, try later.', reasons: [] },
    });
    expect(h.refreshLeads).not.toHaveBeenCalled();
    h.send({ type: 'BACK' });
    expect(h.snapshot().value).toEqual({ evaluation: 'ready' });
    expect(h.seen()).toMatchObject({ step: 2, previousStep: null, error: null });
    h.send({ type: 'COMPLETE' });
    await settle();
    expect(h.evaluate.calls).toHaveLength(2);
  });

  it('RESET from anywhere aborts what is under way and starts clean on step 0', async () => {
    const h = harness();
    await uploadOn(h, good, PARTIAL);
    h.send({ type: 'CHOOSE_FILE', file: history });
    h.send({ type: 'UPLOAD' });
    await settle();
    h.send({ type: 'RESET' });
    expect(h.upload.calls[1]!.signal.aborted).toBe(true);
    expect(h.snapshot().value).toEqual({ customerMaster: 'choosing' });
    expect(h.context()).toEqual(harness().context());
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path: the machine's graph replayed on a live actor whose effects are held open until the path
// settles them, checked after every step against a reference model written from the spec here.

/** What each answer must do, written out (not computed with the machine's helpers). */
const ANSWERS = new Map<unknown, { status: 'success' | 'partial' | 'failed'; count: number; reasons: string[] }>([
  [ACCEPTED, { status: 'success', count: 0, reasons: [] }],
  [
    PARTIAL,
    {
      status: 'partial',
      count: 2,
      reasons: [
        'Row 3: region must be one of north, south, east, west',
        'Row 5: primary_user_mobile is not a mobile number',
      ],
    },
  ],
  [NOTHING, { status: 'failed', count: 2, reasons: ['Row 2: customer_code is required', 'Row 3: name is required'] }],
]);
const ERROR_TEXTS = new Map<unknown, string>([
  [REFUSED, 'ER-UPLOAD-HEADER: The header row does not match.'],
  [OFFLINE, 'ERROR: Could not reach the provider. Check the connection and try again.'],
  [EVAL_DOWN, 'ER-503: Credit evaluation is unavailable, try later.'],
]);
const FILE_PROBLEMS = new Map<unknown, string | null>([
  [good, null],
  [history, null],
  [notes, "'notes.txt' is not a CSV file. Choose a .csv file (in Excel: Save As, CSV UTF-8)."],
  [big, "'big.csv' is 5.0 MB; files up to 5 MB can be uploaded. Split it into smaller files."],
]);

/** The state of each step, as the model names them: the machine's state value must agree with the model's step. */
const STEP_STATES = ['customerMaster', 'invoiceHistory', 'evaluation'] as const;
const choosing = (step: number): ValueName =>
  step === 0 ? 'customerMaster.choosing' : step === 1 ? 'invoiceHistory.choosing' : 'evaluation.ready';
const failedFrom = (step: number): ValueName => `failed.${STEP_STATES[step as 0 | 1 | 2]}`;
const isSending = (value: ValueName) => value === 'customerMaster.sending' || value === 'invoiceHistory.sending';
const isFailed = (value: ValueName) => value.startsWith('failed.');

/** The wizard as spec 2 §2.6 and §4 (and the brief's decisions on partial files) describe it. */
class WizardModel {
  v: View = WizardModel.clean();
  file: CsvFile | null = null;
  sent: { csvtype: string; file: CsvFile }[] = [];
  /** The file ids each evaluation was sent: those of the uploads kept. */
  evaluations: string[][] = [];
  refreshes = 0;

  static clean(): View {
    return {
      value: 'customerMaster.choosing',
      step: 0,
      previousStep: null,
      file: null,
      fileError: null,
      progress: null,
      uploads: [null, null],
      warning: null,
      evaluation: null,
      error: null,
    };
  }

  private setFile(file: CsvFile | null) {
    this.file = file;
    this.v.file = file?.name ?? null;
  }

  private leaveStep(step: number, value: ValueName) {
    this.setFile(null);
    this.v = { ...this.v, step, value, fileError: null, progress: null };
  }

  send(event: AnyEventObject) {
    const e = event as CustomerMasterWizardEvent;
    const outcome = effectOutcome(event);
    const v = this.v;
    if (e.type === 'RESET') {
      this.v = WizardModel.clean();
      this.file = null;
      return;
    }
    switch (v.value) {
      case 'customerMaster.choosing':
      case 'invoiceHistory.choosing':
        if (e.type === 'CHOOSE_FILE') {
          const problem = FILE_PROBLEMS.get(e.file)!;
          this.setFile(problem === null ? e.file : null);
          v.fileError = problem;
        } else if (e.type === 'CLEAR_FILE') {
          this.setFile(null);
          v.fileError = null;
        } else if (e.type === 'UPLOAD') {
          if (this.file === null) v.fileError ??= NO_FILE_MESSAGE;
          else {
            this.sent.push({ csvtype: v.step === 0 ? 'demographic_data' : 'transaction_data', file: this.file });
            this.v = {
              ...v,
              value: v.step === 0 ? 'customerMaster.sending' : 'invoiceHistory.sending',
              progress: null,
              fileError: null,
            };
          }
        } else if (e.type === 'SKIP') {
          const uploads: View['uploads'] = [...v.uploads];
          uploads[v.step as 0 | 1] = null;
          this.v = { ...v, uploads, warning: null };
          this.leaveStep(v.step + 1, choosing(v.step + 1));
        }
        return;
      case 'customerMaster.sending':
      case 'invoiceHistory.sending':
        if (e.type === 'PROGRESS') v.progress = Math.round((e.loaded / e.total) * 100);
        else if (e.type === 'CANCEL') this.v = { ...v, value: choosing(v.step), progress: null };
        else if (outcome?.id === 'upload' && outcome.ok) {
          const answer = ANSWERS.get(outcome.output)!;
          if (answer.status === 'failed') {
            this.v = {
              ...v,
              value: failedFrom(v.step),
              step: 4,
              previousStep: v.step,
              progress: null,
              error: {
                text: `No rows of '${this.file!.name}' were accepted: ${answer.count} rows were rejected.`,
                reasons: answer.reasons,
              },
            };
          } else {
            const uploads: View['uploads'] = [...v.uploads];
            uploads[v.step as 0 | 1] = answer.status;
            const warning =
              answer.status === 'partial' ? { step: v.step, count: answer.count, reasons: answer.reasons } : null;
            this.v = { ...v, uploads, warning };
            this.leaveStep(v.step + 1, choosing(v.step + 1));
          }
        } else if (outcome?.id === 'upload' && !outcome.ok) {
          this.v = {
            ...v,
            value: failedFrom(v.step),
            step: 4,
            previousStep: v.step,
            progress: null,
            error: { text: ERROR_TEXTS.get(outcome.error)!, reasons: [] },
          };
        }
        return;
      case 'evaluation.ready':
        if (e.type === 'COMPLETE') {
          this.evaluations.push(v.uploads.flatMap((upload) => (upload === null ? [] : [FILE_ID])));
          v.value = 'evaluation.evaluating';
        }
        return;
      case 'evaluation.evaluating':
        if (outcome?.id === 'evaluate' && outcome.ok) {
          this.refreshes++;
          this.v = {
            ...v,
            value: 'succeeded',
            step: 3,
            evaluation: outcome.output as CreditEvaluationResult,
            warning: null,
          };
        } else if (outcome?.id === 'evaluate' && !outcome.ok) {
          this.v = {
            ...v,
            value: failedFrom(2),
            step: 4,
            previousStep: 2,
            error: { text: ERROR_TEXTS.get(outcome.error)!, reasons: [] },
          };
        }
        return;
      case 'failed.customerMaster':
      case 'failed.invoiceHistory':
      case 'failed.evaluation':
        if (e.type === 'BACK') {
          const back = v.previousStep!;
          this.v = { ...v, value: choosing(back), step: back, previousStep: null, error: null };
        }
        return;
      default:
        return;
    }
  }
}

/** Replays a path on a live actor (UPLOAD and COMPLETE double-clicked) and checks it against the model after every step. */
async function replayWizard(path: GraphPath<CustomerMasterWizardSnapshot>, serialize: (s: never) => string) {
  const name = pathName(path);
  const h = harness();
  const model = new WizardModel();
  const doubled = (event: AnyEventObject) => event.type === 'UPLOAD' || event.type === 'COMPLETE';
  const check = (label: string) => {
    const snapshot = h.snapshot();
    expect(view(snapshot), label).toEqual(model.v);
    expect(snapshot.context.file, `${label}: the file kept`).toBe(model.file);
    expect(
      h.upload.calls.map((c) => [c.input.csvtype, c.input.file]),
      `${label}: uploads sent`,
    ).toEqual(model.sent.map((s) => [s.csvtype, s.file]));
    expect(
      h.evaluate.calls.map((c) => c.input.fileIds),
      `${label}: evaluations and the files they were sent`,
    ).toEqual(model.evaluations);
    expect(h.refreshLeads, `${label}: refreshes`).toHaveBeenCalledTimes(model.refreshes);
    expect(h.upload.pending(), label).toHaveLength(isSending(model.v.value) ? 1 : 0);
    expect(h.evaluate.pending(), label).toHaveLength(model.v.value === 'evaluation.evaluating' ? 1 : 0);
    expect(isBusy(snapshot), label).toBe(isSending(model.v.value) || model.v.value === 'evaluation.evaluating');
  };
  await replay(path, {
    effects: { upload: h.upload, evaluate: h.evaluate },
    send: (event) => {
      h.send(event as CustomerMasterWizardEvent);
      if (doubled(event)) h.send(event as CustomerMasterWizardEvent);
    },
    check: (expected, index, event) => {
      if (index > 0) {
        model.send(event);
        if (doubled(event)) model.send(event);
      }
      const label = `${name} @${index}`;
      expect(serialize(h.snapshot() as never), label).toBe(serialize(expected as never));
      check(label);
    },
  });
  return { h, model, check, name };
}

/** For a path that ends on the error step: Back, checked against the model; the step it returned to, else null. */
async function backAfterFailure({
  h,
  model,
  check,
  name,
}: Awaited<ReturnType<typeof replayWizard>>): Promise<number | null> {
  if (!isFailed(model.v.value)) return null;
  const remembered = model.v.previousStep!;
  h.send(EV.back);
  model.send(EV.back);
  await settle();
  check(`${name} > BACK`);
  expect(h.step(), name).toBe(remembered);
  return remembered;
}

describe('customer-master wizard: every path', () => {
  it(
    'reaches every state and step by a shortest path, replayed with the effects resolved and rejected',
    { timeout: 60_000 },
    async () => {
      const paths = getShortestPaths(customerMasterWizardPaths.machine, customerMasterWizardPaths.graphs.everyStep);
      expect(new Set(paths.map((p) => valueName(p.state.value)))).toEqual(
        new Set([
          'customerMaster.choosing',
          'customerMaster.sending',
          'invoiceHistory.choosing',
          'invoiceHistory.sending',
          'evaluation.ready',
          'evaluation.evaluating',
          'succeeded',
          'failed.customerMaster',
          'failed.invoiceHistory',
          'failed.evaluation',
        ]),
      );
      expect(new Set(paths.map((p) => wizardStepOf(p.state)))).toEqual(new Set([0, 1, 2, 3, 4]));
      expect(paths.length).toBeGreaterThan(60);

      // Every error step, then Back: it returns to the step remembered.
      const backFrom = new Set<number>();
      for (const path of paths) {
        const back = await backAfterFailure(await replayWizard(path, fullState));
        if (back !== null) backFrom.add(back);
      }
      expect(backFrom).toEqual(new Set([0, 1, 2]));
    },
  );

  it(
    'replays every simple path of the work: uploads processed, partial, refused, skipped, evaluated',
    { timeout: 60_000 },
    async () => {
      const paths = getSimplePaths(customerMasterWizardPaths.machine, customerMasterWizardPaths.graphs.work);
      expect(paths.length).toBeGreaterThan(60);
      const seen = { partialWarnings: 0, backs: new Set<number>(), evaluatedAfterBoth: 0 };
      for (const path of paths) {
        const replayed = await replayWizard(path, coarseState);
        const { model } = replayed;
        if (model.v.warning) seen.partialWarnings++;
        if (model.v.value === 'succeeded' && model.sent.length >= 2) seen.evaluatedAfterBoth++;
        // Back returns to the state before the failed attempt, so no simple path holds it: it is sent after.
        const back = await backAfterFailure(replayed);
        if (back !== null) seen.backs.add(back);
      }
      expect(seen.partialWarnings).toBeGreaterThan(0);
      expect(seen.backs).toEqual(new Set([0, 1, 2]));
      expect(seen.evaluatedAfterBoth).toBeGreaterThan(0);
    },
  );
});
