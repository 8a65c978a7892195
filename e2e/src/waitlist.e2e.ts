import { startWaitlistNotifier, type RunningWaitlistNotifier } from '@barber/backend/waitlist/subscriber';
import { addDaysLocal, addMinutesHHmm, dayOfWeekLocal, todayLocal } from '@barber/shared';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack, waitForPath } from './harness';
import { apiHeaders, journeySteps } from './steps';

/*
 * Issue 13, part 2: a customer joins a full day's waitlist from the barber's profile; when another
 * customer cancels, the waitlisted customer's open page shows the opened slot within a second, and its
 * link opens the booking widget on that barber, date and time.
 */

const e2e = useStack();
const headers = apiHeaders;
const { signIn } = journeySteps(e2e);

// The harness runs the worker's queues; the waitlist's event-log subscriber is started here, as the worker process does.
let notifier: RunningWaitlistNotifier;
beforeAll(async () => {
  notifier = await startWaitlistNotifier(e2e.stack.deps, { pollMs: 200, log: { error: () => {} } });
});
afterAll(async () => {
  await notifier?.stop();
});

/** barber1's day in 5 days narrowed to one slot at 10:00, and customer2 booked into it: the day is full. */
async function fullDay(customer2: APIRequestContext) {
  const { sql } = e2e.stack.deps;
  const date = addDaysLocal(todayLocal(), 5);
  const [barber] = await sql<{ id: number; name: string }[]>`
    SELECT b.id, u.full_name AS name FROM barbers b JOIN users u ON u.id = b.user_id WHERE u.username = 'barber1'`;
  const [service] = await sql<{ id: number; duration: number; price: string; name: string }[]>`
    SELECT id, duration, (price_cents / 100.0)::numeric(10,2)::text AS price, name FROM services
     WHERE barber_id = ${barber!.id} AND is_active AND deleted_at IS NULL ORDER BY duration, id LIMIT 1`;
  const endTime = addMinutesHHmm('10:00', service!.duration);
  await sql`UPDATE availability_blocks SET is_active = false WHERE barber_id = ${barber!.id} AND day_of_week = ${dayOfWeekLocal(date)}`;
  await sql`INSERT INTO availability_blocks (barber_id, day_of_week, start_time, end_time, service_counties, service_cities, travel_buffer)
            VALUES (${barber!.id}, ${dayOfWeekLocal(date)}, '10:00', ${endTime}, ${['miami_dade']}, ${[]}, 0)`;
  const created = await customer2.post(`${e2e.stack.baseUrl}/api/bookings`, {
    headers,
    data: {
      barberId: barber!.id,
      serviceId: service!.id,
      date: `${date}T00:00:00.000Z`,
      startTime: '10:00',
      endTime,
      totalAmount: service!.price,
      city: 'miami',
      zipcode: '33139',
      notes: '',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { booking } = await created.json();
  return { barber: barber!, service: service!, date, bookingId: booking.id as string };
}

describe('the waitlist', () => {
  it("a cancellation reaches the waitlisted customer's open page within a second, with a link to book the slot", async () => {
    const otherContext = await e2e.browser.newContext();
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const customer2 = await signIn(otherContext, 'customer2');
    await signIn(context, 'customer1');
    const { barber, service, date, bookingId } = await fullDay(customer2);

    // The profile's booking widget: the chosen day has nothing free, so it offers the waitlist.
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/barbers/${barber.id}?date=${date}&zipcode=33139&serviceId=${service.id}`);
    const drawer = page.getByRole('dialog', { name: 'Book Appointment' });
    await drawer.getByText('No available times for this date and service').waitFor({ timeout: 15_000 });
    const notifyMe = drawer.getByRole('button', { name: 'Notify me when a slot opens' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'waitlist-profile-full-day-390');
    await notifyMe.click();
    await drawer.getByText(/You are on the waitlist\. We will tell you as soon as a slot opens\./).waitFor();

    // My Bookings lists the entry, waiting.
    await page.goto(`${e2e.stack.baseUrl}/bookings`);
    const section = page.getByRole('region', { name: 'Waitlist' });
    const entry = section.getByRole('listitem').filter({ hasText: barber.name });
    await entry.getByText('Waiting', { exact: true }).waitFor({ timeout: 15_000 });
    // the page is live before the cancellation (the socket caught up)
    await expect
      .poll(() => page.evaluate(() => document.querySelector('[data-testid="waitlist-slot-opened"]') === null), {
        timeout: 5000,
      })
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // customer2 cancels: the open page shows the opened slot within a second, without a reload.
    let navigations = 0;
    page.on('framenavigated', () => navigations++);
    const cancelled = await customer2.put(`${e2e.stack.baseUrl}/api/bookings/${bookingId}/status`, {
      headers,
      data: { status: 'cancelled' },
    });
    expect(cancelled.status()).toBe(200);
    const t0 = Date.now();
    const notice = page.getByTestId('waitlist-slot-opened');
    await notice.waitFor({ timeout: 1000 });
    const delay = Date.now() - t0;
    console.log(`cancellation -> waitlisted customer's screen: ${delay} ms`);
    expect(navigations).toBe(0);
    expect(await notice.textContent()).toContain(`A slot opened with ${barber.name} on `);
    expect(await notice.textContent()).toContain('at 10:00 AM.');
    await entry.getByText('Slot opened', { exact: true }).waitFor({ timeout: 2000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'waitlist-slot-opened-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'waitlist-slot-opened-1280');

    // "Book now" opens the booking widget on that barber, date and time.
    await notice.getByRole('link', { name: 'Book now' }).click();
    await waitForPath(page, `/barbers/${barber.id}?date=${date}&startTime=10:00&serviceId=${service.id}&zipcode=33139`);
    const widget = page.getByRole('dialog', { name: 'Book Appointment' });
    await expect
      .poll(() => widget.getByRole('radio', { name: /10:00 AM/ }).isChecked(), { timeout: 15_000 })
      .toBe(true);

    await context.close();
    await otherContext.close();
  });

  it('the barber sees how many wait for each day in the appointments calendar', async () => {
    const { sql } = e2e.stack.deps;
    // the day of the first journey: customer1 still waits for it (told of a slot, not booked)
    const [entry] = await sql<{ date: string }[]>`
      SELECT to_char(w.date, 'YYYY-MM-DD') AS date FROM waitlist_entries w JOIN users u ON u.id = w.customer_id
       WHERE u.username = 'customer1' AND w.left_at IS NULL`;
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, 'barber1');
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/barber/appointments`);
    const calendar = page.getByTestId('appointments-calendar');
    await calendar.waitFor({ timeout: 15_000 });
    if ((await calendar.locator(`button[data-date="${entry!.date}"]`).count()) === 0)
      await page.getByRole('button', { name: 'Next month' }).click();
    const day = calendar.locator(`button[data-date="${entry!.date}"]`);
    await expect.poll(() => day.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/, 1 on the waitlist$/);
    expect(await page.getByTestId(`waitlist-count-${entry!.date}`).textContent()).toBe('1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'waitlist-barber-calendar-1280');

    // Live: customer2 joins that day while the calendar is open, then leaves; the count follows, no reload.
    const otherContext = await e2e.browser.newContext();
    const customer2 = await signIn(otherContext, 'customer2');
    const [barber] = await sql<{ id: number }[]>`
      SELECT b.id FROM barbers b JOIN users u ON u.id = b.user_id WHERE u.username = 'barber1'`;
    const joined = await customer2.post(`${e2e.stack.baseUrl}/api/waitlist`, {
      headers,
      data: { barberId: barber!.id, date: entry!.date },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    await expect.poll(() => day.getAttribute('aria-label'), { timeout: 5000 }).toMatch(/, 2 on the waitlist$/);
    const { entry: second } = await joined.json();
    const left = await customer2.delete(`${e2e.stack.baseUrl}/api/waitlist/${second.id}`, { headers });
    expect(left.status()).toBe(200);
    await expect.poll(() => day.getAttribute('aria-label'), { timeout: 5000 }).toMatch(/, 1 on the waitlist$/);
    await otherContext.close();
    await context.close();
  });
});
