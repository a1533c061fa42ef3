import { randomUUID } from 'node:crypto';
import { daysPast, todayOf } from '../aggregates';
import { findPayLink } from '../auth/pay-token';
import type { Invoice, ReadonlyDb, RowOf } from '../db';
import type { Repository } from '../store/repository';
import { balanceDue, creditFigures, payAccount } from '../pay';
import { outboxOf } from '../routes/dev';
import { OVERDUE_CUTOFF_DAYS } from '../../src/domain/thresholds';
import { paiseToRupees, rupeesToPaise } from '../../src/domain/money';
import { DEFAULT_PRODUCT, vendorMediaType, type ApiVersion } from '../../src/domain/product';

/**
 * Provider states of the pay-page interactions (tests/contract/consumer/pay.pact.test.ts), for the embedded
 * mock. The verification runs every interaction against one mock in turn, so credit draws, payments and
 * OTPs pile up; each state therefore first puts the customer of its payment link back as seeded (its
 * loan, invoices, payments, drawdowns, gateway orders, OTPs and Idempotency-Keys), then sets up exactly
 * what its interaction needs, whatever ran before. Setup goes through the provider's own API where it can
 * (OTPs, gateway orders), and through the data only where the API has no way (a lowered limit).
 *
 * A state returns the values the pact injects with fromProviderState (invoiceId, orderId, otp, ...).
 */
export interface PayStateDeps {
  /** The mock's live database. */
  db: () => ReadonlyDb;
  /** Writes go through it. */
  repository: Repository;
  /** Where the mock listens (read when a state runs, after it started). */
  url: () => string;
  /** Sets the Authorization value the next interaction is verified with (the pay token). */
  authorize: (token: string) => void;
  /** The mock's clock, in milliseconds. */
  now: () => number;
}

type StateResult = Record<string, string> | undefined;

/** The pay-page collections a state puts back, taken as seeded when the states are created. */
function seededRows(db: ReadonlyDb) {
  return structuredClone({
    invoices: db.invoices,
    payments: db.payments,
    drawdowns: db.drawdowns,
    repayments: db.repayments,
    loan_applications: db.loan_applications,
    gateway_orders: db.gateway_orders,
    otps: db.otps,
    idempotency_keys: db.idempotency_keys,
  });
}

type Restored = keyof ReturnType<typeof seededRows>;

/** Puts back the live rows of `c` that `belongs` picks as they were seeded (rows added since go). */
function restoreRows<C extends Restored>(
  repo: Repository,
  c: C,
  seeded: readonly RowOf<C>[],
  belongs: (row: Readonly<RowOf<C>>) => boolean,
): void {
  const original = new Map(seeded.filter(belongs).map((row) => [row.id, row]));
  repo.remove(c, (row) => belongs(row) && !original.has(row.id));
  for (const row of repo.data[c] as readonly RowOf<C>[]) {
    const copy = belongs(row) ? original.get(row.id) : undefined;
    if (!copy) continue;
    repo.update(c, row, structuredClone(copy));
    original.delete(row.id);
  }
  for (const row of original.values()) repo.insert(c, structuredClone(row));
}

/** A rupee amount from the state's parameters, in paise. */
function amountParam(params: unknown, name: string): number {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  const paise = typeof value === 'number' || typeof value === 'string' ? rupeesToPaise(value) : null;
  if (paise === null || paise <= 0)
    throw new Error(`pay state: parameter '${name}' must be an amount in rupees (got ${JSON.stringify(value)})`);
  return paise;
}

function textParam(params: unknown, name: string): string {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || value === '') throw new Error(`pay state: parameter '${name}' is missing`);
  return value;
}

