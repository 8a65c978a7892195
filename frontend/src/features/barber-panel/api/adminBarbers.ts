import { useQuery } from '@tanstack/react-query';
import { answerQuery } from '../../../lib/queryClient';

/** GET /api/admin/barbers (the administrator's barber picker), first 100. */
export function useAdminBarbers(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/barbers', { limit: 100, offset: 0 }],
    queryFn: answerQuery('adminBarberListSchema'),
    enabled,
  });
}
