import { create } from 'zustand';
import { todayLocal, type BookingView, type PushMessage } from '@barber/shared';

export type BookingsLoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface BookingsState {
  /** The signed-in user's bookings as a customer, newest first. */
  bookings: BookingView[];
  status: BookingsLoadStatus;
  /** Whose bookings these are (a different user starts from scratch). */
  ownerId: number | null;
  /** Bookings reviewed in this session, with the stars given (0 when not known: reviewed elsewhere). */
  reviewed: Record<string, number>;
  setLoading: (ownerId: number) => void;
  /** Replaces the list with a fresh GET, keeping any newer version a push already brought. */
  setLoaded: (ownerId: number, bookings: BookingView[]) => void;
  setError: () => void;
  /** Inserts or replaces by id; an older version than the held one is ignored. */
  upsert: (booking: BookingView) => void;
  /** Applies a pushed booking event (docs/design.md §6): its booking, when it is one of the owner's. */
  applyPush: (msg: PushMessage) => void;
  markReviewed: (bookingId: string, rating?: number) => void;
  reset: () => void;
}

/** Upcoming appointments first, soonest first; then past ones, latest first. */
function sortBookings(list: BookingView[]): BookingView[] {
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

function upsertInto(list: BookingView[], booking: BookingView): BookingView[] | null {
  const index = list.findIndex((b) => b.id === booking.id);
  if (index === -1) return sortBookings([...list, booking]);
  const held = list[index]!;
  if (typeof held.version === 'number' && typeof booking.version === 'number' && booking.version <= held.version) return null;
  const next = [...list];
  next[index] = booking;
  return sortBookings(next);
}

/** My bookings, kept live: loaded over HTTP, then updated by pushed booking events. */
export const useMyBookingsStore = create<BookingsState>((set, get) => ({
  bookings: [],
  status: 'idle',
  ownerId: null,
  reviewed: {},
  setLoading: (ownerId) =>
    set((s) => (s.ownerId === ownerId ? { status: s.status === 'ready' ? 'ready' : 'loading' } : { ownerId, bookings: [], reviewed: {}, status: 'loading' })),
  setLoaded: (ownerId, loaded) =>
    set((s) => {
      if (s.ownerId !== ownerId) return s;
      const held = new Map(s.bookings.map((b) => [b.id, b]));
      const merged = loaded.map((b) => {
        const mine = held.get(b.id);
        return mine && mine.version > b.version ? mine : b;
      });
      // keep bookings a push added after the request left
      for (const b of s.bookings) if (!merged.some((m) => m.id === b.id)) merged.push(b);
      return { bookings: sortBookings(merged), status: 'ready' };
    }),
  setError: () => set((s) => (s.status === 'ready' ? s : { status: 'error' })),
  upsert: (booking) =>
    set((s) => {
      const next = upsertInto(s.bookings, booking);
      return next ? { bookings: next } : s;
    }),
  applyPush: (msg) => {
    const booking = msg.booking;
    const { ownerId, bookings } = get();
    if (!booking || ownerId === null) return;
    // Only the owner's customer bookings belong on this screen (a barber also receives their clients' events).
    if (booking.customerId !== ownerId && !bookings.some((b) => b.id === booking.id)) return;
    get().upsert(booking);
  },
  markReviewed: (bookingId, rating = 0) => set((s) => ({ reviewed: { ...s.reviewed, [bookingId]: rating } })),
  reset: () => set({ bookings: [], status: 'idle', ownerId: null, reviewed: {} }),
}));
