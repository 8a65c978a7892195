// @vitest-environment happy-dom
import '../test/dom';
import type { CurrentUser, Role } from '@barber/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUserRoute, fakeApi, renderApp, userOf } from '../test/app';
import { quietConsole } from '../test/quietConsole';

// The live connection is not what these tests are about: no socket is opened.
vi.mock('socket.io-client', () => import('../test/socketStub'));

// the screens behind the guards load their data from a fake API that knows none of it: they log that
quietConsole();

/** The address the app is at now. */
const at = (history: string[]) => history[history.length - 1];
/** Lazy screens are transformed on first import: slower than a browser's cached chunk. */
const slow = { timeout: 10_000 };

describe('route guards and redirects', () => {
  it('sends a signed-out visitor of a guarded page to sign-in, keeping the page and its query, and back there after signing in', async () => {
    let user: CurrentUser | null = null;
    fakeApi(
      currentUserRoute(() => user),
      ({ method, path: p, body }) => {
        if (method !== 'POST' || p !== '/api/login') return undefined;
        const { username, password } = body as { username: string; password: string };
        if (username !== 'customer7' || password !== 'secret-password')
          return { status: 401, body: { message: 'Invalid username or password' } };
        user = userOf('customer');
        return { status: 200, body: user };
      },
    );
    const { location } = renderApp('/bookings?tab=past');

    await waitFor(() => expect(at(location.history)).toBe('/login?redirect=%2Fbookings%3Ftab%3Dpast'));
    expect(await screen.findByRole('heading', { name: 'Sign in' }, slow)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Username'), 'customer7');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));

    await waitFor(() => expect(at(location.history)).toBe('/bookings?tab=past'), slow);
  });

  it.each<[string, Role, string]>([
    ['a customer', 'customer', '/admin/bookings'],
    ['a barber', 'barber', '/admin/dashboard'],
    ['a customer', 'customer', '/barber/appointments'],
    ['a barber', 'barber', '/checkout'],
  ])('refuses %s (%s) a page of another role (%s): back to the home page', async (_, role, page) => {
    fakeApi(currentUserRoute(() => userOf(role)));
    const { location } = renderApp(page);
    await waitFor(() => expect(at(location.history)).toBe('/'));
  });

  it.each<[Role, string]>([
    ['admin', '/admin/bookings'],
    ['admin', '/barber/appointments'],
    ['barber', '/barber/appointments'],
    ['customer', '/bookings'],
  ])('lets a signed-in %s stay on %s', async (role, page) => {
    fakeApi(currentUserRoute(() => userOf(role)));
    const { location } = renderApp(page);
    // the session has loaded (a guard decides only then) and the guard let the page render
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull(), slow);
    expect(at(location.history)).toBe(page);
  });
});
