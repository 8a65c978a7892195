import { z } from 'zod';
import { addDaysLocal, dayOfWeekLocal, daysBetweenLocal, isLocalDate, localDateSchema, type LocalDate } from '../time';
import { MAX_DB_INT } from '../accounts/schemas';

/*
 * The barber's earnings report (issue 11 item 10): one call answers the totals, the previous period's
 * totals, the revenue series and the split by service of a range, all computed by the server from the
 * bookings; a second call downloads the same range as CSV (one row per completed booking, a totals row).
 * "New clients" are customers whose first completed booking with the barber is dated in the range.
 */

const entityId = z.coerce
  .number({ invalid_type_error: 'Expected a number' })
  .int()
  .positive()
  .max(MAX_DB_INT, 'Not a valid id');

/** The longest range a report covers (a little over two years). */
export const EARNINGS_MAX_DAYS = 800;

/** GET /api/barber/earnings and GET /api/barber/earnings/export: [startDate, endDate], default the last 30 days. */
export const earningsReportQuerySchema = z.object({
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
  barberId: entityId.optional(),
});

export const earningsTotalsSchema = z.object({
  totalBookings: z.number().int(),
  totalRevenue: z.number(),
  netRevenue: z.number(),
  platformFees: z.number(),
  /** Customers whose first completed booking with the barber is dated in the range. */
  newClients: z.number().int(),
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

export const EARNINGS_BUCKET_UNITS = ['day', 'week', 'month'] as const;
export type EarningsBucketUnit = (typeof EARNINGS_BUCKET_UNITS)[number];

export const earningsPointSchema = z.object({
  /** First date of the bucket (a day, the Monday of a week, the 1st of a month; never before the range). */
  start: z.string(),
  revenue: z.number(),
  fees: z.number(),
  net: z.number(),
  bookings: z.number().int(),
});
export type EarningsPoint = z.infer<typeof earningsPointSchema>;

export const earningsServiceShareSchema = z.object({
  name: z.string(),
  revenue: z.number(),
  count: z.number().int(),
});

/** Totals in dollars (numbers), as the spec's earnings answer, plus the period before, the series and the service split. */
export const earningsReportAnswerSchema = z.object({
  earnings: earningsTotalsSchema,
  startDate: z.string(),
  endDate: z.string(),
  /** The same totals for the period of the same length just before. */
  previous: earningsTotalsSchema.extend({ startDate: z.string(), endDate: z.string() }),
  series: z.object({ unit: z.enum(EARNINGS_BUCKET_UNITS), points: z.array(earningsPointSchema) }),
  /** Revenue per service, largest first. */
  byService: z.array(earningsServiceShareSchema),
});
export type EarningsReport = z.infer<typeof earningsReportAnswerSchema>;

/** Days per bucket: a day up to 31 days, a week up to 92, else a month. */
export function earningsBucketUnit(startDate: LocalDate, endDate: LocalDate): EarningsBucketUnit {
  const days = daysBetweenLocal(startDate, endDate) + 1;
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

/** The bucket a date falls in (its first date, not clipped to the range). */
export function earningsBucketOf(date: LocalDate, unit: EarningsBucketUnit): LocalDate {
  if (unit === 'day') return date;
  if (unit === 'month') return `${date.slice(0, 7)}-01`;
  const dow = dayOfWeekLocal(date);
  return addDaysLocal(date, dow === 0 ? -6 : 1 - dow);
}

/** The period of the same length just before a range. */
export function previousPeriod(startDate: LocalDate, endDate: LocalDate): { startDate: LocalDate; endDate: LocalDate } {
  const days = daysBetweenLocal(startDate, endDate) + 1;
  const end = addDaysLocal(startDate, -1);
  return { startDate: addDaysLocal(end, -(days - 1)), endDate: end };
}

/** `earnings-2026-10-01-to-2026-10-31.csv` */
export function earningsCsvFileName(startDate: LocalDate, endDate: LocalDate): string {
  return `earnings-${startDate}-to-${endDate}.csv`;
}

/** GET /api/barber-bookings/dates: the dates in [from, to] on which the barber has bookings (the calendar's marks). */
export const BOOKING_DATES_MAX_DAYS = 62;
export const bookingDatesQuerySchema = z
  .object({ from: localDateSchema, to: localDateSchema, barberId: entityId.optional() })
  .superRefine((q, ctx) => {
    // Refinements also run when a field failed: compare only two real dates.
    if (!isLocalDate(q.from) || !isLocalDate(q.to)) return;
    if (q.from > q.to)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'from must not be after to', path: ['to'] });
    else if (daysBetweenLocal(q.from, q.to) >= BOOKING_DATES_MAX_DAYS) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `At most ${BOOKING_DATES_MAX_DAYS} days at a time`,
        path: ['to'],
      });
    }
  });
export const bookingDatesAnswerSchema = z.object({ dates: z.array(z.string()) });
export type BookingDatesAnswer = z.infer<typeof bookingDatesAnswerSchema>;
