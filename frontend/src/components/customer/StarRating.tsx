import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Five stars, `value` of them filled; read as "Rated N out of 5". */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const rounded = Math.round(value);
  return (
    <span
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn('size-4', i <= rounded ? 'fill-amber-400 text-amber-500' : 'fill-zinc-200 text-zinc-300')}
        />
      ))}
    </span>
  );
}
