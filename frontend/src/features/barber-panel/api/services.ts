import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceInput } from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import { scopedPath } from './scope';

const KEY = '/api/barber/services';

export function useBarberServices(params: { barberId?: number }, enabled = true) {
  return useQuery({ queryKey: [KEY, params], queryFn: answerQuery('servicesAnswerSchema'), enabled });
}

export function useServiceMutations(params: { barberId?: number }) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: [KEY] });
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
