import { Router, type Request } from 'express';
import { currentUser } from '../auth/middleware';
import {
  creditLimitSummary,
  GRAPH_TYPES,
  invoicesCleared,
  invoicesShared,
  lendingSummary,
  parseDay,
  paymentsReceived,
  rupees,
  todayOf,
  topPerformers,
  yearlyWindow,
  type Buckets,
  type DateWindow,
  type DefaultFigures,
  type GraphType,
} from '../aggregates';
import type { MockContext } from '../context';
import { route, throwIfProblems } from '../http';
import { filterValue } from '../paging';

/**
 * filter_information on the wire: a row per calendar month of the window, oldest first, with its year
 * (yearly), or one entry holding the weeks (weekly).
 */
function filterInformation(buckets: Buckets) {
  if (buckets.type === 'yearly') {
    return buckets.months.map((m) => ({
      month: m.month,
      year: m.year,
      total: rupees(m.total),
      no_of_invoices: m.no_of_invoices,
    }));
  }
  return [
    {
      weekly_data: buckets.weeks.map((w) => ({
        week: w.week,
        total: rupees(w.total),
        no_of_invoices: w.no_of_invoices,
      })),
    },
  ];
}

const DATE_MESSAGE = 'must be a date as YYYY-MM-DD';

/**
 * A graph's window and type: `<prefix>_from_date`, `<prefix>_to_date` (both required, inclusive, from <= to)
 * and `<typeKey>` (yearly, the default, or weekly). Every problem is a 422 naming its parameter.
 */
function graphQuery(req: Request, prefix: string, typeKey: string): { window: DateWindow; type: GraphType } {
  const problems: Record<string, string> = {};
  const day = (key: string) => {
    const raw = req.query[key];
    if (raw === undefined || raw === '') {
      problems[key] = `${key} is required`;
      return null;
    }
    const parsed = parseDay(raw);
    if (parsed === null) problems[key] = `${key} ${DATE_MESSAGE}`;
    return parsed;
  };
  const fromKey = `${prefix}_from_date`;
  const toKey = `${prefix}_to_date`;
  const from = day(fromKey);
  const to = day(toKey);
  if (from !== null && to !== null && from > to) problems[toKey] = `${toKey} must be on or after ${fromKey}`;
  const rawType = req.query[typeKey];
  const type = rawType === undefined || rawType === '' ? 'yearly' : rawType;
  if (typeof type !== 'string' || !(GRAPH_TYPES as readonly string[]).includes(type))
    problems[typeKey] = `${typeKey} must be yearly or weekly`;
  throwIfProblems(problems);
  return { window: { from: from!, to: to! }, type: type as GraphType };
}

/**
 * The top-performers window: `filter[from_date]` / `filter[to_date]`, each defaulting to the yearly window's
 * end (364 days back / today); `filter[period]=this_year` names that default window.
 */
function performersWindow(req: Request, today: Date): DateWindow {
  const problems: Record<string, string> = {};
  const period = filterValue(req, 'period');
  if (period !== undefined && period !== 'this_year') problems.period = 'period must be this_year';
  const fallback = yearlyWindow(today);
  const day = (key: 'from_date' | 'to_date') => {
    const raw = filterValue(req, key);
    if (raw === undefined) return fallback[key === 'from_date' ? 'from' : 'to'];
    const parsed = parseDay(raw);
    if (parsed === null) problems[key] = `${key} ${DATE_MESSAGE}`;
    return parsed ?? '';
  };
  const from = day('from_date');
  const to = day('to_date');
  if (!problems.from_date && !problems.to_date && from > to) problems.to_date = 'to_date must be on or after from_date';
  throwIfProblems(problems);
  return { from, to };
}

const defaultsOut = (d: DefaultFigures) => ({
  default_30days: rupees(d.default_30days),
  default_90days: rupees(d.default_90days),
  total: rupees(d.total),
});

/**
 * The home dashboard: invoice graphs (shared, cleared, payments), payment and credit top performers, and the
 * credit limit and lending summaries, all for the logged-in user's anchor and the server's today.
 * Figures come from mock-server/aggregates.ts; amounts are rupees on the wire.
 */
