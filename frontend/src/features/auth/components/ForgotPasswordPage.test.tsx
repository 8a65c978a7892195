// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { ForgotPasswordPage } from './ForgotPasswordPage';

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordPage', () => {
  it("checks the address with the API's own schema and sends it trimmed", async () => {
    const { requests } = fakeApi(({ path }) =>
      path === '/api/forgot-password' ? { status: 200, body: { ok: true } } : undefined,
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: '/forgot-password' }).hook}>
          <ForgotPasswordPage />
        </Router>
      </QueryClientProvider>,
    );
    const email = screen.getByLabelText('Email');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    const sent = () => requests.filter((r) => r.path === '/api/forgot-password').map((r) => r.body);
    expect(sent()).toEqual([]);

    await user.clear(email);
    await user.type(email, '  ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('If an account exists for that email, we sent a link to reset your password.'),
    ).toBeTruthy();
    expect(sent()).toEqual([{ email: 'ana@example.com' }]);
  });
});
