import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack, waitForPath } from './harness';

const e2e = useStack();

async function signOut(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
  } else {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
  }
}

describe.each([
  { width: 1280, height: 800, label: 'desktop', mobile: false },
  { width: 390, height: 844, label: 'mobile', mobile: true },
])('sign-up and sign-in journey ($label)', ({ width, height, label, mobile }) => {
  it('registers a customer, signs out, signs in again, and guards a route', async () => {
    const context = await e2e.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const username = `e2e_${label}_${Date.now().toString(36)}`;

    await page.goto(`${e2e.stack.baseUrl}/register`);
    await expect.poll(() => page.title()).not.toBe('');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `register-${width}`);

    await page.getByLabel('Full Name').fill('Erin Example');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill('longenough1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/');
    await page.getByText('Registration successful', { exact: true }).waitFor();
    await screenshot(page, `home-signed-in-${width}`);

    await signOut(page, mobile);
    await page.getByText('Logged out', { exact: true }).waitFor();

    // A guarded route sends a visitor to sign in, remembering where they wanted to go.
    await page.goto(`${e2e.stack.baseUrl}/bookings?tab=upcoming`);
    // The guard redirects on the client: wait for the sign-in form, then read where it landed.
    try {
      await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
    } catch (e) {
      await screenshot(page, `failure-guard-${width}`);
      console.log('guard did not redirect:', page.url(), (await page.locator('body').innerText()).slice(0, 300));
      throw e;
    }
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/bookings?tab=upcoming');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `login-${width}`);

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('longenough1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/bookings?tab=upcoming');
    await page.getByText('Login successful', { exact: true }).waitFor();
    await context.close();
  });
});

describe('sign-in redirects by role', () => {
  it('sends a barber to the barber dashboard and shows the form errors', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(`${e2e.stack.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Username').fill('barber1');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Login failed', { exact: true }).waitFor();
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/barber/dashboard');
    await page.goto(`${e2e.stack.baseUrl}/admin/settings`);
    await waitForPath(page, '/');
    await page.goto(`${e2e.stack.baseUrl}/no/such/page`);
    await page.getByText('404 Page Not Found').waitFor();
    await page.close();
  });
});
