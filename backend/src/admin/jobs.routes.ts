import { adminJobsAnswerSchema, type FailedJob } from '@barber/shared';
import type { Job } from 'bullmq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUEUE_NAMES } from '../jobs/queues';

const FAILED_SHOWN = 50;
const COUNTED_STATES = [
  'waiting',
  'active',
  'delayed',
  'failed',
  'completed',
  'prioritized',
  'waiting-children',
] as const;

const failedJob = (job: Job): FailedJob => ({
  id: job.id ?? null,
  name: job.name,
  failedReason: job.failedReason ?? null,
  attemptsMade: job.attemptsMade,
  timestamp: job.timestamp,
  finishedOn: job.finishedOn ?? null,
});

/** GET /api/admin/jobs: the worker's queues for administrators, with the failed jobs kept (docs/design.md §7). */
const adminJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { queues } = app.deps;

  app.get(
    '/api/admin/jobs',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Job counts per queue and the newest failed jobs (name, id, reason, attempts, time)',
        response: { 200: adminJobsAnswerSchema },
      },
    },
    async () => ({
      queues: await Promise.all(
        QUEUE_NAMES.map(async (name) => {
          const queue = queues[name];
          const [counts, failed] = await Promise.all([
            queue.getJobCounts(...COUNTED_STATES),
            queue.getFailed(0, FAILED_SHOWN - 1),
          ]);
          return { name, counts, failed: failed.filter(Boolean).map(failedJob) };
        }),
      ),
    }),
  );
};

export default adminJobRoutes;
