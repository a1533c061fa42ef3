import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flattenData } from '../../src/api/client';
import {
  DistributorDetails,
  invoiceListCodec,
  invoiceStatsCodec,
  paymentListCodec,
  StarAnswer,
  type InvoiceList,
  type InvoiceStats,
  type PaymentList,
} from '../../src/api/codecs/invoices';
import { createMockServer, type RunningMock } from '../app';
import type { DistributorCompany, Drawdown, Invoice, LoanApplication, Payment, ReadonlyDb, StarResource } from '../db';
import { recordPayment } from '../pay';
import { demoAuthToken } from '../test-login';

/**
 * GET /invoices, /invoices/stats, /payments, /distributor_companies/details and POST
 * /resources/create_or_update against a small hand-built book of anchor 1 (and one row of anchor 1551
 * that must never show), on a fixed day. Every expected list and figure below was worked out by hand from
 * the table in `loadFixture`.
 */

const NOW = new Date('2026-11-22T10:00:00');
const mock = createMockServer({ clock: () => NOW, log: () => {} });
let running: RunningMock;
let token = '';
let otherToken = '';

const login = (email: string) => demoAuthToken(running.url, email);

beforeAll(async () => {
  running = await mock.listen(0);
  token = await login('t1@anchor.test');
  otherToken = await login('anchor1551@anchor.test');
});
afterAll(() => running.close());

// ---------------------------------------------------------------------------------------------------
// The fixture (today is 2026-11-22; rupees as written, paise in the rows)
// ---------------------------------------------------------------------------------------------------

const R = (rupees: number) => Math.round(rupees * 100);

