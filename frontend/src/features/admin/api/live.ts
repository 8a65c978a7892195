import { useEffect } from 'react';
import type { Query } from '@tanstack/react-query';
import type { BookingView, PushMessage } from '@barber/shared';
import { coalesce } from '../../../lib/coalesce';
import { queryClient } from '../../../lib/queryClient';
import { readBooking } from '../../../lib/readBooking';
import { subscribeToEvents } from '../../../lib/socket';
import { startAdminActivity, useAdminActivity } from '../stores/activity';
import { ADMIN_BOOKINGS_KEY, listsEveryBooking, type AdminBookingsAnswer, type AdminBookingsParams } from './bookings';
import { ADMIN_DASHBOARD_KEY, ADMIN_STATS_KEY } from './stats';

let statsTimer: ReturnType<typeof setTimeout> | null = null;
let statusListsTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * The events that change the totals: a booking made (counted), completed, cancelled, refunded or its refund
 * failed (the revenue counts what each completed booking kept). A type is any string: one the client does not
 * know of is simply not among these.
 */
const STATS_EVENTS: ReadonlySet<string> = new Set(['created', 'completed', 'cancelled', 'refunded', 'refundFailed']);

/** Totals change with new, completed and refunded bookings: refetch them, at most once per second. */
function refreshStatsSoon(): void {
  if (statsTimer) return;
  statsTimer = setTimeout(() => {
    statsTimer = null;
    void queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    void queryClient.invalidateQueries({ queryKey: [ADMIN_DASHBOARD_KEY] });
  }, 1_000);
}

/**
 * A booking that changed status leaves the lists of its former status and joins those of its new one: the
 * lists narrowed by a status are read again, at most once per second (the open one at once, the others
 * when shown). The rows on screen are filtered by status meanwhile.
 */
function refreshStatusListsSoon(): void {
  if (statusListsTimer) return;
  statusListsTimer = setTimeout(() => {
    statusListsTimer = null;
    void queryClient.invalidateQueries({
      queryKey: [ADMIN_BOOKINGS_KEY],
      predicate: (query) => !!(query.queryKey[1] as AdminBookingsParams | undefined)?.status,
    });
  }, 1_000);
}

/**
 * Whether a new booking can be placed in a list here: it heads the first page of a list of every booking (of
 * its status, or all). Whether it belongs to a list narrowed by dates, barber, region or search is the server's
 * to say, and on the pages after the first it pushes a row to the next page.
 */
function placesCreated(params: AdminBookingsParams | undefined): boolean {
  return listsEveryBooking(params) && (params?.offset ?? 0) === 0;
}

/**
 * The lists a pushed booking cannot be placed in (narrowed by dates, barber, region or search, or a page after
 * the first) are read again, at most once per second (the open one at once, the others when shown): a new
 * booking joins them, and a rescheduled one may join or leave a list of dates.
 */
const refreshNarrowListsSoon = coalesce(
  () =>
    void queryClient.invalidateQueries({
      queryKey: [ADMIN_BOOKINGS_KEY],
      predicate: (query) => !placesCreated(query.queryKey[1] as AdminBookingsParams | undefined),
    }),
  1_000,
);

/**
 * A new booking is the newest of all: it heads the first page of the lists of every booking it belongs to
 * (the others are read again). Which lists hold a booking is all this changes: its versions are the live
 * collection's.
 */
function addCreated(
  data: AdminBookingsAnswer | undefined,
  params: AdminBookingsParams | undefined,
  booking: BookingView,
): AdminBookingsAnswer | undefined {
  if (!data || data.bookings.some((b) => b.id === booking.id)) return data;
  if (!placesCreated(params) || (params?.status && params.status !== booking.status)) return data;
  const limit = params?.limit ?? data.bookings.length + 1;
  return { bookings: [booking, ...data.bookings].slice(0, limit), total: data.total + 1 };
}

function applyToQueries(msg: PushMessage): void {
  const booking = msg.booking;
  if (!booking) {
    // No read model came with the event: the booking is read over HTTP and applied as if it had come with it;
    // when it cannot be read either, the lists and totals are read again.
    if (msg.bookingId)
      void readBooking(msg.bookingId).then((read) => {
        if (read) return applyToQueries({ ...msg, booking: read });
        void queryClient.invalidateQueries({ queryKey: [ADMIN_BOOKINGS_KEY] });
        refreshStatsSoon();
      });
    return;
  }
  const created = msg.type === 'created';
  if (created) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: [ADMIN_BOOKINGS_KEY] })) {
      const params = query.queryKey[1] as AdminBookingsParams | undefined;
      queryClient.setQueryData<AdminBookingsAnswer>(query.queryKey, (data) => addCreated(data, params, booking));
    }
  } else if (msg.status) refreshStatusListsSoon();
  if (created || msg.type === 'rescheduled') refreshNarrowListsSoon();
  if (STATS_EVENTS.has(msg.type) || msg.status === 'completed') refreshStatsSoon();
}

function cancelRefreshes(): void {
  if (statsTimer) clearTimeout(statsTimer);
  if (statusListsTimer) clearTimeout(statusListsTimer);
  statsTimer = statusListsTimer = null;
  refreshNarrowListsSoon.cancel();
}

/** How many mounted components keep the admin screens live, and the one subscription they share. */
let liveUsers = 0;
let stopLive: (() => void) | null = null;

/**
 * Keeps the admin screens live: starts the activity feed (which puts every pushed booking into the live
 * collection), adds new bookings to the cached lists and refreshes the totals as pushes arrive. Mounted
 * once for the whole admin area (the admin layout), so that the lists and totals cached by a screen are
 * kept current while another admin screen is shown; a screen that shows bookings may mount it too (one
 * subscription however many are mounted: each push is applied once).
 */
export function useAdminLive(): void {
  useEffect(() => {
    startAdminActivity();
    liveUsers += 1;
    if (!stopLive) {
      stopLive = subscribeToEvents(applyToQueries);
      // Back in the admin area (from the home page, the barber panel): what was read before, while pushes were
      // followed, misses what changed meanwhile. What has not been read yet is being read now.
      const readBefore = (query: Query) => query.state.dataUpdatedAt > 0;
      void queryClient.invalidateQueries({ queryKey: [ADMIN_BOOKINGS_KEY], predicate: readBefore });
      void queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY, predicate: readBefore });
      void queryClient.invalidateQueries({ queryKey: [ADMIN_DASHBOARD_KEY], predicate: readBefore });
    }
    return () => {
      liveUsers -= 1;
      if (liveUsers === 0) {
        stopLive?.();
        stopLive = null;
        // refreshes still due are dropped: coming back reads what was read before again anyway
        cancelRefreshes();
      }
    };
  }, []);
}

/** Adds the feed's history of bookings read over HTTP (the bookings themselves are in the live collection). */
export function useIngestBookings(bookings: BookingView[] | undefined): void {
  useEffect(() => {
    if (bookings?.length) useAdminActivity.getState().ingest(bookings);
  }, [bookings]);
}
