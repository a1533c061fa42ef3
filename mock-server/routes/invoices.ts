import { format } from 'date-fns';
import { Router, type Request, type Response } from 'express';
import { currentUser } from '../auth/middleware';
import { defaultWindow, parseDay, percent, rupees, todayOf, type DateWindow } from '../aggregates';
import { daysBetween, isoDay } from '../../src/domain/dates';
import type { MockContext } from '../context';
import { csvColumnsFrom, sendCsv, wantsCsv, type CsvHeader } from '../csv';
import { paiseToText } from '../../src/domain/money';
import type { Invoice, Payment, ReadonlyDb, StarResource } from '../db';
import {
  CLOSED_STATUSES,
  type ClosedStatus,
  DUE_STATUSES,
  INVOICE_STATUSES,
  type InvoiceStatus,
} from '../../src/domain/statuses';
import { bodyObject, isRecord, notFound, resource, route, throwIfProblems, validationError } from '../http';
import {
  anchorIndex,
  availableLimit,
  availableLimits,
  balanceOf,
  factsOf,
  findInvoices,
  findPayments,
  graphTypeOf,
  invoiceStats,
  isStarred,
  lastInvoiceReceived,
  linkFigures,
  OVERDUE_CRITERIA,
  overdueDays,
  setStar,
  STATS_TYPES,
  type AnchorIndex,
  type InvoiceQuery,
  type OverdueCriteria,
  type PaymentQuery,
  type StatsBuckets,
  type StatsType,
} from '../invoice-index';
import { filterValue, pageParams, pageWindow, type Pagy } from '../paging';
import { regionFilter } from './distributors';
import { isSearchable, SEARCH_MIN_LENGTH, searchKeyword } from '../../src/domain/thresholds';
import { INVOICE_SEARCH_MIN_LENGTH } from '../../src/domain/reminders';

/**
 * The invoices page (spec 1 §2.6, §3, §4, §7): invoice statistics, the Invoices Due list and the Detailed
 * Invoice table (GET /invoices), collections (GET /payments), stars (POST /resources/create_or_update) and
 * the distributor utilisation card (GET /distributor_companies/details). Lists are served from the
 * per-anchor indexes of mock-server/invoice-index.ts. Amounts are rupees on the wire; product-keyed names
 * (`due_with_{product}`, `cleared_using_{product}_credit`) use ctx.product.
 *
 * GET /invoices query (all under `filter[...]`, as the spec names them):
 * - `status_in[]`: any of open, partially_paid, paid, in-progress (default open and partially_paid);
 * - `overdue_by_days` (a whole number) with `overdue_criteria` eq | lt | lteq | gt | gteq (default eq):
 *   overdue days are today - due date, so Due Today is 0/eq, Not Overdue 0/lteq, '<30' 30/lteq, 30+ 30/gt;
 * - `channel_finance` 1 | 0 | all; `distributor_company_region_eq` north | east | west | south | all;
 * - `closed_status` credit | pay | settled | pending_settlement | all (how a paid invoice was closed);
 * - `resource_starred_eq` true | false; `distributor_company_id`; `search_keyword` (3+ characters, invoice
 *   number or customer name, any case);
 * - `download_as_csv` true, with `headers_accepted` (top level), exports every matching row.
 * Plus `page` and `items`. Rows are sorted by due date (oldest first), then id.
 *
 * GET /payments query: `filter[region]`, `filter[payment_date_in_days]` (N: paid from today - N to today;
 * 0 is today), `filter[status_in][]` (paid), `filter[starred]` true | false, `filter[search_keyword]`,
 * `filter[download_as_csv]` with `headers_accepted`; `page`, `items`. Newest payment first.
 */

