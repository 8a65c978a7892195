import { addDaysLocal, toInstant, todayLocal, type AdminDashboard, type PeriodTotals } from '@barber/shared';
import type { Sql } from '../db/connect';

interface Row {
  kind: 'made' | 'done' | 'barber';
  day: string | null;
  barber_id: number | null;
  name: string | null;
  email: string | null;
  n: number;
  completed: number;
  total: string;
  fee: string;
  barber_cents: string;
}

/**
 * The admin dashboard's figures over every booking of the platform, in one aggregate statement (bookings_date and
 * bookings_created): bookings made per New York day of both periods, the completed bookings' revenue and fees per
 * appointment date (less refunds: the kept amounts), and the five top barbers of the period.
 */
export async function adminDashboard(sql: Sql, days: number, now: Date): Promise<AdminDashboard> {
  const end = todayLocal(now);
  const start = addDaysLocal(end, -(days - 1));
  const prevStart = addDaysLocal(start, -days);
  const prevEnd = addDaysLocal(start, -1);
  const from = toInstant(prevStart, '00:00');
  const until = toInstant(addDaysLocal(end, 1), '00:00');
  const rows = await sql<Row[]>`
    WITH w AS (
      SELECT b.barber_id, b.status, b.date, b.kept_total_cents, b.kept_fee_cents, b.kept_barber_cents,
             (b.created_at AT TIME ZONE 'America/New_York')::date AS made
        FROM bookings b
       WHERE b.date BETWEEN ${prevStart}::date AND ${end}::date
          OR (b.created_at >= ${from} AND b.created_at < ${until})
    ), top AS (
      SELECT barber_id, count(*)::int AS n,
             count(*) FILTER (WHERE status = 'completed')::int AS completed,
             coalesce(sum(kept_total_cents) FILTER (WHERE status = 'completed'), 0)::bigint AS total,
             coalesce(sum(kept_barber_cents) FILTER (WHERE status = 'completed'), 0)::bigint AS barber_cents
        FROM w
       WHERE status <> 'cancelled'
         AND (date BETWEEN ${start}::date AND ${end}::date OR made BETWEEN ${start}::date AND ${end}::date)
       GROUP BY barber_id
    )
    SELECT 'made' AS kind, made::text AS day, NULL::int AS barber_id, NULL AS name, NULL AS email, count(*)::int AS n,
           0 AS completed, 0::bigint AS total, 0::bigint AS fee, 0::bigint AS barber_cents
      FROM w WHERE made BETWEEN ${prevStart}::date AND ${end}::date GROUP BY made
    UNION ALL
    SELECT 'done', date::text, NULL, NULL, NULL, count(*)::int, count(*)::int,
           sum(kept_total_cents)::bigint, sum(kept_fee_cents)::bigint, sum(kept_barber_cents)::bigint
      FROM w WHERE status = 'completed' AND date BETWEEN ${prevStart}::date AND ${end}::date GROUP BY date
    UNION ALL
    (SELECT 'barber', NULL, t.barber_id, coalesce(nullif(u.full_name, ''), u.username), u.email, t.n, t.completed,
            t.total, 0, t.barber_cents
       FROM top t JOIN barbers br ON br.id = t.barber_id JOIN users u ON u.id = br.user_id
      ORDER BY t.total DESC, t.n DESC, coalesce(nullif(u.full_name, ''), u.username)
      LIMIT 5)`;

  const zero = (): PeriodTotals => ({ newBookings: 0, revenueCents: 0, platformFeeCents: 0 });
  const current = zero();
  const previous = zero();
  const series = new Map<string, { date: string; bookings: number; revenueCents: number }>();
  for (let d = start; d <= end; d = addDaysLocal(d, 1)) series.set(d, { date: d, bookings: 0, revenueCents: 0 });
  const topBarbers: AdminDashboard['topBarbers'] = [];
  for (const row of rows) {
    if (row.kind === 'barber') {
      topBarbers.push({
        barberId: row.barber_id!,
        name: row.name ?? 'Barber',
        email: row.email ?? '',
        bookings: row.n,
        completed: row.completed,
        revenueCents: Number(row.total),
        earningsCents: Number(row.barber_cents),
      });
      continue;
    }
    const period = row.day! >= start ? current : previous;
    const day = series.get(row.day!);
    if (row.kind === 'made') {
      period.newBookings += row.n;
      if (day) day.bookings += row.n;
    } else {
      period.revenueCents += Number(row.total);
      period.platformFeeCents += Number(row.fee);
      if (day) day.revenueCents += Number(row.total);
    }
  }
  return { start, end, prevStart, prevEnd, current, previous, series: [...series.values()], topBarbers };
}
