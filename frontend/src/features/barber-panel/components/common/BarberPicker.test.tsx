// @vitest-environment happy-dom
import '../../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/queryClient';
import { adminBarberOf } from '../../../../test/adminBarber';
import { fakeApi } from '../../../../test/app';
import { useBarberScopeStore } from '../../stores/barberScope';
import { BarberPicker } from './BarberPicker';

beforeEach(() => {
  queryClient.clear();
  useBarberScopeStore.getState().select(null);
});
afterEach(() => vi.unstubAllGlobals());

describe("the administrator's barber picker on a platform of 250 barbers", () => {
  it('lists the first 100 by name, says so, and finds any other by a search on the server', async () => {
    const first = Array.from({ length: 100 }, (_, i) =>
      adminBarberOf(i + 1, `Barber ${String(i + 1).padStart(3, '0')}`),
    );
    const zed = adminBarberOf(250, 'Zed Last');
    const { requests } = fakeApi(({ method, path }) => {
      if (method !== 'GET' || !path.startsWith('/api/admin/barbers?')) return undefined;
      const search = new URLSearchParams(path.split('?')[1]).get('search');
      return { status: 200, body: search ? { barbers: [zed], total: 1 } : { barbers: first, total: 250 } };
    });
    render(
      <QueryClientProvider client={queryClient}>
        <BarberPicker />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('The first 100 of 250: type a name to find the others.')).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Zed Last/ })).toBeNull();

    await waitFor(() => expect(useBarberScopeStore.getState().selectedBarberId).toBe(1)); // the first, by default

    const find = screen.getByRole('searchbox', { name: 'Find a barber' });
    await userEvent.type(find, 'Zed');
    await screen.findByRole('option', { name: 'Zed Last (@b250)' });
    expect(requests.some((r) => r.path.includes('search=Zed'))).toBe(true);
    expect(useBarberScopeStore.getState().selectedBarberId).toBe(1); // a search alone switches nobody
    expect(screen.queryByText(/type a name to find the others/)).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Viewing barber' }), 'Zed Last (@b250)');
    expect(useBarberScopeStore.getState().selectedBarberId).toBe(250);

    // the search cleared (or the next panel page, whose picker starts without one): Zed stays chosen and named
    await userEvent.clear(find);
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(101));
    expect(useBarberScopeStore.getState().selectedBarberId).toBe(250);
    expect((screen.getByRole('combobox', { name: 'Viewing barber' }) as HTMLSelectElement).value).toBe('250');
    expect(screen.getByRole('option', { name: 'Zed Last (@b250)' })).toBeTruthy();
  });
});
