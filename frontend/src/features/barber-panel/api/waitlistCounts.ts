import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SLOT_FREEING_EVENTS, WAITLIST_JOINED, WAITLIST_LEFT } from '@barber/shared';
import { answerQuery } from '../../../lib/queryClient';
import { subscribeToResync } from '../../../lib/socket';
import { useRefreshOnPanelEvents } from './refreshOnPanelEvents';

const EMPTY: ReadonlyMap<string, number> = new Map();
const COUNTS_PATH = '/api/barber/waitlist/counts';

/**
 * The pushes that can change a count: a customer joined or left, or a booking was made (it ends its
 * customer's wait for that day) or freed (a cancellation gives the wait back).
 */
const CHANGES_COUNTS: ReadonlySet<string> = new Set([
  WAITLIST_JOINED,
  WAITLIST_LEFT,
  'created',
  ...SLOT_FREEING_EVENTS,
]);

/**
 * GET /api/barber/waitlist/counts: how many customers wait for each day of [from, to] (the appointments
 * calendar). Read when the calendar shows, and again on a live change that can move a count of this barber's: a
 * booking of another barber moves none (an administrator is pushed every booking of the platform), and a burst of
 * changes reads them once at once and once more a second later, not once each. A push without its booking (a
 * waitlist's event, or a booking whose read model the server could not read) does not say whose it is: it reads
 * them again too. A count is only a hint, so a failure shows none.
 */
export function useWaitlistCounts(params: {
  from: string;
  to: string;
  barberId?: number;
  enabled?: boolean;
}): ReadonlyMap<string, number> {
  const enabled = params.enabled ?? true;
  const { barberId } = params;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [COUNTS_PATH, { from: params.from, to: params.to, barberId }],
    queryFn: answerQuery('waitlistCountsAnswerSchema'),
    enabled,
    staleTime: 0,
  });
  // at most once a second, and only for this barber's bookings (an administrator is pushed every booking)
  useRefreshOnPanelEvents(COUNTS_PATH, CHANGES_COUNTS, barberId);
  useEffect(() => {
    if (!enabled) return;
    return subscribeToResync(() => void queryClient.invalidateQueries({ queryKey: [COUNTS_PATH] }));
  }, [queryClient, enabled]);
  if (!query.data) return EMPTY;
  return new Map(query.data.counts.map((c) => [c.date, c.count]));
}
