import { useQuery } from '@tanstack/react-query';
import type { AdminBarberList, AdminDashboard, AdminStatsAnswer } from '@barber/shared';
import { answerQuery } from '../../../lib/queryClient';

export type AdminStats = AdminStatsAnswer['stats'];

export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

/** GET /api/admin/stats. */
export function useAdminStats() {
  return useQuery({ queryKey: ADMIN_STATS_KEY, queryFn: answerQuery('adminStatsAnswerSchema') });
}

/** How many barbers wait for verification (GET /api/admin/barbers?status=pending, the total only). */
export function usePendingBarbersCount() {
  return useQuery<AdminBarberList, Error, number>({
    queryKey: ['/api/admin/barbers', { limit: 1, offset: 0, status: 'pending' }],
    queryFn: answerQuery('adminBarberListSchema'),
    select: (answer) => answer.total,
  });
}

export const ADMIN_DASHBOARD_KEY = '/api/admin/dashboard';

/**
 * GET /api/admin/dashboard?days: the cards' comparison, the chart and Top Barbers, counted by the server over every
 * booking (the browser holds only the newest ones). Read again as pushes change the totals (api/live.ts).
 */
export function useAdminDashboard(days: number) {
  return useQuery<AdminDashboard>({
    queryKey: [ADMIN_DASHBOARD_KEY, { days }],
    queryFn: answerQuery('adminDashboardAnswerSchema'),
    placeholderData: (previous) => previous,
  });
}