/** `filter[name]` as a list: repeated (`name[]=a&name[]=b`) or comma-separated; undefined when absent. */
function filterList(req: Request, name: string): string[] | undefined {
  const filter = req.query.filter;
  if (!isRecord(filter)) return undefined;
  const raw = filter[name];
  if (raw === undefined || raw === '') return undefined;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [null]));
  if (parts.includes(null)) throw validationError({ [name]: `${name} must be a list of values` });
  const values = (parts as string[]).map((v) => v.trim()).filter((v) => v !== '');
  return values.length === 0 ? undefined : values;
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  field: string,
  problems: Record<string, string>,
): T | null {
  if (value === undefined || value === 'all') return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems[field] = `${field} must be one of all, ${allowed.join(', ')}`;
  return null;
}

function booleanFilter(value: string | undefined, field: string, problems: Record<string, string>): boolean | null {
  if (value === undefined) return null;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  problems[field] = `${field} must be true or false`;
  return null;
}

function wholeNumber(
  value: string | undefined,
  field: string,
  problems: Record<string, string>,
  min: number,
  max: number,
): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || n < min || n > max) {
    problems[field] = `${field} must be a whole number from ${min} to ${max}`;
    return null;
  }
  return n;
}

/** `filter[search_keyword]`: 3 or more characters after trimming (spec §5), trimmed and lower-cased for matching; null when absent. */
function searchFilter(req: Request, problems: Record<string, string>): string | null {
  const value = filterValue(req, 'search_keyword');
  if (value === undefined) return null;
  const keyword = searchKeyword(value);
  if (keyword === undefined) {
    problems.search_keyword = `search_keyword needs at least ${SEARCH_MIN_LENGTH} characters`;
    return null;
  }
  return keyword.toLowerCase();
}

/** Reads the GET /invoices filters; every problem is one 422. */
function invoiceQuery(req: Request): InvoiceQuery {
  const problems: Record<string, string> = {};
  const statusList = filterList(req, 'status_in') ?? [...DUE_STATUSES];
  const badStatus = statusList.filter((s) => !(INVOICE_STATUSES as readonly string[]).includes(s));
  if (badStatus.length > 0) problems.status_in = `status_in must list statuses among ${INVOICE_STATUSES.join(', ')}`;

  const days = wholeNumber(filterValue(req, 'overdue_by_days'), 'overdue_by_days', problems, -36500, 36500);
  const criteriaText = filterValue(req, 'overdue_criteria');
  let criteria: OverdueCriteria = 'eq';
  if (criteriaText !== undefined) {
    if ((OVERDUE_CRITERIA as readonly string[]).includes(criteriaText)) criteria = criteriaText as OverdueCriteria;
    else problems.overdue_criteria = `overdue_criteria must be one of ${OVERDUE_CRITERIA.join(', ')}`;
    if (filterValue(req, 'overdue_by_days') === undefined)
      problems.overdue_by_days = 'overdue_by_days is required with overdue_criteria';
  }

  const cf = filterValue(req, 'channel_finance');
  let channelFinance: boolean | null = null;
  if (cf === '1') channelFinance = true;
  else if (cf === '0') channelFinance = false;
  else if (cf !== undefined && cf !== 'all') problems.channel_finance = 'channel_finance must be 1, 0 or all';

  let region: InvoiceQuery['region'] = null;
  try {
    region = regionFilter(filterValue(req, 'distributor_company_region_eq'), 'distributor_company_region_eq');
  } catch {
    problems.distributor_company_region_eq =
      'distributor_company_region_eq must be one of all, north, east, west, south';
  }
  const closedStatus = oneOf<ClosedStatus>(
    filterValue(req, 'closed_status'),
    CLOSED_STATUSES,
    'closed_status',
    problems,
  );
  const starred = booleanFilter(filterValue(req, 'resource_starred_eq'), 'resource_starred_eq', problems);
  const companyId = wholeNumber(
    filterValue(req, 'distributor_company_id'),
    'distributor_company_id',
    problems,
    1,
    Number.MAX_SAFE_INTEGER,
  );
  const search = searchFilter(req, problems);
  const numberPart = filterValue(req, 'document_number_cont')?.trim().toLowerCase();
  if (numberPart !== undefined && !isSearchable(numberPart, INVOICE_SEARCH_MIN_LENGTH))
    problems.document_number_cont = `document_number_cont needs at least ${INVOICE_SEARCH_MIN_LENGTH} characters`;
  throwIfProblems(problems);
  return {
    numberSearch: numberPart ?? null,
    statuses: statusList as InvoiceStatus[],
    region,
    channelFinance,
    closedStatus,
    companyId,
    overdue: days === null ? null : { days, criteria },
    starred,
    search,
  };
}

