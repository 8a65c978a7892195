import { z } from 'zod';

/**
 * An email address: at most 254 characters (RFC 5321's longest path); a longer one is no address, and no index
 * entry of Postgres could hold it.
 */
const EMAIL_MAX_LENGTH = 254;
const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Please enter a valid email address')
  .email('Please enter a valid email address');

export const roles = ['customer', 'barber', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;

/**
 * The longest password accepted anywhere (sign-in included): hashing is deliberately slow, so an unbounded
 * password is a cheap way to spend the server's CPU.
 */
export const PASSWORD_MAX_LENGTH = 128;
const passwordTooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
/** The least passwordMinLength the settings allow (docs/spec/barber-and-admin.md §5): the forms' rule until the server's is known. */
export const PASSWORD_MIN_FLOOR = 6;
/** The platform's least password length (setting passwordMinLength) is checked by the server and the forms. */
export const passwordMinMessage = (min: number) => `Password must be at least ${min} characters`;

/** Registration committed but its session could not be stored: the account exists, so a retry would be refused as taken. */
export const ACCOUNT_CREATED_SIGN_IN_FAILED = 'Your account was created, but we could not sign you in. Please sign in.';

/** Sign-in form and POST /api/login body (docs/spec/customer-side.md §5). */
export const loginSchema = z.object({
  // trimmed, as registration stores it: a trailing space typed by a phone's autocomplete could never sign in
  username: z.string({ required_error: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z
    .string({ required_error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

const optionalPhone = z
  .string()
  .max(20)
  .optional()
  .transform((v) => v?.trim() || undefined);

/** Registration form and POST /api/register body. */
export const registerSchema = z.object({
  username: z.string().trim().min(3, 'Username must be at least 3 characters').max(50),
  email: emailSchema,
  password: z.string().min(6, 'Password must be at least 6 characters').max(PASSWORD_MAX_LENGTH, passwordTooLong),
  fullName: z.string().trim().min(2, 'Full name must be at least 2 characters').max(100),
  phone: optionalPhone,
  isBarber: z.boolean().default(false),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** `npm run create-admin`: the first administrator of a new installation (the fields of registration). */
export const createAdminSchema = registerSchema.pick({ username: true, email: true, password: true, fullName: true });
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/** Profile form and PUT /api/users/{id} body. */
export const profileSchema = z.object({
  fullName: z.string().trim().min(2, 'Full name must be at least 2 characters').max(100),
  email: emailSchema,
  phone: optionalPhone,
});
export type ProfileInput = z.input<typeof profileSchema>;

/** The user as every API answer shows it (never the password hash). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A user as the other side of a booking or a listing sees them: who they are and how to reach them. */
export const userContactSchema = userSchema.pick({
  id: true,
  fullName: true,
  username: true,
  email: true,
  phone: true,
});

/** GET /api/current-user: the user plus, for barber applicants, their verification status. */
export const currentUserSchema = userSchema.extend({
  barberStatus: z.object({ verificationStatus: z.enum(verificationStatuses) }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A database id: a positive 32-bit integer (larger numbers cannot name a row). */
export const MAX_DB_INT = 2_147_483_647;
export const dbIdSchema = z.coerce.number().int().positive().max(MAX_DB_INT, 'Not a valid id');
/** A row offset or page number that the database can take. */
export const dbOffsetSchema = z.coerce.number().int().min(0).max(1_000_000);

export const idParamsSchema = z.object({ id: dbIdSchema });

/** The profile password form's wording of the length rule, at the specification's 6 or the platform's minimum. */
export const newPasswordMinMessage = (min: number) => `New password must be at least ${min} characters`;
/** The barber settings' wording of it, at the specification's 8 or the platform's minimum. */
export const barberPasswordMinMessage = (min: number) => `Password must be at least ${min} characters long.`;

/** Profile screen's password form (docs/spec/customer-side.md §5); confirmPassword stays on the client. */
export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(6, newPasswordMinMessage(6)).max(PASSWORD_MAX_LENGTH, passwordTooLong),
    confirmPassword: z.string().min(6, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** PUT /api/users/{id}/password and PUT /api/auth/change-password body. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH, passwordTooLong),
  newPassword: z
    .string()
    .min(6, 'New password must be at least 6 characters')
    .max(PASSWORD_MAX_LENGTH, passwordTooLong),
});

/** The barber settings' password form: 8 characters at least (docs/spec/barber-and-admin.md §5). */
export const barberPasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(8, barberPasswordMinMessage(8)).max(PASSWORD_MAX_LENGTH, passwordTooLong),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match.',
    path: ['confirmPassword'],
  });

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export const resetPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  newPassword: z.string().min(6, 'Password must be at least 6 characters').max(PASSWORD_MAX_LENGTH, passwordTooLong),
});

/** GET /api/public-settings: what the sign-up and password forms need to know before the server is asked. */
export const publicSettingsSchema = z.object({
  platformName: z.string(),
  /** The platform's one-line description: the footer's tagline and the pages' meta description. */
  platformDescription: z.string(),
  passwordMinLength: z.number().int(),
  registrationEnabled: z.boolean(),
  /** Hours before the start after which a customer may no longer cancel (My Bookings says so on the booking). */
  cancellationWindow: z.number().int(),
  /** The least a booking may cost (dollars): a service priced below it cannot be booked (its form says so). */
  minimumBookingAmount: z.number(),
  /** Maintenance mode: every screen shows `maintenanceMessage` once, as a banner (answered during maintenance too). */
  maintenanceMode: z.boolean(),
  /** The message of maintenance mode (the one its 503 answers carry), or null when the platform is open. */
  maintenanceMessage: z.string().nullable(),
  /**
   * The platform's notification switches, which act on everyone (a user's preference for a channel turned off
   * says so rather than act): Email Notifications, Push Notifications, Booking Alerts.
   */
  notificationChannels: z
    .object({ email: z.boolean(), push: z.boolean(), bookingAlerts: z.boolean() })
    .default({ email: true, push: true, bookingAlerts: true }),
});

/** What maintenance mode answers (503, code MAINTENANCE) and what the banner on every screen says. */
export const MAINTENANCE_MESSAGE = 'The platform is under maintenance. Please try again later.';
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * A form schema with the platform's least password length on `field`, read when the form is checked
 * (`min()`), so a form can be built before the server has said what it is (GET /api/public-settings).
 */
export function withPasswordMin<T extends z.ZodTypeAny>(
  schema: T,
  field: string,
  min: () => number,
  /** The form's own wording of the rule (the profile's "New password must be...", the barber's "... long."). */
  message: (min: number) => string = passwordMinMessage,
): z.ZodEffects<T> {
  return schema.superRefine((value, ctx) => {
    const password = (value as Record<string, unknown>)[field];
    if (typeof password === 'string' && password.length < min()) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: message(min()) });
    }
  });
}
