import { z } from 'zod';

/** Payloads of the jobs the backend enqueues and the worker runs (queue names in backend/src/jobs/queues.ts). */
export const inAppNotificationJobSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.string().min(1),
  title: z.string().min(1),
  body: z.string().default(''),
  bookingId: z.string().uuid().nullable().default(null),
  sourceKey: z.string().min(1),
});
export type InAppNotificationJob = z.input<typeof inAppNotificationJobSchema>;

export * from './payments';
export * from './notifications';
export * from './adminJobs';
