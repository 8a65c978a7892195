import { useState } from 'react';
import { cn } from '../../lib/cn';
import { nameInitials } from '../../lib/customer/format';

/**
 * A barber's picture: the first portfolio image, or the initials of the name when there is
 * none (or it fails to load). Decorative: the name is always shown next to it.
 */
export function BarberAvatar({
  name,
  image,
  className,
  shape = 'circle',
}: {
  name: string;
  image?: string | null | undefined;
  className?: string;
  shape?: 'circle' | 'rounded' | 'square';
}) {
  const [failed, setFailed] = useState(false);
  const radius = shape === 'circle' ? 'rounded-full' : shape === 'rounded' ? 'rounded-lg' : '';
  if (image && !failed) {
    return (
      <img
        src={image}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn('shrink-0 bg-zinc-200 object-cover', radius, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center bg-zinc-900 font-semibold text-amber-300',
        radius,
        className,
      )}
    >
      {nameInitials(name)}
    </span>
  );
}
