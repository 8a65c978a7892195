import { CalendarDays, DollarSign, Scissors, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/Card';
import { Skeleton } from '../../../../components/ui/Spinner';
import { cn } from '../../../../lib/cn';
import type { AdminStats } from '../../api/stats';
import { formatChange, money } from '../../lib/format';
import type { PeriodComparison } from '../../lib/dashboard';
import { formatUsd } from '@barber/shared';

/** One figure of the dashboard or Analytics: title, icon, value, and optionally its change and a detail line. */
export function StatCard({
  title,
  value,
  icon,
  detail,
  change,
  changeLabel,
  testId,
}: {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  detail?: ReactNode;
  change?: number | null;
  changeLabel?: string;
  testId: string;
}) {
  return (
    <Card className="p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-zinc-700">{title}</p>
        <span className="text-zinc-600 [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </div>
      <div className="mt-2 text-2xl font-bold text-zinc-900">{value}</div>
      {change !== undefined && change !== null ? (
        <p className="mt-1 text-xs text-zinc-600">
          <span className={cn('font-semibold', change >= 0 ? 'text-green-800' : 'text-red-800')}>
            {formatChange(change)}
          </span>{' '}
          {changeLabel}
        </p>
      ) : null}
      {detail ? <p className="mt-1 text-xs text-zinc-600">{detail}</p> : null}
    </Card>
  );
}

/**
 * Total barbers, customers, bookings and revenue (GET /api/admin/stats). Change figures compare the
 * chosen range with the period before it, from the bookings themselves; they are left out when the
 * earlier period has nothing to compare with. Platform revenue is the sum of the fees stored on the
 * completed bookings.
 */
export function StatCards({
  stats,
  isLoading,
  pendingBarbers,
  comparison,
  platformFeesCents,
  feesAllTime,
  days,
}: {
  stats: AdminStats | undefined;
  isLoading: boolean;
  pendingBarbers: number | undefined;
  comparison: PeriodComparison | null;
  platformFeesCents: number | null;
  feesAllTime: boolean;
  days: number;
}) {
  const vs = `vs previous ${days} days`;
  const value = (v: ReactNode) => (isLoading ? <Skeleton className="h-8 w-20" /> : stats ? v : '—');
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        testId="stat-total-barbers"
        title="Total Barbers"
        icon={<Scissors />}
        value={value(stats?.totalBarbers.toLocaleString('en-US'))}
        detail={pendingBarbers !== undefined ? `${pendingBarbers} pending verification` : undefined}
      />
      <StatCard
        testId="stat-total-customers"
        title="Total Customers"
        icon={<Users />}
        value={value(stats?.totalCustomers.toLocaleString('en-US'))}
        detail="Registered customer accounts"
      />
      <StatCard
        testId="stat-total-bookings"
        title="Total Bookings"
        icon={<CalendarDays />}
        value={value(stats?.totalBookings.toLocaleString('en-US'))}
        change={comparison?.bookingsChange}
        changeLabel={`new bookings ${vs}`}
        detail={comparison ? `${comparison.current.newBookings} new in the last ${days} days` : undefined}
      />
      <StatCard
        testId="stat-total-revenue"
        title="Total Revenue"
        icon={<DollarSign />}
        value={value(money(stats?.totalRevenue))}
        change={comparison?.revenueChange}
        changeLabel={`revenue ${vs}`}
        detail={
          platformFeesCents !== null
            ? `Platform revenue ${formatUsd(platformFeesCents)}${feesAllTime ? '' : ` in the last ${days} days`}`
            : undefined
        }
      />
    </div>
  );
}