function company(
  id: number,
  anchorId: number,
  name: string,
  region: DistributorCompany['region'],
  channelFinance: boolean,
  loanId: number | null,
): DistributorCompany {
  return {
    id,
    anchor_id: anchorId,
    name,
    customer_code: `CF${String(id).padStart(4, '0')}`,
    region,
    primary_user_name: name,
    primary_user_email: `c${id}@example.in`,
    primary_user_mobile: '9800000000',
    business_email: `accounts.c${id}@example.in`,
    mobile_number: '9800000000',
    company_address: { address_1: '1 Road', address_2: '', city: 'Pune', state: 'Maharashtra', pin_code: '411001' },
    account_details: [],
    application_status: loanId === null ? 'new_leads' : 'approved',
    risk_grading: 'L',
    eligibility_amount: R(500_000),
    channel_finance: channelFinance,
    virtual_account_number: `VA${id}000`,
    loan_application_id: loanId,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

function loan(
  id: number,
  companyId: number,
  sanctioned: number,
  utilised: number,
  extra: Partial<LoanApplication> = {},
): LoanApplication {
  return {
    id,
    anchor_id: 1,
    distributor_company_id: companyId,
    cust_id: `CUST${id}`,
    loan_account_no: `LAN${id}`,
    application_status: 'approved',
    loan_status: 'active',
    open_limit_customer: false,
    limit_sanctioned: R(sanctioned),
    limit_utilized: R(utilised),
    limit_expiry_date: '2027-06-30',
    sanction_date: '2026-01-01',
    is_blocked: false,
    ...extra,
  };
}

interface InvoiceSpec {
  id: number;
  companyId: number;
  number: string;
  due: string;
  total: number;
  paid?: number;
  status: Invoice['status'];
  closed?: Invoice['closed_status'];
  anchorId?: number;
}

function invoice(spec: InvoiceSpec, channelFinance: boolean): Invoice {
  const due = new Date(`${spec.due}T00:00:00Z`);
  const issued = new Date(due.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    id: spec.id,
    anchor_id: spec.anchorId ?? 1,
    distributor_company_id: spec.companyId,
    document_number: spec.number,
    erp_invoice_id: `ERP${spec.id}`,
    customer_code: `CF${String(spec.companyId).padStart(4, '0')}`,
    total: R(spec.total),
    amount_paid: R(spec.paid ?? 0),
    invoice_date: issued,
    due_date: spec.due,
    status: spec.status,
    channel_finance: channelFinance,
    virtual_account_number: `VA${spec.companyId}000`,
    creation_date: `${issued}T09:00:00.000Z`,
    ddr_status_date: spec.status === 'in-progress' ? [{ ddr_status: 'draft', date: '2026-11-21T08:00:00.000Z' }] : [],
    invoice_rejected_ddr: false,
    is_sales_order: false,
    pay_by_date: null,
    discount_amount: 0,
    closed_status: spec.closed ?? null,
  };
}

function payment(
  id: number,
  invoiceId: number,
  companyId: number,
  amount: number,
  source: Payment['source'],
  date: string,
  extra: Partial<Payment> = {},
): Payment {
  const settled = source !== 'pay';
  return {
    id,
    anchor_id: 1,
    invoice_id: invoiceId,
    distributor_company_id: companyId,
    amount: R(amount),
    payment_date: date,
    settlement_date: settled ? date : null,
    settlement_amount: settled ? R(amount) : 0,
    utr_number: `UTR${id}`,
    source,
    drawdown_id: null,
    status: 'paid',
    ...extra,
  };
}

const star = (
  id: number,
  type: StarResource['resource_type'],
  resourceId: number,
  starred = true,
  anchorId = 1,
): StarResource => ({
  id,
  anchor_id: anchorId,
  resource_type: type,
  resource_id: resourceId,
  starred,
});

/**
 * Anchor 1: C1 Rao Traders (north, channel finance, loan 101: 10 L sanctioned, 2 L used), C2 Iyer Agencies
 * (south, no loan), C3 Mehta & Sons (east, channel finance, loan 102: 3 L, 60 K used by drawdown 501),
 * C4 Blocked Co (west, loan 103 blocked). Anchor 1551: C9.
 *
 *   id  number   customer  due         overdue days  status          total   paid
 *    1  INV-A1   C1        2026-11-22     0          open           10,000      0
 *    2  INV-A2   C2        2026-11-22     0          partially_paid 20,000  5,000  (P1 pay, today)
 *    3  INV-A3   C1        2026-11-23    -1          open           30,000      0
 *    4  INV-A4   C3        2026-11-12    10          open           40,000      0   starred
 *    5  INV-A5   C2        2026-10-23    30          open           50,000      0   star row, unstarred
 *    6  INV-A6   C1        2026-10-22    31          partially_paid 60,000  4,000  (P2 outside 10-25 starred, P7 pay 07-01)
 *    7  INV-A7   C3        2026-08-23    91          open           70,000      0   starred
 *    8  INV-A8   C2        2026-08-24    90          open           80,000      0
 *    9  INV-A9   C1        2026-12-12   -20          in-progress    90,000      0   (draft DDR)
 *   10  INV-A10  C3        2026-10-01    52          paid (credit) 100,000 100,000 (P3 credit 10-01, drawdown 501 due 11-30) starred
 *   11  INV-A11  C2        2026-11-15     7          paid (pending)  8,000   8,000 (P4 pay 11-20)
 *   12  INV-A12  C1        2026-09-05    78          paid (settled) 12,000  12,000 (P5 outside 09-10)
 *   99  INV-X1   C9 (1551) 2026-11-22     0          partially_paid  5,000   1,000 (P9 pay today)
 */
function loadFixture(): ReadonlyDb {
  const db = mock.db();
  const companies = [
    company(1, 1, 'Rao Traders', 'north', true, 101),
    company(2, 1, 'Iyer Agencies', 'south', false, null),
    company(3, 1, 'Mehta & Sons', 'east', true, 102),
    company(4, 1, 'Blocked Co', 'west', false, 103),
    company(9, 1551, 'Other Anchor Co', 'west', false, null),
  ];
  const cf = new Map(companies.map((c) => [c.id, c.channel_finance]));
  const specs: InvoiceSpec[] = [
    { id: 1, companyId: 1, number: 'INV-A1', due: '2026-11-22', total: 10_000, status: 'open' },
    { id: 2, companyId: 2, number: 'INV-A2', due: '2026-11-22', total: 20_000, paid: 5_000, status: 'partially_paid' },
    { id: 3, companyId: 1, number: 'INV-A3', due: '2026-11-23', total: 30_000, status: 'open' },
    { id: 4, companyId: 3, number: 'INV-A4', due: '2026-11-12', total: 40_000, status: 'open' },
    { id: 5, companyId: 2, number: 'INV-A5', due: '2026-10-23', total: 50_000, status: 'open' },
    { id: 6, companyId: 1, number: 'INV-A6', due: '2026-10-22', total: 60_000, paid: 4_000, status: 'partially_paid' },
    { id: 7, companyId: 3, number: 'INV-A7', due: '2026-08-23', total: 70_000, status: 'open' },
    { id: 8, companyId: 2, number: 'INV-A8', due: '2026-08-24', total: 80_000, status: 'open' },
    { id: 9, companyId: 1, number: 'INV-A9', due: '2026-12-12', total: 90_000, status: 'in-progress' },
    {
      id: 10,
      companyId: 3,
      number: 'INV-A10',
      due: '2026-10-01',
      total: 100_000,
      paid: 100_000,
      status: 'paid',
      closed: 'credit',
    },
    {
      id: 11,
      companyId: 2,
      number: 'INV-A11',
      due: '2026-11-15',
      total: 8_000,
      paid: 8_000,
      status: 'paid',
      closed: 'pending_settlement',
    },
    {
      id: 12,
      companyId: 1,
      number: 'INV-A12',
      due: '2026-09-05',
      total: 12_000,
      paid: 12_000,
      status: 'paid',
      closed: 'settled',
    },
    {
      id: 99,
      companyId: 9,
      number: 'INV-X1',
      due: '2026-11-22',
      total: 5_000,
      paid: 1_000,
      status: 'partially_paid',
      anchorId: 1551,
    },
  ];
  const drawdown: Drawdown = {
    id: 501,
    drawdown_number: 'DDR0000501',
    loan_application_id: 102,
    distributor_company_id: 3,
    disbursement_date: '2026-10-01',
    status: 'completed',
    amount: R(100_000),
    utr: 'N501',
    due_date: '2026-11-30',
    invoice_ids: [10],
    principal_outstanding: R(60_000),
    interest_paid: 0,
    penal_paid: 0,
  };
  const { repository } = mock;
  repository.replace('distributor_companies', companies);
  repository.replace('loan_applications', [
    loan(101, 1, 1_000_000, 200_000),
    loan(102, 3, 300_000, 60_000),
    loan(103, 4, 100_000, 0, { is_blocked: true }),
  ]);
  repository.replace(
    'invoices',
    specs.map((s) => invoice(s, cf.get(s.companyId)!)),
  );
  repository.replace('payments', [
    payment(1, 2, 2, 5_000, 'pay', '2026-11-22'),
    payment(2, 6, 1, 3_000, 'erp_payment', '2026-10-25'),
    payment(3, 10, 3, 100_000, 'credit', '2026-10-01', { drawdown_id: 501 }),
    payment(4, 11, 2, 8_000, 'pay', '2026-11-20'),
    payment(5, 12, 1, 12_000, 'erp_payment', '2026-09-10'),
    payment(7, 6, 1, 1_000, 'pay', '2026-07-01', { settlement_date: '2026-07-02', settlement_amount: R(1_000) }),
    { ...payment(9, 99, 9, 1_000, 'pay', '2026-11-22'), anchor_id: 1551 },
  ]);
  repository.replace('drawdowns', [drawdown]);
  repository.replace('repayments', []);
  repository.replace('resources', [
    star(1, 'Invoice', 4),
    star(2, 'Invoice', 7),
    star(3, 'Invoice', 10),
    star(4, 'Invoice', 5, false),
    star(5, 'Payment', 2),
    star(6, 'Invoice', 99, true, 1551),
  ]);
  repository.replace('payment_links', []);
  const settings = db.anchor_settings.find((s) => s.anchor_id === 1)!;
  const { show_virtual_account_number: _, ...otherSettings } = settings.settings;
  repository.update('anchor_settings', settings, { settings: otherSettings });
  for (const anchor of db.anchors) repository.update('anchors', anchor, { last_invoices_upload: null });
  return db;
}

beforeEach(() => {
  loadFixture();
});

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: Record<string, unknown> & { errors?: { code: string; title?: string; detail: string }[] };
  text: string;
  headers: Headers;
}

async function get(path: string, auth: string | null = token): Promise<Answer> {
  const response = await fetch(`${running.url}${path}`, { headers: auth === null ? {} : { Authorization: auth } });
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    body: json ? (JSON.parse(text) as Answer['body']) : {},
    text,
    headers: response.headers,
  };
}

