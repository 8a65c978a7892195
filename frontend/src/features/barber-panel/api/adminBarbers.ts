import { useQuery } from '@tanstack/react-query';
import type { AdminBarberList } from '@barber/shared';

/** GET /api/admin/barbers (the administrator's barber picker), first 100. */
export function useAdminBarbers(enabled: boolean) {
  return useQuery<AdminBarberList>({
    queryKey: ['/api/admin/barbers', { limit: 100, offset: 0 }],
    enabled,
  });
}
