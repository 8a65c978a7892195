import { formatHHmm } from '@barber/shared';
import { formatTime12 } from '../../../lib/customer/format';

/** Time options 06:00-22:00 in 30-minute steps, shown as 12-hour AM/PM (docs/spec/customer-side.md §2.7). */
export const TIME_OPTIONS: { value: string; label: string }[] = (() => {
  const out: { value: string; label: string }[] = [];
  for (let m = 6 * 60; m <= 22 * 60; m += 30) {
    const value = formatHHmm(m);
    out.push({ value, label: formatTime12(value) });
  }
  return out;
})();

/** Service categories of the search form. */
export const SEARCH_CATEGORIES = [
  { value: 'all', label: 'All Services' },
  { value: 'haircut', label: 'Haircut' },
  { value: 'beard', label: 'Beard Trim' },
  { value: 'styling', label: 'Hair Styling' },
  { value: 'shave', label: 'Shave' },
] as const;

/** A result card shows 8 slots then "+N more"; Quick Book shows 3 services and 9 slots (docs/spec/customer-side.md §9). */
export const RESULT_SLOT_LIMIT = 8;
export const QUICK_BOOK_SERVICE_LIMIT = 3;
export const QUICK_BOOK_SLOT_LIMIT = 9;
