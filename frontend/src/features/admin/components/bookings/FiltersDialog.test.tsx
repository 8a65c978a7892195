// @vitest-environment happy-dom
import '../../../../test/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/queryClient';
import { adminBarberOf } from '../../../../test/adminBarber';
import { fakeApi } from '../../../../test/app';
import { FiltersDialog } from './FiltersDialog';

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe("the admin bookings' barber filter on a platform of 250 barbers", () => {
  it('finds a barber past the first 100 by name, keeps them chosen while the search changes, and applies them', async () => {
    const first = Array.from({ length: 100 }, (_, i) =>
      adminBarberOf(i + 1, `Barber ${String(i + 1).padStart(3, '0')}`),
    );
    const { requests } = fakeApi(({ method, path }) => {
      if (method !== 'GET' || !path.startsWith('/api/admin/barbers?')) return undefined;
      const search = new URLSearchParams(path.split('?')[1]).get('search');
      if (search === 'Zed') return { status: 200, body: { barbers: [adminBarberOf(250, 'Zed Last')], total: 1 } };
      return { status: 200, body: search ? { barbers: [], total: 0 } : { barbers: first, total: 250 } };
    });
    const onApply = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <FiltersDialog open onOpenChange={() => {}} value={{}} onApply={onApply} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('The first 100 of 250: type a name to find the others.')).toBeTruthy();
    const find = screen.getByRole('searchbox', { name: 'Find barber' });
    await userEvent.type(find, 'Zed');
    await screen.findByRole('option', { name: 'Zed Last' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Barber' }), 'Zed Last');
    const barberOptions = () =>
      within(screen.getByRole('combobox', { name: 'Barber' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    await userEvent.clear(find);
    await waitFor(() => expect(barberOptions()).toHaveLength(102)); // any, Zed (chosen), the first 100
    await userEvent.type(find, 'Nobody');
    // the search for "Nobody" answered none: Zed, chosen, is still an option
    await waitFor(() => expect(requests.some((r) => r.path.includes('search=Nobody'))).toBe(true));
    await waitFor(() => expect(barberOptions()).toEqual(['Any barber', 'Zed Last']));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledWith({ barberId: 250 }, 'Zed Last'); // the chip's name: Zed is in no list
  });
});
