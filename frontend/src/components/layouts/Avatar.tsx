import { cn } from '../../lib/cn';
import { initials } from '../../lib/initials';

/** The round initials badge of a user. */
export function Avatar({ name, size = 'md', className }: { name: string; size?: 'md' | 'lg'; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-zinc-900 font-semibold text-white',
        size === 'lg' ? 'size-11 text-base' : 'size-9 text-sm',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
