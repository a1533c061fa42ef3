/**
 * The pay page's selection rules (spec 3, §4 and §5): one pure function per user action, and the checks
 * run before 'AVAIL CREDIT' and Pay. The selection machine (`pay-selection.machine.ts`) only routes events
 * here, so this file is the single source of the rules.
 *
 * Money is integer paise everywhere (`src/domain/money`): amounts are added and compared as integers, and
 * typed amounts are parsed by string arithmetic, so no float error can let a credit total pass the limit
 * by a paisa.
 *
 * Invariants every function here keeps (and the tests check after random event sequences):
 * - the credit total (sum of `amount` over credit-marked selections) never exceeds `creditLimitBalance`
 *   (and is zero when the limit is null);
 * - credit and pay are never both on for one document;
 * - `amount` is a non-negative safe integer.
 */
import { formatMoney, formatRupees, paiseToText, rupeesToPaise, type Paise } from '../../src/domain/money';
import { isPastCreditCutoff, type PayDocument } from '../../src/domain/pay';
import { isPaymentMode, type PaymentMode } from '../../src/domain/payments';

/**
 * A document on the pay page. `unsubmitted` marks a manual entry of an open-limit customer whose invoice
 * is not yet uploaded (sales order: not yet submitted): it cannot be selected and its part, credit and pay
 * switches answer with the upload/submit guidance until it is created (spec §2 'Manual invoice entry').
 */
export type PayItem = PayDocument & { unsubmitted?: boolean };

/** Which wording the messages take: the portal's, or the public payment page's (spec §5). */
export type MessageVariant = 'portal' | 'payment-page';

export interface SelectionOptions {
  /** The product key that fills `{product}` in messages ('provider'). */
  product: string;
  /** 'payment-page' on the public pay page. */
  variant: MessageVariant;
  /** meta.is_sales_order: picks the sales-order wording of the guidance popups. */
  isSalesOrder: boolean;
  /** meta.show_{product}_credit_option; when false credit is never turned on. Default true. */
  showCreditOption?: boolean;
  /** The provider will refuse credit for the whole account (the overdue view): credit starts off, switches disabled. */
  creditRefused?: boolean;
}

/** The selection of one document (spec §3 'Per-document payment selection'). */
export interface Selection {
  id: string;
  partPayment: boolean;
  /** What the user typed in part mode (kept as typed, even when invalid). */
  partAmountText: string;
  /**
   * The amount to pay, in paise: the part amount when part mode is on and the typed text is valid, else
   * the balance due (0 when the balance is null). While the typed text is invalid (`error` set) the last
   * accepted amount is kept, so the credit total still fits the limit; the error blocks both submits.
   */
  amount: Paise;
  credit: boolean;
  pay: boolean;
  /** The part-amount error, or null. */
  error: string | null;
}

/** What the rule functions read and write. The machine's context is a superset. */
export interface SelectionState {
  /** In the order they were made: the running credit total of select-all follows it. */
  selections: readonly Selection[];
  /** meta.credit_limit_balance in paise; null disables credit. */
  creditLimitBalance: Paise | null;
  /** Today's date, ISO 'YYYY-MM-DD'. */
  today: string;
  options: SelectionOptions;
  /** The popup message to show, or null. */
  popup: string | null;
}

export type CreditDisabledReason = 'overdue-dues' | 'no-credit-limit' | 'no-balance-due' | 'overdue' | 'ddr';

/** Why a credit switch is off and cannot be turned on, as the page says it next to the switch. */
export const CREDIT_DISABLED_TEXT: Readonly<Record<CreditDisabledReason, string>> = {
  'overdue-dues': 'Credit is paused until your overdue credit dues are cleared.',
  'no-credit-limit': 'No credit line is available on this account.',
  'no-balance-due': 'The balance due of this document is not known.',
  overdue: 'Overdue by more than 60 days: pay it directly.',
  ddr: 'A drawdown request for this document is in draft.',
};

// ---------------------------------------------------------------------------------------------------------
// Messages, verbatim from spec §5 (spelling included).
// ---------------------------------------------------------------------------------------------------------

