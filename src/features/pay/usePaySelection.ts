import { useEffect, useState } from 'react';
import { paySelectionMachine } from '../../../machines/pay-selection/pay-selection.machine';
import {
  creditTotal,
  payTotal,
  validateAvailCredit,
  validatePay,
  type PayItem,
  type Selection,
} from '../../../machines/pay-selection/rules';
import type { Paise } from '../../domain/money';
import type { InvoiceDetail } from '../../domain/pay';
import { config } from '../../config';
import { useFlowMachine } from '../../lib/inspection';

interface PaySelectionOptions {
  /** The documents in view: the manual entries (open tab) and the listed page. */
  items: readonly PayItem[];
  creditLimitBalance: Paise | null;
  /** Today, ISO 'YYYY-MM-DD'. */
  today: string;
  isSalesOrder: boolean;
  showCredit: boolean;
  /** The overdue view: the provider refuses credit, so credit starts off and cannot be turned on. */
  creditRefused: boolean;
  /** Open-limit customers send each credit document with its supplier bank account. */
  openLimit: boolean;
}

/**
 * The pay page's selection (`paySelectionMachine`, which has no effects): fed the documents in view as they
 * change, with the supplier bank account chosen for open invoices, the totals, the submit checks and the
 * `invoice_details` of a payment.
 */
export function usePaySelection({
  items,
  creditLimitBalance,
  today,
  isSalesOrder,
  showCredit,
  creditRefused,
  openLimit,
}: PaySelectionOptions) {
  const [snapshot, send] = useFlowMachine(paySelectionMachine, {
    input: {
      items,
      creditLimitBalance,
      today,
      options: {
        product: config.product,
        variant: 'payment-page',
        isSalesOrder,
        showCreditOption: showCredit,
        creditRefused,
      },
    },
  });
  useEffect(() => {
    send({ type: 'LOAD_ITEMS', items, creditLimitBalance });
  }, [items, creditLimitBalance, send]);
  const [supplierBank, setSupplierBank] = useState('');

  const { selections, known, mode, popup } = snapshot.context;
  const selectionOf = (id: string) => selections.find((s) => s.id === id);
  /** The supplier bank account of a credit document: its own, else the one chosen for open invoices. */
  const supplierBankFor = (item: PayItem) => item.bank_account_id?.[0] ?? (supplierBank === '' ? null : supplierBank);
  const details = (pick: (s: Selection) => boolean): InvoiceDetail[] =>
    selections.filter(pick).map((s) => {
      const item = known[s.id];
      const bankAccountId = openLimit && item ? supplierBankFor(item) : null;
      return bankAccountId === null ? { id: s.id, amount: s.amount } : { id: s.id, amount: s.amount, bankAccountId };
    });

  return {
    send,
    selections,
    mode,
    popup,
    selectionOf,
    creditSum: creditTotal(selections),
    paySum: payTotal(selections),
    supplierBank,
    setSupplierBank,
    /** Why credit cannot be requested now, or null. */
    creditProblem: () => validateAvailCredit({ selections, known }, { openLimitCustomer: openLimit, supplierBankFor }),
    /** Why payment cannot be requested now, or null. */
    payProblem: () => validatePay({ selections, mode }, { product: config.product }),
    details,
  };
}

export type PaySelection = ReturnType<typeof usePaySelection>;
