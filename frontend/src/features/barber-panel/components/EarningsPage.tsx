import { useMemo, useState, type ReactNode } from 'react';
import { isLocalDate } from '@barber/shared';
import { CalendarCheck, DollarSign, Download, Users, Wallet } from 'lucide-react';
import { DateRangeFields } from '../../../components/DateRangeFields';
import { Button } from '../../../components/ui/Button';
import { TitledCard } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageTitle';
import { Skeleton } from '../../../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { errorMessage } from '../../../lib/api';
import { presetRange, type RangeKey } from '../../../lib/dateRange';
import { useToday } from '../../../lib/useNow';
import { downloadEarningsCsv, useEarnings } from '../api/earnings';
import type { ActingBarber } from '../api/scope';
import { chartPoints, serviceShares } from '../lib/earningsStats';
import { formatDate, formatPercent, money, percentChange } from '../lib/format';
import { DEFAULT_RANGE, type DateRange } from '../lib/ranges';
import { ErrorState } from './common/ErrorState';
import { MetricCard } from './common/MetricCard';
import { PanelScope } from './common/PanelScope';
import { MoneyBarChart, ServicePie } from './earnings/Charts';

/** Earnings (docs/spec/barber-and-admin.md §2): range, CSV export, four metric cards and three chart tabs, from one server call. */
export function EarningsPage() {
  return (
    <div>
      <PageHeader title="Earnings" description="Your revenue, fees and bookings over time" />
      <PanelScope>{(acting) => <EarningsScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

function customRange(custom: { startDate: string; endDate: string }): {
  range: DateRange | null;
  error: string | null;
} {
  if (!isLocalDate(custom.startDate) || !isLocalDate(custom.endDate))
    return { range: null, error: 'Choose a start and an end date' };
  if (custom.startDate > custom.endDate) return { range: null, error: 'The start date must not be after the end date' };
  return { range: custom, error: null };
}

function EarningsScreen({ acting }: { acting: ActingBarber }) {
  const [rangeKey, setRangeKey] = useState<RangeKey>(DEFAULT_RANGE);
  const [custom, setCustom] = useState(() => presetRange('30d'));
  const [exporting, setExporting] = useState(false);
  const today = useToday();
  const { range, error: customError } =
    rangeKey === 'custom' ? customRange(custom) : { range: presetRange(rangeKey, today), error: null };

  // one call: the totals, the period before, the series and the service split of the range
  const current = useEarnings(range, acting.params);

  const e = current.data?.earnings;
  const p = current.data?.previous;
  const share = e && e.totalRevenue > 0 ? (e.netRevenue / e.totalRevenue) * 100 : null;
  const feeShare = e && e.totalRevenue > 0 ? (e.platformFees / e.totalRevenue) * 100 : null;

  const derived = useMemo(
    () =>
      current.data
        ? { series: chartPoints(current.data.series), services: serviceShares(current.data.byService) }
        : null,
    [current.data],
  );

  const loading = current.isLoading;

  const exportCsv = async () => {
    if (!range) return;
    setExporting(true);
    try {
      await downloadEarningsCsv(range, acting.params);
    } finally {
      setExporting(false);
    }
  };

  const exportButton = (
    <Button variant="outline" onClick={() => void exportCsv()} disabled={!range || exporting} aria-busy={exporting}>
      <Download aria-hidden="true" />
      {exporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <DateRangeFields
          value={rangeKey}
          onChange={setRangeKey}
          custom={custom}
          onCustomChange={setCustom}
          error={customError}
        />
        {exportButton}
      </div>
      {range ? (
        <p className="text-sm text-zinc-700">
          {formatDate(range.startDate)} - {formatDate(range.endDate)} · completed bookings
        </p>
      ) : null}

      {!range ? (
        // No figures for a range that is not one: zeros would read as earnings of nothing.
        <p
          role="status"
          className="rounded-md border border-zinc-200 bg-white px-4 py-6 text-center text-sm text-zinc-700"
        >
          Choose a valid date range to see your earnings.
        </p>
      ) : current.isError ? (
        <ErrorState
          title="Failed to fetch earnings data"
          message={errorMessage(current.error)}
          onRetry={() => void current.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <MetricCard
              title="Total Revenue"
              icon={<DollarSign />}
              loading={loading}
              value={money(e?.totalRevenue)}
              change={e && p ? percentChange(e.totalRevenue, p.totalRevenue) : null}
              caption="Gross of completed bookings"
            />
            <MetricCard
              title={share === null ? 'Net Earnings' : `Net Earnings (${formatPercent(share)})`}
              icon={<Wallet />}
              loading={loading}
              value={money(e?.netRevenue)}
              change={e && p ? percentChange(e.netRevenue, p.netRevenue) : null}
              caption={
                share === null
                  ? 'Your share after platform fees'
                  : `Your share after ${money(e?.platformFees)} in platform fees`
              }
            />
            <MetricCard
              title="Completed Bookings"
              icon={<CalendarCheck />}
              loading={loading}
              value={e?.totalBookings ?? 0}
              change={e && p ? percentChange(e.totalBookings, p.totalBookings) : null}
            />
            <MetricCard
              title="New Clients"
              icon={<Users />}
              loading={loading}
              value={e?.newClients ?? 0}
              change={e && p ? percentChange(e.newClients, p.newClients) : null}
              caption="First completed booking with you in this period"
            />
          </div>

          <Tabs defaultValue="revenue">
            <TabsList aria-label="Earnings charts">
              <TabsTrigger value="revenue">Revenue</TabsTrigger>
              <TabsTrigger value="fees">Platform Fees</TabsTrigger>
              <TabsTrigger value="services">By Service</TabsTrigger>
            </TabsList>
            <TabsContent value="revenue">
              <ChartCard title="Revenue" description="Gross revenue of completed bookings" loading={loading}>
                {derived ? <MoneyBarChart data={derived.series} dataKey="revenue" label="Revenue" /> : null}
              </ChartCard>
            </TabsContent>
            <TabsContent value="fees">
              <ChartCard
                title="Platform Fees"
                description={
                  feeShare === null
                    ? 'Fees kept by the platform'
                    : `Fees kept by the platform: ${money(e?.platformFees)} (${formatPercent(feeShare)} of revenue)`
                }
                loading={loading}
              >
                {derived ? (
                  <MoneyBarChart data={derived.series} dataKey="fees" label="Platform Fees" color="#b45309" />
                ) : null}
              </ChartCard>
            </TabsContent>
            <TabsContent value="services">
              <ChartCard title="By Service" description="Revenue of completed bookings by service" loading={loading}>
                {derived ? (
                  derived.services.length > 0 ? (
                    <ServicePie shares={derived.services} />
                  ) : (
                    <p className="text-sm text-zinc-600">No completed bookings in this period.</p>
                  )
                ) : null}
              </ChartCard>
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

function ChartCard({
  title,
  description,
  loading,
  children,
}: {
  title: string;
  description: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} description={description}>
      {loading ? <Skeleton className="h-72" /> : children}
    </TitledCard>
  );
}
