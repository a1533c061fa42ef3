import { format } from 'date-fns';
import { Router, type Request, type Response } from 'express';
import { asksForAdminList } from '../auth/access';
import { currentUser } from '../auth/middleware';
import { LEAD_STATUSES, leadFigures, leadStatusCounts, rupees, type LeadFigures } from '../aggregates';
import type { MockContext } from '../context';
import { sendListOrCsv } from '../csv';
import { paiseToText } from '../../src/domain/money';
import { type DistributorCompany } from '../db';
import { INVOICE_STATUSES, type ApplicationStatus } from '../../src/domain/statuses';
import { isSearchable } from '../../src/domain/thresholds';
import { REGIONS, type Region } from '../../src/domain/regions';
import { isRecord, resource, route, validationError } from '../http';
import { filterValue, paginate, pageParams } from '../paging';

/** `filter[region]` (or the filter named `field`): one of the four regions, or 'all' / absent for every region. */
export function regionFilter(value: string | undefined, field = 'region'): Region | null {
  if (value === undefined || value === 'all') return null;
  if ((REGIONS as readonly string[]).includes(value)) return value as Region;
  throw validationError({ [field]: `${field} must be one of all, ${REGIONS.join(', ')}` });
}

/** Case-insensitive match of the search text on a customer's name or code. */
function matchesCustomer(
  company: Pick<DistributorCompany, 'name' | 'customer_code'>,
  search: string | undefined,
): boolean {
  if (search === undefined) return true;
  const needle = search.toLowerCase();
  return company.name.toLowerCase().includes(needle) || company.customer_code.toLowerCase().includes(needle);
}

/** `filter[application_status]`: one of the four lead statuses. */
export function statusFilter(value: string): ApplicationStatus {
  if ((LEAD_STATUSES as readonly string[]).includes(value)) return value as ApplicationStatus;
  throw validationError({ application_status: `application_status must be one of ${LEAD_STATUSES.join(', ')}` });
}

/** The lead columns a CSV export may ask for (`headers_accepted`), in their default order. */
export const LEAD_CSV_HEADERS = [
  { display_name: 'Customer Name', key: 'name' },
  { display_name: 'Customer Code', key: 'customer_code' },
  { display_name: 'Amount Outstanding', key: 'amount_outstanding' },
  { display_name: 'Application Status', key: 'application_status' },
  { display_name: 'Risk', key: 'risk_grading' },
  { display_name: 'Eligibility', key: 'eligibility_amount' },
  { display_name: 'Created At', key: 'created_at' },
  { display_name: 'Limit Sanctioned', key: 'limit_sanctioned' },
  { display_name: 'Limit Utilised', key: 'limit_utilized' },
  { display_name: 'Balance Available', key: 'balance_available' },
] as const;
type LeadCsvKey = (typeof LEAD_CSV_HEADERS)[number]['key'];

function contactAttributes(c: DistributorCompany) {
  return {
    id: c.id,
    name: c.name,
    customer_code: c.customer_code,
    region: c.region,
    business_email: c.business_email,
    mobile_number: c.mobile_number,
    primary_user_email: c.primary_user_email,
    primary_user_mobile: c.primary_user_mobile,
    company_address: c.company_address,
    account_details: c.account_details,
    virtual_account_number: c.virtual_account_number,
  };
}

/** A customer the virtual-account list shows: one with account details or a virtual account. */
const hasAccountDetails = (c: DistributorCompany) =>
  c.account_details.length > 0 || c.virtual_account_number.trim() !== '';

/** A flag filter such as `filter[require_account_details]`: 'true' or 'false' (absent: false), anything else 422. */
function flagFilter(value: string | undefined, field: string): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw validationError({ [field]: `${field} must be true or false` });
}

/** The filters and query parameters of the admin's lists (spec 2 §7). */
const ADMIN_LIST_FILTERS = ['admin_panel', 'region', 'search', 'require_address_details', 'require_account_details'];
const ADMIN_LIST_PARAMS = ['filter', 'page', 'items'];