export function dashboardRoutes(ctx: MockContext): Router {
  const router = Router();
  const today = () => todayOf(ctx.now());

  router.get(
    '/invoices/graph',
    ctx.auth,
    route((req, res) => {
      const { window, type } = graphQuery(req, 'invoices_shared', 'shared_type');
      const card = invoicesShared(ctx.db(), currentUser(req).anchor_id, window, type);
      res.json({
        data: {
          invoices_shared: {
            [type]: {
              invoice_count: card.invoice_count,
              invoice_total: rupees(card.invoice_total),
              filter_information: filterInformation(card.buckets),
            },
          },
        },
      });
    }),
  );

  router.get(
    '/invoices/cleared_graph',
    ctx.auth,
    route((req, res) => {
      const { window, type } = graphQuery(req, 'invoices_cleared', 'cleared_type');
      const card = invoicesCleared(ctx.db(), currentUser(req).anchor_id, window, type);
      res.json({
        data: {
          invoices_cleared: {
            [type]: {
              invoice_total: rupees(card.invoice_total),
              cleared_percentage: card.cleared_percentage,
              filter_information: filterInformation(card.buckets),
            },
          },
        },
      });
    }),
  );

  router.get(
    '/invoices/payment_graph',
    ctx.auth,
    route((req, res) => {
      const { window, type } = graphQuery(req, 'payments_data', 'payment_type');
      const card = paymentsReceived(ctx.db(), currentUser(req).anchor_id, window, type);
      res.json({
        data: {
          payments: {
            [type]: { payment_total: rupees(card.payment_total), filter_information: filterInformation(card.buckets) },
          },
        },
      });
    }),
  );

  router.get(
    '/payments/top_performers',
    ctx.auth,
    route((req, res) => {
      const now = today();
      const figures = topPerformers(ctx.db(), currentUser(req).anchor_id, performersWindow(req, now), now);
      const credit = figures.credit_top_performers;
      res.json({
        data: {
          top_performers: figures.top_performers.map((p) => ({
            region: p.region,
            payment_received: rupees(p.payment_received),
          })),
          total_payments_received: rupees(figures.total_payments_received),
          ...(credit === null
            ? {}
            : {
                credit_top_performers: {
                  credit_utilisation: {
                    region: credit.credit_utilisation.region,
                    utilised: rupees(credit.credit_utilisation.utilised),
                  },
                  credit_limit_growth: credit.credit_limit_growth,
                  invoice_clearance: credit.invoice_clearance,
                },
              }),
        },
      });
    }),
  );

  router.get(
    '/loan_applications/credit_limit_summary',
    ctx.auth,
    route((req, res) => {
      const s = creditLimitSummary(ctx.db(), currentUser(req).anchor_id, today());
      res.json({
        data: {
          regionwise_credit_utilisation: s.regionwise_credit_utilisation.map(({ region, region_data: r }) => ({
            region,
            region_data: {
              total_utilised: rupees(r.total_utilised),
              utilisation_growth: r.utilisation_growth,
              overdue_90_days: rupees(r.overdue_90_days),
            },
          })),
          utilised_limit_summary: {
            utilised_limit: rupees(s.utilised_limit_summary.utilised_limit),
            unutilised_limit: rupees(s.utilised_limit_summary.unutilised_limit),
          },
          overdue_summary: {
            overdue_90_days: rupees(s.overdue_summary.overdue_90_days),
            total_overdue: rupees(s.overdue_summary.total_overdue),
          },
          total_credit_limit_sanctioned: {
            total: rupees(s.total_credit_limit_sanctioned.total),
            active_customers: s.total_credit_limit_sanctioned.active_customers,
          },
          default: defaultsOut(s.default),
          credit_utilisation_summary: s.credit_utilisation_summary,
        },
      });
    }),
  );

  router.get(
    '/loan_applications/lending_summary',
    ctx.auth,
    route((req, res) => {
      const s = lendingSummary(ctx.db(), currentUser(req).anchor_id, today());
      res.json({
        data: {
          credit_limit_available: {
            total: rupees(s.credit_limit_available.total),
            total_distributors: s.credit_limit_available.total_distributors,
          },
          utilised_limit_summary: {
            utilised_limit: rupees(s.utilised_limit_summary.utilised_limit),
            unutilised_limit: rupees(s.utilised_limit_summary.unutilised_limit),
          },
          default: defaultsOut(s.default),
        },
      });
    }),
  );

  return router;
}
