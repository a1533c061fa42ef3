import type { ReadonlyDb, User } from '../db';
import { MANY_INVOICES_RETAILER, MANY_RETAILERS_DISTRIBUTOR } from '../seed/demo';

/**
 * Provider states of the retailer-page interactions (tests/contract/consumer/retailers.pact.test.ts), for the
 * embedded mock. Each interaction also names '<user> is logged in' for its token. The interactions only read,
 * so the states only check that the seed holds what the pact pins on every row (a filtered list that is not
 * empty, a retailer with exactly 18 invoices), failing with what is missing, and hand over the ids the pact
 * injects (fromProviderState).
 */
export interface RetailerStateDeps {
  /** The mock's live database. */
  db: () => ReadonlyDb;
}

type StateResult = Record<string, string> | undefined;

/** What the invoice interactions pin: 15 on page 1, 3 on page 2. */
const RETAILER_INVOICES = 18;

const fail = (what: string): never => {
  throw new Error(`Provider state: ${what}`);
};

export function retailerStates(deps: RetailerStateDeps): Record<string, () => Promise<StateResult>> {
  const userByEmail = (email: string): User =>
    deps.db().users.find((u) => u.email === email) ?? fail(`the mock has no user ${email}.`);
  const t1Anchor = () => userByEmail('t1@anchor.test').anchor_id;
  const check = (assert: () => StateResult) => (): Promise<StateResult> => Promise.resolve(assert());
  const distributor = (name: string) =>
    deps.db().distributor_companies.find((c) => c.anchor_id === t1Anchor() && c.name === name) ??
    fail(`anchor ${t1Anchor()} has no distributor ${name}.`);

  return {
    'the anchor of t1@anchor.test and t2@anchor.test has retailers with unpaid invoices on channel finance': check(
      () => {
        const db = deps.db();
        if (userByEmail('t2@anchor.test').anchor_id !== t1Anchor())
          fail('t1@anchor.test and t2@anchor.test are users of different anchors.');
        const retailers = db.retailers.filter((r) => r.anchor_id === t1Anchor());
        const ids = new Set(retailers.map((r) => r.id));
        if (!retailers.some((r) => r.channel_finance && r.total_limit_sanctioned > 0))
          fail(`anchor ${t1Anchor()} has no retailer on channel finance with a limit.`);
        if (!db.retailer_invoices.some((inv) => ids.has(inv.retailer_id) && inv.amount_paid < inv.total))
          fail(`anchor ${t1Anchor()} has no retailer invoice left to pay.`);
        return undefined;
      },
    ),

    't1@anchor.test has distributors in the south with retailers on channel finance': check(() => {
      const db = deps.db();
      const south = new Set(
        db.distributor_companies.filter((c) => c.anchor_id === t1Anchor() && c.region === 'south').map((c) => c.id),
      );
      if (!db.retailers.some((r) => r.channel_finance && south.has(r.distributor_company_id)))
        fail(`anchor ${t1Anchor()} has no distributor in the south with a retailer on channel finance.`);
      return undefined;
    }),

    't1@anchor.test’s distributor Godavari Retail Links has retailers off channel finance': check(() => {
      const company = distributor(MANY_RETAILERS_DISTRIBUTOR);
      if (!deps.db().retailers.some((r) => r.distributor_company_id === company.id && !r.channel_finance))
        fail(`${MANY_RETAILERS_DISTRIBUTOR} has no retailer off channel finance.`);
      return { distributorId: String(company.id) };
    }),

    'another anchor has a distributor': check(() => {
      const other =
        deps.db().distributor_companies.find((c) => c.anchor_id !== t1Anchor()) ??
        fail(`no anchor but anchor ${t1Anchor()} has a distributor.`);
      return { distributorId: String(other.id) };
    }),

    't1@anchor.test’s retailer Sri Venkateswara Bazaar has 18 invoices': check(() => {
      const db = deps.db();
      const retailer =
        db.retailers.find((r) => r.anchor_id === t1Anchor() && r.name === MANY_INVOICES_RETAILER) ??
        fail(`anchor ${t1Anchor()} has no retailer ${MANY_INVOICES_RETAILER}.`);
      const invoices = db.retailer_invoices.filter((inv) => inv.retailer_id === retailer.id).length;
      if (invoices !== RETAILER_INVOICES)
        fail(
          `the pact expects ${MANY_INVOICES_RETAILER} to have ${RETAILER_INVOICES} invoices, the mock has ${invoices}.`,
        );
      return { retailerId: String(retailer.id), anchorId: String(retailer.anchor_id) };
    }),
  };
}
