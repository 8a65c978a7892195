import { useEffect, useMemo } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, CheckCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import { formatDistanceToNow } from 'date-fns';
import type { Role } from '@barber/shared';
import { cn } from '../lib/cn';
import { MenuContent } from './ui/MenuContent';
import { queryClient } from '../lib/queryClient';
import { useTwoFactorHold } from '../lib/twoFactorHold';
import { useLiveQuery } from '../stores/liveCollection';
import { useSession } from '../stores/session';
import {
  fetchNotifications,
  mayBringNotification,
  notificationsKey,
  notificationsOf,
  toAppNotification,
  useNotificationItems,
  useNotifications,
  type AppNotification,
} from '../stores/notifications';

/** Where a booking notification leads, by the signed-in user's role. */
const bookingPages: Record<Role, string> = {
  customer: '/bookings',
  barber: '/barber/appointments',
  admin: '/admin/bookings',
};

/** Newest first. */
function byNewest(a: AppNotification, b: AppNotification): number {
  return b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id);
}

const NO_ITEMS: AppNotification[] = [];

/*
 * Loads the signed-in user's notifications (TanStack Query: however many bells are mounted, one request)
 * into the live collection and keeps them live while a bell is shown: a push of the user's own booking schedules a
 * debounced reload, a pushed notification is added at once, a resync or a reconnect reloads. lib/socket
 * (socket.io-client, the shared schemas) is imported only here, for a signed-in user, so a visitor's
 * bell does not download it.
 */
function useNotificationsFeed(userId: number | null) {
  const query = useLiveQuery(useNotificationItems, {
    queryKey: notificationsKey(userId ?? 0),
    fetch: (signal) => fetchNotifications(userId ?? 0, signal),
    items: notificationsOf,
    ownerId: userId,
    enabled: userId !== null,
    gcTime: Infinity,
  });
  useEffect(() => {
    if (userId === null) return;
    let stopped = false;
    let offs: (() => void)[] = [];
    import('../lib/socket')
      .then(({ subscribeToEvents, subscribeToNotifications, subscribeToReconnected, subscribeToResync }) => {
        if (stopped) return;
        const store = () => useNotifications.getState();
        const readAgain = () => void queryClient.refetchQueries({ queryKey: notificationsKey(userId) });
        offs = [
          // a push of the user's own booking: its notification is being written (not one of anybody else's)
          subscribeToEvents((msg) => {
            const user = useSession.getState().user;
            if (user?.id === userId && mayBringNotification(msg, user)) store().scheduleRefresh();
          }),
          subscribeToNotifications((n) => store().add(toAppNotification(n))),
          subscribeToResync(readAgain),
          // Notifications stored while the socket was down were pushed to no one.
          subscribeToReconnected(readAgain),
        ];
      })
      .catch((error: unknown) => {
        // The list still loads over HTTP; it is just not live until the next mount.
        console.error('Could not start the live notifications feed', error);
      });
    return () => {
      stopped = true;
      offs.forEach((off) => off());
    };
  }, [userId]);
  return query;
}

/**
 * The notifications dropdown: the signed-in user's real notifications (GET /api/notifications),
 * updated live. Reads the `useNotifications` store unless `items` is given; with nothing to show it
 * reads "No new notifications".
 */
export function NotificationsBell({
  items: itemsProp,
  onOpen,
  className,
}: {
  items?: AppNotification[];
  /** Called when the dropdown opens. */
  onOpen?: () => void;
  className?: string;
}) {
  const user = useSession((s) => s.user);
  // An administrator held for two-factor set-up has no notifications to read (the server refuses them) until enrolled.
  const hold = useTwoFactorHold();
  const userId = itemsProp || hold !== 'free' ? null : (user?.id ?? null);
  const query = useNotificationsFeed(userId);
  const owned = useNotificationItems((s) => userId !== null && s.ownerId === userId);
  const byId = useNotificationItems((s) => s.byId);
  const storeItems = useMemo(() => (owned ? Object.values(byId).sort(byNewest) : NO_ITEMS), [owned, byId]);
  const storeUnread = useNotifications((s) => (owned ? s.unreadCount : 0));
  // only a first load shows its progress or failure; later ones keep what is shown
  const loadState =
    query.data !== undefined ? 'ready' : query.isFetching ? 'loading' : query.isError ? 'error' : 'idle';
  const markAllRead = useNotifications((s) => s.markAllRead);
  const items = itemsProp ?? storeItems;
  const unread = itemsProp ? items.filter((n) => !n.read).length : storeUnread;
  const bookingHref = user ? bookingPages[user.role] : undefined;

  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => (open ? onOpen?.() : undefined)}>
      <DropdownMenu.Trigger
        className={cn(
          'relative inline-flex size-10 items-center justify-center rounded-md text-zinc-800 hover:bg-zinc-100',
          className,
        )}
        aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
        data-testid="notifications-bell"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-unread"
            className="absolute right-1.5 top-1.5 flex min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-4 text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <MenuContent className="w-80 max-w-[calc(100vw-1rem)] text-zinc-900">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">Notifications</DropdownMenu.Label>
          {!itemsProp && unread > 0 ? (
            <DropdownMenu.Item
              onSelect={(e) => {
                e.preventDefault();
                void markAllRead();
              }}
              className="flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-zinc-700 outline-none data-[highlighted]:bg-zinc-100"
            >
              <CheckCheck className="size-3.5" aria-hidden="true" />
              Mark all as read
            </DropdownMenu.Item>
          ) : null}
        </div>
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
        {items.length === 0 ? (
          <DropdownMenu.Item disabled className="px-3 py-6 text-center text-sm text-zinc-600 outline-none">
            {!itemsProp && loadState === 'loading'
              ? 'Loading...'
              : !itemsProp && loadState === 'error'
                ? 'Could not load notifications'
                : 'No new notifications'}
          </DropdownMenu.Item>
        ) : (
          <div className="max-h-96 overflow-y-auto" data-testid="notifications-list">
            {items.map((n) => (
              <NotificationRow
                key={n.id}
                notification={n}
                href={n.href ?? (n.bookingId ? bookingHref : undefined)}
                onRead={itemsProp ? undefined : () => void useNotifications.getState().markRead(n.id)}
              />
            ))}
          </div>
        )}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

function NotificationRow({
  notification: n,
  href,
  onRead,
}: {
  notification: AppNotification;
  href?: string;
  onRead?: () => void;
}) {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu.Item
      className="flex cursor-pointer gap-2 rounded-md px-3 py-2 outline-none data-[highlighted]:bg-zinc-100"
      onSelect={() => {
        onRead?.();
        if (href) navigate(href);
      }}
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-red-700')}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cn('text-sm', n.read ? 'font-normal' : 'font-semibold')}>
          {n.title}
          {n.read ? null : <span className="sr-only"> (unread)</span>}
        </span>
        {n.body ? <span className="text-sm text-zinc-600">{n.body}</span> : null}
        <span className="text-xs text-zinc-600">{formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}</span>
      </span>
    </DropdownMenu.Item>
  );
}
