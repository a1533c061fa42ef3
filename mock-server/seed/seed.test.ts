import { differenceInCalendarDays, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { DEMO_CUSTOMER_COUNT, DEMO_LOGINS, DEMO_PAY_LINKS, EXPIRED_DEMO_PAY_TOKEN, generateDb, SPECIAL_ANCHOR_ID, SYSTEM_ANCHOR_ID } from './index';

const today = new Date('2026-11-22T10:30:00');
const db: Db = generateDb({ seed: 1551, scale: 1, today });

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('seed', () => {
  it('is deterministic: same seed and day, same data; another seed, other data', () => {
    expect(JSON.stringify(generateDb({ seed: 1551, scale: 1, today }))).toBe(JSON.stringify(db));
    expect(generateDb({ seed: 7, scale: 1, today }).distributor_companies[0]!.name).not.toBe(db.distributor_companies[0]!.name);
  });

  it('has both anchors, every demo login and realistic volumes', () => {
    expect(db.anchors.map((a) => [a.id, a.is_system_generated])).toEqual([
      [SYSTEM_ANCHOR_ID, true],
      [SPECIAL_ANCHOR_ID, false],
    ]);
    for (const demo of DEMO_LOGINS) {
      expect(db.users.find((u) => u.email === demo.email)).toMatchObject({ event: demo.event, anchor_id: demo.anchorId });
    }
    expect(db.distributor_companies.length).toBeGreaterThanOrEqual(300);
    expect(db.invoices.length).toBeGreaterThanOrEqual(3000);
    expect(new Set(db.distributor_companies.map((c) => c.region))).toEqual(new Set(['north', 'east', 'west', 'south']));
    expect(new Set(db.distributor_companies.map((c) => c.application_status))).toEqual(new Set(['new_leads', 'work_in_progress', 'approved', 'declined']));
    expect(new Set(db.distributor_companies.map((c) => c.risk_grading))).toEqual(new Set(['L', 'M', 'H', 'R']));
  });

  it('covers every invoice status and every overdue bucket for each anchor', () => {
    expect(new Set(db.invoices.map((i) => i.status))).toEqual(new Set(['open', 'partially_paid', 'paid', 'in-progress']));
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
      const outstanding = sum(db.drawdowns.filter((d) => d.loan_application_id === loan.id && d.status === 'completed').map((d) => d.principal_outstanding));
      expect(loan.limit_utilized).toBe(outstanding);
      expect(loan.limit_utilized).toBeLessThanOrEqual(loan.limit_sanctioned);
    }
    for (const drawdown of db.drawdowns) {
      const repaid = sum(db.repayments.filter((r) => r.drawdown_id === drawdown.id).map((r) => r.amount));
      if (drawdown.status === 'completed') expect(drawdown.amount - repaid).toBe(drawdown.principal_outstanding);
    }
  });

  it('dates nothing after today', () => {
    const todayIso = '2026-11-22';
    for (const p of db.payments) expect(p.payment_date <= todayIso).toBe(true);
    for (const i of db.invoices) expect(i.invoice_date <= todayIso).toBe(true);
  });

  it('scales the volume', () => {
    const half = generateDb({ seed: 1551, scale: 0.5, today });
    expect(half.distributor_companies.length).toBe(180 + DEMO_CUSTOMER_COUNT);
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
    const names = (data: Db) => DEMO_PAY_LINKS.map((d) => data.distributor_companies.find((c) => c.id === data.payment_links.find((l) => l.token === d.token)!.distributor_company_id)!.name);
    expect(names(other)).toEqual(names(db));
    // One customer per demo link.
    expect(new Set(DEMO_PAY_LINKS.map((d) => db.payment_links.find((l) => l.token === d.token)!.distributor_company_id)).size).toBe(DEMO_CUSTOMER_COUNT);
  });
});
