import { z } from 'zod';
import { dbIdSchema, userContactSchema, userSchema } from '../accounts/schemas';
import { tryParseMoneyToCents } from '../money';
import { citiesOfCounty, zipcodeSchema } from '../reference/zipcodes';
import { countySchema, normalizeCityName, regionKeys, regionSchema } from '../reference/regions';
import { hhmmSchema, localDateSchema, minutesOfDay } from '../time';

/* ---------- answers ---------- */

/** A service as every answer shows it; price a numeric string ("35.00"). */
export const serviceSchema = z.object({
  id: z.number().int(),
  barberId: z.number().int(),
  name: z.string(),
  description: z.string(),
  duration: z.number().int(),
  price: z.string(),
  category: z.string(),
  isActive: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

export const barberUserSchema = userContactSchema;

export const nextAvailableSchema = z.object({ date: z.string(), startTime: z.string() }).nullable();

/** Barber (listing), docs/spec/customer-side.md §3, with the real next free slot and the starting price. */
export const barberListingSchema = z.object({
  id: z.number().int(),
  user: barberUserSchema,
  portfolioImages: z.array(z.string()),
  rating: z.string(),
  reviewCount: z.number().int(),
  services: z.array(serviceSchema),
  cities: z.array(z.string()),
  isVerified: z.boolean(),
  yearsOfExperience: z.number().int(),
  bio: z.string(),
  /** The barber's next free slot (any area) within the booking window, or null. */
  nextAvailable: nextAvailableSchema,
  /** Lowest active service price, "25.00" when the barber has none. */
  startingPrice: z.string(),
});
export type BarberListing = z.infer<typeof barberListingSchema>;

export const barberSearchResultSchema = barberListingSchema.extend({
  availableSlots: z.array(z.string()),
  actualCitiesServed: z.array(z.string()),
});
export type BarberSearchResult = z.infer<typeof barberSearchResultSchema>;

/** Search results come a page at a time (best rated first); total counts every barber free on the date. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;

/** GET /api/search/barbers answer: one page of results, the real total, and the "Found N" message. */
export const barberSearchAnswerSchema = z.object({
  barbers: z.array(barberSearchResultSchema),
  message: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type BarberSearchAnswer = z.infer<typeof barberSearchAnswerSchema>;

/**
 * A review as anyone may read it on the barber's profile: the reviewer by first name and last initial
 * ("Maria G."), and nothing that ties it to their booking.
 */
export const reviewSchema = z.object({
  id: z.number().int(),
  barberId: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  barberResponse: z.string().nullable(),
  customerName: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /api/my-reviews: the stars the signed-in customer gave, by booking (which bookings were reviewed). */
export const myReviewsAnswerSchema = z.object({
  reviews: z.array(z.object({ bookingId: z.string(), rating: z.number().int() })),
});
export type MyReviewsAnswer = z.infer<typeof myReviewsAnswerSchema>;

/** The barber's own profile (docs/spec/barber-and-admin.md §3), as the panel reads it. */
export const barberProfileSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  bio: z.string(),
  yearsOfExperience: z.number().int(),
  cities: z.array(z.string()),
  portfolioImages: z.array(z.string()),
  isVerified: z.boolean(),
  verificationStatus: z.enum(['pending', 'approved', 'rejected']),
  blacklistedZipcodes: z.array(z.string()),
  rating: z.string(),
  reviewCount: z.number().int(),
  user: barberUserSchema,
});
export type BarberProfile = z.infer<typeof barberProfileSchema>;

export const availabilityBlockSchema = z.object({
  id: z.number().int(),
  barberId: z.number().int(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  serviceCounties: z.array(z.string()),
  serviceCities: z.array(z.string()),
  travelBuffer: z.number().int(),
  isActive: z.boolean(),
});
export type AvailabilityBlock = z.infer<typeof availabilityBlockSchema>;

export const searchStatuses = ['success', 'no_service_area', 'no_availability', 'invalid_zipcode'] as const;
export type SearchStatus = (typeof searchStatuses)[number];

/** The booking widget's availability answer (docs/spec/customer-side.md §3). */
export const availabilityAnswerSchema = z.object({
  barbers: z.array(z.object({ barberId: z.number().int(), availableSlots: z.array(z.string()) })),
  searchStatus: z.enum(searchStatuses),
  message: z.string(),
  location: z.object({ city: z.string().nullable(), county: z.string().nullable() }),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswerSchema>;

/** GET /api/barbers: the bookable barbers. */
export const barbersAnswerSchema = z.object({ barbers: z.array(barberListingSchema) });
export type BarbersAnswer = z.infer<typeof barbersAnswerSchema>;
/** GET /api/barbers/{id}: the barber's public profile. */
export const barberDetailsAnswerSchema = z.object({
  barber: barberListingSchema,
  services: z.array(serviceSchema),
  reviews: z.array(reviewSchema),
});
export type BarberDetailsAnswer = z.infer<typeof barberDetailsAnswerSchema>;
/** POST /api/barbers, PUT /api/barbers/{id}, PUT /api/barber/profile. */
export const barberProfileAnswerSchema = z.object({ barber: barberProfileSchema });
/** GET /api/barber/profile: the barber's own profile with their account. */
export const barberAccountAnswerSchema = z.object({ barber: barberProfileSchema, user: userSchema });
export type BarberAccountAnswer = z.infer<typeof barberAccountAnswerSchema>;
/** GET /api/barber/services. */
export const servicesAnswerSchema = z.object({ services: z.array(serviceSchema) });
export type ServicesAnswer = z.infer<typeof servicesAnswerSchema>;
/** POST /api/services, PUT /api/services/{id}. */
export const serviceAnswerSchema = z.object({ service: serviceSchema });
/** GET /api/barber/availability, POST /api/availability (the blocks it created). */
export const availabilityBlocksAnswerSchema = z.object({ availability: z.array(availabilityBlockSchema) });
export type AvailabilityBlocksAnswer = z.infer<typeof availabilityBlocksAnswerSchema>;
/** PUT /api/availability/{id}. */
export const availabilityBlockAnswerSchema = z.object({ block: availabilityBlockSchema });
/** POST /api/bookings/{id}/review, PUT /api/reviews/{id}/response. */
export const reviewAnswerSchema = z.object({ review: reviewSchema });

export const NO_SERVICE_AREA_MESSAGE = "This barber doesn't serve your area.";
export const DEFAULT_STARTING_PRICE = '25.00';

/* ---------- queries ---------- */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalCategory = z
  .preprocess(emptyToUndefined, z.string().trim().max(50).optional())
  .transform((v) => (v === 'all' ? undefined : v));

/** GET /api/barbers: city is a region key ("all" or absent: every region). */
/** GET /api/barbers answers at most this many barbers (the best rated first); `limit` asks for fewer. */
export const BARBERS_MAX_LIMIT = 100;

export const barbersQuerySchema = z.object({
  city: z
    .preprocess(emptyToUndefined, z.enum([...regionKeys, 'all']).optional())
    .transform((v) => (v === 'all' ? undefined : v)),
  serviceCategory: optionalCategory,
  limit: z.coerce
    .number({ invalid_type_error: 'The limit must be a number' })
    .int('The limit must be a whole number')
    .min(1, 'The limit must be at least 1')
    .max(BARBERS_MAX_LIMIT, `The limit must be at most ${BARBERS_MAX_LIMIT}`)
    .default(BARBERS_MAX_LIMIT),
});

/** GET /api/search/barbers */
export const barberSearchQuerySchema = z.object({
  date: localDateSchema,
  zipcode: z
    .string({ required_error: 'Please enter a valid zipcode' })
    .trim()
    .min(5, 'Please enter a valid zipcode')
    .max(10, 'Please enter a valid zipcode'),
  startTime: z.preprocess(emptyToUndefined, hhmmSchema.optional()),
  endTime: z.preprocess(emptyToUndefined, hhmmSchema.optional()),
  serviceCategory: optionalCategory,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
});

/** GET /api/availability (the booking widget). A zipcode outside the table answers searchStatus invalid_zipcode. */
export const availabilityQuerySchema = z.object({
  zipcode: z.string().trim().max(10),
  date: localDateSchema,
  serviceId: dbIdSchema,
});

/** Barber-panel calls: an administrator names the barber to act on (docs/design.md §9). */
export const barberScopeQuerySchema = z.object({ barberId: dbIdSchema.optional() });

/* ---------- bodies ---------- */

const IMAGE_RE = /^(https?:\/\/[^\s]+|\/uploads\/[\w\-./]+)$/i;
export const portfolioImageSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => IMAGE_RE.test(v) && !v.includes('..'), 'Please enter a valid image URL');

const yearsSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({
      required_error: 'Years of experience must be a positive number',
      invalid_type_error: 'Years of experience must be a positive number',
    })
    .int('Years of experience must be a whole number')
    .min(0, 'Years of experience must be a positive number')
    .max(80, 'Years of experience must be at most 80'),
);

const profileFields = {
  bio: z
    .string({ required_error: 'Bio must be at least 10 characters' })
    .trim()
    .min(10, 'Bio must be at least 10 characters')
    .max(2000),
  yearsOfExperience: yearsSchema,
  // docs/spec/barber-and-admin.md §5: cities default to ['miami'] when not a list
  cities: z
    .preprocess((v) => (Array.isArray(v) ? v : ['miami']), z.array(regionSchema).max(4))
    .transform((v) => [...new Set(v)]),
  portfolioImages: z.array(portfolioImageSchema).max(20, 'At most 20 portfolio images').default([]),
};

/** POST /api/barbers and the profile form. */
export const barberProfileInputSchema = z.object(profileFields);
export type BarberProfileInput = z.input<typeof barberProfileInputSchema>;

/** PUT /api/barbers/{id}: the same fields; absent ones stay as they are. */
export const barberProfileUpdateSchema = z.object({
  bio: profileFields.bio.optional(),
  yearsOfExperience: yearsSchema.optional(),
  // absent: unchanged; present but not a list: ['miami'], as on creation
  cities: z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : ['miami']),
    z
      .array(regionSchema)
      .max(4)
      .transform((v) => [...new Set(v)])
      .optional(),
  ),
  portfolioImages: z.array(portfolioImageSchema).max(20, 'At most 20 portfolio images').optional(),
});

/** PUT /api/barber/profile */
export const blacklistInputSchema = z.object({
  blacklistedZipcodes: z
    .array(zipcodeSchema)
    .max(500)
    .transform((v) => [...new Set(v)]),
});

const priceSchema = z
  .union([z.string(), z.number()], {
    required_error: 'Price must be at least $1',
    invalid_type_error: 'Please enter a valid amount',
  })
  .transform((value, ctx) => {
    if (typeof value === 'number' && value < 1) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Price must be at least $1' });
      return z.NEVER;
    }
    const cents = tryParseMoneyToCents(value);
    if (cents === null) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: /^\s*-/.test(String(value)) ? 'Price must be at least $1' : 'Please enter a valid amount',
      });
      return z.NEVER;
    }
    if (cents < 100) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Price must be at least $1' });
      return z.NEVER;
    }
    if (cents > 10_000_00) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Price must be at most $10,000' });
      return z.NEVER;
    }
    return cents;
  });

