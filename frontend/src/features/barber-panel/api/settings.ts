import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@barber/shared';
import { api } from '../../../lib/api';
import { scopedPath } from './scope';

const KEY = '/api/barber/notifications';

export function useNotificationPreferences(params: { barberId?: number }, enabled = true) {
  return useQuery<{ preferences: NotificationPreferences }>({ queryKey: [KEY, params], enabled });
}

export function useSaveNotificationPreferences(params: { barberId?: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      api.put<{ preferences: NotificationPreferences }>(scopedPath(KEY, params), preferences),
    onSuccess: (answer) => queryClient.setQueryData([KEY, params], answer),
  });
}

/** PUT /api/auth/change-password */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.put<{ ok: true }>('/api/auth/change-password', body),
  });
}
