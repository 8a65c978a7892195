import { useQuery } from '@tanstack/react-query';
import { answerQuery } from './queryClient';

const EMPTY: ReadonlyMap<string, number> = new Map();

/**
 * GET /api/barber/waitlist/counts: how many customers wait for each day of [from, to] (the appointments
 * calendar). Read when the calendar shows; a count is only a hint, so a failure shows none.
 */
export function useWaitlistCounts(params: {
  from: string;
  to: string;
  barberId?: number;
  enabled?: boolean;
}): ReadonlyMap<string, number> {
  const query = useQuery({
    queryKey: ['/api/barber/waitlist/counts', { from: params.from, to: params.to, barberId: params.barberId }],
    queryFn: answerQuery('waitlistCountsAnswerSchema'),
    enabled: params.enabled ?? true,
    staleTime: 0,
  });
  if (!query.data) return EMPTY;
  return new Map(query.data.counts.map((c) => [c.date, c.count]));
}
