import { z } from 'zod';

/** Booking statuses (docs/spec/customer-side.md §4, docs/spec/barber-and-admin.md §4, docs/design.md §3), in lifecycle order. */
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'en_route',
  'arrived',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
] as const;

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** Labels the customer (and the barber panel) shows. */
export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  en_route: 'Barber En Route',
  arrived: 'Barber Arrived',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No Show',
};

/** Labels the administrator area shows ("En Route", "Arrived" without "Barber"). */
export const ADMIN_BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  ...BOOKING_STATUS_LABELS,
  en_route: 'En Route',
  arrived: 'Arrived',
};

export type StatusLabelAudience = 'customer' | 'admin';

/**
 * The label of a status for an audience. An unknown value shows as "Pending"
 * (docs/spec/barber-and-admin.md §4: "The admin list shows an unknown status as Pending").
 */
export function bookingStatusLabel(status: string, audience: StatusLabelAudience = 'customer'): string {
  const labels = audience === 'admin' ? ADMIN_BOOKING_STATUS_LABELS : BOOKING_STATUS_LABELS;
  return isBookingStatus(status) ? labels[status] : labels.pending;
}

/**
 * Statuses in which a booking still holds the barber's time: the double-booking
 * exclusion constraint and the slot finder consider only bookings in these statuses.
 *
 * Decision: `completed` is live. A completed booking keeps occupying the time it was
 * booked for (the barber worked then), so a reschedule or a late booking can never be
 * laid over it, and a booking does not free its slot by moving from in_progress to
 * completed. `cancelled` and `no_show` release the slot.
 */
export const LIVE_STATUSES = [
  'pending',
  'confirmed',
  'en_route',
  'arrived',
  'in_progress',
  'completed',
] as const satisfies readonly BookingStatus[];
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** Statuses that are not yet finished: something can still happen to the appointment. */
export const OPEN_STATUSES = [
  'pending',
  'confirmed',
  'en_route',
  'arrived',
  'in_progress',
] as const satisfies readonly BookingStatus[];

/** Final statuses: no status change leaves them. */
export const FINAL_STATUSES = ['completed', 'cancelled', 'no_show'] as const satisfies readonly BookingStatus[];

export function isLiveStatus(status: BookingStatus): boolean {
  return (LIVE_STATUSES as readonly BookingStatus[]).includes(status);
}

export function isOpenStatus(status: BookingStatus): boolean {
  return (OPEN_STATUSES as readonly BookingStatus[]).includes(status);
}

export function isFinalStatus(status: BookingStatus): boolean {
  return (FINAL_STATUSES as readonly BookingStatus[]).includes(status);
}

/**
 * The barber's (or an admin's) progress transitions of docs/design.md §3, target by source.
 * Confirming a pending booking and cancelling have extra conditions and are not listed
 * here; the decider owns the full rules.
 */
export const BARBER_PROGRESS_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: [],
  confirmed: ['en_route', 'arrived', 'in_progress', 'no_show'],
  en_route: ['arrived', 'in_progress', 'no_show'],
  arrived: ['in_progress', 'no_show'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** Statuses a customer may cancel from (reason "Cancelled by customer"). */
export const CUSTOMER_CANCELLABLE_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];

/** Statuses the barber or an admin may cancel from (reason required). */
export const BARBER_CANCELLABLE_STATUSES = [
  'pending',
  'confirmed',
  'en_route',
  'arrived',
] as const satisfies readonly BookingStatus[];

/** Statuses in which the date and times may still be changed (before the service starts). */
export const RESCHEDULABLE_STATUSES = [
  'pending',
  'confirmed',
  'en_route',
  'arrived',
] as const satisfies readonly BookingStatus[];

/** The reason recorded when a customer cancels. */
export const CUSTOMER_CANCELLATION_REASON = 'Cancelled by customer';

/**
 * The reason an abandoned checkout shows once the system expired it. Decision: an `expired` event
 * sets the status `cancelled` (not a ninth status), so every screen, label and filter already knows
 * it; the reason tells it apart.
 */
export const CHECKOUT_EXPIRED_REASON = 'Checkout expired';

