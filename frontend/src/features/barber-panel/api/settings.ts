import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import { scopedPath } from '../../../lib/scopedPath';
import { CALENDAR_FEED_KEY } from './calendarFeed';

const KEY = '/api/barber/notifications';

export function useNotificationPreferences(params: { barberId?: number }, enabled = true) {
  return useQuery({ queryKey: [KEY, params], queryFn: answerQuery('notificationPreferencesAnswerSchema'), enabled });
}

export function useSaveNotificationPreferences(params: { barberId?: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      api.put(scopedPath(KEY, params), preferences, { answer: 'notificationPreferencesAnswerSchema' }),
    onSuccess: (answer) => queryClient.setQueryData([KEY, params], answer),
  });
}

/** PUT /api/auth/change-password */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.put('/api/auth/change-password', body),
    // the calendar feed's link ends with the other sessions (docs/design.md): the Calendar tab asks for the new one
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CALENDAR_FEED_KEY] }),
  });
}
