// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { CheckoutPage } from './CheckoutPage';

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
