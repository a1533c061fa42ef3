/**
 * The API catalogue, so that no call of the specs goes without a Pact interaction: every provider call the three
 * spec files name, one entry per method and path (a list and its CSV download, or other query variants, are one
 * entry). Paths use `:name` placeholders. `pathChosen` marks a path the specs do not show in full, with why we
 * chose it (docs/product-decisions.md, 'Choices where the spec is silent'); `unused` marks a call the specs list but no screen
 * makes, so it has no client function and no Pact interaction. `version` is the vendor media type version when
 * it is not 1. `tests/contract/catalogue.test.ts` checks this list against the committed pact and src/api.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Area =
  | 'session'
  | 'dashboard'
  | 'invoices'
  | 'payment-links'
  | 'lending'
  | 'pipeline'
  | 'admin'
  | 'onboarding'
  | 'retailer'
  | 'pay';
/** session: the stored auth token in Authorization; pay-token: the pay link's token in Authorization; public: none. */
export type AuthKind = 'session' | 'pay-token' | 'public';

export interface CatalogueEntry {
  readonly method: Method;
  readonly path: string;
  /** The area that uses it (first the main one). */
  readonly area: Area | readonly Area[];
  readonly auth: AuthKind;
  /** Where the spec names it. */
  readonly spec: string;
  readonly pathChosen?: { readonly reason: string };
  readonly version?: 2;
  readonly unused?: { readonly reason: string };
  /** What a backend team should know beyond the columns above. */
  readonly note?: string;
}

const UNDER_DISTRIBUTOR_COMPANIES =
  "spec 3 §7 lists it as a bare suffix after '/distributor_companies/lead_list': read as under /distributor_companies";

