// @vitest-environment happy-dom
import '../../../../test/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingView } from '../../../../test/booking';
import { fakeApi } from '../../../../test/app';
import { PastAppointments } from './PastAppointments';

afterEach(() => vi.unstubAllGlobals());

describe('PastAppointments', () => {
  it('offers Retry when the first page fails, and Retry brings it', async () => {
    let fail = true;
    const past = {
      ...bookingView({ id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d', status: 'completed', date: '2026-11-01' }),
      serviceName: 'Fade',
      price: '25.00',
    };
    fakeApi(({ path }) => {
      if (!path.startsWith('/api/barber-bookings/past?')) return undefined;
      if (fail) return { status: 503, body: { message: 'Temporarily unavailable', code: 'INTERNAL' } };
      return { status: 200, body: { bookings: [past], hasMore: false } };
    });
    const user = userEvent.setup();
    render(<PastAppointments onOpen={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Show Past Appointments' }));
    expect(await screen.findByText('Temporarily unavailable')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId(`past-appointment-${past.id}`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
