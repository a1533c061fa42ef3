import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isoDay } from '../src/domain/dates';
import { nextId, type Invoice, type ReadonlyDb } from './db';
import { Repository } from './store/repository';
import {
  creditLineFigures,
  figuresOf,
  FUND_STATUSES,
  fundCustomers,
  lendingCustomers,
  lendingIndex,
  lendingSummary,
  onboardedCustomers,
  warmLendingIndexes,
  type LendingCustomer,
} from './lending-index';
import { drawCredit, recordPayment } from './pay';
import { generateDb } from './seed';
import { uniformSequence } from './seed/random';
import { LENDING_SEGMENTS, PIPELINE_SEGMENTS, SOURCE_FILTERS } from '../src/domain/lending';
import { REGIONS } from '../src/domain/regions';

const NOW = new Date('2026-11-22T10:00:00');
const now = NOW.getTime();

const summaryOf = (c: LendingCustomer) => ({
  id: c.company.id,
  loan: c.loan?.id ?? null,
  unpaid: [c.unpaidAll, c.unpaidYear, c.unpaidMonth],
  invoiceOverdueDays: c.invoiceOverdueDays,
  sources: c.sources,
  overdue: c.overdue,
  overdueByDays: c.overdueByDays,
  availed: [c.availedCount, c.availedAmount],
  drawdowns: c.drawdowns.map((d) => d.id),
  repayments: c.repayments.map((r) => r.id),
});

/** Everything the lending routes answer for an anchor on `at`, as plain data. */
function answers(db: ReadonlyDb, anchorId: number, at = now) {
  const lending = [];
  for (const status of ['approved', 'work_in_progress'] as const) {
    for (const segment of LENDING_SEGMENTS) {
      for (const region of [null, REGIONS[1]])
        lending.push(
          lendingCustomers(db, anchorId, { status, overdue: segment.filter, search: null, region }, at).map(summaryOf),
        );
    }
  }
  lending.push(
    lendingCustomers(db, anchorId, { status: 'approved', overdue: null, search: 'tra', region: null }, at).map(
      summaryOf,
    ),
  );
  const fund = [];
  for (const days of ['1', '5'] as const) {
    for (const segment of PIPELINE_SEGMENTS)
      fund.push(
        fundCustomers(
          db,
          anchorId,
          { days, statuses: FUND_STATUSES, overdue: segment.filter, search: null, region: null },
          at,
        ).map(summaryOf),
      );
  }
  const index = lendingIndex(db, anchorId, at);
  return {
    lending,
    summary: [lendingSummary(db, anchorId, 'this_year', at), lendingSummary(db, anchorId, 'this_month', at)],
    onboarded: SOURCE_FILTERS.map((f) =>
      onboardedCustomers(db, anchorId, { sources: f.sources, search: null, region: null }, at).map((c) => c.company.id),
    ),
    fund,
    creditLine: creditLineFigures(db, anchorId, at),
    customers: index.byName.map(summaryOf),
    figures: index.byName.flatMap((c) => c.drawdowns.map((d) => ({ id: d.id, ...figuresOf(db, anchorId, d, at) }))),
  };
}

/** The same answers from an index built afresh over a copy of the data. */
const fresh = (db: ReadonlyDb, anchorId: number, at = now) => answers(structuredClone(db), anchorId, at);

