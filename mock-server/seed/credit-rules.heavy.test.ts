import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { creditLineFigures, fundCustomers, FUND_STATUSES, lendingIndex } from '../lending-index';
import { creditLimitEligible } from '../../src/domain/lending';
import { generateDb } from './index';

/**
 * The rules a credit team signs the pipeline's figures on, held over every seeded customer at the default
 * volume and at --scale 22 (about 90,000 invoices). They are checked from the rows themselves, not by
 * grading again: eligibility within what the customer's invoices bill, a grade no better than its overdue
 * days allow, and Yet to Avail inside the eligible total.
 */

const NOW = new Date('2026-11-22T10:30:00');
const THOUSAND_RUPEES = 1_000_00;
const monthOf = (isoDate: string) => Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7));

function checkCreditRules(db: Db): { customers: number; leads: number } {
  const problems: string[] = [];
  let customers = 0;
  let leads = 0;
  for (const anchor of db.anchors) {
    const index = lendingIndex(db, anchor.id, NOW.getTime());
    for (const c of index.customers.values()) {
      customers += 1;
      const { name, risk_grading: risk, eligibility_amount: eligibility } = c.company;
      let billed = 0;
      let first = Infinity;
      let last = -Infinity;
      for (const inv of c.invoices) {
        billed += inv.total;
        const month = monthOf(inv.invoice_date);
        if (month < first) first = month;
        if (month > last) last = month;
      }
      const months = c.invoices.length === 0 ? 1 : last - first + 1;
      // Eligibility: within the record's billing, three of its average months at most, whole thousands.
      if (eligibility < 0 || eligibility % THOUSAND_RUPEES !== 0)
        problems.push(`${name}: eligibility ${eligibility} is not whole thousands of rupees`);
      if (eligibility > billed)
        problems.push(`${name}: eligibility ${eligibility} above everything billed to it (${billed})`);
      if (eligibility * months > 3 * billed)
        problems.push(
          `${name}: eligibility ${eligibility} above three average months (${billed} over ${months} months)`,
        );
      // The grade and the overdue days the pipeline shows.
      const days = c.invoiceOverdueDays;
      if (days > 90 && risk !== 'H') problems.push(`${name}: graded ${risk} with an invoice ${days} days overdue`);
      if (days > 30 && risk === 'L') problems.push(`${name}: graded L with an invoice ${days} days overdue`);
      if (risk === 'R' && days > 0) problems.push(`${name}: needs more data (R) with an invoice ${days} days overdue`);
      if ((FUND_STATUSES as readonly string[]).includes(c.company.application_status) && eligibility > 0) leads += 1;
    }

    // Yet to Avail: the fund tables' eligibility, inside the eligible total; its lines inside it.
    const figures = creditLineFigures(db, anchor.id, NOW.getTime());
    const windows = (['1', '5'] as const).map((days) =>
      fundCustomers(
        db,
        anchor.id,
        { days, statuses: FUND_STATUSES, overdue: null, search: null, region: null },
        NOW.getTime(),
      ),
    );
    const inTables = windows.flat().reduce((sum, c) => sum + c.company.eligibility_amount, 0);
    const { yetToAvail } = figures;
    if (yetToAvail.total !== inTables)
      problems.push(
        `anchor ${anchor.id}: Yet to Avail ${yetToAvail.total} is not the fund tables' eligibility ${inTables}`,
      );
    if (yetToAvail.total > creditLimitEligible({ sanctioned: figures.sanctioned, yetToAvail: yetToAvail.total }))
      problems.push(`anchor ${anchor.id}: Yet to Avail above the eligible total`);
    if (yetToAvail.regular + yetToAvail.over30 > yetToAvail.total || yetToAvail.over90 > yetToAvail.over30)
      problems.push(`anchor ${anchor.id}: Yet to Avail's lines do not fit in it`);
    for (const c of windows[0]!)
      if (c.invoiceOverdueDays > 90)
        problems.push(`${c.company.name}: in the 24-hour table with an invoice ${c.invoiceOverdueDays} days overdue`);
  }
  expect(problems.slice(0, 20)).toEqual([]);
  return { customers, leads };
}

describe('the seed’s credit figures', () => {
  it('obey the credit rules at the default volume', () => {
    const { customers, leads } = checkCreditRules(generateDb({ seed: 1551, scale: 1, today: NOW }));
    expect(customers).toBeGreaterThan(300);
    expect(leads).toBeGreaterThan(50);
  });

  it('obey the credit rules at --scale 22', { timeout: 120_000 }, () => {
    const { customers, leads } = checkCreditRules(generateDb({ seed: 1551, scale: 22, today: NOW }));
    expect(customers).toBeGreaterThan(7_000);
    expect(leads).toBeGreaterThan(1_000);
  });
});
