import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { discountBanner } from './hints';

describe('pay page hints', () => {
  it('shows the cash-discount banner only with a pay-by date and a positive discount, in en-IN rupees', () => {
    expect(discountBanner({ pay_by_date: '2026-12-01', discount_amount: 123_456_750 }, formatDate)).toBe(
      'Pay before 01 Dec 2026 to avail cash Discount of rupees 12,34,567.50',
    );
    expect(discountBanner({ pay_by_date: null, discount_amount: 500 }, formatDate)).toBeNull();
    expect(discountBanner({ pay_by_date: '2026-12-01', discount_amount: 0 }, formatDate)).toBeNull();
  });
});