/** Reads the GET /payments filters. */
function paymentQuery(req: Request): PaymentQuery {
  const problems: Record<string, string> = {};
  let region: PaymentQuery['region'] = null;
  try {
    region = regionFilter(filterValue(req, 'region'));
  } catch {
    problems.region = 'region must be one of all, north, east, west, south';
  }
  const sinceDays = wholeNumber(filterValue(req, 'payment_date_in_days'), 'payment_date_in_days', problems, 0, 36500);
  const statuses = filterList(req, 'status_in');
  if (statuses !== undefined && statuses.some((s) => s !== 'paid'))
    problems.status_in = 'status_in may only list paid (every payment is paid)';
  const starred = booleanFilter(filterValue(req, 'starred'), 'starred', problems);
  const search = searchFilter(req, problems);
  throwIfProblems(problems);
  return { region, sinceDays, starred, search };
}

// ---------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------

/** How a payment source is named on the wire: `{product}_credit`, `{product}_pay`, or erp_payment (received outside). */
const sourceName = (source: Payment['source'], product: string) =>
  source === 'erp_payment' ? 'erp_payment' : `${product}_${source}`;

/** The customer's sanctioned limit (approved loans) and what may still be drawn on it; null without an approved loan. */
function limitsOf(index: AnchorIndex, companyId: number, todayIso: string) {
  const loan = index.loans.get(companyId);
  if (!loan || loan.application_status !== 'approved') return { approved: null, available: null };
  return { approved: loan.limit_sanctioned, available: availableLimit(loan, todayIso) };
}

function invoiceAttributes(db: ReadonlyDb, index: AnchorIndex, inv: Invoice, todayIso: string, product: string) {
  const company = index.companies.get(inv.distributor_company_id);
  const facts = factsOf(index, inv.id);
  const limits = limitsOf(index, inv.distributor_company_id, todayIso);
  const latest = facts.latest;
  const balance = balanceOf(inv);
  return {
    id: inv.id,
    document_number: inv.document_number,
    erp_invoice_id: inv.erp_invoice_id,
    customer_code: inv.customer_code,
    total: rupees(inv.total),
    invoice_date: inv.invoice_date,
    due_date: inv.due_date,
    status: inv.status,
    closed_status: inv.closed_status,
    overdue_by_days: overdueDays(inv, todayIso),
    available_limit: limits.available === null ? null : rupees(limits.available),
    approved_limit: limits.approved === null ? null : rupees(limits.approved),
    [`due_with_${product}`]: rupees(facts.dueWithProvider),
    balance_amount: rupees(balance),
    balance_amount_percent: percent(balance, inv.total),
    channel_finance: inv.channel_finance,
    latest_payment_settlement_date: latest?.settlement_date ?? null,
    latest_payment_settlement_amount: latest ? rupees(latest.settlement_amount) : null,
    latest_payment_utr_number: latest?.utr_number ?? null,
    latest_payment_source: latest ? sourceName(latest.source, product) : null,
    amount_paid: rupees(inv.amount_paid),
    [`collected_outside_${product}`]: rupees(facts.paidOutside),
    invoice_rejected_ddr: inv.invoice_rejected_ddr,
    virtual_account_number: inv.virtual_account_number,
    creation_date: inv.creation_date,
    ddr_status_date: inv.ddr_status_date,
    distributor_company: {
      id: inv.distributor_company_id,
      name: company?.name ?? '',
      business_email: company?.business_email ?? null,
    },
    resource: { starred: isStarred(db, inv.anchor_id, 'Invoice', inv.id) },
  };
}

/** Days until a drawdown falls due (0 on the day), or null once it is past or for a payment without one. */
const dueInDays = (due: string | null, todayIso: string) =>
  due === null ? null : due >= todayIso ? daysBetween(todayIso, due)! : null;
