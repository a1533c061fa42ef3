/**
 * The first-load JS budgets, in KiB gzip, so pages stay quick to load on a cheap phone: one table for
 * `npm run bench` (tests/bench/bench.ts) and the per-route size check of the browser suite
 * (tests/e2e/route-size.spec.ts), so a regression cannot land.
 */
export const SIZE_BUDGETS_KIB = {
  /** The pay page on a phone: every JS file until its documents show. */
  pay: 100,
  /** The login page: every JS file until its form shows. */
  login: 120,
  /** From the login page to the dashboard with every chart and the region map drawn. */
  dashboard: 330,
  /** The region map's outline data. */
  mapData: 10,
} as const;
