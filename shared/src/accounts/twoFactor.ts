import { z } from 'zod';
import { currentUserSchema } from './schemas';

/**
 * Two-factor sign-in for administrators (TOTP, RFC 6238: 6 digits every 30 seconds), issue 10.
 * A code is either the authenticator's 6 digits or one of the single-use recovery codes.
 */
export const TWO_FACTOR_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app or a recovery code';

export const twoFactorCodeSchema = z.object({
  code: z
    .string({ required_error: TWO_FACTOR_CODE_REQUIRED })
    .trim()
    .min(1, TWO_FACTOR_CODE_REQUIRED)
    .max(32, 'That code is too long')
    .regex(/^[0-9A-Za-z -]+$/, 'Codes contain only letters, digits and dashes'),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** POST /api/login when the password was right but a second factor is needed (HTTP 202): no session yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
/** POST /api/login: the signed-in user (200), or the challenge of a second factor (202). */
export const loginAnswerSchema = z.union([currentUserSchema, twoFactorChallengeSchema]);

/** GET /api/auth/two-factor: the signed-in administrator's own state. */
export const twoFactorStatusSchema = z.object({
  /** Enrolment confirmed: sign-in asks for a code. */
  enabled: z.boolean(),
  /** The platform requires it of administrators (setting twoFactorEnabled). */
  required: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/auth/two-factor/setup: a new secret, shown until it is confirmed with a code. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing it into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, a data:image/png URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/auth/two-factor/confirm: the recovery codes, shown this once. */
export const twoFactorRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;