const durationSchema = z
  .number({
    required_error: 'Duration must be at least 5 minutes',
    invalid_type_error: 'Duration must be a number of minutes',
  })
  .int('Duration must be whole minutes')
  .min(5, 'Duration must be at least 5 minutes')
  .max(720, 'Duration must be at most 720 minutes');

const serviceFields = {
  name: z
    .string({ required_error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100),
  description: z.string().trim().max(1000),
  duration: durationSchema,
  /** Sent as "35.00" or 35; parsed to cents. */
  price: priceSchema,
  category: z.string().trim().min(1).max(50),
  isActive: z.boolean(),
};

/** POST /api/services; price becomes priceCents. */
export const serviceInputSchema = z.object({
  ...serviceFields,
  description: serviceFields.description.default(''),
  category: serviceFields.category.default('haircut'),
  isActive: serviceFields.isActive.default(true),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** PUT /api/services/{id}: any of the fields. */
export const serviceUpdateSchema = z.object(serviceFields).partial();

const dayOfWeekSchema = z
  .number({ invalid_type_error: 'Day of week must be 0 (Sunday) to 6 (Saturday)' })
  .int('Day of week must be 0 (Sunday) to 6 (Saturday)')
  .min(0, 'Day of week must be 0 (Sunday) to 6 (Saturday)')
  .max(6, 'Day of week must be 0 (Sunday) to 6 (Saturday)');

const blockFields = {
  startTime: hhmmSchema,
  endTime: hhmmSchema,
  serviceCounties: z.array(countySchema).min(1, 'Select at least one county'),
  serviceCities: z.array(z.string().trim().min(1).max(100)).max(200),
  travelBuffer: z
    .number({ invalid_type_error: 'Travel buffer must be a number of minutes' })
    .int()
    .min(0, 'Travel buffer must be between 0 and 120 minutes')
    .max(120, 'Travel buffer must be between 0 and 120 minutes')
    .refine((v) => v % 15 === 0, 'Travel buffer must be a multiple of 15 minutes'),
  isActive: z.boolean(),
};

interface BlockShape {
  startTime: string;
  endTime: string;
  serviceCounties: string[];
  serviceCities: string[];
}

/** Start before end; every city lies in one of the chosen counties (stored with the table's spelling). */
function checkBlock<T extends BlockShape>(block: T, ctx: z.RefinementCtx): T {
  if (minutesOfDay(block.startTime) >= minutesOfDay(block.endTime)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endTime'], message: 'End time must be after start time' });
  }
  const known = new Map<string, string>();
  const counties = [...new Set(block.serviceCounties)]; // a county listed 90,000 times is read once
  for (const county of counties) {
    for (const city of citiesOfCounty(county as never)) known.set(normalizeCityName(city), city);
  }
  const cities: string[] = [];
  block.serviceCities.forEach((city, i) => {
    const canonical = known.get(normalizeCityName(city));
    if (!canonical)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['serviceCities', i],
        message: `${city} is not in the selected counties`,
      });
    else if (!cities.includes(canonical)) cities.push(canonical);
  });
  return { ...block, serviceCounties: counties, serviceCities: cities };
}

/** One availability block, complete (PUT merges onto the stored block and checks the result with this). */
export const availabilityBlockInputSchema = z
  .object({
    dayOfWeek: dayOfWeekSchema,
    ...blockFields,
    serviceCities: blockFields.serviceCities.default([]),
    travelBuffer: blockFields.travelBuffer.default(30),
    isActive: blockFields.isActive.default(true),
  })
  .transform(checkBlock);
export type AvailabilityBlockInput = z.input<typeof availabilityBlockInputSchema>;

/** POST /api/availability: one block (dayOfWeek) or one block per selected day (daysOfWeek). */
export const availabilityCreateSchema = z
  .object({
    dayOfWeek: dayOfWeekSchema.optional(),
    daysOfWeek: z.array(dayOfWeekSchema).min(1, 'Select at least one day').max(7).optional(),
    ...blockFields,
    serviceCities: blockFields.serviceCities.default([]),
    travelBuffer: blockFields.travelBuffer.default(30),
    isActive: blockFields.isActive.default(true),
  })
  .superRefine((v, ctx) => {
    if (v.dayOfWeek === undefined && v.daysOfWeek === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['daysOfWeek'], message: 'Select at least one day' });
    }
  })
  .transform((v, ctx) => {
    const { dayOfWeek, daysOfWeek, ...block } = checkBlock(v, ctx);
    const days = [...new Set(daysOfWeek ?? [dayOfWeek!])].sort();
    return { days, block };
  });
export type AvailabilityCreateInput = z.input<typeof availabilityCreateSchema>;

/** PUT /api/availability/{id}: any of the block's fields. */
export const availabilityUpdateSchema = z.object({ dayOfWeek: dayOfWeekSchema, ...blockFields }).partial();

/** POST /api/bookings/{id}/review (docs/design.md §9 Leave Review). */
export const reviewInputSchema = z.object({
  rating: z
    .number({ required_error: 'Rating must be between 1 and 5', invalid_type_error: 'Rating must be between 1 and 5' })
    .int('Rating must be between 1 and 5')
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5'),
  comment: z.string().trim().max(2000, 'Comment must be at most 2000 characters').default(''),
});

/** PUT /api/reviews/{id}/response */
export const reviewResponseInputSchema = z.object({
  barberResponse: z.string({ required_error: 'Response is required' }).trim().min(1, 'Response is required').max(2000),
});
