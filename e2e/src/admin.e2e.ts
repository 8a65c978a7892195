import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDaysLocal, todayLocal } from '@barber/shared';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, screenshot, seriousA11yViolations, useStack, waitForPath } from './harness';
import { journeySteps } from './steps';

/*
 * The admin area of issue 11: Analytics (charts loaded lazily), Reports (CSV downloads named by range),
 * the Bookings screen's Filters and the header search, and cancel and reschedule from a booking's
 * details, recorded in its history with the admin as actor. Screenshots of Analytics and Reports at
 * 1280 and 390 wide are copied to e2e/screenshots/.
 */

const e2e = useStack();
const { signIn, bookPending } = journeySteps(e2e);
const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

function keep(name: string): void {
  mkdirSync(SCREENSHOTS, { recursive: true });
  copyFileSync(`${ARTIFACTS}${name}.png`, `${SCREENSHOTS}${name}.png`);
}

/** A customer books the first free slot `daysAhead` from today at the zipcode and saves their details: a pending booking. */
async function book(api: APIRequestContext, zipcode: string, city: string, daysAhead: number) {
  const booking = await bookPending(api, { daysAhead, zipcode, city, customerAddress: '1200 Collins Ave' });
  return { id: booking.bookingId, date: booking.date, startTime: booking.startTime };
}

/**
 * Finished bookings of the last four weeks, written into the bookings read model as history (the
 * booking commands refuse past dates), so that Analytics has days, regions and barbers to show.
 */
async function pastBookings(): Promise<void> {
  const { sql } = e2e.stack.deps;
  const barbers = await sql<{ id: number; city: string; service: number; price: number }[]>`
    SELECT b.id, b.cities[1] AS city, s.id AS service, s.price_cents AS price
      FROM barbers b JOIN LATERAL (SELECT id, price_cents FROM services WHERE barber_id = b.id ORDER BY id LIMIT 1) s ON true ORDER BY b.id`;
  const [customer] = await sql<{ id: number }[]>`SELECT id FROM users WHERE username = 'customer1'`;
  const zip: Record<string, string> = {
    miami: '33139',
    fort_lauderdale: '33301',
    boca_raton: '33432',
    palm_beach: '33401',
  };
  for (let i = 0; i < 36; i++) {
    const b = barbers[(i * 5) % barbers.length]!;
    const date = addDaysLocal(todayLocal(), -1 - ((i * 3) % 27));
    const status = i % 9 === 4 ? 'cancelled' : i % 11 === 7 ? 'no_show' : 'completed';
    const fee = Math.round(b.price * 0.1);
    await sql`
      INSERT INTO bookings (id, version, customer_id, barber_id, service_id, date, start_time, end_time, starts_at, ends_at, duration_minutes,
                            status, total_cents, platform_fee_cents, barber_amount_cents, fee_collection_enabled, city, zipcode, paid,
                            cancellation_reason, created_at, updated_at)
      VALUES (${randomUUID()}, 1, ${customer!.id}, ${b.id}, ${b.service}, ${date}::date, '10:00', '10:30',
              (${date}::date + time '10:00') AT TIME ZONE 'America/New_York', (${date}::date + time '10:30') AT TIME ZONE 'America/New_York', 30,
              ${status}, ${b.price}, ${fee}, ${b.price - fee}, true, ${b.city}, ${zip[b.city]!}, ${status === 'completed'},
              ${status === 'cancelled' ? 'Customer was away' : null}, now() - interval '40 days', now() - interval '40 days')`;
  }
}

async function adminPage(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  await signIn(context, 'admin');
  return { context, page: await context.newPage() };
}

/** Ids of the rows the Bookings screen shows (desktop table). */
const shownIds = (page: Page) =>
  page
    .locator('[data-testid="admin-bookings-table"] tr[data-booking-id]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-booking-id')).sort());
const apiIds = async (api: APIRequestContext, query: string) =>
  (
    (await (await api.get(`${e2e.stack.baseUrl}/api/admin/bookings?limit=50&${query}`)).json()).bookings as {
      id: string;
    }[]
  )
    .map((b) => b.id)
    .sort();

let miamiBooking: { id: string; date: string; startTime: string };
let palmBooking: { id: string; date: string; startTime: string };

beforeAll(async () => {
  await pastBookings();
  const c1 = await e2e.browser.newContext();
  miamiBooking = await book(await signIn(c1, 'customer1'), '33139', 'miami', 2);
  await c1.close();
  const c2 = await e2e.browser.newContext();
  palmBooking = await book(await signIn(c2, 'customer2'), '33401', 'palm_beach', 3);
  await c2.close();
});

