// @vitest-environment happy-dom
import '../../test/dom';
import type { PushMessage, WaitlistEntry } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fakeApi } from '../../test/app';
import { queryClient } from '../../lib/queryClient';
import { useWaitlistNotices, waitlistQueryKey } from '../../stores/waitlist';
import { WaitlistLive } from './WaitlistLive';
import { WaitlistSection } from './WaitlistSection';

// the one socket client, replaced by a handle on what the screen subscribed
const live = vi.hoisted(() => ({ push: new Set<(msg: PushMessage) => void>() }));
vi.mock('../../lib/socket', () => ({
  subscribeToEvents: (h: (msg: PushMessage) => void) => (live.push.add(h), () => live.push.delete(h)),
  subscribeToResync: () => () => {},
}));

const entry = (over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id: 1,
  barberId: 5,
  barberName: 'Marcus Lee',
  serviceId: 7,
  serviceName: 'Fade',
  date: '2099-11-26',
  startTime: null,
  endTime: null,
  zipcode: '33139',
  status: 'waiting',
  notifiedAt: null,
  notifiedSlot: null,
  createdAt: '2026-11-22T15:00:00.000Z',
  ...over,
});

const opened = (recordedAt: string): PushMessage =>
  ({
    type: 'waitlistSlotOpened',
    bookingId: null,
    status: null,
    booking: null,
    cursor: `9:${Date.parse(recordedAt)}`,
    position: '9',
    recordedAt,
    replayed: false,
  }) as PushMessage;

function renderBoth() {
  const location = memoryLocation({ path: '/bookings', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <WaitlistSection userId={10} />
        <WaitlistLive userId={10} />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

beforeEach(() => {
  queryClient.clear();
  useWaitlistNotices.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('the waitlist on the customer side', () => {
  it('a pushed waitlistSlotOpened shows the opened slot at once, with a link to the booking widget on that barber, date and time', async () => {
    let answer = [entry()];
    fakeApi(({ method, path }) =>
      method === 'GET' && path === '/api/waitlist' ? { status: 200, body: { entries: answer } } : undefined,
    );
    renderBoth();
    const section = await screen.findByRole('region', { name: 'Waitlist' });
    await within(section).findByText('Waiting');
    expect(screen.queryByTestId('waitlist-slot-opened')).toBeNull();

    const now = new Date().toISOString();
    answer = [entry({ status: 'notified', notifiedAt: now, notifiedSlot: '10:00' })];
    act(() => live.push.forEach((h) => h(opened(now))));
    const notice = await screen.findByTestId('waitlist-slot-opened');
    expect(notice.textContent).toContain('A slot opened with Marcus Lee on Thu, Nov 26, 2099 at 10:00 AM.');
    expect(within(notice).getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe(
      '/barbers/5?date=2099-11-26&startTime=10:00&serviceId=7&zipcode=33139',
    );
    await within(section).findByText('Slot opened');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('waitlist-slot-opened')).toBeNull();
  });

  it('does not announce a slot told long before the event that arrived (a replay after reconnecting)', async () => {
    const told = '2026-11-22T15:00:00.000Z';
    fakeApi(({ method, path }) =>
      method === 'GET' && path === '/api/waitlist'
        ? { status: 200, body: { entries: [entry({ status: 'notified', notifiedAt: told, notifiedSlot: '10:00' })] } }
        : undefined,
    );
    renderBoth();
    await screen.findByText('Slot opened');
    queryClient.setQueryData(waitlistQueryKey(10), []); // as if the page had not seen it yet
    act(() => live.push.forEach((h) => h(opened('2026-11-23T15:00:00.000Z'))));
    await waitFor(() => expect(queryClient.getQueryData(waitlistQueryKey(10))).toHaveLength(1));
    expect(screen.queryByTestId('waitlist-slot-opened')).toBeNull();
  });

  it('Leave waitlist removes the entry through DELETE /api/waitlist/{id}', async () => {
    let entries = [entry({ id: 3 })];
    const { requests } = fakeApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/waitlist') return { status: 200, body: { entries } };
      if (method === 'DELETE' && path === '/api/waitlist/3') {
        entries = [];
        return { status: 200, body: { ok: true } };
      }
      return undefined;
    });
    renderBoth();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave waitlist: Marcus Lee, Thu, Nov 26, 2099' }));
    await screen.findByText(/You are not waiting for any barber/);
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/waitlist/3')).toBe(true);
  });
});
