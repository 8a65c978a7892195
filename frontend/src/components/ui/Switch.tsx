import { useId, type ComponentProps, type ReactNode } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cn } from '../../lib/cn';
import { Label } from './Label';

/** An on/off switch (Radix); name it with aria-label or a <Label htmlFor>. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors',
        'bg-zinc-400 data-[state=checked]:bg-zinc-900 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
}

/** A switch with its label beside it: <SwitchField label="Active" checked={on} onCheckedChange={setOn} />. */
export function SwitchField({ label, id, ...props }: ComponentProps<typeof Switch> & { label: ReactNode }) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  return (
    <div className="flex items-center gap-3">
      <Switch id={switchId} {...props} />
      <Label htmlFor={switchId}>{label}</Label>
    </div>
  );
}
