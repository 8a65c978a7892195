import { useQuery } from '@tanstack/react-query';
import type { AdminBarberList, AdminDashboard, AdminStatsAnswer, LocalDate } from '@barber/shared';
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
 * booking (the browser holds only the newest ones). Read again as pushes change the totals (api/live.ts), when
 * the admin comes back to the admin area, and after midnight.
 */
export function useAdminDashboard(days: number, today: LocalDate) {
  return useQuery<AdminDashboard>({
    // `today` is not sent (the server has its own clock): the day's figures are read again after midnight
    queryKey: [ADMIN_DASHBOARD_KEY, { days }, today],
    queryFn: answerQuery('adminDashboardAnswerSchema'),
  });
}
