import { z } from 'zod';

/** Calendar feeds and .ics downloads (issue 13 part 3). */

/** The feed lists bookings from this many days before today on (older ones have left the calendar). */
export const CALENDAR_FEED_PAST_DAYS = 30;

/** GET /api/barber/calendar-feed and POST /api/barber/calendar-feed/regenerate: the private feed's address. */
export const calendarFeedAnswerSchema = z.object({ url: z.string().url() });
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswerSchema>;

/** The secret of a feed URL: 32 bytes in base64url (43 characters). */
export const calendarFeedTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid calendar feed link'),
});
