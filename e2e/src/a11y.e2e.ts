import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDaysLocal, todayLocal } from '@barber/shared';
import { seriousA11yViolations, useStack } from './harness';
import { apiHeaders, journeySteps } from './steps';

/*
 * Every screen, as each kind of user sees it, on a desktop and (all but the administrator's) on a phone: a page
 * title, `lang`, a first-level heading, and no serious or critical axe-core finding. The journeys check the
 * screens they pass through, in their states; this sweep makes sure no screen is left out.
 */

const e2e = useStack();
const { signIn, bookPending } = journeySteps(e2e);

type Who = 'visitor' | 'customer1' | 'barber1' | 'admin';

async function barberIdOf(username: string): Promise<number> {
  const [row] = await e2e.stack.deps.sql<{ id: number }[]>`
    SELECT b.id FROM barbers b JOIN users u ON u.id = b.user_id WHERE u.username = ${username}`;
  return row!.id;
}

async function screensOf(who: Who): Promise<string[]> {
  switch (who) {
    case 'visitor':
      return [
        '/',
        '/search',
        `/search?zipcode=33139&date=${addDaysLocal(todayLocal(), 2)}`,
        `/barbers/${await barberIdOf('barber1')}`,
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password?token=not-a-token',
        '/no-such-page',
      ];
    case 'customer1':
      return ['/', '/bookings', '/profile', '/checkout?bookingId=00000000-0000-4000-8000-000000000000'];
    case 'barber1':
      return [
        '/barber',
        '/barber/services',
        '/barber/appointments',
        '/barber/scheduling',
        '/barber/earnings',
        '/barber/profile',
        '/barber/settings',
        `/barbers/${await barberIdOf('barber1')}`,
      ];
    case 'admin':
      return [
        '/admin',
        '/admin/barbers',
        '/admin/bookings',
        '/admin/profile',
        '/admin/settings',
        '/admin/analytics',
        '/admin/reports',
      ];
  }
}

/** What is wrong with the screen at `path`, if anything. */
async function problemsOf(page: Page, path: string): Promise<string[]> {
  await page.goto(`${e2e.stack.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
  // skeletons gone: the screen shows its data (or its empty or error state)
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-busy="true"], [role="status"] .animate-pulse').length === 0,
    undefined,
    {
      timeout: 15_000,
    },
  );
  const problems: string[] = [];
  const title = await page.title();
  if (!title.trim()) problems.push('no page title');
  if ((await page.locator('html').getAttribute('lang')) !== 'en') problems.push('no lang="en"');
  problems.push(...(await seriousA11yViolations(page)));
  const wider = await widerThanScreen(page);
  if (wider > 0) problems.push(`${wider} px wider than the screen`);
  return problems.map((p) => `${path}: ${p}`);
}

/** How far the page runs past the right edge of the screen (0: it fits). */
function widerThanScreen(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('every screen is accessible', () => {
  it.each([
    ['visitor', 1280, 800],
    ['visitor', 390, 844],
    ['customer1', 1280, 800],
    ['customer1', 390, 844],
    ['barber1', 1280, 800],
    ['barber1', 390, 844],
    ['admin', 1280, 800],
  ] as const)('as %s, %i px wide', async (who, width, height) => {
    const context = await e2e.browser.newContext({ viewport: { width, height } });
    if (who !== 'visitor') {
      const login = await context.request.post(`${e2e.stack.baseUrl}/api/login`, {
        data: { username: who, password: 'demo1234' },
        headers: apiHeaders,
      });
      expect(login.status()).toBe(200);
    }
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of await screensOf(who)) problems.push(...(await problemsOf(page, path)));
    await context.close();
    expect(problems).toEqual([]);
  });
});

describe("the barber's appointments with a customer's long address", () => {
  it('fit a phone and a desktop: the address is cut, not the page widened past its buttons', async () => {
    const customer = await e2e.browser.newContext();
    const { bookingId, barberUsername } = await bookPending(await signIn(customer, 'customer1'), {
      daysAhead: 1,
      customerAddress: '12345 Northwest South River Drive Extension, Building 7, Medley, FL 33178, United States',
    });
    await customer.close();
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      const context = await e2e.browser.newContext({ viewport: { width, height } });
      await signIn(context, barberUsername);
      const page = await context.newPage();
      await page.goto(`${e2e.stack.baseUrl}/barber/appointments`);
      await page.getByTestId(`appointment-${bookingId}`).first().waitFor();
      expect(`${width} px: ${await widerThanScreen(page)}`).toBe(`${width} px: 0`);
      await context.close();
    }
  });
});
