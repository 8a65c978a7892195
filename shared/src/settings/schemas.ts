import { z } from 'zod';

/** A whole number in [min, max]; one message for every way to miss it (an emptied field is NaN). */
const whole = (min: number, max: number) => {
  const message = `Enter a whole number from ${min} to ${max}`;
  return z
    .number({ invalid_type_error: message, required_error: message })
    .int(message)
    .min(min, message)
    .max(max, message);
};
/** A number in [min, max]. */
const amount = (min: number, max: number) => {
  const message = `Enter a number from ${min} to ${max}`;
  return z.number({ invalid_type_error: message, required_error: message }).min(min, message).max(max, message);
};

/** Platform settings with the bounds of docs/spec/barber-and-admin.md §5 and the defaults of §9. */
export const platformSettingsSchema = z.object({
  platformName: z.string().trim().min(1).max(100),
  platformDescription: z.string().max(500),
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  bookingNotifications: z.boolean(),
  passwordMinLength: whole(6, 20),
  sessionTimeout: whole(1, 168),
  twoFactorEnabled: z.boolean(),
  /** Where administrators may use the admin area from (ipWhitelistEntries); empty: anywhere. No field on screen. */
  ipWhitelist: z.string().max(2000),
  platformFeePercentage: amount(0, 30).refine((v) => Number.isInteger(v * 2), 'Platform fee must be a multiple of 0.5'),
  minimumBookingAmount: amount(5, 100),
  cancellationWindow: whole(1, 72),
  /** Minutes an unpaid pending booking holds the barber's time before its checkout expires (docs/design.md §3). */
  pendingBookingExpiryMinutes: whole(1, 1440),
  autoApproveBarbers: z.boolean(),
  feeCollectionEnabled: z.boolean(),
  rateLimitEnabled: z.boolean(),
  maxRequestsPerMinute: whole(10, 1000),
  maxLoginAttempts: whole(3, 10),
  loginCooldownMinutes: whole(5, 60),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const PRODUCT_NAME = 'Mobile Barber';

export const defaultPlatformSettings: PlatformSettings = {
  platformName: PRODUCT_NAME,
  platformDescription: 'Connect with independent barbers across South Florida',
  maintenanceMode: false,
  registrationEnabled: true,
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  bookingNotifications: true,
  passwordMinLength: 8,
  sessionTimeout: 24,
  twoFactorEnabled: false,
  ipWhitelist: '',
  platformFeePercentage: 10,
  minimumBookingAmount: 20,
  cancellationWindow: 24,
  pendingBookingExpiryMinutes: 30,
  autoApproveBarbers: false,
  feeCollectionEnabled: true,
  rateLimitEnabled: true,
  maxRequestsPerMinute: 100,
  maxLoginAttempts: 5,
  loginCooldownMinutes: 15,
};

/** The entries of the IP whitelist: addresses or CIDR ranges, separated by commas, spaces or line breaks. */
export function ipWhitelistEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

const ipEntrySchema = z.union([z.string().ip(), z.string().cidr()]);

export const IP_WHITELIST_MESSAGE =
  'The IP whitelist takes IP addresses and CIDR ranges (e.g. 203.0.113.7, 203.0.113.0/24), separated by commas.';

/**
 * PATCH /api/admin/settings: the screen sends the full object; a partial one is accepted too. The whitelist is
 * checked entry by entry here, where it is written (a value stored before it was enforced is not refused on read).
 */
export const platformSettingsPatchSchema = platformSettingsSchema
  .extend({
    ipWhitelist: platformSettingsSchema.shape.ipWhitelist.refine(
      (text) => ipWhitelistEntries(text).every((entry) => ipEntrySchema.safeParse(entry).success),
      IP_WHITELIST_MESSAGE,
    ),
  })
  .partial()
  .strict();

export const notificationPreferencesSchema = z.object({
  emailBookingConfirmations: z.boolean(),
  emailCancellations: z.boolean(),
  emailReminders: z.boolean(),
  smsBookingAlerts: z.boolean(),
  smsCancellations: z.boolean(),
  pushNotifications: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** GET and PUT /api/barber/notifications. */
export const notificationPreferencesAnswerSchema = z.object({ preferences: notificationPreferencesSchema });
export type NotificationPreferencesAnswer = z.infer<typeof notificationPreferencesAnswerSchema>;

/** The answer to a sign-up while the administrator has closed registration (registrationEnabled off). */
export const REGISTRATION_DISABLED_MESSAGE = 'Registration is currently disabled.';

/** Why fee collection cannot be on (the server refuses it, the Fee Collection switch says it). */
export const STRIPE_KEYS_MISSING =
  'Fee collection cannot be turned on: Stripe keys are not configured (set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY).';

/** What a notification preference says when an administrator turned its channel off for the whole platform. */
export const CHANNEL_OFF_MESSAGE = 'Turned off for the whole platform by an administrator.';

/** What the SMS switches say: the platform has no SMS channel, so none of them can act. */
export const SMS_UNAVAILABLE_MESSAGE = 'Needs an SMS provider: none is configured on this platform.';

export const defaultNotificationPreferences: NotificationPreferences = {
  emailBookingConfirmations: true,
  emailCancellations: true,
  emailReminders: true,
  smsBookingAlerts: false,
  smsCancellations: false,
  pushNotifications: true,
};