describe('admin Analytics and Reports (issue 11 item 12)', () => {
  it.each([
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])(
    'shows the figures and lazily loaded charts, and downloads the CSV reports named by range ($width wide)',
    async ({ width, height }) => {
      const { context, page } = await adminPage(width, height);
      const chartChunks: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/charts-[^/]+\.js$/.test(r.url())) chartChunks.push(r.url());
      });

      // Reports first, on a fresh load: the chart library is not fetched for it.
      await page.goto(`${e2e.stack.baseUrl}/admin/reports`);
      await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
      const today = todayLocal();
      const start30 = addDaysLocal(today, -29);
      const bookingsLink = page.getByRole('button', { name: 'Download Bookings CSV' });
      await bookingsLink.waitFor();
      expect(await page.getByRole('button', { name: /^Download .* CSV$/ }).count()).toBe(3);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-reports-${width}`);
      keep(`admin-reports-${width}`);

      const [download] = await Promise.all([page.waitForEvent('download'), bookingsLink.click()]);
      expect(download.suggestedFilename()).toBe(`bookings-${start30}-to-${today}.csv`);
      const file = readFileSync((await download.path())!, 'utf8');
      expect(file.startsWith('\ufeff')).toBe(true); // a UTF-8 byte order mark: Excel reads accents as written
      const csv = file.slice(1);
      expect(csv.split('\r\n')[0]).toBe(
        'Booking ID,Date,Start,End,Status,Region,City,Customer,Customer Email,Barber,Barber Email,Service,Total,Platform Fee,Barber Amount,Paid,Refunded,Cancellation Reason',
      );
      expect(csv).toContain('Totals,');

      // A custom range: the file names follow it; an inverted one is refused before anything is asked.
      await page.getByLabel('Date range').selectOption('custom');
      await page.getByLabel('Start date').fill('2026-01-01');
      await page.getByLabel('End date').fill('2026-01-31');
      const payouts = page.getByRole('button', { name: 'Download Payouts Owed CSV' });
      await page.getByText('payouts-2026-01-01-to-2026-01-31.csv').waitFor();
      const [payoutFile] = await Promise.all([page.waitForEvent('download'), payouts.click()]);
      expect(payoutFile.suggestedFilename()).toBe('payouts-2026-01-01-to-2026-01-31.csv');
      await page.getByLabel('Start date').fill('2026-02-01');
      await page.getByRole('alert').filter({ hasText: 'The start date must not be after the end date.' }).waitFor();
      expect(await page.getByRole('button', { name: /^Download .* CSV$/ }).count()).toBe(0);
      expect(chartChunks).toEqual([]);

      // Analytics through the sidebar (the mobile menu at 390): the charts chunk loads now.
      if (width < 768) await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('link', { name: 'Analytics' }).click();
      await waitForPath(page, '/admin/analytics');
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      await page.getByTestId('analytics-charts').waitFor();
      expect(chartChunks.length).toBeGreaterThan(0);
      const answer = await (
        await context.request.get(`${e2e.stack.baseUrl}/api/admin/analytics?startDate=${start30}&endDate=${today}`)
      ).json();
      expect(answer.totals.bookings).toBeGreaterThan(20);
      await expect
        .poll(() => page.getByTestId('analytics-bookings').innerText())
        .toContain(String(answer.totals.bookings));
      expect(await page.getByTestId('analytics-no-shows').innerText()).toContain(String(answer.totals.noShows));
      expect(await page.getByTestId('analytics-top-barbers').locator('tbody tr').count()).toBe(
        answer.topBarbers.length,
      );
      expect(await page.getByTestId('analytics-regions').locator('tbody tr').count()).toBe(4);
      await page.locator('.recharts-surface').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `admin-analytics-${width}`);
      keep(`admin-analytics-${width}`);

      // Another range asks the server again.
      await page.getByLabel('Date range').selectOption('7d');
      await page
        .getByTestId('analytics-range')
        .filter({ hasText: new RegExp(`^${formatDay(addDaysLocal(today, -6))}`) })
        .waitFor();
      await context.close();
    },
  );
});

/** "Mar 4, 2026" of a yyyy-MM-dd, as the screens write it. */
function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${new Date(y, m - 1, d).toLocaleString('en-US', { month: 'short' })} ${d}, ${y}`;
}

