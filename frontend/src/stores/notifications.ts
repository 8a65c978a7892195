import { create } from 'zustand';
import type { Notification, NotificationListAnswer, PushMessage, Role } from '@barber/shared';
import { api } from '../lib/api';
import { queryClient } from '../lib/queryClient';
import { createLiveCollection } from './liveCollection';

export interface AppNotification {
  id: string;
  /** 0 while unread, 1 once read: the only change a notification goes through. */
  version: number;
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

/** GET /api/notifications item -> bell item. */
export function toAppNotification(n: Notification): AppNotification {
  return {
    id: String(n.id),
    version: n.read ? 1 : 0,
    title: n.title,
    body: n.body || undefined,
    createdAt: n.createdAt,
    read: n.read,
    bookingId: n.bookingId,
    kind: n.kind,
  };
}

/** How many notifications are held and shown: as many as GET /api/notifications lists (the newest 50). */
export const NOTIFICATIONS_LIMIT = 50;

/** Newest first, as the bell lists them. */
function byNewestNotification(a: AppNotification, b: AppNotification): number {
  return b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id);
}

/**
 * The signed-in user's notifications (docs/design.md §6, §9), a live collection: GET /api/notifications
 * (`fetchNotifications`, through TanStack Query in the bell) and pushed notifications go into it. A
 * notification read (here or elsewhere) is a newer version, so a list fetched before it was read does
 * not make it unread again. It holds the newest NOTIFICATIONS_LIMIT only, as the server lists them: an older
 * one goes when a new one is pushed (the unread count, the server's, still counts it).
 */
export const useNotificationItems = createLiveCollection<AppNotification>({
  bound: { max: NOTIFICATIONS_LIMIT, compare: byNewestNotification },
});

/** The query key of the user's notifications. */
export const notificationsKey = (userId: number) => ['/api/notifications', userId] as const;

/** The items of an answer of GET /api/notifications. */
export const notificationsOf = (answer: NotificationListAnswer) => answer.notifications.map(toAppNotification);

/** GET /api/notifications for `userId` (the collection becomes theirs); keeps the answer's unread count. */
export async function fetchNotifications(userId: number, signal?: AbortSignal): Promise<NotificationListAnswer> {
  useNotificationItems.getState().claim(userId);
  const answer = await api.get('/api/notifications', undefined, { signal, answer: 'notificationListAnswerSchema' });
  if (useNotificationItems.getState().ownerId === userId)
    useNotifications.setState({ unreadCount: answer.unreadCount });
  return answer;
}

/**
 * Whether a pushed event may come with a notification for `user`, to be read soon: the server writes a booking
 * event's notifications for the booking's customer and its barber's user only (backend/src/notifications), so an
 * event of somebody else's booking brings `user` none. An administrator is pushed every event of the platform and
 * is neither (only customers book), so their bell is not read again all day long. An event that came without its
 * booking (its read model could not be read, or a waitlist's or time block's event) does not say whose it is: a
 * customer or a barber is pushed only the events of their own bookings and waitlist, so it may be theirs; an
 * administrator's is not read again for it.
 */
export function mayBringNotification(msg: PushMessage, user: { id: number; role: Role }): boolean {
  const booking = msg.booking;
  if (!booking) return user.role !== 'admin';
  return booking.customerId === user.id || booking.barber.user.id === user.id;
}

/** Reads the user's list again (where a bell shows it). */
function reload(userId: number | null): void {
  if (userId !== null) void queryClient.refetchQueries({ queryKey: notificationsKey(userId), type: 'active' });
}

interface NotificationsState {
  /** Unread notifications of the user (all of them, also beyond the listed newest 50). */
  unreadCount: number;
  /**
   * Adds a pushed notification (counted once, however often it comes; not counted when it is older than the
   * newest NOTIFICATIONS_LIMIT held, a replay of one the count already has).
   */
  add: (item: AppNotification) => void;
  /** Marks every notification read (PUT /api/notifications/read-all); optimistic. */
  markAllRead: () => Promise<void>;
  /** Marks one notification read (PUT /api/notifications/:id/read); optimistic. */
  markRead: (id: string) => Promise<void>;
  /** Reloads soon, debounced (a booking push arrived: its notification is being written). */
  scheduleRefresh: () => void;
  /** Forgets the user's notifications (signing out). */
  clear: () => void;
}

const asRead = (n: AppNotification): AppNotification => (n.read ? n : { ...n, read: true, version: 1 });
const asUnread = (n: AppNotification): AppNotification => ({ ...n, read: false, version: 0 });

/*
 * The worker writes a booking's notifications shortly after the event is committed, so a push is
 * followed by a quick reload (at most one per LEAD_MS, however many pushes arrive) and a trailing
 * one LAG_MS after the last push, which catches a slow job.
 */
const LEAD_MS = 700;
const LAG_MS = 4_000;
let leadTimer: ReturnType<typeof setTimeout> | null = null;
let lagTimer: ReturnType<typeof setTimeout> | null = null;

function cancelRefresh(): void {
  if (leadTimer) clearTimeout(leadTimer);
  if (lagTimer) clearTimeout(lagTimer);
  leadTimer = null;
  lagTimer = null;
}

/** The count and the actions of the bell; the notifications themselves are in `useNotificationItems`. */
export const useNotifications = create<NotificationsState>((set, get) => ({
  unreadCount: 0,
  add: (item) => {
    const items = useNotificationItems.getState();
    const known = item.id in items.byId;
    items.push(item);
    if (!known && !item.read && useNotificationItems.getState().byId[item.id] === item)
      set((s) => ({ unreadCount: s.unreadCount + 1 }));
  },
  markAllRead: async () => {
    const { byId, ownerId, patch } = useNotificationItems.getState();
    const unread = Object.values(byId).filter((n) => !n.read);
    if (get().unreadCount === 0 && unread.length === 0) return;
    for (const n of unread) patch(n.id, asRead);
    set({ unreadCount: 0 });
    try {
      await api.put('/api/notifications/read-all');
    } catch (error) {
      console.warn('Could not mark the notifications read', error);
      for (const n of unread) useNotificationItems.getState().patch(n.id, asUnread);
      reload(ownerId);
    }
  },
  markRead: async (id) => {
    const { byId, ownerId, patch } = useNotificationItems.getState();
    const target = byId[id];
    if (!target || target.read) return;
    patch(id, asRead);
    set((s) => ({ unreadCount: Math.max(0, s.unreadCount - 1) }));
    try {
      await api.put(`/api/notifications/${encodeURIComponent(id)}/read`);
    } catch (error) {
      console.warn('Could not mark the notification read', error);
      useNotificationItems.getState().patch(id, asUnread);
      reload(ownerId);
    }
  },
  scheduleRefresh: () => {
    const userId = useNotificationItems.getState().ownerId;
    if (userId === null) return;
    const again = () => {
      if (useNotificationItems.getState().ownerId === userId) reload(userId);
    };
    if (!leadTimer) {
      leadTimer = setTimeout(() => {
        leadTimer = null;
        again();
      }, LEAD_MS);
    }
    if (lagTimer) clearTimeout(lagTimer);
    lagTimer = setTimeout(() => {
      lagTimer = null;
      again();
    }, LAG_MS);
  },
  clear: () => {
    cancelRefresh();
    useNotificationItems.getState().reset();
  },
}));

// Another user (or nobody) starts from no unread notifications.
useNotificationItems.subscribe((state, previous) => {
  if (state.ownerId !== previous.ownerId) {
    cancelRefresh();
    useNotifications.setState({ unreadCount: 0 });
  }
});
