// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { CHECKOUT_EXPIRED_REASON, type PushMessage } from '@barber/shared';
import { CheckoutPage } from './CheckoutPage';

// the one socket client, replaced by a handle on what the screen subscribed
const live = vi.hoisted(() => ({ push: new Set<(msg: PushMessage) => void>() }));
vi.mock('../../../lib/socket', () => ({
  subscribeToEvents: (h: (msg: PushMessage) => void) => (live.push.add(h), () => void live.push.delete(h)),
}));

const BOOKING = '0b6c4a0e-4a8e-4d7b-9f59-1c1a7c0f6a11';

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the checkout when its booking cannot be shown', () => {
  it('offers Retry when the server fails, and says Booking Not Found only when the booking is not there', async () => {
    let answer = { status: 503, body: { message: 'Down for maintenance', code: 'MAINTENANCE' } };
    fakeApi(({ method, path }) => (method === 'GET' && path === `/api/bookings/${BOOKING}` ? answer : undefined));
    const location = memoryLocation({ path: `/checkout?bookingId=${BOOKING}` });
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CheckoutPage />
        </Router>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('This booking could not be loaded. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Booking Not Found' })).toBeNull();

    answer = { status: 404, body: { message: 'Booking not found', code: 'NOT_FOUND' } };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Booking Not Found' })).toBeTruthy();
  });
});

describe("the checkout's second step", () => {
  it("follows the booking's own fee rule, whatever the platform's switch says now", async () => {
    const booking = bookingView({ id: BOOKING, feeCollectionEnabled: false, detailsSaved: true });
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === `/api/bookings/${BOOKING}`) return { status: 200, body: { booking } };
      if (path === '/api/fee-collection-status') return { status: 200, body: { feeCollectionEnabled: true } };
      return undefined;
    });
    const location = memoryLocation({ path: `/checkout?bookingId=${BOOKING}` });
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CheckoutPage />
        </Router>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Confirm Appointment' })).toBeTruthy();
    expect(screen.queryByText('Preparing secure payment...')).toBeNull();
  });
});

describe('the checkout, live', () => {
  it('says the checkout expired the moment it does, while the customer is on step 2', async () => {
    const booking = bookingView({ id: BOOKING, feeCollectionEnabled: false, detailsSaved: true, version: 2 });
    fakeApi(({ method, path }) =>
      method === 'GET' && path === `/api/bookings/${BOOKING}` ? { status: 200, body: { booking } } : undefined,
    );
    const location = memoryLocation({ path: `/checkout?bookingId=${BOOKING}` });
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CheckoutPage />
        </Router>
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Confirm Appointment' });
    const expired = {
      ...booking,
      version: 3,
      status: 'cancelled' as const,
      cancellationReason: CHECKOUT_EXPIRED_REASON,
    };
    const msg = {
      position: '9',
      cursor: '1:9',
      bookingId: BOOKING,
      type: 'expired',
      status: 'cancelled',
      booking: expired,
      recordedAt: '2026-11-24T12:00:00.000Z',
      replayed: false,
    } as PushMessage;
    act(() => live.push.forEach((h) => h(msg)));
    expect(await screen.findByText(/before it was completed, and the time was released/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Appointment' })).toBeNull();
  });
});
