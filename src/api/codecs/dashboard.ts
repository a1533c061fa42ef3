import * as t from 'io-ts';
import { APPLICATION_STATUSES, RISK_GRADES } from '../../domain/statuses';
import { Id, list, Money, Nullable, oneOf, Optional } from './common';
import { Region } from './customers';

/**
 * The home dashboard's calls. Amounts are rupees on the wire and paise here (Money). Graph answers are not
 * JSON:API resources: `data` holds the figures directly.
 */

/**
 * A yearly bucket: a calendar month of the window ('Nov') and its year (2025). The year lets the 364-day
 * window's two partial months of the same name stay apart; a row without it goes to the latest month of
 * that name (src/domain/chart-periods.ts `bucketIndexOf`).
 */
const MonthBucket = t.intersection([
  t.type({ month: t.string, total: Money, no_of_invoices: t.number }),
  t.partial({ year: t.number }),
]);
/** A weekly bucket: 'Week N' of the current month. */
const WeekBucket = t.type({ week: t.number, total: Money, no_of_invoices: t.number });
/** filter_information: month rows (yearly) or one entry holding weekly_data (weekly). */
export const FilterInformation = t.array(t.union([MonthBucket, t.type({ weekly_data: t.array(WeekBucket) })]));
export type FilterInformation = t.TypeOf<typeof FilterInformation>;

export const GraphType = t.keyof({ yearly: null, weekly: null });
export type GraphType = t.TypeOf<typeof GraphType>;

const byType = <C extends t.Mixed>(codec: C) => t.partial({ yearly: codec, weekly: codec });

/** GET /invoices/graph: invoices shared in the window. */
export const SharedGraph = t.type({
  data: t.type({
    invoices_shared: byType(
      t.type({ invoice_count: t.number, invoice_total: Money, filter_information: FilterInformation }),
    ),
  }),
});
/** GET /invoices/cleared_graph: invoices of the window that are cleared, and their share of the shared total. */
export const ClearedGraph = t.type({
  data: t.type({
    invoices_cleared: byType(
      t.type({ invoice_total: Money, cleared_percentage: t.number, filter_information: FilterInformation }),
    ),
  }),
});
/** GET /invoices/payment_graph: payments received in the window. */
export const PaymentGraph = t.type({
  data: t.type({ payments: byType(t.type({ payment_total: Money, filter_information: FilterInformation })) }),
});

/** GET /payments/top_performers: regions by payment received in the window (and the credit card's leaders). */
export const TopPerformers = t.type({
  data: t.intersection([
    t.type({
      top_performers: t.array(t.type({ region: Region, payment_received: Money })),
      total_payments_received: Money,
    }),
    t.partial({
      credit_top_performers: t.type({
        /** The region with the highest utilised limit. */
        credit_utilisation: t.type({ region: Region, utilised: Money }),
        /** The region whose utilised limit grew most over 30 days, in percent. */
        credit_limit_growth: t.type({ region: Region, growth: t.number }),
        /** The region that clears invoices fastest: average days from invoice to full payment. */
        invoice_clearance: t.type({ region: Region, average_days: t.number }),
      }),
    }),
  ]),
});
export type TopPerformers = t.TypeOf<typeof TopPerformers>['data'];

export const LeadStatus = oneOf(APPLICATION_STATUSES);
export type LeadStatus = t.TypeOf<typeof LeadStatus>;

/** GET /distributor_companies/statuses: how many customers are in each lead status. */
export const LeadStatusCounts = t.type({
  data: t.array(t.type({ current_status: LeadStatus, total_applications: t.number })),
});

export const RiskGrade = oneOf(RISK_GRADES);

/** A lead row: GET /distributor_companies/lead_list (new leads) and GET /distributor_companies (other statuses). */
export const LeadRow = t.intersection([
  t.type({ id: Id, name: t.string, customer_code: t.string, application_status: LeadStatus }),
  t.partial({
    amount_outstanding: Nullable(Money),
    risk_grading: Nullable(RiskGrade),
    eligibility_amount: Nullable(Money),
    created_at: Nullable(t.string),
    limit_sanctioned: Nullable(Money),
    limit_utilized: Nullable(Money),
    balance_available: Nullable(Money),
    region: Region,
  }),
]);
export type LeadRow = t.TypeOf<typeof LeadRow>;

export const CsvHeader = t.type({ display_name: t.string, key: t.string });
export const LeadList = t.intersection([
  list(LeadRow, t.UnknownRecord),
  t.partial({ csv_headers_accepted: t.array(CsvHeader) }),
]);
export type LeadList = t.TypeOf<typeof LeadList>;

const RegionData = t.type({ total_utilised: Money, utilisation_growth: t.number, overdue_90_days: Money });
const UtilisedLimitSummary = t.type({ utilised_limit: Money, unutilised_limit: Money });
const DefaultSummary = t.type({ default_30days: Money, default_90days: Money, total: Money });

/** GET /loan_applications/credit_limit_summary. */
export const CreditLimitSummary = t.type({
  data: t.type({
    regionwise_credit_utilisation: t.array(t.type({ region: Region, region_data: RegionData })),
    utilised_limit_summary: UtilisedLimitSummary,
    overdue_summary: t.type({ overdue_90_days: Money, total_overdue: Money }),
    total_credit_limit_sanctioned: t.type({ total: Money, active_customers: t.number }),
    default: DefaultSummary,
    credit_utilisation_summary: t.type({ overall_credit_utilised: t.number, channel_finance_peneration: t.number }),
  }),
});
export type CreditLimitSummary = t.TypeOf<typeof CreditLimitSummary>['data'];

/** GET /loan_applications/lending_summary. */
export const LendingSummary = t.type({
  data: t.type({
    /** No. of Customer: absent or null is shown as '-' (spec 1 §2.5). */
    credit_limit_available: t.type({ total: Money, total_distributors: Optional(t.number) }),
    utilised_limit_summary: UtilisedLimitSummary,
    default: DefaultSummary,
  }),
});
export type LendingSummary = t.TypeOf<typeof LendingSummary>['data'];
