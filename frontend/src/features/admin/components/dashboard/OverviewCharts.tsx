import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReactNode } from 'react';
import { formatUsd } from '@barber/shared';
import type { DayPoint } from '../../lib/dashboard';

function ChartFrame({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-zinc-900">{title}</figcaption>
      <p className="sr-only">{summary}</p>
      <div className="h-64 w-full" aria-hidden="true">
        {children}
      </div>
    </figure>
  );
}

const usd = (v: number) => formatUsd(Math.round(v * 100));
const axis = { fontSize: 12, fill: '#52525b' };

/** Bookings made per day and revenue of completed bookings per appointment day, over the range. */
export function OverviewCharts({ points }: { points: DayPoint[] }) {
  const totalBookings = points.reduce((s, p) => s + p.bookings, 0);
  const totalRevenue = points.reduce((s, p) => s + p.revenue, 0);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartFrame title="Bookings per day" summary={`${totalBookings} bookings made over ${points.length} days.`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e4e7" />
            <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" minTickGap={24} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip formatter={(v) => [String(v), 'Bookings']} />
            <Bar dataKey="bookings" name="Bookings" fill="#18181b" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame
        title="Revenue per day"
        summary={`${usd(totalRevenue)} of completed bookings over ${points.length} days.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e4e7" />
            <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" minTickGap={24} />
            <YAxis tick={axis} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip formatter={(v) => [usd(Number(v)), 'Revenue']} />
            <Area type="monotone" dataKey="revenue" name="Revenue" stroke="#15803d" fill="#bbf7d0" />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
