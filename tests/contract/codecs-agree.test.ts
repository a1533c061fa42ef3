import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLeft } from 'fp-ts/Either';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  createUser,
  deleteUser,
  fetchAnchorSettings,
  fetchBankAccounts,
  fetchUsers,
  fetchVirtualAccounts,
  lookupBank,
  updateAnchorSetting,
  updateUserFlag,
  virtualAccountsQuery,
  createBankAccount,
} from '../../src/api/admin';
import { forgotPassword, getUser, login, logout, refreshTokens, resetPassword, setPassword } from '../../src/api/auth';
import {
  flattenData,
  toQueryString,
  type ApiClient,
  type DownloadOptions,
  type RequestOptions,
} from '../../src/api/client';
import { SettingDefinition } from '../../src/api/codecs/admin';
import { GraphType } from '../../src/api/codecs/dashboard';
import { PaymentSource, productSourceCodec, StarResourceType } from '../../src/api/codecs/invoices';
import { UploadFailure, UploadSuccess } from '../../src/api/codecs/upload';
import { customerContactsQuery, fetchCustomerContacts } from '../../src/api/customers';
import {
  downloadLeads,
  fetchClearedGraph,
  fetchCreditLimitSummary,
  fetchLeadList,
  fetchLeadStatusCounts,
  fetchLendingSummary,
  fetchPaymentGraph,
  fetchSharedGraph,
  fetchTopPerformers,
} from '../../src/api/dashboard';
import { apiErrorFromBody, formatValidationErrors } from '../../src/api/errors';
import {
  downloadInvoices,
  downloadPayments,
  fetchDistributorDetails,
  fetchInvoices,
  fetchInvoiceStats,
  fetchPayments,
  setStarred,
} from '../../src/api/invoices';
import {
  downloadLendingList,
  fetchCreditLineSummary,
  fetchDrawdownInvoices,
  fetchDrawdowns,
  fetchFundAvailable,
  fetchLendingList,
  fetchOnboardedList,
  fetchRepayments,
  runCreditEvaluation,
} from '../../src/api/lending';
import {
  createPaymentLink,
  fetchBlockedChannels,
  fetchCustomerInvoices,
  fetchLinkCustomers,
  fetchPaymentLinks,
  lookUpInvoice,
  scheduleReminder,
  sendPaymentLinks,
} from '../../src/api/links';
import {
  availCredit,
  createInvoice,
  directPayment,
  fetchCollection,
  openLimitAvailCredit,
  paymentSuccess,
  sendOtp,
  verifyOtp,
} from '../../src/api/pay';
import {
  downloadDistributors,
  downloadRetailers,
  fetchAccountsReceivable,
  fetchDistributors,
  fetchRetailerInvoices,
  fetchRetailers,
} from '../../src/api/retailers';
import { uploadCsv } from '../../src/api/uploads';
import { ACCESS_TYPES } from '../../src/domain/access';
import { ACCOUNT_TYPES } from '../../src/domain/admin';
import { FALLBACK_TEXT } from '../../src/domain/errors';
import { fundWindowOf } from '../../src/domain/lending';
import { DEFAULT_PRODUCT } from '../../src/domain/product';
import { REGIONS } from '../../src/domain/regions';
import { CHANNELS } from '../../src/domain/reminders';
import {
  APPLICATION_STATUSES,
  CLOSED_STATUSES,
  INVOICE_STATUSES,
  LINK_STATUSES,
  PAYMENT_SOURCES,
  RISK_GRADES,
} from '../../src/domain/statuses';
import { DEFAULT_TABLE_STATE } from '../../src/lib/table-state';
import { clientFor, PACT_FILE } from './pact';
import {
  describeRule,
  exampleBody,
  formatPath,
  isJsonResponse,
  leaves,
  queryOf,
  replaceAt,
  ruleAllows,
  selectRule,
  type PactInteraction,
  type SelectedRule,
} from './pact-rules';

/**
 * The codecs and the contract agree: a value one allows and the other refuses is a bug in one of them.
 *
 * 1. Examples decode. ROUTES names the src/api functions that make each call (method, path pattern, and
 *    the filter that tells calls on one path apart); a recording client captures what each function really
 *    passes to `client.request` (its codec) or `client.download`, so no codec is written down here. Every
 *    2xx JSON answer of the pact must decode, after the client's `flattenData`, with the codec of a
 *    function making that call (two functions may make the very same request, GET /anchor_settings/:id: an
 *    interaction is one of them). CSV reports go through the real client and the download function. Error
 *    answers are read with the app's error reader (`apiErrorFromBody`: src/api has no io-ts codec for error
 *    bodies, it reads them field by field) and must come out as the provider's own codes and details.
 * 2. Enums agree. Enum fields are found from the codecs, not from field names: each string of an example
 *    is replaced by a probe and the body decoded again; when the codec now refuses the probe with a
 *    `t.keyof` / `oneOf(...)` list, a `t.literal`, a tagged union's tag, or a codec over such a list under
 *    wire names (the product-keyed payment source), the field holds that list. The rule Pact applies there
 *    (pact-rules.ts: most specific path wins, ancestors cascade, no rule is equality) must let every value of
 *    the list through and nothing else (tried with each value and near misses: '', 'other', 'NORTH',
 *    'openx', ' open', ...), or pin the example's one value (equality, `exactly(...)`), or narrow the list as
 *    NARROWED explains. A `type` rule (a plain value inside `eachLike` or `like`) lets any string through.
 *    ENUM_FIELDS declares the field names of each list; the fields found must be exactly those.
 *
 * CODECS_AGREE_VERBOSE=1 prints every enum field with its verdict and rule.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const P = DEFAULT_PRODUCT;
/** The committed pact; CODECS_AGREE_PACT checks another file (the consumer tests' fresh output, an old revision). */
const PACT_PATH = process.env.CODECS_AGREE_PACT ?? join(root, PACT_FILE);
const pact = JSON.parse(readFileSync(PACT_PATH, 'utf8')) as { interactions: PactInteraction[] };
const INTERACTIONS = pact.interactions;

// ---------------------------------------------------------------------------------------------------
// The calls: which src/api function makes which call (method, path, query)
// ---------------------------------------------------------------------------------------------------

type Query = Record<string, string[]>;
type Call = (client: ApiClient) => Promise<unknown>;

