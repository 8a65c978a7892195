import { minutesOfDay } from '@barber/shared';

/** The search as the URL (/search?zipcode=&date=&startTime=&endTime=&serviceCategory=) and the form hold it. */
export interface SearchParams {
  zipcode: string;
  date: string;
  startTime: string;
  endTime: string;
  serviceCategory: string;
}

export const EMPTY_SEARCH: SearchParams = { zipcode: '', date: '', startTime: '', endTime: '', serviceCategory: 'all' };

/** The search in the URL, or null when it has no zipcode and date (nothing searched yet). */
export function searchFromQueryString(search: string): SearchParams | null {
  const q = new URLSearchParams(search);
  const zipcode = q.get('zipcode') ?? '';
  const date = q.get('date') ?? '';
  if (!zipcode || !date) return null;
  return {
    zipcode,
    date,
    startTime: q.get('startTime') ?? '',
    endTime: q.get('endTime') ?? '',
    serviceCategory: q.get('serviceCategory') || 'all',
  };
}

export function searchToQueryString(p: SearchParams): string {
  const q = new URLSearchParams();
  q.set('zipcode', p.zipcode);
  q.set('date', p.date);
  if (p.startTime) q.set('startTime', p.startTime);
  if (p.endTime) q.set('endTime', p.endTime);
  if (p.serviceCategory && p.serviceCategory !== 'all') q.set('serviceCategory', p.serviceCategory);
  return q.toString();
}

/** The GET /api/search/barbers query: optional parts omitted, category omitted when "all". */
export function searchApiParams(p: SearchParams): Record<string, string | undefined> {
  return {
    date: p.date,
    zipcode: p.zipcode,
    startTime: p.startTime || undefined,
    endTime: p.endTime || undefined,
    serviceCategory: p.serviceCategory && p.serviceCategory !== 'all' ? p.serviceCategory : undefined,
  };
}

/** Slots earlier than the earliest time or later than the latest time are hidden. */
export function slotsInRange(slots: string[], startTime: string, endTime: string): string[] {
  const from = startTime ? minutesOfDay(startTime) : -1;
  const to = endTime ? minutesOfDay(endTime) : Number.POSITIVE_INFINITY;
  return slots.filter((s) => {
    const m = minutesOfDay(s);
    return m >= from && m <= to;
  });
}
