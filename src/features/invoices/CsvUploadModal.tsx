import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { ActorLogicFrom } from 'xstate';
import { type csvUploadMachine, stepOf, type CsvFile, type CsvUploadEvent, type CsvUploadSnapshot } from '../../../machines/csv-upload/csv-upload.machine';
import { CSV_FORMAT_HINTS, CSV_KIND, type CsvKind, failureReasons, sizeText, UPLOAD_TEXTS, type UploadResultRow } from '../../domain/csv';
import { Button, FieldError, GhostButton } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { ProgressBar } from '../../ui/ProgressBar';
import { MODAL_TABLE_MAX_HEIGHT, Table, type Column } from '../../ui/Table';
import { useCsvUpload } from './useCsvUpload';
import { CSV_TYPE_LABELS, PAGE_CSV_TYPES, resultRowKey, resultSummary, statusName, templateOf, uploadTitle } from './csv-upload-view';

const Step = styled.div`
  display: grid;
  gap: 16px;
  h3 { margin: 0; font-size: 16px; }
  h3:focus { outline: none; }
  p { margin: 0; }
`;

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

const Hints = styled.ul`
  margin: 0;
  padding-inline-start: 20px;
  color: ${({ theme }) => theme.textMuted};
  font-size: 14px;
`;

const DropZone = styled.div<{ $active: boolean }>`
  display: grid;
  place-items: center;
  gap: 4px;
  min-height: 120px;
  padding: 16px;
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.primary : theme.border)};
  border-radius: 12px;
  background: ${({ theme, $active }) => ($active ? theme.surfaceRaised : 'transparent')};
  text-align: center;
  cursor: pointer;
  small { color: ${({ theme }) => theme.textMuted}; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Actions = styled(Row)`
  justify-content: flex-end;
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
  const actor = useActorRef(logic, { input: { csvtype: 'invoice' } });
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

/** Moves focus to a step's heading when the step appears, so keyboard and screen-reader users follow along. */
function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

type Send = (event: CsvUploadEvent) => void;

function FormStep({ snapshot, send }: { snapshot: CsvUploadSnapshot; send: Send }) {
  const { csvtype, file, fileError, progress } = snapshot.context;
  const uploading = snapshot.matches('uploading');
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const ids = { template: useId(), file: useId(), error: useId(), zone: useId() };
  const template = templateOf(csvtype);

  const choose = (chosen: CsvFile | undefined) => {
    if (chosen) send({ type: 'SELECT_FILE', file: chosen });
  };
  const openPicker = () => {
    if (!uploading) input.current?.click();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files[0]);
  };
  const onZoneKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };

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
        <p>
          <a href={template.href} download>
            {template.label}
          </a>
        </p>
        <Hints>
          <li>{template.columns}</li>
          {CSV_FORMAT_HINTS.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </Hints>
      </div>

      <div>
        <h3 id={ids.file}>{UPLOAD_TEXTS.fileStep}</h3>
      </div>
      <DropZone
        id={ids.zone}
        role="button"
        tabIndex={uploading ? -1 : 0}
        aria-disabled={uploading || undefined}
        aria-label="Drop a CSV file here, or press Enter to choose one"
        aria-describedby={fileError ? ids.error : undefined}
        data-testid="csv-drop-zone"
        $active={dragging}
        onClick={openPicker}
        onKeyDown={onZoneKey}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <strong>Drag and drop a CSV file here</strong>
        <small>or click here</small>
      </DropZone>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Row>
        <GhostButton type="button" disabled={uploading} onClick={openPicker}>
          Choose file
        </GhostButton>
        {file ? (
          <>
            <span data-testid="csv-selected-file">
              Selected: <strong>{file.name}</strong> ({sizeText(file.size)})
            </span>
            {!uploading && (
              <GhostButton type="button" onClick={() => send({ type: 'CLEAR_FILE' })} aria-label={`Remove ${file.name}`}>
                Remove
              </GhostButton>
            )}
          </>
        ) : (
          <span>No file chosen</span>
        )}
      </Row>
      {fileError && (
        <FieldError id={ids.error} role="alert">
          {fileError}
        </FieldError>
      )}

      {uploading ? (
        <div role="status" aria-live="polite">
          <p>
            {progress === 100 ? 'Processing' : 'Uploading'} {file?.name}…{progress !== null && progress < 100 ? ` ${progress}%` : ''}
          </p>
          <ProgressBar percent={progress ?? 0} label="Upload progress" />
        </div>
      ) : null}
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
