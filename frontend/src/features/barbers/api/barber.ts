import { useQuery } from '@tanstack/react-query';
import type { AvailabilityAnswer, BarberListing, Review, Service } from '@barber/shared';
import { api } from '../../../lib/api';

export interface BarberDetailsAnswer {
  barber: BarberListing;
  services: Service[];
  reviews: Review[];
}

/** GET /api/barbers/{id}: barber, services, reviews. */
export function useBarberDetails(id: string) {
  return useQuery<BarberDetailsAnswer>({ queryKey: [`/api/barbers/${encodeURIComponent(id)}`] });
}

export interface ZipcodeCity {
  /** Region key (miami, fort_lauderdale, ...). */
  city: string;
  displayCity: string;
}

/** Spec §7: on failure the zipcode call silently falls back to miami / Miami. */
export const FALLBACK_ZIPCODE_CITY: ZipcodeCity = { city: 'miami', displayCity: 'Miami' };

/** GET /api/zipcode/{zipcode}/city, only for a 5-digit zipcode; never fails (falls back silently). */
export function useZipcodeCity(zipcode: string) {
  const enabled = /^\d{5}$/.test(zipcode);
  return useQuery<ZipcodeCity>({
    queryKey: ['/api/zipcode', zipcode, 'city'],
    enabled,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<Partial<ZipcodeCity>>(`/api/zipcode/${zipcode}/city`, undefined, { signal });
        return { city: answer.city ?? 'miami', displayCity: answer.displayCity ?? answer.city ?? 'Miami' };
      } catch {
        return FALLBACK_ZIPCODE_CITY;
      }
    },
  });
}

/** The widget's availability call: GET /api/availability?zipcode&date&serviceId (backend/src/catalog). */
export function useWidgetAvailability(params: { zipcode: string; date: string | null; serviceId: number | null }) {
  const enabled = /^\d{5}$/.test(params.zipcode) && params.date !== null && params.serviceId !== null;
  return useQuery<AvailabilityAnswer>({
    queryKey: ['/api/availability', { zipcode: params.zipcode, date: params.date ?? undefined, serviceId: params.serviceId ?? undefined }],
    enabled,
    staleTime: 30_000,
  });
}
