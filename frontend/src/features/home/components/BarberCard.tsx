import { Link } from 'wouter';
import { CalendarClock, MapPin, Star } from 'lucide-react';
import type { BarberListing } from '@barber/shared';
import { BarberAvatar } from '../../../components/customer/BarberAvatar';
import { Badge } from '../../../components/customer/Badge';
import { buttonVariants } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatMoney, formatRating, nextAvailableText, pluralize } from '../../../lib/customer/format';
import { barberName, cardLocation, cardServiceNames, startingPriceValue } from '../lib/card';

/**
 * The barber card of the home page (docs/spec/customer-side.md §2.4): picture (first portfolio image or
 * initials), name, location, rating, reviews, up to 3 services, the real next free slot
 * and the starting price. `featured` is the large card with Book Now; `compact` the small
 * card of the nearby row with View Profile. No distance is shown (docs/design.md §9).
 */
export function BarberCard({ barber, variant }: { barber: BarberListing; variant: 'featured' | 'compact' }) {
  const name = barberName(barber);
  const href = `/barbers/${barber.id}`;
  const image = barber.portfolioImages[0];

  if (variant === 'compact') {
    return (
      <Card className="flex w-64 shrink-0 snap-start flex-col gap-3 p-4" data-testid={`barber-card-${barber.id}`}>
        <div className="flex items-center gap-3">
          <BarberAvatar name={name} image={image} className="size-12 text-sm" />
          <div className="min-w-0">
            <h3 className="truncate font-semibold">
              <Link href={href} className="hover:underline">
                {name}
              </Link>
            </h3>
            <p className="truncate text-xs text-zinc-600">{cardLocation(barber)}</p>
          </div>
        </div>
        <RatingLine barber={barber} />
        <ServiceBadges barber={barber} />
        <p className="flex items-center gap-1.5 text-xs text-zinc-700">
          <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
          {nextAvailableText(barber.nextAvailable)}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2">
          <span className="text-sm font-semibold">From {formatMoney(startingPriceValue(barber))}</span>
          <Link
            href={href}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={`View Profile of ${name}`}
          >
            View Profile
          </Link>
        </div>
      </Card>
    );
  }

  return (
    <Card className="flex flex-col overflow-hidden" data-testid={`barber-card-${barber.id}`}>
      <BarberAvatar name={name} image={image} shape="square" className="h-44 w-full rounded-t-xl text-4xl" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 className="text-lg font-semibold">
            <Link href={href} className="hover:underline">
              {name}
            </Link>
          </h3>
          <p className="flex items-center gap-1 text-sm text-zinc-600">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {cardLocation(barber)}
          </p>
        </div>
        <RatingLine barber={barber} />
        <ServiceBadges barber={barber} />
        <p className="flex items-center gap-1.5 text-sm text-emerald-800">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          {nextAvailableText(barber.nextAvailable)}
        </p>
        <div className="mt-auto flex items-center justify-between gap-3 pt-1">
          <p className="text-sm text-zinc-600">
            Starting at{' '}
            <span className="text-lg font-bold text-zinc-900">{formatMoney(startingPriceValue(barber))}</span>
          </p>
          <Link href={href} className={buttonVariants()} aria-label={`Book Now with ${name}`}>
            Book Now
          </Link>
        </div>
      </div>
    </Card>
  );
}

/** At most 3 services, or the defaults Haircut and Beard Trim for a barber with none. */
function ServiceBadges({ barber }: { barber: BarberListing }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Services">
      {cardServiceNames(barber).map((service, i) => (
        <li key={`${service}-${i}`}>
          <Badge>{service}</Badge>
        </li>
      ))}
    </ul>
  );
}

function RatingLine({ barber }: { barber: BarberListing }) {
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="font-semibold">{formatRating(barber.rating)}</span>
      <span className="text-zinc-600">({pluralize(barber.reviewCount, 'review')})</span>
    </p>
  );
}
