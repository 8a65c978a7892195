import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, useStack, waitForPath } from './harness';

const e2e = useStack();

/**
 * The emailed link carries a token the database keeps only as a hash: once the screen has asked for a
 * reset, the journey puts the hash of a token it knows in place of the one mailed.
 */
async function linkTokenFor(email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await expect
    .poll(
      async () => {
        const rows = await e2e.stack.deps.sql`
        UPDATE password_resets SET token_hash = ${hash}
         WHERE used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ${email}) RETURNING 1`;
        return rows.length;
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  return token;
}

describe.each([
  { width: 1280, height: 800, email: 'customer1@example.com', username: 'customer1' },
  { width: 390, height: 844, email: 'customer2@example.com', username: 'customer2' },
])('forgot and reset password journey ($width wide)', ({ width, height, email, username }) => {
  it('asks for a link, sets a new password, signs in with it, and refuses the used link', async () => {
    const context = await e2e.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();

    await page.goto(`${e2e.stack.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that email, we sent a link to reset your password.').waitFor();
    const token = await linkTokenFor(email);

    await page.goto(`${e2e.stack.baseUrl}/reset-password?token=${token}`);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    expect(await page.title()).toMatch(/Reset password/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `reset-password-${width}`);

    // The spec's password messages, before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm new password').fill('abd');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('New password must be at least 6 characters', { exact: true }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brandnew99');
    await page.getByLabel('Confirm new password').fill('brandnew98');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');

    await page.getByLabel('New password', { exact: true }).fill('brandnew99');
    await page.getByLabel('Confirm new password').fill('brandnew99');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await waitForPath(page, '/login?reset=done');
    await page
      .getByRole('status')
      .filter({ hasText: 'Your password has been reset. Sign in with your new password.' })
      .waitFor();
    await screenshot(page, `login-after-reset-${width}`);

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('brandnew99');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/');

    // The link works once: used again, it says so and leads back to "Forgot password?".
    await page.goto(`${e2e.stack.baseUrl}/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('another99');
    await page.getByLabel('Confirm new password').fill('another99');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This password reset link is invalid or has expired.' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `reset-password-used-${width}`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await context.close();
  });
});
