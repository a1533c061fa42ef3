import {
  addDays,
  addMonths,
  endOfMonth,
  format,
  getDaysInMonth,
  parseISO,
  startOfDay,
  startOfMonth,
  subMonths,
} from 'date-fns';
import { MONTHS } from './dates';

/**
 * The charts' period, one name everywhere: the home dropdown's 'This Year' / 'This Month' and every
 * chart's Yearly / Monthly toggle. A monthly chart has one bucket per week ('Week N'), a yearly chart one
 * per month. (On the wire the home graphs call monthly 'weekly', the stats call it 'monthly'.)
 */
export type ChartPeriod = 'monthly' | 'yearly';

export const YEARLY_WINDOW_DAYS = 364;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** '23–30' or, for one day, '23'. */
const days = (from: Date, to: Date) =>
  from.getDate() === to.getDate() ? `${from.getDate()}` : `${from.getDate()}–${to.getDate()}`;

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

/**
 * One bucket of a chart. Yearly: a calendar month of the window, with its year (the 364-day window meets 13
 * calendar months: the first and the last are partial). Monthly: a 'Week N' of the current month.
 */
export interface ChartBucket {
  /** The axis label: 'Nov 25' (short month and two-digit year) or 'Week 3'. */
  label: string;
  /** The bucket read in full, with the days it covers: '23–30 November 2025', 'December 2025', 'Week 4, 22–28 Nov'. */
  name: string;
  /** The first and last day of the bucket inside the window, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Yearly buckets: the month's short name and the year. */
  month?: (typeof MONTHS)[number];
  year?: number;
  /** Monthly buckets: the week number. */
  week?: number;
  /** The bucket starts after today: nothing can be in it yet, so a chart draws no point there (null, not 0). */
  future: boolean;
}

function monthBuckets(today: Date): ChartBucket[] {
  const window = chartWindow('yearly', today);
  const first = parseISO(window.from);
  const out: ChartBucket[] = [];
  for (let start = startOfMonth(first); start <= today; start = addMonths(start, 1)) {
    const from = start < first ? first : start;
    const end = endOfMonth(start);
    const to = end > today ? today : end;
    const whole = from.getDate() === 1 && to.getDate() === end.getDate();
    out.push({
      label: format(start, 'MMM yy'),
      name: whole ? format(start, 'MMMM yyyy') : `${days(from, to)} ${format(start, 'MMMM yyyy')}`,
      from: iso(from),
      to: iso(to),
      month: MONTHS[start.getMonth()],
      year: start.getFullYear(),
      future: false,
    });
  }
  return out;
}

function weekBuckets(today: Date): ChartBucket[] {
  const first = startOfMonth(today);
  const lastDay = getDaysInMonth(today);
  return weekLabels(today).map((label, i) => {
    const from = addDays(first, i * 7);
    const to = addDays(first, Math.min(i * 7 + 6, lastDay - 1));
    return {
      label,
      name: `${label}, ${days(from, to)} ${format(first, 'MMM')}`,
      from: iso(from),
      to: iso(to),
      week: i + 1,
      future: from > today,
    };
  });
}

/**
 * The buckets a chart of `period` draws on `today`, in time order. Yearly: one per calendar month that the
 * window (364 days back to today) touches, oldest first, the first and the last month partial (13 buckets,
 * 12 when the window starts on the 1st). Monthly: 'Week 1'..'Week N' (`weekCount`), days 1-7, 8-14, ...;
 * a week that starts after today is `future`.
 */
export function chartBuckets(period: ChartPeriod, today: Date): ChartBucket[] {
  const day = startOfDay(today);
  return period === 'yearly' ? monthBuckets(day) : weekBuckets(day);
}

/** A provider's bucket row: a month (with its year, when the provider sends it) or a week. */
export type BucketRow = { month: string; year?: number } | { week: number };

/**
 * Where a provider's row goes among `buckets`, or -1 when the chart does not draw it. A month row with its year
 * goes to that month; one without a year (a provider that sends only the month's name) goes to the latest
 * month of that name in the window. A week row goes to 'Week N'.
 */
export function bucketIndexOf(buckets: readonly ChartBucket[], row: BucketRow): number {
  if ('week' in row) return buckets.findIndex((b) => b.week === row.week);
  if (row.year !== undefined) return buckets.findIndex((b) => b.month === row.month && b.year === row.year);
  return buckets.findLastIndex((b) => b.month === row.month);
}
