// @vitest-environment happy-dom
import '../../../test/dom';
import type { BookingView, PushMessage } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LiveAnnouncer } from '../../../components/ui/LiveAnnouncer';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { useMyBookings } from '../stores/bookings';
import { BookingsPage } from './BookingsPage';
import { sendPush } from '../../../test/liveSocket';

vi.mock('../../../lib/socket', () => import('../../../test/liveSocket'));

const booking = (id: string, version: number, status: BookingView['status'], customerId = 10): BookingView => {
  const base = bookingView({
    id,
    version,
    status,
    customerId,
    date: '2099-11-26',
    feeCollectionEnabled: false,
    customerPhone: null,
    customerAddress: null,
  });
  return { ...base, customer: { ...base.customer, id: customerId } };
};

const push = (b: BookingView): PushMessage =>
  ({
    type: 'status_changed',
    bookingId: b.id,
    status: b.status,
    booking: b,
    cursor: `1:${b.version}`,
    recordedAt: b.updatedAt,
  }) as PushMessage;

/** GET /api/my-bookings answered by `answer()`. */
function myBookings(answer: () => { status?: number; body?: unknown }) {
  return ({ method, path }: { method: string; path: string }) =>
    method === 'GET' && path === '/api/my-bookings' ? answer() : undefined;
}

function renderPage() {
  const location = memoryLocation({ path: '/bookings' });
  return render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BookingsPage />
      </Router>
    </QueryClientProvider>,
  );
}

const statusOf = (id: string) => within(screen.getByTestId(`booking-${id}`)).getByTestId('booking-status').textContent;

signedInForEachTest(userOf('customer', 10));

