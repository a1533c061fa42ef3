import { describe, expect, it } from 'vitest';
import { ageingText, dueFilterOf } from './InvoicesDueSection';

describe('invoices due helpers', () => {
  it('words the ageing from overdue days', () => {
    expect(ageingText(12, 'open')).toBe('Overdue by 12 days');
    expect(ageingText(1, 'partially_paid')).toBe('Overdue by 1 day');
    expect(ageingText(0, 'open')).toBe('Due today');
    expect(ageingText(-1, 'open')).toBe('Due in 1 day');
    expect(ageingText(-5, 'in-progress')).toBe('Due in 5 days');
    expect(ageingText(40, 'paid')).toBe('-');
  });

  it('reads the chosen filter, or none once a search cleared it', () => {
    expect(dueFilterOf({ filters: { due: 'overdue_30' } })).toBe('overdue_30');
    expect(dueFilterOf({ filters: { due: 'none' } })).toBeNull();
    expect(dueFilterOf({ filters: { due: 'not-a-filter' } })).toBeNull();
    expect(dueFilterOf({ filters: {} })).toBeNull();
  });
});
