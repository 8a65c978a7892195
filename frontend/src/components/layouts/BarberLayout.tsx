import type { ReactNode } from 'react';
import { CalendarClock, CalendarDays, DollarSign, LayoutDashboard, Scissors, Settings, User } from 'lucide-react';
import { PanelLayout, type PanelNavItem } from './PanelLayout';

export const barberNavItems: PanelNavItem[] = [
  { href: '/barber/dashboard', label: 'Dashboard', icon: LayoutDashboard, aliases: ['/barber'] },
  { href: '/barber/appointments', label: 'Appointments', icon: CalendarDays },
  { href: '/barber/services', label: 'Services', icon: Scissors },
  { href: '/barber/scheduling', label: 'Scheduling', icon: CalendarClock },
  { href: '/barber/earnings', label: 'Earnings', icon: DollarSign },
  { href: '/barber/profile', label: 'Profile', icon: User },
  { href: '/barber/settings', label: 'Settings', icon: Settings },
];

/** Barber panel shell: sidebar on desktop, drawer menu on mobile, bell, Log Out. */
export function BarberLayout({ children }: { children: ReactNode }) {
  return (
    <PanelLayout title="Barber Panel" navLabel="Barber panel" items={barberNavItems}>
      {children}
    </PanelLayout>
  );
}
