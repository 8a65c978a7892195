import { formatUsd } from '@barber/shared';
import { EmptyState } from '../../../../components/ui/EmptyState';
import { Avatar } from '../../../../components/layouts/UserMenu';
import type { TopBarber } from '../../lib/dashboard';

/** The first 5 barbers by completed revenue in the range, from the bookings themselves. */
export function TopBarbers({ barbers, days }: { barbers: TopBarber[]; days: number }) {
  if (barbers.length === 0) {
    return (
      <EmptyState headingLevel={3} title="No barber activity" description={`No bookings in the last ${days} days.`} />
    );
  }
  return (
    <ol className="divide-y divide-zinc-100" data-testid="top-barbers">
      {barbers.map((b, i) => (
        <li key={b.barberId} className="flex flex-wrap items-center gap-3 py-3">
          <span className="w-5 text-sm font-semibold text-zinc-600">{i + 1}</span>
          <Avatar name={b.name} />
          {/* at least 10rem for the name: on a phone the amounts go under it rather than squeeze it to a few letters */}
          <div className="min-w-0 flex-1 basis-40">
            <p className="truncate font-medium text-zinc-900">{b.name}</p>
            <p className="truncate text-xs text-zinc-600">
              {b.bookings} {b.bookings === 1 ? 'booking' : 'bookings'} · {b.completed} completed
            </p>
          </div>
          <div className="ml-auto text-right">
            <p className="font-semibold text-zinc-900">{formatUsd(b.revenueCents)}</p>
            <p className="text-xs text-zinc-600">Barber earnings {formatUsd(b.earningsCents)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
