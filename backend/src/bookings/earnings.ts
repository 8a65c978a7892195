import {
  addDaysLocal,
  centsToString,
  earningsBucketOf,
  earningsBucketUnit,
  previousPeriod,
  type EarningsPoint,
  type EarningsReport,
  type EarningsTotals,
} from '@barber/shared';
import { stringify } from 'csv-stringify/sync';
import type { Sql, Tx } from '../db/connect';
import type { BarberScope } from './queries';

type Db = Sql | Tx;

/*
 * The barber's earnings report (issue 11 item 10): totals, the period before, the series and the split
 * by service of the completed bookings dated in a range, aggregated by Postgres in one round of queries,
 * and the same range as a CSV download. An administrator without a barber chosen sees every barber.
 */

interface Range {
  startDate: string;
  endDate: string;
}

const dollars = (cents: number | bigint | null | undefined) => Number(cents ?? 0) / 100;

/** `b.barber_id = $1 AND ` or nothing, with its parameters. */
function scopeOf(barberId: BarberScope): { clause: string; params: unknown[] } {
  return barberId === null ? { clause: '', params: [] } : { clause: 'b.barber_id = $1 AND ', params: [barberId] };
}

export async function earningsReport(db: Db, barberId: BarberScope, range: Range): Promise<EarningsReport> {
  const previous = previousPeriod(range.startDate, range.endDate);
  const scope = scopeOf(barberId);
  const at = (i: number) => `$${scope.params.length + i}::date`;
  const withDates = (...dates: string[]) => [...scope.params, ...dates] as never[];

  const [days, services, firsts] = await Promise.all([
    // per day of both periods: the series and both totals come from these rows
    db.unsafe<{ date: string; n: number; total: bigint; fees: bigint; net: bigint }[]>(
      `SELECT b.date::text AS date, count(*)::int AS n, sum(b.kept_total_cents)::bigint AS total,
              sum(b.kept_fee_cents)::bigint AS fees, sum(b.kept_barber_cents)::bigint AS net
         FROM bookings b
        WHERE ${scope.clause}b.status = 'completed' AND b.date BETWEEN ${at(1)} AND ${at(2)}
        GROUP BY b.date ORDER BY b.date`,
      withDates(previous.startDate, range.endDate),
    ),
    db.unsafe<{ name: string; n: number; total: bigint }[]>(
      `SELECT coalesce(b.service_name, s.name, 'Service') AS name, count(*)::int AS n, sum(b.kept_total_cents)::bigint AS total
         FROM bookings b LEFT JOIN services s ON s.id = b.service_id
        WHERE ${scope.clause}b.status = 'completed' AND b.date BETWEEN ${at(1)} AND ${at(2)}
        GROUP BY 1 ORDER BY total DESC, name`,
      withDates(range.startDate, range.endDate),
    ),
    // a client is new in a period when their first completed booking with the barber is dated in it
    db.unsafe<{ now: number; before: number }[]>(
      `SELECT count(*) FILTER (WHERE f.first BETWEEN ${at(1)} AND ${at(2)})::int AS now,
              count(*) FILTER (WHERE f.first BETWEEN ${at(3)} AND ${at(4)})::int AS before
         FROM (SELECT min(b.date) AS first FROM bookings b
                WHERE ${scope.clause}b.status = 'completed' AND b.date <= ${at(2)}
                GROUP BY b.barber_id, b.customer_id) f`,
      withDates(range.startDate, range.endDate, previous.startDate, previous.endDate),
    ),
  ]);

  const totals = (from: string, to: string, newClients: number): EarningsTotals => {
    let count = 0;
    let total = 0;
    let fees = 0;
    let net = 0;
    for (const d of days) {
      if (d.date < from || d.date > to) continue;
      count += d.n;
      total += Number(d.total);
      fees += Number(d.fees);
      net += Number(d.net);
    }
    return {
      totalBookings: count,
      totalRevenue: dollars(total),
      netRevenue: dollars(net),
      platformFees: dollars(fees),
      newClients,
    };
  };

  const unit = earningsBucketUnit(range.startDate, range.endDate);
  const points = new Map<string, EarningsPoint & { cents: [number, number, number] }>();
  // every bucket of the range, so quiet days show as zero; the first one starts at the range's start
  for (let d = range.startDate; d <= range.endDate; d = addDaysLocal(d, 1)) {
    const key = earningsBucketOf(d, unit);
    if (!points.has(key))
      points.set(key, {
        start: key < range.startDate ? range.startDate : key,
        revenue: 0,
        fees: 0,
        net: 0,
        bookings: 0,
        cents: [0, 0, 0],
      });
  }
  for (const d of days) {
    if (d.date < range.startDate) continue;
    const point = points.get(earningsBucketOf(d.date, unit));
    if (!point) continue;
    point.bookings += d.n;
    point.cents[0] += Number(d.total);
    point.cents[1] += Number(d.fees);
    point.cents[2] += Number(d.net);
  }

  const [firstRow] = firsts;
  return {
    earnings: totals(range.startDate, range.endDate, firstRow?.now ?? 0),
    startDate: range.startDate,
    endDate: range.endDate,
    previous: { ...totals(previous.startDate, previous.endDate, firstRow?.before ?? 0), ...previous },
    series: {
      unit,
      points: [...points.values()].map(({ cents, ...p }) => ({
        ...p,
        revenue: dollars(cents[0]),
        fees: dollars(cents[1]),
        net: dollars(cents[2]),
      })),
    },
    byService: services.map((r) => ({ name: r.name, revenue: dollars(r.total), count: r.n })),
  };
}

