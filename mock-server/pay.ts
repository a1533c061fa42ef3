import { addDays, format } from 'date-fns';
import { daysPast, rupees, todayOf } from './aggregates';
import { isoDay } from '../src/domain/dates';
import { findPayLink, payTokenError } from './auth/pay-token';
import {
  type Anchor,
  type AnchorSettings,
  type DistributorCompany,
  type Drawdown,
  type Invoice,
  type LoanApplication,
  nextId,
  type Payment,
  type PaymentLink,
  type ReadonlyDb,
} from './db';
import type { Repository } from './store/repository';
import { formatMoney, rupeesToPaise } from '../src/domain/money';
import { isOverdueView, isPastCreditCutoff } from '../src/domain/pay';
import { closedStatusOf } from '../src/domain/statuses';
import { CREDIT_PERIOD_DAYS, OVERDUE_CUTOFF_DAYS } from '../src/domain/thresholds';
import { HttpError, isRecord, resource, type ApiErrorEntry } from './http';
import { settleLinks } from './links';

/**
 * The pay page's account model: who a pay token is (one customer of one anchor, with its loan), which
 * switches apply, what credit is left, and the checks and writes behind credit draws and direct payments.
 * Amounts are integer paise here; routes turn them into rupees.
 */

/** A verified OTP allows credit draws on its token for this long. */
const OTP_VERIFIED_FOR_MS = 10 * 60 * 1000;

interface PaySettings {
  require_otp: boolean;
  show_credit_option: boolean;
  show_pay_option: boolean;
  is_sales_order: boolean;
  show_virtual_account_number: boolean;
}

export interface PayAccount {
  token: string;
  link: PaymentLink;
  company: DistributorCompany;
  anchor: Anchor;
  /** The customer's loan application, whatever its status; null when it has none. */
  loan: LoanApplication | null;
  settings: PaySettings;
}

function settingValue(settings: AnchorSettings | undefined, key: string, fallback: boolean): boolean {
  const value = settings?.settings[key]?.default;
  return typeof value === 'boolean' ? value : fallback;
}

/** The anchor's pay-page settings with the link's overrides on top. */
function paySettings(db: ReadonlyDb, link: PaymentLink): PaySettings {
  const anchorSettings = db.anchor_settings.find((s) => s.anchor_id === link.anchor_id);
  const override = link.settings_override ?? {};
  return {
    require_otp: override.require_otp ?? settingValue(anchorSettings, 'require_otp', true),
    show_credit_option: override.show_credit_option ?? settingValue(anchorSettings, 'show_credit_option', true),
    show_pay_option: override.show_pay_option ?? settingValue(anchorSettings, 'show_pay_option', true),
    is_sales_order: settingValue(anchorSettings, 'is_sales_order', false),
    show_virtual_account_number:
      override.show_virtual_account_number ?? settingValue(anchorSettings, 'show_virtual_account_number', false),
  };
}

/** Who the token is, read fresh from the database (call it inside the handler, not before an await). */
export function payAccount(db: ReadonlyDb, token: string, now: number): PayAccount {
  const found = findPayLink(db, token, now);
  if (!found.ok) throw payTokenError(found.detail);
  const { link } = found;
  const company = db.distributor_companies.find((c) => c.id === link.distributor_company_id)!;
  const anchor = db.anchors.find((a) => a.id === link.anchor_id);
  if (!anchor) throw payTokenError('The supplier of this payment link no longer exists.');
  const loan =
    company.loan_application_id === null
      ? null
      : (db.loan_applications.find((l) => l.id === company.loan_application_id) ?? null);
  return { token, link, company, anchor, loan, settings: paySettings(db, link) };
}

/** An account whose customer may add its own documents on the pay page (spec 3 §1): an approved open-limit loan. */
export const isOpenLimit = (loan: LoanApplication | null | undefined): loan is LoanApplication =>
  loan !== null && loan !== undefined && loan.application_status === 'approved' && loan.open_limit_customer;

/**
 * Which documents a payment link may show and pay: the one rule every pay-page call and the gateway's
 * completion go through. A link covers the invoices it names, plus, on an open-limit account, the
 * customer's own manual invoices (added on the page after the link was sent); a customer-wide link (the
 * demo links: every due of the customer) covers every document of its customer with its anchor. Takes the
 * link rather than a live token, so an order is checked again when it completes after the link expired.
 */
export function linkCovers(db: ReadonlyDb, link: PaymentLink): (invoice: Invoice) => boolean {
  const company = db.distributor_companies.find((c) => c.id === link.distributor_company_id);
  const loan =
    company?.loan_application_id == null
      ? null
      : db.loan_applications.find((l) => l.id === company.loan_application_id);
  const ownManual = isOpenLimit(loan);
  const named = new Set(link.invoice_ids);
  return (invoice) =>
    invoice.anchor_id === link.anchor_id &&
    invoice.distributor_company_id === link.distributor_company_id &&
    (link.customer_wide === true || named.has(invoice.id) || (ownManual && invoice.is_manual === true));
}

