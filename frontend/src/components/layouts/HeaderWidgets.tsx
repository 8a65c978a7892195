import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Bell, ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { lazyNamed } from '../lazyNamed';
import type { NotificationsBell as EagerBell } from '../NotificationsBell';
import type { UserMenu as EagerUserMenu } from './UserMenu';
import { Avatar } from './Avatar';

/*
 * The bell and the user menu are Radix dropdowns (with floating-ui, date-fns and the live socket
 * behind the bell): they load after the shell has rendered, so they stay out of the entry bundle.
 * Until then (or if their code fails to load) a disabled look-alike holds their place.
 */

const LazyBell = lazyNamed(() => import('../NotificationsBell'), 'NotificationsBell');
const LazyUserMenu = lazyNamed(() => import('./UserMenu'), 'UserMenu');

/**
 * `children` once its code has loaded; until then, or when loading fails, a disabled button that looks
 * like it (named `label`, drawn by `look`).
 */
function Deferred({
  label,
  className,
  look,
  children,
}: {
  label: string;
  className: string;
  look: ReactNode;
  children: ReactNode;
}) {
  const placeholder = (
    <button type="button" disabled aria-label={label} className={className}>
      {look}
    </button>
  );
  return (
    <ErrorBoundary fallback={placeholder} onError={(error) => console.error('A header control failed to load', error)}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}

export function NotificationsBell(props: ComponentProps<typeof EagerBell>) {
  return (
    <Deferred
      label="Notifications"
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-md text-zinc-800',
        props.className,
      )}
      look={<Bell className="size-5" aria-hidden="true" />}
    >
      <LazyBell {...props} />
    </Deferred>
  );
}

export function UserMenu(props: ComponentProps<typeof EagerUserMenu>) {
  return (
    <Deferred
      label="User menu"
      className="inline-flex items-center gap-1 rounded-full p-0.5 pr-1.5 text-zinc-800"
      look={
        <>
          <Avatar name={props.user.fullName || props.user.username} />
          <ChevronDown className="size-4" aria-hidden="true" />
        </>
      }
    >
      <LazyUserMenu {...props} />
    </Deferred>
  );
}
