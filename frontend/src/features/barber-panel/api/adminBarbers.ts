import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { answerQuery } from '../../../lib/queryClient';

/** How many barbers the administrator's barber picker lists at once; a search narrows them (the API's page limit). */
export const PICKER_LIMIT = 100;

/** GET /api/admin/barbers (the administrator's barber picker): by name, the first PICKER_LIMIT matching `search`. */
export function useAdminBarbers(enabled: boolean, search = '') {
  return useQuery({
    queryKey: ['/api/admin/barbers', { limit: PICKER_LIMIT, offset: 0, sort: 'name', ...(search ? { search } : {}) }],
    queryFn: answerQuery('adminBarberListSchema'),
    enabled,
    placeholderData: keepPreviousData,
  });
}
