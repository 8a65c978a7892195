// @vitest-environment happy-dom
import '../../../test/dom';
import { todayLocal, type BookingView, type PushMessage } from '@barber/shared';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { sendPush } from '../../../test/liveSocket';
import { startAdminActivity } from './activity';
import { ADMIN_BOOKINGS_KEY, DASHBOARD_MAX_BOOKINGS, useAdminBookings, useHoldAdminBooking } from './bookings';

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));

const start = Date.parse('2026-05-01T12:00:00.000Z');

/** Booking `id`, made `n` minutes after the start: the higher `n`, the newer. */
const booking = (id: string, n: number, over: Partial<BookingView> = {}): BookingView => {
  const createdAt = new Date(start + n * 60_000).toISOString();
  return bookingView({
    id,
    version: 1,
    status: 'completed',
    date: '2026-05-02',
    createdAt,
    updatedAt: createdAt,
    ...over,
  });
};

let position = 0;
const created = (b: BookingView): PushMessage =>
  ({
    type: 'created',
    bookingId: b.id,
    status: b.status,
    booking: b,
    cursor: `1:${++position}`,
    recordedAt: b.createdAt,
  }) as PushMessage;

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('admin', 1), status: 'ready' });
  useAdminBookings.getState().reset();
  useAdminBookings.getState().claim(1);
});

describe("the admin's bookings collection", () => {
  it("holds the dashboard's newest bookings and those still shown, not every booking pushed all day", async () => {
    // the dashboard read the newest 2,000; the oldest of them are shown or counted elsewhere
    const active = booking('active', 0, { status: 'in_progress' });
    const today = booking('today', 1, { status: 'confirmed', date: todayLocal() });
    const listed = booking('listed', 2);
    const viewed = booking('viewed', 3);
    const read = [active, today, listed, viewed];
    for (let n = read.length; n < DASHBOARD_MAX_BOOKINGS; n += 1) read.push(booking(`r${n}`, n));
    useAdminBookings.getState().merge(read);
    // a cached page of the Bookings list shows `listed`; the details of `viewed` are open
    queryClient.setQueryData([ADMIN_BOOKINGS_KEY, { limit: 50, offset: 1950 }], { bookings: [listed], total: 2000 });
    renderHook(() => useHoldAdminBooking('viewed'));

    startAdminActivity();
    const pushed: BookingView[] = [];
    for (let n = 0; n < 250; n += 1) {
      pushed.push(booking(`new${n}`, DASHBOARD_MAX_BOOKINGS + n, { status: 'pending' }));
      sendPush(created(pushed[n]!));
    }
    // a push of the listed booking, old as it is, is what its row shows
    sendPush(created({ ...listed, version: 2, status: 'cancelled' }));
    // the pushes of one frame are applied together, after it
    await vi.waitFor(() => expect(useAdminBookings.getState().byId.listed?.version).toBe(2));

    const { byId } = useAdminBookings.getState();
    expect(Object.keys(byId).length).toBeLessThanOrEqual(DASHBOARD_MAX_BOOKINGS + 200 + 4);
    // every booking pushed is held (they are the newest), and the oldest read are let go...
    expect(pushed.every((b) => b.id in byId)).toBe(true);
    expect('r4' in byId).toBe(false);
    expect(`r${DASHBOARD_MAX_BOOKINGS - 1}` in byId).toBe(true);
    // ...but those under way or dated today (the live counters), listed or open
    expect(['active', 'today', 'listed', 'viewed'].filter((id) => !(id in byId))).toEqual([]);
    expect(byId.listed?.status).toBe('cancelled');
  });

  it('lets go of a booking once no screen holds it', () => {
    const read = Array.from({ length: DASHBOARD_MAX_BOOKINGS }, (_, n) => booking(`r${n}`, n));
    useAdminBookings.getState().merge(read);
    const details = renderHook(() => useHoldAdminBooking('r0'));
    const extra = Array.from({ length: 201 }, (_, n) => booking(`new${n}`, DASHBOARD_MAX_BOOKINGS + n));
    useAdminBookings.getState().merge(extra);
    expect('r0' in useAdminBookings.getState().byId).toBe(true);
    details.unmount();
    useAdminBookings.getState().merge(Array.from({ length: 201 }, (_, n) => booking(`more${n}`, 3_000 + n)));
    expect('r0' in useAdminBookings.getState().byId).toBe(false);
  });
});