export const messages = {
  tickFirst: (toggle: 'credit' | 'pay') => `Please checked 'Click here to pay' to enable ${toggle} switch.`,
  partBeforeCreated: (isSalesOrder: boolean) =>
    isSalesOrder
      ? 'Please submit sales order to enable part payment.'
      : 'Please upload invoice to enable part payment.',
  switchBeforeCreated: (toggle: 'credit' | 'pay', product: string, isSalesOrder: boolean) =>
    `${isSalesOrder ? 'Please submit sales order' : 'Please upload invoice'} to enable the ${product} ${toggle} switch.`,
  /** Turning credit on would overflow and some limit is left: `available` and `partPayment` in paise. */
  creditPartPayment: (available: Paise, partPayment: Paise, variant: MessageVariant, product: string) =>
    variant === 'payment-page'
      ? `Your ${product} Available Balance is rupees ${formatRupees(available)} please make the part payment of rupees ${formatRupees(partPayment)}.`
      : `Your Available Balance is ${formatMoney(available)} please make the part payment of ${formatMoney(partPayment)}.`,
  /** Turning credit on would overflow and nothing is left: `limit` is the total limit (credit_limit_balance). */
  creditUtilised: (limit: Paise) =>
    `You have utilisied your total limit ${formatMoney(limit)} please proceed with Pay.`,
  amountOverCredit: (remaining: Paise) => `Amount should be less than or equal to ${formatMoney(remaining)}`,
  amountOverInvoice: (invoiceAmount: Paise) => `Amount should be less than ${formatMoney(invoiceAmount)}`,
  amountOverInvoiceManual: 'Amount should be less than invoice amount',
  amountOverBalanceDue: 'Amount should be less than balance due',
  /** Our own texts for typed amounts the spec does not cover. */
  amountRequired: 'Please enter an amount.',
  amountNotPositive: 'Amount should be greater than zero.',
  amountInvalid: 'Please enter a valid amount with up to 2 decimal places.',
  selectToAvailCredit: 'Please, select invoice to avail credit.',
  creditZero: 'Please, select amount greater than zero before avail credit.',
  supplierBankMissing: 'Please, select supplier bank account for open invoices.',
  partialWithoutBank: (numbers: readonly string[]) =>
    `Bank not present for following partial invoices ${numbers.join(', ')}`,
  correctBeforeCredit: 'Please, correct your part payment amount before avail credit.',
  payZero: (product: string) => `Please, select amount greater than zero before paying via the ${product} Pay.`,
  correctBeforePay: (product: string) =>
    `Please, correct your part payment amount before paying via the ${product} Pay.`,
  paymentModeMissing: 'Please, select payment mode to make payment.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------------------

/** Past the credit cutoff of spec §9 (more than 60 days overdue, or an unreadable due date). */
export function isOverdue(item: Pick<PayDocument, 'due_date'>, today: string): boolean {
  return isPastCreditCutoff(item.due_date, today);
}

/** The document already has a ddr status (a draft marker). */
function hasDdrStatus(item: Pick<PayDocument, 'ddr_status_date'>): boolean {
  const status = item.ddr_status_date?.[0]?.ddr_status;
  return status !== undefined && status.trim() !== '';
}

/** A partially paid document (the Partial tab): its status names it so ('partially_paid', 'partial'). */
export function isPartial(item: Pick<PayDocument, 'status'>): boolean {
  return /partial/i.test(item.status);
}

/**
 * Why the credit switch of a document is disabled, or null when it is enabled (spec §4): the account is in
 * the overdue view (the provider refuses credit until the dues are cleared), the customer's
 * credit_limit_balance is null, the document's balance_due is null, it is overdue, or it has a ddr status.
 */
export function creditDisabledReason(
  item: PayItem,
  creditLimitBalance: Paise | null,
  today: string,
  creditRefused = false,
): CreditDisabledReason | null {
  if (creditRefused) return 'overdue-dues';
  if (creditLimitBalance === null) return 'no-credit-limit';
  if (item.balance_due === null) return 'no-balance-due';
  if (isOverdue(item, today)) return 'overdue';
  if (hasDdrStatus(item)) return 'ddr';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------------------------------------

/** Sum of the amounts of credit-marked selections, leaving out `exceptId`. */
export function creditTotal(selections: readonly Selection[], exceptId?: string): Paise {
  let total = 0;
  for (const s of selections) if (s.credit && s.id !== exceptId) total += s.amount;
  return total;
}

/** Sum of the amounts of pay-marked selections. */
export function payTotal(selections: readonly Selection[]): Paise {
  let total = 0;
  for (const s of selections) if (s.pay) total += s.amount;
  return total;
}

/** What is left of the limit once the other credit selections are counted (never below 0; 0 for null). */
function remainingCredit(state: Pick<SelectionState, 'selections' | 'creditLimitBalance'>, exceptId?: string): Paise {
  if (state.creditLimitBalance === null) return 0;
  return Math.max(0, state.creditLimitBalance - creditTotal(state.selections, exceptId));
}

/** `amount` more on credit fits the limit: running total + amount <= credit_limit_balance. */
function fits(limit: Paise | null, running: Paise, amount: Paise): boolean {
  return limit !== null && running + amount <= limit;
}

function creditAllowed(state: SelectionState, item: PayItem): boolean {
  return (
    state.options.showCreditOption !== false &&
    creditDisabledReason(item, state.creditLimitBalance, state.today, state.options.creditRefused) === null
  );
}

// ---------------------------------------------------------------------------------------------------------
// Part amounts
// ---------------------------------------------------------------------------------------------------------

const AMOUNT_TEXT = /^\d+(?:\.\d{1,2})?$/;

/**
 * A typed amount as paise, or the message for it. Plain decimals with at most 2 decimals only
 * ('1234', '1234.5', '1234.50'); empty, negative, zero, grouped ('1,234'), exponent or 3-decimal text is
 * refused with our own message.
 */
export function parsePartAmount(text: string): { amount: Paise } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: messages.amountRequired };
  if (/^-\s*\d/.test(trimmed)) return { error: messages.amountNotPositive };
  if (!AMOUNT_TEXT.test(trimmed)) return { error: messages.amountInvalid };
  const amount = rupeesToPaise(trimmed, { unsigned: true, exact: true });
  if (amount === null) return { error: messages.amountInvalid };
  if (amount <= 0) return { error: messages.amountNotPositive };
  return { amount };
}

