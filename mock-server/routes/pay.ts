import { randomBytes } from 'node:crypto';
import { format } from 'date-fns';
import { Router, type Request } from 'express';
import { rupees, sum } from '../aggregates';
import { requirePayToken, statementRef } from '../auth/pay-token';
import type { MockContext } from '../context';
import { type AnchorBankAccount, type GatewayOrder, type Invoice, nextId, type ReadonlyDb } from '../db';
import { bodyObject, isRecord, notFound, route, validationError, type ApiErrorEntry } from '../http';
import { runIdempotent } from '../idempotency';
import { createInvoiceRoute } from './create-invoice';
import { paginate, pageParams } from '../paging';
import {
  checkCreditAccount,
  checkLines,
  checkNoDuplicates,
  collectionItem,
  creditFigures,
  documentLabel,
  drawCredit,
  isOpenLimit,
  linkDocuments,
  payAccount,
  payError,
  readInvoiceDetails,
  throwIf,
  type PayAccount,
  type RequestedLine,
} from '../pay';
import { formatMoney } from '../../src/domain/money';
import { isPaymentMode } from '../../src/domain/payments';
import { PAGE_SIZE } from '../../src/domain/thresholds';

/** Pay-page lists show 10 documents a page (spec §9). */
const COLLECTION_TABS = ['open', 'closed', 'partial'] as const;
type CollectionTab = (typeof COLLECTION_TABS)[number];

const IN_TAB: Record<CollectionTab, (invoice: Invoice) => boolean> = {
  open: (inv) => inv.status === 'open' || inv.status === 'partially_paid' || inv.status === 'in-progress',
  closed: (inv) => inv.status === 'paid',
  partial: (inv) => inv.status === 'partially_paid',
};

function readTab(raw: unknown): CollectionTab {
  if (raw === undefined || raw === '') return 'open';
  if (typeof raw === 'string' && (COLLECTION_TABS as readonly string[]).includes(raw)) return raw as CollectionTab;
  throw validationError({ status: `status must be one of ${COLLECTION_TABS.join(', ')}` });
}

/** Open tabs: the most urgent first (due date, then id); closed: the newest first. */
function tabOrder(tab: CollectionTab) {
  return tab === 'closed'
    ? (a: Invoice, b: Invoice) => b.invoice_date.localeCompare(a.invoice_date) || b.id - a.id
    : (a: Invoice, b: Invoice) => a.due_date.localeCompare(b.due_date) || a.id - b.id;
}

const anchorAccounts = (db: ReadonlyDb, anchorId: number): AnchorBankAccount[] =>
  db.anchor_account_details.filter((a) => a.anchor_id === anchorId);

/** The header and switches of the pay page (payMetaCodec), product-keyed names filled in. */
function collectionMeta(
  ctx: MockContext,
  req: Request,
  db: ReadonlyDb,
  account: PayAccount,
  invoices: readonly Invoice[],
) {
  const figures = creditFigures(db, account, ctx.now());
  const loan = account.loan;
  const approved = loan !== null && loan.application_status === 'approved';
  const openLimit = isOpenLimit(loan);
  const money = (paise: number | null) => (paise === null ? null : rupees(paise));
  return {
    anchor_name: account.anchor.name,
    anchor_id: account.anchor.id,
    distributor_name: account.company.name,
    distributor_code: account.company.customer_code,
    erp_distributor_id: account.company.customer_code,
    loan_account_no: loan?.loan_account_no ?? null,
    loan_account_status: loan?.loan_status ?? null,
    loan_application_id: loan?.id ?? null,
    sanctioned_limit: money(figures.sanctioned),
    credit_limit_utilised: money(figures.utilised),
    credit_limit_balance: money(figures.balance),
    overdue_amount: money(figures.overdueAmount),
    overdue_days: figures.overdueDays,
    // The statement's own reference, never the pay token: the link is opened in a new tab and kept in its history.
    soa_link: approved ? `${ctx.baseUrl(req)}/fake-statement/${statementRef(account.token)}` : null,
    open_limit_customer: openLimit,
    is_sales_order: account.settings.is_sales_order,
    require_otp: account.settings.require_otp,
    show_virtual_account_number: account.settings.show_virtual_account_number,
    [`show_${ctx.product}_credit_option`]: account.settings.show_credit_option,
    [`show_${ctx.product}_pay_option`]: account.settings.show_pay_option,
    supplier_bank_accounts: openLimit
      ? anchorAccounts(db, account.anchor.id).map((a) => ({
          id: a.id,
          bank_account_name: a.account_name,
          bank_name: a.bank_name,
        }))
      : [],
    partial_count: invoices.filter(IN_TAB.partial).length,
  };
}

