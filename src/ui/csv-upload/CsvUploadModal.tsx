import { useSelector } from '@xstate/react';
import { useDeferredValue, useId, useMemo } from 'react';
import styled from 'styled-components';
import type { ActorLogicFrom } from 'xstate';
import {
  type csvUploadMachine,
  stepOf,
  type CsvUploadEvent,
  type CsvUploadSnapshot,
} from '../../../machines/csv-upload/csv-upload.machine';
import { CSV_KIND, type CsvKind, rowFailed, UPLOAD_TEXTS, type UploadResultRow } from '../../domain/csv';
import { formatCount } from '../../lib/format';
import { Button, GhostButton } from '../form';
import { Modal } from '../Modal';
import {
  CsvFilePicker,
  CsvTemplateHelp,
  focusOnMount,
  UploadActions as Actions,
  UploadProgress,
  UploadStep as Step,
} from './CsvFilePicker';
import { ResultTable } from './ResultTable';
import { useCsvUpload } from './useCsvUpload';
import { CSV_TYPE_LABELS, PAGE_CSV_TYPES, resultSummary, uploadTitle } from './csv-upload-view';
import { useFlowActor } from '../../lib/inspection';

const Types = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  legend {
    padding: 0 4px;
    font-weight: 600;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 44px;
    cursor: pointer;
  }
  input {
    width: 18px;
    height: 18px;
    margin: 0;
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.danger};
  overflow-wrap: anywhere;
`;

interface CsvUploadModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The CSV upload modal (spec 1 §2.6, §4, §8) over `csvUploadMachine`: step 0 the form (file type, template,
 * drop or choose a file, Upload, then progress bars with Cancel: the file read off the main thread, then
 * sent), step 1 the counts, the refused rows and then every row, each with its status and failure reason
 * (virtualised tables: a 10,000-row file keeps a few dozen rows in the DOM; a processed file also refreshes
 * the invoice lists, the statistics and the utilisation card), step 2 the error with Back. Closing resets
 * it; while a file is read or on its way the modal stays open (Cancel stops it).
 */
export function CsvUploadModal({ open, onClose }: CsvUploadModalProps) {
  const logic = useCsvUpload();
  return <CsvUploadDialog open={open} onClose={onClose} logic={logic} />;
}

/** The modal over any provided upload machine (the screen provides the client's; tests their own). */
export function CsvUploadDialog({
  open,
  onClose,
  logic,
}: CsvUploadModalProps & { logic: ActorLogicFrom<typeof csvUploadMachine> }) {
  const actor = useFlowActor(logic, { input: { csvtype: 'invoice' } });
  const snapshot = useSelector(actor, (s: CsvUploadSnapshot) => s);
  const step = stepOf(snapshot);
  const busy = snapshot.matches('reading') || snapshot.matches('uploading');
  const { csvtype } = snapshot.context;

  const close = () => {
    actor.send({ type: 'RESET' });
    onClose();
  };

  return (
    <Modal open={open} title={uploadTitle(csvtype)} onClose={close} closable={!busy} width="min(720px, 60%)">
      {step === 0 && <FormStep snapshot={snapshot} send={(event) => actor.send(event)} />}
      {step === 1 && snapshot.context.result && (
        <ResultStep
          kind={CSV_KIND[csvtype]}
          rows={snapshot.context.result.rows}
          summary={resultSummary(snapshot.context.result)}
          onBack={() => actor.send({ type: 'BACK' })}
          onDone={close}
        />
      )}
      {step === 2 && (
        <Step>
          <h3 tabIndex={-1} ref={focusOnMount}>
            {UPLOAD_TEXTS.errorTitle}
          </h3>
          <ErrorText role="alert">{snapshot.context.error?.text ?? UPLOAD_TEXTS.fallbackError}</ErrorText>
          <Actions>
            <Button type="button" onClick={() => actor.send({ type: 'BACK' })}>
              Back
            </Button>
          </Actions>
        </Step>
      )}
    </Modal>
  );
}

type Send = (event: CsvUploadEvent) => void;

function FormStep({ snapshot, send }: { snapshot: CsvUploadSnapshot; send: Send }) {
  const { csvtype, file, fileError, progress, rowsRead } = snapshot.context;
  const reading = snapshot.matches('reading');
  const uploading = snapshot.matches('uploading');
  const busy = reading || uploading;
  const ids = { template: useId(), file: useId() };

  return (
    <Step>
      <Types disabled={busy}>
        <legend>File type</legend>
        {PAGE_CSV_TYPES.map((type) => (
          <label key={type}>
            <input
              type="radio"
              name="csvtype"
              value={type}
              checked={csvtype === type}
              onChange={() => send({ type: 'SELECT_TYPE', csvtype: type })}
            />
            {CSV_TYPE_LABELS[type]}
          </label>
        ))}
      </Types>

      <div>
        <h3 id={ids.template}>{UPLOAD_TEXTS.templateStep}</h3>
        <CsvTemplateHelp csvtype={csvtype} />
      </div>

      <div>
        <h3 id={ids.file}>{UPLOAD_TEXTS.fileStep}</h3>
      </div>
      <CsvFilePicker
        file={file}
        fileError={fileError}
        busy={busy}
        onChoose={(chosen) => send({ type: 'SELECT_FILE', file: chosen })}
        onClear={() => send({ type: 'CLEAR_FILE' })}
      />

      {reading ? <UploadProgress fileName={file?.name} progress={progress} reading={{ rows: rowsRead }} /> : null}
      {uploading ? <UploadProgress fileName={file?.name} progress={progress} /> : null}
      <Actions>
        {busy ? (
          // Once the whole file is sent the provider is storing its rows: cancelling then would only hide the result.
          <GhostButton type="button" disabled={uploading && progress === 100} onClick={() => send({ type: 'CANCEL' })}>
            Cancel
          </GhostButton>
        ) : (
          <Button type="button" onClick={() => send({ type: 'UPLOAD' })}>
            Upload
          </Button>
        )}
      </Actions>
    </Step>
  );
}

const NO_ROWS: readonly UploadResultRow[] = [];

/**
 * The counts first, then the refused rows and every row. The tables come in a second, deferred render
 * (interruptible): the answer's arrival, the heading and the counts stay one short task even for 10,000 rows.
 */
function ResultStep(props: {
  kind: CsvKind;
  rows: readonly UploadResultRow[];
  summary: string;
  onBack: () => void;
  onDone: () => void;
}) {
  const { kind, summary, onBack, onDone } = props;
  const rows = useDeferredValue(props.rows, NO_ROWS);
  const ready = rows === props.rows;
  const refused = useMemo(() => rows.filter(rowFailed), [rows]);
  return (
    <Step>
      <h3 tabIndex={-1} ref={focusOnMount}>
        Upload processed
      </h3>
      <p role="status">{summary}</p>
      {!ready && <p aria-hidden="true">Preparing the rows…</p>}
      {refused.length > 0 && (
        <ResultTable
          title={`Refused rows (${formatCount(refused.length)})`}
          kind={kind}
          rows={refused}
          testId="csv-result-refused"
        />
      )}
      {ready && (
        <ResultTable title={`All rows (${formatCount(rows.length)})`} kind={kind} rows={rows} testId="csv-result-all" />
      )}
      <Actions>
        <GhostButton type="button" onClick={onBack}>
          Back
        </GhostButton>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </Actions>
    </Step>
  );
}
