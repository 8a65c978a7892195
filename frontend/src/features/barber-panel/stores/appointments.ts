import { create } from 'zustand';
import type { BookingStatus, BookingView } from '@barber/shared';
import { useSession } from '../../../stores/session';

interface AppointmentsState {
  /** Every booking the panel knows, newest version, by id. */
  byId: Record<string, BookingView>;
  /** Bookings first learnt from a push (not part of a loaded page): shown where they belong. */
  pushedIds: string[];
  /** The last event cursor applied (for reference; the socket module resumes by itself). */
  lastCursor: string | null;
  /** Puts loaded bookings in, keeping a newer version already held. */
  upsertMany: (bookings: BookingView[]) => void;
  /** Applies a pushed booking (or only its status when the push carried no booking). */
  applyPush: (push: { booking: BookingView | null; bookingId: string | null; status: BookingStatus | null; cursor?: string }) => void;
  clear: () => void;
}

function newer(held: BookingView | undefined, next: BookingView): boolean {
  return !held || (next.version ?? 0) >= (held.version ?? 0);
}

/**
 * The barber's appointments as the screens show them (docs/design.md §6): pages loaded over HTTP are put
 * in, and pushed events replace a booking by id without a reload.
 */
export const useAppointmentsStore = create<AppointmentsState>((set) => ({
  byId: {},
  pushedIds: [],
  lastCursor: null,
  upsertMany: (bookings) =>
    set((s) => {
      let changed = false;
      const byId = { ...s.byId };
      for (const b of bookings) {
        if (newer(byId[b.id], b) && byId[b.id] !== b) {
          byId[b.id] = b;
          changed = true;
        }
      }
      return changed ? { byId } : s;
    }),
  applyPush: ({ booking, bookingId, status, cursor }) =>
    set((s) => {
      const lastCursor = cursor ?? s.lastCursor;
      if (booking) {
        const held = s.byId[booking.id];
        if (!newer(held, booking)) return { lastCursor };
        return {
          byId: { ...s.byId, [booking.id]: booking },
          pushedIds: held ? s.pushedIds : [...s.pushedIds, booking.id],
          lastCursor,
        };
      }
      const held = bookingId ? s.byId[bookingId] : undefined;
      if (held && status && held.status !== status) {
        return { byId: { ...s.byId, [held.id]: { ...held, status } }, lastCursor };
      }
      return { lastCursor };
    }),
  clear: () => set({ byId: {}, pushedIds: [], lastCursor: null }),
}));

/** The held version of each booking, in the order given. */
export function latest(byId: Record<string, BookingView>, bookings: BookingView[]): BookingView[] {
  return bookings.map((b) => {
    const held = byId[b.id];
    return held && newer(b, held) ? held : b;
  });
}

// Another user signing in (or signing out) must never see the previous user's appointments.
let sessionUserId: number | null = useSession.getState().user?.id ?? null;
useSession.subscribe((state) => {
  const next = state.user?.id ?? null;
  if (next !== sessionUserId) {
    sessionUserId = next;
    useAppointmentsStore.getState().clear();
  }
});
