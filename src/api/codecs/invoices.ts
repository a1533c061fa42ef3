import * as t from 'io-ts';
import { withProduct } from '../../domain/product';
import { CLOSED_STATUSES, INVOICE_STATUSES, PAYMENT_SOURCES } from '../../domain/statuses';
import { Id, Money, Nullable, oneOf, Optional, Pagy } from './common';
import { CsvHeader } from './dashboard';
import { DdrStatus } from './pay';

/**
 * The invoices page's calls (spec 1 §3, §7): invoice statistics, the due list / detailed invoice table,
 * collections, stars and the distributor utilisation card. Amounts are rupees on the wire and paise here.
 *
 * Field names that carry the product key on the wire (`cleared_using_{product}_credit`,
 * `due_with_{product}`) and the payment sources (`{product}_credit`, `{product}_pay`) are decoded under
 * neutral names (`cleared_using_credit`, `due_with_product`, 'credit' | 'pay' | 'erp_payment'), so screens
 * read typed fields whatever the product key. Each codec that needs it is a function of the product.
 */

/**
 * Decodes an object whose wire names hold `{product}` under neutral names: `renames` maps each neutral name
 * to its wire template (`{ cleared_using_credit: 'cleared_using_{product}_credit' }`). Encodes back.
 */
export function productKeyed<C extends t.Mixed>(
  codec: C,
  product: string,
  renames: Record<string, string>,
): t.Type<t.TypeOf<C>, unknown, unknown> {
  const pairs = Object.entries(renames).map(
    ([neutral, template]) => [neutral, withProduct(template, product)] as const,
  );
  return new t.Type<t.TypeOf<C>, unknown, unknown>(
    `ProductKeyed(${codec.name})`,
    (u): u is t.TypeOf<C> => codec.is(u),
    (u, c) => {
      if (typeof u !== 'object' || u === null || Array.isArray(u)) return codec.validate(u, c);
      const input = u as Record<string, unknown>;
      const renamed: Record<string, unknown> = { ...input };
      for (const [neutral, wire] of pairs) {
        if (wire === neutral) continue;
        delete renamed[wire];
        if (wire in input) renamed[neutral] = input[wire];
        else delete renamed[neutral];
      }
      return codec.validate(renamed, c);
    },
    (a) => {
      const encoded = { ...(codec.encode(a) as Record<string, unknown>) };
      for (const [neutral, wire] of pairs) {
        if (wire === neutral || !(neutral in encoded)) continue;
        encoded[wire] = encoded[neutral];
        delete encoded[neutral];
      }
      return encoded;
    },
  );
}

export const PaymentSource = oneOf(PAYMENT_SOURCES);
export type PaymentSource = t.TypeOf<typeof PaymentSource>;

/** A payment source on the wire (`{product}_credit`, `{product}_pay`, erp_payment: received outside), decoded neutral. */
export function productSourceCodec(product: string): t.Type<PaymentSource, string, unknown> {
  const wire = (source: PaymentSource) => (source === 'erp_payment' ? source : `${product}_${source}`);
  return new t.Type<PaymentSource, string, unknown>(
    'PaymentSource',
    PaymentSource.is,
    (u, c) => {
      const found = (Object.keys(PaymentSource.keys) as PaymentSource[]).find((source) => wire(source) === u);
      return found ? t.success(found) : t.failure(u, c, `expected ${product}_credit, ${product}_pay or erp_payment`);
    },
    wire,
  );
}

const InvoiceStatus = oneOf(INVOICE_STATUSES);
/** How a paid invoice was closed (the detailed table's closed-status filter). */
const ClosedStatus = oneOf(CLOSED_STATUSES);

// ---------------------------------------------------------------------------------------------------
// GET /invoices/stats
// ---------------------------------------------------------------------------------------------------

const STATS_AMOUNT_RENAMES = {
  paid_using_credit: 'paid_using_{product}_credit',
  paid_using_pay: 'paid_using_{product}_pay',
  paid_outside: 'paid_outside_{product}',
};

/**
 * A chart bucket's figures: invoices in it, their total, and what of it was paid by credit, by pay and
 * outside the product (paid_outside, when the provider sends it; else the rest of the total).
 */
const StatsAmounts = t.intersection([
  t.type({ count: t.number, total_amount: Money, paid_using_credit: Money, paid_using_pay: Money }),
  t.partial({ paid_outside: Money }),
]);
type StatsAmounts = t.TypeOf<typeof StatsAmounts>;
/** A month row: the month's short name and, when the provider sends it, its year (see the dashboard's MonthBucket). */
type StatsMonthRow = StatsAmounts & { month: string; year?: number };
type StatsWeekRow = StatsAmounts & { week: number };
/** filter_information: 12 month rows (yearly) or one entry holding the weeks (monthly). */
export type StatsFilterInformation = (StatsMonthRow | { weekly_data: StatsWeekRow[] })[];

