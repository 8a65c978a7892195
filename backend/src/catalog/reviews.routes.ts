import {
  AppError,
  bookingIdParamsSchema,
  bookingStatusLabel,
  idParamsSchema,
  myReviewsAnswerSchema,
  reviewInputSchema,
  reviewResponseInputSchema,
  reviewSchema,
} from '@barber/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../db/connect';
import { isUniqueViolation } from '../eventstore/store';
import { findReview, reviewsByCustomer } from './queries';

const tags = ['reviews'];
const reviewAnswer = z.object({ review: reviewSchema });

/**
 * rating and reviewCount follow from the reviews (docs/design.md §9); the caller holds the barber row lock. The
 * rating is kept to the one decimal screens show, from the exact average: one rounded to two first (3.846 to
 * 3.85) would show 3.9.
 */
async function recomputeRating(tx: Tx, barberId: number): Promise<void> {
  await tx`
    UPDATE barbers SET rating = coalesce((SELECT round(avg(rating), 1) FROM reviews WHERE barber_id = ${barberId}), 0),
                       review_count = (SELECT count(*) FROM reviews WHERE barber_id = ${barberId}),
                       updated_at = now()
     WHERE id = ${barberId}`;
}

/** Leave Review (docs/design.md §9): the customer of a completed booking reviews it once; the barber answers once. */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.deps;

  app.post(
    '/api/bookings/:id/review',
    {
      preValidation: app.requireUser,
      schema: { tags, params: bookingIdParamsSchema, body: reviewInputSchema, response: { 201: reviewAnswer } },
    },
    async (request, reply) => {
      const user = request.user!;
      const [booking] = await sql<{ customerId: number; barberId: number; status: string }[]>`
        SELECT customer_id AS "customerId", barber_id AS "barberId", status FROM bookings WHERE id = ${request.params.id}`;
      if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
      if (booking.customerId !== user.id)
        throw new AppError('FORBIDDEN', 'Only the customer of this booking can review it.');
      if (booking.status !== 'completed')
        throw new AppError(
          'CONFLICT',
          `Only a completed booking can be reviewed (this one is ${bookingStatusLabel(booking.status)}).`,
        );
      const reviewId = await sql
        .begin(async (tx) => {
          // one writer per barber at a time, so the recomputed rating sees every committed review
          await tx`SELECT id FROM barbers WHERE id = ${booking.barberId} FOR UPDATE`;
          const [row] = await tx<{ id: number }[]>`
            INSERT INTO reviews (barber_id, customer_id, booking_id, rating, comment)
            VALUES (${booking.barberId}, ${user.id}, ${request.params.id}, ${request.body.rating}, ${request.body.comment})
            RETURNING id`;
          await recomputeRating(tx, booking.barberId);
          return row!.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'You have already reviewed this booking.');
          throw error;
        });
      return reply.status(201).send({ review: (await findReview(sql, reviewId))! });
    },
  );

  app.get(
    '/api/my-reviews',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          'The bookings the signed-in customer reviewed, with their stars (Leave Review is offered on the others)',
        response: { 200: myReviewsAnswerSchema },
      },
    },
    async (request) => ({ reviews: await reviewsByCustomer(sql, request.user!.id) }),
  );

  app.put(
    '/api/reviews/:id/response',
    {
      preValidation: app.requireRole('barber'),
      schema: { tags, params: idParamsSchema, body: reviewResponseInputSchema, response: { 200: reviewAnswer } },
    },
    async (request) => {
      const review = await findReview(sql, request.params.id);
      if (!review) throw new AppError('NOT_FOUND', 'Review not found');
      if (review.barberId !== request.user!.barberId)
        throw new AppError('FORBIDDEN', 'Only the reviewed barber can answer this review.');
      const updated = await sql`UPDATE reviews SET barber_response = ${request.body.barberResponse}
                                 WHERE id = ${review.id} AND barber_response IS NULL RETURNING id`;
      if (updated.length === 0) throw new AppError('CONFLICT', 'You have already answered this review.');
      return { review: (await findReview(sql, review.id))! };
    },
  );
};

export default reviewRoutes;
