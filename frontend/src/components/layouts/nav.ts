import type { Role } from '@barber/shared';

/** Whether a nav link for `href` is the current route ('/' also covers '/barbers'). */
export function isActivePath(href: string, location: string, exact = false): boolean {
  if (href === '/') return location === '/' || location === '/barbers';
  if (exact) return location === href;
  return location === href || location.startsWith(`${href}/`);
}

export interface SiteNavItem {
  href: string;
  label: string;
  /** Shorter label of the mobile bottom tab bar. */
  shortLabel: string;
}

/** docs/spec/customer-side.md §2.3: the links each kind of user sees. */
export function siteNavItems(role: Role | null): SiteNavItem[] {
  const items: SiteNavItem[] = [{ href: '/', label: 'Home', shortLabel: 'Home' }];
  if (!role) {
    items.push({ href: '/login', label: 'Log In', shortLabel: 'Log In' });
    items.push({ href: '/register', label: 'Sign Up', shortLabel: 'Sign Up' });
    return items;
  }
  items.push({ href: '/bookings', label: 'My Bookings', shortLabel: 'Bookings' });
  items.push({ href: '/profile', label: 'Profile', shortLabel: 'Profile' });
  if (role === 'barber' || role === 'admin')
    items.push({ href: '/barber', label: 'Barber Panel', shortLabel: 'Barber' });
  if (role === 'admin') items.push({ href: '/admin', label: 'Admin Panel', shortLabel: 'Admin' });
  return items;
}

export const roleLabels: Record<Role, string> = {
  customer: 'Customer',
  barber: 'Barber',
  admin: 'Administrator',
};
