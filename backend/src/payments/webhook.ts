import { AppError, stripeEventJobSchema } from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Stripe } from './stripe';
import { receiveStripeEvent } from './stripeInbox';

const receivedSchema = z.object({ received: z.literal(true) });

/**
 * POST /api/stripe/webhook. Registered as an encapsulated plugin: the raw-body JSON parser below
 * applies to this route only. The signature is checked on the exact bytes Stripe sent; a verified
 * event is kept in the Stripe inbox (Postgres) and queued with its id as job id (a redelivery is a no-op
 * in both), then answered at once; the work happens in the worker, and the sweeper queues again what
 * Redis lost. A failure before the inbox row answers 500: Stripe delivers again.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: verified by the Stripe-Signature header on the raw body, then queued for the worker',
        response: { 200: receivedSchema },
      },
    },
    async (request) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new AppError('VALIDATION_FAILED', 'Stripe webhooks are not configured on this server.');
      const signature = request.headers['stripe-signature'];
      if (!signature || !Buffer.isBuffer(request.body))
        throw new AppError('VALIDATION_FAILED', 'Missing Stripe signature.');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw new AppError('VALIDATION_FAILED', 'Invalid Stripe signature.');
      }
      // Signed is not well formed: an event without an id or a type could be neither kept nor queued.
      if (!stripeEventJobSchema.safeParse(event).success)
        throw new AppError('VALIDATION_FAILED', 'Malformed Stripe event.');
      await receiveStripeEvent(deps, event);
      request.log.info({ stripeEvent: event.id, type: event.type }, 'stripe event queued');
      return { received: true as const };
    },
  );
};

export default stripeWebhookRoutes;
