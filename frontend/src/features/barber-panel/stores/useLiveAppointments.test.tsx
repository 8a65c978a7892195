// @vitest-environment happy-dom
import '../../../test/dom';
import type { BookingView, PushMessage } from '@barber/shared';
import { act, render, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { useUpcomingView } from '../components/appointments/useUpcomingView';
import { StatusBadge } from '../components/common/StatusBadge';
import { useAnnouncement } from '../../../lib/announce';
import { useAppointments } from './appointments';
import { applyPushedEvent } from './useLiveAppointments';

const booking = (id: string, version: number, over: Partial<BookingView> = {}): BookingView =>
  ({
    id,
    version,
    barberId: 5,
    // barber 5 is the signed-in barber, user 20
    barber: { id: 5, user: { id: 20 } },
    customerId: 10,
    date: '2099-01-10',
    startTime: '10:00',
    createdAt: '2026-11-01T10:00:00.000Z',
    status: 'pending',
    ...over,
  }) as BookingView;

const push = (b: BookingView | null, extra: Partial<PushMessage> = {}): PushMessage =>
  ({
    type: 'status_changed',
    bookingId: b?.id ?? null,
    status: b?.status ?? null,
    booking: b,
    cursor: '1:1',
    recordedAt: '',
    ...extra,
  }) as PushMessage;

beforeEach(() => {
  useSession.setState({ user: userOf('barber', 20), status: 'ready' });
  useAppointments.getState().reset();
  useAppointments.getState().claim(20);
});

describe('the live appointments', () => {
  it('say a new booking and a status reached live to screen readers, not a replayed one', () => {
    const customer = { id: 10, fullName: 'Ana Diaz' } as BookingView['customer'];
    applyPushedEvent(push(booking('n', 1, { customer }), { type: 'created' }), 5);
    expect(useAnnouncement.getState().text).toMatch(/^New booking: Ana Diaz, .+ at 10:00 AM\.$/);
    applyPushedEvent(push(booking('n', 2, { customer, status: 'cancelled' })), 5);
    expect(useAnnouncement.getState().text).toMatch(/^Ana Diaz, .+: Cancelled\.$/);
    const seq = useAnnouncement.getState().seq;
    applyPushedEvent(push(booking('n', 3, { customer, status: 'confirmed' }), { replayed: true }), 5);
    expect(useAnnouncement.getState().seq).toBe(seq);
  });

  it('say a status in the words of the badge the barber sees (Barber En Route, Barber Arrived)', () => {
    const customer = { id: 10, fullName: 'Ana Diaz' } as BookingView['customer'];
    const badge = (status: BookingView['status']) => render(<StatusBadge status={status} />).container.textContent;
    applyPushedEvent(push(booking('r', 1, { customer, status: 'confirmed' })), 5);
    applyPushedEvent(push(booking('r', 2, { customer, status: 'en_route' })), 5);
    expect(useAnnouncement.getState().text).toMatch(/^Ana Diaz, .+: Barber En Route\.$/);
    expect(useAnnouncement.getState().text).toContain(`: ${badge('en_route')}.`);
    applyPushedEvent(push(booking('r', 3, { customer, status: 'arrived' })), 5);
    expect(useAnnouncement.getState().text).toMatch(/^Ana Diaz, .+: Barber Arrived\.$/);
    expect(useAnnouncement.getState().text).toContain(`: ${badge('arrived')}.`);
  });

  it("applies the viewed barber's pushed bookings by version, not another barber's", () => {
    applyPushedEvent(push(booking('a', 2, { status: 'confirmed' })), 5);
    applyPushedEvent(push(booking('a', 1, { status: 'pending' })), 5);
    applyPushedEvent(push(booking('other', 1, { barberId: 6 })), 5);
    expect(Object.keys(useAppointments.getState().byId)).toEqual(['a']);
    expect(useAppointments.getState().byId.a?.status).toBe('confirmed');
  });

  it('a push without its booking reads the held booking again, whose version decides: a replayed older event cannot set its status', async () => {
    const held = bookingView({ id: 'a', version: 4, status: 'arrived', barberId: 5 });
    const now = { ...held, version: 5, status: 'in_progress' as const };
    const { requests } = fakeApi(({ method, path }) =>
      method === 'GET' && path === '/api/bookings/a' ? { status: 200, body: { booking: now } } : undefined,
    );
    useAppointments.getState().merge([held]);
    // the enRoute event (version 3), replayed after a reconnect without its read model
    applyPushedEvent(push(null, { bookingId: 'a', status: 'en_route', replayed: true }), 5);
    applyPushedEvent(push(null, { bookingId: 'unknown', status: 'cancelled' }), 5);
    await vi.waitFor(() => expect(useAppointments.getState().byId.a).toEqual(now));
    expect(requests.some((r) => r.path === '/api/bookings/unknown')).toBe(false);
  });

  it('a new booking pushed without its read model is read over HTTP, and kept when it is one of the panel', async () => {
    const fresh = bookingView({ id: 'new', version: 1, status: 'pending', barberId: 5 });
    const others = bookingView({ id: 'theirs', version: 1, status: 'pending', barberId: 9 });
    fakeApi(({ method, path }) =>
      method === 'GET' && path === '/api/bookings/new'
        ? { status: 200, body: { booking: fresh } }
        : method === 'GET' && path === '/api/bookings/theirs'
          ? { status: 200, body: { booking: others } }
          : undefined,
    );
    applyPushedEvent(push(null, { bookingId: 'theirs', type: 'created', status: 'pending' }), 5);
    applyPushedEvent(push(null, { bookingId: 'new', type: 'created', status: 'pending' }), 5);
    await vi.waitFor(() => expect(useAppointments.getState().byId.new).toEqual(fresh));
    expect(useAppointments.getState().byId.theirs).toBeUndefined();
  });

  it("take the signed-in barber's own bookings, not those they made as a customer of another barber", () => {
    applyPushedEvent(push(booking('own', 1)), null);
    const asCustomer = booking('haircut', 1, {
      barberId: 9,
      barber: { id: 9, user: { id: 33 } } as BookingView['barber'],
      customerId: 20,
    });
    applyPushedEvent(push(asCustomer, { type: 'created' }), null);
    applyPushedEvent(push({ ...asCustomer, version: 2, status: 'confirmed' }), null);
    expect(Object.keys(useAppointments.getState().byId)).toEqual(['own']);
  });

  it('are emptied when another user signs in', () => {
    applyPushedEvent(push(booking('a', 1)), null);
    expect(Object.keys(useAppointments.getState().byId)).toEqual(['a']);
    act(() => useSession.setState({ user: userOf('barber', 21) }));
    expect(useAppointments.getState().byId).toEqual({});
  });

  it('the upcoming page shows newer pushed versions, drops bookings moved out of it and adds pushed ones that fall in it', () => {
    const page = [booking('a', 1, { startTime: '09:00' }), booking('b', 1, { startTime: '11:00' })];
    useAppointments.getState().merge(page);
    const { result } = renderHook(() =>
      useUpcomingView({
        pageBookings: page,
        total: 2,
        page: 1,
        pageSize: 50,
        date: '2099-01-10',
        today: '2026-11-23',
        barberId: 5,
      }),
    );
    expect(result.current.bookings.map((b) => b.id)).toEqual(['a', 'b']);
    act(() => {
      applyPushedEvent(push(booking('a', 2, { startTime: '09:00', status: 'confirmed' })), 5);
      applyPushedEvent(push(booking('b', 2, { date: '2099-01-11' })), 5); // rescheduled to another day
      applyPushedEvent(push(booking('c', 1, { startTime: '10:00' })), 5); // new, on this day
    });
    expect(result.current.bookings.map((b) => `${b.id}:${b.status}`)).toEqual(['a:confirmed', 'c:pending']);
    expect(result.current.total).toBe(2);
  });
});
