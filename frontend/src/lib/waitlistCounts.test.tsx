// @vitest-environment happy-dom
import '../test/dom';
import type { PushMessage } from '@barber/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/app';
import { useWaitlistCounts } from './waitlistCounts';

// the one socket client, replaced by a handle on what the screen subscribed
const live = vi.hoisted(() => ({ push: new Set<(msg: PushMessage) => void>() }));
vi.mock('./socket', () => ({
  subscribeToEvents: (h: (msg: PushMessage) => void) => (live.push.add(h), () => live.push.delete(h)),
  subscribeToResync: () => () => {},
}));

const push = (type: string, bookingId: string | null = null) =>
  act(() => {
    for (const h of live.push)
      h({
        type,
        bookingId,
        status: null,
        booking: null,
        cursor: '9:9',
        position: '9',
        recordedAt: '2026-11-24T10:00:00.000Z',
        replayed: false,
      } as PushMessage);
  });

function Counts() {
  const counts = useWaitlistCounts({ from: '2026-11-01', to: '2026-11-30' });
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
