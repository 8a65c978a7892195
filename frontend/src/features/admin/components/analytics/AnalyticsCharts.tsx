import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AdminAnalytics } from '@barber/shared';
import { formatLocalDate } from '../../lib/format';
import { AXIS_TICK, ChartFrame, usd } from '../ChartFrame';

/*
 * The Analytics screen's charts. recharts is the largest library of the app: this module is loaded
 * lazily (React.lazy from AnalyticsPage, itself a lazy route), so it stays out of every other screen.
 * Each chart is described in words for screen readers; the tables below the charts hold the figures.
 */

/** "Fort Lauderdale, FL" -> "Fort Lauderdale": the axis has room for the city only. */
const shortRegion = (label: string) => label.replace(/, FL$/, '');
/** The horizontal guide lines of every chart. */
const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e4e7" />;
/** The slanted city names under the region charts. */
const regionAxis = (
  <XAxis dataKey="short" tick={{ ...AXIS_TICK, fontSize: 11 }} interval={0} angle={-20} textAnchor="end" height={48} />
);

export default function AnalyticsCharts({ data }: { data: AdminAnalytics }) {
  const days = data.byDay.map((d) => ({
    ...d,
    label: formatLocalDate(d.date, 'MMM d'),
    // The other statuses (pending, confirmed, on the way): bookings that neither ended nor were called off yet.
    open: Math.max(0, d.bookings - d.completed - d.cancellations - d.noShows),
  }));
  const regions = data.byRegion.map((r) => ({ ...r, short: shortRegion(r.label) }));
  const { totals } = data;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2" data-testid="analytics-charts">
      <ChartFrame
        boxed
        title="Bookings per day"
        summary={`${totals.bookings} bookings: ${totals.completed} completed, ${totals.cancellations} cancellations and ${totals.noShows} no-shows over ${days.length} days.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            {grid}
            <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="completed" name="Completed" stackId="day" fill="#15803d" />
            <Bar dataKey="open" name="Open" stackId="day" fill="#71717a" />
            <Bar dataKey="cancellations" name="Cancellations" stackId="day" fill="#b91c1c" />
            <Bar dataKey="noShows" name="No-shows" stackId="day" fill="#b45309" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame
        boxed
        title="Revenue and platform fees per day"
        summary={`${usd(totals.revenue)} of completed bookings and ${usd(totals.platformFees)} of platform fees over ${days.length} days.`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            {grid}
            <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} />
            <YAxis tick={AXIS_TICK} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip formatter={(v, name) => [usd(Number(v)), String(name)]} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="revenue" name="Revenue" fill="#15803d" radius={[3, 3, 0, 0]} />
            <Line
              type="linear"
              dataKey="platformFees"
              name="Platform fees"
              stroke="#1d4ed8"
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame
        boxed
        title="Bookings by region"
        summary={regions.map((r) => `${r.label}: ${r.bookings} bookings, ${r.completed} completed`).join('; ')}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={regions} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            {grid}
            {regionAxis}
            <YAxis allowDecimals={false} tick={AXIS_TICK} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="bookings" name="Bookings" fill="#18181b" radius={[3, 3, 0, 0]} />
            <Bar dataKey="completed" name="Completed" fill="#15803d" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame
        boxed
        title="Revenue by region"
        summary={regions.map((r) => `${r.label}: ${usd(r.revenue)} revenue, ${usd(r.platformFees)} fees`).join('; ')}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={regions} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            {grid}
            {regionAxis}
            <YAxis tick={AXIS_TICK} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip formatter={(v, name) => [usd(Number(v)), String(name)]} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="revenue" name="Revenue" fill="#15803d" radius={[3, 3, 0, 0]} />
            <Bar dataKey="platformFees" name="Platform fees" fill="#1d4ed8" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
