import { describe, expect, it } from 'vitest';
import { siteNavItems } from './nav';

describe('siteNavItems (docs/spec/customer-side.md §2.3)', () => {
  it('gives a visitor only Home, Log In and Sign Up', () => {
    expect(siteNavItems(null).map((i) => i.label)).toEqual(['Home', 'Log In', 'Sign Up']);
  });

  it('names the bookings link "Bookings" in the header and "My Bookings" in the menu', () => {
    const bookings = siteNavItems('customer').find((i) => i.href === '/bookings');
    expect(bookings).toEqual({ href: '/bookings', label: 'Bookings', menuLabel: 'My Bookings' });
  });

  it('adds Barber Panel for barbers and both panels for administrators, by their full names', () => {
    expect(siteNavItems('customer').map((i) => i.label)).toEqual(['Home', 'Bookings', 'Profile']);
    expect(siteNavItems('barber').map((i) => i.label)).toEqual(['Home', 'Bookings', 'Profile', 'Barber Panel']);
    expect(siteNavItems('admin').map((i) => i.label)).toEqual([
      'Home',
      'Bookings',
      'Profile',
      'Barber Panel',
      'Admin Panel',
    ]);
  });
});
