import { useEffect } from 'react';
import { todayLocal, type BookingView } from '@barber/shared';
import { queryClient } from '../../../lib/queryClient';
import { createLiveCollection, followOwner } from '../../../stores/liveCollection';
import { useSession } from '../../../stores/session';
import { ACTIVE_STATUSES } from '../lib/activity';

/** GET /api/admin/bookings, and the first part of the query key of every cached page of it. */
export const ADMIN_BOOKINGS_KEY = '/api/admin/bookings';

/**
 * How many bookings the dashboard reads at most (the newest by creation, api/bookings.ts), and so how many
 * the collection holds besides those still shown: its figures are over these.
 */
export const DASHBOARD_MAX_BOOKINGS = 2_000;

/** Newest first by creation (then by id, as the dashboard's recent bookings). */
function byCreation(a: BookingView, b: BookingView): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id);
}

/** Ids of bookings a mounted screen holds on to (a booking's details open), with how many hold each. */
const held = new Map<string, number>();

/** The ids of the bookings of every cached bookings page, shown now or again when the admin comes back. */
function cachedListIds(): Set<string> {
  const ids = new Set<string>();
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [ADMIN_BOOKINGS_KEY] })) {
    const data = query.state.data as { bookings?: readonly BookingView[] } | undefined;
    for (const b of data?.bookings ?? []) ids.add(b.id);
  }
  return ids;
}

/**
 * The bookings kept whatever their age: those the live counters count (under way now, or dated today), those
 * of a cached bookings page (whose rows show their newest version from here) and those a screen holds on to.
 */
function keepShown(): (b: BookingView) => boolean {
  const today = todayLocal();
  const listed = cachedListIds();
  return (b) => ACTIVE_STATUSES.includes(b.status) || b.date === today || listed.has(b.id) || held.has(b.id);
}

/**
 * Every booking the admin screens know of, kept current by pushes (a live collection: the newest version
 * wins). The dashboard's read of the bookings goes in, every pushed booking and the answers of the admin's
 * own changes too; the Bookings list shows its pages in the versions held here. Emptied for another user.
 *
 * Bounded: a busy platform pushes bookings all day, and the dashboard scans them all on each push. It holds the
 * newest DASHBOARD_MAX_BOOKINGS by creation (what the dashboard would read now), plus the bookings still shown
 * (see `keepShown`); trimmed once every 200 new bookings past that.
 */
export const useAdminBookings = createLiveCollection<BookingView>({
  bound: { max: DASHBOARD_MAX_BOOKINGS, compare: byCreation, slack: 200, keep: keepShown },
});
followOwner(useAdminBookings, useSession, (s) => s.user?.id ?? null);

/** Keeps booking `id` (null: none) in `useAdminBookings` while the calling component is mounted, e.g. its details open. */
export function useHoldAdminBooking(id: string | null): void {
  useEffect(() => {
    if (id === null) return;
    held.set(id, (held.get(id) ?? 0) + 1);
    return () => {
      const count = (held.get(id) ?? 1) - 1;
      if (count > 0) held.set(id, count);
      else held.delete(id);
    };
  }, [id]);
}
