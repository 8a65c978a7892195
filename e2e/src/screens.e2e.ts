import { addDaysLocal, dayOfWeekLocal, todayLocal } from '@barber/shared';
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
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-book-now'))).toBe(barberId);

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
    await drawer.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/checkout');
    await context.close();
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
