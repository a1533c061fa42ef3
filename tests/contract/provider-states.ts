/**
 * The provider states of the pact, as a backend team implements them to verify its own provider: one entry per
 * state name the consumer tests give (`.given(...)`), saying what data the provider must hold or create for it
 * (in the provider's own terms, not the mock's), the parameters the pact passes, the keys the setup must answer
 * (the values the interactions inject with `fromProviderState`; `authToken` is the interaction's Authorization)
 * and what a teardown puts back. `npm run pact:states-doc` writes pacts/PROVIDER-STATES.md from it;
 * tests/contract/provider-states.test.ts checks it against the pact and the mock's implementation
 * (mock-server/pact-states/), where every fact below comes from.
 *
 * "Today" is the day the verification runs on; the pact's examples are written around 2026-11-22. The demo
 * logins all have the password Demo@1234. Anchor 1 is Sarvodaya Consumer Products Ltd (system generated),
 * anchor 1551 is Meridian Agro Industries (not system generated).
 */

/** Where a state belongs: the consumer test (and mock-server/pact-states/ file) of its interactions. */
export type StateArea =
  'session' | 'admin' | 'invoices' | 'payment-links' | 'lending' | 'retailers' | 'uploads' | 'pay';

/** The order of the areas in the document. */
export const STATE_AREAS: readonly StateArea[] = [
  'session',
  'admin',
  'invoices',
  'payment-links',
  'lending',
  'retailers',
  'uploads',
  'pay',
];

export interface ProviderStateEntry {
  readonly name: string;
  readonly area: StateArea;
  /** What the provider must have or create, in plain words. */
  readonly creates: string;
  /** Each parameter the pact passes and its meaning. */
  readonly params?: Readonly<Record<string, string>>;
  /** The keys the setup answers (each injected by at least one interaction of the state). */
  readonly returns: readonly string[];
  /** What to put back after the interaction. */
  readonly teardown?: string;
}

const PASSWORD_BACK =
  'If the interaction changed the user’s password, set it back to Demo@1234 (later states log the user in with it).';

/**
 * '<e-mail> is logged in': a demo login, logged in; the setup answers a fresh auth token as `authToken`, and
 * for t1@anchor.test the user's and its anchor's ids (its interactions read its own record and settings).
 */
const loggedIn = (email: string, who: string, ids: readonly string[] = []): ProviderStateEntry => ({
  name: `${email} is logged in`,
  area: 'session',
  creates: `${who} Log the user in and answer a fresh auth token as authToken${ids.length > 0 ? `, and ${ids.join(' and ')}` : ''}.`,
  returns: ['authToken', ...ids],
  teardown: PASSWORD_BACK,
});

/** What the pay states share: a payment link's customer as seeded, whatever earlier interactions did. */
const AS_SEEDED =
  'Start from the customer as seeded: no credit draws, payments, gateway orders, OTPs or Idempotency-Keys left by earlier interactions.';
/** The teardown of a pay state whose interaction (or setup) changes the customer's data. */
const payTeardown = (what: string) =>
  `Remove ${what}, and put the customer’s invoices, loan and limit back as they were (the mock instead puts the customer back as seeded at every pay-state setup).`;
/** An invoice credit may pay. */
const CREDIT_MAY_PAY = 'that credit may pay (open, no drawdown request on it, not past the overdue cut-off)';
const AMOUNT = 'An amount in rupees (a JSON number, up to 2 decimals) the interaction pays or draws for one invoice.';

