import { CUSTOMER_CANCELLABLE_STATUSES, type BookingStatus } from '@barber/shared';
import type { BadgeVariant } from '../../../components/customer/Badge';

export const STATUS_BADGE: Record<BookingStatus, BadgeVariant> = {
  pending: 'warning',
  confirmed: 'info',
  en_route: 'info',
  arrived: 'info',
  in_progress: 'info',
  completed: 'success',
  cancelled: 'danger',
  no_show: 'danger',
};

/** The customer may cancel while pending or confirmed. */
export function customerCanCancel(status: BookingStatus): boolean {
  return (CUSTOMER_CANCELLABLE_STATUSES as readonly BookingStatus[]).includes(status);
}
