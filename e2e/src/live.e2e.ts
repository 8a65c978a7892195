import { toInstant } from '@barber/shared';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack } from './harness';
import { journeySteps } from './steps';

const e2e = useStack();

const { signIn, bookPending } = journeySteps(e2e);

/** A customer books the first free slot tomorrow in Miami Beach and saves their details: a pending booking. */
const bookThroughTheApi = (api: APIRequestContext) => bookPending(api, { daysAhead: 1 });

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
