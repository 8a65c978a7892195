import { z } from 'zod';
import { noticeCategorySchema } from './notices';

/** Payloads of the jobs the backend enqueues and the worker runs (queue names in backend/src/jobs/queues.ts). */
export const inAppNotificationJobSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.string().min(1),
  title: z.string().min(1),
  body: z.string().default(''),
  bookingId: z.string().uuid().nullable().default(null),
  sourceKey: z.string().min(1),
  category: noticeCategorySchema.optional(),
});
export type InAppNotificationJob = z.input<typeof inAppNotificationJobSchema>;

export * from './payments';
export * from './notifications';
export * from './adminJobs';
export * from './notices';
