import { beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LIMIT, useNotificationItems, useNotifications, type AppNotification } from './notifications';

/** Notification `n`, made `n` minutes after 9:00, unread. */
const notification = (n: number): AppNotification => ({
  id: String(n),
  version: 0,
  title: `Notification ${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 23, 9, n)).toISOString(),
  read: false,
});

const heldIds = () =>
  Object.keys(useNotificationItems.getState().byId)
    .map(Number)
    .sort((a, b) => a - b);

beforeEach(() => {
  useNotifications.getState().clear();
  useNotificationItems.getState().claim(7);
});

describe('the notifications held', () => {
  it('are the newest 50, as the server lists them: a pushed one makes the oldest go', () => {
    // GET /api/notifications: the newest 50 of the user, 80 of them unread in all
    useNotificationItems.getState().merge(Array.from({ length: 50 }, (_, i) => notification(i + 1)));
    useNotifications.setState({ unreadCount: 80 });
    for (let n = 51; n <= 60; n += 1) useNotifications.getState().add(notification(n));

    expect(NOTIFICATIONS_LIMIT).toBe(50);
    expect(heldIds()).toEqual(Array.from({ length: 50 }, (_, i) => i + 11));
    // each new one is counted; those let go still count (they are unread on the server)
    expect(useNotifications.getState().unreadCount).toBe(90);
    // one of those let go, pushed again (a replay): neither held again nor counted twice
    useNotifications.getState().add(notification(3));
    expect(heldIds()).not.toContain(3);
    expect(useNotifications.getState().unreadCount).toBe(90);
  });

  it('a list read again keeps the newest 50 of what it brings and what was pushed', () => {
    for (let n = 1; n <= 45; n += 1) useNotifications.getState().add(notification(n));
    useNotificationItems.getState().merge(Array.from({ length: 50 }, (_, i) => notification(i + 11)));
    expect(heldIds()).toEqual(Array.from({ length: 50 }, (_, i) => i + 11));
  });
});
