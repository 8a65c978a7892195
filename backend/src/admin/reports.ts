import {
  ADMIN_BOOKING_STATUS_LABELS,
  centsToString,
  regionLabel,
  type AdminReportKind,
  type BookingStatus,
} from '@barber/shared';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Sql } from '../db/connect';
import type { DateRange } from './analytics';

/*
 * The Reports screen's CSV downloads (issue 11 item 12), over the bookings dated in a range. Amounts are
 * dollars with two decimals; cells are quoted by csv-stringify where needed, and a cell that a spreadsheet
 * would read as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const cell = (value: string | number | null) => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
};

function csv(header: string[], rows: (string | number | null)[][]): string {
  return stringify([header, ...rows.map((row) => row.map(cell))], { record_delimiter: '\r\n', bom: true });
}

/** More rows of a file begun by `csv` (no mark, no header). */
function csvRows(rows: (string | number | null)[][]): string {
  return stringify(
    rows.map((row) => row.map(cell)),
    { record_delimiter: '\r\n' },
  );
}

const money = (cents: number | string | bigint) => centsToString(Number(cents));

interface BookingReportRow {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  status: BookingStatus;
  city: string;
  display_city: string | null;
  customer: string | null;
  customer_email: string | null;
  barber: string | null;
  barber_email: string | null;
  service: string | null;
  total_cents: number;
  platform_fee_cents: number;
  barber_amount_cents: number;
  paid: boolean;
  refunded_cents: number;
  cancellation_reason: string | null;
}

const BOOKINGS_HEADER = [
  'Booking ID',
  'Date',
  'Start',
  'End',
  'Status',
  'Region',
  'City',
  'Customer',
  'Customer Email',
  'Barber',
  'Barber Email',
  'Service',
  'Total',
  'Platform Fee',
  'Barber Amount',
  'Paid',
  'Refunded',
  'Cancellation Reason',
];

const bookingCells = (r: BookingReportRow) => [
  r.id,
  r.date,
  r.start_time,
  r.end_time,
  ADMIN_BOOKING_STATUS_LABELS[r.status] ?? r.status,
  regionLabel(r.city),
  r.display_city ?? regionLabel(r.city),
  r.customer ?? 'Customer',
  r.customer_email,
  r.barber ?? 'Barber',
  r.barber_email,
  r.service ?? 'Service',
  money(r.total_cents),
  money(r.platform_fee_cents),
  money(r.barber_amount_cents),
  r.paid ? 'yes' : 'no',
  money(r.refunded_cents),
  r.cancellation_reason,
];

/** Rows read from Postgres, and written out, at a time. */
const REPORT_BATCH_ROWS = 1000;

/**
 * One row per booking dated in the range, in date and time order, then a totals row. A year of a busy platform is
 * a million rows: they are read by a cursor and sent a batch at a time, so neither the process's memory nor its
 * event loop holds the whole file (built in one piece, it stalled every request of the instance for seconds). The
 * first batch is read before anything is sent, so a failing query still answers with an error status; a download
 * given up half-way closes the cursor and gives its connection back.
 */
