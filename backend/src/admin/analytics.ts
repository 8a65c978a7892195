import {
  addDaysLocal,
  ADMIN_RANGE_DEFAULT_DAYS,
  regionKeys,
  regionLabel,
  todayLocal,
  type AdminAnalytics,
  type AdminRangeQuery,
  type AnalyticsFigures,
  type RegionKey,
} from '@barber/shared';
import type { Sql } from '../db/connect';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The range asked for; a missing end is today, a missing start 30 days before the end (both included). */
export function resolveRange(query: AdminRangeQuery, now: Date): DateRange {
  const endDate =
    query.endDate ?? (query.startDate && query.startDate > todayLocal(now) ? query.startDate : todayLocal(now));
  const startDate = query.startDate ?? addDaysLocal(endDate, -(ADMIN_RANGE_DEFAULT_DAYS - 1));
  return { startDate, endDate };
}

const dollars = (cents: number | string | bigint | null | undefined) => Number(cents ?? 0) / 100;

interface GroupRow {
  by_day: number;
  by_region: number;
  by_barber: number;
  date: string | null;
  city: string | null;
  barber_id: number | null;
  barber_name: string | null;
  bookings: number;
  completed: number;
  revenue: string;
  fees: string;
  cancellations: number;
  no_shows: number;
}

const zero = (): AnalyticsFigures => ({
  bookings: 0,
  completed: 0,
  revenue: 0,
  platformFees: 0,
  cancellations: 0,
  noShows: 0,
});

function figures(row: GroupRow): AnalyticsFigures {
  return {
    bookings: row.bookings,
    completed: row.completed,
    revenue: dollars(row.revenue),
    platformFees: dollars(row.fees),
    cancellations: row.cancellations,
    noShows: row.no_shows,
  };
}

/**
 * Every figure of the Analytics screen from ONE aggregate statement over the bookings dated in the range:
 * GROUPING SETS give the totals, the days, the regions and the barbers in one pass (bookings_date).
 * Revenue and platform fees count completed bookings, less refunds (the kept amounts); bookings count every status.
 */
export async function adminAnalytics(sql: Sql, range: DateRange): Promise<AdminAnalytics> {
  const rows = await sql<GroupRow[]>`
    WITH groups AS (
      SELECT GROUPING(b.date)::int AS by_day, GROUPING(b.city)::int AS by_region, GROUPING(b.barber_id)::int AS by_barber,
             b.date::text AS date, b.city, b.barber_id,
             count(*)::int AS bookings,
             count(*) FILTER (WHERE b.status = 'completed')::int AS completed,
             coalesce(sum(b.kept_total_cents) FILTER (WHERE b.status = 'completed'), 0)::bigint AS revenue,
             coalesce(sum(b.kept_fee_cents) FILTER (WHERE b.status = 'completed'), 0)::bigint AS fees,
             count(*) FILTER (WHERE b.status = 'cancelled')::int AS cancellations,
             count(*) FILTER (WHERE b.status = 'no_show')::int AS no_shows
        FROM bookings b
       WHERE b.date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
       GROUP BY GROUPING SETS ((), (b.date), (b.city), (b.barber_id))
    )
    SELECT g.*, coalesce(nullif(u.full_name, ''), u.username) AS barber_name
      FROM groups g
      LEFT JOIN barbers br ON br.id = g.barber_id
      LEFT JOIN users u ON u.id = br.user_id`;

  let totals = zero();
  const days = new Map<string, AnalyticsFigures>();
  const regions = new Map<string, AnalyticsFigures>();
  const barbers: AdminAnalytics['topBarbers'] = [];
  for (const row of rows) {
    if (row.by_day && row.by_region && row.by_barber) totals = figures(row);
    else if (!row.by_day) days.set(row.date!, figures(row));
    else if (!row.by_region) regions.set(row.city!, figures(row));
    else {
      const f = figures(row);
      barbers.push({
        barberId: row.barber_id!,
        name: row.barber_name ?? 'Barber',
        completed: f.completed,
        bookings: f.bookings,
        revenue: f.revenue,
        platformFees: f.platformFees,
      });
    }
  }
  const byDay: AdminAnalytics['byDay'] = [];
  for (let date = range.startDate; date <= range.endDate; date = addDaysLocal(date, 1))
    byDay.push({ date, ...(days.get(date) ?? zero()) });
  const byRegion = regionKeys.map((region: RegionKey) => ({
    region,
    label: regionLabel(region),
    ...(regions.get(region) ?? zero()),
  }));
  const topBarbers = barbers
    .filter((b) => b.completed > 0)
    .sort((a, b) => b.revenue - a.revenue || b.completed - a.completed || a.name.localeCompare(b.name))
    .slice(0, 5);
  return { ...range, totals, byDay, byRegion, topBarbers };
}
