import type { Repository } from '../store/repository';
import { nextId, type ReadonlyDb } from '../db';
import { SYSTEM_ANCHOR_ID } from '../seed';
import { FIXTURE_CUSTOMER, UPLOAD_FIXTURES } from './upload-fixtures';

/**
 * Provider states of the CSV upload interactions (tests/contract/consumer/uploads.pact.test.ts), for the
 * embedded mock. Each interaction also names 't1@anchor.test is logged in' for its token. The
 * verification runs every interaction against one mock, and an upload stores rows (a new customer would
 * be the newest of its region in the admin list, an invoice would count in the dashboard), so each state
 * clears the fixture's rows on setup, checks that what the fixture refers to is there (the customer
 * CS000001 of the anchor of t1@anchor.test), and on teardown takes away everything the upload added:
 * the rows, the upload record and the anchor's last_invoices_upload.
 */
export interface UploadStateDeps {
  /** The mock's rows; writes go through it. */
  repository: Repository;
}

/**
 * A state with a setup and a teardown. Pact's verifier takes `{ setup, teardown }`; it is a function
 * too (the setup), so it also fits the verifier options' type, which asks for functions.
 */
type StateHandler = (() => Promise<undefined>) & {
  setup: () => Promise<undefined>;
  teardown: () => Promise<undefined>;
};

const ANCHOR = SYSTEM_ANCHOR_ID;
const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

function requireFixtureCustomer(db: ReadonlyDb): void {
  if (!db.distributor_companies.some((c) => c.anchor_id === ANCHOR && c.customer_code === FIXTURE_CUSTOMER)) {
    throw new Error(
      `Provider state: customer ${FIXTURE_CUSTOMER} of anchor ${ANCHOR} is missing from the mock's seed.`,
    );
  }
}

function removeInvoices(repo: Repository, numbers: readonly string[]): void {
  const wanted = lower(numbers);
  // Only an upload can have made these (seeded numbers are INV/...); such invoices have no payments.
  repo.remove('invoices', (inv) => inv.anchor_id === ANCHOR && wanted.has(inv.document_number.toLowerCase()));
}

function removeCustomers(repo: Repository, codes: readonly string[]): void {
  const wanted = lower(codes);
  const stale = new Set(
    repo.data.distributor_companies
      .filter((c) => c.anchor_id === ANCHOR && wanted.has(c.customer_code.toLowerCase()))
      .map((c) => c.id),
  );
  if (repo.data.invoices.some((inv) => stale.has(inv.distributor_company_id))) {
    throw new Error('Provider state: a customer of the master fixture has invoices; it cannot be removed.');
  }
  repo.remove('distributor_companies', (c) => stale.has(c.id));
}

function removeHistory(repo: Repository, numbers: readonly string[]): void {
  const wanted = lower(numbers);
  repo.remove('invoice_history', (h) => h.anchor_id === ANCHOR && wanted.has(h.invoice_number.toLowerCase()));
}

/** A state whose setup clears the fixture's rows and whose teardown undoes the upload. */
function clearedAround(repo: Repository, clear: (repo: Repository) => void, needsCustomer: boolean): StateHandler {
  let saved: { firstUpload: number; lastInvoicesUpload: string | null | undefined } | null = null;
  const handlers = {
    setup: (): Promise<undefined> => {
      if (needsCustomer) requireFixtureCustomer(repo.data);
      clear(repo);
      saved = {
        firstUpload: nextId(repo.data.csv_uploads),
        lastInvoicesUpload: repo.data.anchors.find((a) => a.id === ANCHOR)?.last_invoices_upload,
      };
      return Promise.resolve(undefined);
    },
    teardown: (): Promise<undefined> => {
      clear(repo);
      if (saved) {
        const { firstUpload, lastInvoicesUpload } = saved;
        repo.remove('csv_uploads', (upload) => upload.id >= firstUpload);
        repo.update('anchors', ANCHOR, { last_invoices_upload: lastInvoicesUpload ?? null });
      }
      saved = null;
      return Promise.resolve(undefined);
    },
  };
  return Object.assign(() => handlers.setup(), handlers);
}

export function uploadStates({ repository }: UploadStateDeps): Record<string, StateHandler> {
  return {
    'the invoices of the invoice upload fixture are not on record': clearedAround(
      repository,
      (r) => removeInvoices(r, UPLOAD_FIXTURES.invoices.invoiceNumbers),
      true,
    ),
    'the customers of the customer master fixture are not on record': clearedAround(
      repository,
      (r) => removeCustomers(r, UPLOAD_FIXTURES.customerMaster.customerCodes),
      false,
    ),
    'the invoices of the customer history fixture are not on record': clearedAround(
      repository,
      (r) => removeHistory(r, UPLOAD_FIXTURES.customerHistory.invoiceNumbers),
      true,
    ),
  };
}
