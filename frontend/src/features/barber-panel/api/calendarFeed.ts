import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';

export const CALENDAR_FEED_KEY = '/api/barber/calendar-feed';
const KEY = CALENDAR_FEED_KEY;

/** GET /api/barber/calendar-feed: the signed-in barber's private feed address. */
export function useCalendarFeed(enabled = true) {
  return useQuery({ queryKey: [KEY], queryFn: answerQuery('calendarFeedAnswerSchema'), enabled });
}

/** POST /api/barber/calendar-feed/regenerate: a new address; the old one stops working. */
export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${KEY}/regenerate`, undefined, { answer: 'calendarFeedAnswerSchema' }),
    onSuccess: (answer) => queryClient.setQueryData([KEY], answer),
  });
}
