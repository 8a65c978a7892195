import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useFocusOnNavigate } from './useFocusOnNavigate';
import { ArrowLeft, LogOut, Menu, type LucideIcon } from 'lucide-react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../stores/session';
import { Button, buttonVariants } from '../ui/Button';
import { DialogTitle, SheetContent } from '../ui/Dialog';
import { Brand } from './Brand';
import { isActivePath, roleLabels } from './nav';
import { Avatar } from './Avatar';
import { NotificationsBell } from './HeaderWidgets';
import { SkipLink } from './SkipLink';
import { MaintenanceGate } from '../MaintenanceBanner';
import { useLogoutAction } from './useLogoutAction';

export interface PanelNavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that also mark this item active (e.g. '/barber' for the dashboard). */
  aliases?: string[];
}

function PanelNav({ items, label, onNavigate }: { items: PanelNavItem[]; label: string; onNavigate?: () => void }) {
  const [location] = useLocation();
  return (
    <nav aria-label={label} className="flex flex-col gap-1">
      {items.map((item) => {
        const active = isActivePath(item.href, location) || (item.aliases ?? []).includes(location);
        const Icon = item.icon;
        return (
          <Link
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
              active ? 'bg-zinc-900 text-white' : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * Shell of the barber panel and the admin area: a sidebar on desktop, a drawer menu
 * ("Open menu") on mobile, a top bar with the notifications bell, and Log Out.
 */
export function PanelLayout({
  title,
  navLabel,
  items,
  headerStart,
  headerEnd,
  children,
}: {
  /** Panel name under the brand, e.g. "Barber Panel". */
  title: string;
  /** Accessible name of the sidebar nav. */
  navLabel: string;
  items: PanelNavItem[];
  /** Extra content of the top bar, left side on desktop (e.g. a search box). */
  headerStart?: ReactNode;
  /** Extra content of the top bar, right of the bell (e.g. a user menu). */
  headerEnd?: ReactNode;
  children: ReactNode;
}) {
  const [location] = useLocation();
  useFocusOnNavigate(location);
  const { user } = useCurrentUser();
  const { logOut, isLoggingOut } = useLogoutAction();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [location]);

  const userSummary = user ? (
    <div className="flex items-center gap-3 rounded-lg bg-zinc-100 p-3">
      <Avatar name={user.fullName || user.username} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-zinc-900">{user.fullName || user.username}</p>
        <p className="truncate text-xs text-zinc-600">
          @{user.username} · {roleLabels[user.role]}
        </p>
      </div>
    </div>
  ) : null;

  const footer = (
    <div className="mt-auto flex flex-col gap-2 border-t border-zinc-200 pt-4">
      {userSummary}
      <Link href="/" className={buttonVariants({ variant: 'ghost', className: 'justify-start' })}>
        <ArrowLeft aria-hidden="true" />
        Back to site
      </Link>
      <Button variant="outline" className="justify-start" onClick={() => void logOut()} disabled={isLoggingOut}>
        <LogOut aria-hidden="true" />
        Log Out
      </Button>
    </div>
  );

  return (
    <div className="min-h-dvh bg-zinc-50 md:flex">
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-zinc-200 bg-white p-4 md:flex">
        <div className="space-y-1 px-1">
          <Brand />
          <p className="text-xs font-semibold uppercase tracking-wide text-zinc-600">{title}</p>
        </div>
        <PanelNav items={items} label={navLabel} />
        {footer}
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b border-zinc-200 bg-white/95 px-2 backdrop-blur md:h-16 md:px-6">
          <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <DialogPrimitive.Trigger
              aria-label="Open menu"
              className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
            >
              <Menu aria-hidden="true" />
            </DialogPrimitive.Trigger>
            <SheetContent side="left" aria-describedby={undefined}>
              <DialogTitle>{title}</DialogTitle>
              <PanelNav items={items} label={`${navLabel} (mobile)`} onNavigate={() => setMenuOpen(false)} />
              {footer}
            </SheetContent>
          </DialogPrimitive.Root>
          <span className="font-semibold text-zinc-900 md:hidden">{title}</span>
          <div className="hidden flex-1 md:block">{headerStart}</div>
          <div className="ml-auto flex items-center gap-1">
            <NotificationsBell />
            {headerEnd}
          </div>
        </header>
        <main id="main" tabIndex={-1} className="w-full flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
          <MaintenanceGate>{children}</MaintenanceGate>
        </main>
      </div>
    </div>
  );
}