describe('admin Bookings: filters, header search, cancel and reschedule (issue 11 items 14-16)', () => {
  it('filters on the server, searches from the header, and cancels and reschedules with the admin in the history (1280 wide)', async () => {
    const { context, page } = await adminPage(1280, 900);
    const api = context.request;
    await page.goto(`${e2e.stack.baseUrl}/admin/bookings`);
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();
    await page.locator('[data-testid="admin-bookings-table"] tr[data-booking-id]').first().waitFor();

    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'admin-bookings-1280');
    keep('admin-bookings-1280');
    // Desktop rows: the customer's avatar and the whole email.
    const row = page.locator(`[data-testid="admin-bookings-table"] tr[data-booking-id="${miamiBooking.id}"]`);
    expect(await row.getByTestId('customer-email').innerText()).toBe('customer1@example.com');
    expect(await row.locator('[data-testid="customer-email"]').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(
      true,
    );
    expect(await row.getByText('SM', { exact: true }).isVisible()).toBe(true);

    // Filters: region and status, applied by the server to every booking.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Bookings' });
    await dialog.getByLabel('Region').selectOption('palm_beach');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('group', { name: 'Active filters' }).getByText('Region: Palm Beach, FL').waitFor();
    const palmIds = await apiIds(api, 'region=palm_beach');
    expect(palmIds).toContain(palmBooking.id);
    await expect.poll(() => shownIds(page)).toEqual(palmIds);
    await page.getByRole('button', { name: /^Filters \(1\)/ }).click();
    await dialog.getByLabel('Status').selectOption('pending');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => shownIds(page)).toEqual([palmBooking.id]);
    // Pending has a tab: the status is shown as that tab, not as a filter, so Clear filters keeps it and clears
    // the region; the All tab shows every booking again.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    expect(await page.getByRole('tab', { name: 'Pending' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => shownIds(page)).toEqual(await apiIds(api, 'status=pending'));
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect.poll(async () => (await shownIds(page)).length).toBe((await apiIds(api, '')).length);

    // The header search opens Bookings searched by customer.
    const header = page.getByRole('search').getByLabel('Search bookings by customer, barber or booking ID');
    await header.fill('James Wilson');
    await header.press('Enter');
    await waitForPath(page, '/admin/bookings?q=James%20Wilson');
    // The screen takes ?q= into its search box in an effect after the URL changed: poll, not one read.
    await expect.poll(() => page.getByLabel('Search bookings', { exact: true }).inputValue()).toBe('James Wilson');
    await expect.poll(() => shownIds(page)).toEqual([palmBooking.id]);
    // ...and by booking id.
    await page.getByLabel('Search bookings', { exact: true }).fill(miamiBooking.id.slice(0, 8));
    await expect.poll(() => shownIds(page)).toEqual([miamiBooking.id]);

    // Cancel with a reason, from the booking's details.
    await page.getByRole('button', { name: 'View booking of Sofia Martinez' }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    await details.getByTestId('booking-history').waitFor();
    await details.getByRole('button', { name: 'Cancel Booking' }).click();
    await details.getByRole('button', { name: 'Confirm Cancellation' }).click();
    await details.getByRole('alert').filter({ hasText: 'Please give a reason for the cancellation.' }).waitFor();
    await details.getByLabel('Cancellation Reason').fill('Barber unavailable that day');
    await details.getByRole('button', { name: 'Confirm Cancellation' }).click();
    const cancelledEntry = details.locator('[data-event-type="cancelled"]');
    await cancelledEntry.waitFor();
    expect(await cancelledEntry.innerText()).toContain('Cancelled: Barber unavailable that day');
    expect(await cancelledEntry.innerText()).toContain('by Platform Admin (Administrator)');
    expect(await cancelledEntry.getAttribute('data-actor-role')).toBe('admin');
    await details.getByText('Reason: Barber unavailable that day').waitFor();
    expect(await details.getByRole('button', { name: 'Cancel Booking' }).count()).toBe(0);
    await expect.poll(() => row.getAttribute('data-status')).toBe('cancelled');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await details.getByRole('button', { name: 'Close' }).first().click();

    // Reschedule the other booking a week later at the same time (the barber's same weekday block).
    await page.getByLabel('Search bookings', { exact: true }).fill('customer2');
    await expect.poll(() => shownIds(page)).toEqual([palmBooking.id]);
    await page.getByRole('button', { name: 'View booking of James Wilson' }).click();
    await details.getByRole('button', { name: 'Reschedule' }).click();
    const newDate = addDaysLocal(palmBooking.date, 7);
    await details.getByLabel('New date').fill(newDate);
    await details.getByLabel('New start time').fill(palmBooking.startTime);
    await details.getByRole('button', { name: 'Save New Time' }).click();
    const moved = details.locator('[data-event-type="rescheduled"]');
    await moved.waitFor();
    expect(await moved.innerText()).toContain(`Rescheduled to ${newDate} ${palmBooking.startTime}`);
    expect(await moved.getAttribute('data-actor-role')).toBe('admin');
    const stored = await (await api.get(`${e2e.stack.baseUrl}/api/bookings/${palmBooking.id}`)).json();
    expect(stored.booking).toMatchObject({ date: newDate, startTime: palmBooking.startTime, status: 'pending' });
    await context.close();
  });

  it('Filters and Booking Details at 390 wide: cards, the dialogs, no serious axe finding', async () => {
    const { context, page } = await adminPage(390, 844);
    await page.goto(`${e2e.stack.baseUrl}/admin/bookings`);
    await page.getByTestId('admin-bookings-cards').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter Bookings' });
    await dialog.getByLabel('From date').fill('2026-12-31');
    await dialog.getByLabel('To date').fill('2026-01-01');
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The start date must not be after the end date.' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await dialog.getByRole('button', { name: 'Apply Filters' }).click();
    await page
      .getByTestId('admin-bookings-cards')
      .getByRole('button', { name: 'View booking of James Wilson' })
      .click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    await details.getByTestId('booking-history').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
