// @vitest-environment happy-dom
import '../../../test/dom';
import type { Service } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { bookingView } from '../../../test/booking';
import { fakeApi, userOf, type FakeRoute } from '../../../test/app';
import { publicSettingsOf } from '../../../test/publicSettings';
import { NOTIFY_ME_TEXT } from '../../../components/waitlist/NotifyMeButton';
import { BookingWidget } from './BookingWidget';

/*
 * The booking widget of a barber's profile (docs/spec/customer-side.md §2.9, §5, §8) as a customer uses
 * it: zipcode, calendar, service, time, Confirm Booking; the API is a fake answering what the widget asks.
 */

const services: Service[] = [
  {
    id: 7,
    barberId: 5,
    name: 'Fade',
    description: '',
    duration: 30,
    price: '25.00',
    category: 'haircut',
    isActive: true,
  },
  {
    id: 8,
    barberId: 5,
    name: 'Beard Trim',
    description: '',
    duration: 20,
    price: '15.00',
    category: 'beard',
    isActive: true,
  },
];

const zipcodeCity: FakeRoute = ({ path }) =>
  path === '/api/zipcode/33139/city'
    ? { status: 200, body: { zipcode: '33139', city: 'miami', displayCity: 'Miami Beach', county: 'Miami-Dade' } }
    : undefined;
const availability =
  (answer: { status?: number; body?: unknown }): FakeRoute =>
  ({ path }) =>
    path.startsWith('/api/availability?') ? answer : undefined;
const slots = availability({
  status: 200,
  body: {
    barbers: [{ barberId: 5, availableSlots: ['10:00', '10:30'] }],
    searchStatus: 'success',
    message: '',
    location: { city: 'miami', county: 'miami-dade' },
  },
});