async function post(path: string, body: unknown, auth: string | null = token): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (auth !== null) headers.Authorization = auth;
  const response = await fetch(`${running.url}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Answer['body'], text, headers: response.headers };
}

/** Decodes a 200 answer as the client does (flatten, then the codec), failing the test on a mismatch. */
function decode<A>(codec: { decode: (u: unknown) => { _tag: string } }, answer: Answer): A {
  expect(answer.status, answer.text.slice(0, 500)).toBe(200);
  const result = codec.decode(flattenData(answer.body)) as
    { _tag: 'Right'; right: A } | { _tag: 'Left'; left: unknown };
  if (result._tag === 'Left') throw new Error(`does not decode: ${JSON.stringify(result.left).slice(0, 500)}`);
  return result.right;
}

const invoiceList = async (query: string) =>
  decode<InvoiceList>(invoiceListCodec('provider'), await get(`/invoices?${query}`));
const paymentList = async (query: string) =>
  decode<PaymentList>(paymentListCodec('provider'), await get(`/payments?${query}`));
const invoiceIds = async (query: string) => (await invoiceList(`${query}&items=100`)).data.map((r) => Number(r.id));
const paymentIds = async (query: string) => (await paymentList(`${query}&items=100`)).data.map((r) => Number(r.id));

const DUE = 'filter[status_in][]=open&filter[status_in][]=partially_paid';
const overdue = (days: number, criteria: string) =>
  `${DUE}&filter[overdue_by_days]=${days}&filter[overdue_criteria]=${criteria}`;

// ---------------------------------------------------------------------------------------------------
// GET /invoices
// ---------------------------------------------------------------------------------------------------

describe('GET /invoices: the due filters of spec §4', () => {
  it('Open (and no filter at all): open and part-paid invoices, oldest due first', async () => {
    expect(await invoiceIds(DUE)).toEqual([7, 8, 6, 5, 4, 1, 2, 3]);
    expect(await invoiceIds('')).toEqual([7, 8, 6, 5, 4, 1, 2, 3]);
  });

  it('Due Today: overdue days = 0', async () => {
    expect(await invoiceIds(overdue(0, 'eq'))).toEqual([1, 2]);
  });

  it('Not Overdue: overdue days <= 0', async () => {
    expect(await invoiceIds(overdue(0, 'lteq'))).toEqual([1, 2, 3]);
  });

  it('<30: overdue days <= 30 (30 days is in, 31 out; as the spec words it, not-yet-due ones too)', async () => {
    expect(await invoiceIds(overdue(30, 'lteq'))).toEqual([5, 4, 1, 2, 3]);
  });

  it('30+, 60+, 90+: overdue days > 30, > 60, > 90 (90 days exactly is not 90+)', async () => {
    expect(await invoiceIds(overdue(30, 'gt'))).toEqual([7, 8, 6]);
    expect(await invoiceIds(overdue(60, 'gt'))).toEqual([7, 8]);
    expect(await invoiceIds(overdue(90, 'gt'))).toEqual([7]);
  });

  it('In-Progress: status in-progress', async () => {
    expect(await invoiceIds('filter[status_in][]=in-progress')).toEqual([9]);
  });

  it('Starred: only starred invoices of the asked statuses (the paid starred one and the unstarred row stay out)', async () => {
    expect(
      await invoiceIds(
        'filter[status_in][]=open&filter[status_in][]=partially_paid&filter[status_in][]=in-progress&filter[resource_starred_eq]=true',
      ),
    ).toEqual([7, 4]);
    expect(await invoiceIds(`${DUE}&filter[resource_starred_eq]=false`)).toEqual([8, 6, 5, 1, 2, 3]);
  });

  it('Closed: paid invoices, and the closed-status filter (credit, pay, settled, pending settlement)', async () => {
    expect(await invoiceIds('filter[status_in][]=paid')).toEqual([12, 10, 11]);
    expect(await invoiceIds('filter[status_in][]=paid&filter[closed_status]=all')).toEqual([12, 10, 11]);
    expect(await invoiceIds('filter[status_in][]=paid&filter[closed_status]=credit')).toEqual([10]);
    expect(await invoiceIds('filter[status_in][]=paid&filter[closed_status]=pay')).toEqual([]);
    expect(await invoiceIds('filter[status_in][]=paid&filter[closed_status]=settled')).toEqual([12]);
    expect(await invoiceIds('filter[status_in][]=paid&filter[closed_status]=pending_settlement')).toEqual([11]);
  });

  it('channel finance 1 / 0 / all', async () => {
    expect(await invoiceIds(`${DUE}&filter[channel_finance]=1`)).toEqual([7, 6, 4, 1, 3]);
    expect(await invoiceIds(`${DUE}&filter[channel_finance]=0`)).toEqual([8, 5, 2]);
    expect(await invoiceIds(`${DUE}&filter[channel_finance]=all`)).toEqual([7, 8, 6, 5, 4, 1, 2, 3]);
    expect(await invoiceIds(`${overdue(30, 'gt')}&filter[channel_finance]=1`)).toEqual([7, 6]);
  });

  it('region, alone and with a due filter', async () => {
    expect(await invoiceIds(`${DUE}&filter[distributor_company_region_eq]=north`)).toEqual([6, 1, 3]);
    expect(await invoiceIds(`${DUE}&filter[distributor_company_region_eq]=south`)).toEqual([8, 5, 2]);
    expect(await invoiceIds(`${DUE}&filter[distributor_company_region_eq]=west`)).toEqual([]);
    expect(await invoiceIds(`${overdue(0, 'eq')}&filter[distributor_company_region_eq]=south`)).toEqual([2]);
    expect(await invoiceIds(`${DUE}&filter[distributor_company_region_eq]=all`)).toHaveLength(8);
  });

  it('search: invoice number or customer name, any case, with the other filters', async () => {
    expect(await invoiceIds(`${DUE}&filter[search_keyword]=rAO`)).toEqual([6, 1, 3]);
    expect(await invoiceIds(`${DUE}&filter[search_keyword]=inv-a4`)).toEqual([4]);
    // INV-A1 also prefixes INV-A10..A12, which are paid and so not in the due list.
    expect(await invoiceIds(`${DUE}&filter[search_keyword]=INV-A1`)).toEqual([1]);
    expect(await invoiceIds('filter[status_in][]=paid&filter[search_keyword]=INV-A1')).toEqual([12, 10, 11]);
    expect(await invoiceIds(`${overdue(30, 'gt')}&filter[search_keyword]=mehta`)).toEqual([7]);
    expect(await invoiceIds(`${DUE}&filter[search_keyword]=Other Anchor`)).toEqual([]);
  });

  it('one customer’s invoices (distributor_company_id)', async () => {
    expect(await invoiceIds(`${DUE}&filter[distributor_company_id]=2`)).toEqual([8, 5, 2]);
  });

  it('never shows another anchor’s invoices', async () => {
    const other = await get(`/invoices?${overdue(0, 'eq')}`, otherToken);
    expect((other.body.data as { id: string }[]).map((r) => r.id)).toEqual(['99']);
  });

  it('pages 10 a page with pagy; items asks for fewer; a page past the end is empty', async () => {
    const all = 'filter[status_in]=open,partially_paid,in-progress,paid';
    const first = await invoiceList(all);
    expect(first.data).toHaveLength(10);
    expect(first.pagy).toEqual({ count: 12, page: 1, items: 10, pages: 2, from: 1, to: 10, prev: null, next: 2 });
    const second = await invoiceList(`${all}&page=2`);
    expect(second.data.map((r) => Number(r.id))).toEqual([3, 9]);
    expect(second.pagy).toEqual({ count: 12, page: 2, items: 10, pages: 2, from: 11, to: 12, prev: 1, next: null });
    const small = await invoiceList(`${DUE}&items=3&page=2`);
    expect(small.data.map((r) => Number(r.id))).toEqual([5, 4, 1]);
    expect(small.pagy).toEqual({ count: 8, page: 2, items: 3, pages: 3, from: 4, to: 6, prev: 1, next: 3 });
    const past = await invoiceList(`${DUE}&page=5`);
    expect(past.data).toEqual([]);
    expect(past.pagy).toMatchObject({ count: 8, from: 0, to: 0, next: null, prev: 1 });
  });

  it('meta: total due, invoices and customers over every matching row (not the page), and the page’s figures', async () => {
    const today = await invoiceList(overdue(0, 'eq'));
    expect(today.meta).toEqual({
      total_due: R(25_000),
      no_of_invoices: 2,
      no_of_customers: 2,
      last_invoices_upload: '2026-11-12T09:00:00.000Z',
      show_virtual_account_number: false,
      active_links: 0,
      links_generated: 0,
      links_total_due: 0,
      customers: 0,
      total_payment_links: 0,
    });
    const open = await invoiceList(`${DUE}&items=2`);
    expect(open.data).toHaveLength(2);
    expect(open.meta).toMatchObject({
      total_due: R(10_000 + 15_000 + 30_000 + 40_000 + 50_000 + 56_000 + 70_000 + 80_000),
      no_of_invoices: 8,
      no_of_customers: 3,
    });
    const starred = await invoiceList(`${DUE}&filter[resource_starred_eq]=true`);
    expect(starred.meta).toMatchObject({ total_due: R(110_000), no_of_invoices: 2, no_of_customers: 1 });
    const searched = await invoiceList(`${DUE}&filter[search_keyword]=iyer`);
    expect(searched.meta).toMatchObject({
      total_due: R(15_000 + 50_000 + 80_000),
      no_of_invoices: 3,
      no_of_customers: 1,
    });
  });

  it('last_invoices_upload: the later of the anchor’s last CSV upload and its newest shared invoice (manual ones aside)', async () => {
    const manual = invoice(
      { id: 14, companyId: 1, number: 'MAN-1', due: '2026-12-21', total: 500, status: 'open' },
      true,
    );
    mock.repository.insert('invoices', { ...manual, is_manual: true });
    expect((await invoiceList(DUE)).meta.last_invoices_upload).toBe('2026-11-12T09:00:00.000Z');
    mock.repository.update('anchors', 1, { last_invoices_upload: '2026-11-20T06:30:00.000Z' });
    expect((await invoiceList(DUE)).meta.last_invoices_upload).toBe('2026-11-20T06:30:00.000Z');
    mock.repository.update('anchors', 1, { last_invoices_upload: '2026-01-01T00:00:00.000Z' });
    expect((await invoiceList(DUE)).meta.last_invoices_upload).toBe('2026-11-12T09:00:00.000Z');
  });

  it('figures the create-links card over the links generated to date: active, generated, still due on their invoices, customers; and the last 60 days', async () => {
    const link = (
      id: number,
      companyId: number,
      status: 'paid' | 'pending' | 'expired',
      created: string,
      expires: string,
      invoiceIds: number[],
    ) => ({
      id,
      anchor_id: 1,
      distributor_company_id: companyId,
      invoice_ids: invoiceIds,
      token: `t${id}`,
      mode_of_communication: ['sms' as const],
      status,
      created_at: created,
      expires_at: expires,
    });
    mock.repository.replace('payment_links', [
      link(1, 1, 'pending', '2026-11-20T00:00:00.000Z', '2026-11-27T00:00:00.000Z', [1, 3]),
      link(2, 1, 'pending', '2026-11-01T00:00:00.000Z', '2026-11-08T00:00:00.000Z', [1, 6, 9]),
      link(3, 2, 'paid', '2026-10-01T00:00:00.000Z', '2026-10-08T00:00:00.000Z', [11]),
      link(4, 3, 'expired', '2026-08-01T00:00:00.000Z', '2026-08-08T00:00:00.000Z', [7, 10]),
      { ...link(5, 9, 'pending', '2026-11-20T00:00:00.000Z', '2026-11-27T00:00:00.000Z', [99]), anchor_id: 1551 },
    ]);
    // Still due: INV-A1 once (two links name it), A3, A6's balance and A7; paid A10 and A11, in-progress A9 and
    // the other anchor's X1 owe nothing here.
    const linksDue = R(10_000 + 30_000 + 56_000 + 70_000);
    expect((await invoiceList(DUE)).meta).toMatchObject({
      active_links: 1,
      links_generated: 4,
      links_total_due: linksDue,
      customers: 3,
      total_payment_links: 3,
    });
    // The same figures whatever the list's filter: they belong to the links, not to the listed invoices.
    expect((await invoiceList(overdue(0, 'eq'))).meta).toMatchObject({ links_total_due: linksDue, customers: 3 });
    // A payment lowers it at once.
    const paid = mock.db().invoices.find((inv) => inv.id === 7)!;
    recordPayment(mock.repository, paid, R(20_000), 'pay', { utr: 'UTRLINK', now: NOW.getTime(), drawdownId: null });
    expect((await invoiceList(DUE)).meta.links_total_due).toBe(linksDue - R(20_000));
  });

  it('an invoice row carries the spec’s fields, product-keyed names included', async () => {
    const raw = await get('/invoices?filter[status_in][]=paid&filter[closed_status]=credit');
    const attributes = (raw.body.data as { attributes: Record<string, unknown> }[])[0]!.attributes;
    expect(attributes).toMatchObject({
      document_number: 'INV-A10',
      status: 'paid',
      closed_status: 'credit',
      overdue_by_days: 52,
      due_with_provider: 60_000,
      collected_outside_provider: 0,
      latest_payment_source: 'provider_credit',
      latest_payment_utr_number: 'UTR3',
      approved_limit: 300_000,
      available_limit: 240_000,
      balance_amount: 0,
      balance_amount_percent: 0,
      channel_finance: true,
      distributor_company: { id: 3, name: 'Mehta & Sons', business_email: 'accounts.c3@example.in' },
      resource: { starred: true },
    });
    const six = (await invoiceList(`${DUE}&filter[search_keyword]=INV-A6`)).data[0]!;
    expect(six).toMatchObject({
      balance_amount: R(56_000),
      amount_paid: R(4_000),
      balance_amount_percent: 93.33,
      collected_outside_product: R(3_000),
      latest_payment_source: 'erp_payment',
      latest_payment_settlement_date: '2026-10-25',
      overdue_by_days: 31,
      approved_limit: R(1_000_000),
      available_limit: R(800_000),
    });
    const two = (await invoiceList(`${overdue(0, 'eq')}&filter[search_keyword]=INV-A2`)).data[0]!;
    expect(two).toMatchObject({
      approved_limit: null,
      available_limit: null,
      latest_payment_source: 'pay',
      latest_payment_settlement_date: null,
    });
    const nine = (await invoiceList('filter[status_in][]=in-progress')).data[0]!;
    expect(nine.ddr_status_date).toEqual([{ ddr_status: 'draft', date: '2026-11-21T08:00:00.000Z' }]);
    expect(nine.overdue_by_days).toBe(-20);
  });

  it('refuses unknown filters and short searches with 422, naming the parameter', async () => {
    const cases: [string, string][] = [
      ['filter[status_in][]=closed', 'status_in'],
      ['filter[overdue_by_days]=abc', 'overdue_by_days'],
      ['filter[overdue_by_days]=3&filter[overdue_criteria]=between', 'overdue_criteria'],
      ['filter[overdue_criteria]=gt', 'overdue_by_days'],
      ['filter[channel_finance]=yes', 'channel_finance'],
      ['filter[distributor_company_region_eq]=central', 'distributor_company_region_eq'],
      ['filter[closed_status]=refunded', 'closed_status'],
      ['filter[resource_starred_eq]=maybe', 'resource_starred_eq'],
      ['filter[search_keyword]=ra', 'search_keyword'],
      ['page=0', 'page'],
      ['items=101', 'items'],
      ['filter[download_as_csv]=perhaps', 'download_as_csv'],
    ];
    for (const [query, field] of cases) {
      const answer = await get(`/invoices?${query}`);
      expect(answer.status, query).toBe(422);
      expect(
        answer.body.errors?.map((e) => e.title),
        query,
      ).toContain(field);
    }
  });

  it('needs a valid token', async () => {
    expect((await get('/invoices', null)).status).toBe(401);
    const bad = await get('/invoices', 'at_not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.body.errors?.[0]?.code).toBe('ER-AUTH-102');
  });
});

// ---------------------------------------------------------------------------------------------------
// GET /payments
// ---------------------------------------------------------------------------------------------------

describe('GET /payments: collections', () => {
  it('every payment of the anchor, newest first', async () => {
    expect(await paymentIds('')).toEqual([1, 4, 2, 3, 5, 7]);
  });

  it('Today, Last 30, 60 and 90 days (N days back to today, both ends in)', async () => {
    expect(await paymentIds('filter[payment_date_in_days]=0')).toEqual([1]);
    expect(await paymentIds('filter[payment_date_in_days]=2')).toEqual([1, 4]);
    expect(await paymentIds('filter[payment_date_in_days]=30')).toEqual([1, 4, 2]);
    expect(await paymentIds('filter[payment_date_in_days]=60')).toEqual([1, 4, 2, 3]);
    expect(await paymentIds('filter[payment_date_in_days]=90')).toEqual([1, 4, 2, 3, 5]);
  });

  it('Starred, with no date filter; status_in paid is accepted', async () => {
    expect(await paymentIds('filter[starred]=true&filter[status_in][]=paid')).toEqual([2]);
    expect(await paymentIds('filter[starred]=true&filter[payment_date_in_days]=0')).toEqual([]);
    expect(await paymentIds('filter[starred]=false')).toEqual([1, 4, 3, 5, 7]);
  });

  it('region and search (invoice number or customer name), alone and together', async () => {
    expect(await paymentIds('filter[region]=north')).toEqual([2, 5, 7]);
    expect(await paymentIds('filter[region]=north&filter[payment_date_in_days]=30')).toEqual([2]);
    expect(await paymentIds('filter[search_keyword]=IYER')).toEqual([1, 4]);
    expect(await paymentIds('filter[search_keyword]=inv-a10')).toEqual([3]);
    expect(await paymentIds('filter[search_keyword]=inv-a6&filter[payment_date_in_days]=30')).toEqual([2]);
  });

  it('meta: collection figures over every matching payment', async () => {
    const list = await paymentList('filter[payment_date_in_days]=30&items=1');
    expect(list.data).toHaveLength(1);
    expect(list.pagy).toMatchObject({ count: 3, pages: 3, next: 2 });
    expect(list.meta).toEqual({ total_collected_amount: R(16_000), no_of_invoices: 3, no_of_customers: 2 });
    const searched = await paymentList('filter[search_keyword]=iyer');
    expect(searched.meta).toEqual({ total_collected_amount: R(13_000), no_of_invoices: 2, no_of_customers: 1 });
  });

  it('a payment record: the invoice, drawdown due date with Due In / Overdue By, source and Received outside', async () => {
    const [credit] = (await paymentList('filter[search_keyword]=inv-a10')).data;
    expect(credit).toMatchObject({
      id: '3',
      distributor_company: { name: 'Mehta & Sons' },
      invoice: {
        document_number: 'INV-A10',
        total: R(100_000),
        invoice_date: '2026-09-01',
        status: 'paid',
        customer_code: 'CF0003',
      },
      drawdown_due_date: '2026-11-30',
      due_in_days: 8,
      overdue_by_days: null,
      amount: R(100_000),
      source: 'credit',
      received_outside: false,
      balance_due: 0,
      channel_finance: true,
    });
    const raw = await get('/payments?filter[region]=north&items=1');
    expect((raw.body.data as { attributes: Record<string, unknown> }[])[0]!.attributes).toMatchObject({
      source: 'erp_payment',
      received_outside: true,
      resource: { starred: true },
      settlement_date: '2026-10-25',
    });
    const pay = await get('/payments?filter[payment_date_in_days]=0');
    expect((pay.body.data as { attributes: Record<string, unknown> }[])[0]!.attributes).toMatchObject({
      source: 'provider_pay',
      settlement_date: null,
    });
  });

  it('refuses bad filters with 422 and needs a token', async () => {
    for (const [query, field] of [
      ['filter[payment_date_in_days]=-1', 'payment_date_in_days'],
      ['filter[payment_date_in_days]=week', 'payment_date_in_days'],
      ['filter[status_in][]=open', 'status_in'],
      ['filter[starred]=yes', 'starred'],
      ['filter[region]=central', 'region'],
      ['filter[search_keyword]=ab', 'search_keyword'],
    ] as const) {
      const answer = await get(`/payments?${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors?.map((e) => e.title)).toContain(field);
    }
    expect((await get('/payments', null)).status).toBe(401);
    expect((await get('/payments', otherToken)).body.data).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------
