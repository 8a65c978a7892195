import type { Role } from '@barber/shared';

/** Whether a nav link for `href` is the current route ('/' also covers '/barbers'). */
export function isActivePath(href: string, location: string, exact = false): boolean {
  if (href === '/') return location === '/' || location === '/barbers';
  if (exact) return location === href;
  return location === href || location.startsWith(`${href}/`);
}

export interface SiteNavItem {
  href: string;
  /** The label of the header and the bottom tab bar. */
  label: string;
  /** The label in the user menu and the side sheet, where it differs ("My Bookings"). */
  menuLabel?: string;
}

/** docs/spec/customer-side.md §2.3: the links each kind of user sees. */
export function siteNavItems(role: Role | null): SiteNavItem[] {
  const items: SiteNavItem[] = [{ href: '/', label: 'Home' }];
  if (!role) {
    items.push({ href: '/login', label: 'Log In' });
    items.push({ href: '/register', label: 'Sign Up' });
    return items;
  }
  items.push({ href: '/bookings', label: 'Bookings', menuLabel: 'My Bookings' });
  items.push({ href: '/profile', label: 'Profile' });
  if (role === 'barber' || role === 'admin') items.push({ href: '/barber', label: 'Barber Panel' });
  if (role === 'admin') items.push({ href: '/admin', label: 'Admin Panel' });
  return items;
}

export const roleLabels: Record<Role, string> = {
  customer: 'Customer',
  barber: 'Barber',
  admin: 'Administrator',
};
