import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLeft } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { formatValidationErrors } from '../../src/api/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenData } from '../../src/api/client';
import {
  invoiceCollectionCodec,
  PaymentAnswer,
  PaymentSuccess,
  SendOtpAnswer,
  VerifyOtpAnswer,
} from '../../src/api/codecs/pay';
import { createMockServer, type MockServer, type RunningMock } from '../app';
import { statementRef } from '../auth/pay-token';
import { outboxOf } from './dev';
import type { Invoice, ReadonlyDb } from '../db';
import { DEMO_PAY_LINKS, EXPIRED_DEMO_PAY_TOKEN } from '../seed';

const NOW = new Date('2026-11-22T10:00:00');
const V1 = 'application/vnd.provider.v1+json';
const V2 = 'application/vnd.provider.v2+json';
const APP_URL = 'http://127.0.0.1:5173';
const Collection = invoiceCollectionCodec('provider');
type Collection = t.TypeOf<typeof Collection>;

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

interface CallOptions {
  token?: string | null;
  body?: unknown;
  key?: string;
  accept?: string;
  headers?: Record<string, string>;
}

interface Harness {
  mock: MockServer;
  running: RunningMock;
  db: () => ReadonlyDb;
  call: (method: string, path: string, options?: CallOptions) => Promise<Answer>;
}

async function start(
  clock: () => Date = () => NOW,
  logs: string[] = [],
  dataDir: string | null = null,
): Promise<Harness> {
  // Many OTPs go to the same demo links here: the send limit has its own test (mock-server/rate-limits.test.ts).
  const mock = createMockServer({
    clock,
    log: (line) => logs.push(line),
    appUrl: APP_URL,
    dataDir,
    rateLimits: { otpSendsPerToken: 1000 },
  });
  const running = await mock.listen(0);
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { Accept: options.accept ?? V1, ...options.headers };
    if (options.token !== null && options.token !== undefined) headers.Authorization = options.token;
    if (options.key !== undefined) headers['Idempotency-Key'] = options.key;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${running.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const text = await response.text();
    const json = /json/.test(response.headers.get('content-type') ?? '');
    return {
      status: response.status,
      body: json ? (JSON.parse(text) as unknown) : null,
      text,
      headers: response.headers,
    };
  };
  return { mock, running, db: () => mock.db(), call };
}

function decode<A>(codec: t.Decoder<unknown, A>, answer: Answer, status = 200): A {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status);
  const result = codec.decode(flattenData(answer.body));
  if (isLeft(result)) throw new Error(formatValidationErrors(result.left).join('\n'));
  return result.right;
}

const errors = (answer: Answer) =>
  (answer.body as { errors?: { code: string; detail: string; title?: string }[] }).errors ?? [];
const codes = (answer: Answer) => errors(answer).map((e) => e.code);

let keyCounter = 0;
const newKey = () => `test-key-${++keyCounter}`;

/** Rupees on the wire from paise, as the client sends them. */
const rupees = (paise: number) => paise / 100;

function linkOf(db: ReadonlyDb, token: string) {
  return db.payment_links.find((l) => l.token === token)!;
}
function companyOf(db: ReadonlyDb, token: string) {
  return db.distributor_companies.find((c) => c.id === linkOf(db, token).distributor_company_id)!;
}
function loanOf(db: ReadonlyDb, token: string) {
  return db.loan_applications.find((l) => l.id === companyOf(db, token).loan_application_id)!;
}
const invoiceById = (db: ReadonlyDb, id: string | number) => db.invoices.find((i) => i.id === Number(id))!;

/** Counts of the rows a money movement writes, to show a refused or replayed request wrote nothing. */
const snapshot = (db: ReadonlyDb) => ({
  payments: db.payments.length,
  drawdowns: db.drawdowns.length,
  orders: db.gateway_orders.length,
  utilised: db.loan_applications.reduce((sum, l) => sum + l.limit_utilized, 0),
  paid: db.invoices.reduce((sum, i) => sum + i.amount_paid, 0),
});

async function collection(h: Harness, token: string, status = 'open', page = 1): Promise<Collection> {
  return decode(Collection, await h.call('GET', `/invoice_collection?status=${status}&page=${page}`, { token }));
}

/** Open documents credit can pay: not overdue by more than 60 days, no drawdown request in progress. */
function creditable(items: Collection['data'], today = '2026-11-22') {
  const cutoff = new Date(Date.parse(today) - 60 * 86_400_000).toISOString().slice(0, 10);
  return items.filter(
    (i) =>
      i.status !== 'in-progress' &&
      (i.ddr_status_date ?? []).length === 0 &&
      i.due_date >= cutoff &&
      (i.balance_due ?? 0) > 0,
  );
}

async function allOpen(h: Harness, token: string): Promise<Collection['data']> {
  const first = await collection(h, token, 'open', 1);
  const pages = first.pagy?.pages ?? 1;
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => collection(h, token, 'open', i + 2)));
  return [...first.data, ...rest.flatMap((c) => c.data)];
}

const creditBody = (lines: { id: string; amount: number }[]) => ({
  source: 'anchor_portal',
  payment_gateway: { invoice_details: lines.map((l) => ({ id: l.id, user_requested_amount: l.amount })) },
});

