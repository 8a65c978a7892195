import { Link } from 'wouter';
import { MapPin } from 'lucide-react';
import { regionLabel, type BarberSearchResult } from '@barber/shared';
import { BarberAvatar } from '../../../components/customer/BarberAvatar';
import { Badge } from '../../../components/customer/Badge';
import { RatingAndExperience, VerifiedBadge } from '../../../components/customer/BarberFacts';
import { Button, buttonVariants } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatTime12 } from '../../../lib/customer/format';
import { RESULT_SLOT_LIMIT } from '../lib/options';
import { firstServiceOfCategory, searchedCategory } from '../lib/serviceCategory';

/** Service areas: actual cities served, else the barber's regions, else "Not specified". */
function serviceAreas(barber: BarberSearchResult): string {
  if (barber.actualCitiesServed.length > 0) return barber.actualCitiesServed.join(', ');
  if (barber.cities.length > 0) return barber.cities.map((c) => regionLabel(c)).join(', ');
  return 'Not specified';
}

/** What of the search goes along to the profile. */
interface ResultSearch {
  date: string;
  zipcode: string;
  /** "all" or none: any service. */
  serviceCategory?: string;
}

/**
 * The profile link of a result: the search's date and zipcode go along, so the profile opens its booking
 * drawer filled in (docs/spec/customer-side.md §2.9) instead of starting over, and for a search of a
 * category the barber's first service of it as serviceId (the profile knows no category parameter), so
 * the drawer has that service chosen.
 */
function profileHref(barber: Pick<BarberSearchResult, 'id' | 'services'>, search: ResultSearch): string {
  const q = new URLSearchParams();
  if (search.date) q.set('date', search.date);
  if (search.zipcode) q.set('zipcode', search.zipcode);
  const service = firstServiceOfCategory(barber.services, searchedCategory(search.serviceCategory));
  if (service) q.set('serviceId', String(service.id));
  const qs = q.toString();
  return qs ? `/barber-profile/${barber.id}?${qs}` : `/barber-profile/${barber.id}`;
}

/**
 * One search result (docs/spec/customer-side.md §2.7). `slots` are already limited to the chosen time
 * range; each time chip books that time (Quick Book opens with it chosen), Book Now opens Quick Book.
 */
export function SearchResultCard({
  barber,
  slots,
  search,
  onBook,
}: {
  barber: BarberSearchResult;
  slots: string[];
  search: ResultSearch;
  onBook: (slot?: string) => void;
}) {
  const name = barber.user.fullName || barber.user.username;
  const shown = slots.slice(0, RESULT_SLOT_LIMIT);
  const more = slots.length - shown.length;
  return (
    <Card className="flex flex-col gap-4 p-5 md:flex-row" data-testid={`search-result-${barber.id}`}>
      <BarberAvatar name={name} image={barber.portfolioImages[0]} className="size-16 text-lg" />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold">{name}</h3>
          {barber.isVerified ? <VerifiedBadge /> : null}
        </div>
        <RatingAndExperience barber={barber} />
        {barber.bio ? <p className="text-sm text-zinc-700">{barber.bio}</p> : null}
        <div>
          <h4 className="mb-1.5 text-sm font-medium">Available times</h4>
          <ul className="flex flex-wrap gap-1.5" aria-label={`Available times of ${name}`}>
            {shown.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => onBook(s)}
                  aria-label={`Book ${formatTime12(s)} with ${name}`}
                  data-book-slot={s}
                  className="inline-flex min-h-8 items-center rounded-full border border-zinc-300 px-3 text-xs font-semibold text-zinc-800 hover:border-zinc-900 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
                >
                  {formatTime12(s)}
                </button>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Badge variant="secondary">+{more} more</Badge>
              </li>
            ) : null}
          </ul>
        </div>
        <p className="flex items-start gap-1 text-sm text-zinc-700">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-medium text-zinc-900">Service areas:</span> {serviceAreas(barber)}
          </span>
        </p>
      </div>
      <div className="flex shrink-0 flex-row gap-2 md:w-36 md:flex-col">
        <Link
          href={profileHref(barber, search)}
          className={buttonVariants({ variant: 'outline', className: 'flex-1 md:flex-none' })}
          aria-label={`View Profile of ${name}`}
        >
          View Profile
        </Link>
        <Button
          className="flex-1 md:flex-none"
          onClick={() => onBook()}
          aria-label={`Book Now with ${name}`}
          data-book-now={barber.id}
        >
          Book Now
        </Button>
      </div>
    </Card>
  );
}
