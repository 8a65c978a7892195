import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { formatDistanceToNow } from 'date-fns';
import { cn } from '../lib/cn';
import { useNotifications, type AppNotification } from '../stores/notifications';

/**
 * The notifications dropdown. Reads the `useNotifications` store unless `items` is
 * given; with nothing unread it reads "No new notifications".
 */
export function NotificationsBell({
  items: itemsProp,
  onOpen,
  className,
}: {
  items?: AppNotification[];
  /** Called when the dropdown opens (e.g. to mark notifications read). */
  onOpen?: () => void;
  className?: string;
}) {
  const storeItems = useNotifications((s) => s.items);
  const items = itemsProp ?? storeItems;
  const unread = items.filter((n) => !n.read).length;

  return (
    <DropdownMenu.Root onOpenChange={(open) => (open ? onOpen?.() : undefined)}>
      <DropdownMenu.Trigger
        className={cn(
          'relative inline-flex size-10 items-center justify-center rounded-md text-zinc-800 hover:bg-zinc-100',
          className,
        )}
        aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute right-1.5 top-1.5 flex min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-4 text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">Notifications</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
          {items.length === 0 ? (
            <DropdownMenu.Item disabled className="px-3 py-6 text-center text-sm text-zinc-600 outline-none">
              No new notifications
            </DropdownMenu.Item>
          ) : (
            <div className="max-h-96 overflow-y-auto">
              {items.map((n) => (
                <NotificationRow key={n.id} notification={n} />
              ))}
            </div>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function NotificationRow({ notification: n }: { notification: AppNotification }) {
  const body = (
    <div className="flex flex-col gap-0.5">
      <span className={cn('text-sm', n.read ? 'font-normal' : 'font-semibold')}>{n.title}</span>
      {n.body ? <span className="text-sm text-zinc-600">{n.body}</span> : null}
      <span className="text-xs text-zinc-600">{formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}</span>
    </div>
  );
  const itemClass =
    'block cursor-pointer rounded-md px-3 py-2 outline-none data-[highlighted]:bg-zinc-100';
  if (n.href) {
    return (
      <DropdownMenu.Item asChild className={itemClass}>
        <Link href={n.href}>{body}</Link>
      </DropdownMenu.Item>
    );
  }
  return <DropdownMenu.Item className={itemClass}>{body}</DropdownMenu.Item>;
}