describe('GET /invoice_collection', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h.running.close());

  it('decodes for every demo link and every tab', async () => {
    for (const demo of DEMO_PAY_LINKS) {
      for (const status of ['open', 'closed', 'partial']) {
        const page = await collection(h, demo.token, status);
        expect(page.meta.anchor_name, demo.token).not.toBe('');
      }
    }
  });

  it('shows the closed-limit customer: header figures, two pages of open documents, the partial and closed tabs', async () => {
    const open = await collection(h, 'demo-closed-limit');
    expect(open.meta).toMatchObject({
      anchor_name: 'Sarvodaya Consumer Products Ltd',
      anchor_id: '1',
      distributor_name: 'Shree Ganesh Traders',
      loan_account_status: 'active',
      sanctioned_limit: 500_000_00,
      credit_limit_utilised: 120_000_00,
      credit_limit_balance: 380_000_00,
      overdue_amount: 0,
      overdue_days: 0,
      open_limit_customer: false,
      is_sales_order: false,
      require_otp: false,
      show_virtual_account_number: true,
      show_provider_credit_option: true,
      show_provider_pay_option: true,
      partial_count: 2,
      supplier_bank_accounts: [],
    });
    expect(open.meta.loan_account_no).toMatch(/^LAN\d{10}$/);
    // The statement has its own reference: the pay token is in no address the page opens.
    expect(open.meta.soa_link).toMatch(/\/fake-statement\/[A-Za-z0-9_-]{32}$/);
    expect(open.meta.soa_link).not.toContain('demo-closed-limit');
    expect(open.pagy).toMatchObject({ count: 14, page: 1, pages: 2, from: 1, to: 10, next: 2 });
    expect(open.data).toHaveLength(10);
    const second = await collection(h, 'demo-closed-limit', 'open', 2);
    expect(second.data).toHaveLength(4);
    expect(second.pagy).toMatchObject({ from: 11, to: 14, prev: 1, next: null });
    const all = [...open.data, ...second.data];
    // Most urgent first.
    expect(all.map((i) => i.due_date)).toEqual([...all.map((i) => i.due_date)].sort());
    for (const item of all) {
      const invoice = invoiceById(h.db(), item.id);
      expect(item.invoice_amount).toBe(invoice.total);
      expect(item.balance_due).toBe(invoice.total - invoice.amount_paid);
      expect(['open', 'partially_paid', 'in-progress']).toContain(item.status);
    }
    expect(all.some((i) => i.ddr_status_date?.[0]?.ddr_status === 'draft')).toBe(true);
    expect(all.some((i) => i.pay_by_date !== null && (i.discount_amount ?? 0) > 0)).toBe(true);
    expect(all.some((i) => i.is_selected)).toBe(true);
    expect(all.find((i) => i.invoice_amount === 19_999_99)).toBeDefined(); // paise exact through rupees on the wire

    const partial = await collection(h, 'demo-closed-limit', 'partial');
    expect(partial.data.map((i) => i.status)).toEqual(['partially_paid', 'partially_paid']);
    for (const item of partial.data) expect(item.payment_utr).toMatch(/^UTR/);
    const closed = await collection(h, 'demo-closed-limit', 'closed');
    expect(closed.data).toHaveLength(4);
    for (const item of closed.data) {
      expect(item.status).toBe('paid');
      expect(item.balance_due).toBe(0);
      expect(item.payment_utr).toMatch(/^UTR/);
    }
  });

  it('shows each scenario of the demo links', async () => {
    const overdue = await collection(h, 'demo-overdue');
    expect(overdue.meta).toMatchObject({
      overdue_amount: 42_500_00,
      overdue_days: 20,
      credit_limit_utilised: 72_500_00,
      credit_limit_balance: 177_500_00,
    });
    const open = await collection(h, 'demo-open-limit');
    expect(open.meta.open_limit_customer).toBe(true);
    expect(open.meta.supplier_bank_accounts?.length).toBe(2);
    expect(open.meta.supplier_bank_accounts?.[0]).toEqual({
      id: '1',
      bank_account_name: 'Sarvodaya Collections',
      bank_name: expect.any(String) as string,
    });
    expect(open.data.find((i) => i.status === 'partially_paid')?.bank_account_id).toEqual(['1']);
    const sales = await collection(h, 'demo-sales-order');
    expect(sales.meta).toMatchObject({ anchor_id: '1551', is_sales_order: true, require_otp: true });
    expect(sales.data.every((i) => i.document_number.startsWith('SO/'))).toBe(true);
    const otp = await collection(h, 'demo-otp');
    expect(otp.meta).toMatchObject({ require_otp: true, credit_limit_balance: 250_000_00 });
    const none = await collection(h, 'demo-no-credit');
    expect(none.meta).toMatchObject({
      show_provider_credit_option: false,
      show_provider_pay_option: true,
      credit_limit_balance: null,
      sanctioned_limit: null,
      loan_account_no: null,
      loan_application_id: null,
      soa_link: null,
    });
  });

  it('takes the token from the query too, but the Authorization header wins', async () => {
    const byQuery = await h.call('GET', '/invoice_collection?token=demo-otp&status=open', { token: null });
    expect(decode(Collection, byQuery).meta.distributor_name).toBe('Lakshmi Distributors');
    const both = await h.call('GET', '/invoice_collection?token=demo-otp', { token: 'demo-closed-limit' });
    expect(decode(Collection, both).meta.distributor_name).toBe('Shree Ganesh Traders');
    const badHeader = await h.call('GET', '/invoice_collection?token=demo-otp', { token: 'no-such-token' });
    expect(badHeader.status).toBe(401);
  });

  it('answers 401 ER-PAY-401 for a missing, unknown or expired token, and a session token is no pay token', async () => {
    for (const token of [null, 'no-such-token', EXPIRED_DEMO_PAY_TOKEN]) {
      const answer = await h.call('GET', '/invoice_collection', { token });
      expect(answer.status, String(token)).toBe(401);
      expect(codes(answer)).toEqual(['ER-PAY-401']);
      expect(errors(answer)[0]!.detail).not.toBe('');
    }
    expect(errors(await h.call('GET', '/invoice_collection', { token: EXPIRED_DEMO_PAY_TOKEN }))[0]!.detail).toMatch(
      /expired/,
    );
  });

  it('opens seeded links until they expire, paid ones included (to show the closed tab)', async () => {
    const db = h.db();
    const now = NOW.getTime();
    const live = db.payment_links.find(
      (l) => l.status === 'pending' && !l.token.startsWith('demo-') && Date.parse(l.expires_at) > now,
    )!;
    const paid = db.payment_links.find((l) => l.status === 'paid' && Date.parse(l.expires_at) > now);
    const expired = db.payment_links.find((l) => l.status === 'expired' && !l.token.startsWith('demo-'))!;
    expect((await h.call('GET', '/invoice_collection', { token: live.token })).status).toBe(200);
    if (paid)
      expect((await h.call('GET', '/invoice_collection?status=closed', { token: paid.token })).status).toBe(200);
    expect(codes(await h.call('GET', '/invoice_collection', { token: expired.token }))).toEqual(['ER-PAY-401']);
  });

  it('refuses a bad status or page with 422, and a page past the end is empty', async () => {
    const status = await h.call('GET', '/invoice_collection?status=all', { token: 'demo-otp' });
    expect(status.status).toBe(422);
    expect(errors(status)[0]).toMatchObject({ code: 'ER-VALIDATION', title: 'status' });
    for (const page of ['0', 'x', '1.5'])
      expect((await h.call('GET', `/invoice_collection?page=${page}`, { token: 'demo-otp' })).status).toBe(422);
    const past = await collection(h, 'demo-otp', 'open', 9);
    expect(past.data).toEqual([]);
  });

  it('serves the statement behind soa_link, by its reference and not by the pay token', async () => {
    const { meta } = await collection(h, 'demo-closed-limit');
    const response = await fetch(meta.soa_link!);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Statement of account</h1>');
    expect(html).toContain('Shree Ganesh Traders');
    expect((await fetch(`${h.running.url}/fake-statement/demo-closed-limit`)).status).toBe(404);
    // An expired link's statement closes with it.
    expect((await fetch(`${h.running.url}/fake-statement/${statementRef(EXPIRED_DEMO_PAY_TOKEN)}`)).status).toBe(404);
    expect((await fetch(`${h.running.url}/fake-statement/${statementRef('no-such-token')}`)).status).toBe(404);
  });
});

