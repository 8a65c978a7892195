import { create } from 'zustand';
import { compareCursors, type BookingStatus, type BookingView, type PushMessage } from '@barber/shared';
import { readBooking } from '../../../lib/readBooking';
import { subscribeToEvents } from '../../../lib/socket';
import { useSession } from '../../../stores/session';
import { EVENT_OF_STATUS } from '../lib/activity';
import { useAdminBookings } from './bookings';

/** One line of the platform activity feed. */
export interface ActivityItem {
  /** `ev:{cursor}` for a pushed event; `created:{id}` / `status:{id}:{status}` for one built from the bookings list. */
  key: string;
  type: string;
  bookingId: string | null;
  status: BookingStatus | null;
  /** ISO instant of the event. */
  at: string;
  cursor: string | null;
  /** True for events received over the socket (live or replayed after a reconnect). */
  live: boolean;
  customerName: string | null;
  barberName: string | null;
  serviceName: string | null;
  totalAmount: string | null;
  /** What was refunded of the booking so far (a refund's line shows it, not the price: it may be a part). */
  refundedAmount: string | null;
}

interface ActivityState {
  /** Newest first, at most FEED_LIMIT. */
  items: ActivityItem[];
  /** How many events arrived over the socket since this store started listening. */
  liveCount: number;
  /** Adds the feed entries of bookings loaded over HTTP. */
  ingest: (bookings: BookingView[]) => void;
  /**
   * Applies pushed events, in order, with one update (an event without its read model is told of by its booking as
   * held in `useAdminBookings`, or as an earlier event of `msgs` brought it).
   */
  applyMany: (msgs: readonly PushMessage[]) => void;
  reset: () => void;
}

const FEED_LIMIT = 50;

function summary(b: BookingView | null | undefined) {
  return {
    customerName: b ? b.customer.fullName || b.customer.username : null,
    barberName: b ? b.barber.user.fullName || b.barber.user.username : null,
    serviceName: b ? b.service.name : null,
    totalAmount: b ? b.totalAmount : null,
    refundedAmount: b ? b.refundedAmount : null,
  };
}

/** Newest first: by instant, then by cursor (the log's order), pushed events before list-built ones. */
function byNewest(a: ActivityItem, b: ActivityItem): number {
  const t = Date.parse(b.at) - Date.parse(a.at);
  if (t !== 0 && Number.isFinite(t)) return t;
  if (a.cursor && b.cursor) return compareCursors(b.cursor, a.cursor);
  return Number(b.live) - Number(a.live);
}

/** The feed entries the bookings list tells of: each booking's creation and its current status. */
function historyItems(b: BookingView): ActivityItem[] {
  const base = { bookingId: b.id, cursor: null, live: false, ...summary(b) };
  const items: ActivityItem[] = [
    { ...base, key: `created:${b.id}`, type: 'created', status: 'pending', at: b.createdAt },
  ];
  if (b.status !== 'pending') {
    items.push({
      ...base,
      key: `status:${b.id}:${b.status}`,
      type: EVENT_OF_STATUS[b.status],
      status: b.status,
      at: b.updatedAt,
    });
  }
  return items;
}

const emptyState = { items: [] as ActivityItem[], liveCount: 0 };

/**
 * The administrator's live platform activity (issue 5 §6): a feed of the latest booking events (the
 * bookings behind the dashboard's live counters are in `useAdminBookings`). Fed by the one socket client
 * (`subscribeToEvents`); seeded from GET /api/admin/bookings so it is not empty before the first push.
 */
