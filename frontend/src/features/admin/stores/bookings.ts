import type { BookingView } from '@barber/shared';
import { createLiveCollection, followOwner } from '../../../stores/liveCollection';
import { useSession } from '../../../stores/session';

/**
 * Every booking the admin screens know of, kept current by pushes (a live collection: the newest version
 * wins). The dashboard's read of the bookings goes in, every pushed booking and the answers of the admin's
 * own changes too; the Bookings list shows its pages in the versions held here. Emptied for another user.
 */
export const useAdminBookings = createLiveCollection<BookingView>();
followOwner(useAdminBookings, useSession, (s) => s.user?.id ?? null);
