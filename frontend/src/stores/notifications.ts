import { create } from 'zustand';
import type { Notification, NotificationListAnswer } from '@barber/shared';
import { api } from '../lib/api';

export interface AppNotification {
  id: string;
  title: string;
  body?: string;
  /** ISO timestamp. */
  createdAt: string;
  read: boolean;
  /** Optional in-app link, e.g. '/bookings'. */
  href?: string;
  /** The booking the notification is about, when any. */
  bookingId?: string | null;
  /** The kind of notification (e.g. 'booking_confirmed'). */
  kind?: string;
}

export type NotificationsLoadState = 'idle' | 'loading' | 'ready' | 'error';

interface NotificationsState {
  items: AppNotification[];
  /** Unread notifications of the user (all of them, also beyond the listed newest 50). */
  unreadCount: number;
  loadState: NotificationsLoadState;
  /** The user the list belongs to (null: not loaded). */
  userId: number | null;
  /** Replaces the whole list (e.g. after GET of the user's notifications). */
  setAll: (items: AppNotification[], unreadCount?: number) => void;
  /** Adds one notification at the top (e.g. from a Socket.IO push); ignores duplicates by id. */
  add: (item: AppNotification) => void;
  /** Marks every notification read (PUT /api/notifications/read-all); optimistic. */
  markAllRead: () => Promise<void>;
  /** Marks one notification read (PUT /api/notifications/:id/read); optimistic. */
  markRead: (id: string) => Promise<void>;
  /** Loads the signed-in user's notifications (GET /api/notifications). */
  load: (userId: number) => Promise<void>;
  /** Loads once per user. */
  ensureLoaded: (userId: number) => Promise<void>;
  /** Reloads soon, debounced (a booking push arrived: its notification is being written). */
  scheduleRefresh: () => void;
  clear: () => void;
}

/** GET /api/notifications item -> bell item. */
export function toAppNotification(n: Notification): AppNotification {
  return {
    id: String(n.id),
    title: n.title,
    body: n.body || undefined,
    createdAt: n.createdAt,
    read: n.read,
    bookingId: n.bookingId,
    kind: n.kind,
  };
}

const countUnread = (items: AppNotification[]) => items.filter((n) => !n.read).length;

/*
 * The worker writes a booking's notifications shortly after the event is committed, so a push is
 * followed by a quick reload (at most one per LEAD_MS, however many pushes arrive) and a trailing
 * one LAG_MS after the last push, which catches a slow job.
 */
const LEAD_MS = 700;
const LAG_MS = 4_000;
let leadTimer: ReturnType<typeof setTimeout> | null = null;
let lagTimer: ReturnType<typeof setTimeout> | null = null;
let loadSeq = 0;

function cancelRefresh(): void {
  if (leadTimer) clearTimeout(leadTimer);
  if (lagTimer) clearTimeout(lagTimer);
  leadTimer = null;
  lagTimer = null;
}

/**
 * Feeds the NotificationsBell: the signed-in user's real notifications (docs/design.md §6, §9), kept up to
 * date by the live path (the bell wires the socket to `scheduleRefresh` and `add`).
 */
export const useNotifications = create<NotificationsState>((set, get) => ({
  items: [],
  unreadCount: 0,
  loadState: 'idle',
  userId: null,
  setAll: (items, unreadCount) => set({ items, unreadCount: unreadCount ?? countUnread(items) }),
  add: (item) =>
    set((s) =>
      s.items.some((n) => n.id === item.id)
        ? s
        : { items: [item, ...s.items], unreadCount: s.unreadCount + (item.read ? 0 : 1) },
    ),
  markAllRead: async () => {
    const before = get();
    if (before.unreadCount === 0 && before.items.every((n) => n.read)) return;
    set({ items: before.items.map((n) => ({ ...n, read: true })), unreadCount: 0 });
    try {
      await api.put('/api/notifications/read-all');
    } catch (error) {
      console.warn('Could not mark the notifications read', error);
      if (before.userId !== null) void get().load(before.userId);
    }
  },
  markRead: async (id) => {
    const s = get();
    const target = s.items.find((n) => n.id === id);
    if (!target || target.read) return;
    set({
      items: s.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
      unreadCount: Math.max(0, s.unreadCount - 1),
    });
    try {
      await api.put(`/api/notifications/${encodeURIComponent(id)}/read`);
    } catch (error) {
      console.warn('Could not mark the notification read', error);
      if (s.userId !== null) void get().load(s.userId);
    }
  },
  load: async (userId) => {
    const seq = ++loadSeq;
    if (get().userId !== userId) set({ items: [], unreadCount: 0, userId, loadState: 'loading' });
    else if (get().loadState !== 'ready') set({ loadState: 'loading' });
    try {
      const answer = await api.get<NotificationListAnswer>('/api/notifications');
      if (seq !== loadSeq || get().userId !== userId) return;
      set({ items: answer.notifications.map(toAppNotification), unreadCount: answer.unreadCount, loadState: 'ready' });
    } catch (error) {
      if (seq !== loadSeq || get().userId !== userId) return;
      console.warn('Could not load the notifications', error);
      // Keep what is shown; only a first load failing shows the error.
      if (get().loadState !== 'ready') set({ loadState: 'error' });
    }
  },
  ensureLoaded: async (userId) => {
    const s = get();
    if (s.userId === userId && (s.loadState === 'ready' || s.loadState === 'loading')) return;
    await get().load(userId);
  },
  scheduleRefresh: () => {
    const userId = get().userId;
    if (userId === null) return;
    const reload = () => {
      if (get().userId === userId) void get().load(userId);
    };
    if (!leadTimer) {
      leadTimer = setTimeout(() => {
        leadTimer = null;
        reload();
      }, LEAD_MS);
    }
    if (lagTimer) clearTimeout(lagTimer);
    lagTimer = setTimeout(() => {
      lagTimer = null;
      reload();
    }, LAG_MS);
  },
  clear: () => {
    cancelRefresh();
    loadSeq += 1;
    set({ items: [], unreadCount: 0, loadState: 'idle', userId: null });
  },
}));
