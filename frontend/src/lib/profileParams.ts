/**
 * The barber profile's optional query parameters (docs/spec/customer-side.md §2.9): date and zipcode (both
 * present: the booking drawer opens by itself) and the booking inputs serviceId, startTime,
 * endTime, totalAmount.
 */
export interface ProfileBookingParams {
  date: string | null;
  zipcode: string | null;
  serviceId: number | null;
  startTime: string | null;
  endTime: string | null;
  totalAmount: string | null;
}

export function readProfileParams(search: string): ProfileBookingParams {
  const q = new URLSearchParams(search);
  const serviceId = Number(q.get('serviceId'));
  return {
    date: q.get('date') || null,
    zipcode: q.get('zipcode') || null,
    serviceId: Number.isInteger(serviceId) && serviceId > 0 ? serviceId : null,
    startTime: q.get('startTime') || null,
    endTime: q.get('endTime') || null,
    totalAmount: q.get('totalAmount') || null,
  };
}

/** The profile URL that re-opens the drawer with these inputs (used as the sign-in redirect). */
export function profileUrlWithBooking(
  path: string,
  input: {
    date: string | null;
    zipcode: string;
    serviceId: number | null;
    startTime: string | null;
    endTime: string | null;
    totalAmount: string | null;
  },
): string {
  const q = new URLSearchParams();
  if (input.date) q.set('date', input.date);
  if (input.zipcode) q.set('zipcode', input.zipcode);
  if (input.serviceId !== null) q.set('serviceId', String(input.serviceId));
  if (input.startTime) q.set('startTime', input.startTime);
  if (input.endTime) q.set('endTime', input.endTime);
  if (input.totalAmount) q.set('totalAmount', input.totalAmount);
  const qs = q.toString();
  return qs ? `${path}?${qs}` : path;
}
