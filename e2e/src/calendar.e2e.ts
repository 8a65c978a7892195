import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack } from './harness';
import { journeySteps } from './steps';

/*
 * Issue 13 part 3 in the browser: the customer downloads a booking as .ics from My Bookings; the barber
 * copies the private feed link from Settings, which a calendar app can fetch without a session, and
 * regenerates it, after which the old link is dead.
 */

const e2e = useStack();
const { signIn, bookPending } = journeySteps(e2e);

/** The customer books the first free 30-minute slot in two days in Miami Beach and saves an address. */
const book = (api: APIRequestContext) => bookPending(api, { daysAhead: 2 });

/** Fetches a feed link as a calendar app would: no cookie, on this stack's address. */
async function fetchFeed(url: string): Promise<{ status: number; type: string | null; body: string }> {
  const res = await fetch(`${e2e.stack.baseUrl}${new URL(url).pathname}`);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

describe('calendars that follow every change', () => {
  it('the customer downloads a booking as .ics; the barber copies the feed link and regenerates it', async () => {
    const customerContext = await e2e.browser.newContext({
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const { bookingId, barberUsername } = await book(await signIn(customerContext, 'customer1'));

    // Customer: "Add to calendar" on the booking card downloads the booking as iCalendar.
    const customer = await customerContext.newPage();
    await customer.goto(`${e2e.stack.baseUrl}/bookings`);
    const card = customer.getByTestId(`booking-${bookingId}`);
    const add = card.getByRole('link', { name: 'Add to calendar' });
    await add.waitFor();
    expect(await seriousA11yViolations(customer)).toEqual([]);
    await screenshot(customer, 'calendar-booking-card-390');
    const [download] = await Promise.all([customer.waitForEvent('download'), add.click()]);
    expect(download.suggestedFilename()).toMatch(/^appointment-[0-9a-f]{8}\.ics$/);
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`\r\nUID:${bookingId}\r\n`);
    expect(ics).toContain('LOCATION:1200 Collins Ave\\, Miami Beach\\, FL 33139');
    await customerContext.close();

    // Barber: Settings > Calendar shows the feed link; Copy puts it on the clipboard.
    const barberContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await barberContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.baseUrl });
    await signIn(barberContext, barberUsername);
    const barber = await barberContext.newPage();
    await barber.goto(`${e2e.stack.baseUrl}/barber/settings`);
    await barber.getByRole('tab', { name: 'Calendar' }).click();
    const field = barber.getByLabel('Calendar feed URL');
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    const firstUrl = await field.inputValue();
    expect(await seriousA11yViolations(barber)).toEqual([]);
    await screenshot(barber, 'calendar-feed-settings-1280');
    await barber.getByRole('button', { name: 'Copy link' }).click();
    await barber.getByText('Link copied').waitFor();
    expect(await barber.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);

    // A calendar app fetching the link without a session gets the booking.
    const feed = await fetchFeed(firstUrl);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain(`\r\nUID:${bookingId}\r\n`);

    // "Regenerate link" asks first; Cancel keeps the link.
    await barber.getByRole('button', { name: 'Regenerate link' }).click();
    const dialog = barber.getByRole('dialog', { name: 'Regenerate calendar link?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(barber)).toEqual([]);
    await screenshot(barber, 'calendar-feed-regenerate-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await field.inputValue()).toBe(firstUrl);

    // Confirmed, the link changes and the old one is dead, the new one alive.
    await barber.getByRole('button', { name: 'Regenerate link' }).click();
    await dialog.getByRole('button', { name: 'Regenerate link' }).click();
    await barber.getByText('Calendar link regenerated').waitFor();
    await expect.poll(() => field.inputValue()).not.toBe(firstUrl);
    const secondUrl = await field.inputValue();
    expect((await fetchFeed(firstUrl)).status).toBe(404);
    expect((await fetchFeed(secondUrl)).body).toContain(`\r\nUID:${bookingId}\r\n`);

    // At phone width the link and its buttons stay usable.
    await barber.setViewportSize({ width: 390, height: 844 });
    await field.scrollIntoViewIfNeeded();
    expect(await seriousA11yViolations(barber)).toEqual([]);
    await screenshot(barber, 'calendar-feed-settings-390');
    await barberContext.close();
  });
});
