import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayPoint } from '../../lib/dashboard';
import { AXIS_TICK, ChartFrame, usd } from '../ChartFrame';

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
            <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} />
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
            <XAxis dataKey="label" tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={24} />
            <YAxis tick={AXIS_TICK} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip formatter={(v) => [usd(Number(v)), 'Revenue']} />
            <Area type="monotone" dataKey="revenue" name="Revenue" stroke="#15803d" fill="#bbf7d0" />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
