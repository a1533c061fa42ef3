import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningMock } from '../app';
import type { Invoice } from '../db';
import { balanceDue } from '../pay';
import { demoAuthToken } from '../test-login';
import { outboxOf } from './dev';
import { INVOICE_IMAGE_FIELD } from './create-invoice';

/**
 * A payment link shows and pays only the documents it covers (pay.ts linkCovers): the invoices it was sent
 * for, plus the customer's own manual invoices on an open-limit account; a demo link, customer-wide, every
 * document of its customer. Each test attacks with a link sent for one invoice and names another of the
 * same customer.
 */

const NOW = new Date('2026-11-22T10:00:00');
const V1 = 'application/vnd.provider.v1+json';
const V2 = 'application/vnd.provider.v2+json';
/** Credit refuses documents overdue by more than 60 days: due on or after this day. */
const CREDIT_CUTOFF_DAY = '2026-09-23';

const mock = createMockServer({
  clock: () => NOW,
  log: () => {},
  appUrl: 'http://app.test',
  rateLimits: { otpSendsPerToken: 1000 },
});
let running: RunningMock;
let staff = '';
beforeAll(async () => {
  running = await mock.listen(0);
  staff = await demoAuthToken(running.url, 't1@anchor.test');
});
afterAll(() => running.close());

const db = () => mock.db();

interface Answer {
  status: number;
  body: { errors?: { code: string; detail: string; title?: string }[] } & Record<string, unknown>;
}

async function call(
  method: string,
  path: string,
  options: { token: string; body?: unknown; key?: string; accept?: string },
): Promise<Answer> {
  const headers: Record<string, string> = { Accept: options.accept ?? V1, Authorization: options.token };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.key !== undefined) headers['Idempotency-Key'] = options.key;
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const codes = (answer: Answer) => (answer.body.errors ?? []).map((e) => e.code);
let keys = 0;
const newKey = () => `link-scope-${++keys}`;

/** The customer a demo link is for (its documents are fixed whatever the seed). */
const companyOf = (demoToken: string) => {
  const link = db().payment_links.find((l) => l.token === demoToken)!;
  return db().distributor_companies.find((c) => c.id === link.distributor_company_id)!;
};
const invoiceOf = (id: number | string) => db().invoices.find((inv) => inv.id === Number(id))!;

/** A customer's open invoices that credit may pay (no drawdown request, within the cutoff, not tied to a bank account). */
function creditable(companyId: number): Invoice[] {
  return db()
    .invoices.filter(
      (inv) =>
        inv.distributor_company_id === companyId &&
        inv.status === 'open' &&
        inv.ddr_status_date.length === 0 &&
        inv.due_date >= CREDIT_CUTOFF_DAY,
    )
    .filter((inv) => (inv.bank_account_ids ?? []).length === 0)
    .sort((a, b) => a.id - b.id);
}

/** Sends a link for some invoices of a customer as the anchor's staff does; its pay token. */
async function sendLink(companyId: number, invoiceIds: number[]): Promise<string> {
  const answer = await call('POST', '/payments/send_payment_links', {
    token: staff,
    body: {
      payment_links: { distributor_company_id: companyId, invoices_ids: invoiceIds, mode_of_communication: ['email'] },
    },
  });
  expect(answer.status).toBe(201);
  const [row] = answer.body.data as { url: string }[];
  return new URL(row!.url).searchParams.get('token')!;
}

/** The ids a tab of the pay page lists (one page: these links name few documents), and its header's partial count. */
async function tab(token: string, status: 'open' | 'closed' | 'partial') {
  const answer = await call('GET', `/invoice_collection?status=${status}`, { token });
  expect(answer.status).toBe(200);
  const pagy = answer.body.pagy as { count: number };
  const ids = (answer.body.data as { id: string }[]).map((item) => Number(item.id));
  expect(ids).toHaveLength(pagy.count);
  return { ids, partialCount: (answer.body.meta as { partial_count: number }).partial_count };
}

/** Portal links follow the anchor's settings, which ask for an OTP before credit: send and verify one. */
async function verifyOtp(token: string): Promise<void> {
  const link = db().payment_links.find((l) => l.token === token)!;
  const company = db().distributor_companies.find((c) => c.id === link.distributor_company_id)!;
  const attributes = { loan_application_id: String(company.loan_application_id) };
  const sent = await call('POST', '/communications/send_otp', { token, accept: V2, body: { data: { attributes } } });
  expect(sent.status).toBe(200);
  const reference = (sent.body.data as { otp_reference_id: string }).otp_reference_id;
  const otp = /\b(\d{6})\b/.exec(outboxOf(db(), { token })[0]!.body)![1]!;
  const verified = await call('POST', '/communications/verify_otp', {
    token,
    accept: V2,
    body: { data: { attributes: { ...attributes, otp, otp_reference_id: reference } } },
  });
  expect(verified.status).toBe(200);
}

