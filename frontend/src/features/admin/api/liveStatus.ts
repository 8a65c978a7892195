import { useQuery } from '@tanstack/react-query';
import { answerQuery } from '../../../lib/queryClient';

const LIVE_STATUS_KEY = ['/api/admin/live-status'] as const;

/**
 * How late live updates and notifications are (GET /api/admin/live-status). The one query that polls,
 * against the no-polling default: it reports that pushes are stuck, so it cannot wait for a push.
 */
export function useLiveDelay() {
  return useQuery({
    queryKey: LIVE_STATUS_KEY,
    queryFn: answerQuery('liveStatusAnswerSchema'),
    refetchInterval: 15_000,
    staleTime: 0,
  });
}
