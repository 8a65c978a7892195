import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberProfile, BarberProfileInput, ProfileInput, User } from '@barber/shared';
import { api, isApiError } from '../../../lib/api';
import { scopedPath } from './scope';

const KEY = '/api/barber/profile';

export interface BarberProfileAnswer {
  barber: BarberProfile;
  user: User;
}

/** GET /api/barber/profile; null when the barber has no profile yet (404). */
export function useBarberProfile(params: { barberId?: number }, enabled = true) {
  return useQuery<BarberProfileAnswer | null>({
    queryKey: [KEY, params],
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<BarberProfileAnswer>(KEY, params, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useProfileMutations(params: { barberId?: number }) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: [KEY] });
  /** POST /api/barbers without a profile, else PUT /api/barbers/{id}. */
  const saveBarber = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BarberProfileInput }) =>
      id === null
        ? api.post<{ barber: BarberProfile }>('/api/barbers', body)
        : api.put<{ barber: BarberProfile }>(`/api/barbers/${id}`, body),
    onSuccess: refetch,
  });
  /** PUT /api/users/{id} */
  const saveUser = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProfileInput }) => api.put<User>(`/api/users/${id}`, body),
    onSuccess: refetch,
  });
  /** PUT /api/barber/profile {blacklistedZipcodes} */
  const saveBlacklist = useMutation({
    mutationFn: (blacklistedZipcodes: string[]) =>
      api.put<{ barber: BarberProfile }>(scopedPath(KEY, params), { blacklistedZipcodes }),
    onSuccess: refetch,
  });
  return { saveBarber, saveUser, saveBlacklist };
}
