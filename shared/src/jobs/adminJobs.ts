import { z } from 'zod';

/** GET /api/admin/jobs: per queue, the job counts and the failed jobs kept for inspection. */
export const failedJobSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  failedReason: z.string().nullable(),
  attemptsMade: z.number().int(),
  timestamp: z.number(),
  finishedOn: z.number().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const queueReportSchema = z.object({
  name: z.string(),
  counts: z.record(z.number().int()),
  failed: z.array(failedJobSchema),
});

export const adminJobsAnswerSchema = z.object({ queues: z.array(queueReportSchema) });
export type AdminJobsAnswer = z.infer<typeof adminJobsAnswerSchema>;