const payBody = (invoices: Invoice[], amount?: number) => ({
  direct_payment: {
    invoice_details: invoices.map((inv) => ({
      id: String(inv.id),
      user_requested_amount: (amount ?? balanceDue(inv)) / 100,
    })),
    payment_method: 'upi',
  },
});
const creditBody = (invoices: Invoice[]) => ({
  source: 'anchor_portal',
  payment_gateway: { invoice_details: invoices.map((inv) => ({ id: String(inv.id), user_requested_amount: 100 })) },
});

/** What a money movement writes, to show a refusal wrote nothing. */
const written = () => ({
  payments: db().payments.length,
  drawdowns: db().drawdowns.length,
  orders: db().gateway_orders.length,
  paid: db().invoices.reduce((s, i) => s + i.amount_paid, 0),
});

const submit = (url: string, outcome: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });

describe('what a payment link shows', () => {
  it('lists only the invoice it was sent for, in every tab, though the customer has other open and paid ones', async () => {
    const company = companyOf('demo-closed-limit');
    const [own, other] = creditable(company.id);
    expect(other).toBeDefined();
    expect(db().invoices.some((inv) => inv.distributor_company_id === company.id && inv.status === 'paid')).toBe(true);
    expect(
      db().invoices.some((inv) => inv.distributor_company_id === company.id && inv.status === 'partially_paid'),
    ).toBe(true);
    const token = await sendLink(company.id, [own!.id]);

    const open = await tab(token, 'open');
    expect(open.ids).toEqual([own!.id]);
    expect(open.partialCount).toBe(0);
    expect((await tab(token, 'closed')).ids).toEqual([]);
    expect((await tab(token, 'partial')).ids).toEqual([]);
  });

  it('keeps every seeded link to its own invoice: its closed tab is not the customer’s history', async () => {
    const now = NOW.getTime();
    const live = db()
      .payment_links.filter(
        (l) => !l.token.startsWith('demo-') && l.status !== 'expired' && Date.parse(l.expires_at) > now,
      )
      // Links whose customer has paid invoices the link does not name: the leak this guards against.
      .filter((l) =>
        db().invoices.some(
          (inv) =>
            inv.distributor_company_id === l.distributor_company_id &&
            inv.status === 'paid' &&
            !l.invoice_ids.includes(inv.id),
        ),
      )
      .slice(0, 5);
    expect(live.length).toBeGreaterThan(0);
    for (const link of live) {
      for (const status of ['open', 'closed', 'partial'] as const) {
        const { ids } = await tab(link.token, status);
        for (const id of ids) expect(link.invoice_ids, `${link.token} ${status}`).toContain(id);
      }
    }
  });

  it('still shows a customer-wide demo link every document of its customer', async () => {
    const company = companyOf('demo-closed-limit');
    const paid = db().invoices.filter((inv) => inv.distributor_company_id === company.id && inv.status === 'paid');
    expect((await tab('demo-closed-limit', 'closed')).ids.sort()).toEqual(paid.map((inv) => inv.id).sort());
  });
});

