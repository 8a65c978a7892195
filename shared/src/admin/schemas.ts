import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  dbIdSchema,
  dbOffsetSchema,
  userContactSchema,
  verificationStatuses,
} from '../accounts/schemas';

/** GET /api/admin/barbers query: the screen pages by 10; search and status are optional server-side filters. */
export const adminBarbersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: dbOffsetSchema.default(0),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'verified', 'pending']).default('all'),
  sort: z.enum(['newest', 'name', 'rating']).default('newest'),
});

/** A barber as the administrator's list shows it: verified or not, with the user's contact details. */
export const adminBarberSchema = z.object({
  id: z.number().int(),
  bio: z.string(),
  yearsOfExperience: z.number().int(),
  cities: z.array(z.string()),
  portfolioImages: z.array(z.string()),
  isVerified: z.boolean(),
  verificationStatus: z.enum(verificationStatuses),
  rating: z.number(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
  user: userContactSchema.extend({ role: z.enum(['customer', 'barber', 'admin']) }),
});
export type AdminBarber = z.infer<typeof adminBarberSchema>;

export const adminBarberListSchema = z.object({ barbers: z.array(adminBarberSchema), total: z.number().int() });
export type AdminBarberList = z.infer<typeof adminBarberListSchema>;

/** PUT /api/admin/barbers/{id}/verify body. */
export const verifyBarberSchema = z.object({ isVerified: z.boolean({ required_error: 'isVerified is required' }) });

export const userIdParamsSchema = z.object({ userId: dbIdSchema });

/** PUT /api/admin/users/{userId}/password and .../reset-account body (docs/spec/barber-and-admin.md §5: at least 6). */
export const adminSetPasswordSchema = z.object({
  newPassword: z
    .string({ required_error: 'Password must be at least 6 characters' })
    .min(6, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX_LENGTH),
});

/** GET /api/fee-collection-status answer. */
export const feeCollectionStatusSchema = z.object({ feeCollectionEnabled: z.boolean() });

/** GET /api/address-suggestions query: suggestions start at 3 characters of input (docs/spec/customer-side.md §5). */
export const addressSuggestionsQuerySchema = z.object({
  input: z.string().max(200).default(''),
  city: z.string().max(100).optional(),
  zipcode: z.string().max(10).optional(),
});
export const addressSuggestionsSchema = z.object({ suggestions: z.array(z.string()) });

export const ADDRESS_SUGGESTION_MIN_INPUT = 3;
export const ADDRESS_FALLBACK_ZIPCODE = '33020';
export const ADDRESS_FALLBACK_CITY = 'Hollywood';
