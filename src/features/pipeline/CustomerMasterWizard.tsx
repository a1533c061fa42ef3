import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorLogicFrom } from 'xstate';
import {
  type customerMasterWizardMachine,
  failedStepOf,
  isBusy,
  isUploading,
  rejectedRowsText,
  stepTitle,
  uploadTypeOf,
  type CreditEvaluationResult,
  type CustomerMasterWizardEvent,
  type CustomerMasterWizardSnapshot,
  type RejectedRows,
  type WizardUpload,
  type WizardStep,
  type WizardUploadStep,
  uploadedFileIds,
  wizardStepOf,
} from '../../../machines/customer-master-wizard/customer-master-wizard.machine';
import { evaluationReason } from '../../domain/credit';
import { UPLOAD_TEXTS } from '../../domain/csv';
import { WIZARD_STEPS, type WizardWorkStep } from '../../domain/lending';
import { formatMoney } from '../../domain/money';
import { countText, formatCount } from '../../lib/format';
import {
  CsvFilePicker,
  CsvTemplateHelp,
  focusOnMount,
  UploadActions,
  UploadProgress,
  UploadStep,
} from '../../ui/csv-upload/CsvFilePicker';
import { Button, GhostButton } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { RiskBadge } from '../../ui/RiskBadge';
import { useCustomerMasterWizard } from './useCustomerMasterWizard';
import { useFlowActor } from '../../lib/inspection';

/** The modal's title: the pipeline card's button that opens it (spec 2 §2.5). */
export const WIZARD_MODAL_TITLE = 'Customer Master';
/** The step indicator's short names of the three work steps (the headings carry the spec's titles). */
const STEP_NAMES: Record<WizardWorkStep, string> = {
  0: 'Customer master',
  1: 'Invoice history',
  2: 'Credit evaluation',
};
/** Reasons listed before '…and N more' (a file may refuse thousands of rows). */
const SHOWN_REASONS = 50;

const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 8px;
  margin: 0 0 20px;
  padding: 0;
  list-style: none;
  font-size: 14px;
  li {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 4px;
    min-width: 0;
    padding-bottom: 8px;
    border-bottom: 3px solid ${({ theme }) => theme.border};
    color: ${({ theme }) => theme.textMuted};
    overflow-wrap: break-word;
  }
  li[data-state='done'] {
    border-color: ${({ theme }) => theme.success};
  }
  li[aria-current='step'] {
    border-color: ${({ theme }) => theme.primary};
    color: ${({ theme }) => theme.text};
    font-weight: 700;
  }
`;

const StepNumber = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  border: 1px solid currentColor;
  font-size: 13px;
`;

const Notice = styled.div<{ $tone: 'warning' | 'danger' }>`
  display: grid;
  gap: 8px;
  padding: 12px;
  border: 1px solid ${({ theme, $tone }) => ($tone === 'warning' ? theme.warning : theme.danger)};
  border-radius: 8px;
  overflow-wrap: anywhere;
  & > p:first-child {
    color: ${({ theme, $tone }) => ($tone === 'warning' ? theme.warning : theme.danger)};
    font-weight: 700;
  }
`;

