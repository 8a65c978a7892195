import { z } from 'zod';

/** How late one follower of the event log is (a live tail of an API instance, or the notifier). */
export const tailLagSchema = z.object({
  /** Milliseconds since it last had read every committed event (about one poll when healthy). */
  lagMs: z.number().int().nonnegative(),
  /** Late enough that people would notice: screens, emails or reminders are behind. */
  delayed: z.boolean(),
  /** Committed events it has not handled yet (counted up to 10 000). */
  behindEvents: z.number().int().nonnegative(),
});
export type TailLag = z.infer<typeof tailLagSchema>;

/** GET /api/admin/live-status: is anything holding back live updates or notifications? */
export const liveStatusAnswerSchema = z.object({
  /** This API instance's live push tail; null when it runs without realtime. */
  liveUpdates: tailLagSchema
    .extend({
      /** Age of the open database transaction holding events back, when one does. */
      oldestBlockingXactAgeMs: z.number().int().nonnegative().nullable(),
      consecutiveFailures: z.number().int().nonnegative(),
    })
    .nullable(),
  /** The worker's booking-notification subscriber (emails, reminders), from its saved cursor; null before it first ran. */
  notifications: tailLagSchema.nullable(),
});
export type LiveStatusAnswer = z.infer<typeof liveStatusAnswerSchema>;
