import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { CsvFile } from '../../../machines/csv-upload/csv-upload.machine';
import { CSV_FORMAT_HINTS, sizeText, type CsvType } from '../../domain/csv';
import { countText } from '../../lib/format';
import { FieldError, GhostButton } from '../form';
import { ProgressBar } from '../ProgressBar';
import { templateOf } from './csv-upload-view';

/**
 * The pieces every CSV upload dialog shows (the invoice upload modal, the customer-master wizard): the
 * step layout, the drop zone with its file chooser and the chosen file, the progress while a file goes up,
 * and the focus move to a step's heading.
 */

const Hints = styled.ul`
  margin: 0;
  padding-inline-start: 20px;
  color: ${({ theme }) => theme.textMuted};
  font-size: 14px;
`;

/** The csvtype's template link (a static file) and how its cells are written. */
export function CsvTemplateHelp({ csvtype }: { csvtype: CsvType }) {
  const template = templateOf(csvtype);
  return (
    <>
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
    </>
  );
}

/** A dialog step: a column of blocks; its heading takes focus when the step appears. */
export const UploadStep = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 16px;
  }
  h3:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
`;

const UploadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  min-width: 0;
  & > span {
    overflow-wrap: anywhere;
  }
`;

/** The step's buttons, at its end. */
export const UploadActions = styled(UploadRow)`
  justify-content: flex-end;
`;

/** Moves focus to a step's heading when the step appears, so keyboard and screen-reader users follow along. */
export function focusOnMount(element: HTMLElement | null) {
  element?.focus();
}

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
  small {
    color: ${({ theme }) => theme.textMuted};
  }
`;

interface CsvFilePickerProps {
  /** The file that will be sent, or null. */
  file: CsvFile | null;
  /** The refusal of a chosen file (or of Upload with none), shown as an alert under the picker. */
  fileError: string | null;
  /** A file is on its way: nothing can be chosen or removed. */
  busy: boolean;
  onChoose: (file: CsvFile) => void;
  onClear: () => void;
}

/**
 * Drop a CSV file on the zone, or choose one with the zone (click, Enter, Space) or the 'Choose file'
 * button; the chosen file is named with its size and can be removed. The caller checks the file.
 */
export function CsvFilePicker({ file, fileError, busy, onChoose, onClear }: CsvFilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const errorId = useId();

  const choose = (chosen: CsvFile | undefined) => {
    if (chosen) onChoose(chosen);
  };
  const openPicker = () => {
    if (!busy) input.current?.click();
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  };
  const onZoneKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };

  return (
    <>
      <DropZone
        role="button"
        tabIndex={busy ? -1 : 0}
        aria-disabled={busy || undefined}
        aria-describedby={fileError ? errorId : undefined}
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
          e.dataTransfer.dropEffect = busy ? 'none' : 'copy';
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
      <UploadRow>
        <GhostButton type="button" disabled={busy} onClick={openPicker}>
          Choose file
        </GhostButton>
        {file ? (
          <>
            <span data-testid="csv-selected-file">
              Selected: <strong>{file.name}</strong> ({sizeText(file.size)})
            </span>
            {!busy && (
              <GhostButton type="button" onClick={onClear} aria-label={`Remove ${file.name}`}>
                Remove
              </GhostButton>
            )}
          </>
        ) : (
          <span>No file chosen</span>
        )}
      </UploadRow>
      {fileError && (
        <FieldError id={errorId} role="alert">
          {fileError}
        </FieldError>
      )}
    </>
  );
}

/**
 * While a file is read: 'Reading name… 4,000 rows read' and the share of the file read. While it goes up:
 * 'Uploading name… 40%', then 'Processing name…' once every byte is sent, and the bar.
 */
export function UploadProgress({
  fileName,
  progress,
  reading,
}: {
  fileName: string | undefined;
  progress: number | null;
  reading?: { rows: number | null };
}) {
  if (reading) {
    return (
      <div role="status" aria-live="polite">
        <p>
          Reading {fileName}…
          {reading.rows !== null && reading.rows > 0 ? ` ${countText(reading.rows, 'row')} read` : ''}
        </p>
        <ProgressBar percent={progress ?? 0} label="File reading progress" />
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite">
      <p>
        {progress === 100 ? 'Processing' : 'Uploading'} {fileName}…
        {progress !== null && progress < 100 ? ` ${progress}%` : ''}
      </p>
      <ProgressBar percent={progress ?? 0} label="Upload progress" />
    </div>
  );
}
