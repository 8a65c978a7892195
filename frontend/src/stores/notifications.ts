import { create } from 'zustand';

export interface AppNotification {
  id: string;
  title: string;
  body?: string;
  /** ISO timestamp. */
  createdAt: string;
  read: boolean;
  /** Optional in-app link, e.g. '/bookings'. */
  href?: string;
}

interface NotificationsState {
  items: AppNotification[];
  /** Replaces the whole list (e.g. after GET of the user's notifications). */
  setAll: (items: AppNotification[]) => void;
  /** Adds one notification at the top (e.g. from a Socket.IO push); ignores duplicates by id. */
  add: (item: AppNotification) => void;
  markAllRead: () => void;
  clear: () => void;
}

/**
 * Feeds the NotificationsBell. Empty for now, so the bell reads "No new notifications";
 * the real-time issue fills it (DESIGN §6).
 */
export const useNotifications = create<NotificationsState>((set) => ({
  items: [],
  setAll: (items) => set({ items }),
  add: (item) =>
    set((s) => (s.items.some((n) => n.id === item.id) ? s : { items: [item, ...s.items] })),
  markAllRead: () => set((s) => ({ items: s.items.map((n) => ({ ...n, read: true })) })),
  clear: () => set({ items: [] }),
}));
