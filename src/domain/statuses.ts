/**
 * Statuses and their classes: what an invoice, a payment or a payment link can be, and the rules that put
 * a record in a class. The app's filters, the seed and the mock's writes all use these.
 */

export const INVOICE_STATUSES = ['open', 'partially_paid', 'paid', 'in-progress'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What is still to be paid: the due lists' default statuses. */
export const DUE_STATUSES = ['open', 'partially_paid'] as const satisfies readonly InvoiceStatus[];
/** Every unpaid status (the starred list covers them all). */
export const UNPAID_STATUSES = [...DUE_STATUSES, 'in-progress'] as const satisfies readonly InvoiceStatus[];

/** Where a payment came from, product-neutral (the wire names credit and pay with the product key). */
export const PAYMENT_SOURCES = ['credit', 'pay', 'erp_payment'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** How a paid invoice was closed (the detailed table's closed-status filter). */
export const CLOSED_STATUSES = ['credit', 'pay', 'settled', 'pending_settlement'] as const;
export type ClosedStatus = (typeof CLOSED_STATUSES)[number];

/**
 * The closed status of an invoice paid in full, from the source of its last payment: credit closes as
 * 'credit', an ERP payment as 'settled', a gateway payment as 'pay' once settled and 'pending_settlement'
 * until then.
 */
export function closedStatusOf(source: PaymentSource, settled: boolean): ClosedStatus {
  if (source === 'credit') return 'credit';
  if (source === 'erp_payment') return 'settled';
  return settled ? 'pay' : 'pending_settlement';
}

/** A gateway payment settles this many days after it is made (the seed and the mock's settlement). */
export const PAY_SETTLEMENT_DAYS = 2;

/**
 * The overdue classes of the due lists, the stats and the credit figures: more than this many days past the
 * due date ('30+', '60+', '90+'; '< 30' is 30 or fewer).
 */
export const OVERDUE_BUCKETS = { over30: 30, over60: 60, over90: 90 } as const;

export const LINK_STATUSES = ['paid', 'pending', 'expired'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const APPLICATION_STATUSES = ['new_leads', 'work_in_progress', 'approved', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** How the lead manager and the lending tables name an application status. */
export const APPLICATION_STATUS_LABELS: Readonly<Record<ApplicationStatus, string>> = {
  new_leads: 'New Leads',
  work_in_progress: 'Work In Progress',
  approved: 'Approved',
  declined: 'Declined',
};

export const RISK_GRADES = ['L', 'M', 'H', 'R'] as const;
export type RiskGrade = (typeof RISK_GRADES)[number];
