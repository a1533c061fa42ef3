import type { ReadonlyDb } from '../db';

/**
 * Provider states of the payment-link and reminder interactions (tests/contract/consumer/links.pact.test.ts):
 * a customer of the anchor with an open invoice, handed over by id, number and a 2-character part of it.
 */
export function linkStates(deps: { db: () => ReadonlyDb }) {
  const customerWithDues = (anchorId: number) => () => {
    const db = deps.db();
    const invoice = db.invoices.find(
      (inv) =>
        inv.anchor_id === anchorId &&
        inv.status === 'open' &&
        db.distributor_companies.some((c) => c.id === inv.distributor_company_id),
    );
    if (!invoice) throw new Error(`Provider state: anchor ${anchorId} has no open invoice.`);
    const result = {
      customerId: invoice.distributor_company_id,
      invoiceId: invoice.id,
      documentNumber: invoice.document_number,
      numberPart: invoice.document_number.slice(-2),
    };
    return Promise.resolve(result as unknown as Record<string, string>);
  };
  return {
    't1@anchor.test has a customer with open invoices': customerWithDues(1),
    'anchor1551@anchor.test has a customer with open invoices': customerWithDues(1551),
  };
}