/** `payment_gateway: { invoice_details }` (closed-limit customers). */
function closedLimitLines(body: Record<string, unknown>, problems: ApiErrorEntry[]): RequestedLine[] {
  const gateway = body.payment_gateway;
  if (!isRecord(gateway)) {
    problems.push({
      code: 'ER-VALIDATION',
      title: 'payment_gateway',
      detail: 'payment_gateway must be an object with invoice_details.',
    });
    return [];
  }
  return readInvoiceDetails(gateway.invoice_details, 'payment_gateway.invoice_details', null, problems);
}

/** `payment_gateway: [{ bank_account_id, invoice_details }]` (open-limit customers): one group per supplier bank account. */
function openLimitLines(
  body: Record<string, unknown>,
  accounts: readonly AnchorBankAccount[],
  problems: ApiErrorEntry[],
): RequestedLine[] {
  const groups = body.payment_gateway;
  if (!Array.isArray(groups) || groups.length === 0) {
    problems.push({
      code: 'ER-VALIDATION',
      title: 'payment_gateway',
      detail: 'payment_gateway must list at least one group with bank_account_id and invoice_details.',
    });
    return [];
  }
  const lines: RequestedLine[] = [];
  groups.forEach((group: unknown, index) => {
    const at = `payment_gateway[${index}]`;
    if (!isRecord(group)) {
      problems.push({
        code: 'ER-VALIDATION',
        title: at,
        detail: `${at} must be an object with bank_account_id and invoice_details.`,
      });
      return;
    }
    const raw = group.bank_account_id;
    const given = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
    const account = accounts.find((a) => String(a.id) === given);
    if (given === '') {
      problems.push({
        code: 'ER-CREDIT-106',
        title: `${at}.bank_account_id`,
        detail: 'Please, select supplier bank account for open invoices.',
      });
    } else if (!account) {
      problems.push({
        code: 'ER-CREDIT-106',
        title: `${at}.bank_account_id`,
        detail: `Supplier bank account ${given} is not one of the supplier's accounts.`,
      });
    }
    lines.push(...readInvoiceDetails(group.invoice_details, `${at}.invoice_details`, account?.id ?? null, problems));
  });
  return lines;
}

/**
 * The public pay page's calls, authorised by the page token of a payment link in the Authorization
 * header (see requirePayToken):
 *
 * - GET /invoice_collection?page&status=open|closed|partial: the link's documents (linkCovers), 10 a page,
 *   with the page's header data in `meta` and paging in `pagy`. `?token=` is still taken here (the spec's
 *   form), the header winning; the app never sends it.
 * - POST /create_invoice (open-limit, multipart): the customer adds its own invoice or sales order.
 * - POST /avail_credit (closed-limit) and POST /op_avail_credit (open-limit): draw credit for documents.
 * - POST /direct_payments/cc_avenue: a gateway order; the answer's payment_link_url is the fake gateway.
 * - GET /direct_payments/cc_avenue_success?order_id: the outcome of an order made through this link (token
 *   in the header only: the spec shows no token in its query).
 *
 * A link pays only the documents it covers (linkCovers): a credit draw or an order naming another is
 * refused with 422 ER-INVOICE-106.
 *
 * The POSTs need an Idempotency-Key (see runIdempotent). Every check and write of a POST happens in one
 * synchronous handler run, so concurrent requests can never both pass a limit check.
 */
