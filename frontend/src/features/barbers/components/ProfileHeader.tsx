import { CalendarPlus, MapPin } from 'lucide-react';
import type { BarberListing } from '@barber/shared';
import { BarberAvatar } from '../../../components/customer/BarberAvatar';
import { RatingAndExperience, VerifiedBadge } from '../../../components/customer/BarberFacts';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { usePageTitle } from '../../../components/ui/PageTitle';
import { capitalizeKey, nextAvailableText } from '../../../lib/customer/format';

/** "Miami, Fort Lauderdale, FL": the barber's cities joined, capitalised, followed by FL. */
function citiesText(cities: string[]): string {
  return cities.length ? `${cities.map(capitalizeKey).join(', ')}, FL` : 'FL';
}

/** The profile header (docs/spec/customer-side.md §2.9) with the Book Appointment button. */
export function ProfileHeader({ barber, onBook }: { barber: BarberListing; onBook: () => void }) {
  const name = barber.user.fullName || barber.user.username;
  usePageTitle(name);
  return (
    <Card className="flex flex-col gap-5 p-6 md:flex-row md:items-center">
      <BarberAvatar name={name} image={barber.portfolioImages[0]} className="size-24 text-2xl" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{name}</h1>
          {barber.isVerified ? <VerifiedBadge /> : null}
        </div>
        <p className="flex items-center gap-1 text-sm text-zinc-700">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          {citiesText(barber.cities)}
        </p>
        <RatingAndExperience barber={barber} />
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
