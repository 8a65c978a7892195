import { addDaysLocal, todayLocal } from '@barber/shared';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from './harness';

/** The header the backend's CSRF guard wants on every changing request from the journeys' API clients. */
export const apiHeaders = { 'x-requested-with': 'e2e' };

export interface PendingBooking {
  bookingId: string;
  barberUsername: string;
  date: string;
  startTime: string;
}

/**
 * The set-up steps the journeys share, bound to the file's stack (`useStack()`'s answer, read lazily:
 * the stack starts in `beforeAll`).
 */
export function journeySteps(e2e: { readonly stack: Stack }) {
  /** Signs the context in through the API (seeded password) and returns its request client. */
  async function signIn(context: BrowserContext, username: string): Promise<APIRequestContext> {
    const res = await context.request.post(`${e2e.stack.baseUrl}/api/login`, {
      data: { username, password: 'demo1234' },
      headers: apiHeaders,
    });
    expect(res.status()).toBe(200);
    return context.request;
  }

  /**
   * The customer books the barber with the first free slot `daysAhead` from today at the zipcode (a
   * 30-minute service where there is one) and saves their details: a pending booking.
   */
  async function bookPending(
    api: APIRequestContext,
    {
      daysAhead,
      zipcode = '33139',
      city = 'miami',
      customerAddress = '1200 Collins Ave, Miami Beach, FL 33139',
    }: { daysAhead: number; zipcode?: string; city?: string; customerAddress?: string },
  ): Promise<PendingBooking> {
    const base = e2e.stack.baseUrl;
    const date = addDaysLocal(todayLocal(), daysAhead);
    const search = await (await api.get(`${base}/api/search/barbers?date=${date}&zipcode=${zipcode}`)).json();
    const barber = search.barbers.find((b: { availableSlots: string[] }) => b.availableSlots.length > 0);
    const { barber: profile, services } = await (await api.get(`${base}/api/barbers/${barber.id}`)).json();
    const service = services.find((s: { duration: number }) => s.duration === 30) ?? services[0];
    const availability = await (
      await api.get(`${base}/api/availability?zipcode=${zipcode}&date=${date}&serviceId=${service.id}`)
    ).json();
    const startTime: string =
      availability.barbers.find((b: { id: number }) => b.id === barber.id)?.availableSlots[0] ??
      availability.barbers[0].availableSlots[0];
    const [h, m] = startTime.split(':').map(Number) as [number, number];
    const end = h * 60 + m + service.duration;
    const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
    const created = await api.post(`${base}/api/bookings`, {
      headers: apiHeaders,
      data: {
        barberId: barber.id,
        serviceId: service.id,
        date: `${date}T00:00:00.000Z`,
        startTime,
        endTime,
        totalAmount: service.price,
        city,
        zipcode,
        notes: '',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { booking } = await created.json();
    const saved = await api.put(`${base}/api/bookings/${booking.id}/status`, {
      headers: apiHeaders,
      data: { status: 'pending', customerPhone: '305-555-0199', customerAddress },
    });
    expect(saved.status()).toBe(200);
    return { bookingId: booking.id as string, barberUsername: profile.user.username as string, date, startTime };
  }

  return { signIn, bookPending };
}
