import { create } from 'zustand';
import type { FullBarbersAnswer, WaitlistEntry, WaitlistJoinInput, WaitlistListAnswer } from '@barber/shared';
import { api } from '../lib/api';

/** POST /api/waitlist: joins a barber's day. */
export async function joinWaitlist(input: WaitlistJoinInput): Promise<WaitlistEntry> {
  const answer = await api.post<{ entry: WaitlistEntry }>('/api/waitlist', input);
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
  return (await api.get<FullBarbersAnswer>('/api/waitlist/full-barbers', query)).barbers;
}

export type WaitlistLoad = 'idle' | 'loading' | 'ready' | 'error';

interface WaitlistState {
  entries: WaitlistEntry[];
  status: WaitlistLoad;
  /** The customer the list belongs to. */
  ownerId: number | null;
  /** Entries whose slot opened while this page was open, newest first (the live alert). */
  opened: WaitlistEntry[];
  load: (ownerId: number) => Promise<void>;
  /** A `waitlistSlotOpened` recorded at `recordedAt` arrived: reload, and announce the entries it told of a slot. */
  slotOpened: (recordedAt: string) => Promise<void>;
  upsert: (entry: WaitlistEntry) => void;
  remove: (id: number) => void;
  dismiss: (id: number) => void;
  reset: () => void;
}

let seq = 0;

/** The signed-in customer's waitlist entries, kept live by the socket (WaitlistLive). */
export const useWaitlist = create<WaitlistState>((set, get) => ({
  entries: [],
  status: 'idle',
  ownerId: null,
  opened: [],
  load: async (ownerId) => {
    const mine = ++seq;
    if (get().ownerId !== ownerId) set({ entries: [], opened: [], ownerId });
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const answer = await api.get<WaitlistListAnswer>('/api/waitlist');
      if (mine !== seq || get().ownerId !== ownerId) return;
      set({ entries: answer.entries, status: 'ready' });
    } catch (error) {
      if (mine !== seq) return;
      console.warn('Could not load the waitlist', error);
      if (get().status !== 'ready') set({ status: 'error' });
    }
  },
  slotOpened: async (recordedAt) => {
    const { ownerId, entries: before } = get();
    if (ownerId === null) return;
    await get().load(ownerId);
    const seen = new Map(before.map((e) => [e.id, `${e.notifiedAt}`]));
    // the entry records the slot in the transaction that appends the event: an older notice is not this one's
    const since = Date.parse(recordedAt) - 60_000;
    const fresh = get().entries.filter(
      (e) =>
        e.notifiedAt &&
        e.status === 'notified' &&
        seen.get(e.id) !== `${e.notifiedAt}` &&
        !(Date.parse(e.notifiedAt) < since),
    );
    if (fresh.length)
      set((s) => ({ opened: [...fresh, ...s.opened.filter((o) => !fresh.some((f) => f.id === o.id))] }));
  },
  upsert: (entry) =>
    set((s) => ({
      entries: [...s.entries.filter((e) => e.id !== entry.id), entry].sort((a, b) =>
        a.date === b.date ? a.createdAt.localeCompare(b.createdAt) : a.date.localeCompare(b.date),
      ),
    })),
  remove: (id) =>
    set((s) => ({ entries: s.entries.filter((e) => e.id !== id), opened: s.opened.filter((e) => e.id !== id) })),
  dismiss: (id) => set((s) => ({ opened: s.opened.filter((e) => e.id !== id) })),
  reset: () => set({ entries: [], status: 'idle', ownerId: null, opened: [] }),
}));
