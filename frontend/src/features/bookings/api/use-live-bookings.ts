import { useCallback, useEffect } from 'react';
import { subscribeToEvents, subscribeToResync } from '../../../lib/socket';
import { useMyBookingsStore } from '../stores/bookings';
import { fetchMyBookings } from './bookings';

/**
 * Loads the user's bookings into the store and keeps them live: every pushed booking event
 * is applied (upsert by id), and a resync from the socket reloads the list over HTTP.
 * Returns a reload function.
 */
export function useLiveMyBookings(userId: number | null): () => Promise<void> {
  const reload = useCallback(async () => {
    if (userId === null) return;
    const store = useMyBookingsStore.getState();
    store.setLoading(userId);
    try {
      const bookings = await fetchMyBookings();
      useMyBookingsStore.getState().setLoaded(userId, bookings);
    } catch (error) {
      console.error('Loading bookings failed', error);
      useMyBookingsStore.getState().setError();
      throw error;
    }
  }, [userId]);

  useEffect(() => {
    if (userId === null) return;
    const offEvents = subscribeToEvents((msg) => useMyBookingsStore.getState().applyPush(msg));
    const offResync = subscribeToResync(() => void reload().catch(() => undefined));
    return () => {
      offEvents();
      offResync();
    };
  }, [userId, reload]);

  return reload;
}
