import { z } from 'zod';
import { roleSchema } from '../accounts/schemas';

/*
 * Booking stream events (docs/design.md §2). Every event is `{ type, data }`; who did it, when,
 * correlation and idempotency keys live in the event store's metadata, not here.
 * Events are immutable facts: these schemas check shape, not business rules (the
 * decider enforces those before an event is appended), so that old events always parse.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A real calendar date written yyyy-MM-dd (wall-clock America/New_York, docs/design.md §9). */
const localDate = z
  .string()
  .regex(DATE_RE, 'Date must be written yyyy-MM-dd')
  .refine((value) => {
    const m = DATE_RE.exec(value);
    if (!m) return false;
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  }, 'Date is not a real calendar date');

/** A wall-clock time HH:mm, 00:00 to 23:59. */
const localTime = z.string().regex(TIME_RE, 'Time must be written HH:mm');

/** Integer cents. */
const cents = z.number().int('Amounts are integer cents').nonnegative();
const positiveCents = z.number().int('Amounts are integer cents').positive();
const entityId = z.number().int().positive();
/** An instant written in ISO 8601 UTC (`2025-03-09T14:25:00.000Z`). */
const instant = z.string().datetime({ message: 'Expected an ISO instant' });

/* ---------- data schemas ---------- */

export const bookingCreatedDataSchema = z.object({
  bookingId: z.string().uuid(),
  customerId: entityId,
  barberId: entityId,
  serviceId: entityId,
  /** The service's name when it was booked (absent from older events, whose service shows its name now). */
  serviceName: z.string().min(1).max(200).optional(),
  date: localDate,
  startTime: localTime,
  endTime: localTime,
  durationMinutes: z.number().int().positive(),
  /** Travel buffer of the availability block the booking was made in, in minutes. */
  travelBuffer: z.number().int().nonnegative(),
  totalAmount: cents,
  platformFee: cents,
  barberAmount: cents,
  /** Platform setting `feeCollectionEnabled` in force when the booking was created. */
  feeCollectionEnabled: z.boolean(),
  /**
   * Platform setting `cancellationWindow` (hours) in force when the booking was made: the customer's cancellations
   * are judged by it, not by a window changed later (absent from older events, which take the setting now).
   */
  cancellationWindow: z.number().int().positive().optional(),
  /** Region key (miami, fort_lauderdale, boca_raton, palm_beach). */
  city: z.string().min(1),
  /** The city name the zipcode resolved to; null when none is known (screens then show `city`). */
  displayCity: z.string().min(1).nullable(),
  zipcode: z.string().regex(/^\d{5}$/, 'Zipcode must be 5 digits'),
  notes: z.string().max(1000),
  /** When the customer asked for it (the command's clock): its checkout expires counted from here. Absent from older events. */
  requestedAt: instant.optional(),
});

export const bookingDetailsSavedDataSchema = z.object({
  customerPhone: z.string().min(1, 'Phone is required').max(20),
  customerAddress: z.string().min(1, 'Address is required').max(200),
  apartmentUnit: z.string().max(50).nullable(),
  specialInstructions: z.string().max(500).nullable(),
});

export const bookingPaidDataSchema = z.object({
  paymentIntentId: z.string().min(1),
  amount: positiveCents,
});

export const bookingPaymentFailedDataSchema = z.object({
  paymentIntentId: z.string().min(1),
  message: z.string(),
});

const emptyData = z.object({});

export const bookingCancelledDataSchema = z.object({
  reason: z.string().min(1, 'A cancellation reason is required').max(500),
  by: roleSchema,
});

export const bookingRescheduledDataSchema = z.object({
  date: localDate,
  startTime: localTime,
  endTime: localTime,
  /** The travel buffer of the block the new time falls in (absent from events recorded before it was kept). */
  travelBuffer: z.number().int().nonnegative().optional(),
  /**
   * Moved while the barber was on the way or there: that visit is off and the booking is confirmed again (absent
   * from events recorded before it was said, whose state tells the same).
   */
  visitCalledOff: z.literal(true).optional(),
});

