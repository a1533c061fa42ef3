import { useEffect, useId } from 'react';
import styled from 'styled-components';
import {
  BLOCKED_AMOUNT_KEYS,
  DELETE_QUESTION,
  INVOICE_FILE_ACCEPT,
  INVOICE_FILE_MAX_BYTES,
  isFilled,
  type CreateRequest,
  type ManualValues,
} from '../../../machines/manual-invoice/manual-invoice.machine';
import { creditDisabledReason, type PayItem } from '../../../machines/pay-selection/rules';
import type { PayDocument } from '../../domain/pay';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../domain/money';
import { Button, FieldError, GhostButton } from '../../ui/form';
import { DateField } from '../../ui/DateField';
import { Modal } from '../../ui/Modal';
import { useErrorToast } from '../../ui/toast';
import { PaymentControls, type DocumentViewProps } from './PaymentControls';
import { useManualInvoice } from './useManualInvoice';

/** One manual entry of the page: its key, and the document once the provider created it. */
export interface ManualEntry {
  key: string;
  created: PayDocument | null;
}

/**
 * What the selection machine knows of an entry not yet created: a document that cannot be selected, whose
 * switches answer with the upload (sales order: submit) guidance (spec 3 §5).
 */
export function placeholderItem(entryKey: string, label: string, today: string): PayItem {
  return {
    id: `manual:${entryKey}`,
    document_number: `New ${label.toLowerCase()}`,
    invoice_date: today,
    due_date: today,
    invoice_amount: 0,
    balance_due: 0,
    status: 'open',
    is_manual: true,
    unsubmitted: true,
  };
}

/** What an entry needs of the page's selection: the same as the table and the carousel. */
type SelectionProps = Pick<
  DocumentViewProps,
  'showCredit' | 'showPay' | 'selectionOf' | 'creditLimit' | 'creditRefused' | 'send'
>;

interface EntryProps extends SelectionProps {
  entry: ManualEntry;
  /** 'Invoice' or 'Sales Order'. */
  label: string;
  isSalesOrder: boolean;
  today: string;
  create: (request: CreateRequest) => Promise<{ data: PayDocument }>;
  onCreated: (entryKey: string, document: PayDocument) => void;
  onDeleted: (entryKey: string) => void;
}

/**
 * Open-limit customers add their own invoices or sales orders (spec 3 §2 'Manual invoice entry'): one card
 * per entry with number, amount and date; then the upload (sales orders: Submit) creates it, and only
 * then can it be ticked, part-paid, or paid by credit or pay.
 */
export function ManualInvoices(
  props: Omit<EntryProps, 'entry'> & { entries: readonly ManualEntry[]; onAdd: () => void },
) {
  const { entries, onAdd, label, ...rest } = props;
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId}>
      <header>
        <h2 id={headingId}>Your own {label.toLowerCase()}s</h2>
        <Button type="button" onClick={onAdd}>
          + Add {label}
        </Button>
      </header>
      <p className="muted">
        {props.isSalesOrder
          ? 'Add a sales order: fill in its number, amount and date, then Submit. You can pay it once it is submitted.'
          : `Add an invoice: fill in its number, amount and date, then upload the invoice (PDF, PNG or JPEG, up to ${INVOICE_FILE_MAX_BYTES / 1024 / 1024} MB). You can pay it once it is uploaded.`}
      </p>
      {entries.map((entry) =>
        entry.created ? (
          <CreatedEntry
            key={entry.key}
            document={entry.created}
            label={label}
            today={rest.today}
            showCredit={rest.showCredit}
            showPay={rest.showPay}
            selectionOf={rest.selectionOf}
            creditLimit={rest.creditLimit}
            creditRefused={rest.creditRefused}
            send={rest.send}
          />
        ) : (
          <EntryForm key={entry.key} entry={entry} label={label} {...rest} />
        ),
      )}
    </Panel>
  );
}

/** A created manual document: its figures and the full payment controls. */
function CreatedEntry(props: SelectionProps & { document: PayDocument; label: string; today: string }) {
  const { document, label, today, selectionOf, creditLimit, creditRefused, ...controls } = props;
  return (
    <Entry
      role="group"
      aria-label={`${label} ${document.document_number}`}
      data-testid={`doc-${document.document_number}`}
    >
      <h3>
        {document.document_number} <span className="badge">Added</span>
        {selectionOf(document.id) && (
          <span role="img" aria-label="selected">
            {' '}
            ★
          </span>
        )}
      </h3>
      <p className="muted">
        {formatDate(document.invoice_date)} · {formatMoney(document.invoice_amount)} · due{' '}
        {formatDate(document.due_date)}
      </p>
      <div className="controls">
        <PaymentControls
          item={document}
          selection={selectionOf(document.id)}
          creditDisabled={creditDisabledReason(document, creditLimit, today, creditRefused)}
          {...controls}
        />
      </div>
    </Entry>
  );
}

