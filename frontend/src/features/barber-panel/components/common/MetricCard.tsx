import type { ReactNode } from 'react';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { Card } from '../../../../components/ui/Card';
import { Skeleton } from '../../../../components/ui/Spinner';
import { cn } from '../../../../lib/cn';
import { formatPercent } from '../../lib/format';

/**
 * A stat card: title, value, a caption and, when there is something to compare with, the change
 * from the previous period (computed from data; never a fixed figure).
 */
export function MetricCard({
  title,
  value,
  caption,
  change,
  icon,
  loading,
  testId,
}: {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  /** Percent change vs the previous period; null or undefined shows no trend. */
  change?: number | null;
  icon?: ReactNode;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <div className="space-y-2 p-5">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-medium text-zinc-700">{title}</h2>
          {icon ? (
            <span className="text-zinc-600 [&_svg]:size-4" aria-hidden="true">
              {icon}
            </span>
          ) : null}
        </div>
        {loading ? (
          <Skeleton className="h-8 w-28" />
        ) : (
          <p className="text-2xl font-bold tracking-tight text-zinc-900">{value}</p>
        )}
        {!loading && change !== null && change !== undefined ? (
          <p
            className={cn(
              'flex items-center gap-1 text-xs font-medium',
              change >= 0 ? 'text-green-800' : 'text-red-800',
            )}
          >
            {change >= 0 ? (
              <TrendingUp className="size-3.5" aria-hidden="true" />
            ) : (
              <TrendingDown className="size-3.5" aria-hidden="true" />
            )}
            {formatPercent(change, true)} vs previous period
          </p>
        ) : null}
        {caption ? <p className="text-xs text-zinc-600">{caption}</p> : null}
      </div>
    </Card>
  );
}
