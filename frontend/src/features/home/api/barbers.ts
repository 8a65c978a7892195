import { useQuery } from '@tanstack/react-query';
import type { BarberListing } from '@barber/shared';
import type { HomeCategory } from '../lib/filters';

export interface BarbersAnswer {
  barbers: BarberListing[];
}

/** GET /api/barbers?city=&serviceCategory= (category omitted when "all"). Changing a filter refetches. */
export function useBarbers(city: string, category: HomeCategory) {
  return useQuery<BarbersAnswer>({
    queryKey: ['/api/barbers', { city, serviceCategory: category === 'all' ? undefined : category }],
  });
}