describe('POST /avail_credit and /op_avail_credit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h.running.close());

  it('draws credit for a full and a part amount: invoices, payments, drawdowns and utilisation move together', async () => {
    const token = 'demo-closed-limit';
    const items = creditable(await allOpen(h, token));
    const full = items.find((i) => i.status === 'open' && i.balance_due === 48_250_50)!;
    const part = items.find((i) => i.status === 'open' && i.balance_due === 245_000_00)!;
    const db = h.db();
    const before = snapshot(db);
    const utilisedBefore = loanOf(db, token).limit_utilized;

    const answer = await h.call('POST', '/avail_credit', {
      token,
      key: newKey(),
      body: creditBody([
        { id: full.id, amount: 48_250.5 },
        { id: part.id, amount: '1000.25' as unknown as number },
      ]),
    });
    const decoded = decode(PaymentAnswer, answer, 201);
    expect(decoded.message).toBe('Credit availed successfully.');
    expect(decoded.drawdown_ids).toHaveLength(2);

    const after = snapshot(db);
    expect(after.payments - before.payments).toBe(2);
    expect(after.drawdowns - before.drawdowns).toBe(2);
    const loan = loanOf(db, token);
    expect(loan.limit_utilized - utilisedBefore).toBe(48_250_50 + 1_000_25);
    const fullInvoice = invoiceById(db, full.id);
    expect(fullInvoice).toMatchObject({ status: 'paid', closed_status: 'credit', amount_paid: fullInvoice.total });
    const partInvoice = invoiceById(db, part.id);
    expect(partInvoice).toMatchObject({ status: 'partially_paid', amount_paid: 1_000_25 });
    for (const [id, invoice, amount] of [
      [decoded.drawdown_ids![0]!, fullInvoice, 48_250_50],
      [decoded.drawdown_ids![1]!, partInvoice, 1_000_25],
    ] as const) {
      const drawdown = db.drawdowns.find((d) => d.id === Number(id))!;
      expect(drawdown).toMatchObject({
        status: 'completed',
        amount,
        principal_outstanding: amount,
        loan_application_id: loan.id,
        invoice_ids: [invoice.id],
        disbursement_date: '2026-11-22',
        due_date: '2027-01-21',
      });
      const payment = db.payments.find((p) => p.drawdown_id === drawdown.id)!;
      expect(payment).toMatchObject({
        source: 'credit',
        amount,
        invoice_id: invoice.id,
        payment_date: '2026-11-22',
        anchor_id: 1,
      });
      expect(payment.utr_number).toMatch(/^UTRC\d+/);
    }
    // The loan's utilisation stays the sum of its outstanding drawdowns.
    const outstanding = db.drawdowns
      .filter((d) => d.loan_application_id === loan.id && d.status === 'completed')
      .reduce((s, d) => s + d.principal_outstanding, 0);
    expect(loan.limit_utilized).toBe(outstanding);

    // The page sees it: less credit left, the paid invoice on the closed tab with its UTR.
    const page = await collection(h, token, 'closed');
    expect(page.meta.credit_limit_balance).toBe(380_000_00 - 48_250_50 - 1_000_25);
    expect(page.data.find((i) => i.id === full.id)?.payment_utr).toMatch(/^UTRC/);
  });

  it('refuses a total over the available limit, and changes nothing', async () => {
    const token = 'demo-closed-limit';
    const items = creditable(await allOpen(h, token)).filter((i) => i.status === 'open');
    const before = snapshot(h.db());
    const { meta } = await collection(h, token);
    // Everything creditable at full balance is more than what is left.
    const lines = items.map((i) => ({ id: i.id, amount: rupees(i.balance_due!) }));
    expect(lines.reduce((s, l) => s + Math.round(l.amount * 100), 0)).toBeGreaterThan(meta.credit_limit_balance!);
    const answer = await h.call('POST', '/avail_credit', { token, key: newKey(), body: creditBody(lines) });
    expect(answer.status).toBe(422);
    expect(codes(answer)).toEqual(['ER-CREDIT-103']);
    expect(errors(answer)[0]!.detail).toMatch(/more than the available limit of ₹/);
    expect(snapshot(h.db())).toEqual(before);
  });

  it('refuses documents overdue by more than 60 days, in progress, paid, of another customer, or over their balance', async () => {
    const token = 'demo-closed-limit';
    const open = await allOpen(h, token);
    const overdue = open.find((i) => i.due_date < '2026-09-23')!;
    const inProgress = open.find((i) => i.status === 'in-progress')!;
    const closed = (await collection(h, token, 'closed')).data[0]!;
    const foreign = (await collection(h, 'demo-otp')).data[0]!;
    const small = creditable(open).find((i) => i.status === 'open')!;
    const before = snapshot(h.db());
    const answer = await h.call('POST', '/avail_credit', {
      token,
      key: newKey(),
      body: creditBody([
        { id: overdue.id, amount: 100 },
        { id: inProgress.id, amount: 100 },
        { id: closed.id, amount: 100 },
        { id: foreign.id, amount: 100 },
        { id: small.id, amount: rupees(small.balance_due!) + 0.01 },
      ]),
    });
    expect(answer.status).toBe(422);
    expect(codes(answer)).toEqual([
      'ER-CREDIT-104',
      'ER-INVOICE-103',
      'ER-INVOICE-102',
      'ER-INVOICE-101',
      'ER-INVOICE-104',
    ]);
    expect(errors(answer)[0]!.detail).toMatch(/overdue by \d+ days/);
    expect(errors(answer)[4]!.title).toBe('payment_gateway.invoice_details[4].user_requested_amount');
    expect(snapshot(h.db())).toEqual(before);
  });

  it('validates the body: source, amounts (> 0, at most 2 decimals), duplicates, and the Idempotency-Key', async () => {
    const token = 'demo-closed-limit';
    const item = creditable(await allOpen(h, token)).find((i) => i.status === 'open')!;
    const bad = async (body: unknown, key: string | null = newKey()) =>
      h.call('POST', '/avail_credit', { token, key: key ?? undefined, body });
    const before = snapshot(h.db());
    expect(codes(await bad(creditBody([{ id: item.id, amount: 100 }]), null))).toEqual(['ER-IDEMPOTENCY-KEY']);
    expect(codes(await bad(creditBody([{ id: item.id, amount: 100 }]), 'bad key with spaces'))).toEqual([
      'ER-IDEMPOTENCY-KEY',
    ]);
    const wrongSource = await bad({ ...creditBody([{ id: item.id, amount: 100 }]), source: 'web' });
    expect(errors(wrongSource)[0]).toMatchObject({ code: 'ER-VALIDATION', title: 'source' });
    for (const amount of [0, -5, 10.123, '1e3', 'abc', null]) {
      const answer = await bad(creditBody([{ id: item.id, amount: amount as number }]));
      expect(answer.status, String(amount)).toBe(422);
      expect(errors(answer)[0]!.title).toBe('payment_gateway.invoice_details[0].user_requested_amount');
    }
    expect(errors(await bad(creditBody([{ id: 'x', amount: 5 }])))[0]!.title).toBe(
      'payment_gateway.invoice_details[0].id',
    );
    expect((await bad(creditBody([]))).status).toBe(422);
    expect((await bad({ source: 'anchor_portal', payment_gateway: [] })).status).toBe(422);
    const twice = await bad(
      creditBody([
        { id: item.id, amount: 5 },
        { id: item.id, amount: 5 },
      ]),
    );
    expect(errors(twice)[0]!.detail).toMatch(/more than once/);
    expect(snapshot(h.db())).toEqual(before);
  });

  it('replays a repeat with the same key and body, and refuses the same key with another body', async () => {
    const token = 'demo-closed-limit';
    const item = creditable(await allOpen(h, token)).find((i) => i.status === 'open' && i.balance_due! > 50_000)!;
    const key = newKey();
    const body = creditBody([{ id: item.id, amount: 123.45 }]);
    const first = await h.call('POST', '/avail_credit', { token, key, body });
    expect(first.status).toBe(201);
    const after = snapshot(h.db());
    // Keys in another order are the same request.
    const reordered = {
      payment_gateway: { invoice_details: [{ user_requested_amount: 123.45, id: item.id }] },
      source: 'anchor_portal',
    };
    const again = await h.call('POST', '/avail_credit', { token, key, body: reordered });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(snapshot(h.db())).toEqual(after);

    const other = await h.call('POST', '/avail_credit', {
      token,
      key,
      body: creditBody([{ id: item.id, amount: 200 }]),
    });
    expect(other.status).toBe(422);
    expect(codes(other)).toEqual(['ER-IDEMPOTENCY']);
    // Keys are per token: another link may use the same key for its own request.
    const otherToken = await h.call('POST', '/avail_credit', { token: 'demo-no-credit', key, body });
    expect(codes(otherToken)).toEqual(['ER-CREDIT-101']);
    expect(snapshot(h.db())).toEqual(after);
  });

  it('does not keep refusals: a retry with the same key is checked again', async () => {
    const token = 'demo-closed-limit';
    const item = creditable(await allOpen(h, token)).find((i) => i.status === 'open' && i.balance_due! > 10_000)!;
    const key = newKey();
    const body = creditBody([{ id: item.id, amount: 50 }]);
    const link = linkOf(h.db(), token);
    h.mock.repository.update('payment_links', link, {
      settings_override: { ...link.settings_override, show_credit_option: false },
    });
    expect(codes(await h.call('POST', '/avail_credit', { token, key, body }))).toEqual(['ER-CREDIT-101']);
    h.mock.repository.update('payment_links', link, {
      settings_override: { ...link.settings_override, show_credit_option: true },
    });
    expect((await h.call('POST', '/avail_credit', { token, key, body })).status).toBe(201);
  });

  it('refuses credit to an account with overdue dues, without a credit line, or through the wrong call', async () => {
    const overdue = (await collection(h, 'demo-overdue')).data.find(
      (i) => i.status === 'open' && i.due_date >= '2026-11-22',
    )!;
    const dues = await h.call('POST', '/avail_credit', {
      token: 'demo-overdue',
      key: newKey(),
      body: creditBody([{ id: overdue.id, amount: 10 }]),
    });
    expect(codes(dues)).toEqual(['ER-CREDIT-102']);
    expect(errors(dues)[0]!.detail).toMatch(/overdue credit dues of ₹42,500.00/);
    const noLine = (await collection(h, 'demo-no-credit')).data[0]!;
    expect(
      codes(
        await h.call('POST', '/avail_credit', {
          token: 'demo-no-credit',
          key: newKey(),
          body: creditBody([{ id: noLine.id, amount: 10 }]),
        }),
      ),
    ).toEqual(['ER-CREDIT-101']);
    const openLimit = (await collection(h, 'demo-open-limit')).data[0]!;
    expect(
      codes(
        await h.call('POST', '/avail_credit', {
          token: 'demo-open-limit',
          key: newKey(),
          body: creditBody([{ id: openLimit.id, amount: 10 }]),
        }),
      ),
    ).toEqual(['ER-CREDIT-105']);
    const closed = (await collection(h, 'demo-closed-limit')).data[0]!;
    const wrong = await h.call('POST', '/op_avail_credit', {
      token: 'demo-closed-limit',
      key: newKey(),
      body: {
        source: 'anchor_portal',
        payment_gateway: [{ bank_account_id: 1, invoice_details: [{ id: closed.id, user_requested_amount: 10 }] }],
      },
    });
    expect(codes(wrong)).toEqual(['ER-CREDIT-105']);
  });

  it('draws credit for an open-limit customer per supplier bank account group', async () => {
    const token = 'demo-open-limit';
    const page = await collection(h, token);
    const [bankA, bankB] = page.meta.supplier_bank_accounts!;
    const tied = page.data.find((i) => i.status === 'partially_paid')!;
    const free = page.data.filter((i) => i.status === 'open');
    const body = (groups: { bank: string | null; lines: { id: string; amount: number }[] }[]) => ({
      source: 'anchor_portal',
      payment_gateway: groups.map((g) => ({
        bank_account_id: g.bank,
        invoice_details: g.lines.map((l) => ({ id: l.id, user_requested_amount: l.amount })),
      })),
    });
    const noBank = await h.call('POST', '/op_avail_credit', {
      token,
      key: newKey(),
      body: body([{ bank: null, lines: [{ id: free[0]!.id, amount: 10 }] }]),
    });
    expect(errors(noBank)[0]).toMatchObject({
      code: 'ER-CREDIT-106',
      detail: 'Please, select supplier bank account for open invoices.',
    });
    const otherBank = await h.call('POST', '/op_avail_credit', {
      token,
      key: newKey(),
      body: body([{ bank: bankB!.id, lines: [{ id: tied.id, amount: 10 }] }]),
    });
    expect(codes(otherBank)).toEqual(['ER-CREDIT-106']);

    const db = h.db();
    const before = loanOf(db, token).limit_utilized;
    const ok = await h.call('POST', '/op_avail_credit', {
      token,
      key: newKey(),
      body: body([
        {
          bank: bankA!.id,
          lines: [
            { id: tied.id, amount: 5_000 },
            { id: free[0]!.id, amount: rupees(free[0]!.balance_due!) },
          ],
        },
        { bank: bankB!.id, lines: [{ id: free[1]!.id, amount: 1_000 }] },
      ]),
    });
    expect(decode(PaymentAnswer, ok, 201).drawdown_ids).toHaveLength(3);
    expect(loanOf(db, token).limit_utilized - before).toBe(5_000_00 + free[0]!.balance_due! + 1_000_00);
    expect(invoiceById(db, free[1]!.id).bank_account_ids).toEqual([Number(bankB!.id)]);
    expect(invoiceById(db, free[0]!.id).status).toBe('paid');
  });

  it('never lets concurrent draws overdraw the limit', async () => {
    const token = 'demo-closed-limit';
    const db = h.db();
    const drawn = loanOf(db, token);
    // Leave exactly ₹50,000 to draw; 20 requests of ₹5,000 each ask for twice that.
    h.mock.repository.update('loan_applications', drawn, { limit_sanctioned: drawn.limit_utilized + 50_000_00 });
    const items = creditable(await allOpen(h, token)).filter((i) => i.balance_due! >= 25_000_00);
    expect(items.length).toBeGreaterThanOrEqual(5);
    const before = snapshot(db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        h.call('POST', '/avail_credit', {
          token,
          key: newKey(),
          body: creditBody([{ id: items[n % 5]!.id, amount: 5_000 }]),
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 201);
    expect(ok).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 201)) expect(codes(refused)).toEqual(['ER-CREDIT-103']);
    const after = snapshot(db);
    expect(after.drawdowns - before.drawdowns).toBe(10);
    expect(after.utilised - before.utilised).toBe(50_000_00);
    const loan = loanOf(db, token);
    expect(loan.limit_utilized).toBe(loan.limit_sanctioned);
    const outstanding = db.drawdowns
      .filter((d) => d.loan_application_id === loan.id && d.status === 'completed')
      .reduce((s, d) => s + d.principal_outstanding, 0);
    expect(loan.limit_utilized).toBe(outstanding);
    expect((await collection(h, token)).meta.credit_limit_balance).toBe(0);
    const none = await h.call('POST', '/avail_credit', {
      token,
      key: newKey(),
      body: creditBody([{ id: items[0]!.id, amount: 1 }]),
    });
    expect(errors(none)[0]!.detail).toMatch(/utilised your total limit/);
  });

  it('runs a request fired many times at once with one key exactly once', async () => {
    const token = 'demo-sales-order';
    const link = linkOf(h.db(), token);
    h.mock.repository.update('payment_links', link, { settings_override: { require_otp: false } });
    const item = creditable((await collection(h, token)).data)[0]!;
    const key = newKey();
    const before = snapshot(h.db());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call('POST', '/avail_credit', { token, key, body: creditBody([{ id: item.id, amount: 777 }]) }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(snapshot(h.db()).drawdowns - before.drawdowns).toBe(1);
    expect(invoiceById(h.db(), item.id).amount_paid).toBe(777_00);
  });
});

