// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { barberSearchResultOf } from '../../../test/barberSearchResult';
import { QuickBookDialog } from './QuickBookDialog';

vi.mock('socket.io-client', () => import('../../../test/socketStub'));

signedInForEachTest(userOf('customer', 10));

const availability = (slots: string[]) => ({
  status: 200,
  body: {
    barbers: [{ barberId: 42, availableSlots: slots }],
    searchStatus: 'success',
    message: '',
    location: { city: 'miami', county: 'miami-dade' },
  },
});

describe('Quick Book after the time was taken', () => {
  it('reads the free times again and no longer offers the taken one', async () => {
    let free = ['09:00', '09:30'];
    const { requests } = fakeApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith('/api/availability?')) return availability(free);
      if (method === 'POST' && path === '/api/bookings') {
        free = ['09:30']; // another customer booked 9:00 a moment before
        return { status: 409, body: { message: 'This time slot is no longer available', code: 'SLOT_TAKEN' } };
      }
      return undefined;
    });
    const location = memoryLocation({ path: '/search', record: true });
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>
          <QuickBookDialog
            barber={barberSearchResultOf()}
            initialSlot="09:00"
            slots={['09:00', '09:30']}
            date="2026-11-26"
            zipcode="33139"
            onClose={() => {}}
          />
        </Router>
      </QueryClientProvider>,
    );
    // the search's answer behind the dialog, whose cards show the same times
    queryClient.setQueryData(['/api/search/barbers', { zipcode: '33139' }], { barbers: [] });
    const nine = await screen.findByRole('radio', { name: '9:00 AM' });
    expect((nine as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: '9:00 AM' })).toBeNull());
    expect(screen.getByRole('radio', { name: '9:30 AM' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Time' }))
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
    expect(requests.filter((r) => r.path.startsWith('/api/availability?'))).toHaveLength(2);
    expect(location.history).toEqual(['/search']);
    // the search's cards are read again too (their time chips offered 9:00 as well)
    expect(queryClient.getQueryState(['/api/search/barbers', { zipcode: '33139' }])?.isInvalidated).toBe(true);
  });
});
