import { readFileSync } from 'node:fs';
import { addDaysLocal, addMinutesHHmm, dayOfWeekLocal, toInstant, todayLocal } from '@barber/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack, waitForPath } from './harness';

/*
 * Issue 11 items 6, 7 and 9, as people meet them in Chromium:
 * - a visitor's search keeps its zipcode and date into the profile, the time chips book that time, and the
 *   Quick Book choice survives signing in (it comes back in the profile's booking widget);
 * - Quick Book closed with Escape gives focus back to Book Now; toasts stay clear of the desktop header;
 * - maintenance mode shows its message once, as a banner, to customers, barbers and admins.
 */

const e2e = useStack();
const ZIP = '33139';

/** The next day (from in 2 days) that is not a Sunday: every Miami barber of the demo data works it. */
function searchDate(): string {
  let date = addDaysLocal(todayLocal(), 2);
  while (dayOfWeekLocal(date) === 0) date = addDaysLocal(date, 1);
  return date;
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('search results into booking (issue 11 items 6 and 7)', () => {
  it('carries the search into the profile, books a chip time, keeps the choice through sign-in, and returns focus', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const date = searchDate();
    await page.goto(`${e2e.stack.baseUrl}/search?zipcode=${ZIP}&date=${date}`);
    await page.getByRole('heading', { name: /^Found \d+ available barber/ }).waitFor();

    const card = page.locator('[data-testid^="search-result-"]').first();
    const barberId = (await card.getAttribute('data-testid'))!.replace('search-result-', '');
    const name = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();

    // View Profile carries the zipcode and the date; the profile opens its widget filled in.
    await card.getByRole('link', { name: `View Profile of ${name}` }).click();
    await waitForPath(page, `/barber-profile/${barberId}?date=${date}&zipcode=${ZIP}`);
    const drawer = page.getByRole('dialog', { name: 'Book Appointment' });
    await drawer.waitFor();
    expect(await drawer.getByLabel('Zipcode').inputValue()).toBe(ZIP);
    await page.keyboard.press('Escape');
    await page.goBack();
    await page.getByRole('heading', { name: /^Found \d+ available barber/ }).waitFor();

    // Book Now opened from the keyboard and closed with Escape: focus is back on Book Now.
    const bookNow = card.getByRole('button', { name: `Book Now with ${name}` });
    await bookNow.focus();
    await page.keyboard.press('Enter');
    const quick = page.getByRole('dialog', { name: 'Quick Book' });
    await quick.waitFor();
    await page.keyboard.press('Escape');
    await quick.waitFor({ state: 'detached' });
    // Radix moves focus back a tick after the dialog leaves the page (FocusScope's unmount timer)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-book-now')), { timeout: 5000 })
      .toBe(barberId);

    // A time chip is a button: Quick Book opens with that time chosen.
    const chip = card.locator('[data-book-slot]').first();
    const slot = (await chip.getAttribute('data-book-slot'))!;
    const slotLabel = (await chip.textContent())!.trim();
    await chip.click();
    await quick.waitFor();
    await expect.poll(() => quick.getByRole('radio', { name: slotLabel }).isChecked()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // As a visitor, Confirm Booking asks to sign in; afterwards the same choice is in the profile's widget.
    await quick.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    const redirect = new URL(new URL(page.url()).searchParams.get('redirect')!, e2e.stack.baseUrl);
    expect(redirect.pathname).toBe(`/barber-profile/${barberId}`);
    expect(Object.fromEntries(redirect.searchParams)).toMatchObject({ date, zipcode: ZIP, startTime: slot });
    await signIn(page, 'customer1');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/barber-profile/${barberId}`);

    // The sign-in toast sits clear of the desktop header and its navigation.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful' });
    await toast.waitFor();
    const header = (await page.locator('header').first().boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y, 'the toast is below the header').toBeGreaterThanOrEqual(header.y + header.height);

    await drawer.waitFor();
    expect(await drawer.getByLabel('Zipcode').inputValue()).toBe(ZIP);
    await expect.poll(() => drawer.getByRole('radio', { name: slotLabel }).isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/checkout');
    await context.close();
  });
});

describe('barber earnings, calendar and details, and the customer review (issue 11 items 10, 11, 7)', () => {
  it('shows the server-built totals and new clients, and Export downloads the CSV', async () => {
    const base = e2e.stack.baseUrl;
    const headers = { 'x-requested-with': 'e2e' };
    const { sql } = e2e.stack.deps;
    const date = addDaysLocal(searchDate(), 2);
    const [barber] = await sql<
      { id: number }[]
    >`SELECT b.id FROM barbers b JOIN users u ON u.id = b.user_id WHERE u.username = 'barber1'`;
    const [service] = await sql<{ id: number; duration: number; price: string }[]>`
      SELECT id, duration, (price_cents / 100.0)::numeric(10,2)::text AS price FROM services
       WHERE barber_id = ${barber!.id} AND is_active AND deleted_at IS NULL ORDER BY duration, id LIMIT 1`;

    // customer2 books barber1 at 13:00 and confirms; on the day barber1 starts and completes it
    const customerContext = await e2e.browser.newContext();
    const customer = customerContext.request;
    expect(
      (
        await customer.post(`${base}/api/login`, { data: { username: 'customer2', password: 'demo1234' }, headers })
      ).status(),
    ).toBe(200);
    const created = await customer.post(`${base}/api/bookings`, {
      headers,
      data: {
        barberId: barber!.id,
        serviceId: service!.id,
        date: `${date}T00:00:00.000Z`,
        startTime: '13:00',
        endTime: addMinutesHHmm('13:00', service!.duration),
        totalAmount: service!.price,
        city: 'miami',
        zipcode: ZIP,
        notes: '',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const url = `${base}/api/bookings/${(await created.json()).booking.id}`;
    const details = {
      status: 'pending',
      customerPhone: '(305) 555-0199',
      customerAddress: '1200 Ocean Dr',
      apartmentUnit: '',
      specialInstructions: '',
    };
    expect((await customer.put(`${url}/status`, { data: details, headers })).status()).toBe(200);
    expect((await customer.put(`${url}/status`, { data: { status: 'confirmed' }, headers })).status()).toBe(200);

    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await signIn(page, 'barber1');
    await waitForPath(page, '/barber/dashboard');
    e2e.stack.deps.clock = () => new Date(toInstant(date, '13:05').getTime());
    try {
      for (const status of ['in_progress', 'completed']) {
        expect((await page.request.put(`${url}/status`, { data: { status }, headers })).status()).toBe(200);
      }
    } finally {
      e2e.stack.deps.clock = undefined;
    }

    await page.goto(`${base}/barber/earnings`);
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('Start date').fill(todayLocal());
    await page.getByLabel('End date').fill(date);
    const card = (title: string) =>
      page.locator('div.space-y-2', { has: page.getByRole('heading', { name: title, exact: true }) });
    await expect.poll(() => card('Completed Bookings').locator('p').first().textContent()).toBe('1');
    expect(await card('New Clients').locator('p').first().textContent()).toBe('1');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'barber-earnings-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`earnings-${todayLocal()}-to-${date}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Start,End,Booking ID,Customer,Service,Total,Platform Fee,Net Earnings');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^Total,,,1 completed booking,/);

    // The appointments calendar marks the day; the completed booking's details offer no status the server refuses.
    await page.goto(`${base}/barber/appointments`);
    const calendar = page.getByTestId('appointments-calendar');
    await calendar.waitFor();
    if ((await calendar.locator(`[data-date="${date}"]`).count()) === 0)
      await page.getByRole('button', { name: 'Next month' }).click();
    const day = calendar.locator(`[data-date="${date}"]`);
    await expect.poll(() => day.getAttribute('aria-label')).toContain('has appointments');
    await day.click();
    await page
      .getByRole('button', { name: /^Details for / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Appointment Details' });
    await dialog.waitFor();
    const options = await dialog.getByLabel('Status', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['Completed']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The customer reviews it: the booking card keeps a trace, "Reviewed" and the stars.
    const reviewed = await customer.post(`${url}/review`, {
      data: { rating: 4, comment: 'Sharp fade, on time.' },
      headers,
    });
    expect(reviewed.status(), await reviewed.text()).toBe(201);
    const customerPage = await customerContext.newPage();
    await customerPage.setViewportSize({ width: 390, height: 844 });
    await customerPage.goto(`${base}/bookings`);
    const bookingCard = customerPage.getByTestId(`booking-${url.split('/').pop()}`);
    await bookingCard.getByText('Reviewed', { exact: true }).waitFor();
    await bookingCard.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    expect(await bookingCard.getByRole('button', { name: 'Leave Review' }).count()).toBe(0);
    expect(await seriousA11yViolations(customerPage)).toEqual([]);
    await context.close();
    await customerContext.close();
  });
});

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])('maintenance banner ($width wide, issue 11 item 9)', ({ width, height }) => {
  it('shows the maintenance message once to customers, barbers and admins', async () => {
    await e2e.stack.deps.settings.update({ maintenanceMode: true });
    try {
      const message = 'The platform is under maintenance. Please try again later.';
      const visitor = await e2e.browser.newContext({ viewport: { width, height } });
      const home = await visitor.newPage();
      await home.goto(`${e2e.stack.baseUrl}/`);
      const homeBanner = home.getByTestId('maintenance-banner');
      await homeBanner.waitFor();
      expect(await homeBanner.textContent()).toContain(message);
      expect(await home.getByTestId('maintenance-banner').count()).toBe(1);
      await screenshot(home, `maintenance-banner-home-${width}`);
      await visitor.close();

      // A barber can still sign in and sees the reason once, not only "-" and "Error Loading ..." cards.
      const barber = await e2e.browser.newContext({ viewport: { width, height } });
      const panel = await barber.newPage();
      await panel.goto(`${e2e.stack.baseUrl}/login`);
      await panel.getByTestId('maintenance-banner').waitFor();
      await signIn(panel, 'barber1');
      await waitForPath(panel, '/barber/dashboard');
      const banner = panel.getByTestId('maintenance-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain(message);
      expect(await panel.getByText(message).count()).toBe(1);
      // the message replaces a screen whose every card would fail
      expect(await panel.getByText('Error Loading Bookings').count()).toBe(0);
      expect(await panel.getByText('Failed to fetch earnings data').count()).toBe(0);
      expect(await seriousA11yViolations(panel)).toEqual([]);
      await screenshot(panel, `maintenance-banner-${width}`);
      await barber.close();

      const admin = await e2e.browser.newContext({ viewport: { width, height } });
      const adminPage = await admin.newPage();
      await adminPage.goto(`${e2e.stack.baseUrl}/login`);
      await signIn(adminPage, 'admin');
      await waitForPath(adminPage, '/admin/dashboard');
      const adminBanner = adminPage.getByTestId('maintenance-banner');
      await adminBanner.waitFor();
      expect(await adminBanner.textContent()).toContain('Switch it off in Platform Settings.');
      // administrators keep their screen under the banner
      await adminPage.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
      expect(await seriousA11yViolations(adminPage)).toEqual([]);
      await screenshot(adminPage, `maintenance-banner-admin-${width}`);
      await admin.close();
    } finally {
      await e2e.stack.deps.settings.update({ maintenanceMode: false });
    }
  });
});
