import * as t from 'io-ts';
import type { CreditEvaluationResult } from '../../domain/credit';
import type { DrawdownDue, ZeroBasedPage } from '../../domain/lending';
import { Id, list, Money, Nullable, Optional, type Decodes } from './common';
import { Region } from './customers';
import { CsvHeader, LeadStatus, RiskGrade } from './dashboard';
import { productKeyed } from './invoices';

/**
 * Lending and the credit-limit pipeline (spec 2 §3, §7): the lending customers with the onboarded summary,
 * the onboarded ('All Customer') list, funds available, a customer's drawdowns, their invoices and the
 * repayments, the credit line summary and the credit evaluation. Amounts are rupees on the wire, paise here.
 */

/** A customer summary row (spec 2 §3): GET /distributor_companies/lending_list. */
export const LendingCustomer = t.intersection([
  t.type({
    id: Id,
    name: t.string,
    customer_code: t.string,
    /** The provider's customer id and loan application: the drawdown and repayment calls need both. */
    cust_id: t.string,
    application_id: Id,
  }),
  t.partial({
    region: Region,
    amount_outstanding: Nullable(Money),
    application_status: Nullable(LeadStatus),
    risk_grading: Nullable(RiskGrade),
    limit_sanctioned: Nullable(Money),
    limit_utilized: Nullable(Money),
    balance_available: Nullable(Money),
    overdue: Nullable(Money),
    dpd: Nullable(t.number),
    excess_credit: Nullable(Money),
    is_blocked: Nullable(t.boolean),
    limit_expiry_date: Nullable(t.string),
    loan_status: Nullable(t.string),
    overdue_by_days: Nullable(t.number),
    eligibility_amount: Nullable(Money),
  }),
]);
export type LendingCustomer = t.TypeOf<typeof LendingCustomer>;

/**
 * The onboarded summary (spec 2 §3 meta), over every customer of the anchor whatever the table's filters:
 * onboarded = customers who paid through credit, pay or ERP; credit_and_pay = through credit or pay;
 * credit = through credit. The receivables follow the period.
 */
const onboardedSummaryCodec = (product: string) =>
  productKeyed(
    t.type({
      onboarded_distributors_count: t.number,
      distributors_using_credit_and_pay: t.number,
      distributors_using_credit: t.number,
      account_receivables: Money,
      available_limit: Money,
    }),
    product,
    {
      distributors_using_credit_and_pay: 'distributors_using_{product}_credit_and_pay',
      distributors_using_credit: 'distributors_using_{product}_credit',
    },
  );
export type OnboardedSummary = t.TypeOf<ReturnType<typeof onboardedSummaryCodec>>;

export const lendingListCodec = (product: string) =>
  t.intersection([
    list(LendingCustomer, onboardedSummaryCodec(product)),
    t.partial({ csv_headers_accepted: t.array(CsvHeader) }),
  ]);

/** A row of the 'All Customer' modal: GET /distributor_companies/list. */
export const OnboardedCustomer = t.intersection([
  t.type({ id: Id, name: t.string, customer_code: t.string }),
  t.partial({
    amount_outstanding: Nullable(Money),
    application_status: Nullable(LeadStatus),
    risk_grading: Nullable(RiskGrade),
    eligibility_amount: Nullable(Money),
    availed: Nullable(t.boolean),
    availed_amount: Nullable(Money),
  }),
]);
export type OnboardedCustomer = t.TypeOf<typeof OnboardedCustomer>;
export const OnboardedList = list(OnboardedCustomer, t.UnknownRecord);
export type OnboardedList = t.TypeOf<typeof OnboardedList>;

/** A row of the pipeline's fund tables: GET /distributor_companies/fund_available. */
export const FundCustomer = t.intersection([
  t.type({ id: Id, name: t.string, customer_code: t.string, overdue_by_days: t.number }),
  t.partial({
    amount_outstanding: Nullable(Money),
    risk_grading: Nullable(RiskGrade),
    eligibility_amount: Nullable(Money),
    application_status: Nullable(LeadStatus),
  }),
]);
export type FundCustomer = t.TypeOf<typeof FundCustomer>;
export const FundList = list(FundCustomer, t.UnknownRecord);
export type FundList = t.TypeOf<typeof FundList>;

