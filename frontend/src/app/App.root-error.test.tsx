// @vitest-environment happy-dom
import '../test/dom';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserRoute, fakeApi, renderApp } from '../test/app';

// A failure outside every screen's own boundary: the site layout itself throws while rendering.
vi.mock('../components/layouts/MainLayout', () => ({
  MainLayout: (): never => {
    throw new Error('Cannot read properties of undefined (reading "map")');
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the root error boundary', () => {
  it('shows a failure no route boundary catches as an alert with Retry, instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi(currentUserRoute(() => null));
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
