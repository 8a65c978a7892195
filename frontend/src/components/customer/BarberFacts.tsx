import { BadgeCheck, Briefcase, Star } from 'lucide-react';
import { formatRating, pluralize } from '../../lib/customer/format';
import { Badge } from './Badge';

/** The green "Verified" badge beside a verified barber's name. */
export function VerifiedBadge() {
  return (
    <Badge variant="success">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Verified
    </Badge>
  );
}

/** "★ 4.8 (12 reviews)  5 years experience" under a barber's name. */
export function RatingAndExperience({
  barber,
}: {
  barber: { rating: string | number | null | undefined; reviewCount: number; yearsOfExperience: number };
}) {
  return (
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
  );
}
