import type { ComponentProps } from 'react';

/*
 * The inputs RegisteredFields draws, by the form field they fill, in the order they appear: each with
 * its keyboard and the autofill that browsers and password managers offer.
 */

export const ACCOUNT_INPUTS: Record<'fullName' | 'username' | 'email' | 'phone', ComponentProps<'input'>> = {
  fullName: { autoComplete: 'name' },
  username: { autoComplete: 'username', autoCapitalize: 'none' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
};

/** Password managers fill the current password and offer to save the new one. */
export const PASSWORD_INPUTS: Record<'currentPassword' | 'newPassword' | 'confirmPassword', ComponentProps<'input'>> = {
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
};

/** The values of a password change form: current, new and confirm password. */
export type PasswordChangeValues = Record<keyof typeof PASSWORD_INPUTS, string>;