/** Days a drawdown is past its due date, or null when it is not (yet) or there is none. */
const overdueByDays = (due: string | null, todayIso: string) =>
  due === null ? null : due < todayIso ? daysBetween(due, todayIso)! : null;

function paymentAttributes(db: ReadonlyDb, index: AnchorIndex, p: Payment, todayIso: string, product: string) {
  const inv = index.invoiceById.get(p.invoice_id);
  const company = index.companies.get(p.distributor_company_id);
  const drawdownDue = p.drawdown_id === null ? null : (index.drawdownDue.get(p.drawdown_id) ?? null);
  return {
    id: p.id,
    distributor_company: { id: p.distributor_company_id, name: company?.name ?? '' },
    invoice: inv
      ? {
          id: inv.id,
          document_number: inv.document_number,
          total: rupees(inv.total),
          invoice_date: inv.invoice_date,
          due_date: inv.due_date,
          status: inv.status,
          customer_code: inv.customer_code,
        }
      : null,
    virtual_account_number: inv?.virtual_account_number ?? company?.virtual_account_number ?? null,
    drawdown_due_date: drawdownDue,
    due_in_days: dueInDays(drawdownDue, todayIso),
    overdue_by_days: overdueByDays(drawdownDue, todayIso),
    payment_date: p.payment_date,
    settlement_date: p.settlement_date,
    settlement_amount: rupees(p.settlement_amount),
    amount: rupees(p.amount),
    utr_number: p.utr_number,
    balance_due: inv ? rupees(balanceOf(inv)) : null,
    balance_amount_percent: inv ? percent(balanceOf(inv), inv.total) : null,
    channel_finance: inv?.channel_finance ?? company?.channel_finance ?? false,
    source: sourceName(p.source, product),
    received_outside: p.source === 'erp_payment',
    resource: { starred: isStarred(db, p.anchor_id, 'Payment', p.id) },
  };
}

// ---------------------------------------------------------------------------------------------------
// CSV columns
// ---------------------------------------------------------------------------------------------------

const productLabel = (product: string) => product.charAt(0).toUpperCase() + product.slice(1);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const money = (paise: number | null) => (paise === null ? '' : paiseToText(paise));

type CellContext = { index: AnchorIndex; todayIso: string; product: string };
type Cell<T> = (row: T, ctx: CellContext) => string;
interface CsvColumn<T> extends CsvHeader {
  cell: Cell<T>;
}

/** What a list request asks for, checked before any work: every matching row as CSV in these columns, or one page. */
type ListRequest<T> = { csv: CsvColumn<T>[] } | { page: number; items: number };

function readListRequest<T>(req: Request, accepted: readonly CsvColumn<T>[]): ListRequest<T> {
  return wantsCsv(req) ? { csv: csvColumnsFrom(accepted, req.query.headers_accepted) } : pageParams(req);
}

/** Answers a list: the CSV of every matching row (streamed), or the page `page` builds from its rows and pagy. */
async function answerList<T>(
  res: Response,
  wanted: ListRequest<T>,
  found: { count: number; rows: (start: number, end: number) => readonly T[]; filename: string; cellCtx: CellContext },
  page: (rows: readonly T[], pagy: Pagy) => object,
): Promise<void> {
  if ('csv' in wanted) {
    const columns = wanted.csv;
    await sendCsv(
      res,
      found.filename,
      columns.map((c) => c.display_name),
      found.rows(0, found.count),
      (row) => columns.map((c) => c.cell(row, found.cellCtx)),
    );
    return;
  }
  const { start, end, pagy } = pageWindow(found.count, wanted.page, wanted.items);
  res.json(page(found.rows(start, end), pagy));
}

