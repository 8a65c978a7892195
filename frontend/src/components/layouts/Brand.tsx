import { Link } from 'wouter';
import { Scissors } from 'lucide-react';
import { usePlatformName } from '../../lib/brand';
import { cn } from '../../lib/cn';

/** The brand mark linking home. */
export function Brand({ className, onClick }: { className?: string; onClick?: () => void }) {
  const name = usePlatformName();
  return (
    <Link
      href="/"
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-zinc-900',
        className,
      )}
    >
      <span
        className="flex size-8 items-center justify-center rounded-lg bg-zinc-900 text-amber-400"
        aria-hidden="true"
      >
        <Scissors className="size-4" />
      </span>
      <span>{name}</span>
    </Link>
  );
}
