import type { BookingView } from '@barber/shared';
import { saveBlob } from '../../../lib/download';

export const ADDRESS_NOT_PROVIDED = 'Address not provided';
export const PHONE_NOT_PROVIDED = 'Phone not provided';
const CUSTOMER_FALLBACK = 'Customer';

export function customerName(booking: Pick<BookingView, 'customer'>): string {
  const c = booking.customer;
  const full = c?.fullName?.trim() || [c?.firstName, c?.lastName].filter(Boolean).join(' ').trim();
  return full || CUSTOMER_FALLBACK;
}

export function customerPhone(booking: Pick<BookingView, 'customerPhone' | 'customer'>): string | null {
  return booking.customerPhone?.trim() || booking.customer?.phone?.trim() || null;
}

/** The full street address with unit, city and ZIP, or null without an address. */
export function fullAddress(
  booking: Pick<BookingView, 'customerAddress' | 'apartmentUnit' | 'displayCity' | 'zipcode'>,
): string | null {
  const street = booking.customerAddress?.trim();
  if (!street) return null;
  const unit = booking.apartmentUnit?.trim() ? `, Unit ${booking.apartmentUnit.trim()}` : '';
  const city = booking.displayCity?.trim();
  const tail = [city ? `${city}, FL` : 'FL', booking.zipcode].filter(Boolean).join(' ');
  return `${street}${unit}, ${tail}`;
}

export function googleMapsDirectionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

export function appleMapsUrl(address: string): string {
  return `https://maps.apple.com/?daddr=${encodeURIComponent(address)}`;
}

function vcardEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');
}

function fileSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9-]+/g, '');
}

/** The vCard text and file name ({first}_{last}_contact.vcf) of a booking's customer. */
function contactCard(booking: BookingView): { fileName: string; text: string } {
  const first = booking.customer?.firstName?.trim() || customerName(booking).split(' ')[0] || CUSTOMER_FALLBACK;
  const last = booking.customer?.lastName?.trim() || customerName(booking).split(' ').slice(1).join(' ');
  const phone = customerPhone(booking);
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${vcardEscape(last)};${vcardEscape(first)};;;`,
    `FN:${vcardEscape(customerName(booking))}`,
  ];
  if (phone) lines.push(`TEL;TYPE=CELL:${vcardEscape(phone)}`);
  if (booking.customer?.email) lines.push(`EMAIL:${vcardEscape(booking.customer.email)}`);
  if (booking.customerAddress) {
    const street = [booking.customerAddress, booking.apartmentUnit ? `Unit ${booking.apartmentUnit}` : '']
      .filter(Boolean)
      .join(' ');
    lines.push(
      `ADR;TYPE=HOME:;;${vcardEscape(street)};${vcardEscape(booking.displayCity ?? '')};FL;${booking.zipcode};USA`,
    );
  }
  lines.push(
    `NOTE:${vcardEscape(`${booking.service?.name ?? 'Appointment'} on ${booking.date} at ${booking.startTime}`)}`,
  );
  lines.push('END:VCARD');
  return {
    fileName: `${fileSafe(first) || CUSTOMER_FALLBACK}_${fileSafe(last)}_contact.vcf`,
    text: `${lines.join('\r\n')}\r\n`,
  };
}

/** Downloads the customer's contact card as a Blob. */
export function downloadContactCard(booking: BookingView): string {
  const { fileName, text } = contactCard(booking);
  saveBlob(new Blob([text], { type: 'text/vcard;charset=utf-8' }), fileName);
  return fileName;
}