const NO_FIGURES: LeadFigures = { amount_outstanding: 0, limit_sanctioned: 0, limit_utilized: 0, balance_available: 0 };

function leadAttributes(c: DistributorCompany, figures: LeadFigures) {
  return {
    ...contactAttributes(c),
    application_status: c.application_status,
    risk_grading: c.risk_grading,
    eligibility_amount: rupees(c.eligibility_amount),
    created_at: c.created_at,
    amount_outstanding: rupees(figures.amount_outstanding),
    limit_sanctioned: rupees(figures.limit_sanctioned),
    limit_utilized: rupees(figures.limit_utilized),
    balance_available: rupees(figures.balance_available),
  };
}

function csvCell(c: DistributorCompany, figures: LeadFigures, key: LeadCsvKey): string {
  switch (key) {
    case 'name':
    case 'customer_code':
    case 'application_status':
    case 'risk_grading':
    case 'created_at':
      return c[key];
    case 'eligibility_amount':
      return paiseToText(c.eligibility_amount);
    case 'amount_outstanding':
    case 'limit_sanctioned':
    case 'limit_utilized':
    case 'balance_available':
      return paiseToText(figures[key]);
  }
}

/**
 * GET /distributor_companies: the anchor's customers with their contact details (name, code, e-mail,
 * address, phone, account details), as the admin's customer list asks for them. Filters: region, search
 * (name or code); `page` and `items` page it. Newest customers first.
 *
 * With `filter[status]` (invoice statuses, comma-separated, e.g. `open,partially_paid`) it is the send-link
 * modal's list: customers with invoices in those statuses, and the search (3+ characters) also matches
 * their invoice numbers ('Search by Customer/Invoice').
 *
 * With `filter[application_status]` it is the lead manager's list for that status (as is
 * GET /distributor_companies/lead_list for new leads): the rows add the lead figures, the answer adds
 * csv_headers_accepted, and `filter[download_as_csv]=true` (+ `headers_accepted`) exports every matching
 * row as CSV. GET /distributor_companies/statuses counts the customers in each status.
 *
 * With `filter[admin_panel]=true` it is one of the admin's lists, open to every access type: only the admin's
 * filters (region, search, require_address_details, require_account_details) and page / items, anything else
 * 422 naming it. `filter[require_account_details]=true` (the virtual accounts) lists only customers with
 * account details or a virtual account; every row carries `virtual_account_number`.
 */
