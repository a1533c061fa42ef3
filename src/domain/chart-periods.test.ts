import { describe, expect, it } from 'vitest';
import { bucketIndexOf, chartBuckets, chartWindow, weekCount, weekLabels } from './chart-periods';

describe('home chart windows', () => {
  it('yearly runs from 364 days back to today; weekly from the first of the month', () => {
    const today = new Date(2026, 10, 22); // 22 Nov 2026, local
    expect(chartWindow('yearly', today)).toEqual({ from: '2025-11-23', to: '2026-11-22' });
    expect(chartWindow('monthly', today)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(chartWindow('monthly', new Date(2026, 0, 1))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(chartWindow('yearly', new Date(2024, 2, 1))).toEqual({ from: '2023-03-03', to: '2024-03-01' }); // across 29 Feb
  });

  it('counts weeks by the days of the previous month divided by 7, rounded up (the kept quirk)', () => {
    expect(weekCount(new Date(2026, 10, 22))).toBe(5); // October: 31 days
    expect(weekCount(new Date(2026, 2, 30))).toBe(4); // February 2026: 28 days, so March shows 4 weeks
    expect(weekCount(new Date(2024, 2, 5))).toBe(5); // February 2024: 29 days
    expect(weekCount(new Date(2026, 0, 10))).toBe(5); // December: 31 days
    expect(weekLabels(new Date(2026, 2, 30))).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
  });
});

describe('chart buckets', () => {
  const NOV_22 = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, afternoon (the time of day does not matter)

  it('yearly: the 13 calendar months the 364-day window touches, oldest first, each with its year', () => {
    const buckets = chartBuckets('yearly', NOV_22);
    expect(buckets.map((b) => b.label)).toEqual([
      'Nov 25',
      'Dec 25',
      'Jan 26',
      'Feb 26',
      'Mar 26',
      'Apr 26',
      'May 26',
      'Jun 26',
      'Jul 26',
      'Aug 26',
      'Sep 26',
      'Oct 26',
      'Nov 26',
    ]);
    // The first and the last month are partial: together the buckets cover the window exactly, day after day.
    expect(buckets[0]).toEqual({
      label: 'Nov 25',
      name: '23–30 November 2025',
      from: '2025-11-23',
      to: '2025-11-30',
      month: 'Nov',
      year: 2025,
      future: false,
    });
    expect(buckets[1]).toMatchObject({ name: 'December 2025', from: '2025-12-01', to: '2025-12-31' });
    expect(buckets[3]).toMatchObject({ label: 'Feb 26', from: '2026-02-01', to: '2026-02-28' });
    expect(buckets[12]).toEqual({
      label: 'Nov 26',
      name: '1–22 November 2026',
      from: '2026-11-01',
      to: '2026-11-22',
      month: 'Nov',
      year: 2026,
      future: false,
    });
    expect(buckets[0]!.from).toBe(chartWindow('yearly', NOV_22).from);
    expect(buckets.at(-1)!.to).toBe(chartWindow('yearly', NOV_22).to);
    expect(buckets.some((b) => b.future)).toBe(false);
  });

  it('yearly: 12 whole months when the window starts on the 1st; across a leap day', () => {
    // 30 Nov 2026 - 364 days = 1 Dec 2025.
    const end = chartBuckets('yearly', new Date(2026, 10, 30));
    expect(end).toHaveLength(12);
    expect(end[0]).toMatchObject({ label: 'Dec 25', name: 'December 2025', from: '2025-12-01' });
    expect(end[11]).toMatchObject({ label: 'Nov 26', name: 'November 2026', to: '2026-11-30' });
    const leap = chartBuckets('yearly', new Date(2024, 2, 1)); // 1 Mar 2024: from 3 Mar 2023
    expect(leap.map((b) => b.label)).toEqual([
      'Mar 23',
      'Apr 23',
      'May 23',
      'Jun 23',
      'Jul 23',
      'Aug 23',
      'Sep 23',
      'Oct 23',
      'Nov 23',
      'Dec 23',
      'Jan 24',
      'Feb 24',
      'Mar 24',
    ]);
    expect(leap[11]).toMatchObject({ name: 'February 2024', to: '2024-02-29' });
    expect(leap[12]).toMatchObject({ name: '1 March 2024', from: '2024-03-01', to: '2024-03-01' });
  });

  it('monthly: Week 1..N by the kept week rule; weeks that start after today are future', () => {
    const weeks = chartBuckets('monthly', NOV_22);
    expect(weeks.map((w) => [w.label, w.from, w.to, w.future])).toEqual([
      ['Week 1', '2026-11-01', '2026-11-07', false],
      ['Week 2', '2026-11-08', '2026-11-14', false],
      ['Week 3', '2026-11-15', '2026-11-21', false],
      ['Week 4', '2026-11-22', '2026-11-28', false], // starts today: drawn
      ['Week 5', '2026-11-29', '2026-11-30', true], // November has 30 days
    ]);
    expect(weeks[3]).toMatchObject({ name: 'Week 4, 22–28 Nov', week: 4 });
    // After a 28-day February, March shows 4 weeks (the 29th to 31st are not drawn).
    expect(chartBuckets('monthly', new Date(2026, 2, 1)).map((w) => w.future)).toEqual([false, true, true, true]);
    expect(chartBuckets('monthly', new Date(2026, 2, 31)).map((w) => [w.to, w.future])).toEqual([
      ['2026-03-07', false],
      ['2026-03-14', false],
      ['2026-03-21', false],
      ['2026-03-28', false],
    ]);
  });

  it('puts a provider row in its bucket: by month and year, by month name alone (the latest), or by week', () => {
    const months = chartBuckets('yearly', NOV_22);
    expect(bucketIndexOf(months, { month: 'Nov', year: 2025 })).toBe(0);
    expect(bucketIndexOf(months, { month: 'Nov', year: 2026 })).toBe(12);
    expect(bucketIndexOf(months, { month: 'Nov' })).toBe(12);
    expect(bucketIndexOf(months, { month: 'Dec' })).toBe(1);
    expect(bucketIndexOf(months, { month: 'Dec', year: 2026 })).toBe(-1);
    expect(bucketIndexOf(months, { month: 'Sept' })).toBe(-1);
    const weeks = chartBuckets('monthly', NOV_22);
    expect(bucketIndexOf(weeks, { week: 2 })).toBe(1);
    expect(bucketIndexOf(weeks, { week: 6 })).toBe(-1);
  });
});
