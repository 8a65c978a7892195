import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import { scopedPath } from '../../../lib/scopedPath';

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
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => api.put('/api/auth/change-password', body),
  });
}