describe('the lending index kept up to date with appended and edited rows', () => {
  it('answers after appended invoices, payments, credit draws, repayments and customers as a freshly built index does', () => {
    const repository = new Repository(generateDb({ seed: 77, scale: 0.15, today: NOW }), { freeze: true });
    const db = repository.data;
    warmLendingIndexes(db, now);
    const anchorId = 1;
    const next = uniformSequence(9);
    const pick = <T>(rows: readonly T[]) => rows[Math.floor(next() * rows.length)]!;
    expect(answers(db, anchorId)).toEqual(fresh(db, anchorId));

    for (let round = 0; round < 5; round++) {
      const built = lendingIndex(db, anchorId, now);
      const companies = db.distributor_companies.filter((c) => c.anchor_id === anchorId);
      // Uploaded invoices, some of them due long ago.
      let id = nextId(db.invoices);
      for (let i = 0; i < 20; i++) {
        const company = pick(companies);
        const due = isoDay(addDays(NOW, Math.floor(next() * 200) - 150));
        const invoice: Invoice = {
          ...structuredClone(pick(db.invoices.filter((inv) => inv.anchor_id === anchorId))),
          id: id++,
          distributor_company_id: company.id,
          customer_code: company.customer_code,
          document_number: `LIDX-${round}-${i}`,
          total: 10_000 + Math.floor(next() * 1_000_000),
          amount_paid: 0,
          status: 'open',
          closed_status: null,
          due_date: due,
          invoice_date: isoDay(addDays(new Date(due), -30)),
          ddr_status_date: [],
        };
        repository.insert('invoices', invoice);
      }
      if (round === 2) {
        const company = structuredClone(companies[0]!);
        repository.insert('distributor_companies', {
          ...company,
          id: nextId(db.distributor_companies),
          customer_code: 'LIDX-NEW',
          name: 'Aaa Index Newcomer',
          application_status: 'new_leads',
          risk_grading: 'L',
          loan_application_id: null,
        });
      }
      // Appended rows are taken in place: the same index answers, as a fresh one would.
      expect(answers(db, anchorId)).toEqual(fresh(db, anchorId));
      expect(lendingIndex(db, anchorId, now)).toBe(built);
      // Payments in part and in full, by pay and outside.
      const open = db.invoices.filter(
        (inv) => inv.anchor_id === anchorId && (inv.status === 'open' || inv.status === 'partially_paid'),
      );
      for (let i = 0; i < 6; i++) {
        const invoice = repository.get('invoices', pick(open).id)!;
        const left = invoice.total - invoice.amount_paid;
        if (left <= 0) continue;
        recordPayment(
          repository,
          invoice,
          next() < 0.5 ? left : Math.max(1, Math.floor(left / 3)),
          next() < 0.5 ? 'pay' : 'erp_payment',
          { utr: `UTR${round}${i}`, now, drawdownId: null },
        );
      }
      // A credit draw (a drawdown, a payment, the loan's utilisation raised).
      const loans = db.loan_applications.filter((l) => l.anchor_id === anchorId && l.application_status === 'approved');
      const loan = pick(loans);
      const creditable = db.invoices.find(
        (inv) => inv.distributor_company_id === loan.distributor_company_id && inv.status === 'open',
      );
      if (creditable)
        drawCredit(
          repository,
          loan,
          [{ invoiceId: creditable.id, amount: 500, bankAccountId: null, field: 'x', invoice: creditable }],
          now,
        );
      // A repayment of an outstanding drawdown (the principal and the utilisation go down with it).
      const owing = db.drawdowns.filter(
        (d) =>
          d.status === 'completed' && d.principal_outstanding > 0 && loans.some((l) => l.id === d.loan_application_id),
      );
      const repaid = pick(owing);
      const amount = Math.ceil(repaid.principal_outstanding / 2);
      repository.insert('repayments', {
        id: nextId(db.repayments),
        loan_application_id: repaid.loan_application_id,
        drawdown_id: repaid.id,
        created_at: new Date(now - 3_600_000).toISOString(),
        order_id: `ORDIDX${round}`,
        amount,
        payment_mode: 'upi',
        status: 'success',
        utr: `RIDX${round}`,
      });
      repository.update('drawdowns', repaid, { principal_outstanding: repaid.principal_outstanding - amount });
      const repaidLoan = repository.get('loan_applications', repaid.loan_application_id)!;
      repository.update('loan_applications', repaidLoan, { limit_utilized: repaidLoan.limit_utilized - amount });
      expect(answers(db, anchorId)).toEqual(fresh(db, anchorId));
    }
  });

  it('rebuilds for another day, after an edit through the repository, and when rows are removed', () => {
    const repository = new Repository(generateDb({ seed: 78, scale: 0.1, today: NOW }), { freeze: true });
    const db = repository.data;
    const built = lendingIndex(db, 1, now);
    expect(lendingIndex(db, 1, now + 3_600_000)).toBe(built); // the same day
    const tomorrow = now + 86_400_000;
    const later = lendingIndex(db, 1, tomorrow);
    expect(later).not.toBe(built);
    expect(later.day).toBe('2026-11-23');
    expect(answers(db, 1, tomorrow)).toEqual(fresh(db, 1, tomorrow));

    const lead = db.distributor_companies.find((c) => c.anchor_id === 1 && c.application_status === 'new_leads')!;
    repository.update('distributor_companies', lead, { risk_grading: lead.risk_grading === 'H' ? 'L' : 'H' });
    expect(lendingIndex(db, 1, tomorrow)).not.toBe(later);
    expect(answers(db, 1, tomorrow)).toEqual(fresh(db, 1, tomorrow));

    const again = lendingIndex(db, 1, tomorrow);
    const first = db.drawdowns[0];
    repository.remove('drawdowns', (d) => d === first);
    expect(lendingIndex(db, 1, tomorrow)).not.toBe(again);
    expect(answers(db, 1, tomorrow)).toEqual(fresh(db, 1, tomorrow));
  });
});
