// @vitest-environment happy-dom
import '../test/dom';
import { MAINTENANCE_MESSAGE, type PublicSettings } from '@barber/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { render as renderDom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { queryClient as appQueryClient } from '../lib/queryClient';
import { MaintenanceBanner, MaintenanceGateView, PUBLIC_SETTINGS_KEY } from './MaintenanceBanner';

/* Issue 11 item 9: maintenance mode showed barbers only "-" and "Error Loading ..."; now one banner says why. */

const open: PublicSettings = {
  platformName: 'Fade',
  platformDescription: 'Fresh cuts at home',
  passwordMinLength: 8,
  registrationEnabled: true,
  cancellationWindow: 24,
  minimumBookingAmount: 20,
  maintenanceMode: false,
  maintenanceMessage: null,
  notificationChannels: { email: true, push: true, bookingAlerts: true },
};

function render(settings: PublicSettings, node: ReactNode = <MaintenanceBanner />) {
  const client = new QueryClient();
  client.setQueryData(PUBLIC_SETTINGS_KEY, settings);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}
const gate = (on: boolean, isAdmin: boolean) =>
  renderToStaticMarkup(
    <MaintenanceGateView on={on} message={on ? MAINTENANCE_MESSAGE : null} isAdmin={isAdmin}>
      <p>Error Loading Bookings</p>
    </MaintenanceGateView>,
  );

describe('MaintenanceBanner', () => {
  it("shows the platform's maintenance message once, as a status banner", () => {
    const html = render({ ...open, maintenanceMode: true, maintenanceMessage: MAINTENANCE_MESSAGE });
    expect(html).toContain('role="status"');
    expect(html).toContain('Maintenance in progress');
    expect(html.split(MAINTENANCE_MESSAGE)).toHaveLength(2);
  });

  it('gives a barber the message alone instead of a screen of failing cards; an admin keeps the screen under it', () => {
    const barber = gate(true, false);
    expect(barber).toContain(MAINTENANCE_MESSAGE);
    expect(barber).toContain('<h1');
    expect(barber).not.toContain('Error Loading Bookings');
    const admin = gate(true, true);
    expect(admin).toContain(MAINTENANCE_MESSAGE);
    expect(admin).toContain('Switch it off in Platform Settings.');
    expect(admin).toContain('Error Loading Bookings');
    expect(gate(false, false)).toBe('<div class="contents"><p>Error Loading Bookings</p></div>');
  });

  it('keeps a screen open when maintenance began, hidden, with what was typed, for when the platform opens again', async () => {
    const view = (on: boolean) => (
      <MaintenanceGateView on={on} message={on ? MAINTENANCE_MESSAGE : null} isAdmin={false}>
        <label>
          Bio <input />
        </label>
      </MaintenanceGateView>
    );
    const screenView = renderDom(view(false));
    await userEvent.type(screenView.getByLabelText('Bio'), 'Fades since 2010');
    screenView.rerender(view(true));
    expect(screenView.getByText(MAINTENANCE_MESSAGE)).toBeTruthy();
    expect(screenView.queryByRole('textbox')).toBeNull(); // hidden from everyone
    screenView.rerender(view(false));
    expect((screenView.getByLabelText('Bio') as HTMLInputElement).value).toBe('Fades since 2010');
    screenView.unmount();
  });

  it('shows nothing while the platform is open', () => {
    expect(render(open)).toBe('');
  });

  it('is asked again when any call is refused with 503 MAINTENANCE', async () => {
    appQueryClient.setQueryData(PUBLIC_SETTINGS_KEY, open);
    expect(appQueryClient.getQueryState(PUBLIC_SETTINGS_KEY)?.isInvalidated).toBe(false);
    const refused = new ApiError(503, '503: maintenance', { code: 'MAINTENANCE', message: MAINTENANCE_MESSAGE });
    await appQueryClient
      .fetchQuery({ queryKey: ['/api/barber/earnings', 'maintenance-test'], queryFn: () => Promise.reject(refused) })
      .catch(() => undefined);
    expect(appQueryClient.getQueryState(PUBLIC_SETTINGS_KEY)?.isInvalidated).toBe(true);
  });
});