/* ---------- CSV ---------- */

const FORMULA_START = /^[=+\-@\t\r]/;
/** A text cell a spreadsheet would read as a formula gets an apostrophe first. */
const text = (value: string | null) => (value === null ? '' : FORMULA_START.test(value) ? `'${value}` : value);
const money = (cents: number | bigint) => centsToString(Number(cents));

/**
 * The CSV download of the range: one row per completed booking dated in it (date and time order), then a
 * totals row. Amounts in dollars with two decimals; an administrator's export of every barber names them.
 */
export async function earningsCsv(db: Db, barberId: BarberScope, range: Range): Promise<string> {
  const scope = scopeOf(barberId);
  const n = scope.params.length;
  const rows = await db.unsafe<
    {
      id: string;
      date: string;
      start_time: string;
      end_time: string;
      customer: string | null;
      service: string | null;
      barber: string | null;
      total_cents: number;
      platform_fee_cents: number;
      barber_amount_cents: number;
    }[]
  >(
    `SELECT b.id, b.date::text AS date, b.start_time, b.end_time, coalesce(cu.full_name, cu.username) AS customer,
            coalesce(b.service_name, s.name) AS service, coalesce(bu.full_name, bu.username) AS barber,
            b.kept_total_cents AS total_cents, b.kept_fee_cents AS platform_fee_cents, b.kept_barber_cents AS barber_amount_cents
       FROM bookings b
       LEFT JOIN users cu ON cu.id = b.customer_id
       LEFT JOIN services s ON s.id = b.service_id
       LEFT JOIN barbers br ON br.id = b.barber_id
       LEFT JOIN users bu ON bu.id = br.user_id
      WHERE ${scope.clause}b.status = 'completed' AND b.date BETWEEN $${n + 1}::date AND $${n + 2}::date
      ORDER BY b.date, b.start_time, b.id`,
    [...scope.params, range.startDate, range.endDate] as never[],
  );
  const withBarber = barberId === null;
  const header = [
    'Date',
    'Start',
    'End',
    'Booking ID',
    ...(withBarber ? ['Barber'] : []),
    'Customer',
    'Service',
    'Total',
    'Platform Fee',
    'Net Earnings',
  ];
  let total = 0;
  let fees = 0;
  let net = 0;
  const lines = rows.map((r) => {
    total += r.total_cents;
    fees += r.platform_fee_cents;
    net += r.barber_amount_cents;
    return [
      r.date,
      r.start_time,
      r.end_time,
      r.id,
      ...(withBarber ? [text(r.barber)] : []),
      text(r.customer),
      text(r.service ?? 'Service'),
      money(r.total_cents),
      money(r.platform_fee_cents),
      money(r.barber_amount_cents),
    ];
  });
  const totalsRow = [
    'Total',
    '',
    '',
    `${rows.length} completed booking${rows.length === 1 ? '' : 's'}`,
    ...(withBarber ? [''] : []),
    '',
    '',
    money(total),
    money(fees),
    money(net),
  ];
  return stringify([header, ...lines, totalsRow], { record_delimiter: '\r\n', bom: true });
}

/** The dates in [from, to] on which the barber (or, for an administrator without a barber, anyone) has bookings. */
export async function bookingDates(db: Db, barberId: BarberScope, from: string, to: string): Promise<string[]> {
  const scope = scopeOf(barberId);
  const n = scope.params.length;
  const rows = await db.unsafe<{ date: string }[]>(
    `SELECT DISTINCT b.date::text AS date FROM bookings b
      WHERE ${scope.clause}b.date BETWEEN $${n + 1}::date AND $${n + 2}::date ORDER BY 1`,
    [...scope.params, from, to] as never[],
  );
  return rows.map((r) => r.date);
}
