/**
 * The pay page's words and rules that the page, its machines and the mock share (spec 3 §2-§5, §9).
 */
import { daysBetween } from './dates';
import type { Paise } from './money';
import { DUE_SOON_DAYS, OVERDUE_CUTOFF_DAYS, OVERDUE_VIEW_THRESHOLD_PAISE } from './thresholds';

interface DdrStatus {
  ddr_status: string;
  date: string;
}

/**
 * An invoice or sales order on the pay page (a "collection item"), amounts in paise. The API's codec
 * (`src/api/codecs/pay.ts`) decodes exactly this shape; the machines take it as their input.
 */
export interface PayDocument {
  id: string;
  document_number: string;
  invoice_date: string;
  due_date: string;
  invoice_amount: Paise;
  /** What is still to pay; null when the provider cannot say (credit is then disabled). */
  balance_due: Paise | null;
  status: string;
  bank_account_id?: string[];
  pay_by_date?: string | null;
  discount_amount?: Paise | null;
  is_selected?: boolean;
  payment_utr?: string | null;
  virtual_account_number?: string | null;
  ddr_status_date?: DdrStatus[];
  /** A manual entry of an open-limit customer. */
  is_manual?: boolean;
}

/** One document of a payment and the amount paid toward it (the `invoice_details` of a payment request). */
export interface InvoiceDetail {
  id: string;
  amount: Paise;
  /** Open-limit credit: the supplier bank account the document's group goes to. */
  bankAccountId?: string;
}

/** The pay page's tabs, as the provider's `status` query names them. */
export const PAY_TABS = ['open', 'closed', 'partial'] as const;
export type PayTab = (typeof PAY_TABS)[number];

/**
 * Past the credit cutoff (spec 3 §9): the due date is more than 60 days before today; 60 days ago is
 * not, 61 days ago is. A due date (or today) that is not a valid ISO date counts as past it, so credit
 * stays off for it.
 */
export function isPastCreditCutoff(dueDate: string, today: string): boolean {
  const days = daysBetween(dueDate, today);
  return days === null || days > OVERDUE_CUTOFF_DAYS;
}

/** Overdue credit dues that put the page in its overdue view: more than 1 rupee (spec 3 §9). */
export function isOverdueView(overdueAmount: Paise | null | undefined): boolean {
  return (overdueAmount ?? 0) > OVERDUE_VIEW_THRESHOLD_PAISE;
}

/** Due hints (spec 3 §2): 'OverDue by N Days', 'Due Today', 'N Days left' (2 or fewer); null otherwise. */
export function dueHint(dueDate: string, today: string): { text: string; late: boolean } | null {
  const days = daysBetween(today, dueDate);
  if (days === null) return null;
  if (days < 0) return { text: `OverDue by ${-days} Days`, late: true };
  if (days === 0) return { text: 'Due Today', late: false };
  if (days <= DUE_SOON_DAYS) return { text: `${days} Days left`, late: false };
  return null;
}
