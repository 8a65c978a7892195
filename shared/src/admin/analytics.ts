import { z } from 'zod';
import { dbIdSchema, dbOffsetSchema } from '../accounts/schemas';
import { bookingStatusSchema } from '../bookings/status';
import { regionSchema } from '../reference/regions';
import { daysBetweenLocal, isLocalDate, localDateSchema } from '../time';

/*
 * The administrator's Analytics and Reports (issue 11 item 12) and the Bookings screen's filters,
 * search and booking history (items 14 and 15).
 */

/** The longest range Analytics and Reports cover: a year and a day (a leap year's 1 Jan to 1 Jan). */
export const ADMIN_RANGE_MAX_DAYS = 367;
/** Without a range, the last 30 days up to today (New York). */
export const ADMIN_RANGE_DEFAULT_DAYS = 30;

/**
 * ?startDate=yyyy-MM-dd&endDate=yyyy-MM-dd, both included, by the booking's date. Either may be left
 * out (the server fills in the last 30 days); a start after the end or a span over a year is a 400.
 */
export const adminRangeQuerySchema = z
  .object({
    startDate: localDateSchema.optional(),
    endDate: localDateSchema.optional(),
  })
  .superRefine((range, ctx) => {
    // Refinements also run when a field failed: compare only two real dates.
    if (!range.startDate || !range.endDate || !isLocalDate(range.startDate) || !isLocalDate(range.endDate)) return;
    if (range.startDate > range.endDate) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['startDate'],
        message: 'The start date must not be after the end date',
      });
    } else if (daysBetweenLocal(range.startDate, range.endDate) + 1 > ADMIN_RANGE_MAX_DAYS) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['endDate'],
        message: 'The range must not be longer than a year',
      });
    }
  });
export type AdminRangeQuery = z.infer<typeof adminRangeQuerySchema>;

/** Counts and dollar sums of one group of bookings (dated in the range). */
export const analyticsFiguresSchema = z.object({
  /** Every booking dated in the range, whatever its status. */
  bookings: z.number().int(),
  completed: z.number().int(),
  /** Dollars: the total of completed bookings. */
  revenue: z.number(),
  /** Dollars: the platform's fee of completed bookings. */
  platformFees: z.number(),
  /** Cancelled bookings, abandoned checkouts included. */
  cancellations: z.number().int(),
  noShows: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

/** GET /api/admin/analytics: one call, every figure of the screen. */
export const adminAnalyticsAnswerSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totals: analyticsFiguresSchema,
  /** Every day of the range, in order, zeros included. */
  byDay: z.array(analyticsFiguresSchema.extend({ date: z.string() })),
  /** Every region, in the regions' order, zeros included. */
  byRegion: z.array(analyticsFiguresSchema.extend({ region: regionSchema, label: z.string() })),
  /** At most 5, by revenue then completed bookings. */
  topBarbers: z.array(
    z.object({
      barberId: z.number().int(),
      name: z.string(),
      completed: z.number().int(),
      bookings: z.number().int(),
      revenue: z.number(),
      platformFees: z.number(),
    }),
  ),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsAnswerSchema>;

/** The CSV reports: every booking, earnings per barber, payouts owed to barbers. */
export const ADMIN_REPORT_KINDS = ['bookings', 'earnings', 'payouts'] as const;
export const adminReportParamsSchema = z.object({ kind: z.enum(ADMIN_REPORT_KINDS, { message: 'Unknown report' }) });
export type AdminReportKind = (typeof ADMIN_REPORT_KINDS)[number];

/**
 * `bookings-2026-10-01-to-2026-10-31.csv`; the earnings report is `earnings-per-barber-…` (a barber's own earnings
 * export, one row per booking, is `earnings-…`: the two files must not take each other's name).
 */
export function adminReportFileName(kind: AdminReportKind, startDate: string, endDate: string): string {
  return `${kind === 'earnings' ? 'earnings-per-barber' : kind}-${startDate}-to-${endDate}.csv`;
}

/**
 * GET /api/admin/bookings: newest first, `offset = (page - 1) * limit`, with optional filters: status,
 * dates (from, to: the booking's date, both included), barber, region, and `q`, which matches the
 * customer (name, username, email), the barber (name, username, email) or the booking id (its start).
 */
export const adminBookingsFilterQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: dbOffsetSchema.default(0),
    status: bookingStatusSchema.optional(),
    from: localDateSchema.optional(),
    to: localDateSchema.optional(),
    barberId: dbIdSchema.optional(),
    region: regionSchema.optional(),
    q: z.string().trim().max(100, 'The search must be at most 100 characters').optional(),
  })
  .refine((f) => !f.from || !f.to || !isLocalDate(f.from) || !isLocalDate(f.to) || f.from <= f.to, {
    path: ['from'],
    message: 'The start date must not be after the end date',
  });
export type AdminBookingsFilterQuery = z.infer<typeof adminBookingsFilterQuerySchema>;

/** One event of a booking's history, as the admin's details dialog lists it. */
export const bookingHistoryEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  at: z.string(),
  actor: z.object({
    role: z.string(),
    userId: z.number().int().nullable(),
    name: z.string().nullable(),
  }),
  /** What the event says in a few words ("Cancelled: Barber is sick", "Rescheduled to 2026-12-01 10:00-10:30"). */
  summary: z.string(),
});
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntrySchema>;

/** GET /api/admin/bookings/{id}/history: the booking's events, oldest first. */
export const bookingHistoryAnswerSchema = z.object({ history: z.array(bookingHistoryEntrySchema) });
