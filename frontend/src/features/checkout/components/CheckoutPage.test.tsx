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
import { bookingView, pushMessage } from '../../../test/booking';
import { CHECKOUT_EXPIRED_REASON, type PushMessage } from '@barber/shared';
import { CheckoutPage } from './CheckoutPage';
import { sendPush } from '../../../test/liveSocket';
import { toast } from '../../../components/ui/toast';

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));
vi.mock('../../../components/ui/toast', () => ({ toast: vi.fn() }));
const toasted = () => vi.mocked(toast).mock.calls.map(([t]) => [t.title, t.description].filter(Boolean).join(': '));

const BOOKING = '0b6c4a0e-4a8e-4d7b-9f59-1c1a7c0f6a11';

beforeEach(() => {
  queryClient.clear();
  vi.mocked(toast).mockClear();
});
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
    sendPush(msg);
    expect(await screen.findByText(/before it was completed, and the time was released/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Appointment' })).toBeNull();
  });
});

describe('the checkout follows every change to its booking, live', () => {
  const pushed = (booking: ReturnType<typeof bookingView>, type: string, position: number) =>
    pushMessage(type, booking, position, BOOKING);

  function renderCheckout() {
    const location = memoryLocation({ path: `/checkout?bookingId=${BOOKING}` });
    return render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CheckoutPage />
        </Router>
      </QueryClientProvider>,
    );
  }

  it('shows the new date and time when the barber or an administrator reschedules the booking', async () => {
    const booking = bookingView({ id: BOOKING, feeCollectionEnabled: false, detailsSaved: true, version: 2 });
    fakeApi(({ method, path }) =>
      method === 'GET' && path === `/api/bookings/${BOOKING}` ? { status: 200, body: { booking } } : undefined,
    );
    renderCheckout();
    expect(await screen.findByText('Thursday, November 26, 2026')).toBeTruthy();
    const moved = { ...booking, version: 3, date: '2026-11-27', startTime: '14:00', endTime: '14:30' };
    sendPush(pushed(moved, 'rescheduled', 10));
    expect(await screen.findByText('Friday, November 27, 2026')).toBeTruthy();
    expect(screen.getByText('2:00 PM - 2:30 PM')).toBeTruthy();
    expect(screen.queryByText('Thursday, November 26, 2026')).toBeNull();
    // an older copy (a replay after the reschedule) does not take it back
    await act(async () => {
      sendPush(pushed(booking, 'detailsUpdated', 11));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByText('Friday, November 27, 2026')).toBeTruthy();
  });

  it('leaves the payment step when the booking is paid and confirmed in another tab', async () => {
    const booking = bookingView({ id: BOOKING, feeCollectionEnabled: true, detailsSaved: true, version: 2 });
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === `/api/bookings/${BOOKING}`) return { status: 200, body: { booking } };
      // no publishable key: the step shows its Try Again, still a payment step
      if (path === '/api/stripe/config') return { status: 200, body: { publishableKey: null } };
      if (path === '/api/create-payment-intent') return { status: 200, body: { clientSecret: 'pi_1_secret_2' } };
      return undefined;
    });
    const quiet = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error')].map((s) => s.mockImplementation(() => {}));
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    const paid = { ...booking, version: 4, status: 'confirmed' as const, paid: true, stripePaymentId: 'pi_1' };
    sendPush(pushed(paid, 'confirmed', 12));
    expect(await screen.findByText('Confirmed')).toBeTruthy();
    expect(screen.getByText(/There is nothing left to do here/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    quiet.forEach((s) => s.mockRestore());
  });

  it('reads the booking again when an event comes without it', async () => {
    let booking = bookingView({ id: BOOKING, feeCollectionEnabled: false, detailsSaved: true, version: 2 });
    fakeApi(({ method, path }) =>
      method === 'GET' && path === `/api/bookings/${BOOKING}` ? { status: 200, body: { booking } } : undefined,
    );
    renderCheckout();
    expect(await screen.findByText('Thursday, November 26, 2026')).toBeTruthy();
    booking = { ...booking, version: 3, date: '2026-11-27', startTime: '14:00', endTime: '14:30' };
    const bookingless = { ...pushed(booking, 'rescheduled', 14), booking: null } as PushMessage;
    sendPush(bookingless);
    expect(await screen.findByText('Friday, November 27, 2026')).toBeTruthy();
    expect(screen.getByText('2:00 PM - 2:30 PM')).toBeTruthy();
  });

  it("says why a confirmation was refused, under the specification's title", async () => {
    const booking = bookingView({ id: BOOKING, feeCollectionEnabled: false, detailsSaved: true, version: 2 });
    const reason = 'This appointment has already ended.';
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === `/api/bookings/${BOOKING}`) return { status: 200, body: { booking } };
      if (method === 'PUT' && path === `/api/bookings/${BOOKING}/status`)
        return { status: 409, body: { code: 'TOO_LATE', message: reason } };
      return undefined;
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Appointment' }));
    await vi.waitFor(() => expect(toasted()).toEqual([`Failed to confirm appointment.: ${reason}`]));
    expect(screen.getByRole('button', { name: 'Confirm Appointment' })).toBeTruthy();
  });

  it("keeps the customer's own confirmation on screen when its push comes back", async () => {
    const booking = bookingView({ id: BOOKING, feeCollectionEnabled: false, detailsSaved: true, version: 2 });
    const confirmed = { ...booking, version: 3, status: 'confirmed' as const };
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path === `/api/bookings/${BOOKING}`) return { status: 200, body: { booking } };
      if (method === 'PUT' && path === `/api/bookings/${BOOKING}/status`)
        return { status: 200, body: { booking: confirmed } };
      return undefined;
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Appointment' }));
    expect(await screen.findByText('Appointment Confirmed!')).toBeTruthy();
    // the cache tells its observers on the next tick: the screen is drawn again after it
    await act(async () => {
      sendPush(pushed(confirmed, 'confirmed', 13));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText(/There is nothing left to do here/)).toBeNull();
    expect(screen.getByText('Appointment Confirmed!')).toBeTruthy();
    expect(screen.getByText('Redirecting to your bookings...')).toBeTruthy();
    // nothing left to edit: the redirect is not cut short by the contact form
    expect((screen.getByRole('button', { name: 'Edit Details' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