// Stats and the utilisation card
// ---------------------------------------------------------------------------------------------------

describe('GET /invoices/stats', () => {
  const stats = async (query: string) =>
    decode<{ data: InvoiceStats }>(invoiceStatsCodec('provider'), await get(`/invoices/stats?${query}`)).data;

  it('box 1 over the invoices dated in the window: shared, cleared, and cleared by credit, by pay and outside (adding up)', async () => {
    const s = await stats('invoices_summary_from=2025-11-23&invoices_summary_to=2026-11-22&invoice_box=yearly');
    expect(s.invoices_summary).toEqual({
      shared_invoice_count: 12,
      shared_invoice_total_amount: R(450_000 + 100_000 + 8_000 + 12_000),
      cleared_invoice_count: 3,
      total_cleared_amount: R(120_000),
      cleared_using_credit: R(100_000), // INV-A10
      cleared_using_pay: R(8_000), // INV-A11
      cleared_outside: R(12_000), // INV-A12, an ERP payment
    });
    // Monthly (the default box): invoices dated 2026-11-01..22 are INV-A9 only (invoice date 11-12).
    const month = await stats('');
    expect(month.invoices_summary).toMatchObject({
      shared_invoice_count: 1,
      shared_invoice_total_amount: R(90_000),
      total_cleared_amount: 0,
    });
  });

  it('box 2: outstanding balances today, in disjoint parts that add up (not overdue, 1-30, 30+, in-progress) and 90+ inside 30+', async () => {
    const o = (await stats('')).overdue_invoices_summary;
    expect(o).toEqual({
      total_overdue_invoices_amount: R(441_000),
      // Open and part-paid, as the due filters: A1, A2 (due today), A3 (tomorrow).
      regular_open_invoices_amount: R(10_000 + 15_000 + 30_000),
      overdue_invoices_amount_upto_30_days: R(40_000 + 50_000), // A4 (10 days), A5 (30 days)
      overdue_invoices_amount_30_days: R(56_000 + 70_000 + 80_000), // A6 (31), A7 (91), A8 (90)
      overdue_invoices_amount_90_days: R(70_000), // A7
      in_progress_invoices_amount: R(90_000), // A9, not yet due
    });
    expect(
      o.regular_open_invoices_amount +
        o.overdue_invoices_amount_upto_30_days! +
        o.overdue_invoices_amount_30_days +
        o.in_progress_invoices_amount!,
    ).toBe(o.total_overdue_invoices_amount);
  });

  it('box 3: available limits of usable loans, and the part backed by invoices not yet overdue', async () => {
    expect((await stats('')).available_limits_summary).toEqual({
      total_available_limit: R(1_040_000),
      avl_limit_pertaining_for_open_invoices: R(40_000),
    });
  });

  it('charts: yearly month rows and monthly Week N rows, split credit versus pay, product-keyed on the wire', async () => {
    const raw = await get(
      '/invoices/stats?shared_type=yearly&cleared_type=monthly&cleared_invoices_graph_from=2026-10-01&cleared_invoices_graph_to=2026-10-31',
    );
    const data = raw.body.data as Record<string, { filter_information: Record<string, unknown>[] }>;
    const shared = data.shared_invoices_graph_data!.filter_information;
    // The default yearly window 2025-11-23..2026-11-22: 13 calendar months, oldest first, each with its year.
    expect(shared.map((m) => `${String(m.month)} ${String(m.year)}`)).toEqual([
      'Nov 2025',
      'Dec 2025',
      'Jan 2026',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026',
      'May 2026',
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
    ]);
    // Invoice dates are due - 30: Jul 24 (A7), Jul 25 (A8), Aug 6 (A12), Sep 1 (A10), Sep 22 (A6), Sep 23 (A5), Oct 13 (A4), Oct 16 (A11),
    // Oct 23 (A1, A2), Oct 24 (A3), Nov 12 (A9).
    const none = { paid_using_provider_credit: 0, paid_using_provider_pay: 0, paid_outside_provider: 0 };
    expect(shared[8]).toEqual({ month: 'Jul', year: 2026, count: 2, total_amount: 150_000, ...none });
    // A6 (Sep 22) was part-paid: 1,000 by pay and 3,000 outside.
    expect(shared[10]).toEqual({
      month: 'Sep',
      year: 2026,
      count: 3,
      total_amount: 210_000,
      paid_using_provider_credit: 100_000,
      paid_using_provider_pay: 1_000,
      paid_outside_provider: 3_000,
    });
    expect(shared[11]).toEqual({
      month: 'Oct',
      year: 2026,
      count: 5,
      total_amount: 108_000,
      ...none,
      paid_using_provider_pay: 13_000,
    });
    expect(shared[9]).toEqual({
      month: 'Aug',
      year: 2026,
      count: 1,
      total_amount: 12_000,
      ...none,
      paid_outside_provider: 12_000,
    }); // A12
    const cleared = data.cleared_invoices_graph_data!.filter_information;
    // October 2026 has 31 days: 5 weeks; its only paid invoice is INV-A11 (Oct 16, week 3).
    expect(cleared).toEqual([
      {
        weekly_data: [1, 2, 3, 4, 5].map((week) => ({
          week,
          count: week === 3 ? 1 : 0,
          total_amount: week === 3 ? 8_000 : 0,
          paid_using_provider_credit: 0,
          paid_using_provider_pay: week === 3 ? 8_000 : 0,
          paid_outside_provider: 0,
        })),
      },
    ]);
    const decoded = decode<{ data: InvoiceStats }>(invoiceStatsCodec('provider'), raw).data;
    const weeks = decoded.cleared_invoices_graph_data.filter_information[0];
    expect(weeks && 'weekly_data' in weeks ? weeks.weekly_data[2] : null).toEqual({
      week: 3,
      count: 1,
      total_amount: R(8_000),
      paid_using_credit: 0,
      paid_using_pay: R(8_000),
      paid_outside: 0,
    });
    expect(decoded.shared_invoices_graph_data.filter_information[10]).toEqual({
      month: 'Sep',
      year: 2026,
      count: 3,
      total_amount: R(210_000),
      paid_using_credit: R(100_000),
      paid_using_pay: R(1_000),
      paid_outside: R(3_000),
    });
  });

  it('refuses bad windows and types with 422 and needs a token', async () => {
    for (const [query, field] of [
      ['invoice_box=weekly', 'invoice_box'],
      ['shared_type=daily', 'shared_type'],
      ['invoices_summary_from=2026-02-30&invoices_summary_to=2026-03-01', 'invoices_summary_from'],
      ['shared_invoices_graph_from=2026-11-22&shared_invoices_graph_to=2026-11-01', 'shared_invoices_graph_to'],
      ['cleared_invoices_graph_from=2026-11-01', 'cleared_invoices_graph_to'],
    ] as const) {
      const answer = await get(`/invoices/stats?${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors?.map((e) => e.title)).toContain(field);
    }
    expect((await get('/invoices/stats', null)).status).toBe(401);
  });
});

describe('GET /distributor_companies/details', () => {
  it('available for drawdown, and for customers with receivables 30+ and 90+ days overdue', async () => {
    const answer = decode<{ data: unknown }>(DistributorDetails, await get('/distributor_companies/details'));
    // C1 (8 L available, 31 days overdue) and C3 (2.4 L, 91 days); C2 has no loan; C4's loan is blocked.
    expect(answer.data).toEqual({
      total_available_limit_for_drawdown: R(1_040_000),
      available_for_overdue_by_30: R(1_040_000),
      available_for_overdue_by_90: R(240_000),
    });
    expect((await get('/distributor_companies/details', null)).status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------------
// Stars
// ---------------------------------------------------------------------------------------------------

describe('POST /resources/create_or_update', () => {
  const starredInvoices = () =>
    invoiceIds('filter[status_in]=open,partially_paid,in-progress&filter[resource_starred_eq]=true');

  it('stars and unstars invoices, and the Starred filter follows at once', async () => {
    const on = await post('/resources/create_or_update', {
      resource: { resource_type: 'Invoice', resource_id: 5, starred: true },
    });
    expect(decode<StarAnswer>(StarAnswer, on).data).toEqual({
      id: '4',
      resource_type: 'Invoice',
      resource_id: '5',
      starred: true,
    });
    expect(await starredInvoices()).toEqual([7, 5, 4]);
    const off = await post('/resources/create_or_update', {
      resource: { resource_type: 'Invoice', resource_id: '7', starred: 'false' },
    });
    expect(off.status).toBe(200);
    expect(await starredInvoices()).toEqual([5, 4]);
    expect((await invoiceList(`${overdue(90, 'gt')}`)).data[0]?.resource.starred).toBe(false);
  });

  it('creates the resource row the first time, and only once', async () => {
    const before = mock.db().resources.length;
    for (let i = 0; i < 2; i++) {
      const answer = await post('/resources/create_or_update', {
        resource: { resource_type: 'Payment', resource_id: 4, starred: true },
      });
      expect(answer.status).toBe(200);
    }
    expect(mock.db().resources.length).toBe(before + 1);
    expect(mock.db().resources.at(-1)).toEqual({
      id: 7,
      anchor_id: 1,
      resource_type: 'Payment',
      resource_id: 4,
      starred: true,
    });
    expect(await paymentIds('filter[starred]=true')).toEqual([4, 2]);
  });

  it('refuses a bad body with 422 naming each field, and changes nothing', async () => {
    const snapshot = JSON.stringify(mock.db().resources);
    const missing = await post('/resources/create_or_update', { starred: true });
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.[0]?.title).toBe('resource');
    const bad = await post('/resources/create_or_update', {
      resource: { resource_type: 'Customer', resource_id: 'x1', starred: 'maybe' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((e) => e.title).sort()).toEqual(['resource_id', 'resource_type', 'starred']);
    const malformed = await post('/resources/create_or_update', '{"resource": ');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(mock.db().resources)).toBe(snapshot);
  });

  it('answers 404 for an unknown invoice or payment, or one of another anchor', async () => {
    for (const resource of [
      { resource_type: 'Invoice', resource_id: 999, starred: true },
      { resource_type: 'Invoice', resource_id: 99, starred: false },
      { resource_type: 'Payment', resource_id: 9, starred: true },
    ]) {
      const answer = await post('/resources/create_or_update', { resource });
      expect(answer.status).toBe(404);
      expect(answer.body.errors?.[0]?.code).toBe('ER-NOT-FOUND');
    }
    expect(mock.db().resources.find((r) => r.resource_id === 99)?.starred).toBe(true);
  });

  it('needs a valid token', async () => {
    const body = { resource: { resource_type: 'Invoice', resource_id: 5, starred: true } };
    expect((await post('/resources/create_or_update', body, null)).status).toBe(401);
    const expired = await post('/resources/create_or_update', body, 'at_bogus');
    expect(expired.status).toBe(401);
    expect(expired.body.errors?.[0]?.code).toBe('ER-AUTH-102');
    expect(mock.db().resources.find((r) => r.resource_type === 'Invoice' && r.resource_id === 5)?.starred).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------
// Staying current when the data changes
// ---------------------------------------------------------------------------------------------------

describe('the indexes follow changes to the data', () => {
  it('a payment recorded by the pay page moves the invoice out of Due Today and into Today’s collections', async () => {
    expect(await invoiceIds(overdue(0, 'eq'))).toEqual([1, 2]);
    const db = mock.db();
    recordPayment(
      mock.repository,
      db.invoices.find((inv) => inv.id === 1)!,
      R(10_000),
      'pay',
      { utr: 'UTRNEW', now: NOW.getTime(), drawdownId: null },
    );
    expect(await invoiceIds(overdue(0, 'eq'))).toEqual([2]);
    expect(await invoiceIds('filter[status_in][]=paid&filter[closed_status]=pending_settlement')).toEqual([11, 1]);
    expect(await paymentIds('filter[payment_date_in_days]=0')).toEqual([10, 1]);
    expect((await invoiceList(overdue(0, 'eq'))).meta.total_due).toBe(R(15_000));
  });

  it('an appended invoice (an upload) shows in its filters; an edit through the repository shows in the next list', async () => {
    mock.repository.insert(
      'invoices',
      invoice({ id: 13, companyId: 2, number: 'INV-A13', due: '2026-11-22', total: 1_000, status: 'open' }, false),
    );
    expect(await invoiceIds(overdue(0, 'eq'))).toEqual([1, 2, 13]);
    mock.repository.update('invoices', 13, { due_date: '2026-08-01' });
    expect(await invoiceIds(overdue(0, 'eq'))).toEqual([1, 2]);
    expect(await invoiceIds(overdue(90, 'gt'))).toEqual([13, 7]);
  });
});

// ---------------------------------------------------------------------------------------------------
// CSV export
// ---------------------------------------------------------------------------------------------------

const csvRows = (text: string) =>
  Papa.parse<string[]>(text, { newline: '\r\n', delimiter: ',' }).data.filter(
    (row) => !(row.length === 1 && row[0] === ''),
  );

describe('Download Report (CSV)', () => {
  it('exports every matching invoice in the chosen columns and order, not just one page', async () => {
    const answer = await get(
      `/invoices?${overdue(30, 'gt')}&items=1&page=2&filter[download_as_csv]=true&headers_accepted=document_number,customer_name,balance_amount`,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Invoices-2026-11-22.csv"');
    expect(answer.text).toBe(
      'Invoice Number,Customer Name,Balance Amount\r\nINV-A7,Mehta & Sons,70000.00\r\nINV-A8,Iyer Agencies,80000.00\r\nINV-A6,Rao Traders,56000.00\r\n',
    );
    const all = await get(
      '/invoices?filter[status_in]=open,partially_paid,in-progress,paid&filter[download_as_csv]=true&headers_accepted=document_number',
    );
    expect(csvRows(all.text)).toHaveLength(1 + 12);
  });

  it('lists the columns in csv_headers_accepted; the virtual account column only when the anchor shows it', async () => {
    const keys = async () =>
      ((await get(`/invoices?${DUE}`)).body.csv_headers_accepted as { key: string }[]).map((h) => h.key);
    expect(await keys()).toContain('due_with_provider');
    expect(await keys()).not.toContain('virtual_account_number');
    expect((await get('/invoices?filter[download_as_csv]=true&headers_accepted=virtual_account_number')).status).toBe(
      422,
    );
    const settings = mock.db().anchor_settings.find((s) => s.anchor_id === 1)!;
    mock.repository.update('anchor_settings', settings, {
      settings: {
        ...settings.settings,
        show_virtual_account_number: { type: 'boolean', default: true, description: 'Show VANs' },
      },
    });
    expect(await keys()).toContain('virtual_account_number');
    expect((await invoiceList(DUE)).meta.show_virtual_account_number).toBe(true);
    const vans = await get(
      `/invoices?${overdue(0, 'eq')}&filter[download_as_csv]=true&headers_accepted=virtual_account_number`,
    );
    expect(vans.text).toBe('Virtual Account Number\r\nVA1000\r\nVA2000\r\n');
    const unknown = await get('/invoices?filter[download_as_csv]=true&headers_accepted=name,total');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.[0]?.title).toBe('headers_accepted');
  });

  it('exports collections with Received outside and the formula guard on risky cells', async () => {
    mock.repository.update('distributor_companies', 1, { name: '=HYPERLINK("http://x","Rao")' });
    mock.repository.update('payments', 2, { utr_number: '-5, then "more"' });
    const answer = await get(
      '/payments?filter[region]=north&filter[download_as_csv]=true&headers_accepted=customer_name,utr_number,received_outside,amount',
    );
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Payments-2026-11-22.csv"');
    expect(csvRows(answer.text)).toEqual([
      ['Customer Name', 'Payment Reference', 'Received Outside', 'Amount Paid'],
      ['\'=HYPERLINK("http://x","Rao")', '\'-5, then "more"', 'Yes', '3000.00'],
      ['\'=HYPERLINK("http://x","Rao")', 'UTR5', 'Yes', '12000.00'],
      ['\'=HYPERLINK("http://x","Rao")', 'UTR7', 'No', '1000.00'],
    ]);
    // Every row, whatever the paging, and all columns by default.
    const full = await get('/payments?filter[download_as_csv]=true');
    const rows = csvRows(full.text);
    expect(rows).toHaveLength(1 + 6);
    expect(rows[0]).toEqual((await paymentList('')).csv_headers_accepted!.map((h) => h.display_name));
  });

  it('property: no exported cell but a plain number starts with = + - @ tab or CR, and parsing gives back every value (guarded ones with a leading quote)', async () => {
    const units = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ',',
      '"',
      ' ',
      "'",
      ';',
      'a',
      'Z',
      '7',
      'é',
      '₹',
      '\uFEFF',
    );
    const cell = fc.oneof(
      fc.string({ unit: units, maxLength: 8 }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
      fc.string({ maxLength: 8 }),
    );
    const GUARD = /^[=+\-@\t\r]/;
    const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
    const needsGuard = (value: string) => GUARD.test(value) && !PLAIN_NUMBER.test(value);
    await fc.assert(
      fc.asyncProperty(cell, fc.array(cell, { minLength: 5, maxLength: 5 }), async (name, numbers) => {
        loadFixture();
        mock.repository.update('distributor_companies', 1, { name });
        // Rao Traders' invoices, in due-date order: 12, 6, 1, 3, 9.
        [12, 6, 1, 3, 9].forEach((id, i) => mock.repository.update('invoices', id, { document_number: numbers[i]! }));
        const answer = await get(
          '/invoices?filter[status_in]=open,partially_paid,in-progress,paid&filter[distributor_company_id]=1&filter[download_as_csv]=true&headers_accepted=customer_name,document_number',
        );
        const rows = csvRows(answer.text);
        expect(rows[0]).toEqual(['Customer Name', 'Invoice Number']);
        const data = rows.slice(1);
        expect(data).toHaveLength(5);
        const expected = (value: string) => (needsGuard(value) ? `'${value}` : value);
        data.forEach((row, i) => {
          expect(row).toEqual([expected(name), expected(numbers[i]!)]);
          for (const value of row) expect(needsGuard(value)).toBe(false);
        });
      }),
      { numRuns: 60 },
    );
  });
});
