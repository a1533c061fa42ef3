import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isoDay } from '../src/domain/dates';
import { nextId, type Invoice, type ReadonlyDb } from './db';
import { Repository } from './store/repository';
import {
  anchorIndex,
  availableLimits,
  factsOf,
  findInvoices,
  findPayments,
  invoiceStats,
  OVERDUE_CRITERIA,
  setStar,
  warmIndexes,
  type InvoiceQuery,
  type PaymentQuery,
} from './invoice-index';
import { drawCredit, recordPayment } from './pay';
import { generateDb } from './seed';
import { uniformSequence } from './seed/random';
import { DUE_STATUSES, INVOICE_STATUSES, UNPAID_STATUSES, type InvoiceStatus } from '../src/domain/statuses';
import { REGIONS } from '../src/domain/regions';

const NOW = new Date('2026-11-22T10:00:00');
const now = NOW.getTime();

const statusSets: readonly (readonly InvoiceStatus[])[] = [
  DUE_STATUSES,
  UNPAID_STATUSES,
  ['paid'],
  ['in-progress'],
  INVOICE_STATUSES,
  ['open'],
];

function invoiceQueries(): InvoiceQuery[] {
  const out: InvoiceQuery[] = [];
  for (const statuses of statusSets) {
    for (const region of [null, ...REGIONS.slice(0, 2)]) {
      out.push({
        statuses,
        region,
        channelFinance: null,
        closedStatus: null,
        companyId: null,
        overdue: null,
        starred: null,
        search: null,
      });
      for (const criteria of OVERDUE_CRITERIA)
        out.push({
          statuses,
          region,
          channelFinance: null,
          closedStatus: null,
          companyId: null,
          overdue: { days: 30, criteria },
          starred: null,
          search: null,
        });
    }
    out.push({
      statuses,
      region: null,
      channelFinance: true,
      closedStatus: null,
      companyId: null,
      overdue: null,
      starred: true,
      search: null,
    });
    out.push({
      statuses,
      region: null,
      channelFinance: null,
      closedStatus: null,
      companyId: null,
      overdue: { days: 0, criteria: 'eq' },
      starred: false,
      search: 'inv',
    });
  }
  out.push({
    statuses: ['paid'],
    region: null,
    channelFinance: null,
    closedStatus: 'credit',
    companyId: null,
    overdue: null,
    starred: null,
    search: null,
  });
  // The appended invoices' numbers, and the new customer's name.
  out.push({
    statuses: INVOICE_STATUSES,
    region: null,
    channelFinance: null,
    closedStatus: null,
    companyId: null,
    overdue: null,
    starred: null,
    search: 'idx-',
  });
  out.push({
    statuses: INVOICE_STATUSES,
    region: null,
    channelFinance: null,
    closedStatus: null,
    companyId: null,
    overdue: null,
    starred: null,
    search: 'newcomer',
  });
  return out;
}

const paymentQueries: PaymentQuery[] = [
  { region: null, sinceDays: null, starred: null, search: null },
  { region: null, sinceDays: 0, starred: null, search: null },
  { region: 'north', sinceDays: 30, starred: null, search: null },
  { region: null, sinceDays: 90, starred: true, search: null },
  { region: 'south', sinceDays: null, starred: null, search: 'inv' },
];

/** Everything the lists and figures answer for an anchor, as plain data (ids, counts, sums). */
function answers(db: ReadonlyDb, anchorId: number) {
  const index = anchorIndex(db, anchorId);
  return {
    invoices: invoiceQueries().map((q) => {
      const r = findInvoices(db, anchorId, q, now);
      return {
        count: r.count,
        totalDue: r.totalDue,
        customers: r.customers,
        ids: r.rows(0, r.count).map((inv) => inv.id),
      };
    }),
    payments: paymentQueries.map((q) => {
      const r = findPayments(db, anchorId, q, now);
      return {
        count: r.count,
        total: r.totalCollected,
        invoices: r.invoices,
        customers: r.customers,
        ids: r.rows(0, r.count).map((p) => p.id),
      };
    }),
    stats: invoiceStats(
      db,
      anchorId,
      {
        box: { from: '2025-11-23', to: '2026-11-22' },
        shared: { window: { from: '2025-11-23', to: '2026-11-22' }, type: 'yearly' },
        cleared: { window: { from: '2026-11-01', to: '2026-11-22' }, type: 'monthly' },
      },
      now,
    ),
    limits: availableLimits(db, anchorId, now),
    facts: [...index.invoiceById.keys()]
      .sort((a, b) => a - b)
      .map((id) => ({ id, ...factsOf(index, id), latest: factsOf(index, id).latest?.id ?? null })),
    companies: [...index.companies.keys()].sort((a, b) => a - b),
    lastUpload: index.lastInvoiceUpload,
  };
}