export interface PartAmountCheck {
  /** The credit switch is on for this document. */
  credit: boolean;
  /** Limit left for this document when credit is on: credit_limit_balance minus the other credit amounts. */
  remaining: Paise;
  variant: MessageVariant;
}

/**
 * The part-amount rules of spec §5, in its order: with credit on, more than the remaining limit ->
 * 'Amount should be less than or equal to ₹{remaining}'; more than the document allows -> 'Amount should
 * be less than ...' (portal: ₹{invoice amount}, or 'invoice amount' for manual entries, both against the
 * invoice amount; payment page: 'balance due' ('invoice amount' for manual entries), against the balance
 * due, or the invoice amount when the balance is null); otherwise the amount.
 */
export function checkPartAmount(
  text: string,
  item: PayItem,
  check: PartAmountCheck,
): { amount: Paise } | { error: string } {
  const parsed = parsePartAmount(text);
  if ('error' in parsed) return parsed;
  const { amount } = parsed;
  if (check.credit && amount > check.remaining) return { error: messages.amountOverCredit(check.remaining) };
  if (check.variant === 'payment-page') {
    // A manual entry keeps its own wording (spec §5) against what is left to pay of it.
    if (amount > (item.balance_due ?? item.invoice_amount))
      return { error: item.is_manual === true ? messages.amountOverInvoiceManual : messages.amountOverBalanceDue };
  } else if (amount > item.invoice_amount) {
    return {
      error:
        item.is_manual === true ? messages.amountOverInvoiceManual : messages.amountOverInvoice(item.invoice_amount),
    };
  }
  return { amount };
}

/** Re-reads the typed part amount of `selection` (part mode) with `remaining` left on credit. */
function withPartText(selection: Selection, item: PayItem, remaining: Paise, variant: MessageVariant): Selection {
  if (!selection.partPayment) return selection;
  const result = checkPartAmount(selection.partAmountText, item, { credit: selection.credit, remaining, variant });
  return 'error' in result
    ? { ...selection, error: result.error }
    : { ...selection, amount: result.amount, error: null };
}

// ---------------------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------------------

export function selectionOf(state: Pick<SelectionState, 'selections'>, id: string): Selection | undefined {
  return state.selections.find((s) => s.id === id);
}

function replace<S extends SelectionState>(state: S, next: Selection, popup: string | null = state.popup): S {
  return { ...state, selections: state.selections.map((s) => (s.id === next.id ? next : s)), popup };
}

function withPopup<S extends SelectionState>(state: S, popup: string): S {
  return { ...state, popup };
}

/** The popup for turning credit on when `amount` does not fit what is left. */
function overflowMessage(state: SelectionState, remaining: Paise): string {
  const { variant, product } = state.options;
  return remaining > 0
    ? messages.creditPartPayment(remaining, remaining, variant, product)
    : messages.creditUtilised(state.creditLimitBalance ?? 0);
}

/**
 * Ticks 'Click here to pay': a selection of the full balance with pay on, or credit on instead when the
 * document's credit switch is enabled and the running credit total plus the balance fits the limit.
 * Already selected: unchanged. A manual entry not yet uploaded/submitted is refused with the pay-switch
 * guidance (ticking would turn its pay switch on).
 */
