import type { Repository } from '../store/repository';
import { nextId, type ReadonlyDb } from '../db';
import { FUND_STATUSES, fundCustomers, lendingCustomers, onboardedCustomers } from '../lending-index';
import { DEMO_PASSWORD, MANY_DRAWDOWNS_CUSTOMER, SPECIAL_ANCHOR_ID, SYSTEM_ANCHOR_ID } from '../seed';
import type { FundInDays, OverdueFilter } from '../../src/domain/lending';
import type { RegionFilter } from '../../src/domain/regions';
import type { PaymentSource } from '../../src/domain/statuses';

/**
 * Provider states of the lending, pipeline and customer-modal interactions
 * (tests/contract/consumer/lending.pact.test.ts), for the embedded mock. Each interaction also names
 * '<user> is logged in' for its token.
 *
 * The pact pins what a filter means on every row, so a state makes sure its list is not empty (the seed
 * has such rows on the day the verification runs; a state fails with what is missing rather than let the
 * interaction fail on an empty list), and hands over the ids the pact injects (fromProviderState). The
 * credit evaluation's state uploads a customer master and its invoice history through the mock's own
 * upload, as the wizard does, and takes everything it added away again on teardown.
 */
export interface LendingStateDeps {
  /** The mock's live database. */
  db: () => ReadonlyDb;
  /** Writes go through it. */
  repository: Repository;
  /** Where the mock listens (read when a state runs, after it started). */
  url: () => string;
  /** The mock's clock, in milliseconds. */
  now: () => number;
}

type StateResult = Record<string, string> | undefined;

/**
 * A state with a setup and a teardown. Pact's verifier takes `{ setup, teardown }`; it is a function
 * too (the setup), so it also fits the verifier options' type, which asks for functions.
 */
type StateHandler = (() => Promise<StateResult>) & {
  setup: () => Promise<StateResult>;
  teardown: () => Promise<undefined>;
};

const ANCHOR = SYSTEM_ANCHOR_ID;
const OVER_30: OverdueFilter = { overdue_by_days: 30, overdue_criteria: 'greater_than' };
const NONE_PAST_DUE: OverdueFilter = { overdue_by_days: 0, overdue_criteria: 'equal' };

/** What the drawdown and repayment interactions pin: the pages of MANY_DRAWDOWNS_CUSTOMER. */
const DRAWDOWNS = 13;
const REPAYMENTS = 5;

/**
 * The wizard's two files: three new customers, two of them with an invoice history (one paid on time, one
 * late), so the evaluation grades at least one and leaves one needing more data. Dates are before the
 * day the verification runs on (2026-11-22).
 */
const EVALUATION = {
  customerCodes: ['PACT-EVAL-1', 'PACT-EVAL-2', 'PACT-EVAL-3'],
  master:
    'customer_code,name,region,primary_user_name,primary_user_email,primary_user_mobile,city,state,pin_code\r\n' +
    'PACT-EVAL-1,Pact Ontime Stores,north,Meera Iyer,meera@pact-ontime.in,9876500001,,,\r\n' +
    'PACT-EVAL-2,Pact Late Traders,east,Arun Das,arun@pact-late.in,9876500002,,,\r\n' +
    'PACT-EVAL-3,Pact Nodata Mart,west,Kiran Shah,kiran@pact-nodata.in,9876500003,,,\r\n',
  invoiceNumbers: ['PEV-0001', 'PEV-0002', 'PEV-0003'],
  history:
    'customer_code,invoice_number,invoice_date,due_date,amount,payment_date\r\n' +
    'PACT-EVAL-1,PEV-0001,2026-08-01,2026-08-31,100000,2026-08-20\r\n' +
    'PACT-EVAL-1,PEV-0002,2026-09-03,2026-10-03,150000,2026-09-30\r\n' +
    'PACT-EVAL-2,PEV-0003,2026-10-01,2026-10-31,40000,\r\n',
} as const;

const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

function removeEvaluationRows(repo: Repository): void {
  const db = repo.data;
  const numbers = lower(EVALUATION.invoiceNumbers);
  repo.remove('invoice_history', (h) => h.anchor_id === ANCHOR && numbers.has(h.invoice_number.toLowerCase()));
  const codes = lower(EVALUATION.customerCodes);
  const stale = new Set(
    db.distributor_companies
      .filter((c) => c.anchor_id === ANCHOR && codes.has(c.customer_code.toLowerCase()))
      .map((c) => c.id),
  );
  if (stale.size === 0) return;
  if (db.invoices.some((inv) => stale.has(inv.distributor_company_id)))
    throw new Error('Provider state: a customer of the evaluation fixture has invoices; it cannot be removed.');
  repo.remove('distributor_companies', (c) => stale.has(c.id));
}

