import { z } from 'zod';

/** Job 'password-reset' on the notifications queue: email the one-time reset link (docs/design.md §9). */
export const PASSWORD_RESET_JOB = 'password-reset';
export const passwordResetJobSchema = z.object({
  userId: z.number().int().positive(),
  email: z.string().email(),
  /**
   * The one-time reset link, sealed under a key derived from SESSION_SECRET (backend/src/platform/resetLink.ts):
   * the job in Redis and its outbox row in Postgres hold no usable link, only the worker's email does.
   */
  sealedResetUrl: z.string().min(1),
});
export type PasswordResetJob = z.infer<typeof passwordResetJobSchema>;

/** How long a reset link stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
