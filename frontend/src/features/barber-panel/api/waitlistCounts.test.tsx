// @vitest-environment happy-dom
import '../../../test/dom';
import type { BookingView, PushMessage } from '@barber/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { bookingView } from '../../../test/booking';
import { useWaitlistCounts } from './waitlistCounts';

// the one socket client, replaced by a handle on what the screen subscribed
const live = vi.hoisted(() => ({ push: new Set<(msg: PushMessage) => void>() }));
vi.mock('../../../lib/socket', () => ({
  subscribeToEvents: (h: (msg: PushMessage) => void) => (live.push.add(h), () => live.push.delete(h)),
  subscribeToResync: () => () => {},
}));

const push = (type: string, bookingId: string | null = null, booking: BookingView | null = null) =>
  act(() => {
    for (const h of live.push)
      h({
        type,
        bookingId,
        status: null,
        booking,
        cursor: '9:9',
        position: '9',
        recordedAt: '2026-11-24T10:00:00.000Z',
        replayed: false,
      } as PushMessage);
  });

function Counts({ barberId }: { barberId?: number }) {
  const counts = useWaitlistCounts({ from: '2026-11-01', to: '2026-11-30', barberId });
  return <p>{counts.get('2026-11-26') ?? 0} waiting</p>;
}

describe('the waitlist counts of the appointments calendar', () => {
  it('are read again when a customer joins or leaves, or a booking is made or freed; not on other changes', async () => {
    let waiting = 1;
    const api = fakeApi((r) =>
      r.path.startsWith('/api/barber/waitlist/counts')
        ? { status: 200, body: { counts: waiting ? [{ date: '2026-11-26', count: waiting }] : [] } }
        : undefined,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Counts />
      </QueryClientProvider>,
    );
    await screen.findByText('1 waiting');
    const reads = () => api.requests.filter((r) => r.path.startsWith('/api/barber/waitlist/counts')).length;

    waiting = 2;
    push('waitlistJoined');
    await screen.findByText('2 waiting');

    push('enRoute', 'b-1'); // a status change moves no count
    push('completed', 'b-1');
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(2);

    waiting = 1;
    push('created', 'b-2'); // the waiting customer booked
    await screen.findByText('1 waiting');
    waiting = 0;
    push('waitlistLeft');
    await waitFor(() => expect(screen.getByText('0 waiting')).toBeTruthy());
    expect(reads()).toBe(4);
  });
});

describe('the waitlist counts, as the bookings of the whole platform are pushed', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ user: null, status: 'loading' });
  });

  /** The calendar of `barberId` (none: the signed-in barber's) shown; how many times its counts were read. */
  async function calendar(barberId?: number) {
    const api = fakeApi((r) =>
      r.path.startsWith('/api/barber/waitlist/counts')
        ? { status: 200, body: { counts: [{ date: '2026-11-26', count: 1 }] } }
        : undefined,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Counts barberId={barberId} />
      </QueryClientProvider>,
    );
    await screen.findByText('1 waiting');
    return () => api.requests.filter((r) => r.path.startsWith('/api/barber/waitlist/counts')).length;
  }
  const settle = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
  // Marcus Lee: barber 5, user 20 (test/booking); another barber: 6, user 21
  const other = (id: string) =>
    bookingView({
      id,
      barberId: 6,
      barber: { ...bookingView().barber, id: 6, user: { ...bookingView().barber.user, id: 21 } },
    });

  it("an administrator's calendar of a barber reads nothing for another barber's bookings", async () => {
    useSession.setState({ user: userOf('admin', 1), status: 'ready' });
    const reads = await calendar(5);
    push('created', 'o1', other('o1'));
    push('cancelled', 'o2', other('o2'));
    await settle(1_200);
    expect(reads()).toBe(1);
    push('created', 'm1', bookingView({ id: 'm1' })); // one of Marcus's
    await waitFor(() => expect(reads()).toBe(2));
  });

  it("a barber's own calendar reads nothing for another barber's bookings (told by the barber's user)", async () => {
    useSession.setState({ user: userOf('barber', 20), status: 'ready' });
    const reads = await calendar();
    push('cancelled', 'o1', other('o1'));
    await settle(1_200);
    expect(reads()).toBe(1);
    push('cancelled', 'm1', bookingView({ id: 'm1' }));
    await waitFor(() => expect(reads()).toBe(2));
  });

  it("reads a burst of the barber's changes once at once and once a second later, not once each", async () => {
    useSession.setState({ user: userOf('admin', 1), status: 'ready' });
    const reads = await calendar(5);
    for (let n = 0; n < 10; n += 1) push(n % 2 ? 'cancelled' : 'created', `m${n}`, bookingView({ id: `m${n}` }));
    await settle(1_500);
    expect(reads() - 1).toBeGreaterThanOrEqual(1);
    expect(reads() - 1).toBeLessThanOrEqual(2);
  });
});
