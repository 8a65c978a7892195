import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import { searchApiParams, type SearchParams } from '../lib/searchParams';

/**
 * GET /api/search/barbers for the submitted search, a page at a time ("Show more" asks for the next);
 * idle until a search is made.
 */
export function useBarberSearch(params: SearchParams | null) {
  return useInfiniteQuery({
    queryKey: ['/api/search/barbers', params ? searchApiParams(params) : null],
    enabled: params !== null,
    staleTime: 30_000,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/api/search/barbers',
        { ...searchApiParams(params!), page: pageParam },
        { signal, answer: 'barberSearchAnswerSchema' },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/**
 * GET /api/availability for one service (Quick Book): the slots where that very service
 * fits, so a longer service is not offered at a time it would not fit.
 */
export function useServiceSlots(params: { zipcode: string; date: string; serviceId: number | null }) {
  return useQuery({
    queryKey: [
      '/api/availability',
      { zipcode: params.zipcode, date: params.date, serviceId: params.serviceId ?? undefined },
    ],
    queryFn: answerQuery('availabilityAnswerSchema'),
    enabled: params.serviceId !== null,
    staleTime: 30_000,
  });
}
