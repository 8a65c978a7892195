import { z } from 'zod';
import { dbOffsetSchema, MAX_DB_INT, userContactSchema } from '../accounts/schemas';
import { moneyToCentsSchema } from '../money';
import { hhmmSchema, isHHmm, isoDateOrDateTimeSchema, localDateSchema, minutesOfDay } from '../time';
import { bookingStatusSchema } from './status';

/*
 * Request and answer schemas of the booking calls (docs/spec/customer-side.md §7, docs/spec/barber-and-admin.md §7).
 * Money in a booking answer is a numeric string with two decimals ("35.00"); the totals of
 * the earnings and admin statistics answers are numbers in dollars (35.5).
 */

const entityId = z.coerce
  .number({ invalid_type_error: 'Expected a number' })
  .int()
  .positive()
  .max(MAX_DB_INT, 'Not a valid id');
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/* ---------- requests ---------- */

/** POST /api/bookings by a signed-in barber or administrator: bookings are made by customer accounts. */
export const ONLY_CUSTOMERS_BOOK_MESSAGE = 'Only customer accounts can book appointments.';

/**
 * POST /api/bookings. `totalAmount` must equal the service price and `endTime` the start time
 * plus the service duration; `city` and `displayCity` are accepted but the server derives both
 * from the zipcode.
 */
