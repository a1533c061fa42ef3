import { describe, expect, it } from 'vitest';
import { closedStatusOf, DUE_STATUSES, PAYMENT_SOURCES, UNPAID_STATUSES } from './statuses';

describe('the closed-status rule', () => {
  it('closes credit as credit and an ERP payment as settled, settled or not', () => {
    for (const settled of [true, false]) {
      expect(closedStatusOf('credit', settled)).toBe('credit');
      expect(closedStatusOf('erp_payment', settled)).toBe('settled');
    }
  });

  it('closes a gateway payment as pay once settled, pending_settlement until then', () => {
    expect(closedStatusOf('pay', true)).toBe('pay');
    expect(closedStatusOf('pay', false)).toBe('pending_settlement');
  });

  it('answers for every payment source', () => {
    expect(PAYMENT_SOURCES.map((source) => closedStatusOf(source, false))).toEqual([
      'credit',
      'pending_settlement',
      'settled',
    ]);
  });
});

describe('status classes', () => {
  it('due is open and part-paid; unpaid adds in-progress', () => {
    expect(DUE_STATUSES).toEqual(['open', 'partially_paid']);
    expect(UNPAID_STATUSES).toEqual(['open', 'partially_paid', 'in-progress']);
  });
});
