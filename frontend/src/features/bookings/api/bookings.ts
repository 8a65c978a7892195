import { type BookingView, type ConfirmReturnAnswer, type Review, CUSTOMER_CANCELLATION_REASON } from '@barber/shared';
import { api } from '../../../lib/api';

/** GET /api/my-bookings */
export async function fetchMyBookings(): Promise<BookingView[]> {
  const answer = await api.get('/api/my-bookings', undefined, { answer: 'bookingListAnswerSchema' });
  return answer.bookings;
}

/**
 * PUT /api/bookings/{id}/status {status: 'cancelled', reason: 'Cancelled by customer'}, of the version shown: one
 * changed meanwhile (moved, paid) is refused, not cancelled unseen.
 */
export async function cancelBooking(booking: Pick<BookingView, 'id' | 'version'>): Promise<BookingView> {
  const answer = await api.put(
    `/api/bookings/${encodeURIComponent(booking.id)}/status`,
    { status: 'cancelled', reason: CUSTOMER_CANCELLATION_REASON, expectedVersion: booking.version },
    { answer: 'bookingAnswerSchema' },
  );
  return answer.booking;
}

/** POST /api/bookings/{id}/review {rating, comment} (backend/src/catalog/reviews.routes.ts). */
export async function submitReview(id: string, input: { rating: number; comment: string }): Promise<Review> {
  const answer = await api.post(`/api/bookings/${encodeURIComponent(id)}/review`, input, {
    answer: 'reviewAnswerSchema',
  });
  return answer.review;
}

/** POST /api/payments/confirm-return {paymentIntentId, redirectStatus} (backend/src/payments/routes.ts). */
export async function confirmPaymentReturn(
  paymentIntentId: string,
  redirectStatus: string | null,
): Promise<ConfirmReturnAnswer> {
  return api.post(
    '/api/payments/confirm-return',
    { paymentIntentId, redirectStatus: redirectStatus ?? undefined },
    { answer: 'confirmReturnAnswerSchema' },
  );
}
