// @vitest-environment happy-dom
import '../../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../../lib/queryClient';
import { useSession } from '../../../../stores/session';
import { fakeApi, userOf } from '../../../../test/app';
import { AvailabilityPanel } from './AvailabilityPanel';
import { RevenuePanel } from './RevenuePanel';
import { UpcomingPanel } from './UpcomingPanel';

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('barber', 4), status: 'ready' });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ user: null, status: 'loading' });
});

describe('the barber dashboard panels that failed to load', () => {
  it('each offer a Retry named for what it loads, described by its failure, so a screen reader tells them apart', async () => {
    const { requests } = fakeApi(() => ({ status: 500, body: { message: 'Down', code: 'INTERNAL' } }));
    render(
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path: '/barber' }).hook}>
          <UpcomingPanel barberId={null} params={{}} />
          <AvailabilityPanel params={{}} />
          <RevenuePanel earnings={undefined} series={null} loading={false} error onRetry={() => {}} />
        </Router>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Retry/ })).toHaveLength(3));
    const retries = screen.getAllByRole('button', { name: /^Retry/ });
    expect(retries.map((b) => b.textContent)).toEqual(['Retry', 'Retry', 'Retry']);
    expect(
      screen.getByRole('button', {
        name: 'Retry loading upcoming appointments',
        description: 'Error Loading Bookings',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: 'Retry loading availability',
        description: 'Your availability could not be loaded.',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Retry loading revenue', description: 'Failed to fetch earnings data' }),
    ).toBeTruthy();

    const availabilityReads = () => requests.filter((r) => r.path.startsWith('/api/barber/availability')).length;
    const before = availabilityReads();
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading availability' }));
    await waitFor(() => expect(availabilityReads()).toBe(before + 1));
  });
});
