import { useCallback, useEffect, useRef } from 'react';
import type { BookingView } from '@barber/shared';
import { coalesce } from '../../../lib/coalesce';
import { subscribeToEvents, subscribeToResync } from '../../../lib/socket';
import { useLiveQuery } from '../../../stores/liveCollection';
import { applyMyBookingPush, useMyBookings } from '../stores/bookings';
import { fetchMyBookings } from './bookings';

const itemsOf = (bookings: BookingView[]) => bookings;

/** Pushes that carry no booking read the list again at most once a second. */
const BOOKINGLESS_READ_MS = 1_000;

/**
 * Loads the user's bookings (GET /api/my-bookings, again on each visit) into the live collection and
 * keeps them live: every pushed booking event is applied, and a resync from the socket reloads the list, as
 * does a pushed event that came without its booking (the server then leaves it to be read over HTTP).
 * `onLoadError` is called when a load fails (not a quiet reload after a resync). Returns the query and a
 * reload function.
 */
export function useLiveMyBookings(userId: number | null, onLoadError: () => void) {
  const query = useLiveQuery(useMyBookings, {
    queryKey: ['/api/my-bookings', userId],
    fetch: fetchMyBookings,
    items: itemsOf,
    ownerId: userId,
    enabled: userId !== null,
    staleTime: 0,
  });
  const { refetch, errorUpdatedAt } = query;
  const quiet = useRef(false);
  const seenError = useRef(errorUpdatedAt);
  useEffect(() => {
    if (errorUpdatedAt <= seenError.current) return;
    seenError.current = errorUpdatedAt;
    console.error('Loading bookings failed', query.error);
    if (!quiet.current) onLoadError();
  }, [errorUpdatedAt, query.error, onLoadError]);

  const reload = useCallback(() => {
    quiet.current = false;
    void refetch();
  }, [refetch]);

  useEffect(() => {
    if (userId === null) return;
    const reloadQuietly = () => {
      quiet.current = true;
      void refetch();
    };
    const readAgain = coalesce(reloadQuietly, BOOKINGLESS_READ_MS);
    const offEvents = subscribeToEvents((msg) => {
      if (msg.booking) applyMyBookingPush(msg);
      else if (msg.bookingId) readAgain();
    });
    const offResync = subscribeToResync(reloadQuietly);
    return () => {
      offEvents();
      offResync();
      readAgain.cancel();
    };
  }, [userId, refetch]);

  return { query, reload };
}
