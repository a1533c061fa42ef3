import { format } from 'date-fns';
import { Router, type Request, type Response } from 'express';
import { currentUser } from '../auth/middleware';
import { rupees } from '../aggregates';
import { daysBetween, isoDay } from '../../src/domain/dates';
import type { MockContext } from '../context';
import { sendListOrCsv } from '../csv';
import type { DistributorCompany, ReadonlyDb, Retailer, RetailerInvoice, User } from '../db';
import { HttpError, notFound, resource, route, validationError } from '../http';
import { filterValue, paginate, pageParams } from '../paging';
import { regionFilter } from './distributors';
import { ACCESS_TYPES, type AccessType } from '../../src/domain/access';
import { RETAILER_INVOICE_PAGE_SIZE } from '../../src/domain/admin';
import { paiseToText } from '../../src/domain/money';
import { OVERDUE_BUCKETS } from '../../src/domain/statuses';

/**
 * The retailer page (spec 2 §2.9, §3, §7): accounts receivable and the channel-finance summary, the
 * distributor-wise retailer list, a distributor's retailers and a retailer's invoices. Every route is behind
 * auth and sees only the user's anchor. Figures come from the rows on the mock's clock (`ctx.now()`, as a
 * local calendar day):
 *
 * - a retailer invoice's unpaid amount is total - amount_paid; it is past due once its due date is behind
 *   us (due yesterday: 1 day), and its ageing is those days (0 when not yet due, or paid);
 * - 30+ and 90+ are more than 30 and more than 90 days past due (cumulative: a 90+ invoice is also 30+);
 * - a retailer's limit counts only while it is on channel finance (a retailer off channel finance has no
 *   limit: sanctioned, utilised and available are 0), and available = sanctioned - utilised, so the three
 *   always add up, per row and in every sum;
 * - a retailer's amount outstanding and its unpaid invoice amount are the same figure (every unpaid rupee
 *   of its invoices; the spec names both and draws no line between them); amount overdue is the part of it
 *   on invoices past due.
 */

/** One retailer's figures, in paise. */
interface RetailerFigures {
  sanctioned: number;
  utilised: number;
  available: number;
  /** Unpaid on all its invoices. */
  outstanding: number;
  /** Unpaid on its invoices past due. */
  overdue: number;
  /** Invoices with something unpaid. */
  unpaidCount: number;
  /** Unpaid on its invoices more than 30 / 90 days past due. */
  over30: number;
  over90: number;
}

/** Days an invoice is past its due date on `today` ('YYYY-MM-DD'); 0 when not yet due or paid. */
function invoiceAgeing(invoice: RetailerInvoice, today: string): number {
  if (invoice.status === 'paid' || invoice.amount_paid >= invoice.total) return 0;
  return Math.max(0, daysBetween(invoice.due_date, today)!);
}

function retailerFigures(retailer: Retailer, invoices: readonly RetailerInvoice[], today: string): RetailerFigures {
  const sanctioned = retailer.channel_finance ? retailer.total_limit_sanctioned : 0;
  const utilised = retailer.channel_finance ? retailer.limit_utilised : 0;
  const figures: RetailerFigures = {
    sanctioned,
    utilised,
    available: sanctioned - utilised,
    outstanding: 0,
    overdue: 0,
    unpaidCount: 0,
    over30: 0,
    over90: 0,
  };
  for (const invoice of invoices) {
    const unpaid = Math.max(0, invoice.total - invoice.amount_paid);
    if (unpaid === 0) continue;
    const ageing = invoiceAgeing(invoice, today);
    figures.outstanding += unpaid;
    figures.unpaidCount += 1;
    if (ageing > 0) figures.overdue += unpaid;
    if (ageing > OVERDUE_BUCKETS.over30) figures.over30 += unpaid;
    if (ageing > OVERDUE_BUCKETS.over90) figures.over90 += unpaid;
  }
  return figures;
}

/** A distributor's figures over its retailers, in paise. */
interface DistributorFigures {
  retailers: number;
  onChannelFinance: number;
  sanctioned: number;
  utilised: number;
  available: number;
  thirtyPlusRetailers: number;
  thirtyPlusValue: number;
  nintyPlusRetailers: number;
  nintyPlusValue: number;
}