export function lendingStates(
  deps: LendingStateDeps,
): Record<string, ((params?: unknown) => Promise<StateResult>) | StateHandler> {
  /** Fails the state with what the mock lacks. */
  function need(found: boolean, what: string): void {
    if (!found)
      throw new Error(`Provider state: the mock has no ${what} on ${new Date(deps.now()).toISOString().slice(0, 10)}.`);
  }

  const lending = (anchorId: number, overdue: OverdueFilter | null, region: RegionFilter = 'all') =>
    lendingCustomers(
      deps.db(),
      anchorId,
      { status: 'approved', overdue, search: null, region: region === 'all' ? null : region },
      deps.now(),
    ).length > 0;
  const onboarded = (sources: readonly PaymentSource[], region: RegionFilter = 'all') =>
    onboardedCustomers(
      deps.db(),
      ANCHOR,
      { sources, search: null, region: region === 'all' ? null : region },
      deps.now(),
    ).length > 0;
  const funds = (days: FundInDays, overdue: OverdueFilter) =>
    fundCustomers(deps.db(), ANCHOR, { days, statuses: FUND_STATUSES, overdue, search: null, region: null }, deps.now())
      .length > 0;
  const check = (assert: () => void) => (): Promise<StateResult> => {
    assert();
    return Promise.resolve(undefined);
  };

  async function login(email: string): Promise<string> {
    const response = await fetch(`${deps.url()}/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { email, password: DEMO_PASSWORD } }),
    });
    if (!response.ok) throw new Error(`Provider state: the login of ${email} answered ${response.status}`);
    return ((await response.json()) as { data: { attributes: { auth_token: string } } }).data.attributes.auth_token;
  }

  /** Uploads a wizard file as the app does (POST /distributor_companies/upload, `type` and `file`); every row must be taken. Its file id. */
  async function upload(
    token: string,
    type: 'demographic_data' | 'transaction_data',
    csv: string,
    rows: number,
  ): Promise<string> {
    const form = new FormData();
    form.append('type', type);
    form.append('file', new File([csv], `${type}.csv`, { type: 'text/csv' }));
    const response = await fetch(`${deps.url()}/distributor_companies/upload`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    const answer = (await response.json()) as { meta?: { accepted_rows?: number; file_id?: string } };
    if (!response.ok || answer.meta?.accepted_rows !== rows || answer.meta.file_id === undefined) {
      throw new Error(`Provider state: the ${type} upload answered ${response.status}: ${JSON.stringify(answer)}`);
    }
    return answer.meta.file_id;
  }

  /** The wizard's two uploads before its Complete, and their file ids; teardown takes the customers, the history and the upload records away. */
  const uploadedForEvaluation = (): StateHandler => {
    // The first upload id written after the setup began.
    let firstUpload: number | null = null;
    const handlers = {
      setup: async (): Promise<StateResult> => {
        removeEvaluationRows(deps.repository);
        firstUpload = nextId(deps.db().csv_uploads);
        const token = await login('t1@anchor.test');
        const masterFileId = await upload(
          token,
          'demographic_data',
          EVALUATION.master,
          EVALUATION.customerCodes.length,
        );
        const historyFileId = await upload(
          token,
          'transaction_data',
          EVALUATION.history,
          EVALUATION.invoiceNumbers.length,
        );
        return { masterFileId, historyFileId };
      },
      teardown: (): Promise<undefined> => {
        removeEvaluationRows(deps.repository);
        const from = firstUpload;
        if (from !== null) deps.repository.remove('csv_uploads', (upload) => upload.id >= from);
        firstUpload = null;
        return Promise.resolve(undefined);
      },
    };
    return Object.assign(() => handlers.setup(), handlers);
  };

  return {
    't1@anchor.test has approved customers with a loan application': check(() =>
      need(lending(ANCHOR, null), 'approved customer with a loan application of anchor 1'),
    ),
    'anchor1551@anchor.test has approved customers with a loan application': check(() =>
      need(
        lending(SPECIAL_ANCHOR_ID, null),
        `approved customer with a loan application of anchor ${SPECIAL_ANCHOR_ID}`,
      ),
    ),
    't1@anchor.test has approved customers in the north more than 30 days past due': check(() =>
      need(lending(ANCHOR, OVER_30, 'north'), 'approved customer of anchor 1 in the north more than 30 days past due'),
    ),
    't1@anchor.test has approved customers in the north': check(() =>
      need(lending(ANCHOR, null, 'north'), 'approved customer of anchor 1 in the north'),
    ),
    't1@anchor.test has more than a page of customers in the north, with addresses and bank account details': check(
      () =>
        need(
          deps.db().distributor_companies.filter((c) => c.anchor_id === ANCHOR && c.region === 'north').length > 10,
          'second page of customers of anchor 1 in the north',
        ),
    ),
    't1@anchor.test has new leads and leads in other statuses': check(() => {
      const statuses = new Set(
        deps
          .db()
          .distributor_companies.filter((c) => c.anchor_id === ANCHOR)
          .map((c) => c.application_status),
      );
      need(statuses.has('new_leads'), 'new lead of anchor 1');
      need(statuses.size > 1, 'lead of anchor 1 in a status other than new_leads');
    }),
    't1@anchor.test’s anchor has customers with credit lines in use': check(() =>
      need(
        deps
          .db()
          .loan_applications.some(
            (l) => l.anchor_id === ANCHOR && l.application_status === 'approved' && l.limit_utilized > 0,
          ),
        'approved loan application of anchor 1 with credit drawn',
      ),
    ),
    't1@anchor.test has approved customers with nothing past due': check(() =>
      need(lending(ANCHOR, NONE_PAST_DUE), 'approved customer of anchor 1 with nothing past due'),
    ),

    't1@anchor.test has customers who paid through credit, through pay and outside': check(() => {
      for (const source of ['credit', 'pay', 'erp_payment'] as const)
        need(onboarded([source]), `customer of anchor 1 who paid through ${source}`);
      need(onboarded(['credit', 'pay', 'erp_payment'], 'north'), 'customer of anchor 1 in the north who paid');
    }),

    't1@anchor.test has leads with invoices more than 30 days overdue in both fund windows': check(() => {
      for (const days of ['1', '5'] as const)
        need(
          funds(days, OVER_30),
          `lead of anchor 1 with funds available in window ${days} and an invoice more than 30 days overdue`,
        );
    }),

    /** The lending demo customer with two pages of drawdowns: its ids and a paid-out drawdown with invoices. */
    't1@anchor.test has a customer with 13 drawdowns and 5 repayments': (): Promise<StateResult> => {
      const db = deps.db();
      const company = db.distributor_companies.find(
        (c) => c.anchor_id === ANCHOR && c.name === MANY_DRAWDOWNS_CUSTOMER,
      );
      const loan = db.loan_applications.find((l) => l.id === company?.loan_application_id);
      if (!company || !loan)
        throw new Error(
          `Provider state: ${MANY_DRAWDOWNS_CUSTOMER} of anchor 1 or its loan application is missing from the mock's seed.`,
        );
      const drawdowns = db.drawdowns.filter((d) => d.loan_application_id === loan.id);
      const repayments = db.repayments.filter((r) => r.loan_application_id === loan.id);
      if (drawdowns.length !== DRAWDOWNS || repayments.length !== REPAYMENTS) {
        throw new Error(
          `Provider state: the pact expects ${MANY_DRAWDOWNS_CUSTOMER} to have ${DRAWDOWNS} drawdowns and ${REPAYMENTS} repayments, the mock has ${drawdowns.length} and ${repayments.length}.`,
        );
      }
      const paidOut = drawdowns.find(
        (d) => d.status === 'completed' && d.invoice_ids.some((id) => db.invoices.some((inv) => inv.id === id)),
      );
      if (!paidOut)
        throw new Error(`Provider state: ${MANY_DRAWDOWNS_CUSTOMER} has no completed drawdown with invoices.`);
      return Promise.resolve({
        custId: loan.cust_id,
        loanApplicationId: String(loan.id),
        drawdownId: paidOut.drawdown_number,
      });
    },

    'another anchor has a customer with a loan application': (): Promise<StateResult> => {
      const db = deps.db();
      const loan = db.loan_applications.find(
        (l) =>
          l.anchor_id !== ANCHOR &&
          db.distributor_companies.some((c) => c.id === l.distributor_company_id && c.anchor_id === l.anchor_id),
      );
      if (!loan) throw new Error('Provider state: no anchor but anchor 1 has a customer with a loan application.');
      return Promise.resolve({ custId: loan.cust_id, loanApplicationId: String(loan.id) });
    },

    'customers of t1@anchor.test were uploaded with their invoice history and wait for a credit evaluation':
      uploadedForEvaluation(),

    'no customer of anchor1551@anchor.test waits for a credit evaluation': check(() => {
      const waiting = deps
        .db()
        .distributor_companies.filter(
          (c) =>
            c.anchor_id === SPECIAL_ANCHOR_ID &&
            (FUND_STATUSES as readonly string[]).includes(c.application_status) &&
            c.risk_grading === 'R',
        );
      if (waiting.length > 0)
        throw new Error(
          `Provider state: ${waiting.length} leads of anchor ${SPECIAL_ANCHOR_ID} are still ungraded (R).`,
        );
    }),
  };
}