describe('OTP', () => {
  let offsetMs = 0;
  const logs: string[] = [];
  let h: Harness;
  beforeAll(async () => {
    h = await start(() => new Date(NOW.getTime() + offsetMs), logs);
  });
  afterAll(() => h.running.close());

  const token = 'demo-otp';
  const loanId = () => String(loanOf(h.db(), token).id);
  const sendOtp = async () => {
    const answer = await h.call('POST', '/communications/send_otp', {
      token,
      accept: V2,
      body: { data: { attributes: { loan_application_id: loanId() } } },
    });
    const { data } = decode(SendOtpAnswer, answer);
    expect(data.expires_in).toBe(300);
    const otp = /\b(\d{6})\b/.exec(outboxOf(h.db(), { token })[0]!.body)![1]!;
    return { reference: data.otp_reference_id, otp };
  };
  const verify = (reference: string, otp: string) =>
    h.call('POST', '/communications/verify_otp', {
      token,
      accept: V2,
      body: { data: { attributes: { loan_application_id: loanId(), otp, otp_reference_id: reference } } },
    });
  const wrong = (otp: string) => (otp === '000000' ? '111111' : '000000');

  it('is version 2 only', async () => {
    const v1 = await h.call('POST', '/communications/send_otp', {
      token,
      accept: V1,
      body: { data: { attributes: { loan_application_id: loanId() } } },
    });
    expect(v1.status).toBe(406);
    expect(codes(v1)).toEqual(['ER-NOT-ACCEPTABLE']);
    expect((await h.call('POST', '/communications/verify_otp', { token, body: {} })).status).toBe(406);
    expect((await h.call('POST', '/communications/send_otp', { token: 'nope', accept: V2, body: {} })).status).toBe(
      401,
    );
  });

  it('requires a verified OTP before credit, then allows it', async () => {
    const item = creditable((await collection(h, token)).data)[0]!;
    const body = creditBody([{ id: item.id, amount: 1_500 }]);
    const key = newKey();
    const refused = await h.call('POST', '/avail_credit', { token, key, body });
    expect(codes(refused)).toEqual(['ER-OTP-104']);

    const { reference, otp } = await sendOtp();
    // The log names the loan application and the mobile's last digits, never the pay token.
    expect(logs).toContain(
      `[mock] OTP ${otp} for loan application ${loanId()} (mobile ending ${companyOf(h.db(), token).primary_user_mobile.slice(-4)})`,
    );
    expect(logs.filter((line) => line.includes(token))).toEqual([]);
    expect(decode(VerifyOtpAnswer, await verify(reference, otp)).data.verified).toBe(true);
    // The same key is checked again (the refusal was not kept) and now goes through.
    expect(
      decode(PaymentAnswer, await h.call('POST', '/avail_credit', { token, key, body }), 201).drawdown_ids,
    ).toHaveLength(1);
    // An OTP is used once.
    expect(codes(await verify(reference, otp))).toEqual(['ER-OTP-102']);

    // The verification lasts 10 minutes.
    offsetMs += 11 * 60 * 1000;
    expect(
      codes(
        await h.call('POST', '/avail_credit', { token, key: newKey(), body: creditBody([{ id: item.id, amount: 1 }]) }),
      ),
    ).toEqual(['ER-OTP-104']);
  });

  it('checks the loan and the shape of the answer', async () => {
    const other = await h.call('POST', '/communications/send_otp', {
      token,
      accept: V2,
      body: { data: { attributes: { loan_application_id: '999999' } } },
    });
    expect(errors(other)[0]).toMatchObject({ code: 'ER-VALIDATION', title: 'loan_application_id' });
    const noCredit = await h.call('POST', '/communications/send_otp', {
      token: 'demo-no-credit',
      accept: V2,
      body: { data: { attributes: { loan_application_id: '1' } } },
    });
    expect(codes(noCredit)).toEqual(['ER-CREDIT-101']);
    const { reference } = await sendOtp();
    expect(errors(await verify(reference, '12345'))[0]).toMatchObject({ code: 'ER-VALIDATION', title: 'otp' });
    expect(errors(await verify('otp_unknown', '123456'))[0]).toMatchObject({
      code: 'ER-VALIDATION',
      title: 'otp_reference_id',
    });
  });

  it('counts wrong answers and locks the OTP at the fifth', async () => {
    const { reference, otp } = await sendOtp();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await verify(reference, wrong(otp));
      expect(codes(answer)).toEqual(['ER-OTP-101']);
      expect(errors(answer)[0]!.detail).toContain(`${5 - attempt} attempt`);
    }
    expect(codes(await verify(reference, wrong(otp)))).toEqual(['ER-OTP-103']);
    expect(codes(await verify(reference, otp))).toEqual(['ER-OTP-103']);
  });

  it('expires an OTP after 5 minutes, and a newer OTP replaces an older one', async () => {
    const first = await sendOtp();
    offsetMs += 5 * 60 * 1000 + 1000;
    expect(codes(await verify(first.reference, first.otp))).toEqual(['ER-OTP-102']);
    expect(errors(await verify(first.reference, first.otp))[0]!.detail).toMatch(/expired/);
    const older = await sendOtp();
    const newer = await sendOtp();
    expect(codes(await verify(older.reference, older.otp))).toEqual(['ER-OTP-102']);
    expect(decode(VerifyOtpAnswer, await verify(newer.reference, newer.otp)).data.verified).toBe(true);
  });

  it('replays send_otp sent again with the same Idempotency-Key (one OTP, one message)', async () => {
    const key = newKey();
    const body = { data: { attributes: { loan_application_id: loanId() } } };
    const mails = h.db().mails.length;
    const first = await h.call('POST', '/communications/send_otp', { token, accept: V2, key, body });
    const second = await h.call('POST', '/communications/send_otp', { token, accept: V2, key, body });
    expect(second.body).toEqual(first.body);
    expect(h.db().mails.length).toBe(mails + 1);
  });

  it('forgets idempotency keys after 24 hours', async () => {
    const item = creditable((await collection(h, 'demo-closed-limit')).data)[0]!;
    const key = newKey();
    const first = await h.call('POST', '/avail_credit', {
      token: 'demo-closed-limit',
      key,
      body: creditBody([{ id: item.id, amount: 10 }]),
    });
    expect(first.status).toBe(201);
    offsetMs += 24 * 60 * 60 * 1000 + 1000;
    const later = await h.call('POST', '/avail_credit', {
      token: 'demo-closed-limit',
      key,
      body: creditBody([{ id: item.id, amount: 20 }]),
    });
    expect(later.status).toBe(201);
    expect(later.body).not.toEqual(first.body);
    expect(
      h
        .db()
        .idempotency_keys.some(
          (k) => k.key === key && k.status === 201 && JSON.stringify(k.body) === JSON.stringify(first.body),
        ),
    ).toBe(false);
  });
});

