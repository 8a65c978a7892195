// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { useCalendarMarks } from './bookingDates';
import { push } from '../../../test/liveSocket';

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));

// the signed-in barber is user 20 (bookingView's barber)
signedInForEachTest(userOf('barber', 20));

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
    push('notesUpdated', bookingView({ version: 2 }));
    const another = bookingView({ id: 'o1', barberId: 9 });
    push('rescheduled', {
      ...another,
      barber: { ...another.barber, id: 9, user: { ...another.barber.user, id: 33 } },
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads()).toBe(1);

    dates = ['2026-11-27', '2026-11-30'];
    push('rescheduled', bookingView({ version: 3, date: '2026-11-27' }));
    await waitFor(() => expect(result.current.dates).toEqual(['2026-11-27', '2026-11-30']));
    expect(reads()).toBe(2);

    // made, cancelled, expired in a burst, the second after a read: once at once, once at the second's end
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_100)));
    for (const type of ['created', 'cancelled', 'expired']) push(type, bookingView({ id: `b-${type}`, version: 2 }));
    await waitFor(() => expect(reads()).toBe(4), { timeout: 3_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(reads()).toBe(4);
  });
});
