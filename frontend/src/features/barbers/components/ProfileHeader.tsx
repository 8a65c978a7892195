import { BadgeCheck, Briefcase, CalendarPlus, MapPin, Star } from 'lucide-react';
import type { BarberListing } from '@barber/shared';
import { BarberAvatar } from '../../../components/customer/BarberAvatar';
import { Badge } from '../../../components/customer/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { usePageTitle } from '../../../components/ui/PageTitle';
import { capitalizeKey, formatRating, nextAvailableText, pluralize } from '../../../lib/customer/format';

/** "Miami, Fort Lauderdale, FL": the barber's cities joined, capitalised, followed by FL. */
export function citiesText(cities: string[]): string {
  return cities.length ? `${cities.map(capitalizeKey).join(', ')}, FL` : 'FL';
}

/** The profile header (customer spec §2.9) with the Book Appointment button. */
export function ProfileHeader({ barber, onBook }: { barber: BarberListing; onBook: () => void }) {
  const name = barber.user.fullName || barber.user.username;
  usePageTitle(name);
  return (
    <Card className="flex flex-col gap-5 p-6 md:flex-row md:items-center">
      <BarberAvatar name={name} image={barber.portfolioImages[0]} className="size-24 text-2xl" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{name}</h1>
          {barber.isVerified ? (
            <Badge variant="success">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              Verified
            </Badge>
          ) : null}
        </div>
        <p className="flex items-center gap-1 text-sm text-zinc-700">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          {citiesText(barber.cities)}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-700">
          <span className="inline-flex items-center gap-1">
            <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
            <span className="font-semibold text-zinc-900">{formatRating(barber.rating)}</span>
            <span>({pluralize(barber.reviewCount, 'review')})</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Briefcase className="size-4" aria-hidden="true" />
            {pluralize(barber.yearsOfExperience, 'year')} experience
          </span>
        </p>
        <p className="text-sm text-emerald-800">{nextAvailableText(barber.nextAvailable)}</p>
        {barber.bio ? <p className="text-sm text-zinc-700">{barber.bio}</p> : null}
      </div>
      <Button size="lg" onClick={onBook} className="md:self-start">
        <CalendarPlus aria-hidden="true" />
        Book Appointment
      </Button>
    </Card>
  );
}
