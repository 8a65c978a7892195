import type { ComponentProps } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { cn } from '../../lib/cn';

/** The panel of a header dropdown menu (the bell, the user menu), under its trigger's right edge. */
export function MenuContent({ className, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className={cn('z-50 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg', className)}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}
