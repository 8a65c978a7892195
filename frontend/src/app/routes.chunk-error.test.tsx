// @vitest-environment happy-dom
import '../test/dom';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentUserRoute, fakeApi, renderApp } from '../test/app';
import { quietConsole } from '../test/quietConsole';

/*
 * After a deploy the old page asks for a chunk that no longer exists: the home screen's import
 * rejects as Chromium rejects it. (The getter runs when lazyNamed reads the export, inside the
 * lazy loader, so React.lazy sees a rejected import.)
 */
vi.mock('../features/home/components/HomePage', () => ({
  get HomePage(): never {
    throw new TypeError('Failed to fetch dynamically imported module: https://example.test/assets/HomePage-4f2a1c.js');
  },
}));

quietConsole();

const slow = { timeout: 10_000 };

describe('a route whose code cannot be loaded', () => {
  it('shows "This page was updated" with Reload inside the layout, not a blank page; another route works', async () => {
    fakeApi(currentUserRoute(() => null));
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { location } = renderApp('/');

    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('This page was updated');
    // the site's header and navigation are still there around the notice
    expect(screen.getAllByRole('navigation').length).toBeGreaterThan(0);

    screen.getByRole('button', { name: 'Reload' }).click();
    expect(reload).toHaveBeenCalledTimes(1);

    // navigating clears the notice: the next route renders
    location.navigate('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