describe('My Bookings, live', () => {
  it('applies a newer pushed version and ignores an older one', async () => {
    fakeApi(myBookings(() => ({ status: 200, body: { bookings: [booking('b1', 2, 'confirmed')] } })));
    renderPage();
    await waitFor(() => expect(statusOf('b1')).toBe('Confirmed'));
    sendPush(push(booking('b1', 3, 'en_route')));
    expect(statusOf('b1')).toBe('Barber En Route');
    sendPush(push(booking('b1', 2, 'confirmed')));
    expect(statusOf('b1')).toBe('Barber En Route');
  });

  it('says a status reached live to screen readers, through the polite live region', async () => {
    fakeApi(myBookings(() => ({ status: 200, body: { bookings: [booking('a1', 2, 'confirmed')] } })));
    renderPage();
    render(<LiveAnnouncer />);
    await waitFor(() => expect(statusOf('a1')).toBe('Confirmed'));
    sendPush(push(booking('a1', 3, 'arrived')));
    const region = screen.getByTestId('live-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toMatch(/^Your .+ with .+: Barber Arrived\.$/);
    // a replayed event (catch-up after a reconnect) is not said again
    sendPush({ ...push(booking('a1', 4, 'in_progress')), replayed: true } as PushMessage);
    expect(region.textContent).not.toMatch(/In Progress/i);
  });

  it("keeps a pushed version newer than the page that answered after it, and adds the user's new bookings, not others'", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (!String(input).endsWith('/api/my-bookings')) return json(404, { message: 'Not found', code: 'NOT_FOUND' });
      await gate;
      return json(200, { bookings: [booking('b1', 1, 'pending')] });
    });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading bookings' })).toBeTruthy();
    sendPush(push(booking('b1', 2, 'confirmed')));
    sendPush(push(booking('mine', 1, 'pending')));
    sendPush(push(booking('theirs', 1, 'pending', 99))); // a barber's client's booking
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('booking-b1')).toBeTruthy());
    expect(statusOf('b1')).toBe('Confirmed');
    expect(statusOf('mine')).toBe('Pending');
    expect(screen.queryByTestId('booking-theirs')).toBeNull();
  });

  it('reads the list again when an event comes without its booking, once for a burst', async () => {
    let version = 2;
    let reads = 0;
    fakeApi(
      myBookings(() => {
        reads += 1;
        return { status: 200, body: { bookings: [booking('b1', version, version > 2 ? 'cancelled' : 'confirmed')] } };
      }),
    );
    renderPage();
    await waitFor(() => expect(statusOf('b1')).toBe('Confirmed'));
    expect(reads).toBe(1);
    version = 3;
    const bookingless = (n: number) =>
      ({
        type: 'cancelled',
        bookingId: 'b1',
        status: 'cancelled',
        booking: null,
        cursor: `2:${n}`,
        recordedAt: '',
      }) as PushMessage;
    sendPush(bookingless(1));
    sendPush(bookingless(2));
    sendPush(bookingless(3));
    await waitFor(() => expect(statusOf('b1')).toBe('Cancelled'));
    // at once, and once more at the second's end for the two after it
    await waitFor(() => expect(reads).toBe(3), { timeout: 3000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(reads).toBe(3);
  });

  it("never shows the previous user's bookings to the next user", async () => {
    let owner = 10;
    fakeApi(myBookings(() => ({ status: 200, body: { bookings: owner === 10 ? [booking('b1', 1, 'pending')] : [] } })));
    const view = renderPage();
    await waitFor(() => expect(statusOf('b1')).toBe('Pending'));
    view.unmount();
    owner = 11;
    act(() => useSession.setState({ user: userOf('customer', 11) }));
    expect(useMyBookings.getState().byId).toEqual({});
    renderPage();
    await screen.findByText('No Bookings Yet');
    expect(screen.queryByTestId('booking-b1')).toBeNull();
  });

  it('shows the error of a first load that failed, and Try Again loads again', async () => {
    let fail = true;
    fakeApi(
      myBookings(() =>
        fail
          ? { status: 500, body: { message: 'Down', code: 'INTERNAL' } }
          : { status: 200, body: { bookings: [booking('b1', 1, 'pending')] } },
      ),
      // the page's waitlist section loads too: an empty list, so the only error shown is the bookings'
      ({ method, path }) =>
        method === 'GET' && path === '/api/waitlist' ? { status: 200, body: { entries: [] } } : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    fail = false;
    act(() => retry.click());
    await waitFor(() => expect(statusOf('b1')).toBe('Pending'));
  });

  it('the cancel dialog follows the booking: a move names the new time and is the version cancelled; a cancellation closes it', async () => {
    const { requests } = fakeApi(
      myBookings(() => ({
        status: 200,
        body: { bookings: [{ ...booking('b1', 2, 'confirmed'), startTime: '14:00' }] },
      })),
      ({ method, path, body }) =>
        method === 'PUT' && path === '/api/bookings/b1/status'
          ? {
              status: 200,
              body: { booking: { ...booking('b1', 4, 'cancelled'), startTime: '16:00', ...(body as object) } },
            }
          : undefined,
    );
    renderPage();
    await waitFor(() => expect(statusOf('b1')).toBe('Confirmed'));
    act(() => within(screen.getByTestId('booking-b1')).getByRole('button', { name: 'Cancel Booking' }).click());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('at 2:00 PM');
    act(() => sendPush(push({ ...booking('b1', 3, 'confirmed'), startTime: '16:00' }))); // the barber moved it
    expect(dialog.textContent).toContain('at 4:00 PM');
    act(() => within(dialog).getByRole('button', { name: 'Yes, Cancel Booking' }).click());
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ status: 'cancelled', expectedVersion: 3 });

    sendPush(push(booking('b2', 1, 'confirmed')));
    await waitFor(() => expect(screen.queryByTestId('booking-b2')).not.toBeNull());
    act(() => within(screen.getByTestId('booking-b2')).getByRole('button', { name: 'Cancel Booking' }).click());
    await screen.findByRole('dialog');
    act(() => sendPush(push(booking('b2', 2, 'cancelled')))); // the barber cancelled it meanwhile
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
