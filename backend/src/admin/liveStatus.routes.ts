import { liveStatusAnswerSchema, type TailLag } from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionLag } from '../eventstore/subscriptionLag';
import { BOOKING_NOTIFIER } from '../notifications/subscriber';
import { WAITLIST_SUBSCRIPTION } from '../waitlist/subscriber';

/** The notifier polls and queues jobs in batches: a few seconds behind is normal, not yet worth a notice. */
const NOTIFICATIONS_DELAY_WARNING_MS = 15_000;

/** GET /api/admin/live-status: the admin dashboard says "live updates delayed" from this. */
const liveStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/live-status',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: "How late this instance's live updates and the worker's notifications are behind the event log",
        response: { 200: liveStatusAnswerSchema },
      },
    },
    async () => {
      return {
        liveUpdates: app.hasDecorator('liveTail') ? app.liveTail.status() : null,
        // the worker's two log subscribers that send notices (bookings, the waitlist): the later one counts
        notifications: latest(
          await subscriptionLag(app.deps.sql, BOOKING_NOTIFIER, NOTIFICATIONS_DELAY_WARNING_MS),
          await subscriptionLag(app.deps.sql, WAITLIST_SUBSCRIPTION, NOTIFICATIONS_DELAY_WARNING_MS),
        ),
      };
    },
  );
};

function latest(a: TailLag | null, b: TailLag | null): TailLag | null {
  if (!a || !b) return a ?? b;
  return b.lagMs > a.lagMs ? b : a;
}

export default liveStatusRoutes;
