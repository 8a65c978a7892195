// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { EarningsReport } from '@barber/shared';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { DashboardPage } from '../components/DashboardPage';
import { push } from '../../../test/liveSocket';

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));

// the signed-in barber is user 20 (bookingView's barber)
signedInForEachTest(userOf('barber', 20));
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const totals = (gross: number) => ({
  totalBookings: 3,
  totalRevenue: gross,
  netRevenue: gross * 0.9,
  platformFees: gross * 0.1,
  newClients: 1,
});

function earnings(gross: number): EarningsReport {
  return {
    earnings: totals(gross),
    startDate: '2026-10-26',
    endDate: '2026-11-24',
    previous: { ...totals(0), startDate: '2026-09-26', endDate: '2026-10-25' },
    series: { unit: 'day', points: [] },
    byService: [],
  };
}

describe("the barber's earnings, live", () => {
  it("read the dashboard's revenue again when a booking of the barber's is refunded elsewhere, a burst at most once a second", async () => {
    let gross = 200;
    const { requests } = fakeApi(({ method, path }) =>
      method === 'GET' && path.startsWith('/api/barber/earnings?') ? { status: 200, body: earnings(gross) } : undefined,
    );
    const reads = () => requests.filter((r) => r.path.startsWith('/api/barber/earnings?')).length;
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: '/barber' }).hook}>
          <DashboardPage />
        </Router>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('$180.00')).toBeTruthy(); // the barber's 90%
    expect(reads()).toBe(1);

    // an administrator refunds one of the barber's completed bookings
    gross = 150;
    push('refunded', bookingView({ id: 'r1', version: 5, status: 'completed', refunded: true }));
    expect(await screen.findByText('$135.00')).toBeTruthy();
    expect(reads()).toBe(2);

    // the second after a read: a push now would read at once
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(reads()).toBe(2);

    // not the barber's: another barber's booking, their own booking with another barber, an event that changes no earnings
    const barberUser = (id: number) => ({ ...bookingView().barber.user, id });
    push(
      'completed',
      bookingView({ id: 'o1', barberId: 9, barber: { ...bookingView().barber, id: 9, user: barberUser(33) } }),
    );
    push('notesUpdated', bookingView({ id: 'r1', version: 6 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(2);

    // a burst: read once at once and once more at the second's end, not once each
    gross = 100;
    for (const type of ['completed', 'rescheduled', 'cancelled', 'refundFailed'])
      push(type, bookingView({ id: `b-${type}`, version: 2 }));
    expect(await screen.findByText('$90.00')).toBeTruthy();
    await waitFor(() => expect(reads()).toBe(4), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(reads()).toBe(4);
  });
});
