import { z } from 'zod';
import { MAX_DB_INT } from '../accounts/schemas';
import { hhmmSchema, isHHmm, localDateSchema, minutesOfDay } from '../time';

/*
 * The waitlist (issue 13, part 2): a customer waits for a barber's day, optionally within a time
 * range and for a service. When a matching slot frees, the customer is told at once (in-app, live,
 * and by email when allowed); the slot is not held for them.
 */

/** How many open entries one customer may have at once. */
export const MAX_WAITLIST_ENTRIES = 20;

/** The live event the waitlist's subscriber appends when a slot opens for an entry (pushed to its customer). */
export const WAITLIST_SLOT_OPENED = 'waitlistSlotOpened';
/**
 * The live events of a customer joining and leaving a barber's day (data: entryId, barberId, date), pushed
 * to that barber: the appointments calendar's waitlist counts follow them.
 */
export const WAITLIST_JOINED = 'waitlistJoined';
export const WAITLIST_LEFT = 'waitlistLeft';

/**
 * The booking events that free a booked slot: the waitlist looks for takers, and a wait it ended may count again. A
 * no-show frees what is left of its time.
 */
export const SLOT_FREEING_EVENTS: ReadonlySet<string> = new Set(['cancelled', 'expired', 'rescheduled', 'noShow']);

const entityId = (what: string) =>
  z
    .number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number` })
    .int()
    .positive()
    .max(MAX_DB_INT, `Not a valid ${what.toLowerCase()}`);

/**
 * POST /api/waitlist. `zipcode` (optional): where the appointment would be, as the widget or the search
 * knows it; slots are then matched at it and the emailed link carries it.
 */
export const waitlistJoinSchema = z
  .object({
    barberId: entityId('Barber'),
    date: localDateSchema,
    startTime: hhmmSchema.optional(),
    endTime: hhmmSchema.optional(),
    serviceId: entityId('Service').optional(),
    zipcode: z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'Please enter a valid 5-digit zipcode')
      .optional(),
  })
  .strict()
  .refine(
    (v) =>
      // Refinements also run when a field failed: compare only two real times.
      v.startTime === undefined ||
      v.endTime === undefined ||
      !isHHmm(v.startTime) ||
      !isHHmm(v.endTime) ||
      minutesOfDay(v.startTime) < minutesOfDay(v.endTime),
    {
      message: 'The end time must be after the start time',
      path: ['endTime'],
    },
  );
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;

/**
 * An entry's status: `waiting` (nothing opened yet), `notified` (a slot opened and the customer was
 * told; still waiting), `booked` (they booked that barber that day: the entry ended), `expired` (the
 * date passed: ended). A left entry is gone from the list.
 */
export const WAITLIST_STATUSES = ['waiting', 'notified', 'booked', 'expired'] as const;
export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

export const waitlistEntrySchema = z.object({
  id: z.number().int().positive(),
  barberId: z.number().int().positive(),
  barberName: z.string(),
  serviceId: z.number().int().positive().nullable(),
  serviceName: z.string().nullable(),
  date: z.string(),
  /** The range the customer asked for; null: any time that day. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  zipcode: z.string().nullable(),
  status: waitlistStatusSchema,
  /** When the customer was last told of an opened slot, and which start time it was (HH:mm). */
  notifiedAt: z.string().nullable(),
  notifiedSlot: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistEntryAnswerSchema = z.object({ entry: waitlistEntrySchema });
export const waitlistListAnswerSchema = z.object({ entries: z.array(waitlistEntrySchema) });
export type WaitlistListAnswer = z.infer<typeof waitlistListAnswerSchema>;

/** GET /api/barber/waitlist/counts: how many customers wait for each day of a range (the appointments calendar). */
export const waitlistCountsQuerySchema = z
  .object({
    from: localDateSchema,
    to: localDateSchema,
    barberId: z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
  })
  .refine((v) => v.from <= v.to, { message: 'from must not be after to', path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= 62, {
    message: 'At most 62 days at once',
    path: ['to'],
  });
export const waitlistCountsAnswerSchema = z.object({
  counts: z.array(z.object({ date: z.string(), count: z.number().int().positive() })),
});
export type WaitlistCountsAnswer = z.infer<typeof waitlistCountsAnswerSchema>;

/** Data of the `waitlistSlotOpened` event (stream `waitlist-{entryId}`). */
export const waitlistSlotOpenedDataSchema = z.object({
  entryId: z.number().int().positive(),
  customerId: z.number().int().positive(),
  barberId: z.number().int().positive(),
  serviceId: z.number().int().positive().nullable(),
  date: z.string(),
  zipcode: z.string().nullable(),
  /** The earliest free start time (HH:mm) in the entry's range that the change opened. */
  startTime: z.string(),
  /** What freed it: a booking's event type, or `availability` for a new or widened time block. */
  cause: z.string(),
  /** The event that freed it. */
  sourceEventId: z.string(),
});
export type WaitlistSlotOpenedData = z.infer<typeof waitlistSlotOpenedDataSchema>;

/** GET /api/waitlist/full-barbers: who serves the zipcode that day but has nothing free (search's "Notify me"). */
export const fullBarbersQuerySchema = z.object({
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'Please enter a valid 5-digit zipcode'),
  date: localDateSchema,
  startTime: hhmmSchema.optional(),
  endTime: hhmmSchema.optional(),
  category: z.string().trim().max(50).optional(),
});
export const fullBarbersAnswerSchema = z.object({
  /** `serviceId`: for a search of a category, the barber's shortest active service of it (the wait's service). */
  barbers: z.array(z.object({ id: z.number().int(), name: z.string(), serviceId: z.number().int().nullable() })),
});
export type FullBarbersAnswer = z.infer<typeof fullBarbersAnswerSchema>;

/** The link that opens the booking widget on that barber, date and time (the profile's query parameters). */
export function waitlistBookingPath(entry: {
  barberId: number;
  date: string;
  startTime: string;
  serviceId: number | null;
  zipcode?: string | null;
}): string {
  // every value is digits, dashes or a colon: nothing to escape
  const params = [`date=${entry.date}`, `startTime=${entry.startTime}`];
  if (entry.serviceId !== null) params.push(`serviceId=${entry.serviceId}`);
  if (entry.zipcode) params.push(`zipcode=${entry.zipcode}`);
  return `/barbers/${entry.barberId}?${params.join('&')}`;
}

/**
 * A time block was created or changed and is active (stream `availability-{barberId}`): time may have
 * opened on that weekday. `before` is the block as it was (null for a new one), so a reader can tell
 * exactly which slots the change opened.
 */
export const AVAILABILITY_OPENED = 'availabilityOpened';
export const availabilityStreamId = (barberId: number) => `availability-${barberId}`;
const blockShapeSchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  startTime: z.string(),
  endTime: z.string(),
  serviceCounties: z.array(z.string()),
  serviceCities: z.array(z.string()),
  travelBuffer: z.number().int().nonnegative(),
  isActive: z.boolean(),
});
export const availabilityOpenedDataSchema = z.object({
  barberId: z.number().int().positive(),
  blockId: z.number().int().positive(),
  before: blockShapeSchema.nullable(),
  after: blockShapeSchema,
});
export type AvailabilityOpenedData = z.infer<typeof availabilityOpenedDataSchema>;
