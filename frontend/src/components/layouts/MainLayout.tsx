import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useFocusOnNavigate } from './useFocusOnNavigate';
import { CalendarDays, House, LogIn, LogOut, Menu, Search, Shield, User, UserPlus, Wrench } from 'lucide-react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { usePlatformName } from '../../lib/brand';
import { SiteFooter } from './SiteFooter';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../../stores/session';
import { Button, buttonVariants } from '../ui/Button';
import { SheetContent, DialogTitle } from '../ui/Dialog';
import { Brand } from './Brand';
import { isActivePath, roleLabels, siteNavItems, type SiteNavItem } from './nav';
import { Avatar } from './Avatar';
import { NotificationsBell, UserMenu } from './HeaderWidgets';
import { useLogoutAction } from './useLogoutAction';
import { SkipLink } from './SkipLink';
import { MaintenanceGate } from '../MaintenanceBanner';
import { lazyNamed } from '../lazyNamed';

// the customer's live waitlist notice (issue 13): its own chunk, with the socket, for customers only
const WaitlistLive = lazyNamed(() => import('../waitlist/WaitlistLive'), 'WaitlistLive');

const tabIcons: Record<string, typeof House> = {
  '/': House,
  '/login': LogIn,
  '/register': UserPlus,
  '/bookings': CalendarDays,
  '/profile': User,
  '/barber': Wrench,
  '/admin': Shield,
};

/** The links of a nav: each marked aria-current="page" on its route and styled by `className(active)`. */
function NavLinks({
  items,
  location,
  className,
  menu = false,
}: {
  items: SiteNavItem[];
  location: string;
  className: (active: boolean) => string;
  /** The menu's labels ("My Bookings") rather than the header's. */
  menu?: boolean;
}) {
  return items.map((item) => {
    const active = isActivePath(item.href, location);
    return (
      <Link key={item.href} href={item.href} aria-current={active ? 'page' : undefined} className={className(active)}>
        {menu ? (item.menuLabel ?? item.label) : item.label}
      </Link>
    );
  });
}

/** The magnifier link to /search of the desktop header and the mobile top bar. */
function SearchIconLink({ location }: { location: string }) {
  return (
    <Link
      href="/search"
      aria-label="Search barbers"
      aria-current={isActivePath('/search', location) ? 'page' : undefined}
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
    >
      <Search aria-hidden="true" />
    </Link>
  );
}

/** The customer-side shell: desktop header, mobile top bar + side sheet + bottom tab bar. */
export function MainLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useFocusOnNavigate(location);
  const { user, role } = useCurrentUser();
  const items = siteNavItems(role);
  const [menuOpen, setMenuOpen] = useState(false);
  const { logOut, isLoggingOut } = useLogoutAction();
  const brand = usePlatformName();

  useEffect(() => setMenuOpen(false), [location]);

  const menuLinks = items
    .filter((i) => i.href !== '/' && i.href !== '/login' && i.href !== '/register')
    .map((i) => ({ href: i.href, label: i.menuLabel ?? i.label }));

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-50">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/95 backdrop-blur">
        {/* Desktop header */}
        <div className="mx-auto hidden h-16 max-w-6xl items-center gap-6 px-6 md:flex">
          <Brand />
          <nav aria-label="Main" className="flex flex-1 items-center gap-1">
            <NavLinks
              items={items.filter((i) => !(user === null && (i.href === '/login' || i.href === '/register')))}
              location={location}
              className={(active) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  active ? 'bg-zinc-100 text-zinc-900' : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900',
                )
              }
            />
          </nav>
          <div className="flex items-center gap-2">
            <SearchIconLink location={location} />
            {user ? (
              <>
                <NotificationsBell />
                <UserMenu user={user} links={menuLinks} />
              </>
            ) : (
              <>
                <Link
                  href="/login"
                  aria-current={isActivePath('/login', location) ? 'page' : undefined}
                  className={buttonVariants({ variant: 'ghost' })}
                >
                  Log In
                </Link>
                <Link
                  href="/register"
                  aria-current={isActivePath('/register', location) ? 'page' : undefined}
                  className={buttonVariants()}
                >
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </div>

        {/* Mobile top bar */}
        <div className="flex h-14 items-center gap-1 px-2 md:hidden">
          <DialogPrimitive.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <DialogPrimitive.Trigger
              aria-label="Open menu"
              className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            >
              <Menu aria-hidden="true" />
            </DialogPrimitive.Trigger>
            <SheetContent side="left" aria-describedby={undefined}>
              <DialogTitle>Menu</DialogTitle>
              {user ? (
                <div className="flex items-center gap-3 rounded-lg bg-zinc-100 p-3">
                  <Avatar name={user.fullName || user.username} size="lg" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-zinc-900">{user.fullName || user.username}</p>
                    <p className="truncate text-sm text-zinc-600">@{user.username}</p>
                    <p className="text-xs font-medium text-zinc-700">{roleLabels[user.role]}</p>
                  </div>
                </div>
              ) : (
                <div className="rounded-lg bg-zinc-100 p-3">
                  <p className="font-semibold text-zinc-900">Welcome to {brand}</p>
                  <p className="text-sm text-zinc-600">Log in or sign up to book a barber.</p>
                </div>
              )}
              <nav aria-label="Mobile menu" className="flex flex-col gap-1">
                <NavLinks
                  items={items}
                  menu
                  location={location}
                  className={(active) =>
                    cn(
                      'rounded-md px-3 py-2.5 text-base font-medium',
                      active ? 'bg-zinc-900 text-white' : 'text-zinc-800 hover:bg-zinc-100',
                    )
                  }
                />
              </nav>
              {user ? (
                <Button
                  variant="outline"
                  className="mt-auto w-full"
                  onClick={() => void logOut()}
                  disabled={isLoggingOut}
                >
                  <LogOut aria-hidden="true" />
                  Log Out
                </Button>
              ) : null}
            </SheetContent>
          </DialogPrimitive.Root>
          <Brand className="text-base" />
          <div className="ml-auto flex items-center">
            <SearchIconLink location={location} />
            <NotificationsBell />
          </div>
        </div>
      </header>

      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 pb-24 outline-none md:px-6 md:py-8 md:pb-10"
      >
        <MaintenanceGate>{children}</MaintenanceGate>
      </main>
      {user?.role === 'customer' ? (
        <Suspense fallback={null}>
          <WaitlistLive userId={user.id} />
        </Suspense>
      ) : null}

      <SiteFooter />

      {/* Mobile bottom tab bar */}
      <nav
        aria-label="Tab bar"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="flex">
          {items.map((item) => {
            const active = isActivePath(item.href, location);
            const Icon = tabIcons[item.href] ?? House;
            return (
              <li key={item.href} className="flex-1">
                <Link
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                    active ? 'text-zinc-900' : 'text-zinc-600 hover:text-zinc-900',
                  )}
                >
                  <span
                    className={cn('flex h-7 w-12 items-center justify-center rounded-full', active && 'bg-amber-200')}
                    aria-hidden="true"
                  >
                    <Icon className="size-5" />
                  </span>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
