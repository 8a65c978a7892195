import { useQuery } from '@tanstack/react-query';
import type { BarbersAnswer } from '@barber/shared';
import { answerQuery } from '../../../lib/queryClient';
import type { HomeCategory } from '../lib/filters';

export type { BarbersAnswer };

/** GET /api/barbers?city=&serviceCategory= (category omitted when "all"). Changing a filter refetches. */
export function useBarbers(city: string, category: HomeCategory) {
  return useQuery({
    queryKey: ['/api/barbers', { city, serviceCategory: category === 'all' ? undefined : category }],
    queryFn: answerQuery('barbersAnswerSchema'),
  });
}
