// @vitest-environment happy-dom
import '../../../../test/dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../../../test/booking';
import { fakeApi } from '../../../../test/app';
import { PastAppointments } from './PastAppointments';
import { sendResync } from '../../../../test/liveSocket';

vi.mock('../../../../lib/socket', () => import('../../../../test/liveSocket'));

afterEach(() => vi.unstubAllGlobals());

/** A past booking as GET /api/barber-bookings/past answers it. */
const past = (id: string, status: 'completed' | 'cancelled') => ({
  ...bookingView({ id, status, date: '2026-11-01' }),
  serviceName: 'Fade',
  price: '25.00',
});

describe('PastAppointments', () => {
  it('offers Retry when the first page fails, and Retry brings it', async () => {
    let fail = true;
    const first = past('9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', 'completed');
    fakeApi(({ path }) => {
      if (!path.startsWith('/api/barber-bookings/past?')) return undefined;
      if (fail) return { status: 503, body: { message: 'Temporarily unavailable', code: 'INTERNAL' } };
      return { status: 200, body: { bookings: [first], hasMore: false } };
    });
    const user = userEvent.setup();
    render(<PastAppointments onOpen={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Show Past Appointments' }));
    expect(await screen.findByText('Temporarily unavailable')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId(`past-appointment-${first.id}`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads its rows again after an incomplete catch-up, while it is shown', async () => {
    let answer = [past('9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', 'completed')];
    const { requests } = fakeApi(({ path }) =>
      path.startsWith('/api/barber-bookings/past?')
        ? { status: 200, body: { bookings: answer, hasMore: false } }
        : undefined,
    );
    const user = userEvent.setup();
    render(<PastAppointments onOpen={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Show Past Appointments' }));
    await screen.findByTestId('past-appointment-9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d');
    // changed while the connection was down: one more past booking
    answer = [...answer, past('7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', 'cancelled')];
    sendResync();
    expect(await screen.findByTestId('past-appointment-7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e')).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/barber-bookings/past?'))).toHaveLength(2);
    // hidden: nothing is read
    await user.click(screen.getByRole('button', { name: 'Hide Past Appointments' }));
    sendResync();
    expect(requests.filter((r) => r.path.startsWith('/api/barber-bookings/past?'))).toHaveLength(2);
  });

  it('shows the newest read when an earlier one answers after it (a resync while the first page loads)', async () => {
    const before = past('9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', 'completed');
    const after = past('7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', 'cancelled');
    let answerFirst: (response: Response) => void = () => {};
    const json = (bookings: unknown[]) =>
      new Response(JSON.stringify({ bookings, hasMore: false }), { headers: { 'Content-Type': 'application/json' } });
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls += 1;
      return calls === 1 ? new Promise<Response>((resolve) => (answerFirst = resolve)) : Promise.resolve(json([after]));
    });
    const user = userEvent.setup();
    render(<PastAppointments onOpen={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Show Past Appointments' }));
    sendResync();
    expect(await screen.findByTestId(`past-appointment-${after.id}`)).toBeTruthy();
    // the first read, begun before, answers last with what it saw then
    await act(async () => answerFirst(json([before])));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId(`past-appointment-${before.id}`)).toBeNull();
    expect(screen.getByTestId(`past-appointment-${after.id}`)).toBeTruthy();
  });
});
