import { addDays, subMonths } from 'date-fns';
import { todayOf } from '../aggregates';
import { isoDay } from '../../src/domain/dates';
import type { Invoice, ReadonlyDb } from '../db';
import type { Repository } from '../store/repository';
import { setStar } from '../invoice-index';
import { SYSTEM_ANCHOR_ID } from '../seed';

/**
 * Provider states of the invoices-page interactions (tests/contract/consumer/invoices.pact.test.ts), for the
 * embedded mock. Each interaction also names 't1@anchor.test is logged in' for its token. The pact pins
 * shapes and types, not values, so a state only has to make sure its list is not empty: the seed
 * nearly always has such rows already; a state adds what is missing (a due date moved, a star set) and
 * says which row to use where the pact injects an id (fromProviderState).
 *
 * Other states put rows back by replacing them in place (the pay states restore their customer as
 * seeded), which the invoice indexes cannot see, so every state here first tells them the data changed.
 */
export interface InvoiceStateDeps {
  /** The mock's live database. */
  db: () => ReadonlyDb;
  /** Writes go through it. */
  repository: Repository;
  /** The mock's clock, in milliseconds. */
  now: () => number;
}

type StateResult = Record<string, string> | undefined;

const ANCHOR = SYSTEM_ANCHOR_ID;
const isDue = (inv: Invoice) => inv.anchor_id === ANCHOR && (inv.status === 'open' || inv.status === 'partially_paid');

export function invoiceStates(deps: InvoiceStateDeps) {
  const today = () => todayOf(deps.now());
  const day = (offset: number) => isoDay(addDays(today(), offset));

  /** Runs `setup` on the live data; it answers the values of the state. */
  const state = (setup: (db: ReadonlyDb) => StateResult) => (): Promise<StateResult> =>
    Promise.resolve(setup(deps.db()));
  const dueOn = (offset: number) => (inv: Invoice) =>
    deps.repository.update('invoices', inv, { due_date: day(offset) });

  const regionOf = (db: ReadonlyDb) => new Map(db.distributor_companies.map((c) => [c.id, c.region]));

  /** The first row `wanted` picks, else `fallback` made to fit (or a clear failure when there is none). */
  function ensure<T>(
    rows: readonly T[],
    wanted: (row: T) => boolean,
    fallback: (row: T) => boolean,
    fix: (row: T) => T,
    what: string,
  ): T {
    const found = rows.find(wanted);
    if (found) return found;
    const other = rows.find(fallback);
    if (!other) throw new Error(`Provider state: the mock's seed has no ${what}.`);
    return fix(other);
  }
  const asItIs = <T>(row: T) => row;

  return {
    't1@anchor.test has open invoices due today': state((db) => {
      ensure(
        db.invoices,
        (inv) => isDue(inv) && inv.due_date === day(0),
        (inv) => isDue(inv),
        dueOn(0),
        'open invoice',
      );
      return undefined;
    }),

    't1@anchor.test has open invoices of customers in the north more than 30 days overdue': state((db) => {
      const region = regionOf(db);
      const north = (inv: Invoice) => isDue(inv) && region.get(inv.distributor_company_id) === 'north';
      ensure(
        db.invoices,
        (inv) => north(inv) && inv.due_date < day(-30),
        north,
        dueOn(-45),
        'open invoice of a customer in the north',
      );
      return undefined;
    }),

    't1@anchor.test has starred open invoices': state((db) => {
      const starred = new Set(
        db.resources
          .filter((r) => r.anchor_id === ANCHOR && r.resource_type === 'Invoice' && r.starred)
          .map((r) => r.resource_id),
      );
      const invoice = ensure(db.invoices, (inv) => isDue(inv) && starred.has(inv.id), isDue, asItIs, 'open invoice');
      setStar(deps.repository, ANCHOR, 'Invoice', invoice.id, true);
      return undefined;
    }),

    't1@anchor.test has invoices of channel-finance customers closed by credit': state((db) => {
      ensure(
        db.invoices,
        (inv) =>
          inv.anchor_id === ANCHOR && inv.status === 'paid' && inv.closed_status === 'credit' && inv.channel_finance,
        () => false,
        asItIs,
        'invoice of a channel-finance customer closed by credit',
      );
      return undefined;
    }),

    't1@anchor.test has an open invoice that is not starred': state((db) => {
      const invoice = ensure(db.invoices, isDue, () => false, asItIs, 'open invoice');
      setStar(deps.repository, ANCHOR, 'Invoice', invoice.id, false);
      return { invoiceId: String(invoice.id) };
    }),

    /** The dashboard's year and month figures: invoices shared and payments received in every month of the last year. */
    't1@anchor.test’s anchor shared invoices and received payments from customers in several regions in each of the last 12 months':
      state((db) => {
        const region = regionOf(db);
        const monthsAgo = (n: number) => isoDay(subMonths(today(), n)).slice(0, 7);
        for (let n = 0; n < 12; n++) {
          const month = monthsAgo(n);
          ensure(
            db.invoices,
            (inv) => inv.anchor_id === ANCHOR && inv.invoice_date.startsWith(month),
            () => false,
            asItIs,
            `invoice of anchor 1 shared in ${month}`,
          );
          ensure(
            db.payments,
            (p) => p.anchor_id === ANCHOR && p.payment_date.startsWith(month),
            () => false,
            asItIs,
            `payment to anchor 1 in ${month}`,
          );
        }
        const regions = new Set(
          db.payments
            .filter((p) => p.anchor_id === ANCHOR && p.payment_date >= day(-365))
            .map((p) => region.get(p.distributor_company_id)),
        );
        if (regions.size < 2)
          throw new Error('Provider state: the payments of anchor 1 in the last year come from fewer than 2 regions.');
        return undefined;
      }),

    't1@anchor.test received payments in the last 30 days': state((db) => {
      ensure(
        db.payments,
        (p) => p.anchor_id === ANCHOR && p.payment_date >= day(-30) && p.payment_date <= day(0),
        () => false,
        asItIs,
        'payment of the last 30 days',
      );
      return undefined;
    }),

    't1@anchor.test received payments from customers in the north in the last 90 days': state((db) => {
      const region = regionOf(db);
      ensure(
        db.payments,
        (p) =>
          p.anchor_id === ANCHOR &&
          region.get(p.distributor_company_id) === 'north' &&
          p.payment_date >= day(-90) &&
          p.payment_date <= day(0),
        () => false,
        asItIs,
        'payment from a customer in the north in the last 90 days',
      );
      return undefined;
    }),

    't1@anchor.test has a starred payment': state((db) => {
      const payment = ensure(
        db.payments,
        (p) => p.anchor_id === ANCHOR,
        () => false,
        asItIs,
        'payment',
      );
      setStar(deps.repository, ANCHOR, 'Payment', payment.id, true);
      return { paymentId: String(payment.id) };
    }),

    'no invoice of t1@anchor.test has the id 999999999': state((db) => {
      if (db.invoices.some((inv) => inv.id === 999_999_999))
        throw new Error('Provider state: invoice 999999999 exists.');
      return undefined;
    }),
  };
}
