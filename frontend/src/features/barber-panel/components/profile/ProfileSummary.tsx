import { formatRating } from '../../../../lib/customer/format';
import { regionLabel, type BarberProfile } from '@barber/shared';
import { BadgeCheck, Clock, MapPin, Star } from 'lucide-react';
import { Avatar } from '../../../../components/layouts/UserMenu';
import { Card } from '../../../../components/ui/Card';
import type { PersonalUser } from './PersonalInfoForm';

/** The profile summary card beside the forms. */
export function ProfileSummary({ user, barber }: { user: PersonalUser; barber: BarberProfile | null }) {
  const rating = barber ? Number(barber.rating) : 0;
  return (
    <Card>
      <div className="space-y-4 p-6">
        <div className="flex items-center gap-3">
          <Avatar name={user.fullName || user.username} size="lg" />
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold">{user.fullName || user.username}</h2>
            <p className="truncate text-sm text-zinc-600">@{user.username}</p>
          </div>
        </div>
        {barber ? (
          <>
            <p
              className={
                barber.isVerified
                  ? 'inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900'
                  : 'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900'
              }
            >
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {barber.isVerified ? 'Verified' : 'Pending verification'}
            </p>
            <ul className="space-y-2 text-sm text-zinc-800">
              <li className="flex items-center gap-2">
                <Star className="size-4 text-amber-600" aria-hidden="true" />
                {barber.reviewCount > 0
                  ? `${formatRating(rating)} rating (${barber.reviewCount} review${barber.reviewCount === 1 ? '' : 's'})`
                  : 'No reviews yet'}
              </li>
              <li className="flex items-center gap-2">
                <Clock className="size-4 text-zinc-600" aria-hidden="true" />
                {barber.yearsOfExperience} year{barber.yearsOfExperience === 1 ? '' : 's'} of experience
              </li>
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 text-zinc-600" aria-hidden="true" />
                {barber.cities.length > 0 ? barber.cities.map((c) => regionLabel(c)).join('; ') : 'No areas chosen'}
              </li>
            </ul>
            <p className="text-sm text-zinc-700">
              {barber.portfolioImages.length} portfolio image{barber.portfolioImages.length === 1 ? '' : 's'}
            </p>
          </>
        ) : (
          <p className="text-sm text-zinc-700">No barber profile yet.</p>
        )}
      </div>
    </Card>
  );
}
