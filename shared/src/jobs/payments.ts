import { z } from 'zod';
import { noticeCategorySchema } from './notices';

/** Job names per queue (queue names in backend/src/jobs/queues.ts). */
export const STRIPE_EVENT_JOB = 'stripe-event';
export const REFUND_JOB = 'refund';
export const CANCEL_INTENT_JOB = 'cancel-payment-intent';
export const CHECK_REFUND_JOB = 'check-refund';
export const REMINDER_JOB = 'reminder';
export const EMAIL_JOB = 'email';
export const IN_APP_JOB = 'in-app';

/**
 * Job 'stripe-event' on 'stripe-events': a webhook event whose signature the backend verified,
 * queued with the Stripe event id as job id. Only the fields the worker reads are checked.
 */
export const stripeEventJobSchema = z
  .object({
    id: z.string().min(1),
    type: z.string().min(1),
    created: z.number().optional(),
    data: z.object({ object: z.record(z.unknown()) }).passthrough(),
  })
  .passthrough();
export type StripeEventJob = z.infer<typeof stripeEventJobSchema>;

/** Job 'refund' on 'refunds' (job id `refund-{bookingId}`): refund a cancelled paid booking in full. */
export const refundJobSchema = z.object({ bookingId: z.string().uuid() });
export type RefundJob = z.infer<typeof refundJobSchema>;

/**
 * Job 'cancel-payment-intent' on 'refunds' (job id `cancel-intent-{bookingId}`): cancel at Stripe the PaymentIntent of
 * a booking that ended unpaid (cancelled or expired), so that a checkout left open cannot charge the card any more.
 */
export const cancelIntentJobSchema = z.object({ bookingId: z.string().uuid() });
export type CancelIntentJob = z.infer<typeof cancelIntentJobSchema>;

/**
 * Job 'check-refund' on 'refunds' (job id `check-refund-{refundId}-{day}`: at most one a day): asks Stripe where a
 * refund not settled when recorded (pending, or a retry of a failed one) stands, for one whose update never reached us.
 */
export const checkRefundJobSchema = z.object({
  bookingId: z.string().uuid(),
  refundId: z.string().min(1),
  /** yyyy-MM-dd (New York) of the sweep that asked: the day the check counts for (absent in jobs queued before it). */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type CheckRefundJob = z.infer<typeof checkRefundJobSchema>;

/** Job 'reminder' on 'reminders' (job id `reminder-{bookingId}`), delayed to 24 h before the appointment. */
export const reminderJobSchema = z.object({ bookingId: z.string().uuid(), startsAt: z.string() });
export type ReminderJob = z.infer<typeof reminderJobSchema>;

export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
export const reminderJobId = (bookingId: string) => `reminder-${bookingId}`;
export const refundJobId = (bookingId: string) => `refund-${bookingId}`;
export const cancelIntentJobId = (bookingId: string) => `cancel-intent-${bookingId}`;
/** `day`: yyyy-MM-dd of the sweep that asks, so that a refund is asked about once a day. */
export const checkRefundJobId = (refundId: string, day: string) => `check-refund-${refundId}-${day}`;

/** Job 'email' on 'notifications': one message; the source key makes a redelivered job a no-op. */
export const emailJobSchema = z.object({
  userId: z.number().int().positive().nullable().default(null),
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string(),
  sourceKey: z.string().min(1),
  category: noticeCategorySchema.optional(),
});
export type EmailJob = z.input<typeof emailJobSchema>;
