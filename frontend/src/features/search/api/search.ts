import { useQuery } from '@tanstack/react-query';
import type { AvailabilityAnswer, BarberSearchResult } from '@barber/shared';
import { searchApiParams, type SearchParams } from '../lib/search-params';

export interface SearchAnswer {
  barbers: BarberSearchResult[];
  message: string;
}

/** GET /api/search/barbers for the submitted search; idle until a search is made. */
export function useBarberSearch(params: SearchParams | null) {
  return useQuery<SearchAnswer>({
    queryKey: ['/api/search/barbers', params ? searchApiParams(params) : null],
    enabled: params !== null,
    staleTime: 30_000,
  });
}

/**
 * GET /api/availability for one service (Quick Book): the slots where that very service
 * fits, so a longer service is not offered at a time it would not fit.
 */
export function useServiceSlots(params: { zipcode: string; date: string; serviceId: number | null }) {
  return useQuery<AvailabilityAnswer>({
    queryKey: ['/api/availability', { zipcode: params.zipcode, date: params.date, serviceId: params.serviceId ?? undefined }],
    enabled: params.serviceId !== null,
    staleTime: 30_000,
  });
}
