// @vitest-environment happy-dom
import '../../../../test/dom';
import type { BookingView, PushMessage } from '@barber/shared';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../../stores/session';
import { userOf } from '../../../../test/app';
import { useAppointments } from '../../stores/appointments';
import { applyPushedEvent } from '../../stores/useLiveAppointments';
import { useUpcomingView } from './useUpcomingView';

vi.mock('socket.io-client', () => import('../../../../test/socketStub'));

const booking = (id: string, version: number, over: Partial<BookingView> = {}): BookingView =>
  ({
    id,
    version,
    barberId: 5,
    customerId: 10,
    date: '2099-01-10',
    startTime: '10:00',
    createdAt: '2026-11-01T10:00:00.000Z',
    status: 'confirmed',
    ...over,
  }) as BookingView;

const rescheduled = (b: BookingView): PushMessage =>
  ({
    type: 'rescheduled',
    bookingId: b.id,
    status: null,
    booking: b,
    cursor: '1:1',
    recordedAt: '',
    replayed: false,
  }) as PushMessage;

beforeEach(() => {
  useSession.setState({ user: userOf('barber', 20), status: 'ready' });
  useAppointments.getState().reset();
  useAppointments.getState().claim(20);
});

describe("the barber's upcoming appointments, one day", () => {
  it('lists and counts a booking loaded for another day that an administrator rescheduled into the day', () => {
    // the 11th was opened first: its booking is held
    useAppointments.getState().merge([booking('moved', 1, { date: '2099-01-11', startTime: '09:00' })]);
    const day = [booking('a', 1, { startTime: '08:00' }), booking('b', 1, { startTime: '12:00' })];
    useAppointments.getState().merge(day);
    const { result } = renderHook(() =>
      useUpcomingView({
        pageBookings: day,
        total: 2,
        page: 1,
        pageSize: 50,
        date: '2099-01-10',
        today: '2026-11-23',
        barberId: 5,
      }),
    );
    expect(result.current.bookings.map((b) => b.id)).toEqual(['a', 'b']);

    act(() => applyPushedEvent(rescheduled(booking('moved', 2, { date: '2099-01-10', startTime: '10:30' })), 5));
    expect(result.current.bookings.map((b) => b.id)).toEqual(['a', 'moved', 'b']);
    expect(result.current.total).toBe(3);
  });

  it('adds no held booking of another page, another day or another barber', () => {
    const page1 = [booking('a', 1, { startTime: '08:00' }), booking('b', 1, { startTime: '09:00' })];
    useAppointments
      .getState()
      .merge([
        ...page1,
        booking('page2', 1, { startTime: '15:00' }),
        booking('tomorrow', 1, { date: '2099-01-11' }),
        booking('other', 1, { barberId: 6, startTime: '08:30' }),
      ]);
    const { result } = renderHook(() =>
      useUpcomingView({
        pageBookings: page1,
        total: 3,
        page: 1,
        pageSize: 2,
        date: '2099-01-10',
        today: '2026-11-23',
        barberId: 5,
      }),
    );
    expect(result.current.bookings.map((b) => b.id)).toEqual(['a', 'b']);
    expect(result.current.total).toBe(3);
  });

  it("shows none of page 1's bookings on an empty page 2 (its bookings were cancelled or moved)", () => {
    const page1 = [booking('a', 1, { startTime: '08:00' }), booking('b', 1, { startTime: '09:00' })];
    useAppointments.getState().merge(page1);
    const { result } = renderHook(() =>
      useUpcomingView({
        pageBookings: [],
        total: 2,
        page: 2,
        pageSize: 2,
        date: '2099-01-10',
        today: '2026-11-23',
        barberId: 5,
      }),
    );
    expect(result.current.bookings).toEqual([]);
  });
});
