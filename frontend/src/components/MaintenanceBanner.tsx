import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { api } from '../lib/api';
import { useCurrentUser } from '../stores/session';

export const PUBLIC_SETTINGS_KEY = ['/api/public-settings'] as const;

/**
 * The platform's maintenance message, once, at the top of every screen (customer, barber and admin
 * shells; issue 11 item 9). GET /api/public-settings answers during maintenance too; while it is on the
 * banner asks again each minute, so it leaves once the platform is open. An API call refused with 503
 * MAINTENANCE brings it at once (lib/queryClient.ts invalidates the settings).
 */
/** GET /api/public-settings' maintenance state, asked again each minute while it is on. */
function useMaintenance(): { on: boolean; message: string | null } {
  const settings = useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    staleTime: 60_000,
    queryFn: ({ signal }) => api.get('/api/public-settings', undefined, { signal, answer: 'publicSettingsSchema' }),
    refetchInterval: (query) => (query.state.data?.maintenanceMode ? 60_000 : false),
  });
  const data = settings.data;
  return { on: Boolean(data?.maintenanceMode), message: data?.maintenanceMessage ?? null };
}

export function MaintenanceBanner({ standalone = false }: { standalone?: boolean }) {
  const { user } = useCurrentUser();
  const { on, message } = useMaintenance();
  return on ? <MaintenanceNotice message={message} isAdmin={user?.role === 'admin'} standalone={standalone} /> : null;
}

/** The banner itself: the platform's message; administrators also read that the others are locked out. */
function MaintenanceNotice({
  message,
  isAdmin,
  standalone,
}: {
  message: string | null;
  isAdmin: boolean;
  standalone: boolean;
}) {
  const Title = standalone ? 'h1' : 'p';
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="mb-6 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <Wrench className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1 text-sm">
        <Title className="font-semibold">Maintenance in progress</Title>
        <p>{message}</p>
        {isAdmin ? (
          <p>
            Maintenance mode is on: customers and barbers see this message and cannot use the platform. Switch it off in
            Platform Settings.
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A screen's content under the maintenance banner. While maintenance is on, customers and barbers get the
 * message alone instead of a screen whose every card would fail ("-", "Error Loading ..."); administrators
 * keep working under the banner (they switch it off).
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const { on, message } = useMaintenance();
  return (
    <MaintenanceGateView on={on} message={message} isAdmin={user?.role === 'admin'}>
      {children}
    </MaintenanceGateView>
  );
}

export function MaintenanceGateView({
  on,
  message,
  isAdmin,
  children,
}: {
  on: boolean;
  message: string | null;
  isAdmin: boolean;
  children: ReactNode;
}) {
  // A screen open when maintenance began stays mounted, hidden: a form being filled (a save refused with 503 is
  // what shows the banner) is there as it was when the platform opens again. One not open yet is not mounted.
  const [mounted, setMounted] = useState(!on);
  useEffect(() => {
    if (!on) setMounted(true);
  }, [on]);
  const locked = on && !isAdmin;
  return (
    <>
      {on ? <MaintenanceNotice message={message} isAdmin={isAdmin} standalone={!isAdmin} /> : null}
      {/* always the same element in the same place, so that React keeps the screen's state through the switch */}
      <div hidden={locked} className={locked ? undefined : 'contents'}>
        {locked && !mounted ? null : children}
      </div>
    </>
  );
}
