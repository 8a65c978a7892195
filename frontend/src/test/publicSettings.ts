import type { PublicSettings } from '@barber/shared';

/** GET /api/public-settings as a test's platform answers it: the platform "Fade", open, with `over` changed. */
export function publicSettingsOf(over: Partial<PublicSettings> = {}): PublicSettings {
  return {
    platformName: 'Fade',
    platformDescription: 'Fresh cuts at your door in Miami',
    passwordMinLength: 8,
    registrationEnabled: true,
    cancellationWindow: 24,
    minimumBookingAmount: 20,
    maintenanceMode: false,
    maintenanceMessage: null,
    notificationChannels: { email: true, push: true, bookingAlerts: true },
    ...over,
  };
}
