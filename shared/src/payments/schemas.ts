import { z } from 'zod';

/** Checkout's refusal while the contact details are not saved (docs/spec/customer-side.md §9). */
export const MISSING_INFORMATION_MESSAGE =
  'Missing Information: Please provide your phone number and address before completing payment.';

/** Payment texts of docs/spec/customer-side.md's error table, shown by the checkout and answered by the API. */
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';
export const PAID_CONFIRMATION_PENDING = 'Payment completed but confirmation pending. Please check your bookings.';

export const PAYMENTS_NOT_AVAILABLE_MESSAGE =
  'Online payment is not available: this booking is confirmed without payment.';

/** GET /api/stripe/config: null when the server has no publishable key. */
export const stripeConfigAnswerSchema = z.object({ publishableKey: z.string().nullable() });
export type StripeConfigAnswer = z.infer<typeof stripeConfigAnswerSchema>;

/** POST /api/create-payment-intent: the amount always comes from the booking on the server. */
export const createPaymentIntentSchema = z.object({ bookingId: z.string().uuid('Booking not found') });
export const paymentIntentAnswerSchema = z.object({ clientSecret: z.string() });
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

/** POST /api/payments/confirm-return: the query parameters Stripe appends to the return URL. */
export const confirmReturnSchema = z.object({
  // a PaymentIntent id as Stripe writes them: anything else names none (and would break the SDK's URL, a 500)
  paymentIntentId: z
    .string()
    .trim()
    .min(1, 'paymentIntentId is required')
    .max(255)
    .regex(/^pi_[A-Za-z0-9_]+$/, 'paymentIntentId is not a PaymentIntent id'),
  redirectStatus: z.string().trim().max(50).optional(),
});
export type ConfirmReturnInput = z.input<typeof confirmReturnSchema>;

/**
 * What the bookings screen shows after the redirect: confirmed ("Payment Processed"), pending (paid,
 * confirmation still on its way), failed ("Your payment could not be processed"), no_pending_booking
 * ("Payment Completed").
 */
export const CONFIRM_RETURN_STATUSES = ['confirmed', 'pending', 'failed', 'no_pending_booking'] as const;
export const confirmReturnAnswerSchema = z.object({
  status: z.enum(CONFIRM_RETURN_STATUSES),
  bookingId: z.string().uuid().nullable(),
});
export type ConfirmReturnAnswer = z.infer<typeof confirmReturnAnswerSchema>;
