// @vitest-environment happy-dom
import '../../../test/dom';
import { REGISTRATION_DISABLED_MESSAGE } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { publicSettingsOf } from '../../../test/publicSettings';
import { RegisterPage } from './RegisterPage';

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

function renderWith(registrationEnabled: boolean) {
  fakeApi(({ method, path }) =>
    method === 'GET' && path === '/api/public-settings'
      ? { status: 200, body: publicSettingsOf({ registrationEnabled }) }
      : undefined,
  );
  const location = memoryLocation({ path: '/register' });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <RegisterPage />
      </Router>
    </QueryClientProvider>,
  );
}

describe('the registration screen and the Registration switch of Platform Settings', () => {
  it('says registration is closed instead of a form the server would refuse', async () => {
    renderWith(false);
    expect(await screen.findByText(REGISTRATION_DISABLED_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the form while registration is open', async () => {
    renderWith(true);
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.queryByText(REGISTRATION_DISABLED_MESSAGE)).toBeNull();
  });
});
