import { create } from 'zustand';
import { bookingStatusLabel, todayLocal, type BookingView, type PushMessage } from '@barber/shared';
import { announce } from '../../../lib/announce';
import { createLiveCollection, followOwner } from '../../../stores/liveCollection';
import { useSession } from '../../../stores/session';

/**
 * The signed-in user's bookings as a customer, kept live (docs/design.md §6): GET /api/my-bookings and
 * pushed booking events go into this live collection, which keeps each booking's newest version.
 */
export const useMyBookings = createLiveCollection<BookingView>();
followOwner(useMyBookings, useSession, (s) => s.user?.id ?? null);

/** Applies a pushed booking event: its booking, when it is one of the owner's as a customer. */
export function applyMyBookingPush(msg: PushMessage): void {
  const booking = msg.booking;
  const { ownerId, byId, push } = useMyBookings.getState();
  if (!booking || ownerId === null) return;
  // Only the owner's customer bookings belong on this screen (a barber also receives their clients' events).
  if (booking.customerId !== ownerId && !(booking.id in byId)) return;
  const held = byId[booking.id];
  push(booking);
  // A status reached live (the barber on the way, arrived...) is said to screen readers too.
  if (!msg.replayed && held && booking.version > held.version && booking.status !== held.status) {
    const barber = booking.barber.user.fullName || booking.barber.user.username;
    announce(`Your ${booking.service.name} with ${barber}: ${bookingStatusLabel(booking.status)}.`);
  }
}

/** Upcoming appointments first, soonest first; then past ones, latest first. */
export function sortBookings(list: BookingView[]): BookingView[] {
  const today = todayLocal();
  const key = (b: BookingView) => `${b.date} ${b.startTime} ${b.createdAt}`;
  return [...list].sort((a, b) => {
    const aUp = a.date >= today;
    const bUp = b.date >= today;
    if (aUp !== bUp) return aUp ? -1 : 1;
    const cmp = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
    return aUp ? cmp : -cmp;
  });
}

interface ReviewedState {
  /** Bookings reviewed in this session, with the stars given (0 when not known: reviewed elsewhere). */
  reviewed: Record<string, number>;
  markReviewed: (bookingId: string, rating?: number) => void;
}

/** What the user reviewed on this page (the server's answer comes with the barber's reviews). */
export const useReviewedNow = create<ReviewedState>((set) => ({
  reviewed: {},
  markReviewed: (bookingId, rating = 0) => set((s) => ({ reviewed: { ...s.reviewed, [bookingId]: rating } })),
}));

// Another user starts with nothing reviewed.
useMyBookings.subscribe((state, previous) => {
  if (state.ownerId !== previous.ownerId) useReviewedNow.setState({ reviewed: {} });
});
