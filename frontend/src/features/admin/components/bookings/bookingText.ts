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
