import { useQuery } from '@tanstack/react-query';
import { answerQuery } from '../../../lib/queryClient';
import { FEATURED_COUNT, NEARBY_COUNT, type HomeCategory } from '../lib/filters';

const HOME_BARBERS_COUNT = Math.max(FEATURED_COUNT, NEARBY_COUNT);

/**
 * GET /api/barbers?city=&serviceCategory=&limit= (category omitted when "all"). Changing a filter refetches.
 * The page shows the best rated few (Featured, Nearby), so it asks for those only, however many barbers serve the city.
 */
export function useBarbers(city: string, category: HomeCategory) {
  return useQuery({
    queryKey: [
      '/api/barbers',
      { city, serviceCategory: category === 'all' ? undefined : category, limit: HOME_BARBERS_COUNT },
    ],
    queryFn: answerQuery('barbersAnswerSchema'),
  });
}
