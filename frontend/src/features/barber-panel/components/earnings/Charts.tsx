import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SeriesPoint, ServiceShare } from '../../lib/earningsStats';
import { formatPercent, money } from '../../lib/format';

const COLORS = ['#18181b', '#b45309', '#1d4ed8', '#15803d', '#7e22ce', '#be123c', '#0e7490', '#52525b'];

const axisMoney = (v: number) => (v >= 1000 ? `$${Math.round(v / 100) / 10}k` : `$${v}`);

/** A bar chart of one money series (revenue or platform fees) over the period. */
export function MoneyBarChart({
  data,
  dataKey,
  label,
  color = '#18181b',
}: {
  data: SeriesPoint[];
  dataKey: 'revenue' | 'fees' | 'net';
  label: string;
  color?: string;
}) {
  const total = data.reduce((sum, p) => sum + p[dataKey], 0);
  return (
    <figure className="space-y-2">
      <div
        className="h-72 w-full"
        role="img"
        aria-label={`${label} chart: ${money(total)} in total over ${data.length} periods`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e4e4e7" />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 12, fill: '#3f3f46' }}
              interval="preserveStartEnd"
              minTickGap={12}
            />
            <YAxis tickFormatter={axisMoney} tick={{ fontSize: 12, fill: '#3f3f46' }} width={56} />
            <Tooltip formatter={(value) => [money(Number(value)), label]} />
            <Bar dataKey={dataKey} name={label} fill={color} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-zinc-700">
        {label}: {money(total)} in total
      </figcaption>
    </figure>
  );
}

/** Revenue by service: a pie and the figures beside it. */
export function ServicePie({ shares }: { shares: ServiceShare[] }) {
  return (
    <div className="grid items-center gap-6 md:grid-cols-2">
      <div className="h-64 w-full" role="img" aria-label="Revenue by service chart">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie data={shares} dataKey="revenue" nameKey="name" innerRadius="45%" outerRadius="80%" paddingAngle={2}>
              {shares.map((s, i) => (
                <Cell key={s.name} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(value, name) => [money(Number(value)), String(name)]} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="space-y-2" aria-label="Revenue by service">
        {shares.map((s, i) => (
          <li key={s.name} className="flex items-center justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <span
                aria-hidden="true"
                className="size-3 shrink-0 rounded-sm"
                style={{ background: COLORS[i % COLORS.length] }}
              />
              <span className="truncate">{s.name}</span>
            </span>
            <span className="shrink-0 text-zinc-800">
              {formatPercent(s.percent)} · {money(s.revenue)} · {s.count} booking{s.count === 1 ? '' : 's'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