/** The documents the pay page of this account lists, in every tab. */
export const linkDocuments = (db: ReadonlyDb, account: PayAccount): Invoice[] =>
  db.invoices.filter(linkCovers(db, account.link));

/** 'Sales order' or 'Invoice', as the page labels documents. */
export const documentLabel = (account: PayAccount) => (account.settings.is_sales_order ? 'Sales order' : 'Invoice');

export interface CreditFigures {
  /** Null when the customer has no approved loan. */
  sanctioned: number | null;
  utilised: number | null;
  /** What may still be drawn; null when credit cannot be drawn at all (see `unavailable`). */
  balance: number | null;
  overdueAmount: number | null;
  overdueDays: number | null;
  /** Why credit cannot be drawn, or null when it can. */
  unavailable: string | null;
}

export function creditFigures(db: ReadonlyDb, account: PayAccount, now: number): CreditFigures {
  const loan = account.loan;
  if (!loan || loan.application_status !== 'approved') {
    return {
      sanctioned: null,
      utilised: null,
      balance: null,
      overdueAmount: null,
      overdueDays: null,
      unavailable: 'This account has no approved credit line.',
    };
  }
  const today = todayOf(now);
  const todayDay = isoDay(today);
  let overdueAmount = 0;
  let overdueDays = 0;
  for (const drawdown of db.drawdowns) {
    if (
      drawdown.loan_application_id !== loan.id ||
      drawdown.status !== 'completed' ||
      drawdown.principal_outstanding <= 0
    )
      continue;
    if (drawdown.due_date >= todayDay) continue;
    overdueAmount += drawdown.principal_outstanding;
    overdueDays = Math.max(overdueDays, daysPast(drawdown.due_date, today));
  }
  const unavailable =
    loan.loan_status !== 'active'
      ? 'The credit line of this account is not active.'
      : loan.is_blocked
        ? 'The credit line of this account is blocked.'
        : loan.limit_expiry_date < todayDay
          ? `The credit limit of this account expired on ${loan.limit_expiry_date}.`
          : null;
  return {
    sanctioned: loan.limit_sanctioned,
    utilised: loan.limit_utilized,
    balance: unavailable === null ? Math.max(0, loan.limit_sanctioned - loan.limit_utilized) : null,
    overdueAmount,
    overdueDays,
    unavailable,
  };
}

export const balanceDue = (invoice: Invoice) => invoice.total - invoice.amount_paid;

/** Rupees (number or decimal string) greater than zero with at most 2 decimals, as paise; null otherwise. */
export function parseAmount(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const paise = rupeesToPaise(value, { unsigned: true, exact: true });
  return paise !== null && paise > 0 ? paise : null;
}

/** An id as a positive whole number (ids may come as numbers or numeric strings). */
function parseId(value: unknown): number | null {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value.trim())
        : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface RequestedLine {
  invoiceId: number;
  amount: number;
  /** Open-limit credit: the anchor account the group names. */
  bankAccountId: number | null;
  /** Where the line is in the body, for error titles. */
  field: string;
}

const fieldError = (title: string, detail: string): ApiErrorEntry => ({ code: 'ER-VALIDATION', title, detail });

/** Reads `invoice_details: [{ id, user_requested_amount }]`, collecting every problem. */
export function readInvoiceDetails(
  raw: unknown,
  field: string,
  bankAccountId: number | null,
  problems: ApiErrorEntry[],
): RequestedLine[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.push(fieldError(field, `${field} must list at least one document with id and user_requested_amount.`));
    return [];
  }
  const lines: RequestedLine[] = [];
  raw.forEach((item: unknown, index) => {
    const at = `${field}[${index}]`;
    if (!isRecord(item)) {
      problems.push(fieldError(at, `${at} must be an object with id and user_requested_amount.`));
      return;
    }
    const invoiceId = parseId(item.id);
    const amount = parseAmount(item.user_requested_amount);
    if (invoiceId === null) problems.push(fieldError(`${at}.id`, `${at}.id must be a document id.`));
    if (amount === null) {
      problems.push(
        fieldError(
          `${at}.user_requested_amount`,
          `${at}.user_requested_amount must be an amount in rupees greater than zero with at most 2 decimals.`,
        ),
      );
    }
    if (invoiceId !== null && amount !== null) lines.push({ invoiceId, amount, bankAccountId, field: at });
  });
  return lines;
}

