import { format } from 'date-fns';
import { Router, type Request } from 'express';
import { currentUser } from '../auth/middleware';
import { percent, rupees, todayOf } from '../aggregates';
import { isoDay } from '../../src/domain/dates';
import type { MockContext } from '../context';
import { sendListOrCsv, type CsvHeader } from '../csv';
import { creditRecords, gradeFields } from '../credit';
import type { DistributorCompany, Drawdown, ReadonlyDb, Repayment } from '../db';
import { bodyObject, notFound, resource, route, throwIfProblems, validationError } from '../http';
import { anchorIndex, lastInvoiceReceived } from '../invoice-index';
import {
  amountInPeriod,
  balanceAvailable,
  creditLineFigures,
  drawdownByNumber,
  excessCredit,
  figuresOf,
  FUND_STATUSES,
  fundCustomers,
  lendingCustomers,
  lendingSummary,
  loanCustomer,
  onboardedCustomers,
  warmLending,
  type LendingCustomer,
} from '../lending-index';
import { filterValue, pageParams, pageWindow } from '../paging';
import { regionFilter, statusFilter } from './distributors';
import {
  FUND_WINDOWS,
  LENDING_APPLICATION_STATUS,
  LENDING_PERIODS,
  OVERDUE_CRITERIA,
  parseSourcesFilter,
  sourceWireName,
  usesReducedLendingTable,
  type FundInDays,
  type LendingPeriod,
  type OverdueCriterion,
  type OverdueFilter,
} from '../../src/domain/lending';
import { assessCredit } from '../../src/domain/credit';
import { paiseToText } from '../../src/domain/money';
import { PAYMENT_SOURCES, type ApplicationStatus } from '../../src/domain/statuses';
import { isSearchable, PAGE_SIZE } from '../../src/domain/thresholds';

/**
 * The lending page and the credit-limit pipeline (spec 2 §2.1-2.6, §3, §4, §7), over the logged-in user's
 * anchor, answered from the lending index (mock-server/lending-index.ts) on the day of the mock's clock:
 *
 * - GET /distributor_companies/lending_list: the customers in `filter[application_status]` (approved by
 *   default) with a loan application; filters overdue_by_days + overdue_criteria (the segment, on the
 *   customer's days past due), search (name or customer code, 3+ characters), region, period (this_year,
 *   the default, or this_month: the receivables are the unpaid invoices dated in it); name A-Z. Pages 1-based
 *   (`page`, `items`); `meta` is the onboarded summary over every customer of the anchor;
 *   `filter[download_as_csv]=true` (+ `headers_accepted`) exports every matching row. Anchor 1551 gets the
 *   reduced column set.
 * - GET /distributor_companies/list: the 'All Customer' modal: customers who paid through one of
 *   `filter[payment_sources_filter]` ({product}_credit, {product}_pay, erp_payment; all three when absent);
 *   region, search; name A-Z.
 * - GET /distributor_companies/fund_available: `filter[fund_in_days]` '1' or '5' (required): customers not
 *   yet approved (new_leads, work_in_progress; `filter[application_status]` narrows) with eligibility > 0
 *   whose risk puts them in that window; the segment is on their invoice overdue days; region, search; most
 *   eligible first.
 * - GET /distributor_companies/drawdowns and /repayments: `cust_id` and `loan_application_id` (both
 *   required; the loan must be one of the anchor's customers' with that cust_id, else 404), zero-based
 *   `page` and `size` (10 by default, at most 100): `{ data, page, size, totalElements, totalPages }`, newest
 *   first.
 * - GET /distributor_companies/drawdown_invoices?drawdown_id=<drawdownId>: the drawdown's invoices.
 * - GET /loan_applications/credit_line_summary: the pipeline's three cards.
 * - POST /distributor_companies/credit_evaluation: the wizard's Complete: grades the leads its uploads
 *   named (`file_ids`), or every lead waiting for a grade, from their invoice records.
 *
 * Unknown filter values are a 422 ER-VALIDATION naming the field. Money is rupees on the wire.
 */

