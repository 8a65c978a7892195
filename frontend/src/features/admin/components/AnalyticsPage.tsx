import { lazy, Suspense, type ReactNode } from 'react';
import { BarChart3, Ban, CalendarCheck, DollarSign, Percent, UserX } from 'lucide-react';
import type { AdminAnalytics } from '@barber/shared';
import { DateRangeFields } from '../../../components/DateRangeFields';
import { TitledCard } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeader } from '../../../components/ui/PageTitle';
import { LoadingStatus, Skeleton } from '../../../components/ui/Spinner';
import { useAdminAnalytics } from '../api/analytics';
import { formatLocalDate } from '../lib/format';
import { useRangeChoice } from './analytics/useRangeChoice';
import { usd } from './ChartFrame';
import { StatCard } from './dashboard/StatCards';
import { ErrorNotice } from '../../../components/ui/ErrorNotice';
import { AdminTable } from './AdminTable';

// The chart library loads with the charts only (its own chunk), after the figures are on screen.
const AnalyticsCharts = lazy(() => import('./analytics/AnalyticsCharts'));

const td = 'px-2 py-2 text-sm text-zinc-900';
const num = `${td} text-right tabular-nums`;

/** A row of the figures tables: its name, then one right-aligned figure per column. */
function FigureRow({ name, figures }: { name: string; figures: ReactNode[] }) {
  return (
    <tr>
      <th scope="row" className={`${td} text-left font-medium`}>
        {name}
      </th>
      {figures.map((figure, i) => (
        <td key={i} className={num}>
          {figure}
        </td>
      ))}
    </tr>
  );
}

function RegionTable({ data }: { data: AdminAnalytics }) {
  return (
    <AdminTable
      scrollLabel="By region table"
      testId="analytics-regions"
      dense
      columns={['Region', 'Bookings', 'Completed', 'Revenue', 'Platform Fees', 'Cancellations', 'No-shows']}
    >
      {data.byRegion.map((r) => (
        <FigureRow
          key={r.region}
          name={r.label}
          figures={[r.bookings, r.completed, usd(r.revenue), usd(r.platformFees), r.cancellations, r.noShows]}
        />
      ))}
    </AdminTable>
  );
}

function TopBarbersTable({ data }: { data: AdminAnalytics }) {
  if (data.topBarbers.length === 0)
    return <p className="text-sm text-zinc-600">No completed bookings in this range.</p>;
  return (
    <AdminTable
      scrollLabel="Top barbers table"
      testId="analytics-top-barbers"
      dense
      columns={['Barber', 'Completed', 'Bookings', 'Revenue', 'Platform Fees']}
    >
      {data.topBarbers.map((b) => (
        <FigureRow
          key={b.barberId}
          name={b.name}
          figures={[b.completed, b.bookings, usd(b.revenue), usd(b.platformFees)]}
        />
      ))}
    </AdminTable>
  );
}

function ChartsLoading() {
  return (
    <LoadingStatus label="Loading charts" className="grid grid-cols-1 gap-4 xl:grid-cols-2" aria-busy="true">
      <Skeleton className="h-72 w-full" />
      <Skeleton className="h-72 w-full" />
    </LoadingStatus>
  );
}

/** The tables under the charts, each in its card. */
const FIGURE_TABLES = [
  { title: 'By Region', description: 'Revenue and platform fees of completed bookings', Table: RegionTable },
  { title: 'Top Barbers', description: 'By revenue of completed bookings', Table: TopBarbersTable },
];

/** Admin Analytics (issue 11 item 12): the platform's figures over a chosen range, from one server call. */
export function AnalyticsPage() {
  const choice = useRangeChoice();
  const query = useAdminAnalytics(choice.range);
  const data = query.data;

  let body: ReactNode;
  if (choice.range === null) body = null;
  else if (query.isPending) {
    body = (
      <div className="space-y-4" aria-busy="true" aria-label="Loading analytics" data-testid="analytics-skeleton">
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
        <Skeleton className="h-72 w-full" />
      </div>
    );
  } else if (query.isError || !data) {
    body = <ErrorNotice title="Failed to load analytics." onRetry={() => void query.refetch()} />;
  } else {
    const t = data.totals;
    body = (
      <div className="space-y-6" aria-busy={query.isFetching}>
        <p className="text-sm text-zinc-600" data-testid="analytics-range">
          {formatLocalDate(data.startDate, 'MMM d, yyyy')} – {formatLocalDate(data.endDate, 'MMM d, yyyy')}, by the
          appointment's date
        </p>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
          <StatCard testId="analytics-bookings" title="Bookings" value={t.bookings} icon={<CalendarCheck />} />
          <StatCard testId="analytics-revenue" title="Revenue" value={usd(t.revenue)} icon={<DollarSign />} />
          <StatCard testId="analytics-fees" title="Platform Fees" value={usd(t.platformFees)} icon={<Percent />} />
          <StatCard testId="analytics-cancellations" title="Cancellations" value={t.cancellations} icon={<Ban />} />
          <StatCard testId="analytics-no-shows" title="No-shows" value={t.noShows} icon={<UserX />} />
        </div>
        {t.bookings === 0 ? (
          <EmptyState
            icon={<BarChart3 />}
            headingLevel={2}
            title="No bookings in this range"
            description="Choose a longer range to see figures."
          />
        ) : (
          <Suspense fallback={<ChartsLoading />}>
            <AnalyticsCharts data={data} />
          </Suspense>
        )}
        <div className="grid grid-cols-1 gap-4">
          {FIGURE_TABLES.map(({ title, description, Table }) => (
            <TitledCard key={title} title={title} description={description} contentClassName="px-3 md:px-4">
              <Table data={data} />
            </TitledCard>
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics"
        description="Bookings, revenue, platform fees, cancellations and no-shows across the platform"
      />
      <DateRangeFields {...choice.fields} />
      {body}
    </div>
  );
}
