import { useQuery } from '@tanstack/react-query';
import type { BookingStatus, BookingView } from '@barber/shared';
import { api } from '../../../lib/api';

export interface AdminBookingsAnswer {
  bookings: BookingView[];
  total: number;
}

export const ADMIN_BOOKINGS_PAGE_SIZE = 50;
export const ADMIN_BOOKINGS_KEY = '/api/admin/bookings';

export interface AdminBookingsParams {
  limit: number;
  offset: number;
  status?: BookingStatus;
}

/** GET /api/admin/bookings?limit=50&offset=(page-1)*50[&status]: newest first. */
export function adminBookingsParams(page: number, status?: BookingStatus): AdminBookingsParams {
  return {
    limit: ADMIN_BOOKINGS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_BOOKINGS_PAGE_SIZE,
    ...(status ? { status } : {}),
  };
}

export function useAdminBookingsPage(page: number, status?: BookingStatus) {
  return useQuery<AdminBookingsAnswer>({
    queryKey: [ADMIN_BOOKINGS_KEY, adminBookingsParams(page, status)],
    placeholderData: (previous) => previous,
  });
}

/* ---------- the dashboard's data set ---------- */

const DASHBOARD_PAGE = 200;
const DASHBOARD_MAX_PAGES = 10;
/**
 * How far back (by creation) the dashboard reads: two of the longest range (90 days, and the
 * period before it) plus the 30 days a booking may be made ahead of its date.
 */
const DASHBOARD_LOOKBACK_DAYS = 2 * 90 + 31;

export interface DashboardBookings extends AdminBookingsAnswer {
  /** True when every booking on the platform was read (not only the look-back window). */
  complete: boolean;
}

/** Newest bookings by creation, page after page of 200, until the look-back window is covered. */
export async function fetchDashboardBookings({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardBookings> {
  const cutoff = Date.now() - DASHBOARD_LOOKBACK_DAYS * 86_400_000;
  const bookings: BookingView[] = [];
  let total = 0;
  for (let page = 0; page < DASHBOARD_MAX_PAGES; page += 1) {
    const answer = await api.get<AdminBookingsAnswer>(
      ADMIN_BOOKINGS_KEY,
      { limit: DASHBOARD_PAGE, offset: page * DASHBOARD_PAGE },
      { signal },
    );
    total = answer.total;
    bookings.push(...answer.bookings);
    const oldest = answer.bookings.at(-1);
    if (answer.bookings.length < DASHBOARD_PAGE || !oldest || Date.parse(oldest.createdAt) < cutoff) break;
  }
  return { bookings, total, complete: bookings.length >= total };
}

export const DASHBOARD_BOOKINGS_KEY = ['admin', 'dashboard-bookings'] as const;

export function useDashboardBookings() {
  return useQuery({ queryKey: DASHBOARD_BOOKINGS_KEY, queryFn: fetchDashboardBookings });
}
