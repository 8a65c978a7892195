// @vitest-environment happy-dom
import '../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/queryClient';
import { fakeApi } from '../../test/app';
import { publicSettingsOf } from '../../test/publicSettings';
import { ServiceFormDialog } from './ServiceFormDialog';

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

const HINT = "Below the platform's minimum booking of $20: customers cannot book it.";

describe('the service form and the platform minimum booking', () => {
  it('says when a price is below the minimum booking amount, which no booking of it could meet', async () => {
    fakeApi(({ path }) =>
      path === '/api/public-settings'
        ? { status: 200, body: publicSettingsOf({ minimumBookingAmount: 20 }) }
        : undefined,
    );
    render(
      <QueryClientProvider client={queryClient}>
        <ServiceFormDialog open service={null} onOpenChange={() => {}} onSubmit={() => {}} pending={false} />
      </QueryClientProvider>,
    );
    const price = await screen.findByLabelText('Price ($)');
    await screen.findByRole('dialog');
    expect(screen.queryByText(HINT)).toBeNull(); // the default $25
    await userEvent.clear(price);
    await userEvent.type(price, '15');
    expect(await screen.findByText(HINT)).toBeTruthy();
    expect(price.getAttribute('aria-describedby')).toContain('hint');
    await userEvent.clear(price);
    await userEvent.type(price, '20');
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