export const createBookingSchema = z.object({
  barberId: entityId,
  serviceId: entityId,
  date: isoDateOrDateTimeSchema,
  startTime: hhmmSchema,
  endTime: hhmmSchema,
  totalAmount: moneyToCentsSchema,
  city: z.string().max(100).optional(),
  displayCity: z.string().max(100).nullish(),
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Please enter a valid 5-digit zipcode'),
  notes: z.string().max(1000, 'Notes must be at most 1000 characters').default(''),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

export const CHECKOUT_PHONE_RE = /^[0-9()+\-\s]+$/;
export const MIN_PHONE_DIGITS = 7;

/** Checkout step 1 (docs/spec/customer-side.md §5): the contact details form and the body part of the save. */
export const bookingDetailsInputSchema = z.object({
  customerPhone: z
    .string({ required_error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(20, 'Phone number must be at most 20 characters')
    .regex(CHECKOUT_PHONE_RE, 'Phone number may contain only digits, spaces, dashes, parentheses and +')
    // only once the characters are right, so each mistake gets one message ("+" alone is not a phone)
    .refine((v) => !CHECKOUT_PHONE_RE.test(v) || (v.match(/\d/g)?.length ?? 0) >= MIN_PHONE_DIGITS, {
      message: `Please enter a valid phone number (at least ${MIN_PHONE_DIGITS} digits)`,
    }),
  customerAddress: z
    .string({ required_error: 'Address is required' })
    .trim()
    .min(1, 'Address is required')
    .max(200, 'Address must be at most 200 characters'),
  apartmentUnit: optionalText(50, 'Apartment/unit must be at most 50 characters'),
  specialInstructions: optionalText(500, 'Special instructions must be at most 500 characters'),
});
export type BookingDetailsInput = z.input<typeof bookingDetailsInputSchema>;

/**
 * PUT /api/bookings/{id}/status. `pending` with the contact details saves them (checkout step 1),
 * `confirmed` confirms, `cancelled` cancels (a customer's reason is always "Cancelled by customer"),
 * any other status is the barber's progress change.
 */
/**
 * The booking's version the screen showed (optional, beyond the specification's fields): a booking changed since
 * is refused with VERSION_CONFLICT instead of changed on what the user did not see.
 */
const expectedVersionSchema = z.number().int().min(1, 'Invalid booking version').optional();

export const updateBookingStatusSchema = z.object({
  status: bookingStatusSchema,
  customerPhone: z.string().optional(),
  customerAddress: z.string().optional(),
  apartmentUnit: z.string().nullish(),
  specialInstructions: z.string().nullish(),
  reason: z.string().max(500, 'The reason must be at most 500 characters').nullish(),
  expectedVersion: expectedVersionSchema,
});
export type UpdateBookingStatusInput = z.input<typeof updateBookingStatusSchema>;

/**
 * PUT /api/bookings/{id}/update (barber's details dialog). A status equal to the current one is
 * no change; the date and times count only with isEditingDateTime and when they differ.
 */
export const barberUpdateBookingSchema = z.object({
  status: bookingStatusSchema.optional(),
  barberNotes: z.string().max(2000, 'Notes must be at most 2000 characters').nullish(),
  estimatedTravelTime: z
    .number()
    .int('Travel time is whole minutes')
    .min(0, 'Travel time must be between 0 and 180 minutes')
    .max(180, 'Travel time must be between 0 and 180 minutes')
    .multipleOf(5, 'Travel time is in steps of 5 minutes')
    .nullish(),
  isEditingDateTime: z.boolean().optional(),
  date: isoDateOrDateTimeSchema.optional(),
  // the details dialog offers 5-minute steps; the server holds the same grid
  startTime: hhmmSchema
    .refine((t) => !isHHmm(t) || minutesOfDay(t) % 5 === 0, 'Choose a start time in steps of 5 minutes')
    .optional(),
  endTime: hhmmSchema.optional(),
  cancellationReason: z.string().max(500, 'The reason must be at most 500 characters').nullish(),
  expectedVersion: expectedVersionSchema,
});
export type BarberUpdateBookingInput = z.input<typeof barberUpdateBookingSchema>;

export const bookingIdParamsSchema = z.object({ id: z.string().uuid('Invalid booking id') });

const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /api/barber-bookings: one date, or upcoming from today; `barberId` from admins only. */
export const barberBookingsQuerySchema = z.object({
  date: localDateSchema.optional(),
  barberId: entityId.optional(),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/barber-bookings/past: bookings dated before `before` (default today), newest first. */
export const pastBookingsQuerySchema = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(50).default(10),
  before: localDateSchema.optional(),
  barberId: entityId.optional(),
});

/** GET /api/admin/bookings: newest first, `offset = (page - 1) * limit`. */
export const adminBookingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: dbOffsetSchema.default(0),
  status: bookingStatusSchema.optional(),
});

/* ---------- answers ---------- */

const money = z.string();

/** The booking as every booking answer shows it (docs/spec/customer-side.md §3 Booking, docs/spec/barber-and-admin.md §3). */
export const bookingViewSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  customerId: z.number().int(),
  barberId: z.number().int(),
  serviceId: z.number().int(),
  /** yyyy-MM-dd, New York wall clock. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  durationMinutes: z.number().int(),
  /** Minutes held after the end for the barber's travel (from the availability block). */
  travelBuffer: z.number().int(),
  totalAmount: money,
  barberAmount: money,
  platformFee: money,
  feeCollectionEnabled: z.boolean(),
  /** The cancellation window (hours) the customer booked under; null for a booking from before it was kept. */
  cancellationWindow: z.number().int().nullable(),
  city: z.string(),
  displayCity: z.string().nullable(),
  zipcode: z.string(),
  notes: z.string(),
  status: bookingStatusSchema,
  detailsSaved: z.boolean(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  apartmentUnit: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  stripePaymentId: z.string().nullable(),
  paid: z.boolean(),
  refunded: z.boolean(),
  /** Given back so far (a refund made in Stripe's dashboard may be part of the price): keptAmounts() says what stays. */
  refundedAmount: money,
  barberNotes: z.string().nullable(),
  estimatedTravelTime: z.number().int().nullable(),
  cancellationReason: z.string().nullable(),
  /** When the barber on the way expects to arrive (ISO instant); null unless the booking is en route. */
  etaAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  customer: userContactSchema.extend({ firstName: z.string(), lastName: z.string() }),
  service: z.object({
    id: z.number().int(),
    name: z.string(),
    duration: z.number().int(),
    price: money,
  }),
  barber: z.object({
    id: z.number().int(),
    yearsOfExperience: z.number().int(),
    bio: z.string(),
    user: userContactSchema,
  }),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const bookingAnswerSchema = z.object({ booking: bookingViewSchema });
export const bookingListAnswerSchema = z.object({ bookings: z.array(bookingViewSchema) });
export type BookingAnswer = z.infer<typeof bookingAnswerSchema>;
export type BookingListAnswer = z.infer<typeof bookingListAnswerSchema>;

export const barberBookingsAnswerSchema = z.object({
  bookings: z.array(bookingViewSchema),
  /** The date asked for, or null for the upcoming list. */
  requestedDate: z.string().nullable(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type BarberBookingsAnswer = z.infer<typeof barberBookingsAnswerSchema>;

/** A past booking also carries `serviceName` and `price` (the booking's total) at the top level. */
export const pastBookingSchema = bookingViewSchema.extend({ serviceName: z.string(), price: money });
export const pastBookingsAnswerSchema = z.object({ bookings: z.array(pastBookingSchema), hasMore: z.boolean() });
export type PastBooking = z.infer<typeof pastBookingSchema>;
export type PastBookingsAnswer = z.infer<typeof pastBookingsAnswerSchema>;

/* GET /api/barber/earnings answers earningsReportAnswerSchema (./earnings.ts). */

export const adminBookingsAnswerSchema = z.object({ bookings: z.array(bookingViewSchema), total: z.number().int() });
export type AdminBookingsAnswer = z.infer<typeof adminBookingsAnswerSchema>;

/** totalRevenue: dollars of completed bookings (a number). */
export const adminStatsAnswerSchema = z.object({
  stats: z.object({
    totalBarbers: z.number().int(),
    totalCustomers: z.number().int(),
    totalBookings: z.number().int(),
    totalRevenue: z.number(),
  }),
});
export type AdminStatsAnswer = z.infer<typeof adminStatsAnswerSchema>;