// ---------------------------------------------------------------------------------------------------
// Reading the query
// ---------------------------------------------------------------------------------------------------

/** `filter[overdue_by_days]` and `filter[overdue_criteria]`: both (a whole number 0 or more, equal | greater_than) or neither. */
function overdueFilter(req: Request): OverdueFilter | null {
  const days = filterValue(req, 'overdue_by_days');
  const criteria = filterValue(req, 'overdue_criteria');
  if (days === undefined && criteria === undefined) return null;
  const problems: Record<string, string> = {};
  if (days === undefined) problems.overdue_by_days = 'overdue_by_days is required with overdue_criteria';
  else if (!/^\d{1,9}$/.test(days))
    problems.overdue_by_days = 'overdue_by_days must be a whole number of days, 0 or more';
  if (criteria === undefined) problems.overdue_criteria = 'overdue_criteria is required with overdue_by_days';
  else if (!(OVERDUE_CRITERIA as readonly string[]).includes(criteria))
    problems.overdue_criteria = `overdue_criteria must be one of ${OVERDUE_CRITERIA.join(', ')}`;
  throwIfProblems(problems);
  return { overdue_by_days: Number(days), overdue_criteria: criteria as OverdueCriterion };
}

/** `filter[search]`: lower-cased; fewer than 3 characters is a 422 (the app sends none below 3). */
function searchFilter(req: Request): string | null {
  const raw = filterValue(req, 'search');
  if (raw === undefined) return null;
  if (!isSearchable(raw)) throw validationError({ search: 'search needs at least 3 characters' });
  return raw.toLowerCase();
}

function periodFilter(req: Request): LendingPeriod {
  const raw = filterValue(req, 'period') ?? 'this_year';
  if ((LENDING_PERIODS as readonly string[]).includes(raw)) return raw as LendingPeriod;
  throw validationError({ period: `period must be one of ${LENDING_PERIODS.join(', ')}` });
}

