import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityBlock, AvailabilityCreateInput, CountyKey } from '@barber/shared';
import { api } from '../../../lib/api';
import { scopedPath } from './scope';

const KEY = '/api/barber/availability';

export function useAvailability(params: { barberId?: number }, enabled = true) {
  return useQuery<{ availability: AvailabilityBlock[] }>({ queryKey: [KEY, params], enabled });
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
      api.post<{ availability: AvailabilityBlock[] }>(scopedPath('/api/availability', params), body),
    onSuccess: refetch,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: BlockUpdate) =>
      api.put<{ block: AvailabilityBlock }>(`/api/availability/${id}`, body),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`/api/availability/${id}`),
    onSuccess: refetch,
  });
  return { create, update, remove };
}

/** GET /api/counties/{county}/zipcodes */
export function useCountyZipcodes(county: CountyKey) {
  return useQuery<{ county: string; zipcodes: string[] }>({ queryKey: [`/api/counties/${county}/zipcodes`] });
}

/** GET /api/validate-zipcode/{zip} */
export function validateZipcode(zip: string) {
  return api.get<{ isValid: boolean; city: string | null; county: string | null }>(
    `/api/validate-zipcode/${encodeURIComponent(zip)}`,
  );
}
