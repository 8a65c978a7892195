// @vitest-environment happy-dom
import '../../../test/dom';
import type { Service } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { barberSearchResultOf } from '../../../test/barberSearchResult';
import { SearchPage } from './SearchPage';

vi.mock('socket.io-client', () => import('../../../test/socketStub'));

signedInForEachTest(userOf('customer', 10));

const service = (id: number, name: string, category: string, duration: number, price: string): Service => ({
  id,
  barberId: 42,
  name,
  description: '',
  duration,
  price,
  category,
  isActive: true,
});

// the server answers a barber's services by price: the haircut comes last
const barber = barberSearchResultOf({
  services: [
    service(21, 'Beard Trim', 'beard', 15, '20.00'),
    service(22, 'Hot Towel Shave', 'shave', 20, '25.00'),
    service(23, 'Fade', 'haircut', 45, '35.00'),
  ],
  availableSlots: ['09:00', '09:30'],
});

function renderSearch(path: string) {
  const { requests } = fakeApi(({ method, path: p }) => {
    if (method === 'GET' && p.startsWith('/api/search/barbers?')) {
      return {
        status: 200,
        body: { barbers: [barber], message: 'Found 1 barbers', total: 1, page: 1, pageSize: 20, hasMore: false },
      };
    }
    if (method === 'GET' && p.startsWith('/api/availability?')) {
      return {
        status: 200,
        body: {
          barbers: [{ barberId: 42, availableSlots: ['09:00', '09:30'] }],
          searchStatus: 'success',
          message: '',
          location: { city: 'miami', county: 'miami-dade' },
        },
      };
    }
    return undefined;
  });
  return { requests, location: renderPage(path) };
}

function renderPage(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SearchPage />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const checkedService = () =>
  within(screen.getByRole('group', { name: 'Service' }))
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.getAttribute('aria-label'));

describe('a search of a service category', () => {
  it("opens Quick Book with that category's service listed first and chosen, and asks its times", async () => {
    const { requests } = renderSearch('/search?zipcode=33139&date=2026-11-26&serviceCategory=haircut');
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now with Marcus Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quick Book' });
    expect(
      within(dialog)
        .getAllByRole('radio', { name: /min/ })
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Fade, 45 min, $35.00', 'Beard Trim, 15 min, $20.00', 'Hot Towel Shave, 20 min, $25.00']);
    expect(checkedService()).toEqual(['Fade, 45 min, $35.00']);
    await within(dialog).findByRole('radio', { name: '9:00 AM' });
    const asked = requests.filter((r) => r.path.startsWith('/api/availability?')).map((r) => r.path);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((p) => new URLSearchParams(p.split('?')[1]).get('serviceId') === '23')).toBe(true);
  });

  it('keeps the services in their order, the first chosen, when the search asked for all services', async () => {
    renderSearch('/search?zipcode=33139&date=2026-11-26');
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now with Marcus Lee' }));
    await screen.findByRole('radio', { name: '9:00 AM' });
    expect(checkedService()).toEqual(['Beard Trim, 15 min, $20.00']);
  });

  it("carries the category's service to the profile as serviceId (its booking widget has it chosen)", async () => {
    renderSearch('/search?zipcode=33139&date=2026-11-26&serviceCategory=haircut');
    const link = await screen.findByRole('link', { name: 'View Profile of Marcus Lee' });
    expect(link.getAttribute('href')).toBe('/barber-profile/42?date=2026-11-26&zipcode=33139&serviceId=23');
  });
});

describe('the search form', () => {
  const values = () => ({
    zipcode: (screen.getByLabelText('Zipcode') as HTMLInputElement).value,
    date: (screen.getByLabelText('Date') as HTMLInputElement).value,
    startTime: (screen.getByLabelText('Earliest Time (optional)') as HTMLSelectElement).value,
    endTime: (screen.getByLabelText('Latest Time (optional)') as HTMLSelectElement).value,
    serviceCategory: (screen.getByLabelText('Service Category (optional)') as HTMLSelectElement).value,
  });

  it("follows the URL when it changes without a submit (Back, Forward, the top bar's link to /search)", async () => {
    const { location } = renderSearch('/search?zipcode=33139&date=2026-11-26&startTime=09:00&serviceCategory=haircut');
    await screen.findByRole('heading', { name: /Found 1 available barber/ });
    expect(values()).toEqual({
      zipcode: '33139',
      date: '2026-11-26',
      startTime: '09:00',
      endTime: '',
      serviceCategory: 'haircut',
    });

    // the browser goes back to an earlier search
    act(() => location.navigate('/search?zipcode=33101&date=2026-11-27&endTime=18:00'));
    await waitFor(() =>
      expect(values()).toEqual({
        zipcode: '33101',
        date: '2026-11-27',
        startTime: '',
        endTime: '18:00',
        serviceCategory: 'all',
      }),
    );

    // the top bar's magnifier: a new search
    act(() => location.navigate('/search'));
    await waitFor(() =>
      expect(values()).toEqual({ zipcode: '', date: '', startTime: '', endTime: '', serviceCategory: 'all' }),
    );
  });

  it('keeps what is typed while the URL stays the same', async () => {
    renderSearch('/search?zipcode=33139&date=2026-11-26');
    await screen.findByRole('heading', { name: /Found 1 available barber/ });
    const zipcode = screen.getByLabelText('Zipcode');
    await userEvent.clear(zipcode);
    await userEvent.type(zipcode, '33101');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now with Marcus Lee' }));
    await screen.findByRole('radio', { name: '9:00 AM' });
    expect((zipcode as HTMLInputElement).value).toBe('33101');
  });
});

describe('Show more', () => {
  it('lists a barber the ranking moved onto the next page meanwhile once, not twice', async () => {
    const named = (id: number, fullName: string) =>
      barberSearchResultOf({
        id,
        user: { id, fullName, username: `u${id}`, phone: null, email: `u${id}@example.com` },
      });
    const [ana, ben, cy] = [named(1, 'Ana Ruiz'), named(2, 'Ben Ortiz'), named(3, 'Cy Moreno')];
    fakeApi(({ method, path }) => {
      if (method !== 'GET' || !path.startsWith('/api/search/barbers?')) return undefined;
      const page = Number(new URLSearchParams(path.split('?')[1]).get('page') ?? 1);
      const barbers = page === 1 ? [ana, ben] : [ben, cy]; // Ana got a review: Ben slid onto page 2
      return {
        status: 200,
        body: { barbers, message: 'Found 3 available barber(s)', total: 3, page, pageSize: 2, hasMore: page === 1 },
      };
    });
    renderPage('/search?zipcode=33130&date=2099-11-26');
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByRole('heading', { name: 'Cy Moreno' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Ana Ruiz',
      'Ben Ortiz',
      'Cy Moreno',
    ]);
  });
});
