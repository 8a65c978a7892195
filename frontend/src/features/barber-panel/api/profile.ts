import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarberAccountAnswer, BarberProfileInput, ProfileInput } from '@barber/shared';
import { api, isApiError } from '../../../lib/api';
import { scopedPath } from '../../../lib/scopedPath';

const KEY = '/api/barber/profile';

export type BarberProfileAnswer = BarberAccountAnswer;

/** GET /api/barber/profile; null when the barber has no profile yet (404). */
export function useBarberProfile(params: { barberId?: number }, enabled = true) {
  return useQuery<BarberProfileAnswer | null>({
    queryKey: [KEY, params],
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api.get(KEY, params, { signal, answer: 'barberAccountAnswerSchema' });
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
        ? api.post('/api/barbers', body, { answer: 'barberProfileAnswerSchema' })
        : api.put(`/api/barbers/${id}`, body, { answer: 'barberProfileAnswerSchema' }),
    onSuccess: refetch,
  });
  /** PUT /api/users/{id} */
  const saveUser = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProfileInput }) =>
      api.put(`/api/users/${id}`, body, { answer: 'userSchema' }),
    onSuccess: refetch,
  });
  /** PUT /api/barber/profile {blacklistedZipcodes} */
  const saveBlacklist = useMutation({
    mutationFn: (blacklistedZipcodes: string[]) =>
      api.put(scopedPath(KEY, params), { blacklistedZipcodes }, { answer: 'barberProfileAnswerSchema' }),
    onSuccess: refetch,
  });
  return { saveBarber, saveUser, saveBlacklist };
}
