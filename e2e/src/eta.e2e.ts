import { etaClock, toInstant } from '@barber/shared';
import type { APIRequestContext, BrowserContext, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack } from './harness';
import { apiHeaders as headers, journeySteps } from './steps';

/*
 * Issue 13, part 1: the barber marks En Route with a travel time, the customer's My Bookings counts
 * down to the arrival on its own clock (no request per tick), follows the barber's +10 min at once,
 * says "Running a little late" once the time passes, and Arrived ends it.
 */

const e2e = useStack();
const { signIn, bookPending } = journeySteps(e2e);

/** customer1 books the first free slot tomorrow in Miami Beach with their details saved; the barber confirms it. */
async function confirmedBooking(customer: APIRequestContext, barberContext: BrowserContext) {
  const base = e2e.stack.baseUrl;
  const { bookingId, barberUsername, date, startTime } = await bookPending(customer, { daysAhead: 1 });
  const barberApi = await signIn(barberContext, barberUsername);
  const confirmed = await barberApi.put(`${base}/api/bookings/${bookingId}/update`, {
    headers,
    data: { status: 'confirmed' },
  });
  expect(confirmed.status()).toBe(200);
  return { bookingId, date, startTime };
}

describe('live arrival time', () => {
  it("counts down on the customer's screen and follows the barber's update live", async () => {
    const customerContext = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const barberContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const customerApi = await signIn(customerContext, 'customer1');
    const { bookingId, date, startTime } = await confirmedBooking(customerApi, barberContext);

    // Half an hour before the appointment on its day: the server's injected clock stands there, the
    // barber's screen too, and the customer's clock starts there and runs (the test moves it on).
    const at = new Date(toInstant(date, startTime).getTime() - 30 * 60_000);
    e2e.stack.deps.clock = () => at;
    await barberContext.clock.setFixedTime(at);
    await customerContext.clock.install({ time: at });
    const minutes = (n: number) => new Date(at.getTime() + n * 60_000).toISOString();

    const customer = await customerContext.newPage();
    const barber = await barberContext.newPage();
    await customer.goto(`${e2e.stack.baseUrl}/bookings`);
    await barber.goto(`${e2e.stack.baseUrl}/barber/appointments`);
    const card = customer.getByTestId(`booking-${bookingId}`);
    const etaText = card.getByTestId('booking-eta-text');
    const row = barber.getByTestId(`appointment-${bookingId}`);
    await expect.poll(() => card.getByTestId('booking-status').textContent(), { timeout: 10_000 }).toBe('Confirmed');
    expect(await card.getByTestId('booking-eta').count()).toBe(0);

    // En Route asks for the travel time.
    await row.getByRole('button', { name: 'En Route', exact: true }).click();
    const dialog = barber.getByRole('dialog');
    const travel = dialog.getByLabel('Travel time (minutes)');
    expect(await travel.inputValue()).toMatch(/^\d+$/); // the block's travel buffer, or the time given before
    await travel.fill('15');
    expect(await seriousA11yViolations(barber)).toEqual([]);
    await screenshot(barber, 'eta-barber-en-route-dialog-1280');
    const enRoute = barber.waitForResponse(
      (r) => r.url().includes(`/api/bookings/${bookingId}/update`) && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'En Route', exact: true }).click();
    const answered = await enRoute;
    expect(answered.status()).toBe(200);
    expect((await answered.json()).booking).toMatchObject({
      status: 'en_route',
      estimatedTravelTime: 15,
      etaAt: minutes(15),
    });

    // The customer's card says it, with the clock time, without a reload.
    await expect.poll(() => etaText.textContent(), { timeout: 2000, interval: 20 }).toBe('Arriving in about 15 min');
    expect(await card.getByTestId('booking-eta-clock').textContent()).toBe(`(${etaClock(minutes(15))})`);
    expect(await card.getByTestId('booking-status').textContent()).toBe('Barber En Route');
    expect(await seriousA11yViolations(customer)).toEqual([]);
    await screenshot(customer, 'eta-customer-arriving-390');

    // The barber is held up: +10 min on the row. The customer's screen follows at once.
    await expect
      .poll(() => row.getByTestId('appointment-eta').textContent(), { timeout: 2000 })
      .toBe(`Arriving about ${etaClock(minutes(15))}`);
    const moved = barber.waitForResponse(
      (r) => r.url().includes(`/api/bookings/${bookingId}/eta`) && r.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: '+10 min', exact: true }).click();
    expect((await (await moved).json()).booking.etaAt).toBe(minutes(25));
    await expect.poll(() => etaText.textContent(), { timeout: 1000, interval: 20 }).toBe('Arriving in about 25 min');
    expect(await card.getByTestId('booking-eta-clock').textContent()).toBe(`(${etaClock(minutes(25))})`);
    await expect
      .poll(() => row.getByTestId('appointment-eta').textContent(), { timeout: 2000 })
      .toBe(`Arriving about ${etaClock(minutes(25))}`);
    await screenshot(barber, 'eta-barber-row-1280');
    expect(await barber.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // The row, its arrival time and the three buttons fit a phone.
    await barber.setViewportSize({ width: 390, height: 844 });
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(barber, 'eta-barber-row-390');
    await barber.setViewportSize({ width: 1280, height: 900 });

    // Five minutes later on the customer's clock: it counted down by itself, asking nothing of the
    // booking API (the bell may still fetch the notifications the worker sends meanwhile).
    const apiCalls: string[] = [];
    const onRequest = (request: Request) => {
      if (/^\/api\/(my-bookings|bookings)/.test(new URL(request.url()).pathname)) apiCalls.push(request.url());
    };
    customer.on('request', onRequest);
    await customerContext.clock.fastForward('05:00');
    await expect.poll(() => etaText.textContent(), { timeout: 5000 }).toBe('Arriving in about 20 min');
    customer.off('request', onRequest);
    expect(apiCalls).toEqual([]);

    // The time passes without Arrived: no negative minutes.
    await customerContext.clock.fastForward('21:00');
    await expect.poll(() => etaText.textContent(), { timeout: 5000 }).toBe('Running a little late');
    expect(await card.getByTestId('booking-eta-clock').count()).toBe(0);
    await screenshot(customer, 'eta-customer-late-390');

    // Arrived ends it. (Jumping the customer's clock fires the socket's heartbeat timeout, so the socket
    // may be reconnecting here: it catches up from its cursor.)
    await row.getByRole('button', { name: 'Arrived', exact: true }).click();
    await barber.getByRole('dialog').getByRole('button', { name: 'Arrived', exact: true }).click();
    await expect
      .poll(() => card.getByTestId('booking-status').textContent(), { timeout: 10_000 })
      .toBe('Barber Arrived');
    expect(await card.getByTestId('booking-eta').count()).toBe(0);

    await customerContext.close();
    await barberContext.close();
  });
});