interface Route {
  method: string;
  /** `:name` stands for one path segment. */
  path: string;
  /** When one method and path is several calls (GET /distributor_companies), what tells them apart. */
  when?: { text: string; test: (query: Query) => boolean };
  /** The src/api functions that make this call, each with arguments that make it. */
  calls: Record<string, Call>;
}

/** A CSV report: the same path as its list, with `filter[download_as_csv]` (read by `client.download`, no codec). */
const DOWNLOAD = { text: 'filter[download_as_csv] (a CSV report)', test: (q: Query) => 'filter[download_as_csv]' in q };

/** Stands for an id in a path. */
const ID = '1';
const state = (s: Partial<typeof DEFAULT_TABLE_STATE> = {}) => ({ ...DEFAULT_TABLE_STATE, ...s });
const YEAR_WINDOW = { period: 'yearly' as const, from: '2025-11-23', to: '2026-11-22' };
const LOAN = { custId: 'CUST1', loanApplicationId: '1', page: 0 };
const ITEMS = [{ id: '1', amount: 100 }];
const csv = (name: string) => new File(['a,b\r\n'], name, { type: 'text/csv' });
const MANUAL = {
  loanApplicationId: '1',
  anchorId: '1',
  erpDistributorId: 'CS1',
  customerCode: 'CS1',
  number: 'OL/1',
  amount: 100,
  invoiceDate: '2026-11-20',
  dueDate: '2026-11-22',
};
const has = (key: string) => (q: Query) => key in q;

