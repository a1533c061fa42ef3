import { describe, expect, it } from 'vitest';
import { dueHint, isOverdueView, isPastCreditCutoff } from './pay';

describe('pay page rules', () => {
  it('words the due hints from the calendar days left', () => {
    expect(dueHint('2026-11-12', '2026-11-22')).toEqual({ text: 'OverDue by 10 Days', late: true });
    expect(dueHint('2026-11-22', '2026-11-22')).toEqual({ text: 'Due Today', late: false });
    expect(dueHint('2026-11-24', '2026-11-22')).toEqual({ text: '2 Days left', late: false });
    expect(dueHint('2026-11-25', '2026-11-22')).toBeNull();
    expect(dueHint('not a date', '2026-11-22')).toBeNull();
  });

  it('puts the credit cutoff after 60 days past due: 60 days is in, 61 is out, an unreadable date is out', () => {
    expect(isPastCreditCutoff('2025-12-31', '2026-03-01')).toBe(false);
    expect(isPastCreditCutoff('2025-12-30', '2026-03-01')).toBe(true);
    expect(isPastCreditCutoff('2026-12-31', '2026-03-01')).toBe(false);
    expect(isPastCreditCutoff('31-12-2025', '2026-03-01')).toBe(true);
  });

  it('shows the overdue view for overdue dues above 1 rupee only', () => {
    expect(isOverdueView(101)).toBe(true);
    expect(isOverdueView(100)).toBe(false);
    expect(isOverdueView(null)).toBe(false);
    expect(isOverdueView(undefined)).toBe(false);
  });
});