function distributorFigures(
  retailers: readonly Retailer[],
  figuresOf: (r: Retailer) => RetailerFigures,
): DistributorFigures {
  const out: DistributorFigures = {
    retailers: 0,
    onChannelFinance: 0,
    sanctioned: 0,
    utilised: 0,
    available: 0,
    thirtyPlusRetailers: 0,
    thirtyPlusValue: 0,
    nintyPlusRetailers: 0,
    nintyPlusValue: 0,
  };
  for (const retailer of retailers) {
    const f = figuresOf(retailer);
    out.retailers += 1;
    if (retailer.channel_finance) out.onChannelFinance += 1;
    out.sanctioned += f.sanctioned;
    out.utilised += f.utilised;
    out.available += f.available;
    if (f.over30 > 0) {
      out.thirtyPlusRetailers += 1;
      out.thirtyPlusValue += f.over30;
    }
    if (f.over90 > 0) {
      out.nintyPlusRetailers += 1;
      out.nintyPlusValue += f.over90;
    }
  }
  return out;
}

/** The anchor's retailers, by distributor, and their figures on one day (worked out when first asked for). */
interface RetailerBook {
  retailers: Retailer[];
  byDistributor: Map<number, Retailer[]>;
  figuresOf: (retailer: Retailer) => RetailerFigures;
}

function retailerBook(db: ReadonlyDb, anchorId: number, today: string): RetailerBook {
  const retailers = db.retailers.filter((r) => r.anchor_id === anchorId);
  const byDistributor = new Map<number, Retailer[]>();
  const invoices = new Map<number, RetailerInvoice[]>();
  for (const retailer of retailers) {
    const list = byDistributor.get(retailer.distributor_company_id) ?? [];
    list.push(retailer);
    byDistributor.set(retailer.distributor_company_id, list);
    invoices.set(retailer.id, []);
  }
  for (const invoice of db.retailer_invoices) invoices.get(invoice.retailer_id)?.push(invoice);
  const figures = new Map<number, RetailerFigures>();
  const figuresOf = (retailer: Retailer) => {
    let f = figures.get(retailer.id);
    if (!f) {
      f = retailerFigures(retailer, invoices.get(retailer.id) ?? [], today);
      figures.set(retailer.id, f);
    }
    return f;
  };
  return { retailers, byDistributor, figuresOf };
}

// ---------------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------------

/** `filter[channel_finance]`: '1' on channel finance, '0' not, absent both; anything else is a 422. */
function channelFinanceFilter(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  if (value === '1') return true;
  if (value === '0') return false;
  throw validationError({
    channel_finance: 'channel_finance must be 1 (on channel finance) or 0 (not on channel finance)',
  });
}

/**
 * Which `event` a user may ask the accounts receivable for: t1t2 and an unset type (null behaves like every
 * type) any of the three; t1 and t2 only their own.
 */
function mayAskEvent(userType: User['event'], event: AccessType): boolean {
  return userType === null || userType === 't1t2' || userType === event;
}

/**
 * `event` of GET /distributor_retailers/accounts_receivables. The app sends the user's type; a user whose type
 * is unset sends none, which is taken as t1t2. A user with a type must send one of the three.
 */
function eventOf(req: Request, user: User): AccessType {
  const raw = req.query.event;
  if ((raw === undefined || raw === '') && user.event === null) return 't1t2';
  if (typeof raw !== 'string' || !(ACCESS_TYPES as readonly string[]).includes(raw)) {
    throw validationError({ event: `event must be one of ${ACCESS_TYPES.join(', ')} (the user's type)` });
  }
  const event = raw as AccessType;
  if (!mayAskEvent(user.event, event)) {
    throw new HttpError(403, [
      { code: 'ER-ACCESS-101', detail: `A ${user.event} user cannot see the ${event} accounts receivable.` },
    ]);
  }
  return event;
}

/** A numeric path id, or null (then the route answers 404). */
function pathId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** `anchor_id` of the retailer invoices: required, and it must be the user's own anchor (else 403). */
function checkAnchorParam(req: Request, user: User): void {
  const raw = req.query.anchor_id;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw.trim()))
    throw validationError({ anchor_id: 'anchor_id is required (the anchor’s id)' });
  if (Number(raw.trim()) !== user.anchor_id) {
    throw new HttpError(403, [
      { code: 'ER-ACCESS-101', detail: 'anchor_id is not your anchor: you can see only your own anchor’s retailers.' },
    ]);
  }
}

// ---------------------------------------------------------------------------------------------------
// Rows and CSV columns
// ---------------------------------------------------------------------------------------------------

