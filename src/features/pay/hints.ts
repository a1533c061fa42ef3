import { differenceInCalendarDays, parseISO } from 'date-fns';
import { formatRupees } from '../../../machines/pay-selection/rules';
import type { CollectionItem } from '../../api/codecs/pay';

/** How many days before the due date the 'N Days left' hint appears (spec 3 §9). */
export const DUE_SOON_DAYS = 2;

/** Due hints (spec 3 §2): 'OverDue by N Days', 'Due Today', 'N Days left' (2 or fewer). */
export function dueHint(item: Pick<CollectionItem, 'due_date'>, today: string): { text: string; late: boolean } | null {
  const days = differenceInCalendarDays(parseISO(item.due_date), parseISO(today));
  if (days < 0) return { text: `OverDue by ${-days} Days`, late: true };
  if (days === 0) return { text: 'Due Today', late: false };
  if (days <= DUE_SOON_DAYS) return { text: `${days} Days left`, late: false };
  return null;
}

/** The cash-discount banner (spec 3 §2), or null when the document has no pay-by date or no positive discount. */
export function discountBanner(item: Pick<CollectionItem, 'pay_by_date' | 'discount_amount'>, formatDate: (iso: string) => string): string | null {
  if (!item.pay_by_date || (item.discount_amount ?? 0) <= 0) return null;
  return `Pay before ${formatDate(item.pay_by_date)} to avail cash Discount of rupees ${formatRupees(item.discount_amount ?? 0)}`;
}
