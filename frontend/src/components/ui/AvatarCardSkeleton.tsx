import { Card } from './Card';
import { LoadingStatus, Skeleton } from './Spinner';

/** A loading card: a round avatar placeholder (sized by `avatar`) beside one text bar per class in `bars`. */
export function AvatarCardSkeleton({
  avatar,
  bars,
  className = 'flex gap-4 p-5',
}: {
  avatar: string;
  bars: string[];
  className?: string;
}) {
  return (
    <Card className={className}>
      <Skeleton className={`${avatar} rounded-full`} />
      <div className="flex-1 space-y-3">
        {bars.map((bar, i) => (
          <Skeleton key={i} className={bar} />
        ))}
      </div>
    </Card>
  );
}

/** Two loading cards in place of a list of people or bookings, announced as `label`. */
export function AvatarListSkeleton({ label, avatar, bars }: { label: string; avatar: string; bars: string[] }) {
  return (
    <LoadingStatus label={label} className="space-y-4">
      <AvatarCardSkeleton avatar={avatar} bars={bars} />
      <AvatarCardSkeleton avatar={avatar} bars={bars} />
    </LoadingStatus>
  );
}