/** The distributor columns a CSV export may ask for (`headers_accepted`), in their default order. */
const DISTRIBUTOR_CSV_HEADERS = [
  { display_name: 'Distributor Name', key: 'name' },
  { display_name: 'Customer Code', key: 'customer_code' },
  { display_name: 'Region', key: 'region' },
  { display_name: 'Total Retailers', key: 'total_no_of_retailers' },
  { display_name: 'Retailers on Channel Finance', key: 'total_retailers_on_channel_finance' },
  { display_name: 'Total Limit Sanctioned', key: 'total_limit_sanctioned' },
  { display_name: 'Limit Utilised', key: 'limit_utilised' },
  { display_name: 'Available Limit', key: 'available_limit' },
  { display_name: '30+ Retailers', key: 'thirty_plus_retailers' },
  { display_name: '30+ Value', key: 'thirty_plus_value' },
  { display_name: '90+ Retailers', key: 'ninty_plus_retailers' },
  { display_name: '90+ Value', key: 'ninty_plus_value' },
] as const;
type DistributorCsvKey = (typeof DISTRIBUTOR_CSV_HEADERS)[number]['key'];

/** The retailer columns a CSV export may ask for (`headers_accepted`), in their default order. */
const RETAILER_CSV_HEADERS = [
  { display_name: 'Retailer Name', key: 'name' },
  { display_name: 'Retailer Code', key: 'retailer_code' },
  { display_name: 'Customer ID', key: 'cust_id' },
  { display_name: 'Application ID', key: 'application_id' },
  { display_name: 'Mobile Number', key: 'mobile_number' },
  { display_name: 'Region', key: 'region' },
  { display_name: 'Channel Finance', key: 'channel_finance' },
  { display_name: 'Total Limit Sanctioned', key: 'total_limit_sanctioned' },
  { display_name: 'Limit Utilised', key: 'limit_utilised' },
  { display_name: 'Available Limit', key: 'available_limit' },
  { display_name: 'Amount Outstanding', key: 'amount_outstanding' },
  { display_name: 'Amount Overdue', key: 'amount_overdue' },
  { display_name: 'Unpaid Invoice Amount', key: 'unpaid_invoice_amount' },
  { display_name: 'Unpaid Invoice Count', key: 'unpaid_invoice_count' },
] as const;
type RetailerCsvKey = (typeof RETAILER_CSV_HEADERS)[number]['key'];

/** The same record with every value mapped (paise to rupees). */
const mapValues = <K extends string>(values: Record<K, number>, map: (value: number) => number): Record<K, number> =>
  Object.fromEntries(Object.entries<number>(values).map(([key, value]) => [key, map(value)])) as Record<K, number>;

/** A distributor's figures by wire name: counts, and amounts in paise. */
function distributorValues(f: DistributorFigures) {
  return {
    counts: {
      total_no_of_retailers: f.retailers,
      total_retailers_on_channel_finance: f.onChannelFinance,
      thirty_plus_retailers: f.thirtyPlusRetailers,
      ninty_plus_retailers: f.nintyPlusRetailers,
    },
    amounts: {
      total_limit_sanctioned: f.sanctioned,
      limit_utilised: f.utilised,
      available_limit: f.available,
      thirty_plus_value: f.thirtyPlusValue,
      ninty_plus_value: f.nintyPlusValue,
    },
  };
}

function distributorAttributes(c: DistributorCompany, f: DistributorFigures) {
  const { counts, amounts } = distributorValues(f);
  return {
    id: c.id,
    anchor_id: c.anchor_id,
    name: c.name,
    customer_code: c.customer_code,
    region: c.region,
    ...counts,
    ...mapValues(amounts, rupees),
  };
}

function distributorCell(c: DistributorCompany, f: DistributorFigures, key: DistributorCsvKey): string {
  const { counts, amounts } = distributorValues(f);
  switch (key) {
    case 'name':
    case 'customer_code':
    case 'region':
      return c[key];
    case 'total_no_of_retailers':
    case 'total_retailers_on_channel_finance':
    case 'thirty_plus_retailers':
    case 'ninty_plus_retailers':
      return String(counts[key]);
    default:
      return paiseToText(amounts[key]);
  }
}

function retailerValues(f: RetailerFigures) {
  return {
    total_limit_sanctioned: f.sanctioned,
    limit_utilised: f.utilised,
    available_limit: f.available,
    amount_outstanding: f.outstanding,
    amount_overdue: f.overdue,
    unpaid_invoice_amount: f.outstanding,
  };
}