/** Status a barber can set from the appointments screen (every status but pending). */
export type BookingTargetStatus = Exclude<BookingStatus, 'pending'>;
// every status after the first, pending (`satisfies` fails the build should pending move)
export const [, ...BOOKING_TARGET_STATUSES] = BOOKING_STATUSES satisfies readonly ['pending', ...BookingTargetStatus[]];
export const bookingTargetStatusSchema = z.enum(BOOKING_TARGET_STATUSES);

export interface BarberQuickAction {
  /** Button text. */
  label: string;
  /** The status the button asks for. */
  target: BookingTargetStatus;
  /** Title of the confirm dialog the button opens. */
  dialogTitle: string;
  /** Only cancelling asks for a reason (the Cancellation Reason text area). */
  requiresReason: boolean;
}

/** Titles of the appointment confirm dialog per target status (docs/spec/barber-and-admin.md §2). */
export const STATUS_CHANGE_DIALOG_TITLES: Readonly<Partial<Record<BookingTargetStatus, string>>> = {
  confirmed: 'Confirm Appointment',
  completed: 'Complete Appointment',
  cancelled: 'Cancel Appointment',
  en_route: 'Mark as En Route',
  arrived: 'Mark as Arrived',
  in_progress: 'Start Service',
};

function quickAction(label: string, target: BookingTargetStatus, dialogTitle: string): BarberQuickAction {
  return { label, target, dialogTitle, requiresReason: target === 'cancelled' };
}

const CANCEL_ACTION = quickAction('Cancel', 'cancelled', 'Cancel Appointment');

/**
 * Barber quick actions per current status (docs/spec/barber-and-admin.md §4). Pending's Confirm is offered
 * even on an unpaid booking while fee collection is on; the server then refuses it.
 */
export const BARBER_QUICK_ACTIONS: Readonly<Record<BookingStatus, readonly BarberQuickAction[]>> = {
  pending: [quickAction('Confirm', 'confirmed', 'Confirm Appointment'), CANCEL_ACTION],
  confirmed: [quickAction('En Route', 'en_route', 'Mark as En Route'), CANCEL_ACTION],
  en_route: [quickAction('Arrived', 'arrived', 'Mark as Arrived')],
  arrived: [quickAction('Start Service', 'in_progress', 'Start Service')],
  in_progress: [quickAction('Complete', 'completed', 'Complete Appointment')],
  completed: [],
  cancelled: [],
  no_show: [],
};

/**
 * Every status change the booking's barber (or an administrator) may ask for, target by source: confirm a
 * pending booking, the progress steps, and cancelling (reason required). The decider refuses anything
 * else with INVALID_TRANSITION, and the appointment screens offer only these, so they never offer a
 * change the server then refuses.
 */
export const BARBER_STATUS_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingTargetStatus[]>> = (() => {
  const targetsFrom = (from: BookingStatus): BookingTargetStatus[] => [
    ...(from === 'pending' ? (['confirmed'] as const) : []),
    ...BARBER_PROGRESS_TRANSITIONS[from].filter((s): s is BookingTargetStatus => s !== 'pending'),
    ...((BARBER_CANCELLABLE_STATUSES as readonly BookingStatus[]).includes(from) ? (['cancelled'] as const) : []),
  ];
  const table = {} as Record<BookingStatus, readonly BookingTargetStatus[]>;
  for (const from of BOOKING_STATUSES) table[from] = targetsFrom(from);
  return table;
})();

/** What the status choices of a booking depend on besides its status (a booking view has it). */
export interface StatusChoiceBooking {
  status: BookingStatus;
  detailsSaved: boolean;
  paid: boolean;
  feeCollectionEnabled: boolean;
}

/**
 * The statuses the barber's details dialog offers for a booking: its current status (no change) and
 * the targets of BARBER_STATUS_TRANSITIONS, less Confirm while the customer has not saved contact
 * details or an unpaid booking still needs its payment (both refused by the decider). The clock rules
 * (TOO_EARLY, TOO_LATE) stay the server's: it answers them with a message that says when.
 */
export function barberStatusChoices(booking: StatusChoiceBooking): BookingStatus[] {
  const targets = BARBER_STATUS_TRANSITIONS[booking.status].filter(
    (target) => target !== 'confirmed' || (booking.detailsSaved && (!booking.feeCollectionEnabled || booking.paid)),
  );
  return [booking.status, ...targets];
}
