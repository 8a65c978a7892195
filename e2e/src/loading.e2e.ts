import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET, LAZY_ONLY_CHUNKS, measureDist } from '../../bench/bundleSize';
import { seriousA11yViolations, useStack } from './harness';

/*
 * What the home page loads first, and what happens when a lazily loaded screen cannot be fetched
 * (e.g. its chunk was removed by a deploy while the page was open).
 */

const e2e = useStack();

// The backend serves FRONTEND_DIST when set (e.g. to try this file on another build).
const dist = process.env.FRONTEND_DIST ?? fileURLToPath(new URL('../../frontend/dist/', import.meta.url));

/** Opens `/` and returns the paths of every script it fetched and whether it opened a socket. */
async function openHome(context: BrowserContext): Promise<{ page: Page; scripts: string[]; sockets: string[] }> {
  const page = await context.newPage();
  const scripts: string[] = [];
  const sockets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1));
    if (new URL(r.url()).pathname.startsWith('/socket.io')) sockets.push(r.url());
  });
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto(`${e2e.stack.baseUrl}/`);
  // The visitor's hero or the signed-in banner: the home screen's lazy chunk has rendered.
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  return { page, scripts, sockets };
}

describe('what the home page loads', () => {
  it(`keeps the entry script and its modulepreloads within ${INITIAL_JS_BUDGET / 1000} KB gzip`, async () => {
    const figures = await measureDist(dist);
    expect(figures.initial.map((c) => c.file).filter((file) => LAZY_ONLY_CHUNKS.test(file))).toEqual([]);
    expect(figures.initialGzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it('a visitor gets neither the socket nor the chart, payment or form code, and the header controls work', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, scripts, sockets } = await openHome(context);
    expect(scripts.filter((s) => LAZY_ONLY_CHUNKS.test(s) && !/\/(zod|shared)-/.test(s))).toEqual([]);
    expect(sockets).toEqual([]);

    const bell = page.getByRole('button', { name: 'Notifications' });
    await expect.poll(() => bell.isEnabled()).toBe(true);
    await bell.click();
    await page.getByRole('menuitem', { name: 'No new notifications' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(await page.getByRole('dialog').getByRole('link').allTextContents()).toEqual(['Home', 'Log In', 'Sign Up']);
    await context.close();
  });

  it('a signed-in user gets the live connection and the user menu on the home page', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await context.request.post(`${e2e.stack.baseUrl}/api/login`, {
      data: { username: 'customer1', password: 'demo1234' },
      headers: { 'x-requested-with': 'e2e' },
    });
    expect(login.status()).toBe(200);
    const { page, sockets } = await openHome(context);
    await expect.poll(() => sockets.some((url) => url.includes('/socket.io/')), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    await context.close();
  });
});

describe('a screen whose code cannot be fetched', () => {
  it('shows a notice with Reload instead of a blank page, and Reload brings the screen', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const gone = (url: URL) => /^\/assets\/SearchPage-[^/]*\.js$/.test(url.pathname);
    await context.route(gone, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    const { page } = await openHome(context);

    await page.getByRole('link', { name: 'Search barbers', exact: true }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'This page was updated' });
    await notice.waitFor();
    // The shell stays: the header's navigation is still there.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await context.unroute(gone);
    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(0);
    await page.locator('main h1').first().waitFor();
    await context.close();
  });
});