export const bookingNotesUpdatedDataSchema = z.object({
  barberNotes: z.string().max(2000).nullable(),
  /** Minutes, 0-180 (docs/spec/barber-and-admin.md §5); null when not given. */
  estimatedTravelTime: z.number().int().min(0).max(180).nullable(),
});

/**
 * The barber is on the way. `etaAt` is when they expect to arrive (now + the travel time); absent
 * from events recorded before arrival times existed.
 */
export const bookingEnRouteDataSchema = z.object({ etaAt: instant.optional() });

/** The barber moved their arrival time (one tap on +5, +10 or +15 min). */
export const bookingEtaUpdatedDataSchema = z.object({ etaAt: instant });

/**
 * Money given back. `amount` is this refund's; a booking is refunded once they add up to what was paid, or
 * when `complete` says the refund took everything left (the refund job asks Stripe for the rest). `pending`:
 * Stripe answered the refund pending, the card's bank has not settled it yet (`refundSucceeded` says when it has).
 */
export const bookingRefundedDataSchema = z.object({
  refundId: z.string().min(1),
  amount: positiveCents,
  complete: z.literal(true).optional(),
  pending: z.literal(true).optional(),
});

/**
 * A refund not settled when recorded (Stripe had it pending, or it retries one that failed) went through: Stripe's
 * update, or the worker's look a day later, says it succeeded.
 */
export const bookingRefundSucceededDataSchema = z.object({ refundId: z.string().min(1) });

/**
 * A refund Stripe could not complete (the card's bank refused it later, or it was cancelled): `amount` is what
 * it had counted as given back and no longer does (0 when the refund was never recorded as made).
 */
export const bookingRefundFailedDataSchema = z.object({
  refundId: z.string().min(1),
  amount: cents,
  reason: z.string().max(500),
});

/* ---------- event schemas ---------- */

function eventSchema<T extends string, D extends z.ZodTypeAny>(type: T, data: D) {
  return z.object({ type: z.literal(type), data });
}

export const bookingCreatedSchema = eventSchema('created', bookingCreatedDataSchema);
export const bookingDetailsSavedSchema = eventSchema('detailsSaved', bookingDetailsSavedDataSchema);
export const bookingPaidSchema = eventSchema('paid', bookingPaidDataSchema);
export const bookingPaymentFailedSchema = eventSchema('paymentFailed', bookingPaymentFailedDataSchema);
export const bookingConfirmedSchema = eventSchema('confirmed', emptyData);
export const bookingEnRouteSchema = eventSchema('enRoute', bookingEnRouteDataSchema);
export const bookingArrivedSchema = eventSchema('arrived', emptyData);
export const bookingStartedSchema = eventSchema('started', emptyData);
export const bookingCompletedSchema = eventSchema('completed', emptyData);
export const bookingCancelledSchema = eventSchema('cancelled', bookingCancelledDataSchema);
export const bookingNoShowSchema = eventSchema('noShow', emptyData);
export const bookingRescheduledSchema = eventSchema('rescheduled', bookingRescheduledDataSchema);
export const bookingNotesUpdatedSchema = eventSchema('notesUpdated', bookingNotesUpdatedDataSchema);
export const bookingRefundedSchema = eventSchema('refunded', bookingRefundedDataSchema);
export const bookingRefundSucceededSchema = eventSchema('refundSucceeded', bookingRefundSucceededDataSchema);
export const bookingRefundFailedSchema = eventSchema('refundFailed', bookingRefundFailedDataSchema);
/** A pending unpaid booking whose checkout was abandoned: the system cancels it and frees its time. */
export const bookingExpiredSchema = eventSchema('expired', emptyData);
export const bookingEtaUpdatedSchema = eventSchema('etaUpdated', bookingEtaUpdatedDataSchema);