function retailerAttributes(r: Retailer, f: RetailerFigures) {
  const money = retailerValues(f);
  return {
    id: r.id,
    anchor_id: r.anchor_id,
    distributor_company_id: r.distributor_company_id,
    application_id: r.application_id,
    cust_id: r.cust_id,
    name: r.name,
    retailer_code: r.retailer_code,
    mobile_number: r.mobile_number,
    region: r.region,
    channel_finance: r.channel_finance,
    ...mapValues(money, rupees),
    unpaid_invoice_count: f.unpaidCount,
  };
}

function retailerCell(r: Retailer, f: RetailerFigures, key: RetailerCsvKey): string {
  switch (key) {
    case 'name':
    case 'retailer_code':
    case 'cust_id':
    case 'application_id':
    case 'mobile_number':
    case 'region':
      return r[key];
    case 'channel_finance':
      return r.channel_finance ? 'Yes' : 'No';
    case 'unpaid_invoice_count':
      return String(f.unpaidCount);
    default:
      return paiseToText(retailerValues(f)[key]);
  }
}

function invoiceAttributes(invoice: RetailerInvoice, today: string) {
  return {
    id: invoice.id,
    retailer_id: invoice.retailer_id,
    document_number: invoice.document_number,
    total: rupees(invoice.total),
    invoice_date: invoice.invoice_date,
    due_date: invoice.due_date,
    status: invoice.status,
    invoice_ageing: invoiceAgeing(invoice, today),
    amount_paid: rupees(invoice.amount_paid),
  };
}

// ---------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------

/**
 * - GET /distributor_retailers/accounts_receivables?event=t1|t2|t1t2: outstanding_invoices_for_retailer (unpaid
 *   on the anchor's retailer invoices), outstanding_invoices_for_distributor (unpaid on the anchor's own
 *   invoices to its distributors; left out for event t2, whose screen hides it), and the channel-finance
 *   summary over the retailers on channel finance (sanctioned = utilised + balance). `event` is the user's
 *   type: absent only for a user whose type is unset (taken as t1t2), unknown is a 422; an event the user's
 *   type does not cover (t1 and t2 users ask only their own) is 403 ER-ACCESS-101.
 * - GET /distributor_retailers/distributor_details: the anchor's distributors that have retailers, by name.
 *   filter[region] is the distributor's region; filter[channel_finance] '1' keeps distributors with at least
 *   one retailer on channel finance, '0' those with at least one not on it (a distributor with both kinds is
 *   in both lists). The filter picks distributors; a row's figures are always over all its retailers.
 * - GET /distributor_retailers/:id/distributor_retailer_details: the retailers of one of the anchor's
 *   distributors (404 ER-NOT-FOUND otherwise), by name; filter[region] is the retailer's region,
 *   filter[channel_finance] '1' / '0' the retailer's own channel finance.
 * - GET /distributor_retailers/:id/retailer_invoice_details?anchor_id&page&items: one of the anchor's
 *   retailers' invoices (404 otherwise), newest first, 15 a page by default (at most 100). anchor_id is
 *   required (422) and must be the user's anchor (403 ER-ACCESS-101).
 *
 * The two lists page with page / items (10 a page) and answer csv_headers_accepted;
 * `filter[download_as_csv]=true` (+ `headers_accepted`) exports every matching row as CSV.
 */
