import type { PayDocument } from '../../domain/pay';
import { formatRupees } from '../../domain/money';

/** The cash-discount banner (spec 3 §2), or null when the document has no pay-by date or no positive discount. */
export function discountBanner(
  item: Pick<PayDocument, 'pay_by_date' | 'discount_amount'>,
  formatDate: (iso: string) => string,
): string | null {
  if (!item.pay_by_date || (item.discount_amount ?? 0) <= 0) return null;
  return `Pay before ${formatDate(item.pay_by_date)} to avail cash Discount of rupees ${formatRupees(item.discount_amount ?? 0)}`;
}
