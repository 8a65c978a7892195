import { useMemo, useState, type ReactNode } from 'react';
import { TitledCard } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageTitle';
import { Skeleton } from '../../../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { useDashboardBookings } from '../api/bookings';
import { useAdminLive, useIngestBookings } from '../api/live';
import { useLiveDelay } from '../api/liveStatus';
import { useAdminDashboard, useAdminStats, usePendingBarbersCount } from '../api/stats';
import {
  RANGE_OPTIONS,
  dashboardView,
  liveCounters,
  platformFeesCents,
  recentBookings,
  type RangeDays,
} from '../lib/dashboard';
import { useAdminBookings } from '../stores/bookings';
import { Select } from './controls';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import { useToday } from '../../../lib/useNow';
import { ActivityFeed } from './dashboard/ActivityFeed';
import { LiveDelayNotice } from './dashboard/LiveDelayNotice';
import { LiveCounters } from './dashboard/LiveCounters';
import { OverviewCharts } from './dashboard/OverviewCharts';
import { RecentBookings } from './dashboard/RecentBookings';
import { StatCards } from './dashboard/StatCards';
import { TopBarbers } from './dashboard/TopBarbers';

const rangeOptions = RANGE_OPTIONS.map((d) => ({ value: String(d), label: `Last ${d} days` }));

/** Admin dashboard (barber-and-admin spec "Admin dashboard"), with live counters and activity. */
export function DashboardPage() {
  useAdminLive();
  const [range, setRange] = useState<RangeDays>(30);
  const stats = useAdminStats();
  const pending = usePendingBarbersCount();
  const today = useToday();
  const dashboard = useDashboardBookings(today);
  const liveDelay = useLiveDelay();
  useIngestBookings(dashboard.data?.bookings);
  const bookingsById = useAdminBookings((s) => s.byId);

  const figures = useAdminDashboard(range, today);

  const view = useMemo(() => {
    const all = Object.values(bookingsById);
    const period = figures.data ? dashboardView(figures.data) : null;
    // every booking of the platform was read, and the bounded collection still holds them all: the fees are all-time
    const complete = (dashboard.data?.complete ?? false) && dashboard.data!.bookings.every((b) => b.id in bookingsById);
    return {
      counters: liveCounters(all, today),
      comparison: period?.comparison ?? null,
      fees: complete && dashboard.data ? platformFeesCents(all) : (figures.data?.current.platformFeeCents ?? null),
      feesAllTime: complete,
      series: period?.series ?? [],
      recent: recentBookings(all, 10),
      top: period?.top ?? [],
    };
  }, [bookingsById, today, dashboard.data, figures.data]);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Dashboard"
        description="Platform overview and live activity"
        actions={
          <Select
            aria-label="Date range"
            value={String(range)}
            onValueChange={(v) => setRange(Number(v) as RangeDays)}
            options={rangeOptions}
            className="w-44"
          />
        }
      />
      <LiveDelayNotice status={liveDelay.data} />
      <LiveCounters counters={view.counters} />
      {stats.isError ? <ErrorNotice title="Could not load statistics" onRetry={() => void stats.refetch()} /> : null}
      <StatCards
        stats={stats.data?.stats}
        isLoading={stats.isPending}
        pendingBarbers={pending.data}
        comparison={view.comparison}
        platformFeesCents={view.fees}
        feesAllTime={view.feesAllTime}
        days={range}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <Tabs defaultValue="overview" className="min-w-0 xl:col-span-2">
          <TabsList className="h-auto w-full flex-wrap sm:w-auto">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="recent">Recent Bookings</TabsTrigger>
            <TabsTrigger value="top">Top Barbers</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <TitledCard
              title="Overview"
              description={<>Bookings made and revenue of completed bookings, last {range} days</>}
            >
              <Loaded query={figures} errorTitle="Could not load the figures">
                <OverviewCharts points={view.series} />
              </Loaded>
            </TitledCard>
          </TabsContent>
          <TabsContent value="recent">
            <TitledCard title="Recent Bookings" description="The latest bookings on the platform">
              <Loaded query={dashboard} errorTitle="Could not load bookings">
                <RecentBookings bookings={view.recent} />
              </Loaded>
            </TitledCard>
          </TabsContent>
          <TabsContent value="top">
            <TitledCard
              title="Top Barbers"
              description={<>By revenue of completed bookings, then bookings, last {range} days</>}
            >
              <Loaded query={figures} errorTitle="Could not load the figures">
                <TopBarbers barbers={view.top} days={range} />
              </Loaded>
            </TitledCard>
          </TabsContent>
        </Tabs>
        <ActivityFeed />
      </div>
    </div>
  );
}

/** A part of the dashboard read by `query`: skeleton rows while it loads, an error with Retry, then `children`. */
function Loaded({
  query,
  errorTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  errorTitle: string;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  if (query.isError) return <ErrorNotice title={errorTitle} onRetry={() => void query.refetch()} />;
  return children;
}
