import type { BookingView } from '@barber/shared';
import { createLiveCollection, followOwner } from '../../../stores/liveCollection';
import { useSession } from '../../../stores/session';

/**
 * The barber's appointments as the screens show them (docs/design.md §6): a live collection that the
 * pages loaded over HTTP are merged into and pushed events update by id without a reload. Its
 * `pushedIds` are the bookings first learnt from a push (not part of a loaded page), shown where they
 * belong. Another user signing in (or signing out) empties it.
 */
export const useAppointments = createLiveCollection<BookingView>();
followOwner(useAppointments, useSession, (s) => s.user?.id ?? null);
