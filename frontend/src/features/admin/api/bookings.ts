import { useMutation, useQuery } from '@tanstack/react-query';
import {
  addDaysLocal,
  todayLocal,
  type AdminBookingsAnswer,
  type BarberUpdateBookingInput,
  type BookingStatus,
  type BookingView,
  type LocalDate,
  type RegionKey,
} from '@barber/shared';
import { api } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';
import { useLiveQuery } from '../../../stores/liveCollection';
import { ADMIN_BOOKINGS_KEY, DASHBOARD_MAX_BOOKINGS, useAdminBookings } from '../stores/bookings';

export type { AdminBookingsAnswer };
export { ADMIN_BOOKINGS_KEY };

export const ADMIN_BOOKINGS_PAGE_SIZE = 50;

/** The Bookings screen's filters and search, all applied by the server. */
export interface AdminBookingsFilters {
  status?: BookingStatus;
  /** The booking's date, yyyy-MM-dd, both ends included. */
  from?: string;
  to?: string;
  barberId?: number;
  region?: RegionKey;
  /** Customer or barber name, username or email, or the start of the booking id. */
  q?: string;
}

export interface AdminBookingsParams extends AdminBookingsFilters {
  limit: number;
  offset: number;
}

/** GET /api/admin/bookings?limit=50&offset=(page-1)*50[&status&from&to&barberId&region&q]: newest first. */
function adminBookingsParams(page: number, filters: AdminBookingsFilters = {}): AdminBookingsParams {
  const params: AdminBookingsParams = {
    limit: ADMIN_BOOKINGS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_BOOKINGS_PAGE_SIZE,
  };
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') (params as unknown as Record<string, unknown>)[key] = value;
  }
  return params;
}

export function useAdminBookingsPage(page: number, filters: AdminBookingsFilters = {}) {
  return useQuery<AdminBookingsAnswer>({
    queryKey: [ADMIN_BOOKINGS_KEY, adminBookingsParams(page, filters)],
    queryFn: answerQuery('adminBookingsAnswerSchema'),
    placeholderData: (previous) => previous,
  });
}

/** True when the list shows every booking of a status (or all): a new booking may head it. */
export function listsEveryBooking(params: AdminBookingsParams | undefined): boolean {
  return !params || (!params.from && !params.to && !params.barberId && !params.region && !params.q);
}

/**
 * The admin's cancel (with a reason) and reschedule: the barber panel's command, PUT /api/bookings/{id}/update;
 * the server records the admin as the actor. The answer goes into the live collection, so every list shows it.
 */
export function useAdminUpdateBooking() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BarberUpdateBookingInput }) =>
      api.put(`/api/bookings/${encodeURIComponent(id)}/update`, body, { answer: 'bookingAnswerSchema' }),
    onSuccess: ({ booking }) => useAdminBookings.getState().merge([booking]),
  });
}

/* ---------- the dashboard's data set ---------- */

const DASHBOARD_PAGE = 200;
/** 10 pages: the live collection holds as many bookings besides those still shown. */
const DASHBOARD_MAX_PAGES = DASHBOARD_MAX_BOOKINGS / DASHBOARD_PAGE;
/**
 * How far back (by creation) the dashboard reads: two of the longest range (90 days, and the
 * period before it) plus the 30 days a booking may be made ahead of its date.
 */
const DASHBOARD_LOOKBACK_DAYS = 2 * 90 + 31;

export interface DashboardBookings extends AdminBookingsAnswer {
  /** True when every booking on the platform was read (not only the look-back window). */
  complete: boolean;
}

/**
 * Newest bookings by creation, page after page of 200, until the look-back window is covered; then, when that
 * was not every booking, those dated yesterday and today (`today`, New York), which the live counters count: on a
 * busy platform one dated today may have been made before the newest 2,000.
 */
export async function fetchDashboardBookings({
  signal,
  today = todayLocal(),
}: { signal?: AbortSignal; today?: LocalDate } = {}): Promise<DashboardBookings> {
  const cutoff = Date.now() - DASHBOARD_LOOKBACK_DAYS * 86_400_000;
  const bookings: BookingView[] = [];
  let total = 0;
  for (let page = 0; page < DASHBOARD_MAX_PAGES; page += 1) {
    const answer = await api.get(
      ADMIN_BOOKINGS_KEY,
      { limit: DASHBOARD_PAGE, offset: page * DASHBOARD_PAGE },
      { signal, answer: 'adminBookingsAnswerSchema' },
    );
    total = answer.total;
    bookings.push(...answer.bookings);
    const oldest = answer.bookings.at(-1);
    if (answer.bookings.length < DASHBOARD_PAGE || !oldest || Date.parse(oldest.createdAt) < cutoff) break;
  }
  const complete = bookings.length >= total;
  if (!complete) bookings.push(...(await datedAround(today, new Set(bookings.map((b) => b.id)), signal)));
  return { bookings, total, complete };
}

/** The bookings dated yesterday and today not already read (`known`), every page. */
async function datedAround(today: LocalDate, known: Set<string>, signal: AbortSignal | undefined) {
  const query = { from: addDaysLocal(today, -1), to: today, limit: DASHBOARD_PAGE };
  const found: BookingView[] = [];
  for (let offset = 0; ; offset += DASHBOARD_PAGE) {
    const answer = await api.get(
      ADMIN_BOOKINGS_KEY,
      { ...query, offset },
      { signal, answer: 'adminBookingsAnswerSchema' },
    );
    found.push(...answer.bookings.filter((b) => !known.has(b.id)));
    if (answer.bookings.length < DASHBOARD_PAGE || offset + DASHBOARD_PAGE >= answer.total) return found;
  }
}

const DASHBOARD_BOOKINGS_KEY = ['admin', 'dashboard-bookings'] as const;

/** The dashboard's bookings, merged into the live collection (which the dashboard's figures read); read again at midnight. */
export function useDashboardBookings(today: LocalDate) {
  return useLiveQuery(useAdminBookings, {
    queryKey: [...DASHBOARD_BOOKINGS_KEY, today],
    fetch: (signal) => fetchDashboardBookings({ signal, today }),
    items: dashboardBookingsOf,
  });
}

const dashboardBookingsOf = (answer: DashboardBookings) => answer.bookings;