/** A query parameter as a trimmed string ('' when absent or not a single value). */
const queryText = (req: Request, name: string) => {
  const value = req.query[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** Zero-based `page` (0 by default) and `size` (10 by default, 1 to 100) of the drawdown and repayment lists. */
function zeroBasedPaging(req: Request, problems: Record<string, string>): { page: number; size: number } {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = req.query[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (
      typeof raw !== 'string' ||
      !/^\d+$/.test(raw.trim()) ||
      !Number.isSafeInteger(value) ||
      value < min ||
      value > max
    ) {
      problems[name] =
        `${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`;
      return fallback;
    }
    return value;
  };
  return { page: read('page', 0, 0, Number.MAX_SAFE_INTEGER), size: read('size', PAGE_SIZE, 1, 100) };
}

// ---------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------

/** A lending list row (spec 2 §3 customer summary), rupees. */
function lendingAttributes(c: LendingCustomer, period: LendingPeriod) {
  const loan = c.loan!;
  return {
    id: c.company.id,
    name: c.company.name,
    customer_code: c.company.customer_code,
    region: c.company.region,
    cust_id: loan.cust_id,
    application_id: loan.id,
    amount_outstanding: rupees(amountInPeriod(c, period)),
    application_status: c.company.application_status,
    risk_grading: c.company.risk_grading,
    limit_sanctioned: rupees(loan.limit_sanctioned),
    limit_utilized: rupees(loan.limit_utilized),
    balance_available: rupees(balanceAvailable(loan)),
    overdue: rupees(c.overdue),
    dpd: c.overdueByDays,
    excess_credit: rupees(excessCredit(loan)),
    is_blocked: loan.is_blocked,
    limit_expiry_date: loan.limit_expiry_date,
    loan_status: loan.loan_status,
    overdue_by_days: c.overdueByDays,
    eligibility_amount: rupees(c.company.eligibility_amount),
  };
}

/** The lending table's columns (spec 2 §2.1), for `csv_headers_accepted` and `headers_accepted`. */
const LENDING_CSV_HEADERS = [
  { display_name: 'Customer Name', key: 'name' },
  { display_name: 'Customer ID', key: 'customer_code' },
  { display_name: 'Amount Outstanding', key: 'amount_outstanding' },
  { display_name: 'Customer Status', key: 'application_status' },
  { display_name: 'Limit Sanctioned', key: 'limit_sanctioned' },
  { display_name: 'Limit Utilised', key: 'limit_utilized' },
  { display_name: 'Balance Available', key: 'balance_available' },
  { display_name: 'Overdue', key: 'overdue' },
  { display_name: 'DPD', key: 'dpd' },
  { display_name: 'Excess Credit', key: 'excess_credit' },
  { display_name: 'Stop', key: 'is_blocked' },
  { display_name: 'Limit Expiry Date', key: 'limit_expiry_date' },
  { display_name: 'Loan Status', key: 'loan_status' },
] as const;

/** Anchor 1551's reduced table (spec 2 §2.1, §6). */
const REDUCED_LENDING_CSV_HEADERS = [
  { display_name: 'Customer Name', key: 'name' },
  { display_name: 'Anchor Customer ID', key: 'customer_code' },
  { display_name: 'Limit Sanctioned', key: 'limit_sanctioned' },
  { display_name: 'Limit Utilised', key: 'limit_utilized' },
  { display_name: 'Is Customer in Overdue', key: 'overdue_flag' },
  { display_name: 'Overdue Amount', key: 'overdue' },
  { display_name: 'Overdue Days', key: 'overdue_by_days' },
  { display_name: 'Limit Available for Billing', key: 'balance_available' },
  { display_name: 'Limit Expiry Date', key: 'limit_expiry_date' },
] as const;

type LendingCsvKey = (typeof LENDING_CSV_HEADERS)[number]['key'] | (typeof REDUCED_LENDING_CSV_HEADERS)[number]['key'];

function lendingCell(c: LendingCustomer, period: LendingPeriod, key: LendingCsvKey): string {
  const loan = c.loan!;
  switch (key) {
    case 'name':
    case 'customer_code':
    case 'application_status':
      return c.company[key];
    case 'amount_outstanding':
      return paiseToText(amountInPeriod(c, period));
    case 'limit_sanctioned':
      return paiseToText(loan.limit_sanctioned);
    case 'limit_utilized':
      return paiseToText(loan.limit_utilized);
    case 'balance_available':
      return paiseToText(balanceAvailable(loan));
    case 'overdue':
      return paiseToText(c.overdue);
    case 'excess_credit':
      return paiseToText(excessCredit(loan));
    case 'dpd':
    case 'overdue_by_days':
      return String(c.overdueByDays);
    case 'overdue_flag':
      return c.overdueByDays > 0 ? 'Yes' : 'No';
    case 'is_blocked':
      return loan.is_blocked ? 'Yes' : 'No';
    case 'limit_expiry_date':
      return loan.limit_expiry_date;
    case 'loan_status':
      return loan.loan_status;
  }
}

function drawdownRow(d: Drawdown, figures: ReturnType<typeof figuresOf>) {
  return {
    drawdownId: d.drawdown_number,
    loanApplicationId: d.loan_application_id,
    disbursementDate: d.disbursement_date,
    status: d.status,
    drawdownAmount: rupees(d.amount),
    utr: d.utr === '' ? null : d.utr,
    dueDate: d.due_date,
    totalOutstandingAmount: rupees(figures.totalOutstandingAmount),
    dpdPrincipal: figures.dpdPrincipal,
    dpdInterest: figures.dpdInterest,
    postedInterestAmount: rupees(figures.postedInterestAmount),
    postedPenalAmount: rupees(figures.postedPenalAmount),
    overduePrincipalAmount: rupees(figures.overduePrincipalAmount),
    overdueInterestAmount: rupees(figures.overdueInterestAmount),
    accruedInterestAmount: rupees(figures.accruedInterestAmount),
    accruedPenalAmount: rupees(figures.accruedPenalAmount),
  };
}

function repaymentRow(r: Repayment) {
  return {
    createdAt: r.created_at,
    loanApplicationId: r.loan_application_id,
    orderId: r.order_id,
    amount: rupees(r.amount),
    paymentMode: r.payment_mode,
    status: r.status,
    utr: r.utr === '' ? null : r.utr,
  };
}

// ---------------------------------------------------------------------------------------------------
// Credit evaluation
// ---------------------------------------------------------------------------------------------------

/**
 * Which customers an evaluation grades: with `file_ids` (the wizard's uploads: customer master and
 * customer history files of the anchor), the leads those files named; without, every lead still waiting
 * for a grade (R). Leads are the customers not yet approved (new leads, work in progress).
 */
function evaluationScope(db: ReadonlyDb, anchorId: number, body: unknown): DistributorCompany[] {
  const raw = bodyObject(body).file_ids;
  const isLead = (c: DistributorCompany) =>
    c.anchor_id === anchorId && (FUND_STATUSES as readonly string[]).includes(c.application_status);
  if (raw === undefined) return db.distributor_companies.filter((c) => isLead(c) && c.risk_grading === 'R');
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 10 || !raw.every((id) => typeof id === 'string')) {
    throw validationError({ file_ids: 'file_ids must be a list of 1 to 10 file ids of customer uploads' });
  }
  const uploads = new Map(
    db.csv_uploads.filter((u) => u.anchor_id === anchorId && u.kind !== 'invoices').map((u) => [u.file_id, u]),
  );
  const unknown = raw.filter((id) => !uploads.has(id));
  if (unknown.length > 0)
    throw validationError({
      file_ids: `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a customer file' : 'are not customer files'} you uploaded`,
    });
  const named = new Set<number>();
  const historyUploads = new Set<number>();
  for (const id of raw) {
    const upload = uploads.get(id)!;
    if (upload.kind === 'customer_master') for (const companyId of upload.customer_ids ?? []) named.add(companyId);
    else historyUploads.add(upload.id);
  }
  for (const h of db.invoice_history) if (historyUploads.has(h.upload_id)) named.add(h.distributor_company_id);
  return db.distributor_companies.filter((c) => named.has(c.id) && isLead(c));
}

/** What the 'All Customer' and fund rows share: the customer, its unpaid invoices, status, risk and eligibility. */
function customerBasics(c: { company: DistributorCompany; unpaidAll: number }) {
  return {
    id: c.company.id,
    name: c.company.name,
    customer_code: c.company.customer_code,
    region: c.company.region,
    amount_outstanding: rupees(c.unpaidAll),
    application_status: c.company.application_status,
    risk_grading: c.company.risk_grading,
    eligibility_amount: rupees(c.company.eligibility_amount),
  };
}

// ---------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------

export function lendingRoutes(ctx: MockContext): Router {
  const router = Router();

  router.get(
    '/distributor_companies/lending_list',
    ctx.auth,
    route(async (req, res) => {
      const me = currentUser(req);
      const rawStatus = filterValue(req, 'application_status');
      const status: ApplicationStatus = rawStatus === undefined ? LENDING_APPLICATION_STATUS : statusFilter(rawStatus);
      const overdue = overdueFilter(req);
      const search = searchFilter(req);
      const region = regionFilter(filterValue(req, 'region'));
      const period = periodFilter(req);
      const headers: readonly CsvHeader<LendingCsvKey>[] = usesReducedLendingTable(String(me.anchor_id))
        ? REDUCED_LENDING_CSV_HEADERS
        : LENDING_CSV_HEADERS;
      const db = ctx.db();
      const now = ctx.now();
      await sendListOrCsv(req, res, {
        headers,
        filename: `Lending-${format(now, 'yyyy-MM-dd')}.csv`,
        rows: () => lendingCustomers(db, me.anchor_id, { status, overdue, search, region }, now),
        cell: (c, key) => lendingCell(c, period, key),
        page: (rows, pagy) => {
          const summary = lendingSummary(db, me.anchor_id, period, now);
          return {
            data: rows.map((c) => resource('distributor_company', c.company.id, lendingAttributes(c, period))),
            pagy,
            meta: {
              onboarded_distributors_count: summary.onboarded,
              [`distributors_using_${ctx.product}_credit_and_pay`]: summary.creditAndPay,
              [`distributors_using_${ctx.product}_credit`]: summary.credit,
              account_receivables: rupees(summary.accountReceivables),
              available_limit: rupees(summary.availableLimit),
            },
            csv_headers_accepted: headers,
          };
        },
      });
    }),
  );

  router.get(
    '/distributor_companies/list',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const raw = filterValue(req, 'payment_sources_filter');
      const sources = raw === undefined ? [...PAYMENT_SOURCES] : parseSourcesFilter(raw, ctx.product);
      if (sources === null) {
        const names = PAYMENT_SOURCES.map((s) => sourceWireName(s, ctx.product)).join(', ');
        throw validationError({
          payment_sources_filter: `payment_sources_filter must be a comma-separated list of ${names}`,
        });
      }
      const search = searchFilter(req);
      const region = regionFilter(filterValue(req, 'region'));
      const { page, items } = pageParams(req);
      const rows = onboardedCustomers(ctx.db(), me.anchor_id, { sources, search, region }, ctx.now());
      const { start, end, pagy } = pageWindow(rows.length, page, items);
      res.json({
        data: rows.slice(start, end).map((c) =>
          resource('distributor_company', c.company.id, {
            ...customerBasics(c),
            availed: c.availedCount > 0,
            availed_amount: rupees(c.availedAmount),
          }),
        ),
        pagy,
      });
    }),
  );

  router.get(
    '/distributor_companies/fund_available',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const days = filterValue(req, 'fund_in_days');
      const windows = FUND_WINDOWS.map((w) => w.days);
      if (days === undefined || !(windows as readonly string[]).includes(days)) {
        throw validationError({ fund_in_days: `fund_in_days is required: one of ${windows.join(', ')}` });
      }
      const rawStatus = filterValue(req, 'application_status');
      if (rawStatus !== undefined && !(FUND_STATUSES as readonly string[]).includes(rawStatus)) {
        throw validationError({ application_status: `application_status must be one of ${FUND_STATUSES.join(', ')}` });
      }
      const statuses = rawStatus === undefined ? FUND_STATUSES : [rawStatus as ApplicationStatus];
      const overdue = overdueFilter(req);
      const search = searchFilter(req);
      const region = regionFilter(filterValue(req, 'region'));
      const { page, items } = pageParams(req);
      const rows = fundCustomers(
        ctx.db(),
        me.anchor_id,
        { days: days as FundInDays, statuses, overdue, search, region },
        ctx.now(),
      );
      const { start, end, pagy } = pageWindow(rows.length, page, items);
      res.json({
        data: rows.slice(start, end).map((c) =>
          resource('distributor_company', c.company.id, {
            ...customerBasics(c),
            overdue_by_days: c.invoiceOverdueDays,
          }),
        ),
        pagy,
      });
    }),
  );

  /** The loan `cust_id` + `loan_application_id` name, with the zero-based paging; 422s first, then 404. */
  const loanPage = (req: Request) => {
    const me = currentUser(req);
    const problems: Record<string, string> = {};
    const custId = queryText(req, 'cust_id');
    const loanId = queryText(req, 'loan_application_id');
    if (custId === '') problems.cust_id = 'cust_id is required';
    if (loanId === '') problems.loan_application_id = 'loan_application_id is required';
    const paging = zeroBasedPaging(req, problems);
    throwIfProblems(problems);
    const id = /^\d{1,15}$/.test(loanId) ? Number(loanId) : null;
    const customer = id === null ? null : loanCustomer(ctx.db(), me.anchor_id, id, ctx.now());
    if (!customer || customer.loan?.cust_id !== custId)
      throw notFound(`No loan application ${loanId} of customer ${custId} was found.`);
    return { me, customer, ...paging };
  };

  const zeroBased = <T, R>(rows: readonly T[], page: number, size: number, map: (row: T) => R) => {
    const start = Math.min(page * size, rows.length);
    return {
      data: rows.slice(start, Math.min(start + size, rows.length)).map(map),
      page,
      size,
      totalElements: rows.length,
      totalPages: Math.ceil(rows.length / size),
    };
  };

  router.get(
    '/distributor_companies/drawdowns',
    ctx.auth,
    route((req, res) => {
      const { me, customer, page, size } = loanPage(req);
      const db = ctx.db();
      const now = ctx.now();
      res.json(zeroBased(customer.drawdowns, page, size, (d) => drawdownRow(d, figuresOf(db, me.anchor_id, d, now))));
    }),
  );

  router.get(
    '/distributor_companies/repayments',
    ctx.auth,
    route((req, res) => {
      const { customer, page, size } = loanPage(req);
      res.json(zeroBased(customer.repayments, page, size, repaymentRow));
    }),
  );

  router.get(
    '/distributor_companies/drawdown_invoices',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const number = queryText(req, 'drawdown_id');
      if (number === '') throw validationError({ drawdown_id: 'drawdown_id is required' });
      const db = ctx.db();
      const drawdown = drawdownByNumber(db, me.anchor_id, number, ctx.now());
      if (!drawdown) throw notFound(`No drawdown ${number} was found.`);
      const invoices = anchorIndex(db, me.anchor_id).invoiceById;
      res.json({
        data: drawdown.invoice_ids.flatMap((id) => {
          const invoice = invoices.get(id);
          return invoice ? [{ invoiceNumber: invoice.document_number, invoiceAmount: rupees(invoice.total) }] : [];
        }),
      });
    }),
  );

  router.get(
    '/loan_applications/credit_line_summary',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const db = ctx.db();
      const figures = creditLineFigures(db, me.anchor_id, ctx.now());
      res.json({
        data: {
          last_uploaded_invoice: lastInvoiceReceived(db, me.anchor_id),
          utilised_limit_summary: { utilised_limit_percentage: percent(figures.utilised, figures.sanctioned) },
          total_credit_limit_available: {
            total: rupees(figures.available),
            active_distributors: figures.activeDistributors,
          },
          total_credit_limit_sanctioned: { total: rupees(figures.sanctioned) },
          yet_to_avail_credit_details: {
            regular: rupees(figures.yetToAvail.regular),
            '30_days': rupees(figures.yetToAvail.over30),
            '90_days': rupees(figures.yetToAvail.over90),
            total: rupees(figures.yetToAvail.total),
          },
        },
      });
    }),
  );

  /**
   * The wizard's Complete: grades each customer in scope (`evaluationScope`) from its invoice record with
   * the kernel's rules (src/domain/credit.ts) and answers who was graded, who still needs more data, and
   * what each grade was read from.
   */
  router.post(
    '/distributor_companies/credit_evaluation',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const db = ctx.db();
      const now = ctx.now();
      const scope = evaluationScope(db, me.anchor_id, req.body);
      const records = creditRecords(db, new Set(scope.map((c) => c.id)));
      const today = isoDay(todayOf(now));
      const result = { evaluated: 0, graded: 0, need_more_data: 0, eligibility_total: 0 };
      const customers = scope.map((company) => {
        const assessment = assessCredit(records.get(company.id) ?? [], today);
        ctx.repository.update('distributor_companies', company, gradeFields(assessment));
        result.evaluated += 1;
        if (assessment.risk === 'R') result.need_more_data += 1;
        else result.graded += 1;
        result.eligibility_total += assessment.eligibility;
        return {
          customer_code: company.customer_code,
          name: company.name,
          risk_grading: assessment.risk,
          eligibility_amount: rupees(assessment.eligibility),
          invoices: assessment.invoices,
          judged: assessment.judged,
          paid_on_time: assessment.paidOnTime,
          overdue_days: assessment.overdueDays,
        };
      });
      if (scope.length > 0) warmLending(db, me.anchor_id, now);
      res.json({ data: { ...result, eligibility_total: rupees(result.eligibility_total), customers } });
    }),
  );

  return router;
}