export const PROVIDER_STATES: readonly ProviderStateEntry[] = [
  // -------------------------------------------------------------------------------------------------
  // Session (mock-server/pact-states/index.ts)
  // -------------------------------------------------------------------------------------------------
  {
    name: 'the demo users exist',
    area: 'session',
    creates:
      'The demo logins, password Demo@1234: t1@anchor.test (user 1, Asha Verma, admin of anchor 1, access type t1) and t2@anchor.test (user 2, Rohan Iyer, portal user of anchor 1, access type t2). The interactions log t1@anchor.test in (and fail to, with a wrong password), ask for a reset link for t2@anchor.test, and try to add a user with t2@anchor.test’s e-mail.',
    returns: [],
  },
  loggedIn(
    't1@anchor.test',
    'The user t1@anchor.test: Asha Verma, admin (role 1) of anchor 1, Sarvodaya Consumer Products Ltd (system generated); access type t1, allowed to create payment links and to manage the anchor; password Demo@1234. The user’s id is userId (GET /users/{userId}), the anchor’s id anchorId (GET /anchor_settings/{anchorId}). An interaction that needs more data than the user, its anchor and its settings names a second state for it.',
    ['userId', 'anchorId'],
  ),
  loggedIn(
    't2@anchor.test',
    'The user t2@anchor.test: Rohan Iyer, user 2, portal user of anchor 1, access type t2 (may see the t2 accounts receivable, not the t1 ones); password Demo@1234.',
  ),
  loggedIn(
    't1t2@anchor.test',
    'The user t1t2@anchor.test: Meera Nair, portal user of anchor 1, access type t1t2 (the retailer pages and both accounts receivable); password Demo@1234.',
  ),
  loggedIn(
    'anchor1551@anchor.test',
    'The user anchor1551@anchor.test: Vikram Rao, portal user of anchor 1551, Meridian Agro Industries (not system generated; its settings block SMS), access type t1, allowed to create payment links and to manage the anchor; password Demo@1234.',
  ),
  loggedIn(
    'unset@anchor.test',
    'The user unset@anchor.test: Kabir Singh, portal user of anchor 1 with no access type set; password Demo@1234. The interactions change the password to Changed@123 (and fail to, given a wrong current password).',
  ),
  loggedIn(
    'qa.profile@anchor.test',
    'The user qa.profile@anchor.test: Quality Profile, portal user of anchor 1, access type t1, without the permission to manage the anchor (adding a user is refused, 403); password Demo@1234.',
  ),
  {
    name: 'the auth token of t1@anchor.test has expired',
    area: 'session',
    creates:
      'An auth token of t1@anchor.test that was valid but has expired (the mock issues one with no lifetime left); answer it as authToken and the user’s id as userId. GET /users/{userId} with it answers 401 ER-AUTH-103.',
    returns: ['authToken', 'userId'],
  },
  {
    name: 'request bodies over 256 KB and JSON nested more than 100 levels deep are refused',
    area: 'session',
    creates:
      'Nothing to create: the provider refuses a request body over 256 KB with 413 and JSON nested more than 100 levels deep with 400 (the mock: past 32), both in the errors list, before it reads the request.',
    returns: [],
  },
  {
    name: 'the auth token is invalid',
    area: 'session',
    creates:
      'A token the provider never issued (the mock answers at_not-a-real-token); answer it as authToken. Calls with it answer 401 ER-AUTH-102.',
    returns: ['authToken'],
  },
  {
    name: 't1@anchor.test has a valid refresh token',
    area: 'session',
    creates:
      'A fresh login of t1@anchor.test; answer its refresh token, not yet used, as refreshToken (POST /auth exchanges it for new tokens).',
    returns: ['refreshToken'],
  },
  {
    name: 't1@anchor.test has a rotated refresh token',
    area: 'session',
    creates:
      'A refresh token of t1@anchor.test that was already exchanged (POST /auth), and whose successor was exchanged too, so presenting it again is reuse, not a lost answer within a grace window; answer it as refreshToken. POST /auth with it answers 401 ER-AUTH-102.',
    returns: ['refreshToken'],
  },
  {
    name: 'a reset link was mailed to t2@anchor.test',
    area: 'session',
    creates:
      't2@anchor.test (password Demo@1234) asked for a password reset (as POST /users/forgot_password does); answer the token of the mailed reset link as resetToken. The interaction sets the password NewPass@123 with it (or fails to, the confirmation not matching).',
    returns: ['resetToken'],
    teardown: 'Set t2@anchor.test’s password back to Demo@1234.',
  },
  {
    name: 'five wrong logins were made for locked.out@anchor.test',
    area: 'session',
    creates:
      'Five logins (POST /sessions) with wrong passwords for locked.out@anchor.test within the last 15 minutes, which use up the per-account limit (5 wrong attempts in 15 minutes); the address need not belong to a user. The next login answers 429 ER-RATE-LIMIT with Retry-After.',
    returns: [],
  },

  // -------------------------------------------------------------------------------------------------
  // Admin (mock-server/pact-states/admin.ts)
  // -------------------------------------------------------------------------------------------------
  {
    name: 'no user has the e-mail pact.new.user@anchor.test',
    area: 'admin',
    creates:
      'No user with the e-mail pact.new.user@anchor.test (remove one left over). The interaction adds it to anchor 1: Pact Newcomer, +91 9876500099, portal_user.',
    returns: [],
    teardown: 'Remove the user pact.new.user@anchor.test and the audit-log entries written since the setup.',
  },
  {
    name: 't1@anchor.test’s anchor has a portal user without the newsletter',
    area: 'admin',
    creates:
      'A portal user of anchor 1 who is not system generated (staff, not a demo login), with the newsletter turned off; answer its id as userId. The interaction turns the newsletter on (PUT /users/{userId}).',
    returns: ['userId'],
    teardown:
      'Put the user’s newsletter and send-email flags back as they were, and remove the audit-log entries written since the setup.',
  },
  {
    name: 'anchor1551@anchor.test’s anchor is not system generated and has a portal user',
    area: 'admin',
    creates:
      'Anchor 1551 (Meridian Agro Industries, the anchor of anchor1551@anchor.test) is not system generated, so the portal may not change its configuration or users (403), and it has a user besides anchor1551@anchor.test; answer anchorId (1551) and that user’s id as userId.',
    returns: ['anchorId', 'userId'],
  },
  {
    name: 'a portal user was just added to t1@anchor.test’s anchor',
    area: 'admin',
    creates:
      'A portal user added to anchor 1 by t1@anchor.test (as POST /users does): pact.short.lived@anchor.test, Pact Shortlived, +91 9876500098, portal_user, role 5, not system generated; answer its id as userId. The interaction deletes it.',
    returns: ['userId'],
    teardown:
      'Remove pact.short.lived@anchor.test if the interaction did not, and the audit-log entries written since the setup.',
  },
  {
    name: 't2@anchor.test is a system-generated user of t1@anchor.test’s anchor',
    area: 'admin',
    creates:
      't2@anchor.test (user 2) is a system-generated user of anchor 1, which the portal may not delete (403); answer its id as userId.',
    returns: ['userId'],
  },
  {
    name: 't1@anchor.test has bank accounts in the west',
    area: 'admin',
    creates: 'Anchor 1 has a bank account in the west region (the mock: Sarvodaya Collections, a current account).',
    returns: [],
  },
  {
    name: 'no bank account 123456789012 with IFSC SBIN0000001 is on record for t1@anchor.test’s anchor',
    area: 'admin',
    creates:
      'Anchor 1 has no bank account with account number 123456789012 and IFSC SBIN0000001 (remove one left over). The interaction adds it.',
    returns: [],
    teardown:
      'Remove anchor 1’s bank account 123456789012 / SBIN0000001 and the audit-log entries written since the setup.',
  },
  {
    name: 'SBIN0000001 is a known IFSC',
    area: 'admin',
    creates: 'The IFSC lookup knows SBIN0000001: State Bank of India, branch KOLKATA MAIN.',
    returns: [],
  },
  {
    name: 'ABCD0123456 is no known IFSC',
    area: 'admin',
    creates:
      'The IFSC lookup knows no branch for ABCD0123456 (well formed, but no bank has it): it answers 404 ER-NOT-FOUND.',
    returns: [],
  },
  {
    name: 't1@anchor.test’s anchor is system generated',
    area: 'admin',
    creates:
      'Anchor 1 (the anchor of t1@anchor.test) is system generated and has its configuration (anchor settings); answer its id as anchorId.',
    returns: ['anchorId'],
  },
  {
    name: 't1@anchor.test (Asha Verma) may change the credit option of its anchor',
    area: 'admin',
    creates:
      't1@anchor.test is Asha Verma and may manage anchor 1, which is system generated; anchor 1’s setting show_credit_option (the credit option on the pay page) is on. Answer the anchor’s id as anchorId. The interaction turns the option off, and the answer names Asha Verma as the last to change the settings.',
    returns: ['anchorId'],
    teardown:
      'Put anchor 1’s settings back as they were, with who changed them last and when, and remove the audit-log entries written since the setup.',
  },
  {
    name: 't1@anchor.test has customers with a virtual account',
    area: 'admin',
    creates: 'Anchor 1 has customers with a virtual account number.',
    returns: [],
  },

  // -------------------------------------------------------------------------------------------------
  // Invoices and payments (mock-server/pact-states/invoices.ts); anchor 1, read by t1@anchor.test
  // -------------------------------------------------------------------------------------------------
  {
    name: 't1@anchor.test has open invoices due today',
    area: 'invoices',
    creates: 'Anchor 1 has at least one open or part-paid invoice due today.',
    returns: [],
  },
  {
    name: 't1@anchor.test has open invoices of customers in the north more than 30 days overdue',
    area: 'invoices',
    creates:
      'Anchor 1 has at least one open or part-paid invoice of a customer in the north region, due more than 30 days ago, whose document number contains INV/ (the interaction searches for it).',
    returns: [],
  },
  {
    name: 't1@anchor.test has starred open invoices',
    area: 'invoices',
    creates: 'Anchor 1 has starred at least one of its open or part-paid invoices.',
    returns: [],
  },
  {
    name: 't1@anchor.test has invoices of channel-finance customers closed by credit',
    area: 'invoices',
    creates:
      'Anchor 1 has at least one paid invoice of a customer on channel finance that was closed by credit (a drawdown paid it).',
    returns: [],
  },
  {
    name: 't1@anchor.test has an open invoice that is not starred',
    area: 'invoices',
    creates:
      'An open or part-paid invoice of anchor 1 that is not starred (unstar it); answer its id as invoiceId. The interaction stars it.',
    returns: ['invoiceId'],
  },
  {
    name: 't1@anchor.test’s anchor shared invoices and received payments from customers in several regions in each of the last 12 months',
    area: 'invoices',
    creates:
      'Anchor 1 shared at least one invoice (invoice date) and received at least one payment in each of the 12 calendar months up to and including this one, from customers in at least 2 regions; some of its invoices were cleared by credit, by pay and outside. The statistics, the shared, cleared and payment graphs (by year and by week of this month) and the top regions read them.',
    returns: [],
  },
  {
    name: 't1@anchor.test received payments in the last 30 days',
    area: 'invoices',
    creates: 'Anchor 1 received at least one payment dated within the last 30 days (also listed in the 60-day report).',
    returns: [],
  },
  {
    name: 't1@anchor.test received payments from customers in the north in the last 90 days',
    area: 'invoices',
    creates:
      'Anchor 1 received at least one payment from a customer in the north region within the last 90 days, for an invoice whose number contains INV/ (the interaction searches for it).',
    returns: [],
  },
  {
    name: 't1@anchor.test has a starred payment',
    area: 'invoices',
    creates:
      'A payment received by anchor 1 that the anchor starred (star it); answer its id as paymentId. One interaction lists the starred payments, one unstars it.',
    returns: ['paymentId'],
  },
  {
    name: 'CSV downloads are answered as JSON with download_csv, result and filename',
    area: 'invoices',
    creates:
      'Nothing to create. A provider that answers CSV downloads in the spec’s JSON form ({ download_csv: true, result: <the CSV text, header row first>, filename }) verifies its interaction; one that answers text/csv can leave the state unimplemented: the interaction is pending, so its failure is reported and does not fail the verification. The mock switches to the JSON form until teardown.',
    returns: [],
    teardown: 'The mock goes back to text/csv.',
  },
  {
    name: 'no invoice of t1@anchor.test has the id 999999999',
    area: 'invoices',
    creates: 'No invoice with the id 999999999 (starring it answers 404 ER-NOT-FOUND).',
    returns: [],
  },

  // -------------------------------------------------------------------------------------------------
  // Payment links and reminders (mock-server/pact-states/links.ts)
  // -------------------------------------------------------------------------------------------------
  {
    name: 't1@anchor.test has a customer with open invoices',
    area: 'payment-links',
    creates:
      'A customer of anchor 1 with at least one open invoice; answer the customer’s id as customerId, one open invoice’s id as invoiceId and its document number as documentNumber, and the number’s last 2 characters as numberPart. The interactions send payment links and reminders for them (e-mail, WhatsApp; anchor 1 blocks neither), look the invoice up by number and list the customers with open invoices and the pending payment links (anchor 1 has pending payment links).',
    returns: ['customerId', 'documentNumber', 'invoiceId', 'numberPart'],
  },
  {
    name: 'anchor1551@anchor.test has a customer with open invoices',
    area: 'payment-links',
    creates:
      'A customer of anchor 1551, whose settings block SMS, with at least one open invoice; answer the customer’s id as customerId. The interaction asks to send it payment links by SMS and is refused (422).',
    returns: ['customerId'],
  },

  // -------------------------------------------------------------------------------------------------
  // Lending, pipeline and the customer modal (mock-server/pact-states/lending.ts)
  // -------------------------------------------------------------------------------------------------
  {
    name: 't1@anchor.test has approved customers with a loan application',
    area: 'lending',
    creates: 'Anchor 1 has approved customers with a loan application (a sanctioned limit) this year.',
    returns: [],
  },
  {
    name: 'anchor1551@anchor.test has approved customers with a loan application',
    area: 'lending',
    creates:
      'Anchor 1551 has approved customers with a loan application this year (the mock: Green Valley Agri Inputs among them).',
    returns: [],
  },
  {
    name: 't1@anchor.test’s anchor has customers with credit lines in use',
    area: 'lending',
    creates:
      'Anchor 1 has approved customers whose loan applications have a sanctioned limit and credit drawn (drawdowns outstanding). The credit limit, credit line and lending summaries and the distributor utilisation figures read them.',
    returns: [],
  },
  {
    name: 't1@anchor.test has approved customers in the north',
    area: 'lending',
    creates:
      'Anchor 1 has at least one approved customer in the north region (the first page of the approved list filtered by north).',
    returns: [],
  },
  {
    name: 't1@anchor.test has more than a page of customers in the north, with addresses and bank account details',
    area: 'admin',
    creates:
      'Anchor 1 has more than 10 customers in the north region (a next page), every one with an address (address_1, address_2, city, state, 6-digit pin code), a business e-mail, a mobile number and at least one bank account detail (UPI id, IFSC, bank name): the admin’s customer list.',
    returns: [],
  },
  {
    name: 't1@anchor.test has new leads and leads in other statuses',
    area: 'lending',
    creates:
      'Anchor 1 has customers in the new_leads status and in at least one other application status: the lead counts by status, the first page of new leads and their CSV export.',
    returns: [],
  },
  {
    name: 't1@anchor.test has approved customers in the north more than 30 days past due',
    area: 'lending',
    creates:
      'Anchor 1 has an approved customer in the north region whose loan has a drawdown more than 30 days past due (the mock: Tapti Agro Suppliers, 110 days).',
    returns: [],
  },
  {
    name: 't1@anchor.test has approved customers with nothing past due',
    area: 'lending',
    creates:
      'Anchor 1 has an approved customer with a loan application and nothing past due (the mock: Godavari Retail Links).',
    returns: [],
  },
  {
    name: 't1@anchor.test has customers who paid through credit, through pay and outside',
    area: 'lending',
    creates:
      'Anchor 1 has onboarded customers who paid invoices through credit (a drawdown), through the pay page, and outside (a payment recorded from the anchor’s ERP): at least one of each, and at least one such customer in the north region.',
    returns: [],
  },
  {
    name: 't1@anchor.test has leads with invoices more than 30 days overdue in both fund windows',
    area: 'lending',
    creates:
      'Anchor 1 has leads not yet approved (new leads or work in progress) with an eligibility amount and an open invoice more than 30 days overdue, in both fund windows: funds in 24 hours (risk L or M; the mock: Krishna Valley Traders, 45 days) and in 5 working days (risk H or R; the mock: Sharavati Essentials, 40 days).',
    returns: [],
  },
  {
    name: 't1@anchor.test has a customer with 13 drawdowns and 5 repayments',
    area: 'lending',
    creates:
      'A customer of anchor 1 whose loan has exactly 13 drawdowns (two pages of 10) and 5 repayments, one drawdown completed (paid out) against invoices (the mock: Vardhman Wholesale Mart, west, limit ₹12,00,000). Answer its customer id (cust_id) as custId, its loan application’s id as loanApplicationId and that drawdown’s number as drawdownId.',
    returns: ['custId', 'drawdownId', 'loanApplicationId'],
  },
  {
    name: 'another anchor has a customer with a loan application',
    area: 'lending',
    creates:
      'A customer with a loan application of an anchor other than anchor 1 (the mock: one of anchor 1551); answer its customer id as custId and its loan application’s id as loanApplicationId. t1@anchor.test asking for its drawdowns or repayments gets 404.',
    returns: ['custId', 'loanApplicationId'],
  },
  {
    name: 'customers of t1@anchor.test were uploaded with their invoice history and wait for a credit evaluation',
    area: 'lending',
    creates:
      'Uploaded by t1@anchor.test as the wizard does (POST /distributor_companies/upload): a customer master (type demographic_data) of three new customers of anchor 1, PACT-EVAL-1 Pact Ontime Stores (north), PACT-EVAL-2 Pact Late Traders (east) and PACT-EVAL-3 Pact Nodata Mart (west), and their invoice history (type transaction_data): PEV-0001 ₹1,00,000 and PEV-0002 ₹1,50,000 of PACT-EVAL-1, paid before their due dates, and PEV-0003 ₹40,000 of PACT-EVAL-2, unpaid and past due (dates in August to October 2026). They are new leads, not yet graded; an evaluation of the two files grades at least one and leaves one needing more data. Answer the two uploads’ file ids (their meta.file_id) as masterFileId and historyFileId.',
    returns: ['masterFileId', 'historyFileId'],
    teardown: 'Remove the three customers, their invoice history and the two upload records.',
  },
  {
    name: 'no customer of anchor1551@anchor.test waits for a credit evaluation',
    area: 'lending',
    creates:
      'Anchor 1551 has no lead (new lead or work in progress) waiting to be graded (risk grade R), so its credit evaluation of every waiting lead answers all zeros and no customers.',
    returns: [],
  },

  // -------------------------------------------------------------------------------------------------
  // Retailers (mock-server/pact-states/retailers.ts); read by t1t2@anchor.test and t2@anchor.test
  // -------------------------------------------------------------------------------------------------
  {
    name: 'the anchor of t1@anchor.test and t2@anchor.test has retailers with unpaid invoices on channel finance',
    area: 'retailers',
    creates:
      't1@anchor.test and t2@anchor.test are users of the same anchor (1), which has retailers on channel finance with a sanctioned limit, and retailer invoices not fully paid (its accounts receivable).',
    returns: [],
  },
  {
    name: 't1@anchor.test has distributors in the south with retailers on channel finance',
    area: 'retailers',
    creates:
      'Anchor 1 has a distributor in the south region with retailers on channel finance (the mock: Godavari Retail Links).',
    returns: [],
  },
  {
    name: 't1@anchor.test’s distributor Godavari Retail Links has retailers off channel finance',
    area: 'retailers',
    creates:
      'Anchor 1’s distributor Godavari Retail Links (south) has retailers, some of them not on channel finance (the mock: 12 retailers, two pages of 10); answer the distributor’s id as distributorId.',
    returns: ['distributorId'],
  },
  {
    name: 'another anchor has a distributor',
    area: 'retailers',
    creates:
      'A distributor of an anchor other than anchor 1 (the mock: one of anchor 1551); answer its id as distributorId. t1t2@anchor.test asking for its retailers gets 404.',
    returns: ['distributorId'],
  },
  {
    name: 't1@anchor.test’s retailer Sri Venkateswara Bazaar has 18 invoices',
    area: 'retailers',
    creates:
      'Anchor 1’s retailer Sri Venkateswara Bazaar (of Godavari Retail Links, on channel finance, limit ₹6,00,000) has exactly 18 invoices (pages of 15: 15 and 3), from not yet due to 120 days past due; answer the retailer’s id as retailerId and its anchor’s id as anchorId.',
    returns: ['anchorId', 'retailerId'],
  },

  // -------------------------------------------------------------------------------------------------
  // CSV uploads (mock-server/pact-states/uploads.ts, upload-fixtures.ts); uploaded by t1@anchor.test
  // -------------------------------------------------------------------------------------------------
  {
    name: 'the invoices of the invoice upload fixture are not on record',
    area: 'uploads',
    creates:
      'Anchor 1 has the customer CS000001 and no invoice numbered UP/2627/0001 or UP/2627/0002 (remove ones left over); NOPE-404 is no customer code of anchor 1. The interaction uploads an invoice CSV whose first row (UP/2627/0001, CS000001, ₹12,500.50) is taken and whose second (customer NOPE-404) is refused.',
    returns: [],
    teardown:
      'Remove the invoices the upload added, its upload record, and put anchor 1’s last invoice upload time back.',
  },
  {
    name: 'the customers of the customer master fixture are not on record',
    area: 'uploads',
    creates:
      'Anchor 1 has no customer with the code PACT-C-001 or PACT-C-002 (remove ones left over). The interactions upload a customer master CSV whose first row (PACT-C-001 Pact Traders, north) is taken and whose second (PACT-C-002, region central) is refused.',
    returns: [],
    teardown: 'Remove the customers PACT-C-001 and PACT-C-002 and the upload records.',
  },
  {
    name: 'the invoices of the customer history fixture are not on record',
    area: 'uploads',
    creates:
      'Anchor 1 has the customer CS000001 and no invoice history rows numbered HIST/2526/0001 or HIST/2526/0002 (remove ones left over). The interactions upload a customer history CSV of those two rows (₹45,000 paid, ₹30,000.75 unpaid, 2025).',
    returns: [],
    teardown: 'Remove the history rows HIST/2526/0001 and HIST/2526/0002 and the upload records.',
  },

  // -------------------------------------------------------------------------------------------------
  // The pay page (mock-server/pact-states/pay.ts): every state answers the link's pay token as authToken
  // -------------------------------------------------------------------------------------------------
  {
    name: 'the payment link demo-closed-limit is open',
    area: 'pay',
    creates: `A payment link that has not expired (the mock’s token: demo-closed-limit) for Shree Ganesh Traders, customer code CS000361, west, of anchor 1: a closed-limit customer (not open-limit) with an active loan, loan application 1251 and loan account LAN9000000001, limit ₹5,00,000 of which ₹1,20,000 is used; no OTP asked before a credit draw; the virtual account number shown; 14 open invoices over two pages (due today, in 2 days, overdue 10 and 75 days, two part-paid) and paid ones. ${AS_SEEDED} Answer the link’s pay token as authToken.`,
    returns: ['authToken'],
  },
  {
    name: 'the payment link demo-open-limit is open',
    area: 'pay',
    creates: `A payment link that has not expired (the mock’s token: demo-open-limit) for Balaji Enterprises, customer code CS000362, south, of anchor 1: an open-limit customer (it adds its own invoices and picks the supplier’s bank account) with an approved, active loan, loan application 1252, limit ₹4,00,000 of which ₹1,20,000 is used; no OTP asked; open invoices, one part-paid by credit to a bank account of the anchor. ${AS_SEEDED} Answer the link’s pay token as authToken.`,
    returns: ['authToken'],
  },
  {
    name: 'the payment link demo-expired has expired',
    area: 'pay',
    creates:
      'A payment link of Shree Ganesh Traders (anchor 1) whose expiry date has passed (the mock’s: demo-expired, expired 3 days ago); answer its token as authToken. GET /invoice_collection with it answers 401.',
    returns: ['authToken'],
  },
  {
    name: 'no payment link has the token no-such-token',
    area: 'pay',
    creates:
      'A token that is no payment link’s (the mock answers no-such-token); answer it as authToken. GET /invoice_collection with it answers 401.',
    returns: ['authToken'],
  },
  {
    name: 'demo-otp must confirm credit with an OTP',
    area: 'pay',
    creates: `A payment link that has not expired (the mock’s token: demo-otp) for Lakshmi Distributors, east, of anchor 1: a closed-limit customer with an active loan, loan application 1255 in the mock, limit ₹3,00,000 of which ₹50,000 is used, whose settings require an OTP (sent by SMS) before a credit draw; no OTP sent yet. ${AS_SEEDED} Answer the link’s pay token as authToken and the loan application’s id as loanApplicationId.`,
    returns: ['authToken', 'loanApplicationId'],
    teardown: payTeardown('the OTP the interaction sent'),
  },
  {
    name: 'an OTP was sent for demo-otp',
    area: 'pay',
    creates: `As 'demo-otp must confirm credit with an OTP', and an OTP sent for its loan (as POST /communications/send_otp does), not yet used and not 000000 (the wrong-OTP interaction sends 000000). Answer the pay token as authToken, the loan application’s id as loanApplicationId, the OTP’s reference as otpReferenceId and the 6-digit OTP itself as otp.`,
    returns: ['authToken', 'loanApplicationId', 'otp', 'otpReferenceId'],
    teardown: payTeardown('the OTP, its verification and its wrong attempts'),
  },
  {
    name: 'demo-otp verified an OTP and has an open invoice credit can pay',
    area: 'pay',
    creates: `The demo-otp link’s customer (see 'demo-otp must confirm credit with an OTP') as seeded, which then sent and verified an OTP for its loan, with at least \`amount\` of credit left and an invoice with at least \`amount\` left to pay ${CREDIT_MAY_PAY}; answer the pay token as authToken and that invoice’s id as invoiceId. The interaction draws \`amount\` of credit for it (201).`,
    params: { amount: AMOUNT },
    returns: ['authToken', 'invoiceId'],
    teardown: payTeardown('the OTP and the drawdown the credit draw made'),
  },
  {
    name: 'demo-otp has an open invoice credit can pay but no verified OTP',
    area: 'pay',
    creates: `The demo-otp link’s customer (see 'demo-otp must confirm credit with an OTP') as seeded, with no OTP sent or verified, and an invoice with at least \`amount\` left to pay ${CREDIT_MAY_PAY}; answer the pay token as authToken and that invoice’s id as invoiceId. The credit draw is refused (422 ER-OTP-104).`,
    params: { amount: AMOUNT },
    returns: ['authToken', 'invoiceId'],
  },
  {
    name: 'demo-closed-limit has less credit left than an open invoice asks for',
    area: 'pay',
    creates: `The demo-closed-limit link’s customer (see 'the payment link demo-closed-limit is open') as seeded, with an invoice that has at least \`amount\` left to pay ${CREDIT_MAY_PAY}, and the lender’s limit lowered so that exactly \`available\` of credit is left; answer the pay token as authToken and that invoice’s id as invoiceId. The credit draw of \`amount\` is refused (422 ER-CREDIT-103).`,
    params: {
      amount: 'The rupees the interaction draws for the invoice (more than `available`).',
      available: 'The rupees of credit left after the setup (less than `amount`).',
    },
    returns: ['authToken', 'invoiceId'],
    teardown:
      'Put the customer’s limit back as it was (the mock instead puts the customer back as seeded at every pay-state setup).',
  },
  {
    name: 'demo-open-limit has an open invoice credit can pay',
    area: 'pay',
    creates: `The demo-open-limit link’s customer (see 'the payment link demo-open-limit is open') as seeded, with at least \`amount\` of credit left and an open invoice not tied to a bank account, with at least \`amount\` left to pay; answer the pay token as authToken, that invoice’s id as invoiceId and the id of a bank account of anchor 1 as bankAccountId. The interaction draws \`amount\` of credit to that account (201).`,
    params: { amount: AMOUNT },
    returns: ['authToken', 'bankAccountId', 'invoiceId'],
    teardown: payTeardown('the drawdown the credit draw made'),
  },
  {
    name: 'demo-open-limit drew credit for an open invoice with an Idempotency-Key',
    area: 'pay',
    creates: `As 'demo-open-limit has an open invoice credit can pay', and then that credit draw of \`amount\` already made once (POST /op_avail_credit, 201) with a fresh Idempotency-Key; answer the pay token as authToken, the invoice's id as invoiceId, the bank account's id as bankAccountId and the key as idempotencyKey. The interaction sends the same draw with the same key: the provider must answer the first answer again (201, \`Idempotent-Replayed: true\`) and draw nothing more.`,
    params: { amount: AMOUNT },
    returns: ['authToken', 'bankAccountId', 'idempotencyKey', 'invoiceId'],
    teardown: payTeardown('the drawdown the first draw made'),
  },
  {
    name: 'demo-closed-limit has an open invoice',
    area: 'pay',
    creates: `The demo-closed-limit link’s customer (see 'the payment link demo-closed-limit is open') as seeded, with an open invoice that has at least \`amount\` left to pay; answer the pay token as authToken and that invoice’s id as invoiceId. The interaction starts a UPI payment of \`amount\` for it at the payment gateway (201, an order id and the gateway’s URL).`,
    params: { amount: AMOUNT },
    returns: ['authToken', 'invoiceId'],
    teardown: payTeardown('the gateway order the interaction made'),
  },
  {
    name: 'demo-closed-limit has a gateway order not paid yet',
    area: 'pay',
    creates:
      "The demo-closed-limit link’s customer (see 'the payment link demo-closed-limit is open') as seeded, with a payment-gateway order for `amount` of one of its open invoices (as POST /direct_payments/cc_avenue makes it) that the customer has not paid at the gateway; answer the pay token as authToken and the order’s id as orderId. Asking for its outcome answers 422 ER-PAY-102.",
    params: { amount: AMOUNT },
    returns: ['authToken', 'orderId'],
    teardown: payTeardown('the gateway order'),
  },
  {
    name: 'demo-closed-limit paid a gateway order',
    area: 'pay',
    creates:
      "As 'demo-closed-limit has a gateway order not paid yet', and the customer then paid the order at the gateway (successfully: a transaction number, the date, `amount` paid); answer the pay token as authToken and the order’s id as orderId.",
    params: { amount: AMOUNT },
    returns: ['authToken', 'orderId'],
    teardown: payTeardown('the gateway order and the payment it made'),
  },
  {
    name: 'demo-open-limit may add its own invoices',
    area: 'pay',
    creates:
      'The demo-open-limit link’s customer as seeded: an approved open-limit customer of anchor `anchorId` with the customer code (and ERP distributor id) `customerCode` and the loan application `loanApplicationId` (the pact’s multipart body carries these, as a multipart body cannot take values from a state: the mock’s seed gives 1, CS000362 and 1252), and no document numbered `documentNumber` at the anchor. Answer the pay token as authToken. The interaction adds invoice `documentNumber` with a PDF (or is refused a zero amount, 422).',
    params: {
      anchorId: 'The id of the customer’s anchor, as the request sends it.',
      customerCode: 'The customer’s code, as the request sends it (also as the ERP distributor id).',
      loanApplicationId: 'The id of the customer’s loan application, as the request sends it.',
      documentNumber: 'The number of the invoice the interaction adds: no document of the anchor may have it yet.',
    },
    returns: ['authToken'],
    teardown: payTeardown('the invoice `documentNumber` if the interaction added it'),
  },
];
