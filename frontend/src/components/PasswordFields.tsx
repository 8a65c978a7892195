import type { ComponentProps } from 'react';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import { RegisteredFields } from './RegisteredFields';

type PasswordKey = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The password inputs in their order; password managers fill the current one and offer to save the new one. */
const PASSWORD_INPUTS: Record<PasswordKey, ComponentProps<'input'>> = {
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
  confirmPassword: { type: 'password', autoComplete: 'new-password' },
};

/** The password fields of a change or reset form: current, new, confirm; a field shows when it has a label. */
export function PasswordFields<T extends FieldValues>(props: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  labels: Partial<Record<PasswordKey, string>>;
}) {
  return <RegisteredFields inputs={PASSWORD_INPUTS} {...props} />;
}
