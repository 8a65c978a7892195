// @vitest-environment happy-dom
import '../test/dom';
import { lazy, Suspense, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, LoadErrorBoundary, RootErrorBoundary } from './LoadErrorBoundary';

afterEach(() => vi.restoreAllMocks());

/** A screen whose chunk is gone after a deploy: its import rejects the way Chromium words it. */
function missingChunk() {
  return lazy(() =>
    Promise.reject(
      new TypeError('Failed to fetch dynamically imported module: https://example.test/assets/HomePage-abc123.js'),
    ),
  );
}

describe('LoadErrorBoundary', () => {
  it('replaces a screen whose code cannot be loaded by an alert with a Reload button that reloads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const Screen = missingChunk();
    render(
      <>
        <header>Site header</header>
        <LoadErrorBoundary>
          <Suspense fallback={<p>Loading...</p>}>
            <Screen />
          </Suspense>
        </LoadErrorBoundary>
      </>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveProperty('textContent', expect.stringContaining('This page was updated'));
    // the rest of the page stays: only the screen is replaced
    expect(screen.getByText('Site header')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows any other error as "Something went wrong" with Retry, which renders the screen again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('Cannot read properties of undefined');
      return <p>Appointments</p>;
    }
    render(
      <LoadErrorBoundary>
        <Flaky />
      </LoadErrorBoundary>,
    );

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Appointments')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the notice when its reset keys change (navigating to another screen)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = missingChunk();
    function Page() {
      const [path, setPath] = useState('/broken');
      return (
        <>
          <button type="button" onClick={() => setPath('/home')}>
            Home
          </button>
          <LoadErrorBoundary resetKeys={[path]}>
            <Suspense fallback={<p>Loading...</p>}>{path === '/broken' ? <Broken /> : <p>Welcome home</p>}</Suspense>
          </LoadErrorBoundary>
        </>
      );
    }
    render(<Page />);
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(screen.getByText('Welcome home')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('RootErrorBoundary', () => {
  it('catches what no inner boundary does, instead of leaving a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenLayout(): never {
      throw new Error('layout failed');
    }
    render(
      <RootErrorBoundary>
        <BrokenLayout />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://x.test/assets/a.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: https://x.test/assets/a.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['Vite preload', new Error('Unable to preload CSS for /assets/a.css')],
  ])('knows a failed chunk load in %s', (_, error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('does not take other errors for one', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
