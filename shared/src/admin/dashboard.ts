import { z } from 'zod';

/** The admin dashboard's ranges: the last 7, 30 or 90 days up to today (New York). */
export const ADMIN_DASHBOARD_DAYS = [7, 30, 90] as const;

/** GET /api/admin/dashboard?days=7|30|90 */
export const adminDashboardQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ADMIN_DASHBOARD_DAYS as readonly number[]).includes(days), 'Days must be 7, 30 or 90')
    .default(30),
});

const periodTotalsSchema = z.object({
  /** Bookings made (created) in the period, New York dates. */
  newBookings: z.number().int(),
  /** Gross of completed bookings dated in the period, less refunds. */
  revenueCents: z.number().int(),
  /** The platform's fees of those bookings, less their part of refunds. */
  platformFeeCents: z.number().int(),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

/**
 * The dashboard's cards, chart and Top Barbers over the whole platform, counted by the server (the browser holds
 * only the newest bookings): the period and the same number of days before it.
 */
export const adminDashboardAnswerSchema = z.object({
  start: z.string(),
  end: z.string(),
  prevStart: z.string(),
  prevEnd: z.string(),
  current: periodTotalsSchema,
  previous: periodTotalsSchema,
  /** Every day of the period: bookings made that day, revenue of the completed bookings dated that day. */
  series: z.array(z.object({ date: z.string(), bookings: z.number().int(), revenueCents: z.number().int() })),
  /** At most 5: bookings made or dated in the period and not cancelled, by revenue then bookings. */
  topBarbers: z.array(
    z.object({
      barberId: z.number().int(),
      name: z.string(),
      email: z.string(),
      bookings: z.number().int(),
      completed: z.number().int(),
      revenueCents: z.number().int(),
      earningsCents: z.number().int(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardAnswerSchema>;
