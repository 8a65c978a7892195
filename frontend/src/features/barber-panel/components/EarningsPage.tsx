import { useMemo, useState, type ReactNode } from 'react';
import { isLocalDate } from '@barber/shared';
import { CalendarCheck, DollarSign, Download, Users, Wallet } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageTitle';
import { Skeleton } from '../../../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/Tabs';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { HISTORY_LIMIT, useBookingHistory, useEarnings } from '../api/earnings';
import type { ActingBarber } from '../api/scope';
import { newClients, revenueSeries, serviceBreakdown } from '../lib/earningsStats';
import { formatDate, formatPercent, money, percentChange } from '../lib/format';
import { DEFAULT_RANGE, presetRange, previousRange, type DateRange, type RangeKey } from '../lib/ranges';
import { ErrorState } from './common/ErrorState';
import { MetricCard } from './common/MetricCard';
import { PanelScope } from './common/PanelScope';
import { MoneyBarChart, ServicePie } from './earnings/Charts';
import { RangePicker } from './earnings/RangePicker';

/** Earnings (barber spec §2): range, export toast, four metric cards and three chart tabs. */
export function EarningsPage() {
  return (
    <div>
      <PageHeader title="Earnings" description="Your revenue, fees and bookings over time" />
      <PanelScope>{(acting) => <EarningsScreen key={acting.barberId ?? 'own'} acting={acting} />}</PanelScope>
    </div>
  );
}

function customRange(custom: { startDate: string; endDate: string }): { range: DateRange | null; error: string | null } {
  if (!isLocalDate(custom.startDate) || !isLocalDate(custom.endDate)) return { range: null, error: 'Choose a start and an end date' };
  if (custom.startDate > custom.endDate) return { range: null, error: 'The start date must not be after the end date' };
  return { range: custom, error: null };
}

function EarningsScreen({ acting }: { acting: ActingBarber }) {
  const [rangeKey, setRangeKey] = useState<RangeKey>(DEFAULT_RANGE);
  const [custom, setCustom] = useState(() => presetRange('30d'));
  const { range, error: customError } = rangeKey === 'custom' ? customRange(custom) : { range: presetRange(rangeKey), error: null };

  const current = useEarnings(range, acting.params);
  const previous = useEarnings(range ? previousRange(range) : null, acting.params);
  const history = useBookingHistory(acting.params, { until: range?.endDate });

  const e = current.data?.earnings;
  const p = previous.data?.earnings;
  const share = e && e.totalRevenue > 0 ? (e.netRevenue / e.totalRevenue) * 100 : null;
  const feeShare = e && e.totalRevenue > 0 ? (e.platformFees / e.totalRevenue) * 100 : null;

  const derived = useMemo(() => {
    if (!range || !history.data) return null;
    const all = history.data.bookings;
    return {
      series: revenueSeries(all, range),
      services: serviceBreakdown(all, range),
      newClients: newClients(all, range),
      previousNewClients: newClients(all, previousRange(range)),
    };
  }, [range?.startDate, range?.endDate, history.data]);

  const loading = current.isLoading;
  const estimatedNewClients = e ? Math.floor(e.totalBookings * 0.4) : 0;

  const exportButton = (
    <Button
      variant="outline"
      onClick={() => toast({ title: 'Report Download', description: 'Your earnings report is being generated.' })}
    >
      <Download aria-hidden="true" />
      Export
    </Button>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <RangePicker value={rangeKey} onChange={setRangeKey} custom={custom} onCustomChange={setCustom} customError={customError} />
        {exportButton}
      </div>
      {range ? (
        <p className="text-sm text-zinc-700">
          {formatDate(range.startDate)} - {formatDate(range.endDate)} · completed bookings
        </p>
      ) : null}

      {current.isError ? (
        <ErrorState title="Failed to fetch earnings data" message={errorMessage(current.error)} onRetry={() => void current.refetch()} />
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
              caption={share === null ? 'Your share after platform fees' : `Your share after ${money(e?.platformFees)} in platform fees`}
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
              loading={loading || history.isLoading}
              value={derived ? derived.newClients : estimatedNewClients}
              change={derived ? percentChange(derived.newClients, derived.previousNewClients) : null}
              caption={
                derived
                  ? history.data?.capped
                    ? `First completed booking in this period (from your latest ${HISTORY_LIMIT.toLocaleString('en-US')} bookings)`
                    : 'First completed booking with you in this period'
                  : 'Estimate: 40% of completed bookings'
              }
            />
          </div>

          <Tabs defaultValue="revenue">
            <TabsList aria-label="Earnings charts">
              <TabsTrigger value="revenue">Revenue</TabsTrigger>
              <TabsTrigger value="fees">Platform Fees</TabsTrigger>
              <TabsTrigger value="services">By Service</TabsTrigger>
            </TabsList>
            <TabsContent value="revenue">
              <ChartCard title="Revenue" description="Gross revenue of completed bookings" loading={history.isLoading} error={history.isError}>
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
                loading={history.isLoading}
                error={history.isError}
              >
                {derived ? <MoneyBarChart data={derived.series} dataKey="fees" label="Platform Fees" color="#b45309" /> : null}
              </ChartCard>
            </TabsContent>
            <TabsContent value="services">
              <ChartCard title="By Service" description="Revenue of completed bookings by service" loading={history.isLoading} error={history.isError}>
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
  error,
  children,
}: {
  title: string;
  description: string;
  loading: boolean;
  error: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-72" />
        ) : error ? (
          <p className="text-sm text-zinc-600">The bookings behind this chart could not be loaded, so only the totals above are shown.</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
