import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@barber/shared';
import { api } from '../../../lib/api';
import { scopedPath } from './scope';

const KEY = '/api/barber/services';

export function useBarberServices(params: { barberId?: number }, enabled = true) {
  return useQuery<{ services: Service[] }>({ queryKey: [KEY, params], enabled });
}

export function useServiceMutations(params: { barberId?: number }) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: [KEY] });
  const create = useMutation({
    mutationFn: (body: ServiceInput) => api.post<{ service: Service }>(scopedPath('/api/services', params), body),
    onSuccess: refetch,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: Partial<ServiceInput> & { id: number }) =>
      api.put<{ service: Service }>(`/api/services/${id}`, body),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`/api/services/${id}`),
    onSuccess: refetch,
  });
  return { create, update, remove };
}
