import { passwordFormSchema } from '@barber/shared';

/**
 * The reset screen's form: the profile password form (docs/spec/customer-side.md §6 messages) without the current
 * password, which a reset link stands in for.
 */
export const resetPasswordFormSchema = passwordFormSchema
  .innerType()
  .omit({ currentPassword: true })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export interface ResetPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/** The sign-in address that shows the "password reset" notice. */
export const LOGIN_AFTER_RESET = '/login?reset=done';
