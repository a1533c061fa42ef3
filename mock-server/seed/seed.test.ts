import { differenceInCalendarDays, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import {
  dueIndicator,
  fundWindowOf,
  LENDING_SEGMENTS,
  matchesOverdue,
  repaymentStatus,
} from '../../src/domain/lending';
import { drawdownFigures } from '../lending';
import { fundCustomers, FUND_STATUSES, lendingCustomers } from '../lending-index';
import {
  DEMO_CUSTOMER_COUNT,
  DEMO_LOGINS,
  DEMO_PAY_LINKS,
  EXPIRED_DEMO_PAY_TOKEN,
  generateDb,
  LENDING_DEMO_CUSTOMER_COUNT,
  LENDING_DEMO_CUSTOMERS,
  MANY_DRAWDOWNS_CUSTOMER,
  SPECIAL_ANCHOR_ID,
  SYSTEM_ANCHOR_ID,
} from './index';

const today = new Date('2026-11-22T10:30:00');
const db: Db = generateDb({ seed: 1551, scale: 1, today });

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The documented demo links (and the expired one) keep fixed tokens; every other seeded link's is random. */
const isDemoToken = (token: string) => token.startsWith('demo-');
/** The data with the random tokens blanked: what the seed alone decides. */
const withoutRandomTokens = (data: Db): Db => ({
  ...data,
  payment_links: data.payment_links.map((l) => (isDemoToken(l.token) ? l : { ...l, token: '' })),
});

describe('seed', () => {
  it('is deterministic: same seed and day, same data (the random link tokens aside); another seed, other data', () => {
    const again = generateDb({ seed: 1551, scale: 1, today });
    expect(JSON.stringify(withoutRandomTokens(again))).toBe(JSON.stringify(withoutRandomTokens(db)));
    expect(generateDb({ seed: 7, scale: 1, today }).distributor_companies[0]!.name).not.toBe(
      db.distributor_companies[0]!.name,
    );
  });

  it('gives the seeded payment links random tokens of at least 128 bits, new at every seeding; the demo links keep theirs', () => {
    const again = generateDb({ seed: 1551, scale: 1, today });
    const seeded = (data: Db) => data.payment_links.filter((l) => !isDemoToken(l.token));
    expect(seeded(db).length).toBeGreaterThan(100);
    expect(seeded(again)).toHaveLength(seeded(db).length);
    for (const link of seeded(db)) {
      expect(link.token).toMatch(/^[A-Za-z0-9_-]+$/); // base64url
      expect(Buffer.from(link.token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    const tokens = seeded(db).map((l) => l.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Another seeding (another install, or mock:reset) shares none of them.
    const others = new Set(seeded(again).map((l) => l.token));
    expect(tokens.filter((token) => others.has(token))).toEqual([]);
    expect(again.payment_links.filter((l) => isDemoToken(l.token)).map((l) => l.token)).toEqual(
      db.payment_links.filter((l) => isDemoToken(l.token)).map((l) => l.token),
    );
  });

  it('has both anchors, every demo login and realistic volumes', () => {
    expect(db.anchors.map((a) => [a.id, a.is_system_generated])).toEqual([
      [SYSTEM_ANCHOR_ID, true],
      [SPECIAL_ANCHOR_ID, false],
    ]);
    for (const demo of DEMO_LOGINS) {
      expect(db.users.find((u) => u.email === demo.email)).toMatchObject({
        event: demo.event,
        anchor_id: demo.anchorId,
      });
    }
    expect(db.distributor_companies.length).toBeGreaterThanOrEqual(300);
    expect(db.invoices.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(db.distributor_companies.map((c) => c.region))).toEqual(new Set(['north', 'east', 'west', 'south']));
    expect(new Set(db.distributor_companies.map((c) => c.application_status))).toEqual(
      new Set(['new_leads', 'work_in_progress', 'approved', 'declined']),
    );
    expect(new Set(db.distributor_companies.map((c) => c.risk_grading))).toEqual(new Set(['L', 'M', 'H', 'R']));
  });

  it('covers every invoice status and every overdue bucket for each anchor', () => {
    expect(new Set(db.invoices.map((i) => i.status))).toEqual(
      new Set(['open', 'partially_paid', 'paid', 'in-progress']),
    );
    for (const anchor of db.anchors) {
      const days = db.invoices
        .filter((i) => i.anchor_id === anchor.id && i.status !== 'paid')
        .map((i) => differenceInCalendarDays(today, parseISO(i.due_date)));
      expect(days.some((d) => d < 0)).toBe(true); // not yet due
      expect(days.some((d) => d === 0)).toBe(true); // due today
      expect(days.some((d) => d > 0 && d <= 30)).toBe(true);
      expect(days.some((d) => d > 30 && d <= 60)).toBe(true);
      expect(days.some((d) => d > 60 && d <= 90)).toBe(true);
      expect(days.some((d) => d > 90)).toBe(true);
    }
  });

  it('keeps money consistent: amounts paid are the sums of payments, utilisation the sum of outstanding drawdowns within the limit', () => {
    const paidByInvoice = new Map<number, number>();
    for (const p of db.payments) paidByInvoice.set(p.invoice_id, (paidByInvoice.get(p.invoice_id) ?? 0) + p.amount);
    for (const invoice of db.invoices) {
      expect(Number.isInteger(invoice.total)).toBe(true);
      expect(invoice.amount_paid).toBe(paidByInvoice.get(invoice.id) ?? 0);
      expect(invoice.amount_paid).toBeLessThanOrEqual(invoice.total);
      if (invoice.status === 'paid') expect(invoice.amount_paid).toBe(invoice.total);
    }
    for (const loan of db.loan_applications) {
      const outstanding = sum(
        db.drawdowns
          .filter((d) => d.loan_application_id === loan.id && d.status === 'completed')
          .map((d) => d.principal_outstanding),
      );
      expect(loan.limit_utilized).toBe(outstanding);
      expect(loan.limit_utilized).toBeLessThanOrEqual(loan.limit_sanctioned);
    }
    for (const drawdown of db.drawdowns) {
      const repaid = sum(db.repayments.filter((r) => r.drawdown_id === drawdown.id).map((r) => r.amount));
      if (drawdown.status === 'completed') expect(drawdown.amount - repaid).toBe(drawdown.principal_outstanding);
    }
  });

  it('closes a paid invoice by the source of its latest payment (by date, then id), the one the invoice lists show', () => {
    const latest = new Map<number, Db['payments'][number]>();
    for (const p of db.payments) {
      const seen = latest.get(p.invoice_id);
      if (!seen || p.payment_date > seen.payment_date || (p.payment_date === seen.payment_date && p.id > seen.id))
        latest.set(p.invoice_id, p);
    }
    const bySource = { credit: 'credit', erp_payment: 'settled', pay: ['pay', 'pending_settlement'] } as const;
    for (const invoice of db.invoices) {
      if (invoice.status !== 'paid') continue;
      const source = latest.get(invoice.id)!.source;
      expect([bySource[source]].flat(), invoice.document_number).toContain(invoice.closed_status);
    }
  });

  it('dates nothing after today', () => {
    const todayIso = '2026-11-22';
    for (const p of db.payments) expect(p.payment_date <= todayIso).toBe(true);
    for (const i of db.invoices) expect(i.invoice_date <= todayIso).toBe(true);
  });

  it('scales the volume', () => {
    const half = generateDb({ seed: 1551, scale: 0.5, today });
    expect(half.distributor_companies.length).toBe(180 + DEMO_CUSTOMER_COUNT + LENDING_DEMO_CUSTOMER_COUNT);
  });

  it('adds the demo pay links, the same at any seed and scale, never expiring', () => {
    const other = generateDb({ seed: 7, scale: 0.05, today });
    for (const data of [db, other]) {
      for (const demo of DEMO_PAY_LINKS) {
        const link = data.payment_links.find((l) => l.token === demo.token);
        expect(link, demo.token).toBeDefined();
        expect(link!.expires_at > '2099-01-01').toBe(true);
        const company = data.distributor_companies.find((c) => c.id === link!.distributor_company_id)!;
        expect(company.anchor_id).toBe(link!.anchor_id);
        expect(link!.invoice_ids.length).toBeGreaterThan(0);
      }
      const expired = data.payment_links.find((l) => l.token === EXPIRED_DEMO_PAY_TOKEN)!;
      expect(Date.parse(expired.expires_at)).toBeLessThan(today.getTime());
    }
    const names = (data: Db) =>
      DEMO_PAY_LINKS.map(
        (d) =>
          data.distributor_companies.find(
            (c) => c.id === data.payment_links.find((l) => l.token === d.token)!.distributor_company_id,
          )!.name,
      );
    expect(names(other)).toEqual(names(db));
    // One customer per demo link.
    expect(
      new Set(DEMO_PAY_LINKS.map((d) => db.payment_links.find((l) => l.token === d.token)!.distributor_company_id))
        .size,
    ).toBe(DEMO_CUSTOMER_COUNT);
  });

  describe('lending: every case the lending page and the pipeline show, at any seed and scale', () => {
    const other = generateDb({ seed: 7, scale: 0.05, today });
    const now = today.getTime();
    const day = '2026-11-22';
    const approved = (data: Db, anchorId: number) =>
      lendingCustomers(data, anchorId, { status: 'approved', overdue: null, search: null, region: null }, now);
    const byName = (data: Db, name: string) => data.distributor_companies.filter((c) => c.name === name);

    it('names each lending demo customer once', () => {
      for (const data of [db, other])
        for (const { name } of LENDING_DEMO_CUSTOMERS) expect(byName(data, name), name).toHaveLength(1);
    });

    it('has approved customers of the system anchor in every segment, and approved customers of anchor 1551', () => {
      for (const data of [db, other]) {
        const customers = approved(data, SYSTEM_ANCHOR_ID);
        for (const segment of LENDING_SEGMENTS) {
          expect(
            customers.some((c) => matchesOverdue(c.overdueByDays, segment.filter)),
            segment.label,
          ).toBe(true);
        }
        expect(customers.some((c) => c.overdueByDays > 0 && c.overdueByDays <= 30)).toBe(true); // DPD 1-30
        expect(approved(data, SPECIAL_ANCHOR_ID).length).toBeGreaterThan(0);
      }
      const segmentOf = (name: string) =>
        approved(db, SYSTEM_ANCHOR_ID).find((c) => c.company.name === name)!.overdueByDays;
      expect(segmentOf('Vardhman Wholesale Mart')).toBe(15);
      expect(segmentOf('Narmada Trading Co')).toBe(45);
      expect(segmentOf('Tapti Agro Suppliers')).toBe(110);
      expect(segmentOf('Godavari Retail Links')).toBe(0);
    });

    it('has drawdowns that are red, amber, green and Paid, and pending and failed ones', () => {
      for (const data of [db, other]) {
        const anchorLoans = new Set(
          data.loan_applications.filter((l) => l.anchor_id === SYSTEM_ANCHOR_ID).map((l) => l.id),
        );
        const mine = data.drawdowns.filter((d) => anchorLoans.has(d.loan_application_id));
        const shown = mine.map((d) => {
          const f = drawdownFigures(
            d,
            data.repayments.filter((r) => r.drawdown_id === d.id),
            day,
          );
          const due = {
            status: d.status,
            totalOutstandingAmount: f.totalOutstandingAmount,
            dpdPrincipal: f.dpdPrincipal,
            dpdInterest: f.dpdInterest,
            dueDate: d.due_date,
          };
          return { tone: dueIndicator(due, day)?.tone ?? null, status: repaymentStatus(due) };
        });
        for (const tone of ['red', 'amber', 'green'] as const)
          expect(
            shown.some((s) => s.tone === tone),
            tone,
          ).toBe(true);
        expect(shown.some((s) => s.status === 'Paid')).toBe(true);
        expect(mine.some((d) => d.status === 'pending')).toBe(true);
        expect(mine.some((d) => d.status === 'failed')).toBe(true);
      }
    });

    it(`has an approved customer with more than 10 drawdowns (${MANY_DRAWDOWNS_CUSTOMER}) and one with no repayments`, () => {
      for (const data of [db, other]) {
        const customers = approved(data, SYSTEM_ANCHOR_ID);
        const many = customers.find((c) => c.company.name === MANY_DRAWDOWNS_CUSTOMER)!;
        expect(many.drawdowns.length).toBeGreaterThan(10);
        expect(new Set(many.drawdowns.map((d) => d.status))).toEqual(new Set(['completed', 'pending', 'failed']));
        const godavari = customers.find((c) => c.company.name === 'Godavari Retail Links')!;
        expect(godavari.drawdowns.length).toBeGreaterThan(0);
        expect(godavari.repayments).toEqual([]);
      }
    });

    it('has leads with eligibility in both fund windows, with invoice overdue days 0 and over 30; over 90 only in the 5-day window', () => {
      for (const data of [db, other]) {
        for (const days of ['1', '5'] as const) {
          const leads = fundCustomers(
            data,
            SYSTEM_ANCHOR_ID,
            { days, statuses: FUND_STATUSES, overdue: null, search: null, region: null },
            now,
          );
          for (const lead of leads) {
            expect(FUND_STATUSES).toContain(lead.company.application_status);
            expect(lead.company.eligibility_amount).toBeGreaterThan(0);
            expect(fundWindowOf(lead.company.risk_grading)).toBe(days);
          }
          expect(
            leads.some((c) => c.invoiceOverdueDays === 0),
            `${days}: regular`,
          ).toBe(true);
          expect(
            leads.some((c) => c.invoiceOverdueDays > 30 && c.invoiceOverdueDays <= 90),
            `${days}: 30+`,
          ).toBe(true);
          // More than 90 days overdue is a High grade, which needs KYC and financial documents first.
          expect(
            leads.some((c) => c.invoiceOverdueDays > 90),
            `${days}: 90+`,
          ).toBe(days === '5');
          expect(new Set(leads.map((c) => c.company.application_status))).toEqual(new Set(FUND_STATUSES));
        }
      }
    });
  });
});
