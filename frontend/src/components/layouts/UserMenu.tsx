import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '@barber/shared';
import { MenuContent } from '../ui/MenuContent';
import { roleLabels } from './nav';
import { useLogoutAction } from './useLogoutAction';
import { Avatar } from './Avatar';

export { Avatar };

export interface UserMenuLink {
  href: string;
  label: string;
}

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-zinc-900 outline-none data-[highlighted]:bg-zinc-100';

/** The desktop user dropdown (trigger named "User menu") with links and "Log Out". */
export function UserMenu({ user, links }: { user: CurrentUser; links: UserMenuLink[] }) {
  const { logOut } = useLogoutAction();
  const name = user.fullName || user.username;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className="inline-flex items-center gap-1 rounded-full p-0.5 pr-1.5 text-zinc-800 hover:bg-zinc-100"
      >
        <Avatar name={name} />
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <MenuContent className="min-w-56">
        <DropdownMenu.Label className="px-3 py-2">
          <span className="block text-sm font-semibold text-zinc-900">{name}</span>
          <span className="block text-xs text-zinc-600">
            @{user.username} · {roleLabels[user.role]}
          </span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" />
        {links.map((l) => (
          <DropdownMenu.Item key={l.href} asChild className={itemClass}>
            <Link href={l.href}>{l.label}</Link>
          </DropdownMenu.Item>
        ))}
        {links.length > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-zinc-200" /> : null}
        <DropdownMenu.Item className={itemClass} onSelect={() => void logOut()}>
          <LogOut className="size-4" aria-hidden="true" />
          Log Out
        </DropdownMenu.Item>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