export function payStates(deps: PayStateDeps) {
  const seeded = seededRows(deps.db());

  /** Puts the customer of `token` back as seeded and makes `token` the next Authorization. */
  function freshAccount(token: string) {
    const db = deps.db();
    const link = db.payment_links.find((l) => l.token === token);
    if (!link) throw new Error(`pay state: no payment link ${token} in the mock`);
    const companyId = link.distributor_company_id;
    const loanId = db.distributor_companies.find((c) => c.id === companyId)?.loan_application_id ?? null;
    const repo = deps.repository;
    restoreRows(repo, 'invoices', seeded.invoices, (row) => row.distributor_company_id === companyId);
    restoreRows(repo, 'payments', seeded.payments, (row) => row.distributor_company_id === companyId);
    restoreRows(repo, 'drawdowns', seeded.drawdowns, (row) => row.distributor_company_id === companyId);
    restoreRows(repo, 'repayments', seeded.repayments, (row) => row.loan_application_id === loanId);
    restoreRows(repo, 'loan_applications', seeded.loan_applications, (row) => row.id === loanId);
    restoreRows(repo, 'gateway_orders', seeded.gateway_orders, (row) => row.distributor_company_id === companyId);
    restoreRows(repo, 'otps', seeded.otps, (row) => row.token === token);
    restoreRows(repo, 'idempotency_keys', seeded.idempotency_keys, (row) => row.token === token);
    deps.authorize(token);
    return { db, account: payAccount(db, token, deps.now()) };
  }

  /** An open document of the account with at least `amount` left to pay; for credit also one credit may pay. */
  function openInvoice(
    db: ReadonlyDb,
    token: string,
    amount: number,
    purpose: 'credit' | 'pay',
    options: { untied?: boolean } = {},
  ): Invoice {
    const account = payAccount(db, token, deps.now());
    const today = todayOf(deps.now());
    const found = db.invoices
      .filter((inv) => inv.distributor_company_id === account.company.id && inv.anchor_id === account.anchor.id)
      .filter((inv) => (inv.status === 'open' || inv.status === 'partially_paid') && balanceDue(inv) >= amount)
      .filter(
        (inv) =>
          purpose === 'pay' ||
          (inv.ddr_status_date.length === 0 && daysPast(inv.due_date, today) <= OVERDUE_CUTOFF_DAYS),
      )
      .filter((inv) => !options.untied || (inv.bank_account_ids ?? []).length === 0)
      .sort((a, b) => a.id - b.id)[0];
    if (!found)
      throw new Error(`pay state: ${token} has no open invoice with ${amount} paise left that ${purpose} can pay`);
    return found;
  }

  function creditLeft(db: ReadonlyDb, token: string): number {
    return creditFigures(db, payAccount(db, token, deps.now()), deps.now()).balance ?? 0;
  }

  /** A call to the mock as the pay page makes it; a refusal fails the state setup. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body?: unknown,
    options: { version?: ApiVersion; key?: string } = {},
  ) {
    const headers: Record<string, string> = {
      Accept: vendorMediaType(DEFAULT_PRODUCT, options.version ?? 1),
      Authorization: token,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.key) headers['Idempotency-Key'] = options.key;
    const response = await fetch(`${deps.url()}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as unknown;
    if (!response.ok)
      throw new Error(`pay state: ${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** Sends an OTP for the token's loan and reads it from the mock's outbox in process (no SMS leaves the mock). */
  async function sendOtp(token: string, loanApplicationId: string): Promise<{ otpReferenceId: string; otp: string }> {
    const answer = (await call(
      'POST',
      '/communications/send_otp',
      token,
      { data: { attributes: { loan_application_id: loanApplicationId } } },
      { version: 2 },
    )) as {
      data: { otp_reference_id: string };
    };
    const otp = /\b(\d{6})\b/.exec(outboxOf(deps.db(), { token })[0]?.body ?? '')?.[1];
    if (!otp) throw new Error(`pay state: no OTP in the outbox for ${token}`);
    return { otpReferenceId: answer.data.otp_reference_id, otp };
  }

  /** A gateway order for part of an open invoice, made through the pay page's own call. */
  async function gatewayOrder(token: string, amount: number): Promise<string> {
    const { db } = freshAccount(token);
    const invoice = openInvoice(db, token, amount, 'pay');
    const answer = (await call(
      'POST',
      '/direct_payments/cc_avenue',
      token,
      {
        direct_payment: {
          invoice_details: [{ id: String(invoice.id), user_requested_amount: amount / 100 }],
          payment_method: 'upi',
        },
      },
      { key: randomUUID() },
    )) as { order_id: string };
    return answer.order_id;
  }

  const open = (token: string) => (): Promise<StateResult> => {
    freshAccount(token);
    return Promise.resolve(undefined);
  };

  const loanIdOf = (token: string) => {
    const { account } = freshAccount(token);
    if (!account.loan) throw new Error(`pay state: ${token} has no loan`);
    if (!account.settings.require_otp) throw new Error(`pay state: ${token} does not ask for an OTP`);
    return String(account.loan.id);
  };

  return {
    'the payment link demo-closed-limit is open': open('demo-closed-limit'),
    'the payment link demo-open-limit is open': open('demo-open-limit'),

    'the payment link demo-expired has expired': (): Promise<StateResult> => {
      const found = findPayLink(deps.db(), 'demo-expired', deps.now());
      if (found.ok) throw new Error('pay state: demo-expired should have expired');
      deps.authorize('demo-expired');
      return Promise.resolve(undefined);
    },

    'no payment link has the token no-such-token': (): Promise<StateResult> => {
      if (deps.db().payment_links.some((l) => l.token === 'no-such-token'))
        throw new Error('pay state: no-such-token is a payment link');
      deps.authorize('no-such-token');
      return Promise.resolve(undefined);
    },

    'demo-otp must confirm credit with an OTP': (): Promise<StateResult> =>
      Promise.resolve({ loanApplicationId: loanIdOf('demo-otp') }),

    /** A fresh OTP; the wrong-OTP interaction sends 000000, so an OTP that happens to be 000000 is replaced. */
    'an OTP was sent for demo-otp': async (): Promise<StateResult> => {
      const loanApplicationId = loanIdOf('demo-otp');
      for (let attempt = 0; attempt < 5; attempt++) {
        const sent = await sendOtp('demo-otp', loanApplicationId);
        if (sent.otp !== '000000') return { loanApplicationId, ...sent };
      }
      throw new Error('pay state: the mock kept sending 000000');
    },

    'demo-otp verified an OTP and has an open invoice credit can pay': async (
      params?: unknown,
    ): Promise<StateResult> => {
      const amount = amountParam(params, 'amount');
      const loanApplicationId = loanIdOf('demo-otp');
      const { otp, otpReferenceId } = await sendOtp('demo-otp', loanApplicationId);
      await call(
        'POST',
        '/communications/verify_otp',
        'demo-otp',
        { data: { attributes: { loan_application_id: loanApplicationId, otp, otp_reference_id: otpReferenceId } } },
        { version: 2 },
      );
      const db = deps.db();
      if (creditLeft(db, 'demo-otp') < amount) throw new Error('pay state: demo-otp has too little credit left');
      return { invoiceId: String(openInvoice(db, 'demo-otp', amount, 'credit').id) };
    },

    'demo-otp has an open invoice credit can pay but no verified OTP': (params?: unknown): Promise<StateResult> => {
      const amount = amountParam(params, 'amount');
      loanIdOf('demo-otp'); // fresh: no OTP sent, none verified
      return Promise.resolve({ invoiceId: String(openInvoice(deps.db(), 'demo-otp', amount, 'credit').id) });
    },

    /** The lender lowered the limit: `available` rupees are left, less than the invoice's credit draw of `amount`. */
    'demo-closed-limit has less credit left than an open invoice asks for': (
      params?: unknown,
    ): Promise<StateResult> => {
      const amount = amountParam(params, 'amount');
      const available = amountParam(params, 'available');
      if (available >= amount) throw new Error('pay state: available must be less than amount');
      const { db, account } = freshAccount('demo-closed-limit');
      const invoice = openInvoice(db, 'demo-closed-limit', amount, 'credit');
      const loan = db.loan_applications.find((l) => l.id === account.loan?.id);
      if (!loan) throw new Error('pay state: demo-closed-limit has no loan');
      deps.repository.update('loan_applications', loan, { limit_sanctioned: loan.limit_utilized + available });
      if (creditLeft(db, 'demo-closed-limit') !== available)
        throw new Error('pay state: could not lower the credit left of demo-closed-limit');
      return Promise.resolve({ invoiceId: String(invoice.id) });
    },

    'demo-open-limit has an open invoice credit can pay': (params?: unknown): Promise<StateResult> => {
      const amount = amountParam(params, 'amount');
      const { db, account } = freshAccount('demo-open-limit');
      if (!account.loan?.open_limit_customer)
        throw new Error('pay state: demo-open-limit is not an open-limit customer');
      if (creditLeft(db, 'demo-open-limit') < amount)
        throw new Error('pay state: demo-open-limit has too little credit left');
      const invoice = openInvoice(db, 'demo-open-limit', amount, 'credit', { untied: true });
      const bank = db.anchor_account_details.find((a) => a.anchor_id === account.anchor.id);
      if (!bank) throw new Error('pay state: the anchor of demo-open-limit has no bank account');
      return Promise.resolve({ invoiceId: String(invoice.id), bankAccountId: String(bank.id) });
    },

    /** A credit draw already made with an Idempotency-Key: the interaction sends it again with the same key. */
    'demo-open-limit drew credit for an open invoice with an Idempotency-Key': async (
      params?: unknown,
    ): Promise<StateResult> => {
      const amount = amountParam(params, 'amount');
      const { db, account } = freshAccount('demo-open-limit');
      const invoice = openInvoice(db, 'demo-open-limit', amount, 'credit', { untied: true });
      const bank = db.anchor_account_details.find((a) => a.anchor_id === account.anchor.id);
      if (!bank) throw new Error('pay state: the anchor of demo-open-limit has no bank account');
      const idempotencyKey = randomUUID();
      // The body exactly as the app sends it (ids as strings): a key sent again with another body is refused.
      const body = {
        source: 'anchor_portal',
        payment_gateway: [
          {
            bank_account_id: String(bank.id),
            invoice_details: [{ id: String(invoice.id), user_requested_amount: paiseToRupees(amount) }],
          },
        ],
      };
      await call('POST', '/op_avail_credit', 'demo-open-limit', body, { key: idempotencyKey });
      deps.authorize('demo-open-limit');
      return { invoiceId: String(invoice.id), bankAccountId: String(bank.id), idempotencyKey };
    },

    'demo-closed-limit has an open invoice': (params?: unknown): Promise<StateResult> => {
      const amount = amountParam(params, 'amount');
      const { db } = freshAccount('demo-closed-limit');
      return Promise.resolve({ invoiceId: String(openInvoice(db, 'demo-closed-limit', amount, 'pay').id) });
    },

    'demo-closed-limit has a gateway order not paid yet': async (params?: unknown): Promise<StateResult> => ({
      orderId: await gatewayOrder('demo-closed-limit', amountParam(params, 'amount')),
    }),

    /** Paid at the mock's fake gateway, the way the customer's browser completes it. */
    'demo-closed-limit paid a gateway order': async (params?: unknown): Promise<StateResult> => {
      const orderId = await gatewayOrder('demo-closed-limit', amountParam(params, 'amount'));
      const paid = await fetch(`${deps.url()}/fake-gateway/${encodeURIComponent(orderId)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'outcome=success',
        redirect: 'manual',
      });
      const order = deps.db().gateway_orders.find((o) => o.order_id === orderId);
      if (paid.status !== 303 || order?.status !== 'success')
        throw new Error(`pay state: order ${orderId} was not paid (${paid.status}, ${order?.status})`);
      return { orderId };
    },

    /**
     * A multipart body cannot take values from a provider state, so the pact names the customer's ids as
     * parameters: the seeded demo-open-limit customer must still have them, and the document number is free.
     */
    'demo-open-limit may add its own invoices': (params?: unknown): Promise<StateResult> => {
      const { db, account } = freshAccount('demo-open-limit');
      const expected = {
        loanApplicationId: String(account.loan?.id),
        anchorId: String(account.anchor.id),
        customerCode: account.company.customer_code,
      };
      for (const [name, value] of Object.entries(expected)) {
        const given = textParam(params, name);
        if (given !== value)
          throw new Error(
            `pay state: the pact expects demo-open-limit's ${name} to be ${given}, the mock has ${value}: update the pact example`,
          );
      }
      if (!account.loan?.open_limit_customer || account.loan.application_status !== 'approved')
        throw new Error('pay state: demo-open-limit is not an open-limit customer');
      const number = textParam(params, 'documentNumber').toLowerCase();
      if (
        db.invoices.some((inv) => inv.anchor_id === account.anchor.id && inv.document_number.toLowerCase() === number)
      ) {
        throw new Error(`pay state: anchor ${account.anchor.id} already has a document ${number}`);
      }
      return Promise.resolve(undefined);
    },
  };
}
