import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ServiceInput } from '@barber/shared';
import { api } from './api';
import { scopedPath } from './scopedPath';

export const BARBER_SERVICES_KEY = '/api/barber/services';

/** The lists that show a barber's services: the panel's list and the public profile (GET /api/barbers/{id}). */
function showsServices(key: QueryKey): boolean {
  const [first] = key;
  return first === BARBER_SERVICES_KEY || (typeof first === 'string' && first.startsWith('/api/barbers/'));
}

/**
 * Create, update and delete a service; each refetches the lists that show it. `barberId`: the barber an
 * administrator acts for (the panel's scope); a barber's own services need none.
 */
export function useServiceMutations(params: { barberId?: number } = {}) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ predicate: (q) => showsServices(q.queryKey) });
  const create = useMutation({
    mutationFn: (body: ServiceInput) =>
      api.post(scopedPath('/api/services', params), body, { answer: 'serviceAnswerSchema' }),
    onSuccess: refetch,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: Partial<ServiceInput> & { id: number }) =>
      api.put(`/api/services/${id}`, body, { answer: 'serviceAnswerSchema' }),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/services/${id}`),
    onSuccess: refetch,
  });
  return { create, update, remove };
}
