import type { BookingView } from '@barber/shared';

export const customerName = (b: BookingView) => b.customer.fullName || 'Customer';
export const barberName = (b: BookingView) => b.barber.user.fullName || 'Barber';
export const serviceName = (b: BookingView) => b.service.name || 'Service';
export const customerPhone = (b: BookingView) => b.customerPhone || b.customer.phone || null;

/** The customer's address with ", Unit {apartmentUnit}" when there is one. */
export function addressLine(b: BookingView): string | null {
  if (!b.customerAddress) return null;
  return b.apartmentUnit ? `${b.customerAddress}, Unit ${b.apartmentUnit}` : b.customerAddress;
}

/** Client-side search of the fetched page (docs/spec/barber-and-admin.md §5): customer name and email, barber name, service name. */
export function matchesSearch(b: BookingView, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [b.customer.fullName, b.customer.email, b.barber.user.fullName, b.service.name].some((v) =>
    (v ?? '').toLowerCase().includes(q),
  );
}