function EntryForm(props: EntryProps) {
  const {
    entry,
    label,
    isSalesOrder,
    today,
    create,
    onCreated,
    onDeleted,
    showCredit,
    showPay,
    send: sendSelection,
  } = props;
  const [snapshot, send] = useManualInvoice(create, { isSalesOrder, today });
  const { values, errors, failure } = snapshot.context;
  const id = useId();
  const name = label.toLowerCase();
  const creating = snapshot.matches('creating');
  const filled = isFilled(values);
  const placeholder = placeholderItem(entry.key, label, today);
  useErrorToast(failure);

  useEffect(() => {
    if (snapshot.status !== 'done') return;
    if (snapshot.output?.created) onCreated(entry.key, snapshot.output.created);
    else onDeleted(entry.key);
  }, [snapshot.status, snapshot.output, entry.key, onCreated, onDeleted]);

  const field = (key: keyof ManualValues | 'file') => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });
  const error = (key: keyof ManualValues | 'file') =>
    errors[key] && (
      <FieldError id={`${id}-${key}-error`} role="alert">
        {errors[key]}
      </FieldError>
    );
  const change = (key: keyof ManualValues) => (e: { target: { value: string } }) =>
    send({ type: 'CHANGE', field: key, value: e.target.value });

  return (
    <Entry role="group" aria-label={`New ${name}`} aria-busy={creating}>
      <div className="fields">
        <div>
          <label htmlFor={`${id}-number`}>{label} No.</label>
          <input
            type="text"
            autoComplete="off"
            maxLength={16}
            value={values.number}
            disabled={creating}
            onChange={change('number')}
            {...field('number')}
          />
          {error('number')}
        </div>
        <div>
          <label htmlFor={`${id}-amount`}>{label} amount (₹)</label>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.amount}
            disabled={creating}
            onKeyDown={(e) => BLOCKED_AMOUNT_KEYS.includes(e.key) && e.preventDefault()}
            onChange={change('amount')}
            {...field('amount')}
          />
          {error('amount')}
        </div>
        <div>
          <label htmlFor={`${id}-date`}>{label} date</label>
          <DateField
            pickerOnly
            label={`${label} date`}
            max={today}
            value={values.date}
            disabled={creating}
            onChange={(value) => change('date')({ target: { value } })}
            {...field('date')}
          />
          {error('date')}
        </div>
        <div>
          {isSalesOrder ? (
            <Button
              type="button"
              disabled={!filled || creating}
              aria-busy={creating}
              onClick={() => send({ type: 'SUBMIT' })}
            >
              {creating ? 'Submitting…' : 'Submit'}
            </Button>
          ) : (
            <>
              <label htmlFor={`${id}-file`}>Upload {name}</label>
              <input
                type="file"
                accept={INVOICE_FILE_ACCEPT}
                disabled={!filled || creating}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = ''; // the same file can be chosen again after a refusal
                  if (file) send({ type: 'UPLOAD', file });
                }}
                {...field('file')}
              />
              {creating && <span role="status">Uploading…</span>}
              {error('file')}
            </>
          )}
        </div>
      </div>
      <div className="controls">
        <PaymentControls
          item={placeholder}
          number={values.number || `new ${name}`}
          selection={undefined}
          creditDisabled={null}
          showCredit={showCredit}
          showPay={showPay}
          send={sendSelection}
        />
      </div>
      <GhostButton type="button" disabled={creating} onClick={() => send({ type: 'DELETE' })}>
        Delete {name}
      </GhostButton>
      <Modal
        open={snapshot.matches('confirmingDelete')}
        title={`Delete ${name}`}
        onClose={() => send({ type: 'CANCEL' })}
      >
        <p>{DELETE_QUESTION}</p>
        <p style={{ display: 'flex', gap: 8 }}>
          <Button type="button" onClick={() => send({ type: 'CONFIRM' })}>
            Yes, delete
          </Button>
          <GhostButton type="button" onClick={() => send({ type: 'CANCEL' })}>
            No
          </GhostButton>
        </p>
      </Modal>
    </Entry>
  );
}

const Panel = styled.section`
  padding: 16px;
  margin-bottom: 16px;
  border-radius: 12px;
  border: 1px dashed ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surface};
  header {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    justify-content: space-between;
  }
  h2 {
    margin: 0;
    font-size: 18px;
  }
  .muted {
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Entry = styled.div`
  margin-top: 12px;
  padding: 12px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  h3 {
    margin: 0 0 4px;
    font-size: 16px;
  }
  .badge {
    font-size: 12px;
    padding: 2px 8px;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.border};
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
    gap: 12px;
    margin-bottom: 8px;
  }
  .fields label {
    display: block;
    font-size: 13px;
    margin-bottom: 4px;
  }
  input[type='text'],
  input[type='number'],
  input[type='date'] {
    width: 100%;
    min-height: 44px;
    padding: 0 8px;
    border-radius: 6px;
    border: 1px solid ${({ theme }) => theme.border};
    background: ${({ theme }) => theme.surface};
    color: ${({ theme }) => theme.text};
    color-scheme: ${({ theme }) => theme.name};
  }
  input[type='file'] {
    min-height: 44px;
    max-width: 100%;
  }
  .controls {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: 4px 24px;
    margin-bottom: 8px;
  }
  .row {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
    min-height: 44px;
  }
  label.row {
    justify-content: flex-start;
  }
  .row input[type='text'] {
    width: 140px;
  }
  input[type='checkbox'] {
    width: 24px;
    height: 24px;
  }
`;
