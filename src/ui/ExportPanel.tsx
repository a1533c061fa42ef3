import { useState } from 'react';
import styled from 'styled-components';
import { Button, FieldError, GhostButton } from './form';
import { Modal } from './Modal';
import { notify } from './toast';

/** A column the provider can export (`csv_headers_accepted`): what the user sees, and the key it sends. */
export interface ExportColumn {
  display_name: string;
  key: string;
}

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0 0 16px;
  padding: 0;
  legend {
    font-weight: 700;
    margin-bottom: 8px;
  }
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 36px;
  }
  input {
    width: 20px;
    height: 20px;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  max-height: 260px;
  overflow: auto;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
`;

interface ExportPanelProps {
  /** The export choices of the table (from `csv_headers_accepted`). */
  columns: readonly ExportColumn[];
  /** Downloads the CSV of every matching row with the chosen column keys. */
  onDownload: (keys: string[]) => Promise<unknown>;
  label?: string;
}

/**
 * The table's export control: a button opening the Download Report modal. CSV is the only format; the
 * columns come from the table's `csv_headers_accepted`; Download stays disabled until at least one column is
 * chosen, and cannot be pressed twice while a file is made. 'Please select item' appears once the user has
 * done something that needs it (pressed Download, or unticked the last column), not as the modal opens: the
 * button is `aria-disabled` rather than `disabled`, so it can still be focused and pressed to ask why.
 */
export function ExportPanel({ columns, onDownload, label = 'Download Report' }: ExportPanelProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [askedWhy, setAskedWhy] = useState(false);
  const all = chosen.size === columns.length && columns.length > 0;

  const toggle = (key: string) => {
    setAskedWhy(true);
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  const nothingChosen = chosen.size === 0;
  const showWhy = nothingChosen && askedWhy;

  const openPanel = () => {
    setAskedWhy(false);
    setOpen(true);
  };

  const download = async () => {
    if (nothingChosen) {
      setAskedWhy(true);
      return;
    }
    setBusy(true);
    try {
      // Keep the table's column order, whatever order they were ticked in.
      await onDownload(columns.map((c) => c.key).filter((key) => chosen.has(key)));
      setOpen(false);
    } catch (error) {
      notify.failure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <GhostButton type="button" aria-haspopup="dialog" onClick={openPanel} disabled={columns.length === 0}>
        {label}
      </GhostButton>
      <Modal open={open} title="Download Report" onClose={() => setOpen(false)}>
        <Fieldset>
          <legend>Format</legend>
          <label>
            <input type="radio" name="export-format" value="csv" checked readOnly />
            CSV
          </label>
        </Fieldset>
        <Fieldset aria-describedby={showWhy ? 'export-none-chosen' : undefined}>
          <legend>Columns</legend>
          <label>
            <input
              type="checkbox"
              checked={all}
              onChange={() => {
                setAskedWhy(true);
                setChosen(all ? new Set() : new Set(columns.map((c) => c.key)));
              }}
            />
            Select all
          </label>
          <Columns>
            {columns.map((column) => (
              <label key={column.key}>
                <input type="checkbox" checked={chosen.has(column.key)} onChange={() => toggle(column.key)} />
                {column.display_name}
              </label>
            ))}
          </Columns>
          {showWhy && (
            <FieldError id="export-none-chosen" role="alert">
              Please select item
            </FieldError>
          )}
        </Fieldset>
        <Footer>
          <GhostButton type="button" onClick={() => setOpen(false)}>
            Cancel
          </GhostButton>
          <Button
            type="button"
            disabled={busy}
            aria-disabled={nothingChosen}
            aria-describedby={showWhy ? 'export-none-chosen' : undefined}
            aria-busy={busy}
            onClick={() => void download()}
          >
            {busy ? 'Preparing…' : 'Download'}
          </Button>
        </Footer>
      </Modal>
    </>
  );
}
