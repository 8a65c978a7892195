// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/queryClient';
import { useSession } from '../../../stores/session';
import { fakeApi, userOf } from '../../../test/app';
import { expectRangeToFollowMidnight } from '../../../test/midnight';
import { EarningsPage } from './EarningsPage';

beforeEach(() => {
  queryClient.clear();
  useSession.setState({ user: userOf('barber', 5), status: 'ready' });
});
afterEach(() => vi.unstubAllGlobals());

describe('EarningsPage', () => {
  it('shows no figures for a custom range that is not one, instead of zeros', async () => {
    fakeApi(() => undefined);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <EarningsPage />
      </QueryClientProvider>,
    );
    await user.selectOptions(screen.getByLabelText('Date range'), 'custom');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '' } });
    expect(await screen.findByText('Choose a valid date range to see your earnings.')).toBeTruthy();
    expect(screen.queryByText('$0.00')).toBeNull();
  });

  it('moves a range ending today at midnight: a screen left open overnight asks for the new day', async () => {
    await expectRangeToFollowMidnight(
      <QueryClientProvider client={queryClient}>
        <EarningsPage />
      </QueryClientProvider>,
      '/api/barber/earnings',
    );
  });
});