export const useAdminActivity = create<ActivityState>((set) => ({
  ...emptyState,
  ingest: (list) =>
    set((s) => {
      const known = new Set(s.items.map((i) => i.key));
      // A pushed event of the same booking already stands for its creation / status.
      for (const i of s.items) {
        if (i.live && i.bookingId) {
          if (i.type === 'created') known.add(`created:${i.bookingId}`);
          if (i.status) known.add(`status:${i.bookingId}:${i.status}`);
        }
      }
      const added: ActivityItem[] = [];
      for (const b of list) {
        for (const item of historyItems(b)) if (!known.has(item.key)) added.push(item);
      }
      return added.length ? { items: [...s.items, ...added].sort(byNewest).slice(0, FEED_LIMIT) } : s;
    }),
  applyMany: (msgs) =>
    set((s) => {
      if (msgs.length === 0) return s;
      const { byId } = useAdminBookings.getState();
      // the bookings the events before each one brought (not in the collection yet: it takes them after the feed)
      const brought = new Map<string, BookingView>();
      const held = (id: string) => brought.get(id) ?? byId[id];
      let items = s.items;
      for (const msg of msgs) {
        const current = msg.bookingId ? held(msg.bookingId) : undefined;
        const item: ActivityItem = {
          key: `ev:${msg.cursor}`,
          type: msg.type,
          bookingId: msg.bookingId,
          status: msg.status,
          at: msg.recordedAt,
          cursor: msg.cursor,
          live: true,
          ...summary(msg.booking ?? current),
        };
        const replaced = new Set<string>([item.key]);
        if (msg.bookingId) {
          if (msg.type === 'created') replaced.add(`created:${msg.bookingId}`);
          if (msg.status) replaced.add(`status:${msg.bookingId}:${msg.status}`);
        }
        items = [item, ...items.filter((i) => !replaced.has(i.key))].sort(byNewest).slice(0, FEED_LIMIT);
        const b = msg.booking;
        if (b && b.version > (held(b.id)?.version ?? -Infinity)) brought.set(b.id, b);
      }
      return { items, liveCount: s.liveCount + msgs.length };
    }),
  reset: () => set(emptyState),
}));

let started = false;

/*
 * Pushed events are applied once per frame, not one at a time: at peak dozens arrive each second, and a catch-up
 * replays up to 1,000 as separate messages. Each update copies the held bookings and renders the dashboard, so the
 * events that arrived since the last frame go into the feed and the live collection with one update each. A hidden
 * tab draws no frames: a timeout applies them then (a browser runs it at most once a second there).
 */
const BATCH_MS = 100;
let queued: PushMessage[] = [];
let frame: number | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function cancelFlush(): void {
  if (frame !== null) cancelAnimationFrame(frame);
  if (timer !== null) clearTimeout(timer);
  frame = null;
  timer = null;
}

function scheduleFlush(): void {
  if (timer !== null) return;
  timer = setTimeout(flushEvents, BATCH_MS);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(flushEvents);
}

/** Applies the events queued since the last frame, in order: the feed and the live collection updated once each. */
function flushEvents(): void {
  cancelFlush();
  const batch = queued;
  queued = [];
  // signed out, or another user, meanwhile: their events are not this user's to see
  if (batch.length === 0 || useSession.getState().user?.role !== 'admin') return;
  useAdminActivity.getState().applyMany(batch);
  useAdminBookings.getState().pushMany(batch.flatMap((msg) => (msg.booking ? [msg.booking] : [])));
}

/**
 * Starts listening once (idempotent). The subscription lasts for the page's life so that the feed
 * keeps what happens while the admin moves between screens; it is emptied when the user changes.
 */
export function startAdminActivity(): void {
  if (started) return;
  started = true;
  let userId = useSession.getState().user?.id ?? null;
  useSession.subscribe((state) => {
    const next = state.user?.id ?? null;
    if (next !== userId) {
      userId = next;
      // the events still queued were the previous user's
      queued = [];
      cancelFlush();
      useAdminActivity.getState().reset();
    }
  });
  // the pushed bookings go into the admin's live collection for the page's life too (it holds the newest, and
  // those still shown, only: see stores/bookings.ts)
  subscribeToEvents((msg) => {
    if (useSession.getState().user?.role !== 'admin') return;
    // bookings only: the waitlist's and time blocks' events (issue 13) are not booking activity
    if (!msg.bookingId) return;
    queued.push(msg);
    scheduleFlush();
    // Pushed without its read model: read over HTTP at once, with the admin's lists that follow the same push (one
    // read between them); the dashboard's live counts are this collection's.
    if (!msg.booking)
      void readBooking(msg.bookingId).then((booking) => {
        if (booking && useSession.getState().user?.role === 'admin') useAdminBookings.getState().push(booking);
      });
  });
}
