import { addDaysLocal, type BookingView } from '@barber/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { liveCounters } from '../lib/dashboard';
import { fetchDashboardBookings } from './bookings';

afterEach(() => vi.unstubAllGlobals());

const today = '2026-11-25';

/** A platform whose newest 2,000 bookings were all made this week for next month, and `dated` ones dated today. */
function busyPlatform(dated: BookingView[]) {
  const recent = Array.from({ length: 2_200 }, (_, i) =>
    bookingView({
      id: `new-${i}`,
      date: addDaysLocal(today, 20),
      createdAt: new Date(Date.now() - i * 60_000).toISOString(),
    }),
  );
  const all = [...recent, ...dated];
  return fakeApi(({ method, path }) => {
    if (method !== 'GET' || !path.startsWith('/api/admin/bookings?')) return undefined;
    const q = new URLSearchParams(path.split('?')[1]);
    const [from, to] = [q.get('from'), q.get('to')];
    const matching = all.filter((b) => (!from || b.date >= from) && (!to || b.date <= to));
    const offset = Number(q.get('offset'));
    const bookings = matching.slice(offset, offset + Number(q.get('limit')));
    return { status: 200, body: { bookings, total: matching.length } };
  });
}

describe("the dashboard's read of the bookings", () => {
  it('holds every booking dated today and yesterday, also one made before the newest 2,000', async () => {
    const made = new Date(Date.now() - 25 * 86_400_000).toISOString();
    const dated = [
      ...Array.from({ length: 230 }, (_, i) => bookingView({ id: `today-${i}`, date: today, createdAt: made })),
      bookingView({ id: 'under-way', date: addDaysLocal(today, -1), status: 'in_progress', createdAt: made }),
    ];
    const { requests } = busyPlatform(dated);
    const answer = await fetchDashboardBookings({ today });
    expect(answer.complete).toBe(false);
    expect(new Set(answer.bookings.map((b) => b.id)).size).toBe(answer.bookings.length);
    expect(liveCounters(answer.bookings, today)).toMatchObject({ today: 230, inProgress: 1 });
    expect(requests.filter((r) => r.path.includes('from=2026-11-24&to=2026-11-25'))).toHaveLength(2);
  });

  it('reads no more when the newest bookings were every booking', async () => {
    const { requests } = fakeApi(({ path }) =>
      path.startsWith('/api/admin/bookings?')
        ? { status: 200, body: { bookings: [bookingView({ id: 'only', date: today })], total: 1 } }
        : undefined,
    );
    const answer = await fetchDashboardBookings({ today });
    expect(answer).toMatchObject({ complete: true, total: 1 });
    expect(requests).toHaveLength(1);
  });
});
