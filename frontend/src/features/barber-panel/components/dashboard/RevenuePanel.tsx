import { Link } from 'wouter';
import { buttonVariants } from '../../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/Card';
import { Skeleton } from '../../../../components/ui/Spinner';
import type { EarningsTotals } from '../../api/earnings';
import type { SeriesPoint } from '../../lib/earningsStats';
import { formatPercent, money } from '../../lib/format';
import { MoneyBarChart } from '../earnings/Charts';
import { ErrorNotice } from '../../../../components/ui/ErrorNotice';

/** Revenue of the last 30 days: gross, the barber's share and platform fees, with a small chart. */
export function RevenuePanel({
  earnings,
  series,
  loading,
  error,
  onRetry,
}: {
  earnings: EarningsTotals | undefined;
  series: SeriesPoint[] | null;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const share = earnings && earnings.totalRevenue > 0 ? (earnings.netRevenue / earnings.totalRevenue) * 100 : null;
  return (
    <Card className="lg:col-span-3">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">Revenue (last 30 days)</CardTitle>
        <Link href="/barber/earnings" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          View Earnings
        </Link>
      </CardHeader>
      <CardContent className="space-y-4">
        {loading ? (
          <Skeleton className="h-24" />
        ) : error ? (
          <ErrorNotice title="Failed to fetch earnings data" retryLabel="Retry loading revenue" onRetry={onRetry} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-zinc-600">Gross revenue</dt>
              <dd className="text-xl font-bold">{money(earnings?.totalRevenue)}</dd>
            </div>
            <div>
              <dt className="text-sm text-zinc-600">
                {share === null ? 'Your earnings' : `Your earnings (${formatPercent(share)})`}
              </dt>
              <dd className="text-xl font-bold">{money(earnings?.netRevenue)}</dd>
            </div>
            <div>
              <dt className="text-sm text-zinc-600">Platform fees</dt>
              <dd className="text-xl font-bold">{money(earnings?.platformFees)}</dd>
            </div>
          </dl>
        )}
        {series ? <MoneyBarChart data={series} dataKey="revenue" label="Revenue" /> : null}
      </CardContent>
    </Card>
  );
}
