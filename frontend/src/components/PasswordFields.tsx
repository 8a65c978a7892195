import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { InputField } from './ui/FormField';

type PasswordKey = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Each field's autocomplete hint: password managers fill the current one and offer to save the new one. */
const AUTOCOMPLETE: Record<PasswordKey, string> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/**
 * The password fields of a change or reset form, in this order: current, new, confirm; a field shows
 * when it has a label. Each is registered under its key with its error under it.
 */
export function PasswordFields<T extends FieldValues>({
  register,
  errors,
  labels,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  labels: Partial<Record<PasswordKey, string>>;
}) {
  const fieldErrors = errors as FieldErrors<Record<PasswordKey, string>>;
  return (Object.keys(AUTOCOMPLETE) as PasswordKey[]).map((name) =>
    labels[name] ? (
      <InputField
        key={name}
        label={labels[name]}
        error={fieldErrors[name]?.message}
        type="password"
        autoComplete={AUTOCOMPLETE[name]}
        {...register(name as Path<T>)}
      />
    ) : null,
  );
}
