// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { BarberProfilePage } from './BarberProfilePage';

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the barber profile when it cannot be shown', () => {
  it('offers Retry when the server fails, and says Barber Not Found only when there is no such barber', async () => {
    let answer = {
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
    };
    fakeApi(({ method, path }) => (method === 'GET' && path === '/api/barbers/4' ? answer : undefined));
    const location = memoryLocation({ path: '/barbers/4' });
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Route path="/barbers/:id">
            <BarberProfilePage />
          </Route>
        </Router>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("This barber's profile could not be loaded. Please try again.")).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Barber Not Found' })).toBeNull();

    answer = { status: 404, body: { message: 'Barber not found', code: 'NOT_FOUND' } };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Barber Not Found' })).toBeTruthy();
  });
});