export function retailerRoutes(ctx: MockContext): Router {
  const router = Router();
  const today = () => isoDay(ctx.now());

  router.get(
    '/distributor_retailers/accounts_receivables',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const event = eventOf(req, me);
      const db = ctx.db();
      const book = retailerBook(db, me.anchor_id, today());
      let retailerOutstanding = 0;
      let sanctioned = 0;
      let utilised = 0;
      for (const retailer of book.retailers) {
        const f = book.figuresOf(retailer);
        retailerOutstanding += f.outstanding;
        sanctioned += f.sanctioned;
        utilised += f.utilised;
      }
      let distributorOutstanding = 0;
      if (event !== 't2') {
        for (const invoice of db.invoices) {
          if (invoice.anchor_id === me.anchor_id && invoice.status !== 'paid')
            distributorOutstanding += Math.max(0, invoice.total - invoice.amount_paid);
        }
      }
      res.json({
        data: {
          outstanding_invoices_for_retailer: rupees(retailerOutstanding),
          ...(event === 't2' ? {} : { outstanding_invoices_for_distributor: rupees(distributorOutstanding) }),
          total_limit_sanctioned: rupees(sanctioned),
          total_utilised_limit: rupees(utilised),
          total_limit_balance: rupees(sanctioned - utilised),
        },
      });
    }),
  );

  router.get(
    '/distributor_retailers/distributor_details',
    ctx.auth,
    route(async (req: Request, res: Response) => {
      const me = currentUser(req);
      const region = regionFilter(filterValue(req, 'region'));
      const channelFinance = channelFinanceFilter(filterValue(req, 'channel_finance'));
      const book = retailerBook(ctx.db(), me.anchor_id, today());
      const rows = () =>
        ctx
          .db()
          .distributor_companies.filter((c) => {
            if (c.anchor_id !== me.anchor_id || (region !== null && c.region !== region)) return false;
            const retailers = book.byDistributor.get(c.id);
            if (!retailers || retailers.length === 0) return false;
            return channelFinance === null || retailers.some((r) => r.channel_finance === channelFinance);
          })
          .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
          .map((c) => ({ company: c, figures: distributorFigures(book.byDistributor.get(c.id)!, book.figuresOf) }));
      await sendListOrCsv(req, res, {
        headers: DISTRIBUTOR_CSV_HEADERS,
        filename: `Distributors-${format(ctx.now(), 'yyyy-MM-dd')}.csv`,
        rows,
        cell: (row, key) => distributorCell(row.company, row.figures, key),
        page: (pageRows, pagy) => ({
          data: pageRows.map((row) =>
            resource('distributor', row.company.id, distributorAttributes(row.company, row.figures)),
          ),
          pagy,
          csv_headers_accepted: DISTRIBUTOR_CSV_HEADERS,
        }),
      });
    }),
  );

  router.get(
    '/distributor_retailers/:id/distributor_retailer_details',
    ctx.auth,
    route(async (req: Request, res: Response) => {
      const me = currentUser(req);
      const region = regionFilter(filterValue(req, 'region'));
      const channelFinance = channelFinanceFilter(filterValue(req, 'channel_finance'));
      const id = pathId(req.params.id);
      const company =
        id === null
          ? undefined
          : ctx.db().distributor_companies.find((c) => c.id === id && c.anchor_id === me.anchor_id);
      if (!company) throw notFound('No such distributor.');
      const book = retailerBook(ctx.db(), me.anchor_id, today());
      const rows = () =>
        (book.byDistributor.get(company.id) ?? [])
          .filter(
            (r) =>
              (region === null || r.region === region) &&
              (channelFinance === null || r.channel_finance === channelFinance),
          )
          .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      await sendListOrCsv(req, res, {
        headers: RETAILER_CSV_HEADERS,
        filename: `Retailers-${company.customer_code}-${format(ctx.now(), 'yyyy-MM-dd')}.csv`,
        rows,
        cell: (r, key) => retailerCell(r, book.figuresOf(r), key),
        page: (pageRows, pagy) => ({
          data: pageRows.map((r) => resource('retailer', r.id, retailerAttributes(r, book.figuresOf(r)))),
          pagy,
          csv_headers_accepted: RETAILER_CSV_HEADERS,
        }),
      });
    }),
  );

  router.get(
    '/distributor_retailers/:id/retailer_invoice_details',
    ctx.auth,
    route((req, res) => {
      const me = currentUser(req);
      const { page, items } = pageParams(req);
      const perPage = req.query.items === undefined || req.query.items === '' ? RETAILER_INVOICE_PAGE_SIZE : items;
      checkAnchorParam(req, me);
      const id = pathId(req.params.id);
      const retailer =
        id === null ? undefined : ctx.db().retailers.find((r) => r.id === id && r.anchor_id === me.anchor_id);
      if (!retailer) throw notFound('No such retailer.');
      const day = today();
      const invoices = ctx
        .db()
        .retailer_invoices.filter((inv) => inv.retailer_id === retailer.id)
        .sort((a, b) => b.invoice_date.localeCompare(a.invoice_date) || b.id - a.id);
      const { rows, pagy } = paginate(invoices, page, perPage);
      res.json({ data: rows.map((inv) => resource('retailer_invoice', inv.id, invoiceAttributes(inv, day))), pagy });
    }),
  );

  return router;
}
