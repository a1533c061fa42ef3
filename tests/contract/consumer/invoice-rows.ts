import { MatchersV3 } from '@pact-foundation/pact';
import { DEFAULT_PRODUCT } from '../../../src/domain/product';
import { INVOICE_STATUSES } from '../../../src/domain/statuses';
import { nonEmptyId, oneOf } from '../pact';

/**
 * A row of GET /invoices and the list around it, as the app's codec (src/api/codecs/invoices.ts) reads them:
 * shared by the invoices page's interactions and the send-link modal's search of one customer's invoices.
 */
const { boolean, eachLike, integer, number, regex, string } = MatchersV3;
const P = DEFAULT_PRODUCT;
const date = (example: string) => regex('^\\d{4}-\\d{2}-\\d{2}$', example);

export const invoiceRow = {
  id: nonEmptyId('4711'),
  type: 'invoice',
  attributes: {
    id: integer(4711),
    document_number: string('INV/2627/004711'),
    erp_invoice_id: nonEmptyId('ERP353510961'),
    customer_code: string('CS000002'),
    total: number(54839.47),
    invoice_date: date('2026-10-23'),
    due_date: date('2026-11-22'),
    status: regex(oneOf(INVOICE_STATUSES), 'open'),
    overdue_by_days: integer(0),
    [`due_with_${P}`]: number(0),
    balance_amount: number(54839.47),
    balance_amount_percent: number(100),
    channel_finance: boolean(false),
    amount_paid: number(0),
    [`collected_outside_${P}`]: number(0),
    invoice_rejected_ddr: boolean(false),
    virtual_account_number: string('VA10243021378'),
    creation_date: string('2026-10-23T00:00:00.000Z'),
    distributor_company: {
      id: integer(2),
      name: string('Saini Traders'),
      business_email: string('accounts.saini.2@example.in'),
    },
    resource: { starred: boolean(false) },
  },
};

const dueMeta = {
  total_due: number(2381474.12),
  no_of_invoices: integer(14),
  no_of_customers: integer(12),
  last_invoices_upload: string('2026-11-22T00:00:00.000Z'),
  show_virtual_account_number: boolean(false),
  active_links: integer(9),
  links_generated: integer(61),
  links_total_due: number(845210.5),
  customers: integer(55),
  total_payment_links: integer(40),
};

/** The list answer: rows, paging, the Due list's figures and the CSV columns it accepts. */
export const invoiceListBody = (pagy: object, csvHeaders: unknown) => ({
  data: eachLike(invoiceRow),
  pagy,
  meta: dueMeta,
  csv_headers_accepted: csvHeaders,
});
