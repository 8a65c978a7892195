// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { userOf } from '../../../test/app';
import { expectRangeToFollowMidnight } from '../../../test/midnight';
import { DashboardPage } from './DashboardPage';

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('barber', 5), status: 'ready' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the barber dashboard', () => {
  it('moves its last 30 days at midnight: a dashboard left open overnight counts the new day', async () => {
    const location = memoryLocation({ path: '/barber/dashboard' });
    await expectRangeToFollowMidnight(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <DashboardPage />
        </Router>
      </QueryClientProvider>,
      '/api/barber/earnings',
    );
  });
});