export async function bookingsReport(sql: Sql, range: DateRange, batchRows = REPORT_BATCH_ROWS): Promise<Readable> {
  const batches = sql<BookingReportRow[]>`
    SELECT b.id, b.date::text AS date, b.start_time, b.end_time, b.status, b.city, b.display_city,
           cu.full_name AS customer, cu.email AS customer_email, bu.full_name AS barber, bu.email AS barber_email, coalesce(b.service_name, s.name) AS service,
           b.total_cents, b.platform_fee_cents, b.barber_amount_cents, b.paid, b.refunded_cents, b.cancellation_reason
      FROM bookings b
      LEFT JOIN users cu ON cu.id = b.customer_id
      LEFT JOIN services s ON s.id = b.service_id
      LEFT JOIN barbers br ON br.id = b.barber_id
      LEFT JOIN users bu ON bu.id = br.user_id
     WHERE b.date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
     ORDER BY b.date, b.start_time, b.created_at, b.id`
    .cursor(batchRows)
    [Symbol.asyncIterator]();
  let batch = await batches.next();
  let headerSent = false;
  const sums = { n: 0, total: 0, fee: 0, barber: 0 };
  const totalsRow = () => [
    'Totals',
    `${sums.n} booking${sums.n === 1 ? '' : 's'}`,
    ...Array<string>(10).fill(''),
    money(sums.total),
    money(sums.fee),
    money(sums.barber),
    '',
    '',
    '',
  ];
  return new Readable({
    async read() {
      try {
        if (!headerSent) {
          headerSent = true;
          this.push(csv(BOOKINGS_HEADER, []));
        } else if (batch.done) {
          this.push(csvRows([totalsRow()]));
          this.push(null);
        } else {
          const rows = batch.value;
          for (const r of rows) {
            sums.n += 1;
            sums.total += r.total_cents;
            sums.fee += r.platform_fee_cents;
            sums.barber += r.barber_amount_cents;
          }
          batch = await batches.next();
          this.push(csvRows(rows.map(bookingCells)));
        }
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, done) {
      Promise.resolve(batches.return?.()).then(
        () => done(error),
        () => done(error),
      );
    },
  });
}

interface BarberRow {
  barber_id: number;
  barber: string | null;
  email: string | null;
  n: number;
  completed: number;
  gross: string;
  fees: string;
  net: string;
  owed_bookings: number;
  owed: string;
}

/**
 * Per barber with a booking dated in the range. Earnings: completed bookings' gross, platform fees and the
 * barber's share, less what was refunded (migration 028: the kept amounts). Payouts owed: the barber's kept share
 * of the completed bookings the platform collected (fee collection on, paid through Stripe, not refunded in
 * full); with fee collection off the customer pays the barber directly and nothing is owed.
 */
async function perBarber(sql: Sql, range: DateRange): Promise<BarberRow[]> {
  return sql<BarberRow[]>`
    SELECT b.barber_id, bu.full_name AS barber, bu.email,
           count(*)::int AS n,
           count(*) FILTER (WHERE b.status = 'completed')::int AS completed,
           coalesce(sum(b.kept_total_cents) FILTER (WHERE b.status = 'completed'), 0)::bigint AS gross,
           coalesce(sum(b.kept_fee_cents) FILTER (WHERE b.status = 'completed'), 0)::bigint AS fees,
           coalesce(sum(b.kept_barber_cents) FILTER (WHERE b.status = 'completed'), 0)::bigint AS net,
           count(*) FILTER (WHERE b.status = 'completed' AND b.fee_collection_enabled AND b.paid AND NOT b.refunded)::int AS owed_bookings,
           coalesce(sum(b.kept_barber_cents) FILTER (WHERE b.status = 'completed' AND b.fee_collection_enabled AND b.paid AND NOT b.refunded), 0)::bigint AS owed
      FROM bookings b
      LEFT JOIN barbers br ON br.id = b.barber_id
      LEFT JOIN users bu ON bu.id = br.user_id
     WHERE b.date BETWEEN ${range.startDate}::date AND ${range.endDate}::date
     GROUP BY b.barber_id, bu.full_name, bu.email
     ORDER BY lower(coalesce(bu.full_name, '')), b.barber_id`;
}

const total = (rows: BarberRow[], pick: (r: BarberRow) => number | string) =>
  rows.reduce((n, r) => n + Number(pick(r)), 0);

async function earningsReport(sql: Sql, range: DateRange): Promise<string> {
  const rows = await perBarber(sql, range);
  return csv(
    ['Barber ID', 'Barber', 'Email', 'Bookings', 'Completed', 'Gross Revenue', 'Platform Fees', 'Barber Earnings'],
    [
      ...rows.map((r) => [
        r.barber_id,
        r.barber ?? 'Barber',
        r.email,
        r.n,
        r.completed,
        money(r.gross),
        money(r.fees),
        money(r.net),
      ]),
      [
        'Totals',
        `${rows.length} barbers`,
        '',
        total(rows, (r) => r.n),
        total(rows, (r) => r.completed),
        money(total(rows, (r) => r.gross)),
        money(total(rows, (r) => r.fees)),
        money(total(rows, (r) => r.net)),
      ],
    ],
  );
}

async function payoutsReport(sql: Sql, range: DateRange): Promise<string> {
  const rows = (await perBarber(sql, range)).filter((r) => Number(r.owed) > 0);
  return csv(
    ['Barber ID', 'Barber', 'Email', 'Paid Completed Bookings', 'Amount Owed'],
    [
      ...rows.map((r) => [r.barber_id, r.barber ?? 'Barber', r.email, r.owed_bookings, money(r.owed)]),
      ['Totals', `${rows.length} barbers`, '', total(rows, (r) => r.owed_bookings), money(total(rows, (r) => r.owed))],
    ],
  );
}

/** The file: whole for the per-barber reports (a row per barber), a stream of parts for the bookings. */
export async function adminReport(sql: Sql, kind: AdminReportKind, range: DateRange): Promise<string | Readable> {
  if (kind === 'bookings') return bookingsReport(sql, range);
  if (kind === 'earnings') return earningsReport(sql, range);
  return payoutsReport(sql, range);
}
