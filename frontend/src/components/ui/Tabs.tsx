import type { ComponentProps } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '../../lib/cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex h-10 items-center rounded-lg bg-zinc-100 p-1 text-zinc-700', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
        'hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-60',
        'data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

/** `keepMounted`: a hidden panel keeps its state (a form's unsaved edits) instead of being unmounted. */
export function TabsContent({
  className,
  keepMounted,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content> & { keepMounted?: boolean }) {
  return (
    <TabsPrimitive.Content
      forceMount={keepMounted || undefined}
      className={cn('mt-3', keepMounted && KEEP_MOUNTED_HIDDEN, className)}
      {...props}
    />
  );
}

/** How a kept-mounted panel hides while another tab is shown (out of view and of the accessibility tree). */
export const KEEP_MOUNTED_HIDDEN = 'data-[state=inactive]:hidden';
