import { formatRating } from '../../../lib/customer/format';
import { useMemo, type ReactNode } from 'react';
import { CalendarCheck, DollarSign, Star, Users } from 'lucide-react';
import { PageHeader } from '../../../components/ui/PageTitle';
import { greeting } from '../../../lib/greeting';
import { useToday } from '../../../lib/useNow';
import { useCurrentUser, useSession } from '../../../stores/session';
import { useEarnings } from '../api/earnings';
import { useBarberProfile } from '../api/profile';
import type { ActingBarber } from '../api/scope';
import { chartPoints } from '../lib/earningsStats';
import { money, percentChange } from '../lib/format';
import { presetRange } from '../../../lib/dateRange';
import { useLiveAppointments } from '../stores/useLiveAppointments';
import { MetricCard } from './common/MetricCard';
import { PanelScope } from './common/PanelScope';
import { AvailabilityPanel } from './dashboard/AvailabilityPanel';
import { RevenuePanel } from './dashboard/RevenuePanel';
import { UpcomingPanel } from './dashboard/UpcomingPanel';

/** Barber dashboard (docs/spec/barber-and-admin.md §2): stat cards, upcoming appointments, revenue and availability. */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const newAccount = useSession((s) => s.newAccount);
  const first = user?.fullName?.split(' ')[0];
  return (
    <div>
      <PageHeader
        title="Dashboard"
        documentTitle="Barber dashboard"
        description={
          first && user?.role === 'barber'
            ? greeting(first, newAccount)
            : 'Your bookings, revenue and availability at a glance'
        }
      />
      <PanelScope>{(acting) => <DashboardScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

type PeriodKey = 'totalBookings' | 'totalRevenue' | 'newClients';

/** The figures of the last 30 days, in their order on the dashboard. */
const PERIOD_FIGURES: {
  key: PeriodKey;
  title: string;
  icon: ReactNode;
  caption: string;
  show?: (n: number) => ReactNode;
}[] = [
  { key: 'totalBookings', title: 'Total Bookings', icon: <CalendarCheck />, caption: 'Completed in the last 30 days' },
  { key: 'totalRevenue', title: 'Total Revenue', icon: <DollarSign />, caption: 'Last 30 days', show: money },
  { key: 'newClients', title: 'New Clients', icon: <Users />, caption: 'First completed booking in the last 30 days' },
];

function DashboardScreen({ acting }: { acting: ActingBarber }) {
  useLiveAppointments(acting.barberId);
  const today = useToday();
  const range = useMemo(() => presetRange('30d', today), [today]);
  // one call: totals with new clients, the 30 days before and the daily series
  const current = useEarnings(range, acting.params);
  const profile = useBarberProfile(acting.params);

  const e = current.data?.earnings;
  const p = current.data?.previous;
  const series = useMemo(() => (current.data ? chartPoints(current.data.series) : null), [current.data]);
  // a figure of the last 30 days, and its change from the 30 days before
  const periodFigure = (key: PeriodKey, show: (n: number) => ReactNode = (n) => n) => ({
    loading: current.isLoading,
    value: current.isError ? '—' : show(e?.[key] ?? 0),
    change: e && p ? percentChange(e[key], p[key]) : null,
  });
  const barber = profile.data?.barber;
  const rating = barber ? Number(barber.rating) : 0;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {PERIOD_FIGURES.map(({ key, show, ...card }) => (
          <MetricCard key={key} {...card} {...periodFigure(key, show)} />
        ))}
        <MetricCard
          title="Rating"
          icon={<Star />}
          loading={profile.isLoading}
          value={barber && barber.reviewCount > 0 ? formatRating(rating) : '—'}
          caption={
            barber
              ? barber.reviewCount > 0
                ? `${barber.reviewCount} review${barber.reviewCount === 1 ? '' : 's'}`
                : 'No reviews yet'
              : undefined
          }
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <UpcomingPanel barberId={acting.barberId} params={acting.params} />
        <AvailabilityPanel params={acting.params} />
        <RevenuePanel
          earnings={e}
          series={series}
          loading={current.isLoading}
          error={current.isError}
          onRetry={() => void current.refetch()}
        />
      </div>
    </div>
  );
}
