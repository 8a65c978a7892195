// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView, PushMessage } from '@barber/shared';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { bookingView, pushMessage } from '../../../test/booking';
import { useCalendarMarks } from './bookingDates';

// the one socket client, replaced by a handle on what the screen subscribed
const live = vi.hoisted(() => ({ push: new Set<(msg: PushMessage) => void>() }));
vi.mock('../../../lib/socket', () => ({
  subscribeToEvents: (h: (msg: PushMessage) => void) => (live.push.add(h), () => void live.push.delete(h)),
}));

// the signed-in barber is user 20 (bookingView's barber)
beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('barber', 20), status: 'ready' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
});

let position = 0;
function pushed(type: string, booking: BookingView): void {
  position += 1;
  const msg = pushMessage(type, booking, position);
  act(() => live.push.forEach((h) => h(msg)));
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe("the appointments calendar's marked days, live", () => {
  it("unmark a booking's old day when an administrator reschedules it, read again at most once a second", async () => {
    let dates = ['2026-11-26', '2026-11-30'];
    const { requests } = fakeApi(({ method, path }) =>
      method === 'GET' && path.startsWith('/api/barber-bookings/dates?') ? { status: 200, body: { dates } } : undefined,
    );
    const reads = () => requests.filter((r) => r.path.startsWith('/api/barber-bookings/dates?')).length;
    const { result } = renderHook(() => useCalendarMarks({ year: 2026, month: 11 }), { wrapper });
    await waitFor(() => expect(result.current.dates).toEqual(['2026-11-26', '2026-11-30']));

    // an event that moves no booking, and another barber's booking: not read again
    pushed('notesUpdated', bookingView({ version: 2 }));
    const another = bookingView({ id: 'o1', barberId: 9 });
    pushed('rescheduled', {
      ...another,
      barber: { ...another.barber, id: 9, user: { ...another.barber.user, id: 33 } },
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads()).toBe(1);

    dates = ['2026-11-27', '2026-11-30'];
    pushed('rescheduled', bookingView({ version: 3, date: '2026-11-27' }));
    await waitFor(() => expect(result.current.dates).toEqual(['2026-11-27', '2026-11-30']));
    expect(reads()).toBe(2);

    // made, cancelled, expired in a burst, the second after a read: once at once, once at the second's end
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
    for (const type of ['created', 'cancelled', 'expired']) pushed(type, bookingView({ id: `b-${type}`, version: 2 }));
    await waitFor(() => expect(reads()).toBe(4), { timeout: 3_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(reads()).toBe(4);
  });
});
