import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedAnswer } from '@barber/shared';
import { api } from '../../../lib/api';

const KEY = '/api/barber/calendar-feed';

/** GET /api/barber/calendar-feed: the signed-in barber's private feed address. */
export function useCalendarFeed(enabled = true) {
  return useQuery<CalendarFeedAnswer>({ queryKey: [KEY], enabled });
}

/** POST /api/barber/calendar-feed/regenerate: a new address; the old one stops working. */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedAnswer>(`${KEY}/regenerate`),
    onSuccess: (answer) => queryClient.setQueryData([KEY], answer),
  });
}
