import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning icon; decorative unless a label is given. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-5 animate-spin text-zinc-600', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  );
}

/** Grey placeholder block shown while data loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-zinc-200', className)} {...props} />;
}

/** The "Loading..." display of the route guard and lazy screens. */
export function LoadingScreen({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex min-h-[50vh] items-center justify-center gap-2 text-zinc-700', className)}>
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}

/**
 * A loading placeholder's live region: says `label` inside it (a status region's name alone is never read out, and
 * the skeleton within is hidden from screen readers).
 */
export function LoadingStatus({ label, children, ...props }: ComponentProps<'div'> & { label: string }) {
  return (
    <div role="status" aria-label={label} {...props}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
