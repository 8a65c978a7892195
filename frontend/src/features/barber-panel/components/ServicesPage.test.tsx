// @vitest-environment happy-dom
import '../../../test/dom';
import type { Service } from '@barber/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { queryClient } from '../../../lib/queryClient';
import { BARBER_SERVICES_KEY } from '../../../lib/serviceMutations';
import { fakeApi, signedInForEachTest, userOf } from '../../../test/app';
import { publicSettingsOf } from '../../../test/publicSettings';
import { ServicesPage } from './ServicesPage';

signedInForEachTest({ ...userOf('barber', 7), barberId: 5 } as ReturnType<typeof userOf>);

const service = (id: number, name: string, category: string): Service => ({
  id,
  barberId: 5,
  name,
  description: '',
  duration: 30,
  price: '30.00',
  category,
  isActive: true,
});

function renderPage() {
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memoryLocation({ path: '/barber/services' }).hook}>
        <ServicesPage />
      </Router>
    </QueryClientProvider>,
  );
}

describe('the Services screen', () => {
  it('falls back to All Services when the open category tab loses its last service', async () => {
    let services = [service(1, 'Fade', 'haircut'), service(2, 'Beard Trim', 'beard')];
    fakeApi(({ method, path }) =>
      method === 'GET' && path.startsWith(BARBER_SERVICES_KEY) ? { status: 200, body: { services } } : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Beard Trim' }));
    expect(screen.getByRole('tab', { name: 'Beard Trim' }).getAttribute('aria-selected')).toBe('true');
    services = [service(1, 'Fade', 'haircut')]; // the beard service was deleted (in another tab)
    await act(() => queryClient.invalidateQueries({ queryKey: [BARBER_SERVICES_KEY] }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Beard Trim' })).toBeNull());
    expect(screen.getByRole('tab', { name: 'All Services' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Fade')).toBeTruthy();
  });

  it('says which service costs less than the minimum booking amount: customers cannot book it', async () => {
    const services = [service(1, 'Fade', 'haircut'), { ...service(3, 'Line up', 'haircut'), price: '10.00' }];
    fakeApi(({ method, path }) => {
      if (method === 'GET' && path.startsWith(BARBER_SERVICES_KEY)) return { status: 200, body: { services } };
      if (path === '/api/public-settings') return { status: 200, body: publicSettingsOf({ minimumBookingAmount: 20 }) };
      return undefined;
    });
    renderPage();
    const note = 'Below the minimum booking amount ($20): customers cannot book it.';
    await waitFor(() => expect(within(screen.getByTestId('service-3')).getByText(note)).toBeTruthy());
    expect(within(screen.getByTestId('service-1')).queryByText(note)).toBeNull();
  });
});