export const bookingEventSchema = z.discriminatedUnion('type', [
  bookingCreatedSchema,
  bookingDetailsSavedSchema,
  bookingPaidSchema,
  bookingPaymentFailedSchema,
  bookingConfirmedSchema,
  bookingEnRouteSchema,
  bookingArrivedSchema,
  bookingStartedSchema,
  bookingCompletedSchema,
  bookingCancelledSchema,
  bookingNoShowSchema,
  bookingRescheduledSchema,
  bookingNotesUpdatedSchema,
  bookingRefundedSchema,
  bookingRefundSucceededSchema,
  bookingRefundFailedSchema,
  bookingExpiredSchema,
  bookingEtaUpdatedSchema,
]);

export type BookingEvent = z.infer<typeof bookingEventSchema>;
export type BookingEventType = BookingEvent['type'];
/** The event of one type, e.g. `BookingEventOf<'paid'>`. */
export type BookingEventOf<T extends BookingEventType> = Extract<BookingEvent, { type: T }>;

export type BookingCreated = z.infer<typeof bookingCreatedSchema>;
export type BookingDetailsSaved = z.infer<typeof bookingDetailsSavedSchema>;
export type BookingPaid = z.infer<typeof bookingPaidSchema>;
export type BookingPaymentFailed = z.infer<typeof bookingPaymentFailedSchema>;
export type BookingConfirmed = z.infer<typeof bookingConfirmedSchema>;
export type BookingEnRoute = z.infer<typeof bookingEnRouteSchema>;
export type BookingArrived = z.infer<typeof bookingArrivedSchema>;
export type BookingStarted = z.infer<typeof bookingStartedSchema>;
export type BookingCompleted = z.infer<typeof bookingCompletedSchema>;
export type BookingCancelled = z.infer<typeof bookingCancelledSchema>;
export type BookingNoShow = z.infer<typeof bookingNoShowSchema>;
export type BookingRescheduled = z.infer<typeof bookingRescheduledSchema>;
export type BookingNotesUpdated = z.infer<typeof bookingNotesUpdatedSchema>;
export type BookingRefunded = z.infer<typeof bookingRefundedSchema>;
export type BookingRefundSucceeded = z.infer<typeof bookingRefundSucceededSchema>;
export type BookingRefundFailed = z.infer<typeof bookingRefundFailedSchema>;
export type BookingExpired = z.infer<typeof bookingExpiredSchema>;
export type BookingEtaUpdated = z.infer<typeof bookingEtaUpdatedSchema>;

export type BookingCreatedData = BookingCreated['data'];
export type BookingDetails = BookingDetailsSaved['data'];

/** Every booking stream event type name, in the order of docs/design.md §2. */
export const BOOKING_EVENT_TYPES = [
  'created',
  'detailsSaved',
  'paid',
  'paymentFailed',
  'confirmed',
  'enRoute',
  'arrived',
  'started',
  'completed',
  'cancelled',
  'noShow',
  'rescheduled',
  'notesUpdated',
  'refunded',
  'refundSucceeded',
  'refundFailed',
  'expired',
  'etaUpdated',
] as const satisfies readonly BookingEventType[];

// Compile-time check that BOOKING_EVENT_TYPES lists every event type.
type MissingEventTypes = Exclude<BookingEventType, (typeof BOOKING_EVENT_TYPES)[number]>;
const _allEventTypesListed: MissingEventTypes extends never ? true : never = true;
void _allEventTypesListed;

export const bookingEventTypeSchema = z.enum(BOOKING_EVENT_TYPES);

/** The stream id of a booking in the event store. */
export function bookingStreamId(bookingId: string): string {
  return `booking-${bookingId}`;
}

const bookingEventTypes: ReadonlySet<string> = new Set(BOOKING_EVENT_TYPES);

/**
 * A booking event read back from the log. Every one was parsed by `bookingEventSchema` before it was appended
 * (the decider's `emit`), the log is append-only, and these schemas have no defaults or transforms
 * (events.test.ts): parsing the stored JSON again would answer the same object. So only the type is checked;
 * the second parse was half of a replay's CPU. A future change of shape needs an upcaster here.
 */
export function storedBookingEvent(type: string, data: unknown): BookingEvent {
  if (!bookingEventTypes.has(type) || typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(`Not a booking event: ${type}`);
  }
  return { type, data } as BookingEvent;
}
