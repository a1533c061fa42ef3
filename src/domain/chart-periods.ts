import { addDays, format, getDaysInMonth, startOfMonth, subMonths } from 'date-fns';

/**
 * The charts' period, one name everywhere: the home dropdown's 'This Year' / 'This Month' and every
 * chart's Yearly / Monthly toggle. A monthly chart has one bucket per week ('Week N'), a yearly chart one
 * per month. (On the wire the home graphs call monthly 'weekly', the stats call it 'monthly'.)
 */
export const CHART_PERIODS = ['monthly', 'yearly'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const YEARLY_WINDOW_DAYS = 364;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The date window of a period (spec 1 §7): monthly starts on the first day of the current month, yearly
 * 364 days back; both end today. Dates are local calendar days, sent as YYYY-MM-DD.
 */
export function chartWindow(period: ChartPeriod, today: Date): { from: string; to: string } {
  const from = period === 'monthly' ? startOfMonth(today) : addDays(today, -YEARLY_WINDOW_DAYS);
  return { from: iso(from), to: iso(today) };
}

/**
 * How many 'Week N' buckets the weekly charts show. The spec keeps the product's rule as it is, to be
 * confirmed: the number of days in the PREVIOUS month divided by 7, rounded up. In a month that follows
 * February (28 days: 4 weeks) the days from the 29th on fall outside the chart.
 */
export function weekCount(today: Date): number {
  return Math.ceil(getDaysInMonth(subMonths(today, 1)) / 7);
}

export function weekLabels(today: Date): string[] {
  return Array.from({ length: weekCount(today) }, (_, i) => `Week ${i + 1}`);
}
