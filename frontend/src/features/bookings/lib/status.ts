import { CUSTOMER_CANCELLABLE_STATUSES, OPEN_STATUSES, type BookingStatus, type BookingView } from '@barber/shared';
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

/**
 * A pending booking not yet paid (or, with fee collection off, not yet confirmed) waits for its
 * checkout: My Bookings leads back to it until the checkout expires (pendingBookingExpiryMinutes). Only for a
 * customer account: /checkout admits no other (a customer approved as a barber meanwhile was sent to /).
 */
export function canContinueCheckout(booking: Pick<BookingView, 'status' | 'paid'>, role: string | undefined): boolean {
  return role === 'customer' && booking.status === 'pending' && !booking.paid;
}

/** The checkout of one booking (docs/spec/customer-side.md §2.10). */
export function checkoutHref(bookingId: string): string {
  return `/checkout?bookingId=${encodeURIComponent(bookingId)}`;
}

/** A booking still to come (or under way) can be added to the customer's calendar (issue 13). */
export function canAddToCalendar(status: BookingStatus): boolean {
  return (OPEN_STATUSES as readonly BookingStatus[]).includes(status);
}

/** The booking as an .ics file, downloaded with the session cookie (GET, so no CSRF header is needed). */
export function icsHref(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/ics`;
}
