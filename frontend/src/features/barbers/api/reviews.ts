import type { Review } from '@barber/shared';
import { api } from '../../../lib/api';

/** PUT /api/reviews/{id}/response: the reviewed barber answers a review, once (409 when already answered). */
export async function postReviewResponse(reviewId: number, input: { barberResponse: string }): Promise<Review> {
  const answer = await api.put(`/api/reviews/${reviewId}/response`, input, { answer: 'reviewAnswerSchema' });
  return answer.review;
}
