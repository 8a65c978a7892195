import { useQueries } from '@tanstack/react-query';
import type { BookingView } from '@barber/shared';
import { answerQuery } from '../../../lib/queryClient';

/**
 * The stars of the user's completed bookings that already have a review, by booking id, read from the
 * reviews of their barbers (GET /api/barbers/{id} lists reviews with their bookingId).
 */
export function useReviewedBookingIds(bookings: BookingView[]): Map<string, number> {
  const barberIds = [...new Set(bookings.filter((b) => b.status === 'completed').map((b) => b.barberId))];
  const results = useQueries({
    queries: barberIds.map((id) => ({
      queryKey: [`/api/barbers/${id}`],
      queryFn: answerQuery('barberDetailsAnswerSchema'),
      staleTime: 60_000,
    })),
  });
  const ids = new Map<string, number>();
  for (const r of results) {
    const reviews = r.data?.reviews ?? [];
    for (const review of reviews) if (review.bookingId) ids.set(review.bookingId, review.rating);
  }
  return ids;
}