export function payRoutes(ctx: MockContext): Router {
  const router = Router();
  const payToken = requirePayToken(ctx.db, ctx.now);
  const payTokenOrQuery = requirePayToken(ctx.db, ctx.now, { allowQuery: true });

  router.get(
    '/invoice_collection',
    payTokenOrQuery,
    route((req, res) => {
      const db = ctx.db();
      const account = payAccount(db, req.payToken!, ctx.now());
      const tab = readTab(req.query.status);
      const { page } = pageParams(req);
      // Every tab, and the header's partial count, shows only the link's own documents.
      const invoices = linkDocuments(db, account);
      const { rows, pagy } = paginate(invoices.filter(IN_TAB[tab]).sort(tabOrder(tab)), page, PAGE_SIZE);
      res.json({
        data: rows.map((invoice) => collectionItem(db, account, invoice)),
        meta: collectionMeta(ctx, req, db, account, invoices),
        pagy,
      });
    }),
  );

  const availCredit = (kind: 'closed' | 'open') =>
    route((req, res) => {
      const db = ctx.db();
      const now = ctx.now();
      const token = req.payToken!;
      runIdempotent(ctx.repository, now, req, res, { token, required: true }, () => {
        const account = payAccount(db, token, now);
        const body = bodyObject(req.body);
        const problems: ApiErrorEntry[] = [];
        if (body.source !== 'anchor_portal')
          problems.push({ code: 'ER-VALIDATION', title: 'source', detail: "source must be 'anchor_portal'." });
        const lines =
          kind === 'closed'
            ? closedLimitLines(body, problems)
            : openLimitLines(body, anchorAccounts(db, account.anchor.id), problems);
        checkNoDuplicates(lines, problems);
        throwIf(problems);

        const figures = checkCreditAccount(db, account, now);
        const loan = account.loan!;
        if (kind === 'closed' && loan.open_limit_customer) {
          throw payError(
            'ER-CREDIT-105',
            'This is an open-limit account: avail credit with op_avail_credit, choosing a supplier bank account per group.',
          );
        }
        if (kind === 'open' && !loan.open_limit_customer) {
          throw payError('ER-CREDIT-105', 'This is not an open-limit account: avail credit with avail_credit.');
        }
        const checked = checkLines(db, account, lines, 'credit', now);
        const tied = checked.filter(
          (line) =>
            line.bankAccountId !== null &&
            (line.invoice.bank_account_ids ?? []).length > 0 &&
            !line.invoice.bank_account_ids!.includes(line.bankAccountId),
        );
        throwIf(
          tied.map((line) => ({
            code: 'ER-CREDIT-106',
            title: `${line.field}.id`,
            detail: `${documentLabel(account)} ${line.invoice.document_number} was part-paid through supplier bank account ${line.invoice.bank_account_ids!.join(', ')}: choose that account for it.`,
          })),
        );
        const total = sum(checked.map((line) => line.amount));
        const available = figures.balance ?? 0;
        if (total > available) {
          throw payError(
            'ER-CREDIT-103',
            available > 0
              ? `The credit total of ${formatMoney(total)} is more than the available limit of ${formatMoney(available)}.`
              : `You have utilised your total limit of ${formatMoney(figures.sanctioned ?? 0)}: please proceed with Pay.`,
          );
        }
        // No await from the checks above to here: the draw is written in the same tick as the limit check.
        const drawdownIds = drawCredit(ctx.repository, loan, checked, now);
        ctx.log(
          `[mock] credit ${formatMoney(total)} drawn for ${account.company.name} (drawdowns ${drawdownIds.join(', ')})`,
        );
        return { status: 201, body: { message: 'Credit availed successfully.', drawdown_ids: drawdownIds } };
      });
    });

  router.post('/create_invoice', payToken, ...createInvoiceRoute(ctx));
  router.post('/avail_credit', payToken, availCredit('closed'));
  router.post('/op_avail_credit', payToken, availCredit('open'));

  router.post(
    '/direct_payments/cc_avenue',
    payToken,
    route((req, res) => {
      const db = ctx.db();
      const now = ctx.now();
      const token = req.payToken!;
      runIdempotent(ctx.repository, now, req, res, { token, required: true }, () => {
        const account = payAccount(db, token, now);
        const body = bodyObject(req.body);
        const problems: ApiErrorEntry[] = [];
        const payment = body.direct_payment;
        let lines: RequestedLine[] = [];
        let method: GatewayOrder['method'] | null = null;
        if (!isRecord(payment)) {
          problems.push({
            code: 'ER-VALIDATION',
            title: 'direct_payment',
            detail: 'direct_payment must be an object with invoice_details and payment_method.',
          });
        } else {
          lines = readInvoiceDetails(payment.invoice_details, 'direct_payment.invoice_details', null, problems);
          if (isPaymentMode(payment.payment_method)) {
            method = payment.payment_method;
          } else {
            problems.push({
              code: 'ER-VALIDATION',
              title: 'direct_payment.payment_method',
              detail: 'Please, select payment mode to make payment (net_banking or upi).',
            });
          }
        }
        checkNoDuplicates(lines, problems);
        throwIf(problems);
        if (!account.settings.show_pay_option)
          throw payError('ER-PAY-101', 'Direct payment is not offered on this payment link.');
        const checked = checkLines(db, account, lines, 'pay', now);
        const id = nextId(db.gateway_orders);
        const orderId = `CCA${format(now, 'yyyyMMdd')}${String(id).padStart(6, '0')}${randomBytes(3).toString('hex').toUpperCase()}`;
        const amount = sum(checked.map((line) => line.amount));
        ctx.repository.insert('gateway_orders', {
          id,
          order_id: orderId,
          token,
          anchor_id: account.anchor.id,
          distributor_company_id: account.company.id,
          items: checked.map((line) => ({ invoice_id: line.invoice.id, amount: line.amount })),
          amount,
          method: method!,
          status: 'pending',
          created_at: new Date(now).toISOString(),
          completed_at: null,
          utr: null,
          failure_reason: null,
          payment_ids: [],
        });
        return {
          status: 201,
          body: {
            message: `Order ${orderId} for ${formatMoney(amount)} created. Complete the payment on the payment gateway.`,
            order_id: orderId,
            payment_link_url: `${ctx.baseUrl(req)}/fake-gateway/${orderId}`,
          },
        };
      });
    }),
  );

  router.get(
    '/direct_payments/cc_avenue_success',
    payToken,
    route((req, res) => {
      const db = ctx.db();
      const account = payAccount(db, req.payToken!, ctx.now());
      const orderId = typeof req.query.order_id === 'string' ? req.query.order_id.trim() : '';
      if (orderId === '') throw validationError({ order_id: 'order_id is required' });
      // Only an order made through this link: another link of the customer may pay other documents.
      const order = db.gateway_orders.find((o) => o.order_id === orderId && o.token === account.token);
      if (!order) throw notFound(`Order ${orderId} was not found for this payment link.`);
      if (order.status === 'pending')
        throw payError('ER-PAY-102', `The payment of order ${orderId} has not been completed at the payment gateway.`);
      if (order.status === 'failed')
        throw payError(
          'ER-PAY-103',
          `The payment of order ${orderId} failed: ${order.failure_reason ?? 'declined by the payment gateway'}.`,
        );
      res.json({
        data: { transation_number: order.utr, transation_date: order.completed_at, amount_paid: rupees(order.amount) },
      });
    }),
  );

  return router;
}