const ROUTES: Route[] = [
  // Session and users
  { method: 'POST', path: '/sessions', calls: { login: (c) => login(c, { email: 'a@b.c', password: 'x' }) } },
  { method: 'POST', path: '/auth', calls: { refreshTokens: (c) => refreshTokens(c, 'rt') } },
  { method: 'POST', path: '/users/logout', calls: { logout: (c) => logout(c) } },
  { method: 'POST', path: '/users/forgot_password', calls: { forgotPassword: (c) => forgotPassword(c, 'a@b.c') } },
  {
    method: 'POST',
    path: '/users/reset_password',
    calls: { resetPassword: (c) => resetPassword(c, { token: 't', password: 'p', confirmation: 'p' }) },
  },
  {
    method: 'PUT',
    path: '/users/set_password',
    calls: { setPassword: (c) => setPassword(c, { current: 'c', password: 'p', confirmation: 'p' }) },
  },
  { method: 'GET', path: '/users/:id', calls: { getUser: (c) => getUser(c, ID) } },
  { method: 'GET', path: '/users', calls: { fetchUsers: (c) => fetchUsers(c, 1) } },
  {
    method: 'POST',
    path: '/users',
    calls: {
      createUser: (c) =>
        createUser(c, {
          first_name: 'a',
          last_name: 'b',
          email: 'a@b.c',
          phone_number: '1',
          designation: 'portal_user',
        }),
    },
  },
  { method: 'PUT', path: '/users/:id', calls: { updateUserFlag: (c) => updateUserFlag(c, ID, 'news_letter', true) } },
  { method: 'DELETE', path: '/users/:id', calls: { deleteUser: (c) => deleteUser(c, ID) } },

  // Admin
  {
    method: 'GET',
    path: '/anchor_account_details',
    calls: { fetchBankAccounts: (c) => fetchBankAccounts(c, state()) },
  },
  {
    method: 'POST',
    path: '/anchor_account_details',
    calls: {
      createBankAccount: (c) =>
        createBankAccount(c, {
          account_name: 'a',
          account_number: '1',
          account_type: 'CA',
          ifsc: 'SBIN0000001',
          bank_name: 'b',
          branch_name: 'c',
          region: 'north',
        }),
    },
  },
  { method: 'GET', path: '/bank_details_by_ifsc', calls: { lookupBank: (c) => lookupBank(c, 'SBIN0000001') } },
  {
    method: 'GET',
    path: '/anchor_settings/:id',
    calls: {
      fetchAnchorSettings: (c) => fetchAnchorSettings(c, ID),
      fetchBlockedChannels: (c) => fetchBlockedChannels(c, ID),
    },
  },
  {
    method: 'PUT',
    path: '/anchor_settings/:id/settings',
    calls: { updateAnchorSetting: (c) => updateAnchorSetting(c, ID, 'require_otp', true) },
  },

  // Customers (one path, three lists: told apart by their filters)
  {
    method: 'GET',
    path: '/distributor_companies',
    when: { text: 'filter[admin_panel]', test: has('filter[admin_panel]') },
    calls: {
      fetchCustomerContacts: (c) => fetchCustomerContacts(c, customerContactsQuery(state())),
      fetchVirtualAccounts: (c) => fetchVirtualAccounts(c, virtualAccountsQuery(state())),
    },
  },
  {
    method: 'GET',
    path: '/distributor_companies',
    when: { text: 'filter[application_status]', test: has('filter[application_status]') },
    calls: { fetchLeadList: (c) => fetchLeadList(c, 'approved', state()) },
  },
  {
    method: 'GET',
    path: '/distributor_companies',
    when: { text: 'filter[status] (the send-links modal)', test: has('filter[status]') },
    calls: { fetchLinkCustomers: (c) => fetchLinkCustomers(c, { search: '', page: 1 }) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/lead_list',
    calls: { fetchLeadList: (c) => fetchLeadList(c, 'new_leads', state()) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/lead_list',
    when: DOWNLOAD,
    calls: { downloadLeads: (c) => downloadLeads(c, 'new_leads', state(), ['name']) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/statuses',
    calls: { fetchLeadStatusCounts: (c) => fetchLeadStatusCounts(c) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/details',
    calls: { fetchDistributorDetails: (c) => fetchDistributorDetails(c) },
  },

  // Dashboard
  { method: 'GET', path: '/invoices/graph', calls: { fetchSharedGraph: (c) => fetchSharedGraph(c, YEAR_WINDOW) } },
  {
    method: 'GET',
    path: '/invoices/cleared_graph',
    calls: { fetchClearedGraph: (c) => fetchClearedGraph(c, YEAR_WINDOW) },
  },
  {
    method: 'GET',
    path: '/invoices/payment_graph',
    calls: { fetchPaymentGraph: (c) => fetchPaymentGraph(c, YEAR_WINDOW) },
  },
  {
    method: 'GET',
    path: '/payments/top_performers',
    calls: { fetchTopPerformers: (c) => fetchTopPerformers(c, { from_date: '2025-11-23', to_date: '2026-11-22' }) },
  },
  {
    method: 'GET',
    path: '/loan_applications/credit_limit_summary',
    calls: { fetchCreditLimitSummary: (c) => fetchCreditLimitSummary(c) },
  },
  {
    method: 'GET',
    path: '/loan_applications/lending_summary',
    calls: { fetchLendingSummary: (c) => fetchLendingSummary(c) },
  },

  // Invoices and collections
  {
    method: 'GET',
    path: '/invoices/stats',
    calls: {
      fetchInvoiceStats: (c) => fetchInvoiceStats(c, { box: 'yearly', shared: 'yearly', cleared: 'monthly' }, P),
    },
  },
  {
    method: 'GET',
    path: '/invoices',
    calls: {
      fetchInvoices: (c) => fetchInvoices(c, { filter: 'due_today' }, P),
      fetchCustomerInvoices: (c) => fetchCustomerInvoices(c, { customerId: ID, search: 'IN', page: 1 }, P),
    },
  },
  {
    method: 'GET',
    path: '/invoices',
    when: DOWNLOAD,
    calls: { downloadInvoices: (c) => downloadInvoices(c, { filter: 'due_today' }, ['customer_name']) },
  },
  {
    method: 'GET',
    path: '/payments',
    calls: { fetchPayments: (c) => fetchPayments(c, { filter: 'last_30_days' }, P) },
  },
  {
    method: 'GET',
    path: '/payments',
    when: DOWNLOAD,
    calls: { downloadPayments: (c) => downloadPayments(c, { filter: 'last_60_days' }, ['customer_name']) },
  },
  {
    method: 'POST',
    path: '/resources/create_or_update',
    calls: { setStarred: (c) => setStarred(c, { type: 'Invoice', id: ID, starred: true }) },
  },
  {
    method: 'POST',
    path: '/invoices/upload',
    calls: { uploadCsv: (c) => uploadCsv(c, { csvtype: 'invoice', file: csv('invoices.csv') }) },
  },
  {
    method: 'POST',
    path: '/distributor_companies/upload',
    calls: { uploadCsv: (c) => uploadCsv(c, { csvtype: 'demographic_data', file: csv('customers.csv') }) },
  },

  // Payment links and reminders
  {
    method: 'GET',
    path: '/payment_links',
    calls: {
      fetchPaymentLinks: (c) =>
        fetchPaymentLinks(c, { region: 'all', channelFinance: 'all', status: 'pending', search: '', page: 1 }),
    },
  },
  {
    method: 'POST',
    path: '/payment_links',
    calls: {
      createPaymentLink: (c) =>
        createPaymentLink(
          c,
          { payment_links: { distributor_user_id: 1, invoices_ids: [1], mode_of_communication: ['email'] } },
          'k',
        ),
    },
  },
  { method: 'GET', path: '/invoices/lookup', calls: { lookUpInvoice: (c) => lookUpInvoice(c, 'INV-1') } },
  {
    method: 'POST',
    path: '/payments/send_payment_links',
    calls: {
      sendPaymentLinks: (c) =>
        sendPaymentLinks(c, { payment_links: { distributor_company_ids: [1], mode_of_communication: ['sms'] } }, 'k'),
    },
  },
  {
    method: 'POST',
    path: '/schedule_reminders',
    calls: {
      scheduleReminder: (c) =>
        scheduleReminder(
          c,
          {
            schedule_reminder: {
              time: '09.00',
              type: 'DAILY',
              days: '1111111',
              invoice_ids: [1],
              category_type: 'clear_dues_for_invoice',
              modes: ['email'],
            },
          },
          'k',
        ),
    },
  },

  // Lending and the pipeline
  {
    method: 'GET',
    path: '/distributor_companies/lending_list',
    calls: { fetchLendingList: (c) => fetchLendingList(c, state(), P) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/lending_list',
    when: DOWNLOAD,
    calls: { downloadLendingList: (c) => downloadLendingList(c, state(), ['name']) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/list',
    calls: { fetchOnboardedList: (c) => fetchOnboardedList(c, state(), P) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/fund_available',
    calls: { fetchFundAvailable: (c) => fetchFundAvailable(c, '1', state()) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/drawdowns',
    calls: { fetchDrawdowns: (c) => fetchDrawdowns(c, LOAN) },
  },
  {
    method: 'GET',
    path: '/distributor_companies/drawdown_invoices',
    calls: { fetchDrawdownInvoices: (c) => fetchDrawdownInvoices(c, 'DDR1') },
  },
  {
    method: 'GET',
    path: '/distributor_companies/repayments',
    calls: { fetchRepayments: (c) => fetchRepayments(c, LOAN) },
  },
  {
    method: 'GET',
    path: '/loan_applications/credit_line_summary',
    calls: { fetchCreditLineSummary: (c) => fetchCreditLineSummary(c) },
  },
  {
    method: 'POST',
    path: '/distributor_companies/credit_evaluation',
    calls: { runCreditEvaluation: (c) => runCreditEvaluation(c, ['UPL-000001']) },
  },

  // Retailer area
  {
    method: 'GET',
    path: '/distributor_retailers/accounts_receivables',
    calls: { fetchAccountsReceivable: (c) => fetchAccountsReceivable(c, 't2') },
  },
  {
    method: 'GET',
    path: '/distributor_retailers/distributor_details',
    calls: { fetchDistributors: (c) => fetchDistributors(c, state()) },
  },
  {
    method: 'GET',
    path: '/distributor_retailers/distributor_details',
    when: DOWNLOAD,
    calls: { downloadDistributors: (c) => downloadDistributors(c, state(), ['name']) },
  },
  {
    method: 'GET',
    path: '/distributor_retailers/:id/distributor_retailer_details',
    calls: { fetchRetailers: (c) => fetchRetailers(c, ID, state()) },
  },
  {
    method: 'GET',
    path: '/distributor_retailers/:id/distributor_retailer_details',
    when: DOWNLOAD,
    calls: { downloadRetailers: (c) => downloadRetailers(c, ID, state(), ['name']) },
  },
  {
    method: 'GET',
    path: '/distributor_retailers/:id/retailer_invoice_details',
    calls: { fetchRetailerInvoices: (c) => fetchRetailerInvoices(c, ID, ID, 1) },
  },

  // Pay page
  {
    method: 'GET',
    path: '/invoice_collection',
    calls: { fetchCollection: (c) => fetchCollection(c, P, 'token', 'open', 1) },
  },
  { method: 'POST', path: '/avail_credit', calls: { availCredit: (c) => availCredit(c, 'token', ITEMS, 'k') } },
  {
    method: 'POST',
    path: '/op_avail_credit',
    calls: {
      openLimitAvailCredit: (c) => openLimitAvailCredit(c, 'token', [{ bankAccountId: '1', items: ITEMS }], 'k'),
    },
  },
  { method: 'POST', path: '/communications/send_otp', calls: { sendOtp: (c) => sendOtp(c, 'token', '1') } },
  {
    method: 'POST',
    path: '/communications/verify_otp',
    calls: { verifyOtp: (c) => verifyOtp(c, 'token', { loanApplicationId: '1', otp: '123456', referenceId: 'r' }) },
  },
  {
    method: 'POST',
    path: '/direct_payments/cc_avenue',
    calls: { directPayment: (c) => directPayment(c, 'token', ITEMS, 'upi', 'k') },
  },
  {
    method: 'GET',
    path: '/direct_payments/cc_avenue_success',
    calls: { paymentSuccess: (c) => paymentSuccess(c, 'token', 'CCA1') },
  },
  { method: 'POST', path: '/create_invoice', calls: { createInvoice: (c) => createInvoice(c, 'token', MANUAL, 'k') } },
];

// ---------------------------------------------------------------------------------------------------
// Recording what each function passes to the client
// ---------------------------------------------------------------------------------------------------

type AnyDecoder = t.Decoder<unknown, unknown>;

interface Recorded {
  method: string;
  path: string;
  query: Query;
  /** The codec of `client.request`; null for `client.download` (a CSV report). */
  codec: AnyDecoder | null;
}

const STOP = new Error('recorded');

type QueryValueRecord = Parameters<typeof toQueryString>[0];

/** A query as the pact holds it, from the app's query object (through the client's own `toQueryString`). */
function queryFrom(query: QueryValueRecord | undefined): Query {
  const out: Query = {};
  for (const [k, v] of new URLSearchParams(toQueryString(query ?? {}))) (out[k] ??= []).push(v);
  return out;
}

/** A client that records each request and download and answers none (the function under record then rejects). */
function recordingClient(into: Recorded[]): ApiClient {
  return {
    request: <A>(opts: RequestOptions<A>): Promise<A> => {
      into.push({ method: opts.method ?? 'GET', path: opts.path, query: queryFrom(opts.query), codec: opts.codec });
      return Promise.reject(STOP);
    },
    download: (opts: DownloadOptions) => {
      into.push({ method: 'GET', path: opts.path, query: queryFrom(opts.query), codec: null });
      return Promise.reject(STOP);
    },
    url: (path: string) => path,
  };
}

interface ResolvedCall {
  name: string;
  call: Call;
  recorded: Recorded[];
}

async function record(route: Route): Promise<ResolvedCall[]> {
  return Promise.all(
    Object.entries(route.calls).map(async ([name, call]) => {
      const recorded: Recorded[] = [];
      await call(recordingClient(recorded)).catch(() => undefined);
      return { name, call, recorded };
    }),
  );
}

const RECORDED = new Map(await Promise.all(ROUTES.map(async (route) => [route, await record(route)] as const)));
const callsOf = (route: Route) => RECORDED.get(route) ?? [];

const pathPattern = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
/** How specific a route is: its literal segments first (PUT /users/set_password over /users/:id), then a `when`. */
const specificity = (route: Route) =>
  route.path.split('/').filter((s) => s !== '' && !s.startsWith(':')).length * 2 + (route.when ? 1 : 0);

/** The routes a request is: method, path and `when` match, and no more specific route does. */
function routesFor(request: { method: string; path: string; query?: Query }): Route[] {
  const query = request.query ?? {};
  const matching = ROUTES.filter(
    (r) => r.method === request.method && pathPattern(r.path).test(request.path) && (r.when?.test(query) ?? true),
  );
  const best = Math.max(...matching.map(specificity));
  return matching.filter((r) => specificity(r) === best);
}

/** The functions the app makes an interaction's request with (one route; several functions may share it). */
function callsFor(interaction: PactInteraction): ResolvedCall[] {
  const found = routesFor({ ...interaction.request, query: queryOf(interaction) });
  return found.length === 1 ? callsOf(found[0]!) : [];
}

// ---------------------------------------------------------------------------------------------------
// The interactions
// ---------------------------------------------------------------------------------------------------

const ok = (i: PactInteraction) => i.response.status >= 200 && i.response.status < 300;
const label = (i: PactInteraction) =>
  `'${i.description}' (${i.request.method} ${i.request.path} -> ${i.response.status})`;
const isDownload = (i: PactInteraction) => callsFor(i).some((c) => c.recorded.some((r) => r.codec === null));

const OK_ANSWERS = INTERACTIONS.filter(ok);
const JSON_OK = OK_ANSWERS.filter((i) => isJsonResponse(i) && !isDownload(i));
const DOWNLOADS = OK_ANSWERS.filter(isDownload);
const JSON_FAILURES = INTERACTIONS.filter((i) => !ok(i) && isJsonResponse(i));

/** Where a consumer test names the interaction: `file:line`, to send a reader to its matchers. */
const consumerSources = [
  'admin',
  'customers',
  'dashboard',
  'errors',
  'invoices',
  'lending',
  'links',
  'pay',
  'retailers',
  'session',
  'uploads',
].flatMap((area) => {
  const file = `tests/contract/consumer/${area}.pact.test.ts`;
  try {
    return [{ file, lines: readFileSync(join(root, file), 'utf8').split('\n') }];
  } catch {
    return [];
  }
});
function definedAt(description: string): string {
  for (const { file, lines } of consumerSources) {
    const line = lines.findIndex(
      (l) => l.includes(`'${description}'`) || l.includes(`"${description}"`) || l.includes(`\`${description}\``),
    );
    if (line >= 0) return `${file}:${line + 1}`;
  }
  return 'its consumer test (the description is built at run time)';
}

// ---------------------------------------------------------------------------------------------------
// Examples decode
// ---------------------------------------------------------------------------------------------------

/** The io-ts problems of decoding an example the way the client does (`flattenData`, then the codec). */
function decodeProblems(codec: AnyDecoder, body: unknown): string[] {
  const decoded = codec.decode(flattenData(body));
  return isLeft(decoded) ? formatValidationErrors(decoded.left) : [];
}

/**
 * The codecs to read an example's fields with: those of the functions making the call that decode it (the
 * branch of the app in use); when none does (a decode failure, reported on its own), all of them.
 */
function fieldCodecs(interaction: PactInteraction): { name: string; codec: AnyDecoder }[] {
  const all = callsFor(interaction).flatMap(({ name, recorded }) =>
    recorded.flatMap((r) => (r.codec ? [{ name, codec: r.codec }] : [])),
  );
  const decoding = all.filter(({ codec }) => decodeProblems(codec, exampleBody(interaction)).length === 0);
  return decoding.length > 0 ? decoding : all;
}

/**
 * Examples that no function making the call decodes. Two functions may make the same request (GET
 * /anchor_settings/:id for the admin's configuration and for the link channels): an interaction is one of
 * them, so its example must decode with at least one of their codecs.
 */
function exampleFailures(interactions: readonly PactInteraction[]): string[] {
  return interactions.flatMap((i) => {
    const calls = callsFor(i).flatMap(({ name, recorded }) =>
      recorded.flatMap((r) => (r.codec ? [{ name, codec: r.codec }] : [])),
    );
    const attempts = calls.map(({ name, codec }) => ({ name, problems: decodeProblems(codec, exampleBody(i)) }));
    if (attempts.length === 0 || attempts.some((a) => a.problems.length === 0)) return [];
    return [
      `${label(i)} (${definedAt(i.description)}) decodes with no codec of the call:\n${attempts.map((a) => `  ${a.name}:\n    ${a.problems.join('\n    ')}`).join('\n')}`,
    ];
  });
}

/** The answer of a 2xx interaction as a fetch Response: its status, headers and example bytes. */
function responseOf(interaction: PactInteraction): Response {
  const { status, headers = {}, body } = interaction.response;
  const content = body?.content;
  const bytes =
    content === undefined
      ? null
      : typeof content !== 'string'
        ? JSON.stringify(content)
        : body?.encoded
          ? Buffer.from(content, 'base64')
          : content;
  return new Response(bytes, {
    status,
    headers: Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v] as [string, string]),
  });
}

/** CSV reports that the app's download function cannot save: run through the real client over the example. */
async function downloadFailures(interactions: readonly PactInteraction[]): Promise<string[]> {
  const failures = await Promise.all(
    interactions.map(async (i) =>
      Promise.all(
        callsFor(i).map(async ({ name, call }) => {
          const saved: string[] = [];
          const client = clientFor(
            'http://pact.example',
            {},
            { fetch: () => Promise.resolve(responseOf(i)), saveFile: (file) => saved.push(file) },
          );
          const error = await call(client).then(
            () => null,
            (e: unknown) => (e instanceof Error ? e.message : String(e)),
          );
          return error !== null || saved.length !== 1
            ? [`${label(i)}: ${name} saves no file (${error ?? `${saved.length} files`})`]
            : [];
        }),
      ),
    ),
  );
  return failures.flat(2);
}

/** Error answers as the client reads them: each entry of the provider's `errors` keeps its code and detail. */
function errorBodyProblems(interaction: PactInteraction): string[] {
  const body = exampleBody(interaction);
  const failure = apiErrorFromBody(interaction.response.status, body);
  const problems: string[] = [];
  if (failure.text === FALLBACK_TEXT)
    problems.push(`reads as the fallback text '${FALLBACK_TEXT}': no message and no error detail`);
  const entries =
    typeof body === 'object' && body !== null && 'errors' in body && Array.isArray(body.errors)
      ? (body.errors as unknown[])
      : null;
  if (entries === null || entries.length === 0) {
    if (!(typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'))
      problems.push('has neither errors[] nor message');
    return problems;
  }
  entries.forEach((entry, n) => {
    const read = failure.errors[n];
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (typeof e.code !== 'string' || e.code === '' || read?.code !== e.code)
      problems.push(`errors[${n}].code ${JSON.stringify(e.code)} is read as ${JSON.stringify(read?.code)}`);
    if (typeof e.detail !== 'string' || e.detail === '' || read?.detail !== e.detail)
      problems.push(`errors[${n}].detail ${JSON.stringify(e.detail)} is read as ${JSON.stringify(read?.detail)}`);
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Enums: which lists the codecs hold, and where
// ---------------------------------------------------------------------------------------------------

const wireSources = (() => {
  const codec = productSourceCodec(P);
  return PAYMENT_SOURCES.map((s) => codec.encode(s));
})();

/** Every word list a response codec decodes, by name (the name of its codec or kernel list). */
const ENUMS: Record<string, readonly string[]> = {
  Region: REGIONS,
  LeadStatus: APPLICATION_STATUSES,
  RiskGrade: RISK_GRADES,
  InvoiceStatus: INVOICE_STATUSES,
  ClosedStatus: CLOSED_STATUSES,
  PaymentSource: wireSources,
  LinkStatus: LINK_STATUSES,
  Channel: CHANNELS,
  AccessType: ACCESS_TYPES,
  AccountType: ACCOUNT_TYPES,
  SettingType: Object.keys(SettingDefinition.types[0].props.type.keys),
  StarResourceType: Object.keys(StarResourceType.keys),
  GraphType: Object.keys(GraphType.keys),
  /** The tag of the upload answer (a tagged union: io-ts refuses an unknown tag as a whole object). */
  UploadStatus: [UploadSuccess.types[0].props.status.value, UploadFailure.types[0].props.status.value],
};

/**
 * The response fields each list is decoded in (by field name, wherever the codecs put it). The enum fields
 * found in the pact's examples must be exactly these; a list with no field here decodes none in responses.
 */
const ENUM_FIELDS: Record<keyof typeof ENUMS, readonly string[]> = {
  Region: ['region'],
  LeadStatus: ['application_status', 'current_status'],
  RiskGrade: ['risk_grading'],
  InvoiceStatus: ['status'],
  ClosedStatus: ['closed_status'],
  PaymentSource: ['latest_payment_source', 'source'],
  LinkStatus: ['status'],
  Channel: ['mode_of_communication', 'modes'],
  AccessType: ['event'],
  AccountType: ['account_type'],
  SettingType: ['type'],
  StarResourceType: ['resource_type'],
  /** The graphs' period: a request parameter and the keys `yearly` / `weekly` of the answer, never a value. */
  GraphType: [],
  UploadStatus: ['status'],
};

/**
 * Matchers that allow part of a list on purpose (two or more values, not all), because the request only
 * yields those: per call (method and route path) and field name, the values the request's query allows.
 */
const NARROWED: { call: string; field: string; values: (query: Query) => readonly string[]; reason: string }[] = [
  {
    call: 'GET /distributor_companies/fund_available',
    field: 'risk_grading',
    values: (query) => RISK_GRADES.filter((risk) => fundWindowOf(risk) === query['filter[fund_in_days]']?.[0]),
    reason:
      "each fund window holds the risk grades of that window (src/domain/lending.ts fundWindowOf: L and M in '1', H and R in '5')",
  },
  {
    call: 'GET /distributor_companies/fund_available',
    field: 'application_status',
    values: () => APPLICATION_STATUSES.filter((status) => status === 'new_leads' || status === 'work_in_progress'),
    reason: 'the fund tables list customers not yet approved (the pipeline; mock-server/routes/lending.ts)',
  },
];

/** A field's name: the last key of its path that is not an array index (`mode_of_communication` for `...mode_of_communication[0]`). */
const fieldName = (path: readonly string[]) => [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? '$';
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));
const enumName = (values: readonly string[], fallback: string) =>
  Object.entries(ENUMS).find(([, list]) => sameSet(list, values))?.[0] ?? fallback;

/** The list a leaf codec holds: `t.keyof` (oneOf), `t.literal`, or a codec over a known list's values (PaymentSource). */
function listOf(codec: t.Decoder<unknown, unknown>): { name: string; values: string[] } | null {
  let values: string[] | null = null;
  if (codec instanceof t.KeyofType) values = Object.keys(codec.keys as Record<string, unknown>);
  else if (codec instanceof t.LiteralType) values = [String(codec.value)];
  else if (codec instanceof t.Type && codec.is === PaymentSource.is)
    values = PAYMENT_SOURCES.map((s) => String((codec as t.Type<unknown, unknown>).encode(s)));
  return values ? { name: enumName(values, codec.name), values } : null;
}

/** The values a tagged union's members hold at `key` (io-ts picks the member by them). */
function tagValues(codec: unknown, key: string): string[] {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) {
    const prop = (codec.props as Record<string, AnyDecoder | undefined>)[key];
    return prop ? (listOf(prop)?.values ?? []) : [];
  }
  if (codec instanceof t.IntersectionType || codec instanceof t.UnionType)
    return (codec.types as unknown[]).flatMap((member) => tagValues(member, key));
  if (codec instanceof t.RefinementType || codec instanceof t.ExactType || codec instanceof t.ReadonlyType)
    return tagValues(codec.type, key);
  return [];
}

/** Leaf codecs that refuse the probe but hold no list. */
const NOT_LISTS = new Set(['Money']);
const PROBE = 'codecs-agree-probe';

interface EnumField {
  interaction: PactInteraction;
  path: string[];
  example: string;
  list: { name: string; values: string[] };
  codecName: string;
}

/** The enum fields of an example, found by probing each string with each codec the app uses for the call. */
function enumFields(interaction: PactInteraction): { fields: EnumField[]; unclassified: string[] } {
  const body = exampleBody(interaction);
  const fields: EnumField[] = [];
  const unclassified: string[] = [];
  for (const { name, codec } of fieldCodecs(interaction)) {
    for (const leaf of leaves(body)) {
      if (typeof leaf.value !== 'string') continue;
      const original = leaf.value;
      const key = leaf.path[leaf.path.length - 1] ?? '';
      const decoded = codec.decode(flattenData(replaceAt(body, leaf.path, PROBE)));
      if (!isLeft(decoded)) continue;
      const found = new Map<string, { name: string; values: string[] }>();
      for (const error of decoded.left) {
        const last = error.context[error.context.length - 1];
        if (!last) continue;
        // A tagged union refuses an unknown tag as the whole object that holds it.
        const holder = error.value;
        if (
          last.type instanceof t.UnionType &&
          typeof holder === 'object' &&
          holder !== null &&
          (holder as Record<string, unknown>)[key] === PROBE
        ) {
          const values = [...new Set(tagValues(last.type, key))];
          if (values.includes(original))
            found.set(values.join('|'), { name: enumName(values, `tag of ${last.type.name}`), values });
          continue;
        }
        // Otherwise only the probed value's own failures, by a codec that took the example's value (the branch in use).
        if (error.value !== PROBE || isLeft(last.type.decode(original))) continue;
        const list = listOf(last.type);
        if (list) found.set(list.values.join('|'), list);
        else if (!NOT_LISTS.has(last.type.name))
          unclassified.push(`${label(interaction)} ${formatPath(leaf.path)}: ${last.type.name}`);
      }
      for (const list of found.values()) {
        const same = fields.find(
          (f) => formatPath(f.path) === formatPath(leaf.path) && sameSet(f.list.values, list.values),
        );
        if (same) same.codecName = `${same.codecName}, ${name}`;
        else fields.push({ interaction, path: leaf.path, example: original, list, codecName: name });
      }
    }
  }
  return { fields, unclassified };
}

// ---------------------------------------------------------------------------------------------------
// Enums: what the matchers allow there
// ---------------------------------------------------------------------------------------------------

/** Values a list must refuse: empty, other words, and near misses of each value (case, prefix, suffix, space). */
function outsiders(values: readonly string[]): string[] {
  const near = values.flatMap((v) => [v.toUpperCase(), v.toLowerCase(), `${v}x`, `x${v}`, ` ${v}`, `${v} `]);
  return [...new Set(['', 'other', 'bogus', 'NORTH', ...near])].filter((v) => !values.includes(v));
}

type Verdict =
  | { agrees: true; kind: 'whole list' | 'pinned to the example' | 'narrowed on purpose'; rule: string }
  | { agrees: false; problem: string; rule: string };

function verdict(field: EnumField): Verdict {
  const rules = field.interaction.response.matchingRules?.body;
  const { best, ties } = selectRule(rules, field.path);
  const rule =
    describeRule(best) +
    (ties.length > 0 ? ` (tied with ${ties.map((tie: SelectedRule) => describeRule(tie)).join('; ')})` : '');
  if (ties.length > 0) return { agrees: false, problem: 'two rules tie for this path: Pact picks either', rule };
  const allows = (v: string) => ruleAllows(best?.rules ?? null, v, field.example);
  const values = field.list.values;
  const unknown = [...values, ...outsiders(values)].filter((v) => allows(v) === 'unknown');
  if (unknown.length > 0)
    return {
      agrees: false,
      problem: `the rule cannot be read for ${unknown.map((v) => JSON.stringify(v)).join(', ')}`,
      rule,
    };
  const leaked = outsiders(values).filter((v) => allows(v) === 'yes');
  if (leaked.length > 0) {
    const shown = leaked.slice(0, 8).map((v) => JSON.stringify(v));
    return {
      agrees: false,
      problem: `the matcher allows values the codec refuses: ${shown.join(', ')}${leaked.length > shown.length ? ` and ${leaked.length - shown.length} more` : ''}`,
      rule,
    };
  }
  const allowed = values.filter((v) => allows(v) === 'yes');
  if (allowed.length === values.length) return { agrees: true, kind: 'whole list', rule };
  if (allowed.length === 1 && allowed[0] === field.example)
    return { agrees: true, kind: 'pinned to the example', rule };
  const [route] = routesFor({ ...field.interaction.request, query: queryOf(field.interaction) });
  const narrowed = NARROWED.find(
    (n) =>
      route &&
      n.call === `${route.method} ${route.path}` &&
      n.field === fieldName(field.path) &&
      sameSet(n.values(queryOf(field.interaction)), allowed),
  );
  if (narrowed) return { agrees: true, kind: 'narrowed on purpose', rule };
  const missing = values.filter((v) => !allowed.includes(v));
  return {
    agrees: false,
    problem: `the matcher allows only ${allowed.join(', ') || 'nothing'} of the list: not ${missing.join(', ')}`,
    rule,
  };
}

function disagreements(fields: readonly EnumField[]): string[] {
  return fields.flatMap((field) => {
    const v = verdict(field);
    if (v.agrees) return [];
    return [
      [
        `${label(field.interaction)} at ${formatPath(field.path)} (example ${JSON.stringify(field.example)}, ${definedAt(field.interaction.description)}):`,
        `    rule:  ${v.rule}`,
        `    codec: ${field.list.name} (${field.codecName}) = ${field.list.values.join(' | ')}`,
        `    ${v.problem}`,
      ].join('\n'),
    ];
  });
}

// ---------------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------------

const FIELDS = JSON_OK.map((i) => enumFields(i));
const ALL_FIELDS = FIELDS.flatMap((f) => f.fields);

describe('the table of calls', () => {
  it('names functions that make exactly that call (method, path, and the filter that tells it apart)', () => {
    const wrong = ROUTES.flatMap((route) =>
      callsOf(route).flatMap(({ name, recorded }) => {
        if (recorded.length !== 1)
          return [`${name} made ${recorded.length} requests, not one ${route.method} ${route.path}`];
        const [r] = recorded as [Recorded];
        const routed = routesFor(r);
        if (routed.length === 1 && routed[0] === route) return [];
        const query = new URLSearchParams(
          Object.entries(r.query).flatMap(([k, vs]) => vs.map((v) => [k, v])),
        ).toString();
        return [
          `${name} calls ${r.method} ${r.path}?${query}: that is ${routed.map((x) => `${x.method} ${x.path}${x.when ? ` with ${x.when.text}` : ''}`).join(' and ') || 'no route'}, not ${route.method} ${route.path}${route.when ? ` with ${route.when.text}` : ''}`,
        ];
      }),
    );
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('has one call for every 2xx answer of the pact: a request for JSON, a download for the rest', () => {
    const unrouted = OK_ANSWERS.filter((i) => routesFor({ ...i.request, query: queryOf(i) }).length !== 1).map(
      (i) => `${label(i)}: ${routesFor({ ...i.request, query: queryOf(i) }).length} routes`,
    );
    const notJson = OK_ANSWERS.filter((i) => !isJsonResponse(i) && !isDownload(i)).map(label);
    expect(unrouted, `ROUTES has no call (or several) for:\n${unrouted.join('\n')}`).toEqual([]);
    expect(notJson, `2xx answers that are not JSON, to calls that are not downloads:\n${notJson.join('\n')}`).toEqual(
      [],
    );
  });
});

describe('examples decode', () => {
  it('every 2xx JSON example decodes with the codec the app decodes that call with', () => {
    const failures = exampleFailures(JSON_OK);
    expect(failures, `${failures.length} example(s) the app cannot decode:\n${failures.join('\n')}`).toEqual([]);
    expect(JSON_OK.length).toBeGreaterThan(0);
  });

  it('every CSV report is saved by the app’s download function (through the real client)', async () => {
    const failures = await downloadFailures(DOWNLOADS);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('every error answer reads as the provider’s own entries with the app’s error reader', () => {
    const failures = JSON_FAILURES.flatMap((i) => errorBodyProblems(i).map((p) => `${label(i)} ${p}`));
    expect(failures, failures.join('\n')).toEqual([]);
    expect(JSON_FAILURES.length).toBeGreaterThan(0);
  });
});

describe('enums agree', () => {
  it('the probe classifies every leaf codec that refuses it', () => {
    const unclassified = FIELDS.flatMap((f) => f.unclassified);
    expect(
      unclassified,
      `codecs that refuse some strings but are not known lists (add to NOT_LISTS or teach listOf):\n${unclassified.join('\n')}`,
    ).toEqual([]);
  });

  it('the enum fields in the examples are the declared ones, and each declared field has an example', () => {
    const found = new Set(ALL_FIELDS.map((f) => `${f.list.name}.${fieldName(f.path)}`));
    const declared = new Set(
      Object.entries(ENUM_FIELDS).flatMap(([name, fields]) => fields.map((f) => `${name}.${f}`)),
    );
    const undeclared = [...found].filter((f) => !declared.has(f));
    const unseen = [...declared].filter((f) => !found.has(f));
    expect(
      undeclared,
      `enum fields the examples hold that ENUM_FIELDS does not declare:\n${undeclared.join('\n')}`,
    ).toEqual([]);
    expect(unseen, `ENUM_FIELDS declares fields no example holds:\n${unseen.join('\n')}`).toEqual([]);
  });

  it('every enum field’s matcher allows the codec’s whole list (or pins the example) and nothing the codec refuses', () => {
    const found = disagreements(ALL_FIELDS);
    const counts = ALL_FIELDS.map(verdict).reduce<Record<string, number>>((acc, v) => {
      const key = v.agrees ? v.kind : 'disagrees';
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});
    console.info(
      [
        `codecs-agree: ${INTERACTIONS.length} interactions: ${JSON_OK.length} 2xx JSON examples, ${DOWNLOADS.length} CSV reports, ${JSON_FAILURES.length} error answers;`,
        `${ALL_FIELDS.length} enum fields checked in ${new Set(ALL_FIELDS.map((f) => f.interaction)).size} interactions: ${JSON.stringify(counts)}`,
      ].join(' '),
    );
    if (process.env.CODECS_AGREE_VERBOSE) {
      for (const f of ALL_FIELDS) {
        const v = verdict(f);
        console.info(
          `${v.agrees ? v.kind : 'DISAGREES'} | ${f.interaction.description} | ${formatPath(f.path)} = ${JSON.stringify(f.example)} | ${f.list.name} | ${v.rule}`,
        );
      }
    }
    expect(
      found,
      `${found.length} enum field(s) where the matchers and the codecs disagree:\n${found.join('\n')}`,
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The checker has teeth
// ---------------------------------------------------------------------------------------------------

describe('the checker', () => {
  const byPath = (fields: readonly EnumField[], last: string) => fields.find((f) => f.path[f.path.length - 1] === last);
  const regionField = ALL_FIELDS.find((f) => f.list.name === 'Region' && verdict(f).agrees);
  const statusField = ALL_FIELDS.find((f) => f.list.name === 'InvoiceStatus' && f.path[f.path.length - 1] === 'status');

  it('reads Pact’s path rules: the most specific path wins, [*] and .* match any index or key, ancestors cascade', () => {
    const rules = {
      $: { matchers: [{ match: 'type' }] },
      '$.data': { matchers: [{ match: 'type', min: 1 }] },
      '$.data[*].attributes.region': { matchers: [{ match: 'regex', regex: '^(north|south)$' }] },
      '$.data[0].attributes.*': { matchers: [{ match: 'equality' }] },
      "$.meta['30_days']": { matchers: [{ match: 'number' }] },
      '$.data[*].attributes.region.too.long': { matchers: [{ match: 'type' }] },
    };
    const at = (...path: string[]) => selectRule(rules, ['$', ...path]).best;
    expect(at('data', '0', 'attributes', 'region')?.path).toBe('$.data[*].attributes.region');
    expect(at('data', '0', 'attributes', 'name')).toMatchObject({ path: '$.data[0].attributes.*', cascaded: false });
    expect(at('data', '3', 'attributes', 'name')).toMatchObject({ path: '$.data', cascaded: true });
    expect(at('meta', '30_days')?.path).toBe("$.meta['30_days']");
    expect(at('pagy', 'count')).toMatchObject({ path: '$', cascaded: true });
    expect(selectRule({}, ['$', 'a']).best).toBeNull();
    expect(ruleAllows(null, 'north', 'north')).toBe('yes');
    expect(ruleAllows(null, 'south', 'north')).toBe('no');
  });

  it('reports a region with only a type matcher (a plain value inside eachLike)', () => {
    expect(regionField, 'the pact has a region field that agrees').toBeDefined();
    const field = regionField!;
    const rules = { ...field.interaction.response.matchingRules?.body };
    for (const key of Object.keys(rules)) if (key.endsWith('.region')) delete rules[key];
    const parent = formatPath(field.path.slice(0, -1));
    const fake: PactInteraction = {
      ...field.interaction,
      description: 'a fake answer whose region has only a type matcher',
      response: {
        ...field.interaction.response,
        matchingRules: { body: { ...rules, [parent]: { matchers: [{ match: 'type' }] } } },
      },
    };
    const [fieldOfFake] = enumFields(fake).fields.filter((f) => formatPath(f.path) === formatPath(field.path));
    expect(fieldOfFake).toBeDefined();
    const report = disagreements([fieldOfFake!]);
    expect(report).toHaveLength(1);
    expect(report[0]).toContain('a fake answer whose region has only a type matcher');
    expect(report[0]).toContain(formatPath(field.path));
    expect(report[0]).toContain('the matcher allows values the codec refuses: "", "other", "bogus", "NORTH"');
  });

  it('reports an unanchored regex, a list that misses a value, and no rule in a cascade', () => {
    const field = regionField!;
    const withRule = (matchers: { match: string; regex?: string }[]): EnumField => ({
      ...field,
      interaction: {
        ...field.interaction,
        response: {
          ...field.interaction.response,
          matchingRules: { body: { [formatPath(field.path)]: { matchers } } },
        },
      },
    });
    expect(verdict(withRule([{ match: 'regex', regex: 'north|east|west|south' }]))).toMatchObject({
      agrees: false,
      problem: expect.stringContaining('"northx"') as unknown,
    });
    expect(verdict(withRule([{ match: 'regex', regex: '^(north|east|west)$' }]))).toMatchObject({
      agrees: false,
      problem: expect.stringContaining('not south') as unknown,
    });
    expect(verdict(withRule([{ match: 'regex', regex: `^(${REGIONS.join('|')})$` }]))).toMatchObject({
      agrees: true,
      kind: 'whole list',
    });
    expect(verdict(withRule([{ match: 'equality' }]))).toMatchObject({ agrees: true, kind: 'pinned to the example' });
    expect(verdict(withRule([{ match: 'include', value: 'o' } as { match: string }]))).toMatchObject({ agrees: false });
  });

  it('reports an example whose invoice status is bogus as a decode failure, with the io-ts path', () => {
    expect(statusField, 'the pact has an invoice status').toBeDefined();
    const field = statusField!;
    const bogus: PactInteraction = {
      ...field.interaction,
      description: 'a fake answer with status bogus',
      response: {
        ...field.interaction.response,
        body: {
          ...field.interaction.response.body,
          content: replaceAt(exampleBody(field.interaction), field.path, 'bogus'),
        },
      },
    };
    const failures = exampleFailures([bogus]);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toContain('a fake answer with status bogus');
    expect(failures[0]).toMatch(/Expecting .*"open".* at .*status but instead got: "bogus"/);
    expect(exampleFailures([field.interaction])).toEqual([]);
  });

  it('finds no enum in a field whose codec takes any string, and routes no unknown call', () => {
    expect(byPath(ALL_FIELDS, 'document_number')).toBeUndefined();
    const unknownCall: PactInteraction = {
      description: 'an unknown call',
      request: { method: 'GET', path: '/nowhere' },
      response: { status: 200, body: { content: {} } },
    };
    expect(routesFor(unknownCall.request)).toEqual([]);
    expect(callsFor(unknownCall)).toEqual([]);
    expect(exampleFailures([unknownCall])).toEqual([]);
  });
});