/** Drawdown and repayment lists page from 0 (spec 2 §3). */
const zeroBasedPage = <C extends t.Mixed>(item: C) =>
  t.type({ data: t.array(item), page: t.number, size: t.number, totalElements: t.number, totalPages: t.number });

/** A drawdown (spec 2 §3). */
export const Drawdown = t.type({
  drawdownId: t.string,
  loanApplicationId: Id,
  disbursementDate: Optional(t.string),
  status: t.string,
  drawdownAmount: Money,
  utr: Optional(t.string),
  dueDate: Optional(t.string),
  totalOutstandingAmount: Money,
  dpdPrincipal: t.number,
  dpdInterest: t.number,
  postedInterestAmount: Money,
  postedPenalAmount: Money,
  overduePrincipalAmount: Money,
  overdueInterestAmount: Money,
  accruedInterestAmount: Money,
  accruedPenalAmount: Money,
});
export type Drawdown = t.TypeOf<typeof Drawdown>;
true satisfies Decodes<t.Type<Pick<Drawdown, keyof DrawdownDue>>, DrawdownDue>;

export const DrawdownPage = zeroBasedPage(Drawdown);
export type DrawdownPage = t.TypeOf<typeof DrawdownPage>;
true satisfies Decodes<t.Type<Omit<DrawdownPage, 'data'>>, ZeroBasedPage>;

/** GET /distributor_companies/drawdown_invoices. */
export const DrawdownInvoices = t.type({ data: t.array(t.type({ invoiceNumber: t.string, invoiceAmount: Money })) });

/** A repayment (spec 2 §3). */
export const Repayment = t.type({
  createdAt: t.string,
  loanApplicationId: Id,
  orderId: Optional(t.string),
  amount: Money,
  paymentMode: Optional(t.string),
  status: t.string,
  utr: Optional(t.string),
});
export type Repayment = t.TypeOf<typeof Repayment>;
export const RepaymentPage = zeroBasedPage(Repayment);
export type RepaymentPage = t.TypeOf<typeof RepaymentPage>;

/**
 * GET /loan_applications/credit_line_summary (spec 2 §3). Yet to avail: the eligibility of customers not yet
 * approved; regular = no overdue invoice, 30_days = more than 30 days overdue (90+ included), 90_days = more
 * than 90; total = all of them (so 1-30 days is total - regular - 30_days).
 */
export const CreditLineSummary = t.type({
  data: t.type({
    last_uploaded_invoice: Optional(t.string),
    utilised_limit_summary: t.type({ utilised_limit_percentage: t.number }),
    total_credit_limit_available: t.type({ total: Money, active_distributors: t.number }),
    total_credit_limit_sanctioned: t.type({ total: Money }),
    yet_to_avail_credit_details: t.type({ regular: Money, '30_days': Money, '90_days': Money, total: Money }),
  }),
});
export type CreditLineSummary = t.TypeOf<typeof CreditLineSummary>['data'];

/**
 * POST /distributor_companies/credit_evaluation (the wizard's Complete): grades the customers its uploads
 * named (or every lead waiting for a grade) from their invoice records. evaluated = graded + need_more_data;
 * `customers` says who they were and what each grade was read from.
 */
export const CreditEvaluation = t.type({
  data: t.type({
    evaluated: t.number,
    graded: t.number,
    need_more_data: t.number,
    eligibility_total: Money,
    customers: t.array(
      t.type({
        customer_code: t.string,
        name: t.string,
        risk_grading: RiskGrade,
        eligibility_amount: Money,
        invoices: t.number,
        judged: t.number,
        paid_on_time: t.number,
        overdue_days: t.number,
      }),
    ),
  }),
});
export type CreditEvaluation = t.TypeOf<typeof CreditEvaluation>['data'];
true satisfies Decodes<t.Type<CreditEvaluation>, CreditEvaluationResult>;
