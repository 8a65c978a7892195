import type { ReactNode } from 'react';
import { formatUsd } from '@barber/shared';
import { cn } from '../../../lib/cn';

/** A chart with its title, and its figures in words for screen readers (the drawing is hidden from them). */
export function ChartFrame({
  title,
  summary,
  boxed = false,
  children,
}: {
  title: string;
  summary: string;
  /** In a bordered white box (the Analytics screen's grid). */
  boxed?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className={cn('space-y-2', boxed && 'rounded-lg border border-zinc-200 bg-white p-4')}>
      <figcaption className="text-sm font-semibold text-zinc-900">{title}</figcaption>
      <p className="sr-only">{summary}</p>
      <div className="h-64 w-full" aria-hidden="true">
        {children}
      </div>
    </figure>
  );
}

/** Dollars as "$1,234.50" (the charts' figures are in dollars, formatUsd takes cents). */
export const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

/** The tick text of the charts' axes. */
export const AXIS_TICK = { fontSize: 12, fill: '#52525b' };
