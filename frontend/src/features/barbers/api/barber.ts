import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api';
import { answerQuery } from '../../../lib/queryClient';

/** The query key of a barber's public profile (GET /api/barbers/{id}), `id` as the profile's address has it. */
export function barberDetailsKey(id: string): [string] {
  return [`/api/barbers/${encodeURIComponent(id)}`];
}

/** GET /api/barbers/{id}: barber, services, reviews; read again after 30 s (the barber may change a price). */
export function useBarberDetails(id: string) {
  return useQuery({
    queryKey: barberDetailsKey(id),
    queryFn: answerQuery('barberDetailsAnswerSchema'),
    staleTime: 30_000,
  });
}

export interface ZipcodeCity {
  /** Region key (miami, fort_lauderdale, ...). */
  city: string;
  displayCity: string;
}

/** Spec §7: on failure the zipcode call silently falls back to miami / Miami. */
const FALLBACK_ZIPCODE_CITY: ZipcodeCity = { city: 'miami', displayCity: 'Miami' };

/**
 * GET /api/zipcode/{zipcode}/city: the city of a zipcode of the service area, null for one outside it
 * (404: the widget must not claim a location it refuses below); any other failure falls back silently
 * to miami / Miami (docs/spec/customer-side.md §7).
 */
export async function fetchZipcodeCity(zipcode: string, signal?: AbortSignal): Promise<ZipcodeCity | null> {
  try {
    const answer = await api.get(`/api/zipcode/${zipcode}/city`, undefined, {
      ...(signal ? { signal } : {}),
      answer: 'zipcodeCityAnswerSchema',
    });
    return { city: answer.city, displayCity: answer.displayCity };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    return FALLBACK_ZIPCODE_CITY;
  }
}

/** The widget's zipcode, only for a 5-digit zipcode; never fails. */
export function useZipcodeCity(zipcode: string) {
  return useQuery<ZipcodeCity | null>({
    queryKey: ['/api/zipcode', zipcode, 'city'],
    enabled: /^\d{5}$/.test(zipcode),
    queryFn: ({ signal }) => fetchZipcodeCity(zipcode, signal),
  });
}

/** The hint under the widget's zipcode: its location once known, none for a zipcode outside the area. */
export function zipcodeHint(zipcodeComplete: boolean, city: ZipcodeCity | null | undefined): string {
  if (zipcodeComplete && city) return `Location: ${city.displayCity}, FL`;
  if (zipcodeComplete && city === null) return 'This zipcode is not in our service area.';
  return 'Where should the barber come to?';
}

/** The widget's availability call: GET /api/availability?zipcode&date&serviceId (backend/src/catalog). */
export function useWidgetAvailability(params: { zipcode: string; date: string | null; serviceId: number | null }) {
  const enabled = /^\d{5}$/.test(params.zipcode) && params.date !== null && params.serviceId !== null;
  return useQuery({
    queryKey: [
      '/api/availability',
      { zipcode: params.zipcode, date: params.date ?? undefined, serviceId: params.serviceId ?? undefined },
    ],
    queryFn: answerQuery('availabilityAnswerSchema'),
    enabled,
    staleTime: 30_000,
  });
}
