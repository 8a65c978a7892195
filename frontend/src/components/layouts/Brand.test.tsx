import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PublicSettings } from '@barber/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { PUBLIC_SETTINGS_KEY } from '../../lib/brand';
import { Brand } from './Brand';

function render(settings: PublicSettings | undefined): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (settings) client.setQueryData(PUBLIC_SETTINGS_KEY, settings);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/">
        <Brand />
      </Router>
    </QueryClientProvider>,
  ).replace(/<[^>]+>/g, '');
}

describe('Brand', () => {
  it('shows the platform name the admin set', () => {
    expect(
      render({
        platformName: 'Fade Express',
        platformDescription: 'Fresh cuts at home',
        passwordMinLength: 8,
        registrationEnabled: true,
        cancellationWindow: 24,
        minimumBookingAmount: 20,
        maintenanceMode: false,
        maintenanceMessage: null,
        notificationChannels: { email: true, push: true, bookingAlerts: true },
      }),
    ).toBe('Fade Express');
  });

  it('shows the built-in name until the server answers', () => {
    expect(render(undefined)).toBe('Mobile Barber');
  });
});
