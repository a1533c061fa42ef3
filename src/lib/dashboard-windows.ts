import { addDays, format, getDaysInMonth, startOfMonth, subMonths } from 'date-fns';

/** The home charts' two views: the dropdown's 'This Year' is yearly, 'This Month' weekly. */
export type ChartView = 'yearly' | 'weekly';

export const YEARLY_WINDOW_DAYS = 364;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The date window of a view (spec §7): weekly starts on the first day of the current month, yearly 364
 * days back; both end today. Dates are local calendar days, sent as YYYY-MM-DD.
 */
export function chartWindow(view: ChartView, today: Date): { from: string; to: string } {
  const from = view === 'weekly' ? startOfMonth(today) : addDays(today, -YEARLY_WINDOW_DAYS);
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
