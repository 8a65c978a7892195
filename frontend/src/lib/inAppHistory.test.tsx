// @vitest-environment happy-dom
import '../test/dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Link, useLocation } from 'wouter';
import { canGoBackInApp, trackInAppHistory } from './inAppHistory';

/** The app at the browser's own location (wouter's default), with links as the screens have them. */
function App() {
  const [location, navigate] = useLocation();
  return (
    <>
      <p data-testid="path">{location}</p>
      <Link href="/search">Search</Link>
      <Link href="/barber-profile/7">Another barber</Link>
      <button type="button" onClick={() => navigate('/search?city=Austin', { replace: true })}>
        Filter
      </button>
    </>
  );
}

/**
 * The page opened at `path` from another site (a search engine, a shared link): a new entry of the tab
 * that the app did not push, so it carries no state (History.prototype's own pushState, untracked).
 */
function openedFromElsewhere(path: string) {
  History.prototype.pushState.call(window.history, null, '', path);
}

/** The browser's Back or Forward button: the entry's state comes back with it (popstate). */
async function browserGoes(direction: 'back' | 'forward', path: string) {
  act(() => (direction === 'back' ? window.history.back() : window.history.forward()));
  await waitFor(() => expect(window.location.pathname).toBe(path));
  await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(path));
}

beforeAll(() => {
  trackInAppHistory();
});

describe('canGoBackInApp', () => {
  it("a visitor from another site who opened a page and pressed the browser's Back is at the first in-app entry again", async () => {
    openedFromElsewhere('/barber-profile/5');
    render(<App />);
    expect(canGoBackInApp()).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'Search' }));
    expect(screen.getByTestId('path').textContent).toBe('/search');
    expect(canGoBackInApp()).toBe(true);

    await browserGoes('back', '/barber-profile/5');
    // the profile's Back link must lead home now, not off the site
    expect(canGoBackInApp()).toBe(false);

    await browserGoes('forward', '/search');
    expect(canGoBackInApp()).toBe(true);
  });

  it('within the app, Back stays in the app from every entry after the first, also after a replaced one', async () => {
    openedFromElsewhere('/');
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Search' }));
    await userEvent.click(screen.getByRole('link', { name: 'Another barber' }));
    expect(canGoBackInApp()).toBe(true);

    await browserGoes('back', '/search');
    expect(canGoBackInApp()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(window.location.search).toBe('?city=Austin');
    expect(canGoBackInApp()).toBe(true);

    await browserGoes('back', '/');
    expect(canGoBackInApp()).toBe(false);
  });
});