/** The same document twice in one request is refused rather than guessed at. */
export function checkNoDuplicates(lines: readonly RequestedLine[], problems: ApiErrorEntry[]): void {
  const seen = new Set<number>();
  for (const line of lines) {
    if (seen.has(line.invoiceId))
      problems.push(fieldError(`${line.field}.id`, `Document ${line.invoiceId} is listed more than once.`));
    seen.add(line.invoiceId);
  }
}

export const throwIf = (problems: ApiErrorEntry[]) => {
  if (problems.length > 0) throw new HttpError(422, problems);
};

export const payError = (code: string, detail: string, title?: string) =>
  new HttpError(422, [title === undefined ? { code, detail } : { code, detail, title }]);

export interface CheckedLine extends RequestedLine {
  invoice: Invoice;
}

/**
 * The documents of a credit draw or a payment: each must be the customer's and on the link (linkCovers),
 * still open (not paid; for credit also not in progress with a drawdown request) and the amount at most its
 * balance due; for credit not overdue by more than 60 days. Every problem is reported at once.
 */
export function checkLines(
  db: ReadonlyDb,
  account: PayAccount,
  lines: readonly RequestedLine[],
  purpose: 'credit' | 'pay',
  now: number,
): CheckedLine[] {
  const problems: ApiErrorEntry[] = [];
  const label = documentLabel(account);
  const today = todayOf(now);
  const checked: CheckedLine[] = [];
  const covers = linkCovers(db, account.link);
  for (const line of lines) {
    const invoice = db.invoices.find(
      (inv) =>
        inv.id === line.invoiceId &&
        inv.distributor_company_id === account.company.id &&
        inv.anchor_id === account.anchor.id,
    );
    if (!invoice) {
      problems.push({
        code: 'ER-INVOICE-101',
        title: `${line.field}.id`,
        detail: `${label} ${line.invoiceId} was not found for this account.`,
      });
      continue;
    }
    if (!covers(invoice)) {
      problems.push({
        code: 'ER-INVOICE-106',
        title: `${line.field}.id`,
        detail: `${label} ${line.invoiceId} is not on this payment link: it pays only the documents it was sent for.`,
      });
      continue;
    }
    const name = `${label} ${invoice.document_number}`;
    if (invoice.status === 'paid' || balanceDue(invoice) <= 0) {
      problems.push({ code: 'ER-INVOICE-102', title: `${line.field}.id`, detail: `${name} is already paid.` });
      continue;
    }
    if (purpose === 'credit' && (invoice.status === 'in-progress' || invoice.ddr_status_date.length > 0)) {
      problems.push({
        code: 'ER-INVOICE-103',
        title: `${line.field}.id`,
        detail: `${name} already has a drawdown request in progress.`,
      });
      continue;
    }
    if (line.amount > balanceDue(invoice)) {
      problems.push({
        code: 'ER-INVOICE-104',
        title: `${line.field}.user_requested_amount`,
        detail: `The amount for ${name} (${formatMoney(line.amount)}) is more than its balance due of ${formatMoney(balanceDue(invoice))}.`,
      });
      continue;
    }
    if (purpose === 'credit' && isPastCreditCutoff(invoice.due_date, isoDay(today))) {
      problems.push({
        code: 'ER-CREDIT-104',
        title: `${line.field}.id`,
        detail: `${name} is overdue by ${daysPast(invoice.due_date, today)} days: documents overdue by more than ${OVERDUE_CUTOFF_DAYS} days cannot be paid by credit.`,
      });
      continue;
    }
    checked.push({ ...line, invoice });
  }
  throwIf(problems);
  return checked;
}

/** Whether the token verified an OTP within the last 10 minutes. */
function otpVerified(db: ReadonlyDb, token: string, now: number): boolean {
  return db.otps.some(
    (otp) => otp.token === token && otp.verified_at !== null && now - Date.parse(otp.verified_at) < OTP_VERIFIED_FOR_MS,
  );
}

/**
 * Everything a credit draw must pass that is about the account rather than the documents: the credit
 * option is on, there is a usable credit line, no overdue dues, the OTP when required. Returns the figures.
 */
export function checkCreditAccount(db: ReadonlyDb, account: PayAccount, now: number): CreditFigures {
  if (!account.settings.show_credit_option)
    throw payError('ER-CREDIT-101', 'Credit is not offered on this payment link.');
  const figures = creditFigures(db, account, now);
  if (figures.unavailable !== null) throw payError('ER-CREDIT-101', figures.unavailable);
  if (isOverdueView(figures.overdueAmount)) {
    throw payError(
      'ER-CREDIT-102',
      `This account has overdue credit dues of ${formatMoney(figures.overdueAmount ?? 0)} (${figures.overdueDays ?? 0} days). Clear the credit dues before availing more credit.`,
    );
  }
  if (account.settings.require_otp && !otpVerified(db, account.token, now)) {
    throw payError('ER-OTP-104', 'Verify the OTP sent to your registered mobile number before availing credit.');
  }
  return figures;
}

