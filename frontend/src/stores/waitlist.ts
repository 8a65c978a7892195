import { useQuery, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { WaitlistEntry, WaitlistJoinInput } from '@barber/shared';
import { api } from '../lib/api';

/** POST /api/waitlist: joins a barber's day. */
export async function joinWaitlist(input: WaitlistJoinInput): Promise<WaitlistEntry> {
  const answer = await api.post('/api/waitlist', input, { answer: 'waitlistEntryAnswerSchema' });
  return answer.entry;
}

/** DELETE /api/waitlist/{id}: leaves it. */
export async function leaveWaitlist(id: number): Promise<void> {
  await api.delete(`/api/waitlist/${id}`);
}

/** GET /api/waitlist/full-barbers: whom the search may offer to wait for when nobody is free. */
export async function fetchFullBarbers(params: {
  zipcode: string;
  date: string;
  startTime?: string;
  endTime?: string;
  category?: string;
}) {
  const query: Record<string, string> = { zipcode: params.zipcode, date: params.date };
  if (params.startTime) query.startTime = params.startTime;
  if (params.endTime) query.endTime = params.endTime;
  if (params.category) query.category = params.category;
  return (await api.get('/api/waitlist/full-barbers', query, { answer: 'fullBarbersAnswerSchema' })).barbers;
}

/** The query of a customer's waitlist entries (GET /api/waitlist); invalidate `WAITLIST_QUERY` to reload every owner's. */
export const WAITLIST_QUERY = ['waitlist'] as const;
export const waitlistQueryKey = (ownerId: number) => [...WAITLIST_QUERY, ownerId] as const;

/** The signed-in customer's waitlist entries (TanStack Query), reloaded by join, leave and `waitlistSlotOpened`. */
export function useWaitlistEntries(ownerId: number) {
  return useQuery({
    queryKey: waitlistQueryKey(ownerId),
    queryFn: async ({ signal }) =>
      (await api.get('/api/waitlist', undefined, { signal, answer: 'waitlistListAnswerSchema' })).entries,
  });
}

/**
 * A `waitlistSlotOpened` recorded at `recordedAt` arrived (it carries no entry): reloads the entries, and
 * returns those it told of a slot (newly notified since the last load, and not long before the event).
 */
export async function reloadOnSlotOpened(
  queryClient: QueryClient,
  ownerId: number,
  recordedAt: string,
): Promise<WaitlistEntry[]> {
  const key = waitlistQueryKey(ownerId);
  const before = queryClient.getQueryData<WaitlistEntry[]>(key) ?? [];
  await queryClient.invalidateQueries({ queryKey: key, exact: true });
  const after = queryClient.getQueryData<WaitlistEntry[]>(key) ?? [];
  const seen = new Map(before.map((e) => [e.id, `${e.notifiedAt}`]));
  // the entry records the slot in the transaction that appends the event: an older notice is not this one's
  const since = Date.parse(recordedAt) - 60_000;
  return after.filter(
    (e) =>
      e.notifiedAt &&
      e.status === 'notified' &&
      seen.get(e.id) !== `${e.notifiedAt}` &&
      !(Date.parse(e.notifiedAt) < since),
  );
}

interface WaitlistNoticesState {
  /** The customer the notices belong to. */
  ownerId: number | null;
  /** Entries whose slot opened while this page was open, newest first (the live alert). */
  opened: WaitlistEntry[];
  /** Starts over for another customer (nothing happens when it is the same). */
  claim: (ownerId: number) => void;
  /** Announces entries whose slot opened (an entry already announced moves to the front). */
  announce: (ownerId: number, fresh: WaitlistEntry[]) => void;
  /** Drops the notice of an entry (dismissed, followed, or the entry left). */
  dismiss: (id: number) => void;
  reset: () => void;
}

/** The "slot opened" notices of the signed-in customer: the only waitlist state not fetched (WaitlistLive). */
export const useWaitlistNotices = create<WaitlistNoticesState>((set) => ({
  ownerId: null,
  opened: [],
  claim: (ownerId) => set((s) => (s.ownerId === ownerId ? s : { ownerId, opened: [] })),
  announce: (ownerId, fresh) =>
    set((s) =>
      s.ownerId !== ownerId || fresh.length === 0
        ? s
        : { opened: [...fresh, ...s.opened.filter((o) => !fresh.some((f) => f.id === o.id))] },
    ),
  dismiss: (id) => set((s) => ({ opened: s.opened.filter((e) => e.id !== id) })),
  reset: () => set({ ownerId: null, opened: [] }),
}));