describe('direct payment through the fake gateway', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h.running.close());

  const payBody = (lines: { id: string; amount: number }[], method = 'upi') => ({
    direct_payment: {
      invoice_details: lines.map((l) => ({ id: l.id, user_requested_amount: l.amount })),
      payment_method: method,
    },
  });
  const order = async (token: string, lines: { id: string; amount: number }[], method = 'upi') =>
    decode(
      PaymentAnswer,
      await h.call('POST', '/direct_payments/cc_avenue', { token, key: newKey(), body: payBody(lines, method) }),
      201,
    );
  const submit = (url: string, outcome: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
      redirect: 'manual',
    });

  it('validates the payment and needs an Idempotency-Key', async () => {
    const item = (await collection(h, 'demo-no-credit')).data[0]!;
    const noKey = await h.call('POST', '/direct_payments/cc_avenue', {
      token: 'demo-no-credit',
      body: payBody([{ id: item.id, amount: 10 }]),
    });
    expect(codes(noKey)).toEqual(['ER-IDEMPOTENCY-KEY']);
    const noMethod = await h.call('POST', '/direct_payments/cc_avenue', {
      token: 'demo-no-credit',
      key: newKey(),
      body: payBody([{ id: item.id, amount: 10 }], 'card'),
    });
    expect(errors(noMethod)[0]).toMatchObject({
      title: 'direct_payment.payment_method',
      detail: 'Please, select payment mode to make payment (net_banking or upi).',
    });
    const tooMuch = await h.call('POST', '/direct_payments/cc_avenue', {
      token: 'demo-no-credit',
      key: newKey(),
      body: payBody([{ id: item.id, amount: rupees(item.balance_due!) + 1 }]),
    });
    expect(codes(tooMuch)).toEqual(['ER-INVOICE-104']);
    const link = linkOf(h.db(), 'demo-otp');
    h.mock.repository.update('payment_links', link, {
      settings_override: { ...link.settings_override, show_pay_option: false },
    });
    const hidden = await h.call('POST', '/direct_payments/cc_avenue', {
      token: 'demo-otp',
      key: newKey(),
      body: payBody([{ id: (await collection(h, 'demo-otp')).data[0]!.id, amount: 10 }]),
    });
    expect(codes(hidden)).toEqual(['ER-PAY-101']);
    const { show_pay_option: _, ...override } = linkOf(h.db(), 'demo-otp').settings_override!;
    h.mock.repository.update('payment_links', link, { settings_override: override });
  });

  it('pays through the gateway page: order, page, success redirect, records, success answer', async () => {
    const token = 'demo-no-credit';
    const items = (await collection(h, token)).data.filter((i) => i.status === 'open');
    const [a, b] = items;
    const before = snapshot(h.db());
    const answer = await order(token, [
      { id: a!.id, amount: rupees(a!.balance_due!) },
      { id: b!.id, amount: 100.5 },
    ]);
    expect(answer.order_id).toMatch(/^CCA\d{8}/);
    expect(answer.payment_link_url).toBe(`${h.running.url}/fake-gateway/${answer.order_id}`);
    expect(snapshot(h.db())).toEqual({ ...before, orders: before.orders + 1 });
    const pending = await h.call('GET', `/direct_payments/cc_avenue_success?order_id=${answer.order_id}`, { token });
    expect(codes(pending)).toEqual(['ER-PAY-102']);

    const pageResponse = await fetch(answer.payment_link_url!, { headers: { Accept: 'text/html' } });
    expect(pageResponse.status).toBe(200);
    expect(pageResponse.headers.get('content-type')).toMatch(/text\/html/);
    const html = await pageResponse.text();
    const amount = a!.balance_due! + 100_50;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>Pay ₹[\d,]+\.\d{2} by UPI<\/h1>/);
    expect(html).toContain(`₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(amount / 100)}`);
    expect(html).toContain('>Pay successfully</button>');
    expect(html).toContain('>Fail payment</button>');

    const done = await submit(answer.payment_link_url!, 'success');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(
      `${APP_URL}/pay-with-provider-success?order_id=${answer.order_id}&success=true`,
    );
    const db = h.db();
    const record = db.gateway_orders.find((o) => o.order_id === answer.order_id)!;
    expect(record).toMatchObject({ status: 'success', amount, method: 'upi' });
    const payments = db.payments.filter((p) => record.payment_ids.includes(p.id));
    expect(payments.map((p) => [p.invoice_id, p.amount, p.source, p.utr_number])).toEqual([
      [Number(a!.id), a!.balance_due, 'pay', record.utr],
      [Number(b!.id), 100_50, 'pay', record.utr],
    ]);
    expect(invoiceById(db, a!.id)).toMatchObject({
      status: 'paid',
      closed_status: 'pending_settlement',
    } satisfies Partial<Invoice>);
    expect(invoiceById(db, b!.id)).toMatchObject({ status: 'partially_paid', amount_paid: 100_50 });

    const success = decode(
      PaymentSuccess,
      await h.call('GET', `/direct_payments/cc_avenue_success?order_id=${answer.order_id}`, { token }),
    );
    expect(success.data).toEqual({
      transation_number: record.utr,
      transation_date: record.completed_at,
      amount_paid: amount,
    });
    // The paid invoice is on the closed tab with the gateway's UTR.
    expect((await collection(h, token, 'closed')).data.find((i) => i.id === a!.id)?.payment_utr).toBe(record.utr);

    // Posting again changes nothing and lands on the same result.
    const count = db.payments.length;
    const again = await submit(answer.payment_link_url!, 'failure');
    expect(again.headers.get('location')).toContain('success=true');
    expect(db.payments.length).toBe(count);
    expect(await (await fetch(answer.payment_link_url!)).text()).toContain('This order is already paid.');
  });

  it('fails a payment on the gateway page: redirect with success=false, nothing recorded', async () => {
    const token = 'demo-no-credit';
    const item = (await collection(h, token)).data.find((i) => i.status === 'open')!;
    const answer = await order(token, [{ id: item.id, amount: 10 }], 'net_banking');
    expect(await (await fetch(answer.payment_link_url!)).text()).toContain('by Net banking</h1>');
    const before = snapshot(h.db());
    const failed = await submit(answer.payment_link_url!, 'failure');
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(
      `${APP_URL}/pay-with-provider-success?order_id=${answer.order_id}&success=false`,
    );
    expect(snapshot(h.db())).toEqual(before);
    const result = await h.call('GET', `/direct_payments/cc_avenue_success?order_id=${answer.order_id}`, { token });
    expect(codes(result)).toEqual(['ER-PAY-103']);
    expect((await submit(answer.payment_link_url!, 'maybe')).headers.get('location')).toContain('success=false');
  });

  it('fails an order whose document was paid meanwhile, so nothing is paid twice', async () => {
    const token = 'demo-no-credit';
    const item = (await collection(h, token)).data.find((i) => i.status === 'open')!;
    const full = [{ id: item.id, amount: rupees(item.balance_due!) }];
    const first = await order(token, full);
    const second = await order(token, full);
    expect((await submit(first.payment_link_url!, 'success')).headers.get('location')).toContain('success=true');
    expect((await submit(second.payment_link_url!, 'success')).headers.get('location')).toContain('success=false');
    const invoice = invoiceById(h.db(), item.id);
    expect(invoice.amount_paid).toBe(invoice.total);
    expect(h.db().gateway_orders.find((o) => o.order_id === second.order_id)?.failure_reason).toMatch(
      /paid in the meantime/,
    );
  });

  it('replays cc_avenue with the same key: one order', async () => {
    const token = 'demo-no-credit';
    const item = (await collection(h, token)).data.find((i) => i.status === 'open')!;
    const key = newKey();
    const body = payBody([{ id: item.id, amount: 5 }]);
    const orders = h.db().gateway_orders.length;
    const [one, two] = await Promise.all([
      h.call('POST', '/direct_payments/cc_avenue', { token, key, body }),
      h.call('POST', '/direct_payments/cc_avenue', { token, key, body }),
    ]);
    expect(one.body).toEqual(two.body);
    expect(h.db().gateway_orders.length).toBe(orders + 1);
  });

  it('answers cc_avenue_success only for the account’s own orders, and 404 for unknown ones', async () => {
    const token = 'demo-no-credit';
    const item = (await collection(h, token)).data.find((i) => i.status === 'open')!;
    const answer = await order(token, [{ id: item.id, amount: 1 }]);
    await submit(answer.payment_link_url!, 'success');
    expect(
      (await h.call('GET', `/direct_payments/cc_avenue_success?order_id=${answer.order_id}`, { token: 'demo-otp' }))
        .status,
    ).toBe(404);
    expect((await h.call('GET', '/direct_payments/cc_avenue_success?order_id=nope', { token })).status).toBe(404);
    expect((await h.call('GET', '/direct_payments/cc_avenue_success', { token })).status).toBe(422);
    expect(
      (await h.call('GET', `/direct_payments/cc_avenue_success?order_id=${answer.order_id}`, { token: null })).status,
    ).toBe(401);
    // The token is taken from the Authorization header only here (the spec puts none in this query).
    expect(
      (
        await h.call('GET', `/direct_payments/cc_avenue_success?order_id=${answer.order_id}&token=${token}`, {
          token: null,
        })
      ).status,
    ).toBe(401);
    expect((await fetch(`${h.running.url}/fake-gateway/nope`)).status).toBe(404);
  });
});

