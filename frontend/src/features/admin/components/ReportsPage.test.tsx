// @vitest-environment happy-dom
import '../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast';
import { queryClient } from '../../../lib/queryClient';
import { fakeApi } from '../../../test/app';
import { ReportsPage } from './ReportsPage';

afterEach(() => vi.unstubAllGlobals());

describe('Admin Reports downloads', () => {
  it('says a refused download in a toast instead of saving the error as a CSV file', async () => {
    const { requests } = fakeApi(({ path }) =>
      path.startsWith('/api/admin/reports/bookings')
        ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } }
        : undefined,
    );
    const saved = vi.spyOn(URL, 'createObjectURL');
    render(
      <QueryClientProvider client={queryClient}>
        <ReportsPage />
        <Toaster />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download Bookings CSV' }));
    expect(await screen.findByText('Export failed')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/admin/reports/bookings?startDate='))).toHaveLength(1);
    expect(saved).not.toHaveBeenCalled();
  });
});