export function distributorRoutes(ctx: MockContext): Router {
  const router = Router();

  const companies = (req: Request, status: ApplicationStatus | null) => {
    const me = currentUser(req);
    const region = regionFilter(filterValue(req, 'region'));
    const search = filterValue(req, 'search');
    return ctx
      .db()
      .distributor_companies.filter(
        (c) =>
          c.anchor_id === me.anchor_id &&
          (status === null || c.application_status === status) &&
          (region === null || c.region === region) &&
          matchesCustomer(c, search),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  };

  /** Customers with invoices in the given statuses; the search matches name, code or one of those invoices' numbers. */
  const companiesWithInvoices = (req: Request, rawStatuses: string) => {
    const me = currentUser(req);
    const statuses = rawStatuses.split(',').map((s) => s.trim());
    const unknown = statuses.filter((s) => !(INVOICE_STATUSES as readonly string[]).includes(s));
    if (unknown.length > 0)
      throw validationError({ status: `status must list invoice statuses (${INVOICE_STATUSES.join(', ')})` });
    const region = regionFilter(filterValue(req, 'region'));
    const rawSearch = filterValue(req, 'search');
    if (rawSearch !== undefined && !isSearchable(rawSearch))
      throw validationError({ search: 'search needs at least 3 characters' });
    const needle = rawSearch?.trim().toLowerCase();
    const numbers = new Map<number, string[]>();
    for (const inv of ctx.db().invoices) {
      if (inv.anchor_id !== me.anchor_id || !statuses.includes(inv.status)) continue;
      const list = numbers.get(inv.distributor_company_id) ?? [];
      list.push(inv.document_number.toLowerCase());
      numbers.set(inv.distributor_company_id, list);
    }
    return ctx
      .db()
      .distributor_companies.filter(
        (c) =>
          c.anchor_id === me.anchor_id &&
          numbers.has(c.id) &&
          (region === null || c.region === region) &&
          (needle === undefined || matchesCustomer(c, needle) || numbers.get(c.id)!.some((n) => n.includes(needle))),
      )
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  };

  const leads = async (req: Request, res: Response, status: ApplicationStatus) => {
    const me = currentUser(req);
    const figures = leadFigures(ctx.db(), me.anchor_id);
    const figuresOf = (c: DistributorCompany) => figures.get(c.id) ?? NO_FIGURES;
    await sendListOrCsv(req, res, {
      headers: LEAD_CSV_HEADERS,
      filename: `Leads-${status}-${format(ctx.now(), 'yyyy-MM-dd')}.csv`,
      rows: () => companies(req, status),
      cell: (c, key) => csvCell(c, figuresOf(c), key),
      page: (rows, pagy) => ({
        data: rows.map((c) => resource('distributor_company', c.id, leadAttributes(c, figuresOf(c)))),
        pagy,
        csv_headers_accepted: LEAD_CSV_HEADERS,
      }),
    });
  };

  // Before any /distributor_companies/:id route.
  router.get(
    '/distributor_companies/statuses',
    ctx.auth,
    route((req, res) => {
      res.json({ data: leadStatusCounts(ctx.db(), currentUser(req).anchor_id) });
    }),
  );

  router.get(
    '/distributor_companies/lead_list',
    ctx.auth,
    route((req, res) => leads(req, res, 'new_leads')),
  );

  /**
   * The admin's customer and virtual-account lists (`filter[admin_panel]=true`): open to every access type,
   * so they answer only the contact fields and take only their own filters. The anchor's filters (invoice
   * status, lead status, CSV export) with admin_panel are refused by name, not quietly served to a t2 user.
   */
  const adminList = (req: Request, res: Response) => {
    const filter = isRecord(req.query.filter) ? req.query.filter : {};
    const foreign = [
      ...Object.keys(filter).filter((key) => !ADMIN_LIST_FILTERS.includes(key)),
      ...Object.keys(req.query).filter((key) => !ADMIN_LIST_PARAMS.includes(key)),
    ];
    if (foreign.length > 0) {
      throw validationError(
        Object.fromEntries(
          foreign.map((key) => [
            key,
            `${key} is not a filter of the admin's lists (admin_panel takes ${ADMIN_LIST_FILTERS.join(', ')})`,
          ]),
        ),
      );
    }
    const { page, items } = pageParams(req);
    flagFilter(filterValue(req, 'require_address_details'), 'require_address_details');
    const accountsOnly = flagFilter(filterValue(req, 'require_account_details'), 'require_account_details');
    const rows = accountsOnly ? companies(req, null).filter(hasAccountDetails) : companies(req, null);
    const { rows: pageRows, pagy } = paginate(rows, page, items);
    res.json({ data: pageRows.map((c) => resource('distributor_company', c.id, contactAttributes(c))), pagy });
  };

  router.get(
    '/distributor_companies',
    ctx.auth,
    route(async (req, res) => {
      if (asksForAdminList(req.query)) {
        adminList(req, res);
        return;
      }
      flagFilter(filterValue(req, 'admin_panel'), 'admin_panel');
      const status = filterValue(req, 'application_status');
      if (status !== undefined) {
        await leads(req, res, statusFilter(status));
        return;
      }
      const { page, items } = pageParams(req);
      const invoiceStatuses = filterValue(req, 'status');
      const accountsOnly = flagFilter(filterValue(req, 'require_account_details'), 'require_account_details');
      const matching =
        invoiceStatuses === undefined ? companies(req, null) : companiesWithInvoices(req, invoiceStatuses);
      const rows = accountsOnly ? matching.filter(hasAccountDetails) : matching;
      const { rows: pageRows, pagy } = paginate(rows, page, items);
      res.json({ data: pageRows.map((c) => resource('distributor_company', c.id, contactAttributes(c))), pagy });
    }),
  );
  return router;
}
