// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { ResetPasswordPage } from './ResetPasswordPage';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../components/ui/toast', () => ({ toast }));

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'ready' });
});

describe('ResetPasswordPage', () => {
  it('forgets the session the reset ended before going to sign in (the browser was signed in as its user)', async () => {
    useSession.setState({ user: userOf('barber', 7), status: 'ready' });
    fakeApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/reset-password') return { status: 200, body: { ok: true } };
      if (method === 'GET' && path === '/api/current-user')
        return { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not signed in' } };
      return undefined;
    });
    const location = memoryLocation({ path: '/reset-password?token=' + 't'.repeat(40), record: true });
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <ResetPasswordPage />
        </Router>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'a-new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?reset=done'));
    expect(useSession.getState().user).toBeNull();
    // the sign-in screen's notice says what happened: no "Authentication required" on top of it
    expect(toast).not.toHaveBeenCalled();
  });
});
