import { useQuery } from '@tanstack/react-query';
import type { LiveStatusAnswer } from '@barber/shared';

export const LIVE_STATUS_KEY = ['/api/admin/live-status'] as const;

/**
 * How late live updates and notifications are (GET /api/admin/live-status). The one query that polls,
 * against the no-polling default: it reports that pushes are stuck, so it cannot wait for a push.
 */
export function useLiveDelay() {
  return useQuery<LiveStatusAnswer>({ queryKey: LIVE_STATUS_KEY, refetchInterval: 15_000, staleTime: 0 });
}
