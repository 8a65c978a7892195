import { addDaysLocal, todayLocal, toInstant } from '@barber/shared';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack } from './harness';

const e2e = useStack();

const headers = { 'x-requested-with': 'e2e' };

async function signIn(context: BrowserContext, username: string): Promise<APIRequestContext> {
  const res = await context.request.post(`${e2e.stack.baseUrl}/api/login`, {
    data: { username, password: 'demo1234' },
    headers,
  });
  expect(res.status()).toBe(200);
  return context.request;
}

/** A customer books the first free slot tomorrow in Miami Beach and saves their details: a pending booking. */
async function bookThroughTheApi(api: APIRequestContext) {
  const date = addDaysLocal(todayLocal(), 1);
  const search = await (await api.get(`${e2e.stack.baseUrl}/api/search/barbers?date=${date}&zipcode=33139`)).json();
  const barber = search.barbers.find((b: { availableSlots: string[] }) => b.availableSlots.length > 0);
  const { barber: profile, services } = await (await api.get(`${e2e.stack.baseUrl}/api/barbers/${barber.id}`)).json();
  const service = services.find((s: { duration: number }) => s.duration === 30) ?? services[0];
  const availability = await (
    await api.get(`${e2e.stack.baseUrl}/api/availability?zipcode=33139&date=${date}&serviceId=${service.id}`)
  ).json();
  const startTime: string = availability.barbers[0].availableSlots[0];
  const [h, m] = startTime.split(':').map(Number) as [number, number];
  const end = h * 60 + m + service.duration;
  const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  const created = await api.post(`${e2e.stack.baseUrl}/api/bookings`, {
    headers,
    data: {
      barberId: barber.id,
      serviceId: service.id,
      date: `${date}T00:00:00.000Z`,
      startTime,
      endTime,
      totalAmount: service.price,
      city: 'miami',
      zipcode: '33139',
      notes: '',
    },
  });
  expect(created.status()).toBe(201);
  const { booking } = await created.json();
  const saved = await api.put(`${e2e.stack.baseUrl}/api/bookings/${booking.id}/status`, {
    headers,
    data: {
      status: 'pending',
      customerPhone: '305-555-0199',
      customerAddress: '1200 Collins Ave, Miami Beach, FL 33139',
    },
  });
  expect(saved.status()).toBe(200);
  return { bookingId: booking.id as string, barberUsername: profile.user.username as string, date, startTime };
}

describe('live status changes', () => {
  it("shows each of the barber's status changes on the customer's My Bookings within a second, without reload", async () => {
    const customerContext = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const barberContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const customerApi = await signIn(customerContext, 'customer1');
    const { bookingId, barberUsername, date, startTime } = await bookThroughTheApi(customerApi);
    // The barber's steps happen on the appointment's day, from its start (docs/design.md §3): the server's
    // injected clock is moved there once the booking is made (bookings are never made in the past).
    const at = new Date(toInstant(date, startTime).getTime() + 60_000);
    e2e.stack.deps.clock = () => at;
    // The barber's screen offers only the steps its clock allows: the same instant there.
    await barberContext.clock.setFixedTime(at);
    await signIn(barberContext, barberUsername);

    const customer = await customerContext.newPage();
    const barber = await barberContext.newPage();
    await customer.goto(`${e2e.stack.baseUrl}/bookings`);
    await barber.goto(`${e2e.stack.baseUrl}/barber/appointments`);
    const customerStatus = customer.getByTestId(`booking-${bookingId}`).getByTestId('booking-status');
    const row = barber.getByTestId(`appointment-${bookingId}`);
    await expect.poll(() => customerStatus.textContent(), { timeout: 10_000 }).toBe('Pending');
    await row.waitFor();
    expect(await seriousA11yViolations(customer)).toEqual([]);
    expect(await seriousA11yViolations(barber)).toEqual([]);
    let navigations = 0;
    customer.on('framenavigated', () => navigations++);

    const steps = [
      { action: 'Confirm', label: 'Confirmed' },
      { action: 'En Route', label: 'Barber En Route' },
      { action: 'Arrived', label: 'Barber Arrived' },
      { action: 'Start Service', label: 'In Progress' },
      { action: 'Complete', label: 'Completed' },
    ];
    const delays: number[] = [];
    for (const step of steps) {
      await row.getByRole('button', { name: step.action, exact: true }).click();
      const dialog = barber.getByRole('dialog');
      const answered = barber.waitForResponse(
        (r) => r.url().includes(`/api/bookings/${bookingId}/update`) && r.request().method() === 'PUT',
      );
      await dialog.getByRole('button', { name: step.action, exact: true }).click();
      expect((await answered).status()).toBe(200);
      const t0 = Date.now();
      await expect.poll(() => customerStatus.textContent(), { timeout: 1000, interval: 20 }).toBe(step.label);
      delays.push(Date.now() - t0);
      await expect.poll(() => row.getByTestId('appointment-status').textContent(), { timeout: 2000 }).toBe(step.label);
    }
    expect(navigations).toBe(0);
    expect(delays.every((d) => d < 1000)).toBe(true);
    console.log(`status change -> customer screen: ${delays.map((d) => `${d} ms`).join(', ')}`);
    await screenshot(customer, 'live-customer-bookings-390');
    await screenshot(barber, 'live-barber-appointments-1280');
    await customerContext.close();
    await barberContext.close();
  });
});
