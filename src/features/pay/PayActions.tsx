import { PAYMENT_MODES } from '../../domain/payments';
import { formatMoney } from '../../domain/money';
import { isolated } from '../../lib/format';
import { Select } from '../../ui/controls';
import { Button } from '../../ui/form';
import { Footer } from './styles';
import type { PaySelection } from './usePaySelection';
import type { PayMeta } from './usePayDocuments';

const MODE_TEXT = { net_banking: 'Net Banking', upi: 'UPI' } as const;

/**
 * The pay page's actions under an open list: the payment mode, the supplier bank account for an open-limit
 * customer's open invoices, the credit and pay totals, and AVAIL CREDIT and Pay.
 */
export function PayActions(props: {
  selection: PaySelection;
  supplierAccounts: NonNullable<PayMeta['supplier_bank_accounts']>;
  openLimit: boolean;
  showCredit: boolean;
  showPay: boolean;
  busy: boolean;
  onAvailCredit: () => void;
  onPay: () => void;
}) {
  const { selection, supplierAccounts, openLimit, showCredit, showPay, busy, onAvailCredit, onPay } = props;
  return (
    <Footer>
      {showPay && (
        <fieldset>
          <legend className="visually-hidden">Payment mode</legend>
          {PAYMENT_MODES.map((m) => (
            <label key={m}>
              <input
                type="radio"
                name="payment-mode"
                checked={selection.mode === m}
                onChange={() => selection.send({ type: 'SET_MODE', mode: m })}
              />
              {MODE_TEXT[m]}
            </label>
          ))}
        </fieldset>
      )}
      {openLimit && showCredit && supplierAccounts.length > 0 && (
        <label className="field">
          Supplier bank account for open invoices
          <Select value={selection.supplierBank} onChange={(e) => selection.setSupplierBank(e.target.value)}>
            <option value="">Select account</option>
            {supplierAccounts.map((account) => (
              <option key={account.id} value={account.id}>
                {isolated(account.bank_account_name)} · {isolated(account.bank_name)}
              </option>
            ))}
          </Select>
        </label>
      )}
      <span>
        Credit {formatMoney(selection.creditSum)} · Pay {formatMoney(selection.paySum)}
        {/* A part amount being typed that is not valid is not in the totals: say so, rather than show a total that looks final. */}
        {selection.selections.some((s) => s.error !== null) && <small> (incomplete: correct the part amount)</small>}
      </span>
      <span style={{ display: 'flex', gap: 8 }}>
        {showCredit && (
          <Button type="button" disabled={busy} aria-busy={busy} onClick={onAvailCredit}>
            AVAIL CREDIT
          </Button>
        )}
        {showPay && (
          <Button type="button" disabled={busy} aria-busy={busy} onClick={onPay}>
            Pay
          </Button>
        )}
      </span>
    </Footer>
  );
}
