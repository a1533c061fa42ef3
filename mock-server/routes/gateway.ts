import { format } from 'date-fns';
import { type Response, Router } from 'express';
import jsonServer from 'json-server';
import { findPayLinkByStatementRef } from '../auth/pay-token';
import type { MockContext } from '../context';
import type { GatewayOrder } from '../db';
import type { Repository } from '../store/repository';
import { route } from '../http';
import { balanceDue, creditFigures, linkCovers, payAccount, recordPayment } from '../pay';
import { formatMoney, rupeesToPaise } from '../../src/domain/money';

const METHOD_LABEL: Record<GatewayOrder['method'], string> = { net_banking: 'Net banking', upi: 'UPI' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 1.5rem; background: Canvas; color: CanvasText; }
  main { max-width: 40rem; margin: 0 auto; }
  .banner { padding: .5rem .75rem; border: 2px dashed #b45309; border-radius: .5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid GrayText; }
  .actions { display: flex; flex-wrap: wrap; gap: 1rem; margin-top: 1.5rem; }
  button { min-height: 44px; min-width: 44px; padding: .6rem 1.25rem; font-size: 1rem; border-radius: .4rem; border: 2px solid transparent; cursor: pointer; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .pay { background: #166534; color: #fff; }
  .fail { background: #fff; color: #991b1b; border-color: #991b1b; }
`;

function page(res: Response, status: number, title: string, content: string): void {
  res
    .status(status)
    .type('html')
    .set({
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
    })
    .send(
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${escapeHtml(title)}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n<main>\n${content}\n</main>\n</body>\n</html>\n`,
    );
}

/**
 * Completes a pending order as paid: re-checks every document (it must still be on the order's payment
 * link, and something else may have paid it since the order was made; else nothing is charged and the
 * order fails), records one 'pay' payment per document under one UTR, and marks the order successful.
 * Synchronous, like every money write of the mock.
 */
function completeOrder(repo: Repository, order: Readonly<GatewayOrder>, now: number): Readonly<GatewayOrder> {
  const db = repo.data;
  const link = db.payment_links.find((l) => l.token === order.token);
  const covers = link ? linkCovers(db, link) : () => false;
  const fail = (reason: string) =>
    repo.update('gateway_orders', order, {
      status: 'failed',
      completed_at: new Date(now).toISOString(),
      failure_reason: reason,
    });
  for (const item of order.items) {
    const invoice = db.invoices.find((inv) => inv.id === item.invoice_id);
    const name = invoice?.document_number ?? `Document ${item.invoice_id}`;
    if (!invoice || !covers(invoice))
      return fail(`${name} is not on the payment link of this order; nothing was charged`);
    if (invoice.status === 'paid' || item.amount > balanceDue(invoice))
      return fail(`${name} was paid in the meantime; nothing was charged`);
  }
  const utr = `UTRP${format(now, 'yyyyMMdd')}${String(order.id).padStart(8, '0')}`;
  const paymentIds = order.items.map((item) => {
    const invoice = db.invoices.find((inv) => inv.id === item.invoice_id)!;
    return recordPayment(repo, invoice, item.amount, 'pay', { utr, now, drawdownId: null }).id;
  });
  return repo.update('gateway_orders', order, {
    status: 'success',
    utr,
    completed_at: new Date(now).toISOString(),
    payment_ids: [...order.payment_ids, ...paymentIds],
  });
}

/**
 * Pages the mock serves to the browser itself, outside the JSON API (no Accept negotiation, no token header):
 *
 * - GET /fake-gateway/:order_id: a stand-in for the card/UPI gateway, with 'Pay successfully' and 'Fail
 *   payment'. POST /fake-gateway/:order_id (form field `outcome` = success | failure) records the outcome
 *   once and redirects (303) to the app's `/pay-with-{product}-success?order_id=...&success=true|false`.
 *   Posting again for a finished order changes nothing and redirects with the recorded outcome.
 * - GET /fake-statement/:ref: the statement of account behind the pay page's soa_link; `ref` is the link's
 *   statement reference (statementRef), not its pay token.
 * - GET /fake-collections?payload=: the collections site 'Clear Credit Dues' opens in development.
 *
 * No pay token is ever in one of these addresses: the gateway page is named by its order id, and the
 * return to the app carries only order_id and success (the success page takes the token from the tab).
 */
export function gatewayRoutes(ctx: MockContext): Router {
  const router = Router();
  const returnUrl = (order: GatewayOrder) =>
    `${ctx.appUrl}/pay-with-${ctx.product}-success?order_id=${encodeURIComponent(order.order_id)}&success=${order.status === 'success'}`;
  const findOrder = (id: string | undefined) => ctx.db().gateway_orders.find((o) => o.order_id === id);
  const missing = (res: Response) =>
    page(
      res,
      404,
      'Order not found',
      '<h1>Order not found</h1>\n<p>This payment order does not exist. Go back to the payment page and try again.</p>',
    );

  router.get(
    '/fake-gateway/:order_id',
    route((req, res) => {
      const db = ctx.db();
      const order = findOrder(req.params.order_id);
      if (!order) {
        missing(res);
        return;
      }
      const company = db.distributor_companies.find((c) => c.id === order.distributor_company_id);
      const anchor = db.anchors.find((a) => a.id === order.anchor_id);
      const details = [
        ['Amount', formatMoney(order.amount)],
        ['Payment method', METHOD_LABEL[order.method]],
        ['Paid to', anchor?.name ?? ''],
        ['Paid by', company?.name ?? ''],
        ['Order', order.order_id],
        ['Documents', String(order.items.length)],
      ]
        .map(([term, value]) => `<dt>${escapeHtml(term!)}</dt><dd>${escapeHtml(value!)}</dd>`)
        .join('\n');
      const action = `/fake-gateway/${encodeURIComponent(order.order_id)}`;
      const body =
        order.status === 'pending'
          ? `<div class="actions">
<form method="post" action="${action}"><input type="hidden" name="outcome" value="success"><button type="submit" class="pay">Pay successfully</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="failure"><button type="submit" class="fail">Fail payment</button></form>
</div>`
          : `<p role="status">This order is already ${order.status === 'success' ? 'paid' : 'failed'}.</p>\n<p><a href="${escapeHtml(returnUrl(order))}">Back to the payment result</a></p>`;
      page(
        res,
        200,
        `Pay ${formatMoney(order.amount)} - fake payment gateway`,
        `<p class="banner">Test payment gateway of the mock provider: no money moves.</p>
<h1>Pay ${escapeHtml(formatMoney(order.amount))} by ${escapeHtml(METHOD_LABEL[order.method])}</h1>
<dl>
${details}
</dl>
${body}`,
      );
    }),
  );

  router.post(
    '/fake-gateway/:order_id',
    jsonServer.bodyParser,
    route((req, res) => {
      let order = findOrder(req.params.order_id);
      if (!order) {
        missing(res);
        return;
      }
      if (order.status === 'pending') {
        const outcome = (req.body as { outcome?: unknown } | undefined)?.outcome;
        if (outcome === 'success') {
          order = completeOrder(ctx.repository, order, ctx.now());
        } else if (outcome === 'failure') {
          order = ctx.repository.update('gateway_orders', order, {
            status: 'failed',
            completed_at: new Date(ctx.now()).toISOString(),
            failure_reason: 'the payment was declined at the payment gateway',
          });
        } else {
          page(
            res,
            400,
            'Choose an outcome',
            '<h1>Choose an outcome</h1>\n<p>Go back and press Pay successfully or Fail payment.</p>',
          );
          return;
        }
        ctx.log(
          `[mock] gateway order ${order.order_id}: ${order.status}${order.failure_reason ? ` (${order.failure_reason})` : ''}`,
        );
      }
      res.redirect(303, returnUrl(order));
    }),
  );

  router.get(
    '/fake-statement/:ref',
    route((req, res) => {
      const db = ctx.db();
      const found = findPayLinkByStatementRef(db, req.params.ref ?? '', ctx.now());
      if (!found.ok) {
        page(res, 404, 'Statement not found', `<h1>Statement not found</h1>\n<p>${escapeHtml(found.detail)}</p>`);
        return;
      }
      const account = payAccount(db, found.link.token, ctx.now());
      const loan = account.loan;
      if (!loan) {
        page(res, 404, 'Statement not found', '<h1>Statement not found</h1>\n<p>This account has no credit line.</p>');
        return;
      }
      const figures = creditFigures(db, account, ctx.now());
      const rows = db.drawdowns
        .filter((d) => d.loan_application_id === loan.id && d.status === 'completed')
        .sort((a, b) => b.disbursement_date.localeCompare(a.disbursement_date) || b.id - a.id)
        .map(
          (d) =>
            `<tr><td>${escapeHtml(d.drawdown_number)}</td><td>${d.disbursement_date}</td><td>${d.due_date}</td><td>${escapeHtml(formatMoney(d.amount))}</td><td>${escapeHtml(formatMoney(d.principal_outstanding))}</td></tr>`,
        )
        .join('\n');
      page(
        res,
        200,
        `Statement of account ${loan.loan_account_no}`,
        `<p class="banner">Statement generated by the mock provider.</p>
<h1>Statement of account</h1>
<dl>
<dt>Customer</dt><dd>${escapeHtml(account.company.name)} (${escapeHtml(account.company.customer_code)})</dd>
<dt>Loan account</dt><dd>${escapeHtml(loan.loan_account_no)}</dd>
<dt>Sanctioned limit</dt><dd>${escapeHtml(formatMoney(figures.sanctioned ?? 0))}</dd>
<dt>Utilised</dt><dd>${escapeHtml(formatMoney(figures.utilised ?? 0))}</dd>
<dt>Overdue</dt><dd>${escapeHtml(formatMoney(figures.overdueAmount ?? 0))}</dd>
</dl>
<h2>Drawdowns</h2>
<table>
<thead><tr><th scope="col">Drawdown</th><th scope="col">Disbursed</th><th scope="col">Due</th><th scope="col">Amount</th><th scope="col">Outstanding</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No drawdowns yet.</td></tr>'}
</tbody>
</table>`,
      );
    }),
  );

  router.get(
    '/fake-collections',
    route((req, res) => {
      const raw = typeof req.query.payload === 'string' ? req.query.payload : '';
      const payload = readCollectionsPayload(raw);
      if (!payload) {
        page(
          res,
          400,
          'Collections',
          '<h1>Collections</h1>\n<p>This link has no readable payload (base64 JSON with loan_id and loan_amount).</p>',
        );
        return;
      }
      // Only what the link carries: the page is public, so it must not look up whose loan an id is.
      page(
        res,
        200,
        'Clear credit dues',
        `<p class="banner">Collections page served by the mock provider (set VITE_COLLECTIONS_URL for the real one).</p>
<h1>Clear credit dues</h1>
<dl>
<dt>Loan</dt><dd>${escapeHtml(payload.loan_id)}</dd>
<dt>Overdue amount</dt><dd>${escapeHtml(formatMoney(rupeesToPaise(payload.loan_amount)))}</dd>
</dl>`,
      );
    }),
  );

  return router;
}

/** The pay page's 'Clear Credit Dues' payload: base64 of `{ loan_id, loan_amount }` (rupees), or null. */
export function readCollectionsPayload(raw: string): { loan_id: string; loan_amount: number } | null {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { loan_id: loanId, loan_amount: amount } = value as Record<string, unknown>;
    if (typeof loanId !== 'string' || typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
    return { loan_id: loanId, loan_amount: amount };
  } catch {
    return null;
  }
}
