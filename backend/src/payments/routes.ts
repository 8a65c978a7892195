import {
  confirmReturnAnswerSchema,
  confirmReturnSchema,
  createPaymentIntentSchema,
  paymentIntentAnswerSchema,
  stripeConfigAnswerSchema,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmPaymentReturn } from './confirmReturn';
import { createPaymentIntent } from './intents';
import stripeWebhookRoutes from './webhook';

/** Stripe checkout (docs/spec/customer-side.md §6-§7): publishable key, payment intent, the redirect return and the webhook. */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['payments'];

  app.get('/api/stripe/config', { schema: { tags, response: { 200: stripeConfigAnswerSchema } } }, async () => ({
    publishableKey: deps.config.STRIPE_PUBLISHABLE_KEY ?? null,
  }));

  app.post(
    '/api/create-payment-intent',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: "Creates (or reuses) the booking's PaymentIntent for its total; the booking's customer only",
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentAnswerSchema },
      },
    },
    async (request) => createPaymentIntent(deps, request.user!, request.body.bookingId),
  );

  app.post(
    '/api/payments/confirm-return',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          'Return from the payment redirect (the payment_intent and redirect_status query parameters of /bookings)',
        description:
          "Reads the PaymentIntent from Stripe; when it succeeded and the caller's booking is still pending, records the payment " +
          '(idempotently, as the webhook does). Answers confirmed, pending, failed or no_pending_booking with the booking id.',
        body: confirmReturnSchema,
        response: { 200: confirmReturnAnswerSchema },
      },
    },
    async (request) => confirmPaymentReturn(deps, request.user!, request.body.paymentIntentId),
  );

  await app.register(stripeWebhookRoutes);
};

export default paymentRoutes;
