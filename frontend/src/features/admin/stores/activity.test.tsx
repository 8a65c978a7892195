// @vitest-environment happy-dom
import '../../../test/dom';
import type { BookingView, PushMessage } from '@barber/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { sendPush } from '../../../test/liveSocket';
import { startAdminActivity, useAdminActivity } from './activity';
import { useAdminBookings } from './bookings';

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));

/*
 * At peak dozens of booking events arrive each second, and a catch-up replays up to 1,000 as separate messages:
 * each update of the feed and of the bookings copies what they hold and renders the dashboard. The pushes that
 * arrive together are applied together.
 */

const booking = (n: number, over: Partial<BookingView> = {}): BookingView =>
  bookingView({ id: `b${n}`, version: 1, createdAt: new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString(), ...over });

let position = 0;
const event = (b: BookingView | null, over: Partial<PushMessage> = {}): PushMessage =>
  ({
    position: String(++position),
    cursor: `1:${position}`,
    bookingId: b?.id ?? null,
    type: 'created',
    status: 'pending',
    booking: b,
    recordedAt: '2026-11-24T12:00:00.000Z',
    replayed: true,
    ...over,
  }) as PushMessage;

beforeEach(() => {
  useSession.setState({ user: userOf('admin', 1), status: 'ready' });
  useAdminBookings.getState().reset();
  useAdminBookings.getState().claim(1);
  useAdminActivity.getState().reset();
  startAdminActivity();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin activity, pushed in a burst', () => {
  it('applies the events that arrive together with one update of the feed and one of the bookings, in order', async () => {
    const feedUpdates = vi.fn();
    const bookingUpdates = vi.fn();
    const offFeed = useAdminActivity.subscribe(feedUpdates);
    const offBookings = useAdminBookings.subscribe(bookingUpdates);
    const first = position + 1;
    // a catch-up: 300 events, each its own message, in one go
    for (let n = 0; n < 100; n += 1) {
      sendPush(event(booking(n)));
      sendPush(event(booking(n, { version: 2, status: 'confirmed' }), { type: 'confirmed', status: 'confirmed' }));
      sendPush(event(booking(n, { version: 1 }), { type: 'noted', status: null })); // an older version: kept out
    }
    await waitFor(() => expect(useAdminActivity.getState().liveCount).toBe(300));

    expect(feedUpdates).toHaveBeenCalledTimes(1);
    expect(bookingUpdates).toHaveBeenCalledTimes(1);
    const { byId, pushedIds } = useAdminBookings.getState();
    expect(Object.keys(byId)).toHaveLength(100);
    expect(Object.values(byId).every((b) => b.version === 2 && b.status === 'confirmed')).toBe(true);
    expect(pushedIds).toEqual(Array.from({ length: 100 }, (_, n) => `b${n}`));
    // the feed: the newest 50 events, newest first (all recorded at once: by the log's order)
    const { items } = useAdminActivity.getState();
    expect(items).toHaveLength(50);
    expect(items.map((i) => i.cursor)).toEqual(Array.from({ length: 50 }, (_, k) => `1:${first + 299 - k}`));
    offFeed();
    offBookings();
  });

  it('tells an event without its read model by the booking an earlier event of the burst brought', async () => {
    fakeApi(() => ({ status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } }));
    sendPush(event(booking(1, { service: { id: 7, name: 'Beard Trim', duration: 30, price: '25.00' } })));
    sendPush(event(null, { bookingId: 'b1', type: 'confirmed', status: 'confirmed' }));
    await waitFor(() => expect(useAdminActivity.getState().liveCount).toBe(2));
    expect(useAdminActivity.getState().items.map((i) => [i.type, i.serviceName])).toEqual([
      ['confirmed', 'Beard Trim'],
      ['created', 'Beard Trim'],
    ]);
  });

  it('drops the events still waiting when the administrator signs out', async () => {
    sendPush(event(booking(1)));
    useSession.setState({ user: null, status: 'ready' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(useAdminActivity.getState().items).toEqual([]);
    expect(useAdminBookings.getState().byId).toEqual({});
  });
});