const INVOICE_COLUMNS = (product: string): CsvColumn<Invoice>[] => [
  {
    display_name: 'Customer Name',
    key: 'customer_name',
    cell: (inv, c) => c.index.companies.get(inv.distributor_company_id)?.name ?? '',
  },
  { display_name: 'Customer Code', key: 'customer_code', cell: (inv) => inv.customer_code },
  { display_name: 'Invoice Number', key: 'document_number', cell: (inv) => inv.document_number },
  { display_name: 'Virtual Account Number', key: 'virtual_account_number', cell: (inv) => inv.virtual_account_number },
  { display_name: 'Invoice Amount', key: 'total', cell: (inv) => paiseToText(inv.total) },
  { display_name: 'Invoice Date', key: 'invoice_date', cell: (inv) => inv.invoice_date },
  { display_name: 'Due Date', key: 'due_date', cell: (inv) => inv.due_date },
  { display_name: 'Status', key: 'status', cell: (inv) => inv.status },
  { display_name: 'Ageing (Days)', key: 'overdue_by_days', cell: (inv, c) => String(overdueDays(inv, c.todayIso)) },
  {
    display_name: 'Approved Limit',
    key: 'approved_limit',
    cell: (inv, c) => money(limitsOf(c.index, inv.distributor_company_id, c.todayIso).approved),
  },
  {
    display_name: 'Available Limit',
    key: 'available_limit',
    cell: (inv, c) => money(limitsOf(c.index, inv.distributor_company_id, c.todayIso).available),
  },
  {
    display_name: `Due with ${productLabel(product)}`,
    key: `due_with_${product}`,
    cell: (inv, c) => paiseToText(factsOf(c.index, inv.id).dueWithProvider),
  },
  { display_name: 'Balance Amount', key: 'balance_amount', cell: (inv) => paiseToText(balanceOf(inv)) },
  { display_name: 'Amount Paid', key: 'amount_paid', cell: (inv) => paiseToText(inv.amount_paid) },
  {
    display_name: 'Settlement Date',
    key: 'latest_payment_settlement_date',
    cell: (inv, c) => factsOf(c.index, inv.id).latest?.settlement_date ?? '',
  },
  {
    display_name: 'Settlement Amount',
    key: 'latest_payment_settlement_amount',
    cell: (inv, c) => money(factsOf(c.index, inv.id).latest?.settlement_amount ?? null),
  },
  {
    display_name: 'UTR Number',
    key: 'latest_payment_utr_number',
    cell: (inv, c) => factsOf(c.index, inv.id).latest?.utr_number ?? '',
  },
  { display_name: 'Channel Finance', key: 'channel_finance', cell: (inv) => yesNo(inv.channel_finance) },
];

const PAYMENT_COLUMNS: CsvColumn<Payment>[] = [
  {
    display_name: 'Customer Name',
    key: 'customer_name',
    cell: (p, c) => c.index.companies.get(p.distributor_company_id)?.name ?? '',
  },
  {
    display_name: 'Invoice Number',
    key: 'document_number',
    cell: (p, c) => c.index.invoiceById.get(p.invoice_id)?.document_number ?? '',
  },
  {
    display_name: 'Invoice Amount',
    key: 'invoice_total',
    cell: (p, c) => money(c.index.invoiceById.get(p.invoice_id)?.total ?? null),
  },
  { display_name: 'Payment Date', key: 'payment_date', cell: (p) => p.payment_date },
  {
    display_name: 'Drawdown Due Date',
    key: 'drawdown_due_date',
    cell: (p, c) => (p.drawdown_id === null ? '' : (c.index.drawdownDue.get(p.drawdown_id) ?? '')),
  },
  {
    display_name: 'Due In (Days)',
    key: 'due_in_days',
    cell: (p, c) => String(dueInDays(drawdownDueOf(p, c.index), c.todayIso) ?? ''),
  },
  {
    display_name: 'Overdue By (Days)',
    key: 'overdue_by_days',
    cell: (p, c) => String(overdueByDays(drawdownDueOf(p, c.index), c.todayIso) ?? ''),
  },
  { display_name: 'Amount Paid', key: 'amount', cell: (p) => paiseToText(p.amount) },
  { display_name: 'Payment Reference', key: 'utr_number', cell: (p) => p.utr_number },
  { display_name: 'Settlement Date', key: 'settlement_date', cell: (p) => p.settlement_date ?? '' },
  { display_name: 'Settlement Amount', key: 'settlement_amount', cell: (p) => paiseToText(p.settlement_amount) },
  // 'Yes' / 'No' rather than the table's 'Yes' / '-': a lone '-' would come out guarded as "'-".
  { display_name: 'Received Outside', key: 'received_outside', cell: (p) => yesNo(p.source === 'erp_payment') },
];

