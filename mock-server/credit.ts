import type { DistributorCompany, ReadonlyDb } from './db';
import type { CreditAssessment, CreditRecordInvoice } from '../src/domain/credit';

/**
 * Customers' invoice records for the credit evaluation (src/domain/credit.ts), by company id: their live
 * invoices, paid in full on the day of their last payment, and the history uploaded for them
 * (transaction_data). Only the companies in `wanted`; every company when it is null (the seed).
 */
export function creditRecords(db: ReadonlyDb, wanted: ReadonlySet<number> | null): Map<number, CreditRecordInvoice[]> {
  const records = new Map<number, CreditRecordInvoice[]>();
  const add = (companyId: number, invoice: CreditRecordInvoice) => {
    const record = records.get(companyId);
    if (record) record.push(invoice);
    else records.set(companyId, [invoice]);
  };
  const lastPayment = new Map<number, string>();
  for (const p of db.payments) {
    if (wanted !== null && !wanted.has(p.distributor_company_id)) continue;
    const seen = lastPayment.get(p.invoice_id);
    if (seen === undefined || p.payment_date > seen) lastPayment.set(p.invoice_id, p.payment_date);
  }
  for (const inv of db.invoices) {
    if (wanted !== null && !wanted.has(inv.distributor_company_id)) continue;
    // A paid invoice with no payment on record (none in the seed) is taken as paid on its due date.
    const paidOn = inv.status === 'paid' ? (lastPayment.get(inv.id) ?? inv.due_date) : null;
    add(inv.distributor_company_id, {
      invoice_date: inv.invoice_date,
      due_date: inv.due_date,
      total: inv.total,
      paid_on: paidOn,
    });
  }
  for (const h of db.invoice_history) {
    if (wanted !== null && !wanted.has(h.distributor_company_id)) continue;
    add(h.distributor_company_id, {
      invoice_date: h.invoice_date,
      due_date: h.due_date,
      total: h.total,
      paid_on: h.payment_date,
    });
  }
  return records;
}

/** A credit assessment as the company fields that store it: its grade and eligible limit. */
export function gradeFields(
  assessment: CreditAssessment,
): Pick<DistributorCompany, 'risk_grading' | 'eligibility_amount'> {
  return { risk_grading: assessment.risk, eligibility_amount: assessment.eligibility };
}