const ymd = (now: number) => format(now, 'yyyyMMdd');

/** Records one payment against an invoice and moves the invoice on (paid when nothing is left). */
export function recordPayment(
  repo: Repository,
  invoice: Readonly<Invoice>,
  amount: number,
  source: Payment['source'],
  details: { utr: string; now: number; drawdownId: number | null },
): Payment {
  const day = isoDay(details.now);
  // Credit settles to the anchor at once; a gateway payment the next working day (pending until then).
  const settled = source !== 'pay';
  const payment: Payment = {
    id: nextId(repo.data.payments),
    anchor_id: invoice.anchor_id,
    invoice_id: invoice.id,
    distributor_company_id: invoice.distributor_company_id,
    amount,
    payment_date: day,
    settlement_date: settled ? day : null,
    settlement_amount: settled ? amount : 0,
    utr_number: details.utr,
    source,
    drawdown_id: details.drawdownId,
    status: 'paid',
  };
  repo.insert('payments', payment);
  const current = repo.get('invoices', invoice.id)!;
  const amountPaid = current.amount_paid + amount;
  const paid = amountPaid >= current.total;
  repo.update('invoices', current, {
    amount_paid: amountPaid,
    status: paid ? 'paid' : 'partially_paid',
    // A payment made now has not settled yet.
    ...(paid ? { closed_status: closedStatusOf(source, false) } : {}),
  });
  // A payment link whose invoices are now all paid is paid.
  if (paid) settleLinks(repo, [invoice.id], details.now);
  return payment;
}

/**
 * Draws credit for checked lines: one completed drawdown per document (principal = amount, due in 60 days),
 * a 'credit' payment with its UTR, the invoice moved on, and the loan's utilisation raised. Synchronous: the
 * caller checks the limit and calls this in the same tick, so no other request can draw in between.
 */
export function drawCredit(
  repo: Repository,
  loan: Readonly<LoanApplication>,
  lines: readonly CheckedLine[],
  now: number,
): number[] {
  const today = todayOf(now);
  const ids: number[] = [];
  for (const line of lines) {
    const id = nextId(repo.data.drawdowns);
    const drawdown: Drawdown = {
      id,
      drawdown_number: `DDR${String(id).padStart(7, '0')}`,
      loan_application_id: loan.id,
      distributor_company_id: loan.distributor_company_id,
      disbursement_date: isoDay(today),
      status: 'completed',
      amount: line.amount,
      utr: `N${ymd(now)}${String(id).padStart(7, '0')}`,
      due_date: isoDay(addDays(today, CREDIT_PERIOD_DAYS)),
      invoice_ids: [line.invoice.id],
      principal_outstanding: line.amount,
      interest_paid: 0,
      penal_paid: 0,
    };
    repo.insert('drawdowns', drawdown);
    recordPayment(repo, line.invoice, line.amount, 'credit', {
      utr: `UTRC${ymd(now)}${String(nextId(repo.data.payments)).padStart(8, '0')}`,
      now,
      drawdownId: id,
    });
    if (line.bankAccountId !== null)
      repo.update('invoices', line.invoice.id, { bank_account_ids: [line.bankAccountId] });
    repo.update('loan_applications', loan.id, {
      limit_utilized: repo.get('loan_applications', loan.id)!.limit_utilized + line.amount,
    });
    ids.push(id);
  }
  return ids;
}

/** One document of the pay page, as GET /invoice_collection lists it (and POST /create_invoice answers it). */
export function collectionItem(db: ReadonlyDb, account: PayAccount, invoice: Invoice) {
  let last: { date: string; id: number; utr: string } | null = null;
  for (const p of db.payments) {
    if (p.invoice_id !== invoice.id) continue;
    if (!last || p.payment_date > last.date || (p.payment_date === last.date && p.id > last.id))
      last = { date: p.payment_date, id: p.id, utr: p.utr_number };
  }
  const starred = db.resources.some(
    (r) =>
      r.resource_type === 'Invoice' && r.resource_id === invoice.id && r.anchor_id === account.anchor.id && r.starred,
  );
  return resource('invoice', invoice.id, {
    document_number: invoice.document_number,
    invoice_date: invoice.invoice_date,
    due_date: invoice.due_date,
    invoice_amount: rupees(invoice.total),
    balance_due: rupees(balanceDue(invoice)),
    status: invoice.status,
    bank_account_id: invoice.bank_account_ids ?? [],
    pay_by_date: invoice.pay_by_date,
    discount_amount: invoice.discount_amount > 0 ? rupees(invoice.discount_amount) : null,
    is_selected: starred,
    payment_utr: last?.utr ?? null,
    virtual_account_number: invoice.virtual_account_number,
    ddr_status_date: invoice.ddr_status_date,
    is_manual: invoice.is_manual === true,
  });
}