function renderWidget() {
  const location = memoryLocation({ path: '/barbers/5', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <BookingWidget
          barberId={5}
          services={services}
          initial={{ zipcode: null, date: null, serviceId: null, startTime: null, endTime: null, totalAmount: null }}
          profilePath="/barbers/5"
        />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return location as typeof location & { history: string[] };
}

const zipcodeBox = () => screen.getByLabelText('Zipcode') as HTMLInputElement;
const day = (name: RegExp) => screen.getByRole('button', { name });
const confirm = () => screen.getByRole('button', { name: 'Confirm Booking' });

beforeEach(() => {
  // Monday 23 November 2026, 10:00 AM in New York
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T15:00:00.000Z'));
  queryClient.clear();
  useSession.setState({ user: userOf('customer', 10), status: 'ready' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the booking widget', () => {
  it('keeps only five digits of the zipcode, names its city, and says what the times still need', async () => {
    fakeApi(zipcodeCity, slots);
    renderWidget();
    expect(screen.getByText('Enter your zipcode to see available times')).toBeTruthy();

    await userEvent.type(zipcodeBox(), 'ab33-1399');
    expect(zipcodeBox().value).toBe('33139');
    expect(await screen.findByText('Location: Miami Beach, FL')).toBeTruthy();
    expect(screen.getByText('Select a date and service to see available times')).toBeTruthy();
  });

  it('offers dates from today through 30 days ahead only', async () => {
    fakeApi(zipcodeCity, slots);
    renderWidget();
    expect((day(/November 22, 2026/) as HTMLButtonElement).disabled).toBe(true);
    expect((day(/November 23, 2026 \(today\)/) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect((day(/December 23, 2026/) as HTMLButtonElement).disabled).toBe(false);
    expect((day(/December 24, 2026/) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "Please select a service and time slot." when confirmed with nothing chosen, and sends nothing', async () => {
    const { requests } = fakeApi(zipcodeCity, slots);
    renderWidget();
    await userEvent.click(confirm());
    expect(await screen.findByText('Please select a service and time slot.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(document.activeElement).toBe(zipcodeBox()); // the first choice still to make
  });

  it('takes focus to the first choice still to make when Confirm Booking finds one missing', async () => {
    fakeApi(zipcodeCity, slots);
    renderWidget();
    await userEvent.type(zipcodeBox(), '33139');
    await userEvent.click(confirm());
    expect(document.activeElement).toBe(day(/November 23, 2026 \(today\)/)); // the first day that can be chosen
    await userEvent.click(day(/November 26, 2026/));
    await userEvent.click(confirm());
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Fade, 30 min, $25.00' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Fade, 30 min, $25.00' }));
    await screen.findByRole('radio', { name: '10:00 AM' });
    await userEvent.click(confirm());
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '10:00 AM' }));
  });

  it('sends a signed-out visitor to sign in, keeping the choices in the way back', async () => {
    useSession.setState({ user: null, status: 'ready' });
    fakeApi(zipcodeCity, slots);
    const location = renderWidget();
    await userEvent.type(zipcodeBox(), '33139');
    await userEvent.click(day(/November 26, 2026/));
    await userEvent.click(screen.getByRole('radio', { name: 'Fade, 30 min, $25.00' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:30 AM' }));
    await userEvent.click(confirm());

    expect(await screen.findByText('Please sign in or create an account to book an appointment')).toBeTruthy();
    const at = location.history[location.history.length - 1]!;
    expect(at.startsWith('/login?redirect=')).toBe(true);
    const back = new URL(decodeURIComponent(at.slice('/login?redirect='.length)), 'http://localhost');
    expect(back.pathname).toBe('/barbers/5');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      zipcode: '33139',
      date: '2026-11-26',
      startTime: '10:30',
    });
  });

  it('books the chosen service and time and goes to its checkout', async () => {
    const created = bookingView({ id: '6a1f0e52-1d4e-4b7a-9c1d-2e5f6a7b8c9d' });
    const { requests } = fakeApi(zipcodeCity, slots, ({ method, path }) =>
      method === 'POST' && path === '/api/bookings' ? { status: 201, body: { booking: created } } : undefined,
    );
    const location = renderWidget();
    await userEvent.type(zipcodeBox(), '33139');
    await userEvent.click(day(/November 26, 2026/));
    await userEvent.click(screen.getByRole('radio', { name: 'Fade, 30 min, $25.00' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:30 AM' }));

    const summary = screen.getByRole('region', { name: 'Booking Summary' });
    expect(within(summary).getByText('10:30 AM - 11:00 AM')).toBeTruthy();
    expect(within(summary).getByText('Miami Beach')).toBeTruthy();

    await userEvent.click(confirm());
    await waitFor(() =>
      expect(location.history[location.history.length - 1]).toBe(`/checkout?bookingId=${created.id}`),
    );
    const post = requests.find((r) => r.method === 'POST' && r.path === '/api/bookings');
    expect(post?.body).toMatchObject({
      barberId: 5,
      serviceId: 7,
      date: '2026-11-26T00:00:00.000Z',
      startTime: '10:30',
      endTime: '11:00',
      totalAmount: '25.00',
      zipcode: '33139',
    });
    expect(await screen.findByText('Booking created successfully! Redirecting to checkout...')).toBeTruthy();
  });

  it("says the server's reason when the barber changed the price meanwhile, and has the profile's services read again", async () => {
    queryClient.setQueryData(['/api/barbers/5'], { barber: {}, services, reviews: [] });
    fakeApi(zipcodeCity, slots, ({ method, path }) =>
      method === 'POST' && path === '/api/bookings'
        ? {
            status: 400,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'The amount does not match the service price.',
              field: 'totalAmount',
              expectedAmount: '30.00',
            },
          }
        : undefined,
    );
    renderWidget();
    await userEvent.type(zipcodeBox(), '33139');
    await userEvent.click(day(/November 26, 2026/));
    await userEvent.click(screen.getByRole('radio', { name: 'Fade, 30 min, $25.00' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:30 AM' }));
    await userEvent.click(confirm());
    expect(await screen.findByText('The amount does not match the service price.')).toBeTruthy();
    expect(queryClient.getQueryState(['/api/barbers/5'])?.isInvalidated).toBe(true);
  });

  it.each<[string, FakeRoute, string]>([
    [
      'the area is not served',
      availability({
        status: 200,
        body: { barbers: [], searchStatus: 'no_service_area', message: '', location: { city: null, county: null } },
      }),
      "This barber doesn't serve your area.",
    ],
    [
      'the day is full',
      availability({
        status: 200,
        body: {
          barbers: [{ barberId: 5, availableSlots: [] }],
          searchStatus: 'success',
          message: '',
          location: { city: 'miami', county: 'miami-dade' },
        },
      }),
      'No available times for this date and service',
    ],
    ['the call fails', availability({ status: 500, body: { message: 'boom' } }), 'Failed to fetch availability'],
  ])('says so when %s', async (_, answer, text) => {
    fakeApi(zipcodeCity, answer);
    renderWidget();
    await userEvent.type(zipcodeBox(), '33139');
    await userEvent.click(day(/November 26, 2026/));
    await userEvent.click(screen.getByRole('radio', { name: 'Fade, 30 min, $25.00' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('offers the waitlist for a full day, but not for a service cheaper than the minimum (never bookable)', async () => {
    const publicSettings: FakeRoute = ({ path }) =>
      path === '/api/public-settings'
        ? { status: 200, body: publicSettingsOf({ minimumBookingAmount: 20 }) }
        : undefined;
    const full = availability({
      status: 200,
      body: {
        barbers: [],
        searchStatus: 'no_availability',
        message: '',
        location: { city: 'miami', county: 'miami-dade' },
      },
    });
    fakeApi(zipcodeCity, publicSettings, full);
    renderWidget();
    await userEvent.type(zipcodeBox(), '33139');
    await userEvent.click(day(/November 26, 2026/));
    await userEvent.click(screen.getByRole('radio', { name: 'Fade, 30 min, $25.00' }));
    expect(await screen.findByRole('button', { name: NOTIFY_ME_TEXT })).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Beard Trim, 20 min, $15.00' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: NOTIFY_ME_TEXT })).toBeNull());
  });
});