describe('what a payment link pays', () => {
  it('refuses a gateway order for another invoice of the customer, alone or beside its own, and takes its own', async () => {
    const company = companyOf('demo-closed-limit');
    const [own, other] = creditable(company.id);
    const token = await sendLink(company.id, [own!.id]);
    const otherPaid = other!.amount_paid;
    const before = written();

    const alone = await call('POST', '/direct_payments/cc_avenue', { token, key: newKey(), body: payBody([other!]) });
    expect(alone.status).toBe(422);
    expect(alone.body.errors).toEqual([
      {
        code: 'ER-INVOICE-106',
        title: 'direct_payment.invoice_details[0].id',
        detail: `Invoice ${other!.id} is not on this payment link: it pays only the documents it was sent for.`,
      },
    ]);
    const beside = await call('POST', '/direct_payments/cc_avenue', {
      token,
      key: newKey(),
      body: payBody([own!, other!]),
    });
    expect(codes(beside)).toEqual(['ER-INVOICE-106']);
    expect(written()).toEqual(before);

    const order = await call('POST', '/direct_payments/cc_avenue', { token, key: newKey(), body: payBody([own!]) });
    expect(order.status).toBe(201);
    expect((await submit(order.body.payment_link_url as string, 'success')).headers.get('location')).toContain(
      'success=true',
    );
    expect(invoiceOf(own!.id).status).toBe('paid');
    expect(invoiceOf(other!.id).amount_paid).toBe(otherPaid);
    // Paid, it moves to the closed tab, which holds nothing else.
    expect((await tab(token, 'closed')).ids).toEqual([own!.id]);
  });

  it('completes a gateway order only for documents on its link, and shows its outcome only to that link', async () => {
    const company = companyOf('demo-closed-limit');
    const [own, other] = creditable(company.id);
    const token = await sendLink(company.id, [own!.id]);
    const order = await call('POST', '/direct_payments/cc_avenue', {
      token,
      key: newKey(),
      body: payBody([own!], 1_00),
    });
    expect(order.status).toBe(201);
    // An order that names another document (recorded before this rule, or altered) is not charged.
    const altered = db().gateway_orders.find((o) => o.order_id === order.body.order_id)!;
    mock.repository.update('gateway_orders', altered, { items: [{ invoice_id: other!.id, amount: 1_00 }] });
    const before = written();
    expect((await submit(order.body.payment_link_url as string, 'success')).headers.get('location')).toContain(
      'success=false',
    );
    expect(written()).toEqual(before);
    const record = db().gateway_orders.find((o) => o.order_id === order.body.order_id)!;
    expect(record).toMatchObject({
      status: 'failed',
      failure_reason: `${other!.document_number} is not on the payment link of this order; nothing was charged`,
    });

    // The customer's demo link is another link: it does not read this order's outcome.
    const elsewhere = await call('GET', `/direct_payments/cc_avenue_success?order_id=${record.order_id}`, {
      token: 'demo-closed-limit',
    });
    expect(elsewhere.status).toBe(404);
    expect(
      codes(await call('GET', `/direct_payments/cc_avenue_success?order_id=${record.order_id}`, { token })),
    ).toEqual(['ER-PAY-103']);
  });

  it('refuses credit (OTP verified) for another invoice of the customer, and draws it for its own', async () => {
    const company = companyOf('demo-closed-limit');
    const [own, other] = creditable(company.id);
    const token = await sendLink(company.id, [own!.id]);
    await verifyOtp(token);
    const before = written();

    const refused = await call('POST', '/avail_credit', { token, key: newKey(), body: creditBody([other!]) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        code: 'ER-INVOICE-106',
        title: 'payment_gateway.invoice_details[0].id',
        detail: `Invoice ${other!.id} is not on this payment link: it pays only the documents it was sent for.`,
      },
    ]);
    expect(written()).toEqual(before);

    const paidBefore = own!.amount_paid;
    const drawn = await call('POST', '/avail_credit', { token, key: newKey(), body: creditBody([own!]) });
    expect(drawn.status).toBe(201);
    expect(invoiceOf(own!.id).amount_paid).toBe(paidBefore + 100_00);
  });

  it('on an open-limit account, pays its own invoice and the customer’s manual one, never another', async () => {
    const company = companyOf('demo-open-limit');
    const [own, other] = creditable(company.id);
    const token = await sendLink(company.id, [own!.id]);
    const loan = db().loan_applications.find((l) => l.id === company.loan_application_id)!;

    const form = new FormData();
    const fields: Record<string, string> = {
      loan_application_id: String(loan.id),
      anchor_id: String(company.anchor_id),
      erp_distributor_id: company.customer_code,
      customer_code: company.customer_code,
      invoice_date: '2026-11-20',
      due_date: '2026-11-22',
      total: '2000',
      gst_invoice_id: 'SCOPE-MAN-1',
      source: 'open_limit_customer',
    };
    for (const [name, value] of Object.entries(fields)) form.append(`invoice[${name}]`, value);
    form.append(INVOICE_IMAGE_FIELD, new Blob(['%PDF-1.4 manual'], { type: 'application/pdf' }), 'manual.pdf');
    const created = await fetch(`${running.url}/create_invoice`, {
      method: 'POST',
      headers: { Accept: V1, Authorization: token },
      body: form,
    });
    expect(created.status).toBe(201);
    const manual = invoiceOf(((await created.json()) as { data: { id: string } }).data.id);
    expect((await tab(token, 'open')).ids.sort()).toEqual([own!.id, manual.id].sort());

    await verifyOtp(token);
    const bank = db().anchor_account_details.find((a) => a.anchor_id === company.anchor_id)!;
    const group = (invoices: Invoice[]) => ({
      source: 'anchor_portal',
      payment_gateway: [
        {
          bank_account_id: bank.id,
          invoice_details: invoices.map((inv) => ({ id: inv.id, user_requested_amount: 100 })),
        },
      ],
    });
    const before = written();
    const refused = await call('POST', '/op_avail_credit', { token, key: newKey(), body: group([own!, other!]) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        code: 'ER-INVOICE-106',
        title: 'payment_gateway[0].invoice_details[1].id',
        detail: `Invoice ${other!.id} is not on this payment link: it pays only the documents it was sent for.`,
      },
    ]);
    expect(written()).toEqual(before);

    const drawn = await call('POST', '/op_avail_credit', { token, key: newKey(), body: group([own!, manual]) });
    expect(drawn.status).toBe(201);
    expect(invoiceOf(manual.id).amount_paid).toBe(100_00);
  });
});