describe('persistence of pay-page changes', () => {
  it('keeps the random tokens of the seeded payment links across a restart, so their links keep working', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-pay-'));
    try {
      const seededTokens = (db: ReadonlyDb) =>
        db.payment_links.filter((l) => !l.token.startsWith('demo-')).map((l) => l.token);
      const first = await start(() => NOW, [], dir);
      const tokens = seededTokens(first.db());
      const live = first
        .db()
        .payment_links.find(
          (l) => l.status === 'pending' && !l.token.startsWith('demo-') && Date.parse(l.expires_at) > NOW.getTime(),
        )!;
      await first.running.close();
      const second = await start(() => NOW, [], dir);
      expect(seededTokens(second.db())).toEqual(tokens);
      expect((await second.call('GET', '/invoice_collection', { token: live.token })).status).toBe(200);
      await second.running.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps gateway payments, credit draws, idempotency keys and wrong OTP attempts across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-pay-'));
    try {
      const first = await start(() => NOW, [], dir);
      const item = (await collection(first, 'demo-no-credit')).data.find((i) => i.status === 'open')!;
      const key = newKey();
      const body = {
        direct_payment: { invoice_details: [{ id: item.id, user_requested_amount: 12.5 }], payment_method: 'upi' },
      };
      const order = decode(
        PaymentAnswer,
        await first.call('POST', '/direct_payments/cc_avenue', { token: 'demo-no-credit', key, body }),
        201,
      );
      await fetch(order.payment_link_url!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'outcome=success',
        redirect: 'manual',
      });
      const loanId = String(loanOf(first.db(), 'demo-otp').id);
      const sent = decode(
        SendOtpAnswer,
        await first.call('POST', '/communications/send_otp', {
          token: 'demo-otp',
          accept: V2,
          body: { data: { attributes: { loan_application_id: loanId } } },
        }),
      );
      const otp = /\b(\d{6})\b/.exec(first.db().mails.at(-1)!.body)![1]!;
      const attempt = {
        data: {
          attributes: {
            loan_application_id: loanId,
            otp: otp === '000000' ? '111111' : '000000',
            otp_reference_id: sent.data.otp_reference_id,
          },
        },
      };
      expect(
        codes(await first.call('POST', '/communications/verify_otp', { token: 'demo-otp', accept: V2, body: attempt })),
      ).toEqual(['ER-OTP-101']);
      await first.running.close();

      const second = await start(() => NOW, [], dir);
      const db = second.db();
      expect(db.gateway_orders.find((o) => o.order_id === order.order_id)?.status).toBe('success');
      expect(invoiceById(db, item.id).amount_paid).toBeGreaterThanOrEqual(12_50);
      expect(db.otps.find((o) => o.reference_id === sent.data.otp_reference_id)?.attempts).toBe(1);
      const replay = await second.call('POST', '/direct_payments/cc_avenue', { token: 'demo-no-credit', key, body });
      expect(replay.body).toEqual(order);
      await second.running.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