const drawdownDueOf = (p: Payment, index: AnchorIndex) =>
  p.drawdown_id === null ? null : (index.drawdownDue.get(p.drawdown_id) ?? null);

const headersOf = (columns: readonly CsvHeader[]): CsvHeader[] =>
  columns.map((c) => ({ display_name: c.display_name, key: c.key }));

function settingOn(db: ReadonlyDb, anchorId: number, key: string): boolean {
  const value = db.anchor_settings.find((s) => s.anchor_id === anchorId)?.settings[key]?.default;
  return value === true;
}

/** The invoice columns this anchor may export: the virtual account column only when the anchor shows it. */
function invoiceCsvHeaders(db: ReadonlyDb, anchorId: number, product: string): CsvColumn<Invoice>[] {
  const showVan = settingOn(db, anchorId, 'show_virtual_account_number');
  return INVOICE_COLUMNS(product).filter((c) => showVan || c.key !== 'virtual_account_number');
}

const PAYMENT_CSV_HEADERS: CsvHeader[] = headersOf(PAYMENT_COLUMNS);

// ---------------------------------------------------------------------------------------------------
// Stats query
// ---------------------------------------------------------------------------------------------------

/** A window from `<fromKey>`/`<toKey>` (both or neither; neither gives the type's default window). */
function statsWindow(
  req: Request,
  fromKey: string,
  toKey: string,
  type: StatsType,
  today: Date,
  problems: Record<string, string>,
): DateWindow {
  const read = (key: string) => {
    const raw = req.query[key];
    if (raw === undefined || raw === '') return undefined;
    const day = parseDay(raw);
    if (day === null) problems[key] = `${key} must be a date as YYYY-MM-DD`;
    return day ?? undefined;
  };
  const from = read(fromKey);
  const to = read(toKey);
  const fallback = defaultWindow(graphTypeOf(type), today);
  if (from === undefined && to === undefined) return fallback;
  if (problems[fromKey] || problems[toKey]) return fallback;
  if (from === undefined || to === undefined) {
    problems[from === undefined ? fromKey : toKey] = `${fromKey} and ${toKey} go together`;
    return fallback;
  }
  if (from > to) problems[toKey] = `${toKey} must be on or after ${fromKey}`;
  return { from, to };
}

function statsType(req: Request, key: string, fallback: StatsType, problems: Record<string, string>): StatsType {
  const raw = req.query[key];
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw === 'string' && (STATS_TYPES as readonly string[]).includes(raw)) return raw as StatsType;
  problems[key] = `${key} must be monthly or yearly`;
  return fallback;
}

/** A chart's rows: one per calendar month of the window with its year, oldest first (yearly), or the weeks (monthly). */
function statsFilterInformation(buckets: StatsBuckets, product: string) {
  const amounts = (b: {
    count: number;
    total_amount: number;
    paid_using_credit: number;
    paid_using_pay: number;
    paid_outside: number;
  }) => ({
    count: b.count,
    total_amount: rupees(b.total_amount),
    [`paid_using_${product}_credit`]: rupees(b.paid_using_credit),
    [`paid_using_${product}_pay`]: rupees(b.paid_using_pay),
    [`paid_outside_${product}`]: rupees(b.paid_outside),
  });
  if (buckets.type === 'yearly') return buckets.months.map((m) => ({ month: m.month, year: m.year, ...amounts(m) }));
  return [{ weekly_data: buckets.weeks.map((w) => ({ week: w.week, ...amounts(w) })) }];
}

// ---------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------

const RESOURCE_TYPES: readonly StarResource['resource_type'][] = ['Invoice', 'Payment'];

