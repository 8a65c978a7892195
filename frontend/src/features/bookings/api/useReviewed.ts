import { useQuery } from '@tanstack/react-query';
import type { BookingView } from '@barber/shared';
import { answerQuery } from '../../../lib/queryClient';

/** Read once a minute at most: a review is added on this screen, where useReviewedNow records it at once. */
const MY_REVIEWS_STALE_MS = 60_000;

/**
 * The stars of the user's completed bookings that already have a review, by booking id (GET /api/my-reviews),
 * asked only once the user has a completed booking; null until it answered (Leave Review is not offered on a
 * booking that may have been reviewed already).
 */
export function useReviewedBookingIds(bookings: BookingView[]): Map<string, number> | null {
  const anyCompleted = bookings.some((b) => b.status === 'completed');
  const { data } = useQuery({
    queryKey: ['/api/my-reviews'],
    queryFn: answerQuery('myReviewsAnswerSchema'),
    staleTime: MY_REVIEWS_STALE_MS,
    enabled: anyCompleted,
  });
  return data ? new Map(data.reviews.map((r) => [r.bookingId, r.rating])) : null;
}