export const CATALOGUE: readonly CatalogueEntry[] = [
  // Session and users
  { method: 'POST', path: '/sessions', area: 'session', auth: 'public', spec: 'spec 3 §7; spec 1 §7 (Login)' },
  {
    method: 'POST',
    path: '/auth',
    area: 'session',
    auth: 'public',
    spec: 'spec 3 §7',
    note: 'the refresh token travels in the body, no Authorization',
  },
  { method: 'POST', path: '/users/forgot_password', area: 'session', auth: 'public', spec: 'spec 3 §7; spec 1 §7' },
  {
    method: 'POST',
    path: '/users/reset_password',
    area: 'session',
    auth: 'public',
    spec: 'spec 3 §7; spec 1 §7',
    note: 'the reset token travels in the body',
  },
  {
    method: 'PUT',
    path: '/users/set_password',
    area: 'session',
    auth: 'session',
    spec: 'spec 3 §7',
    note: "spec 1 §7's Change password ('method and path not shown') is this call",
  },
  { method: 'GET', path: '/users/:id', area: 'session', auth: 'session', spec: 'spec 3 §7; spec 1 §7 (Current user)' },
  { method: 'POST', path: '/users/logout', area: 'session', auth: 'session', spec: 'spec 3 §7; spec 1 §7' },
  { method: 'GET', path: '/users', area: 'admin', auth: 'session', spec: 'spec 3 §7; spec 2 §7 (Existing users)' },
  {
    method: 'POST',
    path: '/users',
    area: ['admin', 'onboarding'],
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Create user)',
  },
  { method: 'PUT', path: '/users/:id', area: 'admin', auth: 'session', spec: 'spec 3 §7; spec 2 §7 (Update user)' },
  { method: 'DELETE', path: '/users/:id', area: 'admin', auth: 'session', spec: 'spec 3 §7; spec 2 §7 (Delete user)' },

  // Payments and invoices
  {
    method: 'GET',
    path: '/payments',
    area: 'invoices',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Collected-today list)',
    note: 'with download_as_csv: the CSV report',
  },
  { method: 'GET', path: '/payments/top_performers', area: 'dashboard', auth: 'session', spec: 'spec 3 §7; spec 1 §7' },
  {
    method: 'POST',
    path: '/payments/send_payment_links',
    area: 'payment-links',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7',
  },
  {
    method: 'GET',
    path: '/payment_links',
    area: 'payment-links',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Generated links list)',
  },
  {
    method: 'POST',
    path: '/payment_links',
    area: 'payment-links',
    auth: 'session',
    spec: 'spec 1 §7 (Create link, create form)',
    pathChosen: {
      reason:
        "spec 1 §7: 'path not shown'; a new link is created on the collection GET /payment_links lists (body payment_links)",
    },
  },
  {
    method: 'GET',
    path: '/invoices/lookup',
    area: 'payment-links',
    auth: 'session',
    spec: 'spec 1 §7 (Invoice lookup by number)',
    pathChosen: {
      reason:
        "spec 1 §7: 'path not shown'; a lookup under /invoices with query document_number, 404 when no open invoice has it",
    },
  },
  {
    method: 'GET',
    path: '/invoices',
    area: ['invoices', 'payment-links'],
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Due list, Customer invoices)',
    note: 'with download_as_csv and headers_accepted: the CSV report',
  },
  {
    method: 'GET',
    path: '/invoices/:id',
    area: 'invoices',
    auth: 'session',
    spec: 'spec 3 §7',
    unused: {
      reason: 'no screen of specs 1-3 opens a single invoice: the lists and the lookup carry every field shown',
    },
  },
  {
    method: 'GET',
    path: '/invoices/graph',
    area: 'dashboard',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Invoice graphs)',
  },
  {
    method: 'GET',
    path: '/invoices/cleared_graph',
    area: 'dashboard',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Invoice graphs)',
  },
  {
    method: 'GET',
    path: '/invoices/payment_graph',
    area: 'dashboard',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Invoice graphs)',
  },
  {
    method: 'GET',
    path: '/invoices/stats',
    area: 'invoices',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Invoice stats)',
  },
  {
    method: 'POST',
    path: '/invoices/upload',
    area: ['invoices', 'pipeline'],
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7',
    note: 'multipart; csvtype invoice, distributor or distributor_history',
  },
  {
    method: 'POST',
    path: '/distributor_companies/upload',
    area: 'pipeline',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Customer CSV upload)',
    note: 'multipart; type demographic_data or transaction_data',
  },
  {
    method: 'POST',
    path: '/resources/create_or_update',
    area: 'invoices',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Star)',
  },
  {
    method: 'POST',
    path: '/schedule_reminders',
    area: ['payment-links', 'invoices'],
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Reminder)',
  },

  // Pay page (the pay link's token in Authorization)
  {
    method: 'GET',
    path: '/invoice_collection',
    area: 'pay',
    auth: 'pay-token',
    spec: 'spec 3 §7',
    note: 'the spec puts the token in the query too; the app sends it in Authorization only (query strings are logged)',
  },
  { method: 'POST', path: '/avail_credit', area: 'pay', auth: 'pay-token', spec: 'spec 3 §7' },
  { method: 'POST', path: '/op_avail_credit', area: 'pay', auth: 'pay-token', spec: 'spec 3 §7' },
  { method: 'POST', path: '/communications/send_otp', area: 'pay', auth: 'pay-token', spec: 'spec 3 §7', version: 2 },
  { method: 'POST', path: '/communications/verify_otp', area: 'pay', auth: 'pay-token', spec: 'spec 3 §7', version: 2 },
  { method: 'POST', path: '/direct_payments/cc_avenue', area: 'pay', auth: 'pay-token', spec: 'spec 3 §7' },
  { method: 'GET', path: '/direct_payments/cc_avenue_success', area: 'pay', auth: 'pay-token', spec: 'spec 3 §7' },
  {
    method: 'POST',
    path: '/create_invoice',
    area: 'pay',
    auth: 'pay-token',
    spec: 'spec 3 §7',
    note: 'multipart; open-limit customers only',
  },

  // Distributors (customers)
  {
    method: 'GET',
    path: '/distributor_companies',
    area: ['dashboard', 'admin', 'payment-links'],
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Customer list, send-link modal)',
    note: "also spec 2 §7's admin customers list and virtual/account list (paths 'not shown'; docs/product-decisions.md: this path with admin_panel and require_address_details or require_account_details)",
  },
  {
    method: 'GET',
    path: '/distributor_companies/lead_list',
    area: 'dashboard',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7 (Customer list for new_leads)',
  },
  {
    method: 'GET',
    path: '/distributor_companies/lending_list',
    area: 'lending',
    auth: 'session',
    spec: "spec 3 §7 ('/lending_list'); spec 2 §7 (Lending customers)",
    pathChosen: { reason: `spec 2 §7: 'not shown'; ${UNDER_DISTRIBUTOR_COMPANIES} (docs/product-decisions.md)` },
  },
  {
    method: 'GET',
    path: '/distributor_companies/fund_available',
    area: 'pipeline',
    auth: 'session',
    spec: "spec 3 §7 ('/fund_available'); spec 2 §7 (Funds available)",
    pathChosen: {
      reason: `spec 2 §7 writes '/fund_available (path from the catalogue)'; ${UNDER_DISTRIBUTOR_COMPANIES} (docs/product-decisions.md)`,
    },
  },
  {
    method: 'GET',
    path: '/distributor_companies/statuses',
    area: 'dashboard',
    auth: 'session',
    spec: "spec 3 §7 ('/statuses'); spec 1 §7 (Lead status counts)",
    pathChosen: { reason: `spec 1 §7: 'path not shown (a statuses list)'; ${UNDER_DISTRIBUTOR_COMPANIES}` },
  },
  {
    method: 'GET',
    path: '/distributor_companies/details',
    area: 'invoices',
    auth: 'session',
    spec: "spec 3 §7 ('/details'); spec 1 §7 (Distributor detail)",
    pathChosen: { reason: `spec 1 §7: 'path not shown'; ${UNDER_DISTRIBUTOR_COMPANIES}` },
  },
  {
    method: 'GET',
    path: '/distributor_companies/list',
    area: 'lending',
    auth: 'session',
    spec: "spec 3 §7 ('/list'); spec 2 §7 (Onboarded-box list)",
    pathChosen: { reason: `spec 2 §7: 'not shown'; ${UNDER_DISTRIBUTOR_COMPANIES} (docs/product-decisions.md)` },
    note: "its meta holds the lending page's onboarded counts, account_receivables and available_limit",
  },
  {
    method: 'GET',
    path: '/distributor_companies/accounts_receivables',
    area: 'lending',
    auth: 'session',
    spec: "spec 3 §7 ('/accounts_receivables')",
    pathChosen: { reason: UNDER_DISTRIBUTOR_COMPANIES },
    unused: {
      reason:
        "the lending page's accounts receivable comes with GET /distributor_companies/list's meta (spec 2 §3, Onboarded summary); the retailer area's is GET /distributor_retailers/accounts_receivables",
    },
  },
  {
    method: 'GET',
    path: '/distributor_companies/:id/invoice_due',
    area: 'invoices',
    auth: 'session',
    spec: 'spec 3 §7',
    unused: {
      reason:
        "no screen of specs 1-2 asks for one customer's dues: the send-link modal filters GET /invoices by distributor_company_id (spec 1 §7)",
    },
  },
  {
    method: 'GET',
    path: '/distributor_companies/drawdowns',
    area: 'lending',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Drawdown list)',
  },
  {
    method: 'GET',
    path: '/distributor_companies/repayments',
    area: 'lending',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Repayments)',
  },
  {
    method: 'GET',
    path: '/distributor_companies/drawdown_invoices',
    area: 'lending',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Drawdown invoices)',
  },
  {
    method: 'POST',
    path: '/distributor_companies/credit_evaluation',
    area: 'pipeline',
    auth: 'session',
    spec: "none: spec 2 §2.6's wizard step 'Credit Evalution Service' (Complete) has no call",
    pathChosen: {
      reason:
        "no spec names a call for the wizard's Complete; docs/product-decisions.md: POST /distributor_companies/credit_evaluation",
    },
  },

  // Loan applications
  {
    method: 'GET',
    path: '/loan_applications/credit_limit_summary',
    area: 'dashboard',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7',
  },
  {
    method: 'GET',
    path: '/loan_applications/credit_eligibility_summary',
    area: 'pipeline',
    auth: 'session',
    spec: 'spec 3 §7',
    unused: {
      reason:
        "no screen shows it: the pipeline's Credit Line Summary is GET /loan_applications/credit_line_summary (spec 2 §7)",
    },
  },
  {
    method: 'GET',
    path: '/loan_applications/credit_line_summary',
    area: 'pipeline',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7',
  },
  {
    method: 'GET',
    path: '/loan_applications/lending_summary',
    area: 'dashboard',
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7',
  },

  // Anchor settings and bank accounts
  {
    method: 'GET',
    path: '/anchor_account_details',
    area: 'admin',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Account details list)',
  },
  {
    method: 'POST',
    path: '/anchor_account_details',
    area: ['admin', 'onboarding'],
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Create bank account)',
  },
  {
    method: 'GET',
    path: '/bank_details_by_ifsc',
    area: ['admin', 'onboarding'],
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Bank lookup)',
    note: "the spec puts it on the anchors host; the app asks the provider's base URL, with the session token (spec 2 §7)",
  },
  {
    method: 'GET',
    path: '/anchor_settings/:id',
    area: ['admin', 'payment-links'],
    auth: 'session',
    spec: 'spec 3 §7; spec 1 §7; spec 2 §7 (Configuration fetch)',
  },
  {
    method: 'PUT',
    path: '/anchor_settings/:id/settings',
    area: 'admin',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Configuration update)',
  },

  // Retailer side
  {
    method: 'GET',
    path: '/distributor_retailers/accounts_receivables',
    area: 'retailer',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7',
  },
  {
    method: 'GET',
    path: '/distributor_retailers/distributor_details',
    area: 'retailer',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Distributors list)',
  },
  {
    method: 'GET',
    path: '/distributor_retailers/:id/distributor_retailer_details',
    area: 'retailer',
    auth: 'session',
    spec: "spec 3 §7; spec 2 §7 (Distributor's retailers)",
  },
  {
    method: 'GET',
    path: '/distributor_retailers/:id/retailer_invoice_details',
    area: 'retailer',
    auth: 'session',
    spec: 'spec 3 §7; spec 2 §7 (Retailer invoices)',
  },
];
