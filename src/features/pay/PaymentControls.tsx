import { useId } from 'react';
import type { PaySelectionEvent } from '../../../machines/pay-selection/pay-selection.machine';
import {
  CREDIT_DISABLED_TEXT,
  type CreditDisabledReason,
  type PayItem,
  type Selection,
} from '../../../machines/pay-selection/rules';
import { formatMoney, type Paise } from '../../domain/money';
import { FieldError } from '../../ui/form';
import { Switch } from '../../ui/Switch';

/** What the desktop table and the phone carousel both show the documents with. */
export interface DocumentViewProps {
  /** 'Invoice' or 'Sales Order'. */
  label: string;
  /** Today, ISO 'YYYY-MM-DD'. */
  today: string;
  showVirtualAccount: boolean;
  showCredit: boolean;
  showPay: boolean;
  selectionOf: (id: string) => Selection | undefined;
  /** meta.credit_limit_balance in paise. */
  creditLimit: Paise | null;
  /** The account is in the overdue view: the provider refuses credit, so every credit switch is off and disabled. */
  creditRefused: boolean;
  send: (event: PaySelectionEvent) => void;
}

/**
 * The payment controls of one document as labelled rows (`.row`, styled by the card that holds them):
 * 'Click here to pay', Full|Part, the amount to approve, and the credit and pay switches. The mobile cards
 * and the manual invoice entries use them; the desktop table lays the same controls out as cells. The
 * accessible names match the table's, so tests drive every view the same way.
 */
export function PaymentControls(props: {
  item: PayItem;
  /** The document number shown in the names (a manual entry passes what was typed so far). */
  number?: string;
  selection: Selection | undefined;
  showCredit: boolean;
  showPay: boolean;
  /** Why the credit switch is disabled, or null when it is enabled. */
  creditDisabled: CreditDisabledReason | null;
  send: (event: PaySelectionEvent) => void;
}) {
  const { item, selection: s, showCredit, showPay, creditDisabled, send } = props;
  const number = props.number ?? item.document_number;
  const errorId = `${useId()}-error`;
  return (
    <>
      <label className="row">
        <input
          type="checkbox"
          aria-label={`Click here to pay ${number}`}
          checked={Boolean(s)}
          onChange={() => send({ type: 'TOGGLE', id: item.id })}
        />
        Click here to pay
      </label>
      <div className="row">
        <span>Full|Part</span>
        <Switch
          label={`Part payment for ${number}`}
          text={s?.partPayment ? 'Part' : 'Full'}
          checked={Boolean(s?.partPayment)}
          onChange={(on) => send({ type: 'SET_PART', id: item.id, on })}
        />
      </div>
      <div className="row">
        <span>Approve Payment</span>
        {s?.partPayment ? (
          <input
            type="text"
            inputMode="decimal"
            aria-label={`Amount to pay for ${number}`}
            value={s.partAmountText}
            aria-invalid={s.error ? true : undefined}
            aria-describedby={s.error ? errorId : undefined}
            onChange={(e) => send({ type: 'SET_PART_AMOUNT', id: item.id, text: e.target.value })}
          />
        ) : (
          <strong>{formatMoney(s?.amount ?? item.balance_due)}</strong>
        )}
      </div>
      {s?.partPayment && s.error && (
        <FieldError id={errorId} role="alert">
          {s.error}
        </FieldError>
      )}
      {showCredit && (
        <div className="row">
          <span>Credit</span>
          <Switch
            label={`Credit for ${number}`}
            checked={Boolean(s?.credit)}
            disabled={creditDisabled !== null}
            reason={creditDisabled && CREDIT_DISABLED_TEXT[creditDisabled]}
            onChange={(on) => send({ type: 'SET_CREDIT', id: item.id, on })}
          />
        </div>
      )}
      {showPay && (
        <div className="row">
          <span>Pay</span>
          <Switch
            label={`Pay for ${number}`}
            checked={Boolean(s?.pay)}
            onChange={(on) => send({ type: 'SET_PAY', id: item.id, on })}
          />
        </div>
      )}
    </>
  );
}