function statsFilterInformation(product: string): t.Type<StatsFilterInformation, unknown, unknown> {
  // The renaming wraps each whole row: an intersection would keep the wire names next to the neutral ones.
  const month = productKeyed(
    t.intersection([t.type({ month: t.string }), t.partial({ year: t.number }), StatsAmounts]),
    product,
    STATS_AMOUNT_RENAMES,
  );
  const week = productKeyed(t.intersection([t.type({ week: t.number }), StatsAmounts]), product, STATS_AMOUNT_RENAMES);
  return t.array(t.union([month, t.type({ weekly_data: t.array(week) })]));
}

/** GET /invoices/stats: the three boxes and the two charts. */
export function invoiceStatsCodec(product: string) {
  const filterInformation = statsFilterInformation(product);
  return t.type({
    data: t.type({
      invoices_summary: productKeyed(
        t.intersection([
          t.type({
            shared_invoice_total_amount: Money,
            total_cleared_amount: Money,
            cleared_using_credit: Money,
            cleared_using_pay: Money,
          }),
          /** cleared_outside: what of the cleared total was paid outside the product (ERP payments). */
          t.partial({ shared_invoice_count: t.number, cleared_invoice_count: t.number, cleared_outside: Money }),
        ]),
        product,
        {
          cleared_using_credit: 'cleared_using_{product}_credit',
          cleared_using_pay: 'cleared_using_{product}_pay',
          cleared_outside: 'cleared_outside_{product}',
        },
      ),
      /**
       * Current outstanding and its parts: not overdue + 1-30 days + 30+ + in-progress = the total (90+ is part
       * of 30+). The 1-30 days and in-progress parts are optional: what a provider leaves out is shown as
       * the rest of the total.
       */
      overdue_invoices_summary: t.intersection([
        t.type({
          /** Current outstanding: the balance of every unpaid invoice. */
          total_overdue_invoices_amount: Money,
          /** Not overdue: open and part-paid invoices due today or later. */
          regular_open_invoices_amount: Money,
          /** More than 30 days overdue (90+ included). */
          overdue_invoices_amount_30_days: Money,
          /** More than 90 days overdue (part of 30+). */
          overdue_invoices_amount_90_days: Money,
        }),
        t.partial({
          /** 1 to 30 days overdue. */
          overdue_invoices_amount_upto_30_days: Money,
          /** In-progress invoices (a drawdown is under way), whatever their due date. */
          in_progress_invoices_amount: Money,
        }),
      ]),
      available_limits_summary: t.type({ total_available_limit: Money, avl_limit_pertaining_for_open_invoices: Money }),
      shared_invoices_graph_data: t.type({ filter_information: filterInformation }),
      cleared_invoices_graph_data: t.type({ filter_information: filterInformation }),
    }),
  });
}
export type InvoiceStats = t.TypeOf<ReturnType<typeof invoiceStatsCodec>>['data'];

// ---------------------------------------------------------------------------------------------------
// GET /invoices
// ---------------------------------------------------------------------------------------------------

/** An invoice row of the due list and the detailed table (spec §3 Invoice). Amounts in paise. */
function invoiceCodec(product: string) {
  return productKeyed(
    t.intersection([
      t.type({
        id: Id,
        document_number: t.string,
        customer_code: t.string,
        total: Money,
        invoice_date: t.string,
        due_date: t.string,
        status: InvoiceStatus,
        /** Today - due date: positive when overdue, 0 when due today, negative before. */
        overdue_by_days: t.number,
        balance_amount: Money,
        amount_paid: Money,
        channel_finance: t.boolean,
        distributor_company: t.intersection([
          t.type({ name: t.string }),
          t.partial({ id: Id, business_email: Nullable(t.string) }),
        ]),
        resource: t.type({ starred: t.boolean }),
      }),
      t.partial({
        erp_invoice_id: Nullable(t.string),
        closed_status: Nullable(ClosedStatus),
        available_limit: Nullable(Money),
        approved_limit: Nullable(Money),
        /** Principal still owed to the provider on the credit that paid this invoice. */
        due_with_product: Nullable(Money),
        balance_amount_percent: Nullable(t.number),
        latest_payment_settlement_date: Nullable(t.string),
        latest_payment_settlement_amount: Nullable(Money),
        latest_payment_utr_number: Nullable(t.string),
        latest_payment_source: Nullable(productSourceCodec(product)),
        /** Paid outside the product (erp_payment). */
        collected_outside_product: Nullable(Money),
        invoice_rejected_ddr: t.boolean,
        virtual_account_number: Nullable(t.string),
        creation_date: Nullable(t.string),
        ddr_status_date: t.array(DdrStatus),
      }),
    ]),
    product,
    { due_with_product: 'due_with_{product}', collected_outside_product: 'collected_outside_{product}' },
  );
}
export type InvoiceRow = t.TypeOf<ReturnType<typeof invoiceCodec>>;