export function select<S extends SelectionState>(state: S, item: PayItem): S {
  if (selectionOf(state, item.id)) return state;
  if (item.unsubmitted === true)
    return withPopup(state, messages.switchBeforeCreated('pay', state.options.product, state.options.isSalesOrder));
  const amount = item.balance_due ?? 0;
  const credit = creditAllowed(state, item) && fits(state.creditLimitBalance, creditTotal(state.selections), amount);
  const selection: Selection = {
    id: item.id,
    partPayment: false,
    partAmountText: '',
    amount,
    credit,
    pay: !credit,
    error: null,
  };
  return { ...state, selections: [...state.selections, selection] };
}

/** Unticks a document: its selection goes. */
export function unselect<S extends SelectionState>(state: S, id: string): S {
  return selectionOf(state, id) ? { ...state, selections: state.selections.filter((s) => s.id !== id) } : state;
}

/** Select-all: every document in view not yet selected, in order, so the running credit total counts earlier picks. */
export function selectAll<S extends SelectionState>(state: S, inView: readonly PayItem[]): S {
  let next = state;
  for (const item of inView) if (item.unsubmitted !== true) next = select(next, item);
  return next;
}

/** Clearing select-all removes the selections of the documents in view (others stay). */
export function clearAll<S extends SelectionState>(state: S, inView: readonly PayItem[]): S {
  const ids = new Set(inView.map((i) => i.id));
  return state.selections.some((s) => ids.has(s.id))
    ? { ...state, selections: state.selections.filter((s) => !ids.has(s.id)) }
    : state;
}

/**
 * The credit switch. On: guidance when the document is an unsubmitted manual entry or not ticked; nothing
 * when its credit switch is disabled; credit on and pay off when its amount fits what is left of the limit;
 * otherwise credit stays off, pay goes on, and the overflow popup says what is left. Off: credit off.
 */
export function setCredit<S extends SelectionState>(state: S, item: PayItem, on: boolean): S {
  const { product, isSalesOrder, variant } = state.options;
  const current = selectionOf(state, item.id);
  if (on && item.unsubmitted === true)
    return withPopup(state, messages.switchBeforeCreated('credit', product, isSalesOrder));
  if (!current) return on ? withPopup(state, messages.tickFirst('credit')) : state;
  if (current.credit === on) return state;
  // A selected document is always in exactly one total: credit off puts it on pay.
  if (!on) return replace(state, withPartText({ ...current, credit: false, pay: true }, item, 0, variant));
  if (!creditAllowed(state, item)) return state;
  const remaining = remainingCredit(state, item.id);
  if (current.amount > remaining)
    return replace(state, { ...current, credit: false, pay: true }, overflowMessage(state, remaining));
  return replace(state, withPartText({ ...current, credit: true, pay: false }, item, remaining, variant));
}

/**
 * The pay switch. On: guidance when unsubmitted or not ticked; otherwise pay on and credit off. Off: the
 * document moves to credit when its credit switch is enabled and it fits the limit, else it is unticked,
 * so a selected document is always in exactly one total.
 */
export function setPay<S extends SelectionState>(state: S, item: PayItem, on: boolean): S {
  const { product, isSalesOrder, variant } = state.options;
  const current = selectionOf(state, item.id);
  if (on && item.unsubmitted === true)
    return withPopup(state, messages.switchBeforeCreated('pay', product, isSalesOrder));
  if (!current) return on ? withPopup(state, messages.tickFirst('pay')) : state;
  if (current.pay === on) return state;
  if (!on) {
    const toCredit = creditAllowed(state, item) && current.amount <= remainingCredit(state, item.id);
    return toCredit
      ? replace(
          state,
          withPartText({ ...current, pay: false, credit: true }, item, remainingCredit(state, item.id), variant),
        )
      : unselect(state, item.id);
  }
  return replace(state, withPartText({ ...current, pay: true, credit: false }, item, 0, variant));
}

/**
 * The Full|Part switch of a selected document. Part on: the field starts with the current amount
 * ('1234.50'; empty for 0, which reads as an error until an amount is typed) and is checked like typed
 * text. Part off: the amount goes back to the balance due, the text and error clear,
 * and a credit selection whose balance no longer fits the limit moves to pay (no popup). Unsubmitted manual
 * entries get the upload/submit guidance; an unticked document is left as it is.
 */
