import { describe, expect, it } from 'vitest';
import { chartWindow, weekCount, weekLabels } from './chart-periods';

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
