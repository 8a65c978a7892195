import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { coalesce } from '../../../lib/coalesce';
import { subscribeToEvents } from '../../../lib/socket';
import { isPanelBooking } from '../stores/useLiveAppointments';

/**
 * Reads the queries under `queryKey` again when a pushed event of one of `events` concerns a booking of the panel's
 * barber (`barberId`, an administrator's choice; none: the signed-in barber), by anyone: a burst of events reads
 * them once at once and once more after `everyMs`, not once each. A push without its booking, whose barber cannot
 * be told, reads them again too (it is cheap).
 */
export function useRefreshOnPanelEvents(
  queryKey: string,
  events: ReadonlySet<string>,
  barberId: number | null | undefined,
  everyMs = 1_000,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = coalesce(() => void queryClient.invalidateQueries({ queryKey: [queryKey] }), everyMs);
    const stop = subscribeToEvents((msg) => {
      if (!events.has(msg.type)) return;
      if (msg.booking && !isPanelBooking(msg.booking, barberId)) return;
      refresh();
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [queryClient, queryKey, events, barberId, everyMs]);
}