/** The same answers from indexes built afresh over a copy of the data. */
const fresh = (db: ReadonlyDb, anchorId: number) => answers(structuredClone(db), anchorId);

describe('the invoice index kept up to date with appended and edited rows', () => {
  it('answers after appended invoices, payments, drawdowns, stars and customers as a freshly built index does', () => {
    const repository = new Repository(generateDb({ seed: 77, scale: 0.15, today: NOW }), { freeze: true });
    const db = repository.data;
    warmIndexes(db);
    const anchorId = 1;
    const next = uniformSequence(5);
    const pick = <T>(rows: readonly T[]) => rows[Math.floor(next() * rows.length)]!;
    // Use the lists first, so slices and memos exist to be kept up to date.
    expect(answers(db, anchorId)).toEqual(fresh(db, anchorId));

    for (let round = 0; round < 6; round++) {
      const built = anchorIndex(db, anchorId);
      const companies = db.distributor_companies.filter((c) => c.anchor_id === anchorId);
      // Uploaded invoices: a few (spliced in) or many (merged).
      const count = round % 2 === 0 ? 3 : 150;
      let id = nextId(db.invoices);
      for (let i = 0; i < count; i++) {
        const company = pick(companies);
        const due = isoDay(addDays(NOW, Math.floor(next() * 200) - 120));
        const invoice: Invoice = {
          ...structuredClone(pick(db.invoices.filter((inv) => inv.anchor_id === anchorId))),
          id: id++,
          distributor_company_id: company.id,
          customer_code: company.customer_code,
          document_number: `IDX-${round}-${i}`,
          total: 10_000 + Math.floor(next() * 1_000_000),
          amount_paid: 0,
          status: 'open',
          closed_status: null,
          due_date: due,
          invoice_date: isoDay(addDays(new Date(due), -30)),
          creation_date: new Date(now + round).toISOString(),
          ddr_status_date: [],
        };
        repository.insert('invoices', invoice);
      }
      if (round === 3) {
        const company = structuredClone(companies[0]!);
        repository.insert('distributor_companies', {
          ...company,
          id: nextId(db.distributor_companies),
          customer_code: 'IDX-NEW',
          name: 'Index Newcomer',
          loan_application_id: null,
        });
      }
      // Appended rows are taken in place: the same index answers, as a fresh one would.
      expect(answers(db, anchorId)).toEqual(fresh(db, anchorId));
      expect(anchorIndex(db, anchorId)).toBe(built);
      // Payments: part and whole, by pay and outside; credit draws (a drawdown, a payment, the loan's utilisation).
      const open = db.invoices.filter(
        (inv) => inv.anchor_id === anchorId && (inv.status === 'open' || inv.status === 'partially_paid'),
      );
      for (let i = 0; i < 5; i++) {
        const invoice = repository.get('invoices', pick(open).id)!;
        const left = invoice.total - invoice.amount_paid;
        if (left <= 0) continue;
        const amount = next() < 0.5 ? left : Math.max(1, Math.floor(left / 3));
        recordPayment(repository, invoice, amount, next() < 0.5 ? 'pay' : 'erp_payment', {
          utr: `UTR${round}${i}`,
          now,
          drawdownId: null,
        });
      }
      const loan = db.loan_applications.find(
        (l) =>
          l.anchor_id === anchorId &&
          l.application_status === 'approved' &&
          companies.some((c) => c.id === l.distributor_company_id),
      );
      const creditable =
        loan &&
        db.invoices.find((inv) => inv.distributor_company_id === loan.distributor_company_id && inv.status === 'open');
      if (loan && creditable)
        drawCredit(
          repository,
          loan,
          [{ invoiceId: creditable.id, amount: 500, bankAccountId: null, field: 'x', invoice: creditable }],
          now,
        );
      // Stars.
      setStar(repository, anchorId, 'Invoice', pick(open).id, true);
      setStar(repository, anchorId, 'Payment', pick(db.payments.filter((p) => p.anchor_id === anchorId)).id, true);
      expect(answers(db, anchorId)).toEqual(fresh(db, anchorId));
    }
  });

  it('rebuilds when rows change in a way it cannot follow', () => {
    const repository = new Repository(generateDb({ seed: 78, scale: 0.1, today: NOW }), { freeze: true });
    const db = repository.data;
    warmIndexes(db);
    const built = anchorIndex(db, 1);
    const first = db.invoices[0];
    repository.remove('invoices', (inv) => inv === first);
    expect(anchorIndex(db, 1)).not.toBe(built);
    expect(answers(db, 1)).toEqual(fresh(db, 1));
  });
});
