import { createContext, useContext, useState, type ComponentProps } from 'react';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '../../lib/cn';

/** The tab shown, for the panels kept mounted (Radix keeps it to itself). */
const ShownTab = createContext<{ value: string | undefined } | null>(null);

/** Radix Tabs (controlled or not) that tell their `keepMounted` panels which tab is shown. */
export function Tabs({ value, defaultValue, onValueChange, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  const [own, setOwn] = useState(defaultValue);
  const shown = value ?? own;
  return (
    <ShownTab.Provider value={{ value: shown }}>
      <TabsPrimitive.Root
        value={shown}
        onValueChange={(next) => {
          setOwn(next);
          onValueChange?.(next);
        }}
        {...props}
      />
    </ShownTab.Provider>
  );
}

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

/** Below the tab list; none beside a vertical one. */
const SPACING = 'mt-3 data-[orientation=vertical]:mt-0';

/**
 * `keepMounted`: a panel is mounted when its tab is first opened and stays mounted after, hidden
 * (`hidden`: out of view and of the accessibility tree) while another tab is shown, so it keeps its state
 * (a form's unsaved edits). A panel never opened is not mounted: its reads (and what they create on the
 * server) wait for it.
 */
export function TabsContent({
  className,
  keepMounted,
  value,
  children,
  ...props
}: ComponentProps<typeof TabsPrimitive.Content> & { keepMounted?: boolean }) {
  const tabs = useContext(ShownTab);
  const shown = tabs?.value === value;
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  if (keepMounted && !tabs) throw new Error('TabsContent keepMounted must be inside Tabs (components/ui/Tabs)');
  if (!keepMounted) {
    return (
      <TabsPrimitive.Content value={value} className={cn(SPACING, className)} {...props}>
        {children}
      </TabsPrimitive.Content>
    );
  }
  return (
    <TabsPrimitive.Content value={value} forceMount hidden={!shown} className={cn(SPACING, className)} {...props}>
      {opened ? children : null}
    </TabsPrimitive.Content>
  );
}
