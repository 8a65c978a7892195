import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SLOT_FREEING_EVENTS, WAITLIST_JOINED, WAITLIST_LEFT, type PushMessage } from '@barber/shared';
import { answerQuery } from './queryClient';
import { subscribeToEvents, subscribeToResync } from './socket';

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
const changesWaitlistCounts = (msg: PushMessage) => CHANGES_COUNTS.has(msg.type);

/**
 * GET /api/barber/waitlist/counts: how many customers wait for each day of [from, to] (the appointments
 * calendar). Read when the calendar shows, and again on every live change that can move a count; a count
 * is only a hint, so a failure shows none.
 */
export function useWaitlistCounts(params: {
  from: string;
  to: string;
  barberId?: number;
  enabled?: boolean;
}): ReadonlyMap<string, number> {
  const enabled = params.enabled ?? true;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [COUNTS_PATH, { from: params.from, to: params.to, barberId: params.barberId }],
    queryFn: answerQuery('waitlistCountsAnswerSchema'),
    enabled,
    staleTime: 0,
  });
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [COUNTS_PATH] });
    const offEvents = subscribeToEvents((msg) => {
      if (changesWaitlistCounts(msg)) refresh();
    });
    const offResync = subscribeToResync(refresh);
    return () => {
      offEvents();
      offResync();
    };
  }, [queryClient, enabled]);
  if (!query.data) return EMPTY;
  return new Map(query.data.counts.map((c) => [c.date, c.count]));
}
