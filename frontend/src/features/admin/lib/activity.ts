import type { BookingStatus } from '@barber/shared';

/** Feed titles of the booking stream's event types (docs/design.md §2). */
const ACTIVITY_TITLES: Readonly<Record<string, string>> = {
  created: 'New booking',
  detailsSaved: 'Booking details saved',
  paid: 'Payment received',
  paymentFailed: 'Payment failed',
  confirmed: 'Booking confirmed',
  enRoute: 'Barber en route',
  arrived: 'Barber arrived',
  started: 'Service started',
  completed: 'Booking completed',
  cancelled: 'Booking cancelled',
  noShow: 'Marked as no-show',
  rescheduled: 'Booking rescheduled',
  notesUpdated: 'Barber notes updated',
  refunded: 'Payment refunded',
  expired: 'Checkout expired',
  etaUpdated: 'Arrival time updated',
  refundFailed: 'Refund failed',
  refundSucceeded: 'Refund went through',
};

export function activityTitle(type: string): string {
  return ACTIVITY_TITLES[type] ?? 'Booking updated';
}

export type ActivityTone = 'new' | 'money' | 'progress' | 'done' | 'cancel' | 'neutral';

export function activityTone(type: string): ActivityTone {
  switch (type) {
    case 'created':
      return 'new';
    case 'paid':
    case 'refunded':
    case 'refundSucceeded':
      return 'money';
    case 'confirmed':
    case 'enRoute':
    case 'etaUpdated':
    case 'arrived':
    case 'started':
      return 'progress';
    case 'completed':
      return 'done';
    case 'cancelled':
    case 'expired':
    case 'noShow':
    case 'paymentFailed':
    case 'refundFailed':
      return 'cancel';
    default:
      return 'neutral';
  }
}

/** The event type that moved a booking into a status (for the feed's entries built from the list). */
export const EVENT_OF_STATUS: Readonly<Record<BookingStatus, string>> = {
  pending: 'created',
  confirmed: 'confirmed',
  en_route: 'enRoute',
  arrived: 'arrived',
  in_progress: 'started',
  completed: 'completed',
  cancelled: 'cancelled',
  no_show: 'noShow',
};

/** Statuses counted as "in progress now": the barber is on the way, there, or at work. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['en_route', 'arrived', 'in_progress'];
