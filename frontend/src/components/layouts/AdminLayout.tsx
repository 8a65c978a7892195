import type { FormEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CalendarDays, ChartColumn, FileText, LayoutDashboard, Search, Settings, Users } from 'lucide-react';
import { useAdminLive } from '../../features/admin/api/live';
import { TwoFactorGate } from '../../features/admin/components/TwoFactorGate';
import { useCurrentUser } from '../../stores/session';
import { PanelLayout, type PanelNavItem } from './PanelLayout';
import { UserMenu } from './HeaderWidgets';

export const adminNavItems: PanelNavItem[] = [
  { href: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard, aliases: ['/admin'] },
  { href: '/admin/barbers', label: 'Barbers', icon: Users },
  { href: '/admin/bookings', label: 'Bookings', icon: CalendarDays },
  { href: '/admin/analytics', label: 'Analytics', icon: ChartColumn },
  { href: '/admin/reports', label: 'Reports', icon: FileText },
  { href: '/admin/settings', label: 'Settings', icon: Settings },
];

/**
 * Admin shell: sidebar links, a search box (bookings by customer, barber or id), the bell and a profile menu with
 * Log Out. It keeps the admin area live as long as any admin screen is shown: pushes that arrive while Barbers or
 * Settings is open still update the cached bookings lists and totals, so Bookings and the dashboard are current
 * when the admin comes back to them.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  useAdminLive();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  // The header search finds bookings: it opens Bookings with the search filled in (?q=).
  const searchBookings = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/admin/bookings?q=${encodeURIComponent(q)}` : '/admin/bookings');
  };
  return (
    <PanelLayout
      title="Admin Panel"
      navLabel="Admin"
      items={adminNavItems}
      headerStart={
        <form role="search" className="relative max-w-sm" onSubmit={searchBookings}>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-600"
            aria-hidden="true"
          />
          <input
            type="search"
            name="q"
            aria-label="Search bookings by customer, barber or booking ID"
            placeholder="Search bookings..."
            className="h-10 w-full rounded-md border border-zinc-300 bg-white pl-9 pr-3 text-sm text-zinc-900 placeholder:text-zinc-500"
          />
        </form>
      }
      headerEnd={user ? <UserMenu user={user} links={[{ href: '/admin/profile', label: 'Profile' }]} /> : null}
    >
      <TwoFactorGate>{children}</TwoFactorGate>
    </PanelLayout>
  );
}
