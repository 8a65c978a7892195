import { useQuery } from '@tanstack/react-query';
import type { AdminBarberList } from '@barber/shared';

export interface AdminStats {
  totalBarbers: number;
  totalCustomers: number;
  totalBookings: number;
  /** Dollars of completed bookings (a number). */
  totalRevenue: number;
}

export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

/** GET /api/admin/stats. */
export function useAdminStats() {
  return useQuery<{ stats: AdminStats }>({ queryKey: ADMIN_STATS_KEY });
}

/** How many barbers wait for verification (GET /api/admin/barbers?status=pending, the total only). */
export function usePendingBarbersCount() {
  return useQuery<AdminBarberList, Error, number>({
    queryKey: ['/api/admin/barbers', { limit: 1, offset: 0, status: 'pending' }],
    select: (answer) => answer.total,
  });
}