/** The due list's meta (spec §3): figures over every matching row, and the page's switches and link counts. */
export const DueListMeta = t.type({
  total_due: Money,
  no_of_invoices: t.number,
  no_of_customers: t.number,
  /** Absent or null: no upload yet ('-'). */
  last_invoices_upload: Optional(t.string),
  show_virtual_account_number: t.boolean,
  /** The create-links card's figures, all over the payment links generated to date. */
  active_links: t.number,
  links_generated: t.number,
  /** Still due on the open and part-paid invoices those links name; ours, not the spec's (absent or null shows '-'). */
  links_total_due: Optional(Money),
  /** The customers the links went to. */
  customers: t.number,
  /** Payment links sent over the last 60 days. */
  total_payment_links: t.number,
});
export type DueListMeta = t.TypeOf<typeof DueListMeta>;

export function invoiceListCodec(product: string) {
  return t.intersection([
    t.type({ data: t.array(invoiceCodec(product)), pagy: Pagy, meta: DueListMeta }),
    t.partial({ csv_headers_accepted: t.array(CsvHeader) }),
  ]);
}
export type InvoiceList = t.TypeOf<ReturnType<typeof invoiceListCodec>>;

// ---------------------------------------------------------------------------------------------------
// GET /payments
// ---------------------------------------------------------------------------------------------------

/** A payment record of the collections table (spec §3 Payment record). Amounts in paise. */
function paymentCodec(product: string) {
  return t.intersection([
    t.type({
      id: Id,
      distributor_company: t.intersection([t.type({ name: t.string }), t.partial({ id: Id })]),
      /** A payment not matched to an invoice: absent or null. */
      invoice: Optional(
        t.intersection([
          t.type({
            document_number: t.string,
            total: Money,
            invoice_date: t.string,
            status: InvoiceStatus,
            customer_code: t.string,
          }),
          t.partial({ id: Id, due_date: t.string }),
        ]),
      ),
      payment_date: t.string,
      amount: Money,
      utr_number: t.string,
      source: productSourceCodec(product),
      resource: t.type({ starred: t.boolean }),
    }),
    t.partial({
      virtual_account_number: Nullable(t.string),
      drawdown_due_date: Nullable(t.string),
      /** Days until the drawdown falls due; null once past or without a drawdown. */
      due_in_days: Nullable(t.number),
      /** Days the drawdown is past due; null when it is not. */
      overdue_by_days: Nullable(t.number),
      settlement_date: Nullable(t.string),
      settlement_amount: Nullable(Money),
      balance_due: Nullable(Money),
      balance_amount_percent: Nullable(t.number),
      channel_finance: t.boolean,
      /** True when the source is erp_payment: 'Received outside' shows Yes. */
      received_outside: t.boolean,
    }),
  ]);
}
export type PaymentRow = t.TypeOf<ReturnType<typeof paymentCodec>>;

/** Collection data (spec §3) over every matching payment. */
const CollectionMeta = t.type({ total_collected_amount: Money, no_of_invoices: t.number, no_of_customers: t.number });
type CollectionMeta = t.TypeOf<typeof CollectionMeta>;

export function paymentListCodec(product: string) {
  return t.intersection([
    t.type({ data: t.array(paymentCodec(product)), pagy: Pagy, meta: CollectionMeta }),
    t.partial({ csv_headers_accepted: t.array(CsvHeader) }),
  ]);
}
export type PaymentList = t.TypeOf<ReturnType<typeof paymentListCodec>>;

// ---------------------------------------------------------------------------------------------------
// POST /resources/create_or_update, GET /distributor_companies/details
// ---------------------------------------------------------------------------------------------------

export const StarResourceType = t.keyof({ Invoice: null, Payment: null });
export type StarResourceType = t.TypeOf<typeof StarResourceType>;

/** The star as the provider now holds it. */
export const StarAnswer = t.intersection([
  t.type({ data: t.type({ id: Id, resource_type: StarResourceType, resource_id: Id, starred: t.boolean }) }),
  t.partial({ message: t.string }),
]);
export type StarAnswer = t.TypeOf<typeof StarAnswer>;

/** The distributor utilisation card. */
export const DistributorDetails = t.type({
  data: t.type({
    total_available_limit_for_drawdown: Money,
    available_for_overdue_by_30: Money,
    available_for_overdue_by_90: Money,
  }),
});
export type DistributorDetails = t.TypeOf<typeof DistributorDetails>['data'];
