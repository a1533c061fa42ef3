import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import type { ActorLogicFrom } from 'xstate';
import { type csvUploadMachine, stepOf, type CsvUploadEvent, type CsvUploadSnapshot } from '../../../machines/csv-upload/csv-upload.machine';
import { CSV_KIND, type CsvKind, failureReasons, UPLOAD_TEXTS, type UploadResultRow } from '../../domain/csv';
import { Button, GhostButton } from '../form';
import { Modal } from '../Modal';
import { MODAL_TABLE_MAX_HEIGHT, Table, type Column } from '../Table';
import { CsvFilePicker, CsvTemplateHelp, focusOnMount, UploadActions as Actions, UploadProgress, UploadStep as Step } from './CsvFilePicker';
import { useCsvUpload } from './useCsvUpload';
import { CSV_TYPE_LABELS, PAGE_CSV_TYPES, resultRowKey, resultSummary, statusName, uploadTitle } from './csv-upload-view';
import { useFlowActor } from '../../lib/inspection';

const Types = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  legend { padding: 0 4px; font-weight: 600; }
  label { display: inline-flex; align-items: center; gap: 8px; min-height: 44px; cursor: pointer; }
  input { width: 18px; height: 18px; margin: 0; }
`;

const Reason = styled.span`
  display: block;
  min-width: 260px;
  max-width: 520px;
  white-space: normal;
  ul { margin: 0; padding-inline-start: 18px; }
`;

const Status = styled.span<{ $failed: boolean }>`
  font-weight: 700;
  color: ${({ theme, $failed }) => ($failed ? theme.danger : theme.success)};
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
 * drop or choose a file, Upload, then a progress bar with Cancel), step 1 the result table with each row's
 * status and failure reason (a processed file also refreshes the invoice lists, the statistics and the
 * utilisation card), step 2 the error with Back. Closing resets it; while a file is on its way the modal
 * stays open (Cancel stops the upload).
 */
export function CsvUploadModal({ open, onClose }: CsvUploadModalProps) {
  const logic = useCsvUpload();
  return <CsvUploadDialog open={open} onClose={onClose} logic={logic} />;
}

/** The modal over any provided upload machine (the screen provides the client's; tests their own). */
export function CsvUploadDialog({ open, onClose, logic }: CsvUploadModalProps & { logic: ActorLogicFrom<typeof csvUploadMachine> }) {
  const actor = useFlowActor(logic, { input: { csvtype: 'invoice' } });
  const snapshot = useSelector(actor, (s: CsvUploadSnapshot) => s);
  const step = stepOf(snapshot);
  const uploading = snapshot.matches('uploading');
  const { csvtype } = snapshot.context;

  const close = () => {
    actor.send({ type: 'RESET' });
    onClose();
  };

  return (
    <Modal open={open} title={uploadTitle(csvtype)} onClose={close} closable={!uploading} width="min(720px, 60%)">
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
  const { csvtype, file, fileError, progress } = snapshot.context;
  const uploading = snapshot.matches('uploading');
  const ids = { template: useId(), file: useId() };

  return (
    <Step>
      <Types disabled={uploading}>
        <legend>File type</legend>
        {PAGE_CSV_TYPES.map((type) => (
          <label key={type}>
            <input type="radio" name="csvtype" value={type} checked={csvtype === type} onChange={() => send({ type: 'SELECT_TYPE', csvtype: type })} />
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
        busy={uploading}
        onChoose={(chosen) => send({ type: 'SELECT_FILE', file: chosen })}
        onClear={() => send({ type: 'CLEAR_FILE' })}
      />

      {uploading ? <UploadProgress fileName={file?.name} progress={progress} /> : null}
      <Actions>
        {uploading ? (
          // Once the whole file is sent the provider is storing its rows: cancelling then would only hide the result.
          <GhostButton type="button" disabled={progress === 100} onClick={() => send({ type: 'CANCEL' })}>
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

function ResultStep(props: { kind: CsvKind; rows: readonly UploadResultRow[]; summary: string; onBack: () => void; onDone: () => void }) {
  const { kind, rows, summary, onBack, onDone } = props;
  const columns = useMemo<Column<UploadResultRow>[]>(
    () => [
      { key: 'row', header: 'Row', render: (r) => r.row ?? '-', align: 'end' },
      kind === 'invoices'
        ? { key: 'invoice_number', header: 'Invoice Number', render: (r) => r.invoice_number || '-' }
        : { key: 'file_id', header: 'File ID', render: (r) => r.file_id ?? '-' },
      {
        key: 'status',
        header: 'Status',
        render: (r) => {
          const reasons = failureReasons(r);
          return <Status $failed={r.status !== 'success' || reasons.length > 0}>{statusName(r.status)}</Status>;
        },
      },
      {
        key: 'failure_reason',
        header: 'Failure Reason',
        render: (r) => {
          const reasons = failureReasons(r);
          if (reasons.length === 0) return '-';
          return <Reason>{reasons.length === 1 ? reasons[0] : <ul>{reasons.map((reason) => <li key={reason}>{reason}</li>)}</ul>}</Reason>;
        },
      },
    ],
    [kind],
  );
  const keys = useMemo(() => new Map(rows.map((row, index) => [row, resultRowKey(row, index)])), [rows]);
  return (
    <Step>
      <h3 tabIndex={-1} ref={focusOnMount}>
        Upload processed
      </h3>
      <p role="status">{summary}</p>
      <Table caption="Upload result" columns={columns} rows={rows} rowKey={(r) => keys.get(r) ?? ''} maxHeight={MODAL_TABLE_MAX_HEIGHT} />
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