export function setPart<S extends SelectionState>(state: S, item: PayItem, on: boolean): S {
  if (on && item.unsubmitted === true) return withPopup(state, messages.partBeforeCreated(state.options.isSalesOrder));
  const current = selectionOf(state, item.id);
  if (!current || current.partPayment === on) return state;
  if (on) {
    const part: Selection = {
      ...current,
      partPayment: true,
      partAmountText: current.amount > 0 ? paiseToText(current.amount) : '',
    };
    return replace(state, withPartText(part, item, remainingCredit(state, item.id), state.options.variant));
  }
  const amount = item.balance_due ?? 0;
  const full: Selection = { ...current, partPayment: false, partAmountText: '', amount, error: null };
  const keepsCredit = full.credit && fits(state.creditLimitBalance, creditTotal(state.selections, item.id), amount);
  return replace(state, full.credit && !keepsCredit ? { ...full, credit: false, pay: true } : full);
}

/**
 * Typing in the part-amount field of a selected document in part mode: the text is kept as typed; a valid
 * amount becomes the selection's amount and clears the error; an invalid one sets the error and keeps the
 * last accepted amount.
 */
export function setPartAmount<S extends SelectionState>(state: S, item: PayItem, text: string): S {
  const current = selectionOf(state, item.id);
  if (!current?.partPayment) return state;
  return replace(
    state,
    withPartText({ ...current, partAmountText: text }, item, remainingCredit(state, item.id), state.options.variant),
  );
}

/**
 * Re-checks every selection against fresh document data and a fresh limit (a new page, a reload): drops
 * selections whose document is unknown or unsubmitted; full-mode amounts follow the new balance due;
 * credit selections whose credit switch is now disabled, or that no longer fit (counted in selection
 * order), move to pay; typed part amounts are checked again. No popup.
 */
export function reconcile<S extends SelectionState>(state: S, itemOf: (id: string) => PayItem | undefined): S {
  const selections: Selection[] = [];
  let running = 0;
  for (const s of state.selections) {
    const item = itemOf(s.id);
    if (!item || item.unsubmitted === true) continue;
    let next: Selection = s.partPayment ? { ...s } : { ...s, amount: item.balance_due ?? 0, error: null };
    if (next.credit && (!creditAllowed(state, item) || !fits(state.creditLimitBalance, running, next.amount)))
      next = { ...next, credit: false, pay: true };
    const remaining = state.creditLimitBalance === null ? 0 : Math.max(0, state.creditLimitBalance - running);
    next = withPartText(next, item, remaining, state.options.variant);
    if (next.credit) running += next.amount;
    selections.push(next);
  }
  return { ...state, selections };
}

// ---------------------------------------------------------------------------------------------------------
// Submit checks
// ---------------------------------------------------------------------------------------------------------

export interface ValidationState {
  selections: readonly Selection[];
  /** The documents the selections refer to, by id. */
  known: Readonly<Record<string, PayItem>>;
}

export interface AvailCreditOptions {
  /** meta.open_limit_customer. */
  openLimitCustomer: boolean;
  /** The supplier bank account a credit document goes to: its own (bank_account_id) or the one chosen for open invoices. */
  supplierBankFor?: (item: PayItem) => string | null | undefined;
}

/**
 * The checks before 'AVAIL CREDIT' (spec §5), in order; null when the request may go. The supplier bank
 * and partial-bank checks look at the credit-marked documents (the ones the request carries); the amount
 * check at every selection ('any amount error blocks it').
 */
export function validateAvailCredit(state: ValidationState, options: AvailCreditOptions): string | null {
  if (state.selections.length === 0) return messages.selectToAvailCredit;
  if (creditTotal(state.selections) <= 0) return messages.creditZero;
  const onCredit = state.selections.filter((s) => s.credit).flatMap((s) => state.known[s.id] ?? []);
  // op_avail_credit sends every credit document in a group with a supplier bank account: manual documents
  // (and any other without an account of its own) take the one chosen for the open invoices.
  if (options.openLimitCustomer && onCredit.some((item) => !isPartial(item) && !options.supplierBankFor?.(item))) {
    return messages.supplierBankMissing;
  }
  const withoutBank = onCredit.filter((item) => isPartial(item) && (item.bank_account_id ?? []).length === 0);
  if (withoutBank.length > 0) return messages.partialWithoutBank(withoutBank.map((item) => item.document_number));
  if (state.selections.some((s) => s.error !== null)) return messages.correctBeforeCredit;
  return null;
}

/** The checks before Pay (spec §5), in order; null when the payment may go. */
export function validatePay(
  state: { selections: readonly Selection[]; mode: PaymentMode | null },
  options: { product: string },
): string | null {
  if (payTotal(state.selections) <= 0) return messages.payZero(options.product);
  if (state.selections.some((s) => s.error !== null)) return messages.correctBeforePay(options.product);
  if (!isPaymentMode(state.mode)) return messages.paymentModeMissing;
  return null;
}
