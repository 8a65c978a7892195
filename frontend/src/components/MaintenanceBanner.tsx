import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import type { PublicSettings } from '@barber/shared';
import { api } from '../lib/api';
import { useCurrentUser } from '../stores/session';

export const PUBLIC_SETTINGS_KEY = ['/api/public-settings'] as const;

/**
 * The platform's maintenance message, once, at the top of every screen (customer, barber and admin
 * shells; issue 11 item 9). GET /api/public-settings answers during maintenance too; while it is on the
 * banner asks again each minute, so it leaves once the platform is open. An API call refused with 503
 * MAINTENANCE brings it at once (lib/queryClient.ts invalidates the settings).
 */
export function MaintenanceBanner() {
  const { user } = useCurrentUser();
  const settings = useQuery<PublicSettings>({
    queryKey: PUBLIC_SETTINGS_KEY,
    staleTime: 60_000,
    queryFn: ({ signal }) => api.get<PublicSettings>('/api/public-settings', undefined, { signal }),
    refetchInterval: (query) => (query.state.data?.maintenanceMode ? 60_000 : false),
  });
  const data = settings.data;
  if (!data?.maintenanceMode) return null;
  const isAdmin = user?.role === 'admin';
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="mb-6 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <Wrench className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1 text-sm">
        <p className="font-semibold">Maintenance in progress</p>
        <p>{data.maintenanceMessage}</p>
        {isAdmin ? (
          <p>Maintenance mode is on: customers and barbers see this message and cannot use the platform. Switch it off in Platform Settings.</p>
        ) : null}
      </div>
    </div>
  );
}
