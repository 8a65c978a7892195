import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityCreateInput, CountyKey } from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import { scopedPath } from '../../../lib/scopedPath';

const KEY = '/api/barber/availability';

export function useAvailability(params: { barberId?: number }, enabled = true) {
  return useQuery({ queryKey: [KEY, params], queryFn: answerQuery('availabilityBlocksAnswerSchema'), enabled });
}

export interface BlockUpdate {
  id: number;
  dayOfWeek?: number;
  startTime?: string;
  endTime?: string;
  serviceCounties?: string[];
  serviceCities?: string[];
  travelBuffer?: number;
  isActive?: boolean;
}

export function useAvailabilityMutations(params: { barberId?: number }) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: [KEY] });
  const create = useMutation({
    mutationFn: (body: AvailabilityCreateInput) =>
      api.post(scopedPath('/api/availability', params), body, { answer: 'availabilityBlocksAnswerSchema' }),
    onSuccess: refetch,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: BlockUpdate) =>
      api.put(`/api/availability/${id}`, body, { answer: 'availabilityBlockAnswerSchema' }),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/api/availability/${id}`),
    onSuccess: refetch,
  });
  return { create, update, remove };
}

/** GET /api/counties/{county}/zipcodes */
export function useCountyZipcodes(county: CountyKey) {
  return useQuery({
    queryKey: [`/api/counties/${county}/zipcodes`],
    queryFn: answerQuery('countyZipcodesAnswerSchema'),
  });
}

/** GET /api/validate-zipcode/{zip} */
export function validateZipcode(zip: string) {
  return api.get(`/api/validate-zipcode/${encodeURIComponent(zip)}`, undefined, {
    answer: 'validateZipcodeAnswerSchema',
  });
}