const Reasons = styled.ul`
  max-height: 200px;
  overflow: auto;
  margin: 0;
  padding-inline-start: 20px;
  font-size: 14px;
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, auto) minmax(0, 1fr);
  gap: 6px 12px;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

interface CustomerMasterWizardProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The customer-master CSV wizard (spec 2 §2.6, §4, §8) over `customerMasterWizardMachine`, opened by the
 * pipeline's 'Customer Master' button: step 1 uploads the customer master, step 2 the customers' invoice
 * history (each with its template, a drop zone or chooser, Skip and Upload), step 3 runs the credit
 * evaluation (Complete); then the result, or the error with Back to the step it came from. Closing resets
 * it; while a file or the evaluation is on its way the modal stays open.
 */
export function CustomerMasterWizard({ open, onClose }: CustomerMasterWizardProps) {
  const logic = useCustomerMasterWizard();
  return <CustomerMasterWizardDialog open={open} onClose={onClose} logic={logic} />;
}

/** The wizard over any provided machine (the screen provides the client's; tests their own). */
export function CustomerMasterWizardDialog({
  open,
  onClose,
  logic,
}: CustomerMasterWizardProps & { logic: ActorLogicFrom<typeof customerMasterWizardMachine> }) {
  const actor = useFlowActor(logic);
  const snapshot = useSelector(actor, (s: CustomerMasterWizardSnapshot) => s);
  const send = (event: CustomerMasterWizardEvent) => actor.send(event);
  const { error, evaluation } = snapshot.context;
  const step = wizardStepOf(snapshot);
  const busy = isBusy(snapshot);

  const close = () => {
    actor.send({ type: 'RESET' });
    onClose();
  };

  return (
    <Modal open={open} title={WIZARD_MODAL_TITLE} onClose={close} closable={!busy} width="min(720px, 60%)">
      <StepIndicator step={step} previousStep={failedStepOf(snapshot)} />
      {(step === 0 || step === 1) && <UploadStepView key={step} step={step} snapshot={snapshot} send={send} />}
      {step === 2 && <EvaluationStep snapshot={snapshot} send={send} />}
      {step === 3 && evaluation && (
        <SuccessStep
          evaluation={evaluation}
          scoped={uploadedFileIds(snapshot.context.uploads).length > 0}
          onDone={close}
        />
      )}
      {step === 4 && (
        <UploadStep>
          <h3 tabIndex={-1} ref={focusOnMount}>
            {UPLOAD_TEXTS.errorTitle}
          </h3>
          <Notice $tone="danger" role="alert">
            <p>{error?.text ?? UPLOAD_TEXTS.fallbackError}</p>
            {error && error.reasons.length > 0 && (
              <ReasonList reasons={error.reasons} label="Why the rows were rejected" />
            )}
          </Notice>
          <UploadActions>
            <GhostButton type="button" onClick={close}>
              Close
            </GhostButton>
            <Button type="button" onClick={() => send({ type: 'BACK' })}>
              Back
            </Button>
          </UploadActions>
        </UploadStep>
      )}
    </Modal>
  );
}

/**
 * 'Step N of 3' for the three work steps: the current one marked aria-current="step", those behind it done.
 * On the error step the step it came from is current; on the result all three are done.
 */
function StepIndicator({ step, previousStep }: { step: WizardStep; previousStep: WizardWorkStep | null }) {
  const current = step === 4 ? previousStep : step <= 2 ? step : null;
  const doneUpTo = current ?? (step === 3 ? 3 : 0);
  return (
    <Steps aria-label="Wizard steps">
      {WIZARD_STEPS.map(({ step: s }) => (
        <li key={s} aria-current={s === current ? 'step' : undefined} data-state={s < doneUpTo ? 'done' : undefined}>
          <StepNumber aria-hidden="true">{s + 1}</StepNumber>
          <span>
            <span className="visually-hidden">{`Step ${s + 1} of ${WIZARD_STEPS.length}: `}</span>
            {STEP_NAMES[s]}
            {s < doneUpTo && <span className="visually-hidden"> (done)</span>}
          </span>
        </li>
      ))}
    </Steps>
  );
}

type Send = (event: CustomerMasterWizardEvent) => void;

function UploadStepView({
  step,
  snapshot,
  send,
}: {
  step: WizardUploadStep;
  snapshot: CustomerMasterWizardSnapshot;
  send: Send;
}) {
  const { file, fileError, progress, warning } = snapshot.context;
  const uploading = isUploading(snapshot);
  return (
    <UploadStep>
      <h3 tabIndex={-1} ref={focusOnMount}>
        {stepTitle(step)}
      </h3>
      {warning && <RejectedWarning warning={warning} />}
      <div>
        <CsvTemplateHelp csvtype={uploadTypeOf(step)} />
      </div>
      <CsvFilePicker
        file={file}
        fileError={fileError}
        busy={uploading}
        onChoose={(chosen) => send({ type: 'CHOOSE_FILE', file: chosen })}
        onClear={() => send({ type: 'CLEAR_FILE' })}
      />
      {uploading && <UploadProgress fileName={file?.name} progress={progress} />}
      <UploadActions>
        {uploading ? (
          // Once the whole file is sent the provider is storing its rows: cancelling then would only hide the result.
          <GhostButton type="button" disabled={progress === 100} onClick={() => send({ type: 'CANCEL' })}>
            Cancel
          </GhostButton>
        ) : (
          <GhostButton type="button" onClick={() => send({ type: 'SKIP' })}>
            Skip
          </GhostButton>
        )}
        <Button
          type="button"
          disabled={file === null || uploading}
          aria-busy={uploading || undefined}
          onClick={() => send({ type: 'UPLOAD' })}
        >
          {uploading ? 'Uploading…' : 'Upload'}
        </Button>
      </UploadActions>
    </UploadStep>
  );
}

function EvaluationStep({ snapshot, send }: { snapshot: CustomerMasterWizardSnapshot; send: Send }) {
  const { uploads, warning } = snapshot.context;
  const evaluating = snapshot.matches({ evaluation: 'evaluating' });
  const scoped = uploadedFileIds(uploads).length > 0;
  return (
    <UploadStep>
      <h3 tabIndex={-1} ref={focusOnMount}>
        {stepTitle(2)}
      </h3>
      {warning && <RejectedWarning warning={warning} />}
      <p data-testid="evaluation-scope">
        {scoped
          ? 'Complete grades the customers in the files uploaded here, from their invoice records.'
          : 'Nothing was uploaded here: Complete grades every customer not yet approved who is still waiting for a grade (R).'}{' '}
        Once graded, they appear in New Leads on the dashboard and in the pipeline&apos;s fund tables (Funds Available
        in 24 Hours, or in 5 working days when KYC and financial documents are needed).
      </p>
      <Summary aria-label="Uploaded files">
        <dt>{STEP_NAMES[0]}</dt>
        <dd>{uploadText(uploads[0])}</dd>
        <dt>{STEP_NAMES[1]}</dt>
        <dd>{uploadText(uploads[1])}</dd>
      </Summary>
      {evaluating && (
        <p role="status" aria-live="polite">
          Evaluating the customers…
        </p>
      )}
      <UploadActions>
        <Button
          type="button"
          disabled={evaluating}
          aria-busy={evaluating || undefined}
          onClick={() => send({ type: 'COMPLETE' })}
        >
          {evaluating ? 'Evaluating…' : 'Complete'}
        </Button>
      </UploadActions>
    </UploadStep>
  );
}

/** What a step's upload left: the file, and how many of its rows were refused; 'Skipped' when nothing was uploaded. */
function uploadText(upload: WizardUpload | null): string {
  if (upload === null) return 'Skipped';
  return upload.rejected
    ? `${upload.fileName} (${rejectedRowsText(upload.rejected.count)})`
    : `${upload.fileName} (all rows accepted)`;
}

function SuccessStep({
  evaluation,
  scoped,
  onDone,
}: {
  evaluation: CreditEvaluationResult;
  scoped: boolean;
  onDone: () => void;
}) {
  const shown = evaluation.customers.slice(0, SHOWN_REASONS);
  const more = evaluation.customers.length - shown.length;
  return (
    <UploadStep>
      <h3 tabIndex={-1} ref={focusOnMount}>
        Credit evaluation complete
      </h3>
      <p role="status">
        {countText(evaluation.evaluated, 'customer')} {scoped ? 'from the uploaded files' : 'waiting for a grade'}{' '}
        evaluated: {formatCount(evaluation.graded)} graded, {formatCount(evaluation.need_more_data)}{' '}
        {evaluation.need_more_data === 1 ? 'needs' : 'need'} more data.
      </p>
      {shown.length > 0 && (
        <>
          <Reasons aria-label="Evaluated customers" tabIndex={0}>
            {shown.map((c) => (
              <li key={c.customer_code}>
                <bdi>{c.name}</bdi> ({c.customer_code}): <RiskBadge grade={c.risk_grading} />, eligibility{' '}
                {formatMoney(c.eligibility_amount)}; {evaluationReason(c)}.
              </li>
            ))}
          </Reasons>
          {more > 0 && <p>…and {countText(more, 'more customer')}.</p>}
        </>
      )}
      <Summary>
        <dt>Total eligibility</dt>
        <dd>{formatMoney(evaluation.eligibility_total)}</dd>
      </Summary>
      <p>Customers with an eligibility are now in New Leads on the dashboard and in the pipeline&apos;s fund tables.</p>
      <UploadActions>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </UploadActions>
    </UploadStep>
  );
}

/** The previous step's partly refused file: how many rows and why (the accepted rows were kept). */
function RejectedWarning({ warning }: { warning: RejectedRows }) {
  return (
    <Notice $tone="warning" role="status">
      <p>
        {rejectedRowsText(warning.count)} in {warning.fileName} ({STEP_NAMES[warning.step].toLowerCase()}); the other
        rows were saved.
      </p>
      {warning.reasons.length > 0 && <ReasonList reasons={warning.reasons} label="Rejected rows" />}
    </Notice>
  );
}

function ReasonList({ reasons, label }: { reasons: readonly string[]; label: string }) {
  const shown = reasons.slice(0, SHOWN_REASONS);
  const more = reasons.length - shown.length;
  return (
    <>
      <Reasons aria-label={label} tabIndex={0}>
        {shown.map((reason, index) => (
          <li key={`${index}-${reason}`}>{reason}</li>
        ))}
      </Reasons>
      {more > 0 && <p>…and {countText(more, 'more reason', 'more reasons')}.</p>}
    </>
  );
}
