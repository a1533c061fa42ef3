import { describe, expect, it } from 'vitest';
import { daysBetween, isIsoDate, isoDay, parseDisplayDate, toDisplayDate } from './dates';

describe('daysBetween', () => {
  it('counts whole calendar days, across a leap day, and refuses dates that do not exist', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-22T23:59:00Z', '2026-11-21')).toBe(-1);
    expect(daysBetween('2026-02-30', '2026-03-01')).toBeNull();
  });
});

describe('the typed date form (dd/mm/yyyy)', () => {
  it('reads day first, with one- or two-digit day and month', () => {
    expect(parseDisplayDate('05/03/2026')).toBe('2026-03-05');
    expect(parseDisplayDate(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseDisplayDate('31-12-2025')).toBe('2025-12-31');
    expect(parseDisplayDate('29.02.2028')).toBe('2028-02-29');
  });

  it('refuses what is not a real date in that form', () => {
    for (const bad of ['', '2026-03-05', '13/13/2026', '31/04/2026', '29/02/2026', '5/3/26', '05/03/2026x', 'today']) {
      expect(parseDisplayDate(bad), bad).toBeNull();
    }
  });

  it('writes an ISO date back in the same form, and reads it back', () => {
    expect(toDisplayDate('2026-03-05')).toBe('05/03/2026');
    expect(toDisplayDate('2026-02-30')).toBe('');
    expect(parseDisplayDate(toDisplayDate('2025-12-31'))).toBe('2025-12-31');
  });

  it('knows an ISO date from anything else', () => {
    expect(isIsoDate('2026-03-05')).toBe(true);
    expect(isIsoDate('2026-3-5')).toBe(false);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('05/03/2026')).toBe(false);
  });
});

describe('isoDay', () => {
  it('is the local calendar day, zero-padded', () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(isoDay(new Date(987, 11, 31, 0, 0))).toBe('0987-12-31');
  });
});