/** The create-links card's figures on the wire: counts, and the links' total due in rupees. */
function linksMeta(db: ReadonlyDb, anchorId: number, now: number) {
  const { total_due, ...counts } = linkFigures(db, anchorId, now);
  return { ...counts, links_total_due: rupees(total_due) };
}

export function invoiceRoutes(ctx: MockContext): Router {
  const router = Router();
  const todayIso = () => isoDay(todayOf(ctx.now()));

  router.get(
    '/invoices/stats',
    ctx.auth,
    route((req, res) => {
      const problems: Record<string, string> = {};
      const today = todayOf(ctx.now());
      const boxType = statsType(req, 'invoice_box', 'monthly', problems);
      const sharedType = statsType(req, 'shared_type', 'yearly', problems);
      const clearedType = statsType(req, 'cleared_type', 'yearly', problems);
      const query = {
        box: statsWindow(req, 'invoices_summary_from', 'invoices_summary_to', boxType, today, problems),
        shared: {
          window: statsWindow(
            req,
            'shared_invoices_graph_from',
            'shared_invoices_graph_to',
            sharedType,
            today,
            problems,
          ),
          type: sharedType,
        },
        cleared: {
          window: statsWindow(
            req,
            'cleared_invoices_graph_from',
            'cleared_invoices_graph_to',
            clearedType,
            today,
            problems,
          ),
          type: clearedType,
        },
      };
      throwIfProblems(problems);
      const s = invoiceStats(ctx.db(), currentUser(req).anchor_id, query, ctx.now());
      const p = ctx.product;
      res.json({
        data: {
          invoices_summary: {
            shared_invoice_count: s.invoices_summary.shared_invoice_count,
            shared_invoice_total_amount: rupees(s.invoices_summary.shared_invoice_total_amount),
            cleared_invoice_count: s.invoices_summary.cleared_invoice_count,
            total_cleared_amount: rupees(s.invoices_summary.total_cleared_amount),
            [`cleared_using_${p}_credit`]: rupees(s.invoices_summary.cleared_using_credit),
            [`cleared_using_${p}_pay`]: rupees(s.invoices_summary.cleared_using_pay),
            [`cleared_outside_${p}`]: rupees(s.invoices_summary.cleared_outside),
          },
          overdue_invoices_summary: {
            total_overdue_invoices_amount: rupees(s.overdue_invoices_summary.total_overdue_invoices_amount),
            regular_open_invoices_amount: rupees(s.overdue_invoices_summary.regular_open_invoices_amount),
            overdue_invoices_amount_upto_30_days: rupees(
              s.overdue_invoices_summary.overdue_invoices_amount_upto_30_days,
            ),
            overdue_invoices_amount_30_days: rupees(s.overdue_invoices_summary.overdue_invoices_amount_30_days),
            overdue_invoices_amount_90_days: rupees(s.overdue_invoices_summary.overdue_invoices_amount_90_days),
            in_progress_invoices_amount: rupees(s.overdue_invoices_summary.in_progress_invoices_amount),
          },
          available_limits_summary: {
            total_available_limit: rupees(s.available_limits_summary.total_available_limit),
            avl_limit_pertaining_for_open_invoices: rupees(
              s.available_limits_summary.avl_limit_pertaining_for_open_invoices,
            ),
          },
          shared_invoices_graph_data: { filter_information: statsFilterInformation(s.shared, p) },
          cleared_invoices_graph_data: { filter_information: statsFilterInformation(s.cleared, p) },
        },
      });
    }),
  );

  router.get(
    '/invoices',
    ctx.auth,
    route(async (req, res) => {
      const me = currentUser(req);
      const db = ctx.db();
      const accepted = invoiceCsvHeaders(db, me.anchor_id, ctx.product);
      const wanted = readListRequest(req, accepted);
      const result = findInvoices(db, me.anchor_id, invoiceQuery(req), ctx.now());
      const index = anchorIndex(db, me.anchor_id);
      const today = todayIso();
      await answerList(
        res,
        wanted,
        {
          ...result,
          filename: `Invoices-${format(ctx.now(), 'yyyy-MM-dd')}.csv`,
          cellCtx: { index, todayIso: today, product: ctx.product },
        },
        (rows, pagy) => ({
          data: rows.map((inv) => resource('invoice', inv.id, invoiceAttributes(db, index, inv, today, ctx.product))),
          pagy,
          meta: {
            total_due: rupees(result.totalDue),
            no_of_invoices: result.count,
            no_of_customers: result.customers,
            last_invoices_upload: lastInvoiceReceived(db, me.anchor_id),
            show_virtual_account_number: settingOn(db, me.anchor_id, 'show_virtual_account_number'),
            ...linksMeta(db, me.anchor_id, ctx.now()),
          },
          csv_headers_accepted: headersOf(accepted),
        }),
      );
    }),
  );

  router.get(
    '/payments',
    ctx.auth,
    route(async (req, res) => {
      const me = currentUser(req);
      const db = ctx.db();
      const wanted = readListRequest(req, PAYMENT_COLUMNS);
      const result = findPayments(db, me.anchor_id, paymentQuery(req), ctx.now());
      const index = anchorIndex(db, me.anchor_id);
      const today = todayIso();
      await answerList(
        res,
        wanted,
        {
          ...result,
          filename: `Payments-${format(ctx.now(), 'yyyy-MM-dd')}.csv`,
          cellCtx: { index, todayIso: today, product: ctx.product },
        },
        (rows, pagy) => ({
          data: rows.map((p) => resource('payment', p.id, paymentAttributes(db, index, p, today, ctx.product))),
          pagy,
          meta: {
            total_collected_amount: rupees(result.totalCollected),
            no_of_invoices: result.invoices,
            no_of_customers: result.customers,
          },
          csv_headers_accepted: PAYMENT_CSV_HEADERS,
        }),
      );
    }),
  );

  router.post(
    '/resources/create_or_update',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const body = bodyObject(req.body, 'resource');
      const problems: Record<string, string> = {};
      const type = body.resource_type;
      if (typeof type !== 'string' || !(RESOURCE_TYPES as readonly string[]).includes(type))
        problems.resource_type = 'resource_type must be Invoice or Payment';
      const rawId = body.resource_id;
      const id =
        typeof rawId === 'number'
          ? rawId
          : typeof rawId === 'string' && /^\d+$/.test(rawId.trim())
            ? Number(rawId.trim())
            : NaN;
      if (!Number.isSafeInteger(id) || id < 1)
        problems.resource_id = 'resource_id must be the id of an invoice or payment';
      const rawStarred = body.starred;
      const starred =
        rawStarred === true || rawStarred === 'true'
          ? true
          : rawStarred === false || rawStarred === 'false'
            ? false
            : null;
      if (starred === null) problems.starred = 'starred must be true or false';
      throwIfProblems(problems);
      const db = ctx.db();
      const index = anchorIndex(db, me.anchor_id);
      const kind = type as StarResource['resource_type'];
      const exists = kind === 'Invoice' ? index.invoiceById.has(id) : index.paymentById.has(id);
      // Another anchor's invoice is as unknown as a missing one.
      if (!exists) throw notFound(`${kind} ${id} was not found.`);
      const row = setStar(ctx.repository, me.anchor_id, kind, id, starred!);
      res.json({
        message: starred ? `${kind} starred.` : `${kind} unstarred.`,
        data: resource('resource', row.id, {
          resource_type: row.resource_type,
          resource_id: row.resource_id,
          starred: row.starred,
        }),
      });
    }),
  );

  router.get(
    '/distributor_companies/details',
    ctx.auth,
    route((req, res) => {
      const limits = availableLimits(ctx.db(), currentUser(req).anchor_id, ctx.now());
      res.json({
        data: {
          total_available_limit_for_drawdown: rupees(limits.total),
          available_for_overdue_by_30: rupees(limits.overdue30),
          available_for_overdue_by_90: rupees(limits.overdue90),
        },
      });
    }),
  );

  return router;
}
